//! Stopping and resuming: a run stopped at any node and resumed from its checkpoint (again and
//! again) finds exactly the solutions of an uninterrupted run, none twice and none lost, with
//! the same counters; periodic checkpoints of a run that goes on resume to the same totals;
//! checkpoints of another problem or with paths not in the tree are refused.

use std::{ops::ControlFlow, sync::Mutex, time::Duration};

use dancer::{
    run::{Checkpoint, Explore, PathError, Run, RunError, Subproblem},
    strategy::problems,
    OptionId, Problem, Stats,
};
use proptest::prelude::*;

use crate::counts::{binary_matrices::binary_matrices, langford::langford, n_queens::queens};
use crate::oracle::{sorted, Chosen};
use crate::run::pool;

/// Runs `problem` in slices of at most `slice` nodes, each resumed from the last one's
/// checkpoint (written to JSON and read back, as a file would be), collecting solutions.
/// Returns them and the last run's totals.
fn sliced(problem: &Problem, threads: usize, slice: u64) -> (Vec<Chosen>, Stats, usize) {
    let found = Mutex::new(Vec::new());
    let visit = |solver: &dancer::Solver<'_>| {
        found.lock().unwrap().push(sorted(solver.solution()));
        ControlFlow::Continue(())
    };
    let pool = pool(threads);
    let mut checkpoint: Option<Checkpoint> = None;
    let mut runs = 0;
    loop {
        runs += 1;
        let mut run = Run::new().threads(threads).poll_nodes(3).node_limit(slice);
        if let Some(checkpoint) = &checkpoint {
            run = run.resume(checkpoint);
        }
        let outcome = pool.install(|| run.visit(&mut problem.solver(), &visit)).unwrap();
        let next = outcome.checkpoint();
        if outcome.is_complete() {
            assert!(next.is_finished());
            return (found.into_inner().unwrap(), outcome.stats(), runs);
        }
        assert_eq!(next.solutions() as usize, found.lock().unwrap().len());
        let json = serde_json::to_string(next).unwrap();
        checkpoint = Some(serde_json::from_str(&json).unwrap());
        assert_eq!(checkpoint.as_ref(), Some(next));
    }
}

/// The uninterrupted run's solutions (in order) and counters.
fn whole(problem: &Problem) -> (Vec<Chosen>, Stats) {
    let mut solver = problem.solver();
    let solutions = solver.solutions().map(|s| sorted(&s)).collect();
    (solutions, solver.stats())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn stopping_and_resuming_loses_nothing_and_repeats_nothing(
        problem in problems(8, 16),
        slice in 1u64..12,
    ) {
        let (expected, stats) = whole(&problem);
        // One thread: the very same solutions in the same order.
        let (found, totals, _) = sliced(&problem, 1, slice);
        prop_assert_eq!(&found, &expected);
        prop_assert_eq!((totals.nodes(), totals.updates()), (stats.nodes(), stats.updates()));
        // Two threads: the same set, the same counters.
        let (mut found, totals, _) = sliced(&problem, 2, slice);
        let mut expected = expected;
        found.sort();
        expected.sort();
        prop_assert_eq!(found, expected);
        prop_assert_eq!((totals.nodes(), totals.updates()), (stats.nodes(), stats.updates()));
    }
}

#[test]
fn sliced_runs_of_published_problems_add_up() {
    for (problem, published) in [(queens(8).unwrap(), 92), (binary_matrices(4, 2).unwrap(), 90)] {
        let (_, stats) = whole(&problem);
        for threads in [1, 2, 4] {
            let (found, totals, runs) = sliced(&problem, threads, 97);
            assert_eq!(found.len(), published, "{threads} threads");
            assert!(runs > 5, "{runs} runs");
            assert_eq!((totals.nodes(), totals.updates()), (stats.nodes(), stats.updates()));
        }
    }
}

