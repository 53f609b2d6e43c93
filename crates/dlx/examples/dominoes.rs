//! Counts the tilings of an m×n board by dominoes: the board's cells are the primary items,
//! and each placement of a domino on two neighbouring cells is an option. There are
//! 2, 36, 6 728, 12 988 816, … tilings of the 2n×2n boards (OEIS A004003).
//!
//! A problem whose solutions share sub-problems massively: once the same cells are left, the
//! number of ways to finish does not depend on how the others were covered. Run:
//! `cargo run --release -p dancer --example dominoes -- 6 6`. Add `--memo` to count with a
//! table of sub-problem counts (`Solver::count_memo`: the 12×12's 5.3·10¹⁶ tilings in a
//! fraction of a second), or `--dlx` to print the problem in Knuth's DLX format instead (for
//! `dlx`, or Knuth's programs).

use dancer::{BuildError, Memo, Problem, ProblemBuilder};

/// The domino tilings of a board of `rows` × `cols` cells, cell `(r, c)` named `rR_cC`.
///
/// # Errors
/// None for valid arguments; the builder's errors are passed on.
pub fn dominoes(rows: usize, cols: usize) -> Result<Problem, BuildError> {
    let mut builder = ProblemBuilder::new();
    let name = |r: usize, c: usize| format!("r{r}_c{c}");
    for r in 0..rows {
        for c in 0..cols {
            builder.primary(name(r, c));
        }
    }
    for r in 0..rows {
        for c in 0..cols {
            if c + 1 < cols {
                builder.option_named([name(r, c), name(r, c + 1)]);
            }
            if r + 1 < rows {
                builder.option_named([name(r, c), name(r + 1, c)]);
            }
        }
    }
    builder.build()
}

#[allow(dead_code)]
fn main() {
    if let Err(error) = try_main() {
        eprintln!("dominoes: {error}");
        std::process::exit(2);
    }
}

fn try_main() -> Result<(), Box<dyn std::error::Error>> {
    let mut numbers = std::env::args().skip(1).filter(|arg| !arg.starts_with("--"));
    let rows = numbers.next().map_or(Ok(6), |arg| arg.parse())?;
    let cols = numbers.next().map_or(Ok(rows), |arg| arg.parse())?;
    let problem = dominoes(rows, cols)?;
    if std::env::args().any(|arg| arg == "--dlx") {
        // The problem in Knuth's DLX format, for `dlx` or Knuth's own programs.
        print!("{problem}");
        return Ok(());
    }
    let mut solver = problem.solver();
    let count = if std::env::args().any(|arg| arg == "--memo") {
        solver.count_memo(&mut Memo::default(), None)?
    } else {
        u128::from(solver.count())
    };
    let stats = solver.stats();
    println!(
        "domino tilings of {rows}x{cols}: {count} ({} nodes, {} updates)",
        stats.nodes(),
        stats.updates()
    );
    Ok(())
}
