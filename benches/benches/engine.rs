//! `dancer` against crates.io `dlx` 0.8.5, side by side in one run: for each problem a group
//! with the two engines counting all solutions (the problems with multiplicities against the
//! peer's Algorithm M), then a `build` group timing how long each takes to turn the DLX text
//! into its matrix.
//!
//! Run with `cargo bench -p dancer-benches --bench engine` (about two and a half minutes on two
//! cores); results are recorded in `docs/PERFORMANCE.md`. Every problem is built outside the
//! timed code. Before a group is timed, both engines count its solutions, and the bench stops
//! unless both find the known count and search trees of the same size, so a group can never
//! compare different work.

// `criterion_group!` defines an undocumented `pub fn benches`.
#![allow(missing_docs)]

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, SamplingMode};
use dancer_benches::cases::{check, prepare, Case, CASES, MULTIPLICITY_CASES};
use dancer_benches::PeerProblem;

/// One group per problem: both engines count all solutions of a prebuilt problem.
fn search(c: &mut Criterion) {
    compare(c, &CASES);
}

/// The same with multiplicities (Knuth's Algorithm M): the peer's `dlx::m`, the same text.
fn multiplicity(c: &mut Criterion) {
    compare(c, &MULTIPLICITY_CASES);
}

fn compare(c: &mut Criterion, cases: &[Case]) {
    for case in cases {
        let (problem, _, mut peer) = prepare(case);
        let once = check(case, &problem, &mut peer);
        let mut group = c.benchmark_group(case.name);
        // Counts take 20 ms to 2 s. Ten flat samples (same iterations in each, no linear ramp)
        // sized from the setup count keep every group to seconds: 4 s for the fast problems,
        // and for pentominoes ten single counts per engine (criterion then warns that it
        // cannot fit 10 samples; 9 × one count rounds each sample up to exactly one iteration).
        group
            .sample_size(10)
            .sampling_mode(SamplingMode::Flat)
            .warm_up_time(once.min(Duration::from_secs(1)))
            .measurement_time((once * 9).max(Duration::from_secs(4)));
        // Ours: one solver reused across iterations. `count` restarts from the initial links,
        // so no iteration pays for copying the matrix.
        let mut solver = problem.solver();
        group.bench_function("dancer", |b| b.iter(|| black_box(solver.count())));
        // The peer's solver borrows the problem mutably and restores every link by the end of a
        // full search, so one problem serves every iteration without cloning; each iteration
        // makes a fresh `dlx::Solver`, which allocates only its small per-level stacks.
        group.bench_function("dlx", |b| b.iter(|| black_box(peer.count())));
        group.finish();
    }
}

/// Building the matrix, separately from searching: both engines from the same DLX text, and
/// ours from its builder as the generators use it.
fn build(c: &mut Criterion) {
    let mut group = c.benchmark_group("build");
    // Builds take 50 µs to 3 ms, so 50 samples in short windows still time hundreds of builds.
    group
        .sample_size(50)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_millis(1500));
    for case in &CASES {
        let (_, text, _) = prepare(case);
        group.bench_with_input(BenchmarkId::new("dancer_text", case.name), &text, |b, text| {
            b.iter(|| dancer::parse(text).expect("dancer parses its own output"));
        });
        group.bench_with_input(BenchmarkId::new("dlx_text", case.name), &text, |b, text| {
            b.iter(|| PeerProblem::from_text(text).expect("dlx parsed this text in setup"));
        });
        group.bench_function(BenchmarkId::new("dancer_builder", case.name), |b| {
            b.iter(|| (case.make)().expect("built in setup"));
        });
    }
    group.finish();
}

// Each group sets its own times, short enough that the whole run fits in about two minutes on
// two cores.
criterion_group!(benches, search, multiplicity, build);
criterion_main!(benches);