#[test]
fn periodic_checkpoints_of_a_running_search_resume_to_the_total() {
    // A worker that added its place to a checkpoint and then finished its share (or polled
    // again before the others joined) was counted twice: once by its place, once by its
    // counters (resumed, 301 solutions of 300). Short polls make such overlaps common.
    let problem = langford(8).unwrap();
    for (threads, poll) in [(1, 9), (2, 9), (4, 9), (4, 2)] {
        let saved = Mutex::new(Vec::new());
        let save = |checkpoint: &Checkpoint| saved.lock().unwrap().push(checkpoint.clone());
        let run =
            Run::new().threads(threads).poll_nodes(poll).checkpoint_every(Duration::ZERO, &save);
        // A checkpoint waits for every worker to join, so on a loaded machine (more threads
        // than free cores) a run may take few: run again until there are enough to try.
        let mut outcome = None;
        for _ in 0..50 {
            let counted = pool(threads).install(|| run.count(&mut problem.solver()).unwrap());
            assert_eq!(counted.solutions(), 300);
            outcome = Some(counted);
            if saved.lock().unwrap().len() > 20 {
                break;
            }
        }
        let outcome = outcome.unwrap();
        let saved = saved.into_inner().unwrap();
        assert!(saved.len() > 20, "{threads} threads: {} checkpoints", saved.len());
        // Any of them, resumed, ends with the same count and counters.
        for checkpoint in saved.iter().step_by((saved.len() / 30).max(1)) {
            assert!(checkpoint.stopped().is_none());
            let run = Run::new().threads(threads).poll_nodes(9).resume(checkpoint);
            let resumed = pool(threads).install(|| run.count(&mut problem.solver()).unwrap());
            assert_eq!(resumed.solutions(), 300, "{threads} threads");
            assert_eq!(resumed.stats().nodes(), outcome.stats().nodes());
            assert_eq!(resumed.stats().updates(), outcome.stats().updates());
        }
    }
}

/// A checkpoint of 8 queens stopped part-way.
fn stopped_queens() -> (Problem, Checkpoint) {
    let problem = queens(8).unwrap();
    let outcome = Run::new().node_limit(300).count(&mut problem.solver()).unwrap();
    let checkpoint = outcome.into_checkpoint();
    (problem, checkpoint)
}

#[test]
fn a_checkpoint_of_another_problem_is_refused() {
    let (_, checkpoint) = stopped_queens();
    let other = queens(9).unwrap();
    let error = Run::new().resume(&checkpoint).count(&mut other.solver()).unwrap_err();
    assert!(matches!(error, RunError::Fingerprint { .. }), "{error}");
    assert!(error.to_string().contains("another problem"));
    // The tree of another heuristic is another tree.
    let (problem, checkpoint) = stopped_queens();
    let mut solver = problem.solver();
    solver.heuristic(dancer::Heuristic::First);
    assert!(Run::new().resume(&checkpoint).count(&mut solver).is_err());
}

#[test]
fn paths_that_are_not_in_the_tree_are_refused() {
    let (problem, checkpoint) = stopped_queens();
    let mut json: serde_json::Value = serde_json::to_value(&checkpoint).unwrap();
    let wrong = |edit: &dyn Fn(&mut serde_json::Value)| {
        let mut json = json.clone();
        edit(&mut json["remaining"][0]);
        serde_json::from_value::<Checkpoint>(json)
    };
    // An option that does not exist, one the search does not try there, an `until` before the
    // path's option, an `open_from` beyond the path (refused on reading).
    let unknown = wrong(&|s| s["path"][0] = 9_999.into()).unwrap();
    let elsewhere = wrong(&|s| s["path"][0] = s["path"][1].clone()).unwrap();
    let early = wrong(&|s| {
        s["until"] = s["path"][0].clone();
        s["open_from"] = 0.into();
    })
    .unwrap();
    assert!(wrong(&|s| s["open_from"] = 99.into()).is_err());
    for (bad, expected) in
        [(unknown, "does not exist"), (elsewhere, "does not try"), (early, "after")]
    {
        let error = Run::new().resume(&bad).count(&mut problem.solver()).unwrap_err();
        assert!(matches!(error, RunError::Path { index: 0, .. }), "{error}");
        assert!(error.to_string().contains(expected), "{error}");
    }
    // A path that goes on below a solution.
    let mut solver = problem.solver();
    let solution = solver.first().unwrap();
    let mut below = solution.clone();
    below.push(solution[0]);
    let error = solver.enter(&Subproblem::subtree(below)).unwrap_err();
    assert_eq!(error, PathError::BelowLeaf { depth: 8 });
    json["remaining"] = serde_json::json!([]);
    let empty: Checkpoint = serde_json::from_value(json).unwrap();
    assert!(empty.is_finished());
}

#[test]
fn a_subtree_counts_the_solutions_below_its_path() {
    // The solutions of 8 queens whose first choice is the search's first option.
    let problem = queens(8).unwrap();
    let mut solver = problem.solver();
    let solutions: Vec<Vec<OptionId>> = solver.solutions().collect();
    let first = solutions[0][0];
    let below = solutions.iter().filter(|s| s[0] == first).count() as u64;
    let part = [Subproblem::subtree(vec![first])];
    let outcome = Run::new().subproblems(&part).count(&mut problem.solver()).unwrap();
    assert_eq!(outcome.solutions(), below);
    assert!(below > 0 && below < 92);
}
