//! Multiplicities (Knuth's Algorithm M) against crates.io `dlx` 0.8.5's `dlx::m`, side by side
//! in one run: for each problem of `MULTIPLICITY_CASES` a group with both engines counting all
//! solutions of the same DLX text.
//!
//! Run with `cargo bench -p dancer-benches --bench multiplicity` (about half a minute on two
//! cores); results are recorded in `docs/PERFORMANCE.md`, "Multiplicities". Before a group is
//! timed both engines must find the known count; where both choose items alike (bounds without
//! slack) they must also search trees of the same size.

// `criterion_group!` defines an undocumented `pub fn benches`.
#![allow(missing_docs)]

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode};
use dancer_benches::cases::{check, prepare, MULTIPLICITY_CASES};

fn multiplicity(c: &mut Criterion) {
    for case in &MULTIPLICITY_CASES {
        let (problem, _, mut peer) = prepare(case);
        let once = check(case, &problem, &mut peer);
        let mut group = c.benchmark_group(case.name);
        group
            .sample_size(10)
            .sampling_mode(SamplingMode::Flat)
            .warm_up_time(once.min(Duration::from_secs(1)))
            .measurement_time((once * 9).max(Duration::from_secs(3)));
        let mut solver = problem.solver();
        group.bench_function("dancer", |b| b.iter(|| black_box(solver.count())));
        group.bench_function("dlx", |b| b.iter(|| black_box(peer.count())));
        group.finish();
    }
}

criterion_group!(benches, multiplicity);
criterion_main!(benches);
