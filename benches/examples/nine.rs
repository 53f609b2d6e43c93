//! One side of the 9×9 rows of `benches/peers.rs`, for callgrind's instruction counts and for
//! quick checks: `nine dancer|sudoku first|unique FILE [LIMIT]` parses the first LIMIT lines of
//! FILE (81 characters each; all of them by default), then solves them all in `solve_all`
//! (first solution, or with uniqueness proved) with `dancer-sudoku`'s `PuzzleSolver` or the
//! crates.io `sudoku` 0.8 crate, and prints how many were solved and the CPU time of `solve_all`.
//!
//! Instructions of the solving alone, as the harness counts them:
//! `valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*solve_all*' nine ...`.

use std::hint::black_box;

use dancer_sudoku::{Grid, PuzzleSolver, Rules, Variant, Verdict};
use nix::sys::resource::{getrusage, UsageWho};
use sudoku::Sudoku;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [side, mode, path, rest @ ..] = &args[..] else {
        panic!("usage: nine dancer|sudoku first|unique FILE [LIMIT]");
    };
    let limit = rest.first().map_or(usize::MAX, |n| n.parse().expect("LIMIT is a number"));
    let unique = match mode.as_str() {
        "first" => false,
        "unique" => true,
        _ => panic!("mode: first or unique"),
    };
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let lines: Vec<&str> = text.lines().filter(|line| !line.is_empty()).take(limit).collect();
    match side.as_str() {
        "dancer" => {
            let grids: Vec<Grid> = lines
                .iter()
                .map(|line| dancer_sudoku::parse_puzzle(line).expect("a 9x9 line").grid)
                .collect();
            let rules = Rules::from_variant(Variant::standard(9).expect("9x9"));
            let mut solver = rules.solver();
            let start = cpu();
            let solved = solve_all_dancer(&mut solver, &grids, unique);
            report(solved, cpu() - start);
        }
        "sudoku" => {
            let puzzles: Vec<Sudoku> =
                lines.iter().map(|line| Sudoku::from_str_line(line).expect("a 9x9 line")).collect();
            let start = cpu();
            let solved = solve_all_sudoku(&puzzles, unique);
            report(solved, cpu() - start);
        }
        _ => panic!("side: dancer or sudoku"),
    }
}

fn report(solved: usize, seconds: f64) {
    println!("solved {solved} cpu {seconds:.6}");
}

#[inline(never)]
fn solve_all_dancer(solver: &mut PuzzleSolver<'_>, grids: &[Grid], unique: bool) -> usize {
    grids
        .iter()
        .filter(|grid| {
            let report = if unique { solver.solve_unique(grid) } else { solver.solve(grid) };
            let report = report.expect("a 9×9");
            matches!(black_box(report.verdict), Verdict::Solved(_) | Verdict::Unique(_))
        })
        .count()
}

#[inline(never)]
fn solve_all_sudoku(puzzles: &[Sudoku], unique: bool) -> usize {
    puzzles
        .iter()
        .filter(|puzzle| {
            if unique {
                black_box(puzzle.solution()).is_some()
            } else {
                black_box(puzzle.some_solution()).is_some()
            }
        })
        .count()
}

/// This process's CPU time (user + system) in seconds.
fn cpu() -> f64 {
    let usage = getrusage(UsageWho::RUSAGE_SELF).expect("getrusage");
    let (user, system) = (usage.user_time(), usage.system_time());
    let seconds = |t: nix::sys::time::TimeVal| t.tv_sec() as f64 + t.tv_usec() as f64 / 1e6;
    seconds(user) + seconds(system)
}
