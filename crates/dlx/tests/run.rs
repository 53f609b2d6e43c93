//! `Run`: counts and counters with 1, 2 and 4 threads equal the published counts and the
//! sequential search's; the set of solutions does not depend on the threads, and one thread
//! visits them in the sequential order; limits stop where they say; progress never goes back.

use std::{
    fmt::Write,
    ops::ControlFlow,
    sync::{
        atomic::{AtomicBool, AtomicU64, Ordering::Relaxed},
        Mutex,
    },
    time::Duration,
};

use dancer::{
    run::{Progress, Run, Stop},
    OptionId, Problem, Stats,
};

use crate::counts::{
    binary_matrices::binary_matrices, langford::langford, n_queens::queens,
    pentominoes::pentominoes, set_partitions::set_partitions,
};
use crate::oracle::{sorted, Chosen};

/// A pool of `threads` threads, so that every worker of a run has a thread of its own.
pub(crate) fn pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap()
}

/// The sequential count and its counters.
fn sequential(problem: &Problem) -> (u64, Stats) {
    let mut solver = problem.solver();
    (solver.count(), solver.stats())
}

/// Counts with `threads` workers polling every `poll` nodes, so that small problems are split
/// many times over.
fn count(problem: &Problem, threads: usize, poll: u64) -> dancer::run::Outcome {
    let run = Run::new().threads(threads).poll_nodes(poll);
    pool(threads).install(|| run.count(&mut problem.solver()).unwrap())
}

/// Every solution, each sorted, from a run with `threads` workers.
pub(crate) fn visit_all(problem: &Problem, run: Run<'_>, threads: usize) -> Vec<Chosen> {
    let found = Mutex::new(Vec::new());
    let visit = |solver: &dancer::Solver<'_>| {
        found.lock().unwrap().push(sorted(solver.solution()));
        ControlFlow::Continue(())
    };
    let outcome =
        pool(threads).install(|| run.threads(threads).visit(&mut problem.solver(), &visit));
    assert!(outcome.unwrap().is_complete());
    found.into_inner().unwrap()
}

#[test]
fn counts_and_counters_with_1_2_and_4_threads_are_the_published_and_sequential_ones() {
    // Pentominoes 6x10 with threads: see split.rs (its count takes a second or two).
    let cases: [(&str, Problem, u64); 5] = [
        // OEIS A000170, A014552 (both directions), A000110, A001499; TAOCP 7.2.2.1.
        ("10 queens", queens(10).unwrap(), 724),
        ("Langford 8", langford(8).unwrap(), 300),
        ("Bell 9", set_partitions(9).unwrap(), 21_147),
        ("binary matrices 5/2 (colours)", binary_matrices(5, 2).unwrap(), 2_040),
        ("pentominoes 3x20", pentominoes(3, 20, false).unwrap(), 8),
    ];
    for (name, problem, published) in &cases {
        let (solutions, stats) = sequential(problem);
        assert_eq!(solutions, *published, "{name}: sequential");
        for threads in [1, 2, 4] {
            for poll in [3, 1024] {
                let outcome = count(problem, threads, poll);
                assert!(outcome.is_complete(), "{name}");
                assert_eq!(outcome.solutions(), *published, "{name}, {threads} threads");
                let totals = outcome.stats();
                assert_eq!(totals.nodes(), stats.nodes(), "{name}, {threads} threads: nodes");
                assert_eq!(totals.updates(), stats.updates(), "{name}, {threads}: updates");
                assert_eq!(totals.max_depth(), stats.max_depth(), "{name}, {threads}: depth");
            }
        }
    }
}

/// Problems of thousands of primary items choose their items another way (by a record of the
/// one-option lists): a chain of 4 200 forced moves, its items listed in reverse so that each
/// forced item is the last one active, then the partitions of a 7-set (Bell: 877).
#[test]
fn a_long_chain_of_forced_moves_then_a_branching_search_counts_alike_on_any_threads() {
    let n = 4_200;
    let mut text: Vec<String> = (1..=n).rev().map(|i| format!("a{i}")).collect();
    text.extend((0..7).map(|i| format!("s{i}")));
    let mut text = text.join(" ") + "\n";
    for i in 1..n {
        writeln!(text, "a{i} a{}", i + 1).unwrap();
    }
    writeln!(text, "a{n}").unwrap();
    for subset in 1u32..128 {
        let items: Vec<String> =
            (0..7).filter(|i| subset >> i & 1 == 1).map(|i| format!("s{i}")).collect();
        text += &(items.join(" ") + "\n");
    }
    let problem = dancer::parse(&text).unwrap().problem;
    let (solutions, stats) = sequential(&problem);
    assert_eq!(solutions, 877);
    assert!(stats.max_depth() as usize > n / 2, "{stats:?}");
    for threads in [1, 2, 4] {
        let outcome = count(&problem, threads, 3);
        assert_eq!(outcome.solutions(), 877, "{threads} threads");
        assert_eq!(outcome.stats(), stats, "{threads} threads");
    }
}

