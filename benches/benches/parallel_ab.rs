//! Parallel counting: one thread against two, in alternating pairs (see `engine_ab.rs` for why
//! pairs), on the five engine problems and the blank 6×6 sudoku (the bitmask search); the
//! median of the per-pair speed-ups.
//!
//! Run with `cargo bench -p dancer-benches --bench parallel_ab` (a minute or two); name
//! problems to run only those. Results are recorded in `docs/PERFORMANCE.md`.
//!
//! `--once NAME` counts once each way with no timing, for instruction counts that do not depend
//! on the load: `valgrind --tool=callgrind --toggle-collect='*count_plain*' BINARY --once
//! queens_12` counts `Solver::count` (no polls), `'*count_run*'` a one-thread `Run` (polls
//! every `POLL_NODES` nodes: limits, interruption, progress). `--steals` reports the hand-overs
//! of two-thread runs and what each cost. `--peer-6x6` times one count of the blank 6×6 by the
//! `dlx` 0.8.5 crate (its exact cover, built from our template's DLX text), for reference.

use std::hint::black_box;
use std::time::{Duration, Instant};

use dancer::{
    run::{Explore, Outcome, Run},
    Problem, Solver,
};
use dancer_benches::cases::CASES;
use dancer_benches::pairs::{alternate, median};
use dancer_sudoku::{Grid, Rules, Template, Variant};

/// Time to spend on one problem once the fewest pairs are done.
const BUDGET: Duration = Duration::from_secs(15);

fn main() {
    let filters: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with('-')).collect();
    let once = std::env::args().any(|a| a == "--once");
    let steals = std::env::args().any(|a| a == "--steals");
    if std::env::args().any(|a| a == "--peer-6x6") {
        let template = Template::new(Variant::standard(6).expect("a 6x6"));
        let text = dancer_benches::peer_text(template.problem());
        let mut peer = dancer_benches::PeerProblem::from_text(&text).expect("the peer reads it");
        let start = Instant::now();
        let count = peer.count();
        println!("dlx 0.8.5, blank 6x6: {count} grids in {:.2} s", start.elapsed().as_secs_f64());
        return;
    }
    let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build().expect("a pool");
    println!(
        "{:<28} {:>5} {:>10} {:>10} {:>9} {:>8}",
        "problem", "pairs", "1 (ms)", "2 (ms)", "speed-up", "splits"
    );
    for case in &CASES {
        if !filters.is_empty() && !filters.iter().any(|f| case.name.contains(f.as_str())) {
            continue;
        }
        let problem = (case.make)().expect("the problem builds");
        if once {
            let (plain, run) = (count_plain(&mut problem.solver()), count_run(&problem));
            println!("{}: plain {plain}, run {run} solutions", case.name);
            continue;
        }
        if steals {
            report_steals(case.name, &problem, &pool);
            continue;
        }
        let count = |threads: usize| count_with(&mut problem.solver(), threads, &pool);
        print_pairs(case.name, &pairs(case.solutions, count));
    }
    let blank = "blank_6x6_sudoku";
    if !once
        && !steals
        && (filters.is_empty() || filters.iter().any(|f| blank.contains(f.as_str())))
    {
        let rules = Rules::from_variant(Variant::standard(6).expect("a 6x6"));
        let count = |threads: usize| {
            let mut solver = rules.solver();
            let mut search = solver.explore(&Grid::empty(6)).expect("no broken rule");
            count_with(&mut search, threads, &pool)
        };
        print_pairs(blank, &pairs(28_200_960, count));
    }
}

/// A count with `threads` threads on `pool`.
fn count_with<T: Explore + Send>(
    search: &mut T,
    threads: usize,
    pool: &rayon::ThreadPool,
) -> Outcome {
    pool.install(|| Run::new().threads(threads).count(search)).expect("the whole tree")
}

/// One line of the table: the median times and speed-up of the pairs.
fn print_pairs(name: &str, (one, two, splits): &(Vec<f64>, Vec<f64>, u64)) {
    let mut ratios: Vec<f64> = one.iter().zip(two).map(|(a, b)| a / b).collect();
    let won = ratios.iter().filter(|&&r| r >= 1.8).count();
    println!(
        "{:<28} {:>5} {:>10.2} {:>10.2} {:>9.3} {:>8}   ({won} pairs at 1.8 or more)",
        name,
        ratios.len(),
        median(&mut one.clone()) * 1e3,
        median(&mut two.clone()) * 1e3,
        median(&mut ratios),
        splits
    );
}

/// Alternating pairs of one-thread and two-thread counts by `count`: their times, and the
/// hand-overs of the last two-thread run.
fn pairs(solutions: u64, count: impl Fn(usize) -> Outcome) -> (Vec<f64>, Vec<f64>, u64) {
    let splits = std::cell::Cell::new(0);
    let run = |threads: usize| {
        let outcome = count(threads);
        assert_eq!(outcome.solutions(), solutions, "wrong count with {threads} threads");
        if threads == 2 {
            splits.set(outcome.splits());
        }
    };
    let (one, two) = alternate(BUDGET, || run(1), || run(2));
    (one, two, splits.get())
}

/// What work sharing costs: hand-overs per run with 2 to 16 workers (more than this machine's
/// cores time-share them: the counts, not the times, say how sharing grows), and the time a
/// hungry worker spends entering what it was given (replaying its path), per hand-over.
fn report_steals(name: &str, problem: &Problem, pool: &rayon::ThreadPool) {
    for threads in [4, 8, 16] {
        let wide = rayon::ThreadPoolBuilder::new().num_threads(threads).build().expect("a pool");
        let run = Run::new().threads(threads);
        let outcome = wide.install(|| run.count(&mut problem.solver())).expect("ok");
        println!("{name}: {threads} workers, {} hand-overs", outcome.splits());
    }
    let outcome = pool.install(|| Run::new().threads(2).count(&mut problem.solver())).expect("ok");
    // Entering a subproblem is the thief's cost; time it on the pieces a split makes.
    let split = problem.solver().split(64, 1, 1);
    let mut solver = problem.solver();
    let start = Instant::now();
    let mut entered = 0;
    for _ in 0..20 {
        for piece in &split.pieces {
            dancer::run::Explore::enter(&mut solver, piece.subproblem()).expect("in the tree");
            entered += 1;
        }
    }
    let per_entry = start.elapsed().as_secs_f64() / f64::from(entered) * 1e6;
    println!(
        "{name}: {} hand-overs in {:.1} ms, entering a piece {per_entry:.2} µs",
        outcome.splits(),
        outcome.elapsed().as_secs_f64() * 1e3
    );
}

/// One count by `Solver::count`; never inlined, so that callgrind can count inside it alone.
#[inline(never)]
fn count_plain(solver: &mut Solver<'_>) -> u64 {
    black_box(solver.count())
}

/// One count by a one-thread `Run`; never inlined, as `count_plain`.
#[inline(never)]
fn count_run(problem: &Problem) -> u64 {
    let outcome = Run::new().count(&mut problem.solver()).expect("the whole tree");
    black_box(outcome.solutions())
}
