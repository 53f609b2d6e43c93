//! `dancer` against crates.io `dlx` 0.8.5, side by side in one run: for each problem a group
//! with the two engines counting all solutions, then a `build` group timing how long each takes
//! to turn the DLX text into its matrix.
//!
//! Run with `cargo bench -p dancer-benches --bench engine` (about two and a half minutes on two
//! cores); results are recorded in `docs/PERFORMANCE.md`. Every problem is built outside the
//! timed code. Before a group is timed, both engines count its solutions, and the bench stops
//! unless both find the known count and search trees of the same size, so a group can never
//! compare different work.

// `criterion_group!` defines an undocumented `pub fn benches`.
#![allow(missing_docs)]

// The generators are the engine's own examples, compiled in here rather than copied. Their
// `main`s are unused here, and their lints are checked where they belong (as `dancer`'s examples),
// so edits there cannot break this crate's clippy run.
#[allow(dead_code, unreachable_pub, clippy::all, clippy::pedantic)]
#[path = "../../crates/dlx/examples/binary_matrices.rs"]
mod binary_matrices;
#[allow(dead_code, unreachable_pub, clippy::all, clippy::pedantic)]
#[path = "../../crates/dlx/examples/langford.rs"]
mod langford;
#[allow(dead_code, unreachable_pub, clippy::all, clippy::pedantic)]
#[path = "../../crates/dlx/examples/n_queens.rs"]
mod n_queens;
#[allow(dead_code, unreachable_pub, clippy::all, clippy::pedantic)]
#[path = "../../crates/dlx/examples/pentominoes.rs"]
mod pentominoes;
#[allow(dead_code, unreachable_pub, clippy::all, clippy::pedantic)]
#[path = "../../crates/dlx/examples/set_partitions.rs"]
mod set_partitions;

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, SamplingMode};
use dancer::{BuildError, Problem};
use dancer_benches::{peer_text, PeerProblem};

/// One benchmark problem.
struct Case {
    /// The criterion group name.
    name: &'static str,
    /// Builds our problem; kept as a function so the `build` group can time it.
    make: fn() -> Result<Problem, BuildError>,
    /// The number of solutions, known independently (OEIS or Knuth), so that a regression in
    /// either engine cannot pass as agreement.
    solutions: u64,
}

const CASES: [Case; 5] = [
    // A000170.
    Case { name: "queens_12", make: || n_queens::queens(12), solutions: 14_200 },
    // 2339 packings of the 6×10 box up to symmetry (TAOCP 7.2.2.1).
    Case {
        name: "pentominoes_6x10_x_quarter",
        make: || pentominoes::pentominoes(6, 10, true),
        solutions: 2_339,
    },
    // A014552(11) = 17 792 up to reversal; the engines count both mirror images.
    Case { name: "langford_11", make: || langford::langford(11), solutions: 35_584 },
    // The Bell number B(10), A000110.
    Case {
        name: "set_partitions_10",
        make: || set_partitions::set_partitions(10),
        solutions: 115_975,
    },
    // 6×6 0/1 matrices with every line summing to 3; the only case with colours.
    Case {
        name: "binary_matrices_6_3",
        make: || binary_matrices::binary_matrices(6, 3),
        solutions: 297_200,
    },
];

/// Our problem, the shared DLX text, and the peer's problem built from that text.
fn prepare(case: &Case) -> (Problem, String, PeerProblem) {
    let problem = (case.make)().unwrap_or_else(|e| panic!("{}: {e}", case.name));
    let text = peer_text(&problem);
    let peer = PeerProblem::from_text(&text).unwrap_or_else(|e| panic!("{}: dlx: {e}", case.name));
    (problem, text, peer)
}

/// Counts with both engines and stops the run unless both find the known number of solutions
/// and walk search trees with the same number of nodes (same tree, same work: the times compare
/// like with like). Updates are printed but not compared: the peer skips covering an item that
/// has no options left, so it counts one update fewer at each such dead end. Returns the slower
/// engine's time for one count, which sizes the measurement.
fn check(case: &Case, problem: &Problem, peer: &mut PeerProblem) -> Duration {
    let mut solver = problem.solver();
    let start = Instant::now();
    let ours = solver.count();
    let ours_time = start.elapsed();
    let stats = solver.stats();
    let start = Instant::now();
    let theirs = peer.count_with_stats();
    let theirs_time = start.elapsed();
    eprintln!(
        "{}: dancer {ours} solutions, {} nodes, {} updates; dlx {} solutions, {} nodes, {} updates",
        case.name,
        stats.nodes(),
        stats.updates(),
        theirs.solutions,
        theirs.nodes,
        theirs.updates
    );
    assert_eq!(ours, case.solutions, "{}: dancer's count is wrong", case.name);
    assert_eq!(theirs.solutions, case.solutions, "{}: dlx's count is wrong", case.name);
    assert_eq!(stats.nodes(), theirs.nodes, "{}: the engines searched different trees", case.name);
    ours_time.max(theirs_time)
}

/// One group per problem: both engines count all solutions of a prebuilt problem.
fn search(c: &mut Criterion) {
    for case in &CASES {
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
criterion_group!(benches, search, build);
criterion_main!(benches);