#[test]
fn work_is_handed_over_when_a_worker_is_idle() {
    // Polling every 3 nodes, a second worker asks for work as soon as its thread wakes (a
    // search of a few hundred milliseconds leaves it time to, even on a loaded machine: with
    // 11 queens' tens of milliseconds, the thread sometimes woke after the search had ended)
    // and gets some.
    let problem = queens(12).unwrap();
    let outcome = count(&problem, 2, 3);
    assert_eq!(outcome.solutions(), 14_200);
    assert!(outcome.splits() > 0, "no hand-over");
    // One thread never hands anything over.
    assert_eq!(count(&problem, 1, 3).splits(), 0);
}

#[test]
fn the_set_of_solutions_does_not_depend_on_the_threads() {
    for problem in [queens(8).unwrap(), set_partitions(7).unwrap(), binary_matrices(4, 2).unwrap()]
    {
        let expected: Vec<Chosen> = problem.solver().solutions().map(|s| sorted(&s)).collect();
        let mut sorted_expected = expected.clone();
        sorted_expected.sort();
        // One thread visits them in the sequential (DLX1) order, polls or not.
        assert_eq!(visit_all(&problem, Run::new().poll_nodes(2), 1), expected);
        for threads in [2, 4] {
            let mut found = visit_all(&problem, Run::new().poll_nodes(2), threads);
            found.sort();
            assert_eq!(found, sorted_expected, "{threads} threads");
        }
    }
}

#[test]
fn a_node_limit_stops_at_exactly_that_many_nodes() {
    let problem = queens(10).unwrap();
    for threads in [1, 2] {
        for limit in [0, 1, 5, 1_000, 4_097] {
            let run = Run::new().threads(threads).poll_nodes(7).node_limit(limit);
            let outcome = pool(threads).install(|| run.count(&mut problem.solver()).unwrap());
            assert_eq!(outcome.stopped(), Some(Stop::NodeLimit), "limit {limit}");
            assert_eq!(outcome.stats().nodes(), limit, "{threads} threads");
            let checkpoint = outcome.checkpoint();
            assert!(!checkpoint.is_finished());
            assert_eq!(checkpoint.stats(), outcome.stats());
            assert_eq!(checkpoint.stopped(), Some(Stop::NodeLimit));
        }
    }
    // A limit the search does not reach is no stop.
    let outcome = Run::new().node_limit(1 << 40).count(&mut problem.solver()).unwrap();
    assert!(outcome.is_complete());
    assert!(outcome.checkpoint().is_finished());
    assert_eq!(outcome.checkpoint().stats(), outcome.stats());
}

#[test]
fn update_and_time_limits_and_the_interrupt_flag_stop_the_run() {
    let problem = pentominoes(6, 10, true).unwrap();
    let outcome = Run::new().update_limit(100_000).count(&mut problem.solver()).unwrap();
    assert_eq!(outcome.stopped(), Some(Stop::UpdateLimit));
    assert!(outcome.stats().updates() >= 100_000);
    let outcome = Run::new().time_limit(Duration::ZERO).count(&mut problem.solver()).unwrap();
    assert_eq!(outcome.stopped(), Some(Stop::TimeLimit));
    let raised = AtomicBool::new(true);
    let run = Run::new().threads(2).poll_nodes(10).interrupt(&raised);
    let outcome = pool(2).install(|| run.count(&mut problem.solver()).unwrap());
    assert_eq!(outcome.stopped(), Some(Stop::Interrupted));
    assert!(outcome.stats().nodes() <= 20, "stopped at the first poll of each worker");
}

