//! `dancer` against crates.io `dlx` 0.8.5 in alternating pairs: for each problem, one full count
//! by each engine, again and again, reporting the median of the per-pair time ratios.
//!
//! Run with `cargo bench -p dancer-benches --bench engine_ab` (about two minutes on two cores);
//! name problems to run only those (`... --bench engine_ab -- langford_11`). Results are
//! recorded in `docs/PERFORMANCE.md`.
//!
//! Why besides criterion: the VMs this project runs on are shared, and their speed drifts by
//! 10–50% within minutes. Criterion times one engine's samples, then the other's, so a drift
//! between the two lands in the ratio. Here the two counts of a pair run back to back (in
//! alternating order, so neither always runs on a warm cache), and a pair's ratio only sees the
//! drift within one pair; the median over many pairs discards the pairs a load spike hit.
//!
//! `--once` makes one count with each engine and no timing, for instruction counts that do not
//! depend on the load: `valgrind --tool=callgrind --toggle-collect='*count_dancer*' BINARY
//! --once langford_11` (or `*count_dlx*`), with BINARY the path that `cargo bench -p
//! dancer-benches --bench engine_ab --no-run` prints.
//!
//! `--links` counts with our dancing links (`Solver::count_up_to`) instead of `Solver::count`,
//! which takes the sparse-set back-end where it can: the two back-ends side by side.

use std::hint::black_box;
use std::time::Duration;

use dancer::Solver;
use dancer_benches::cases::{check, prepare, CASES};
use dancer_benches::pairs::{alternate, median};
use dancer_benches::PeerProblem;

/// Time to spend on one problem once the fewest pairs are done.
const BUDGET: Duration = Duration::from_secs(20);

fn main() {
    // `cargo bench` passes `--bench`; any other argument names a problem to run.
    let filters: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with('-')).collect();
    let once = std::env::args().any(|a| a == "--once");
    let links = std::env::args().any(|a| a == "--links");
    println!(
        "{:<28} {:>5} {:>12} {:>12} {:>10} {:>8}",
        "problem", "pairs", "dancer (ms)", "dlx (ms)", "dlx/dancer", "won"
    );
    for case in &CASES {
        if !filters.is_empty() && !filters.iter().any(|f| case.name.contains(f.as_str())) {
            continue;
        }
        let (problem, _, mut peer) = prepare(case);
        let mut solver = problem.solver();
        if once {
            let (ours, theirs) = (count_dancer(&mut solver, links), count_dlx(&mut peer));
            println!("{}: dancer {ours}, dlx {theirs} solutions", case.name);
            continue;
        }
        check(case, &problem, &mut peer);
        let (mut ours, mut theirs) = alternate(
            BUDGET,
            || {
                black_box(count_dancer(&mut solver, links));
            },
            || {
                black_box(count_dlx(&mut peer));
            },
        );
        let mut ratios: Vec<f64> = theirs.iter().zip(&ours).map(|(t, o)| t / o).collect();
        let won = ratios.iter().filter(|&&r| r > 1.0).count();
        let pairs = ratios.len();
        println!(
            "{:<28} {:>5} {:>12.2} {:>12.2} {:>10.3} {:>5}/{:<2}",
            case.name,
            pairs,
            median(&mut ours) * 1e3,
            median(&mut theirs) * 1e3,
            median(&mut ratios),
            won,
            pairs
        );
    }
}

/// One full count by our engine; never inlined, so that callgrind can count inside it alone.
#[inline(never)]
fn count_dancer(solver: &mut Solver<'_>, links: bool) -> u64 {
    if links {
        solver.count_up_to(u64::MAX)
    } else {
        solver.count()
    }
}

/// One full count by the peer; never inlined, as `count_dancer`.
#[inline(never)]
fn count_dlx(peer: &mut PeerProblem) -> u64 {
    peer.count()
}
