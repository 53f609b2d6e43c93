//! The five problems both engine benchmarks time (`benches/engine.rs` with criterion,
//! `benches/engine_ab.rs` in alternating pairs), and the check that both engines search them
//! alike before anything is timed.
//!
//! The generators are the engine's own examples, compiled in here rather than copied. Their
//! `main`s are unused here, and their lints are checked where they belong (as `dancer`'s
//! examples), so edits there cannot break this crate's clippy run.

use std::time::{Duration, Instant};

use dancer::{BuildError, Problem};

use crate::{peer_text, PeerProblem};

#[allow(dead_code, unreachable_pub, clippy::all, clippy::pedantic)]
#[path = "../../crates/dlx/examples/binary_matrices.rs"]
mod binary_matrices;
#[allow(dead_code, unreachable_pub, clippy::all, clippy::pedantic)]
#[path = "../../crates/dlx/examples/chain.rs"]
mod chain;
#[allow(dead_code, unreachable_pub, clippy::all, clippy::pedantic)]
#[path = "../../crates/dlx/examples/dominoes.rs"]
mod dominoes;
#[allow(dead_code, unreachable_pub, clippy::all, clippy::pedantic)]
#[path = "../../crates/dlx/examples/langford.rs"]
mod langford;
#[allow(dead_code, unreachable_pub, clippy::all, clippy::pedantic)]
#[path = "../../crates/dlx/examples/n_queens.rs"]
mod n_queens;
#[allow(dead_code, unreachable_pub, clippy::all, clippy::pedantic)]
#[path = "../../crates/dlx/tests/fixtures/pentominoes.rs"]
mod pentominoes;
#[allow(dead_code, unreachable_pub, clippy::all, clippy::pedantic)]
#[path = "../../crates/dlx/examples/set_partitions.rs"]
mod set_partitions;

/// One benchmark problem.
#[derive(Clone, Copy, Debug)]
pub struct Case {
    /// The group name in the reports.
    pub name: &'static str,
    /// Builds our problem; kept as a function so the `build` group can time it.
    pub make: fn() -> Result<Problem, BuildError>,
    /// The number of solutions, known independently (OEIS or Knuth), so that a regression in
    /// either engine cannot pass as agreement.
    pub solutions: u64,
}