#[test]
fn solution_limits_visit_exactly_that_many_and_say_whether_more_are_left() {
    let problem = queens(8).unwrap();
    for threads in [1, 3] {
        for limit in [0, 1, 10, 91] {
            let run = Run::new().poll_nodes(4).solution_limit(limit);
            let outcome_visits = Mutex::new(0);
            let visit = |_: &dancer::Solver<'_>| {
                *outcome_visits.lock().unwrap() += 1;
                ControlFlow::Continue(())
            };
            let outcome = pool(threads)
                .install(|| run.threads(threads).visit(&mut problem.solver(), &visit))
                .unwrap();
            assert_eq!(*outcome_visits.lock().unwrap(), limit, "{threads} threads");
            assert_eq!(outcome.solutions(), limit);
            assert_eq!(outcome.stopped(), Some(Stop::SolutionLimit));
        }
    }
    // Reaching the limit at the last solution leaves nothing: the run is complete.
    let run = Run::new().solution_limit(92);
    let outcome = run.visit(&mut problem.solver(), &|_| ControlFlow::Continue(())).unwrap();
    assert!(outcome.is_complete());
    // Counting stops too, one thread exactly at the limit.
    let outcome = Run::new().solution_limit(50).count(&mut problem.solver()).unwrap();
    assert_eq!((outcome.solutions(), outcome.stopped()), (50, Some(Stop::SolutionLimit)));
}

#[test]
fn a_visitor_can_stop_the_run() {
    let problem = queens(8).unwrap();
    let run = Run::new();
    let outcome = run.visit(&mut problem.solver(), &|_| ControlFlow::Break(())).unwrap();
    assert_eq!(outcome.stopped(), Some(Stop::Visitor));
    assert_eq!(outcome.solutions(), 1);
}

#[test]
fn progress_never_goes_back_and_ends_at_one() {
    let problem = langford(8).unwrap();
    for threads in [1, 2, 4] {
        let reports: Mutex<Vec<Progress>> = Mutex::new(Vec::new());
        let report = |progress: &Progress| reports.lock().unwrap().push(*progress);
        let run = Run::new().threads(threads).poll_nodes(5).progress(Duration::ZERO, &report);
        let outcome = pool(threads).install(|| run.count(&mut problem.solver()).unwrap());
        let reports = reports.into_inner().unwrap();
        assert!(reports.len() > 10, "{} reports", reports.len());
        for pair in reports.windows(2) {
            assert!(pair[1].fraction >= pair[0].fraction, "{threads} threads: {pair:?}");
        }
        let last = reports.last().unwrap();
        assert!(last.fraction >= 1.0, "the last report says {}", last.fraction);
        assert!(reports[..reports.len() - 1].iter().all(|p| p.fraction < 1.0));
        assert_eq!((last.solutions, last.nodes), (300, outcome.stats().nodes()));
        assert!(reports.iter().any(|p| p.fraction > 0.0 && p.fraction < 1.0));
    }
}

#[test]
fn a_solver_with_committed_options_runs_below_them() {
    // Committing a queen in the corner leaves 4 of the 40 solutions of 7 queens... of 8: 4.
    let problem = queens(8).unwrap();
    let mut solver = problem.solver();
    let corner = (0..problem.option_count())
        .map(OptionId::new)
        .find(|&o| {
            problem.option_names(o).iter().any(|n| n == "r0")
                && problem.option_names(o).iter().any(|n| n == "c0")
        })
        .unwrap();
    solver.commit(corner).unwrap();
    let mut expected = solver.clone();
    let expected = expected.count();
    let outcome =
        pool(2).install(|| Run::new().threads(2).poll_nodes(2).count(&mut solver).unwrap());
    assert_eq!(outcome.solutions(), expected);
    assert_eq!(expected, 4);
}

#[test]
fn a_panic_in_one_worker_reaches_the_caller_and_the_others_stop() {
    // A visitor that panics at the k-th solution, on whichever worker finds it: the run must
    // end with that panic, not leave the other workers waiting for the panicked one's work.
    for threads in [2, 4] {
        for k in [1, 7, 40] {
            let (sender, receiver) = std::sync::mpsc::channel();
            std::thread::spawn(move || {
                let problem = langford(8).unwrap();
                let seen = AtomicU64::new(0);
                let visit = |_: &dancer::Solver<'_>| {
                    assert!(seen.fetch_add(1, Relaxed) + 1 != k, "the visitor's own panic");
                    ControlFlow::Continue(())
                };
                let run = Run::new().threads(threads).poll_nodes(5);
                let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    pool(threads).install(|| run.visit(&mut problem.solver(), &visit))
                }));
                let message = ran.err().and_then(|panic| {
                    let text = panic.downcast_ref::<&str>().map(ToString::to_string);
                    text.or_else(|| panic.downcast_ref::<String>().cloned())
                });
                sender.send(message).unwrap();
            });
            let message = receiver.recv_timeout(Duration::from_secs(120));
            let message = message.unwrap_or_else(|_| panic!("{threads} threads, k = {k}: hung"));
            assert!(
                message.is_some_and(|m| m.contains("the visitor's own panic")),
                "{threads} threads, k = {k}: the run did not end with the visitor's panic"
            );
        }
    }
}
