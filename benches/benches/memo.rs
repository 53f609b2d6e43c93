//! Memoised counting against the plain count, side by side in one run: for each problem of
//! `MEMO_CASES` a group with `Solver::count`, `Solver::count_memo` (a fresh table each
//! iteration, so that no count finds its answer in the last one's table; the plain count and
//! the default make a fresh solver each iteration too, as a run of `dlx` does) and the default of
//! `dlx --count` (`MemoRun::probe`, then enumeration from the top on one thread when the probe
//! stays behind); for each problem of `CASES` and `MANY_ITEM_CASES` (where memoising does not
//! pay, and on the chains is quadratic) the plain count and the default, whose difference is
//! the probe's cost.
//!
//! Run with `cargo bench -p dancer-benches --bench memo` (a few minutes on two cores); results
//! are recorded in `docs/PERFORMANCE.md`, "Memoised counting" and "The probe, bounded". Before
//! a group is timed every count must give the known number.

// `criterion_group!` defines an undocumented `pub fn benches`.
#![allow(missing_docs)]

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode};
use dancer::{
    run::{MemoProbe, Run},
    Memo, Problem,
};
use dancer_benches::cases::{Case, CASES, MANY_ITEM_CASES, MEMO_CASES};

/// The count `dlx --count` makes by default, on one thread, with a solver of its own (as the
/// plain count it is compared with).
fn default_count(problem: &Problem) -> u128 {
    let mut solver = problem.solver();
    match solver.probe_memo(&mut Memo::default(), None) {
        Ok(MemoProbe::Counted(count)) => count,
        Ok(MemoProbe::Behind(rest) | MemoProbe::Enumerated(rest)) => {
            let outcome = Run::new().resume(&rest).count(&mut solver);
            u128::from(outcome.expect("the probe's rest resumes").solutions())
        }
        Err(error) => panic!("{error}"),
    }
}

/// The plain count, with a solver of its own.
fn plain_count(problem: &Problem) -> u64 {
    problem.solver().count()
}

fn group(c: &mut Criterion, case: &Case, memo: bool) {
    let problem = (case.make)().expect("the benchmark problems build");
    let mut solver = problem.solver();
    let started = Instant::now();
    assert_eq!(solver.count(), case.solutions, "{}: plain count", case.name);
    let once = started.elapsed();
    assert_eq!(default_count(&problem), u128::from(case.solutions), "{}: default", case.name);
    if memo {
        let memoised = solver.count_memo(&mut Memo::default(), None);
        assert_eq!(memoised, Ok(u128::from(case.solutions)), "{}: memoised count", case.name);
    }
    let mut group = c.benchmark_group(format!("memo/{}", case.name));
    // Plain counts take 10 ms to 2 s: ten flat samples sized from the check above.
    group
        .sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(once.min(Duration::from_secs(1)))
        .measurement_time((once * 9).max(Duration::from_secs(3)));
    group.bench_function("plain", |b| b.iter(|| black_box(plain_count(&problem))));
    group.bench_function("default", |b| b.iter(|| black_box(default_count(&problem))));
    if memo {
        group.bench_function("memo", |b| {
            b.iter(|| black_box(solver.count_memo(&mut Memo::default(), None)));
        });
    }
    group.finish();
}

fn memo(c: &mut Criterion) {
    for case in &MEMO_CASES {
        group(c, case, true);
    }
    // Langford and pentominoes are in both lists: their memo groups time the default too.
    let others = CASES.iter().filter(|case| MEMO_CASES.iter().all(|m| m.name != case.name));
    for case in others.chain(&MANY_ITEM_CASES) {
        group(c, case, false);
    }
}

criterion_group!(benches, memo);
criterion_main!(benches);