/// The problems of issue 2's performance target, in the order they are reported.
pub const CASES: [Case; 5] = [
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

/// The problems of issue 25's table that `benches/peers.rs` adds to [`CASES`]: against the
/// `dlx` crate in-process (set partitions of 12, intervals) and against Knuth's programs as
/// processes (all of them, and those of `CASES`).
pub const PEER_CASES: [Case; 3] = [
    // The Bell number B(12), A000110: solution-dense (a solution every other node).
    Case {
        name: "set_partitions_12",
        make: || set_partitions::set_partitions(12),
        solutions: 4_213_597,
    },
    // Secondary-heavy: see `intervals`.
    Case { name: "intervals_5_30", make: || intervals(5, 30), solutions: 1_860_480 },
    // OEIS A001499(7); the colours of `binary_matrices`, where SSXCC's purification differs.
    Case {
        name: "line_sums_7x7_2_colours",
        make: || binary_matrices::binary_matrices(7, 2),
        solutions: 3_110_940,
    },
];

/// Intervals of lengths 1 to `k` laid on a line of `n` cells without overlap: a primary item
/// per length and a secondary item per cell (at most one interval covers it), one option per
/// length and start. The intervals take t = k(k+1)/2 cells; the n − t free cells and the k
/// intervals form a sequence of n − t + k blocks, so there are k! · C(n − t + k, k) solutions
/// (k = 5, n = 30: 120 · C(20, 5) = 1 860 480).
///
/// # Errors
/// None for `k <= n`; the builder's errors are passed on.
pub fn intervals(k: usize, n: usize) -> Result<Problem, BuildError> {
    let mut builder = dancer::ProblemBuilder::new();
    let lengths: Vec<_> = (1..=k).map(|l| builder.primary(format!("L{l}"))).collect();
    let cells: Vec<_> = (0..n).map(|c| builder.secondary(format!("c{c}"))).collect();
    for (l, &length) in (1..=k).zip(&lengths) {
        for start in 0..=n - l {
            builder.option(std::iter::once(length).chain(cells[start..start + l].iter().copied()));
        }
    }
    builder.build()
}

/// The problems `benches/memo.rs` counts with and without a memo table: tilings, where
/// sub-problems repeat massively, then two of `CASES`, where they repeat little. Counts as in
/// `CASES` (the 8×8's is OEIS A004003).
pub const MEMO_CASES: [Case; 4] = [
    Case { name: "dominoes_8x8", make: || dominoes::dominoes(8, 8), solutions: 12_988_816 },
    // OEIS A099390 (the m×n table), T(6, 10).
    Case { name: "dominoes_6x10", make: || dominoes::dominoes(6, 10), solutions: 4_213_133 },
    Case { name: "langford_11", make: || langford::langford(11), solutions: 35_584 },
    Case {
        name: "pentominoes_6x10_x_quarter",
        make: || pentominoes::pentominoes(6, 10, true),
        solutions: 2_339,
    },
];

/// Problems of very many items, where a memoised count is hopeless (each key costs as much as
/// the items left, so the count is quadratic) and the probe of a plain `dlx --count` must give
/// up at once: `benches/memo.rs` times the plain count and the default (probe, then
/// enumeration from the top) on them. A chain of n items has n/2 + 1 nodes, one solution for
/// an even n and none for an odd one (issue 21's chain of 200 001).
pub const MANY_ITEM_CASES: [Case; 2] = [
    Case { name: "chain_200001", make: || chain::chain(200_001), solutions: 0 },
    Case { name: "chain_1000000", make: || chain::chain(1_000_000), solutions: 1 },
];

/// The problems `benches/engine.rs` also times against the peer's Algorithm M: 0/1 matrices
/// as options (r, c) over row and column items with multiplicities.
pub const MULTIPLICITY_CASES: [Case; 3] = [
    // OEIS A001501(6): line sums exactly 3.
    Case { name: "line_sums_6x6_3", make: || binary_matrices::line_sums(6, 3), solutions: 297_200 },
    // OEIS A001499(7): line sums exactly 2.
    Case {
        name: "line_sums_7x7_2",
        make: || binary_matrices::line_sums(7, 2),
        solutions: 3_110_940,
    },
    // Line sums 1 or 2 (bounds 1:2, so with slack and null moves): Knuth's DLX3 counts
    // 100 110 (`dlx3 m0`, 251 304 nodes).
    Case { name: "line_sums_5x5_1_to_2", make: || line_sums_between(5, 1, 2), solutions: 100_110 },
];

/// n×n 0/1 matrices whose line sums are between `lower` and `upper`.
fn line_sums_between(n: usize, lower: u32, upper: u32) -> Result<Problem, BuildError> {
    let mut builder = dancer::ProblemBuilder::new();
    let bounds = lower..=upper;
    let rows: Vec<_> =
        (0..n).map(|r| builder.primary_bounded(format!("r{r}"), bounds.clone())).collect();
    let cols: Vec<_> =
        (0..n).map(|c| builder.primary_bounded(format!("c{c}"), bounds.clone())).collect();
    for &row in &rows {
        for &col in &cols {
            builder.option([row, col]);
        }
    }
    builder.build()
}

/// Our problem, the shared DLX text, and the peer's problem built from that text.
///
/// # Panics
/// If either engine cannot build the problem.
pub fn prepare(case: &Case) -> (Problem, String, PeerProblem) {
    let problem = (case.make)().unwrap_or_else(|e| panic!("{}: {e}", case.name));
    let text = peer_text(&problem);
    let peer = PeerProblem::from_text(&text).unwrap_or_else(|e| panic!("{}: dlx: {e}", case.name));
    (problem, text, peer)
}

/// Counts with both engines and stops the run unless both find the known number of solutions
/// and walk search trees with the same number of nodes (same tree, same work: the times compare
/// like with like). Updates are printed but not compared: the peer skips covering an item that
/// has no options left, so it counts one update fewer at each such dead end (and with
/// multiplicities it does not count a tweaked node's own unlinking). With multiplicities the
/// trees must have the same size only where no item has slack: there the peer's branching
/// degree is DLX3's; with slack above the bound left it counts one DLX3 does not, and may choose
/// another item. Returns the slower engine's time for one count, which sizes the measurement.
///
/// # Panics
/// If either count is wrong or the trees differ where they must not.
pub fn check(case: &Case, problem: &Problem, peer: &mut PeerProblem) -> Duration {
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
    let slack = (0..problem.primary_count()).any(|k| {
        let bounds = problem.multiplicity(dancer::ItemId::new(k));
        bounds.start() != bounds.end()
    });
    if !slack {
        let different = "the engines searched different trees";
        assert_eq!(stats.nodes(), theirs.nodes, "{}: {different}", case.name);
    }
    ours_time.max(theirs_time)
}
