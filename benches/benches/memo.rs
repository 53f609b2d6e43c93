//! Memoised counting against the plain count, side by side in one run: for each problem of
//! `MEMO_CASES` a group with `Solver::count` and `Solver::count_memo` (a fresh table each
//! iteration, so that no count finds its answer in the last one's table).
//!
//! Run with `cargo bench -p dancer-benches --bench memo` (about a minute on two cores);
//! results are recorded in `docs/PERFORMANCE.md`, "Memoised counting". Before a group is
//! timed both counts must give the known number.

// `criterion_group!` defines an undocumented `pub fn benches`.
#![allow(missing_docs)]

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode};
use dancer::Memo;
use dancer_benches::cases::MEMO_CASES;

fn memo(c: &mut Criterion) {
    for case in &MEMO_CASES {
        let problem = (case.make)().expect("the benchmark problems build");
        let mut solver = problem.solver();
        let started = Instant::now();
        assert_eq!(solver.count(), case.solutions, "{}: plain count", case.name);
        let once = started.elapsed();
        let memoised = solver.count_memo(&mut Memo::default(), None);
        assert_eq!(memoised, Ok(u128::from(case.solutions)), "{}: memoised count", case.name);
        let mut group = c.benchmark_group(case.name);
        // Plain counts take 70 ms to 2 s: ten flat samples sized from the check above.
        group
            .sample_size(10)
            .sampling_mode(SamplingMode::Flat)
            .warm_up_time(once.min(Duration::from_secs(1)))
            .measurement_time((once * 9).max(Duration::from_secs(3)));
        group.bench_function("plain", |b| b.iter(|| black_box(solver.count())));
        group.bench_function("memo", |b| {
            b.iter(|| black_box(solver.count_memo(&mut Memo::default(), None)));
        });
        group.finish();
    }
}

criterion_group!(benches, memo);
criterion_main!(benches);
