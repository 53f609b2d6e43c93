//! Counts on 1 to 4 threads, where every worker walks its subproblems on sparse sets (or on the
//! links, after the walk's trial judged them cheaper): on random problems, in one run, in
//! slices stopped by a node limit and resumed from their checkpoints, with periodic
//! checkpoints, and as the parts of a split, the count, the nodes and the updates are one
//! thread's.

use std::{sync::Mutex, time::Duration};

use dancer::{
    run::{Checkpoint, Outcome, Part, Run, Subproblem},
    strategy::problems,
    Problem, Stats,
};
use proptest::prelude::*;

use crate::run::pool;

/// One thread's count and counters, on one solver.
fn alone(problem: &Problem) -> (u64, Stats) {
    let mut solver = problem.solver();
    (solver.count(), solver.stats())
}

/// The count, nodes and updates of an outcome, to compare with [`alone`]'s.
fn totals(outcome: &Outcome) -> (u64, u64, u64) {
    let stats = outcome.stats();
    (outcome.solutions(), stats.nodes(), stats.updates())
}

fn expected((count, stats): (u64, Stats)) -> (u64, u64, u64) {
    (count, stats.nodes(), stats.updates())
}

/// A count in slices of at most `slice` nodes, each resumed from the last one's checkpoint
/// (through JSON, as a file would be).
fn sliced(problem: &Problem, threads: usize, poll: u64, slice: u64) -> Outcome {
    let pool = pool(threads);
    let mut checkpoint: Option<Checkpoint> = None;
    loop {
        let mut run = Run::new().threads(threads).poll_nodes(poll).node_limit(slice);
        if let Some(checkpoint) = &checkpoint {
            run = run.resume(checkpoint);
        }
        let outcome = pool.install(|| run.count(&mut problem.solver())).unwrap();
        if outcome.is_complete() {
            return outcome;
        }
        let json = serde_json::to_string(outcome.checkpoint()).unwrap();
        checkpoint = Some(serde_json::from_str(&json).unwrap());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// One run, and a run sliced by node limits, on 1 to 4 threads polling every few nodes
    /// (so that work is handed over many times): one thread's count and counters.
    #[test]
    fn counts_on_any_threads_in_one_run_or_in_slices_are_one_threads(
        problem in problems(10, 24),
        poll in 1u64..8,
        slice in 1u64..40,
    ) {
        let expected = expected(alone(&problem));
        for threads in 1..=4 {
            let run = Run::new().threads(threads).poll_nodes(poll);
            let outcome = pool(threads).install(|| run.count(&mut problem.solver())).unwrap();
            prop_assert!(outcome.is_complete());
            prop_assert_eq!(totals(&outcome), expected, "{} threads", threads);
            let outcome = sliced(&problem, threads, poll, slice);
            prop_assert_eq!(totals(&outcome), expected, "{} threads, slices", threads);
        }
    }

    /// Every checkpoint a run takes on the way, resumed on 1 to 4 threads, ends with one
    /// thread's count and counters.
    #[test]
    fn periodic_checkpoints_resume_to_one_threads_totals(
        problem in problems(10, 24),
        poll in 1u64..6,
        threads in 1usize..=4,
    ) {
        let expected = expected(alone(&problem));
        let saved = Mutex::new(Vec::new());
        let save = |checkpoint: &Checkpoint| saved.lock().unwrap().push(checkpoint.clone());
        let run =
            Run::new().threads(threads).poll_nodes(poll).checkpoint_every(Duration::ZERO, &save);
        let outcome = pool(threads).install(|| run.count(&mut problem.solver())).unwrap();
        prop_assert_eq!(totals(&outcome), expected);
        for checkpoint in saved.into_inner().unwrap().iter().step_by(3) {
            let resumed_threads = threads % 4 + 1;
            let run = Run::new().threads(resumed_threads).poll_nodes(poll).resume(checkpoint);
            let resumed =
                pool(resumed_threads).install(|| run.count(&mut problem.solver())).unwrap();
            prop_assert_eq!(totals(&resumed), expected, "resumed on {}", resumed_threads);
        }
    }

    /// The parts of a split, each counted on 1 to 4 threads, add up with the split's own
    /// counters to one thread's count and counters.
    #[test]
    fn parts_counted_on_any_threads_add_up_to_one_threads(
        problem in problems(10, 24),
        parts in 1usize..6,
        seed: u64,
        poll in 1u64..6,
    ) {
        let (count, stats) = alone(&problem);
        let mut solver = problem.solver();
        let split = solver.split(parts * 3, 4, seed);
        let packed = Part::pack(&split, parts, problem.fingerprint());
        for threads in 1..=4 {
            let (mut solutions, mut total) = (0, split.stats);
            for part in &packed {
                let subproblems: &[Subproblem] = &part.subproblems;
                let run = Run::new().threads(threads).poll_nodes(poll).subproblems(subproblems);
                let outcome = pool(threads).install(|| run.count(&mut problem.solver())).unwrap();
                prop_assert!(outcome.is_complete());
                solutions += outcome.solutions();
                total += outcome.stats();
            }
            prop_assert_eq!(
                (solutions, total.nodes(), total.updates()),
                (count, stats.nodes(), stats.updates()),
                "{} threads",
                threads
            );
        }
    }
}

/// Intervals of lengths 1 to 5 on a line of 30 cells: each worker's walks are judged on their
/// trial and go on on the links from the place of the subproblem they are in (its floor and
/// stop), with one thread's counters, in one run and resumed from periodic checkpoints.
#[test]
fn workers_handed_to_the_links_after_their_trial_count_alike() {
    let mut builder = dancer::ProblemBuilder::new();
    let lengths = builder.primary_items(5);
    let cells = builder.secondary_items(30);
    for (l, &length) in (1..=5).zip(&lengths) {
        for start in 0..=30 - l {
            builder.option(std::iter::once(length).chain(cells[start..start + l].iter().copied()));
        }
    }
    let intervals = builder.build().unwrap();
    let expected = expected(alone(&intervals));
    assert_eq!(expected.0, 1_860_480);
    for threads in [2, 3, 4] {
        let run = Run::new().threads(threads).poll_nodes(97);
        let outcome = pool(threads).install(|| run.count(&mut intervals.solver())).unwrap();
        assert_eq!(totals(&outcome), expected, "{threads} threads");
        assert!(outcome.splits() > 0, "{threads} threads: no hand-over");
        let outcome = sliced(&intervals, threads, 97, 300_000);
        assert_eq!(totals(&outcome), expected, "{threads} threads, slices");
    }
}
