//! Counts the ways to place n queens on an n×n board so that no two attack each other.
//!
//! Rows and columns are primary items (exactly one queen each); diagonals are secondary (at most
//! one queen each). Run: `cargo run --release -p dancer --example n_queens -- 10`. Add `--dlx` to print
//! the problem in Knuth's DLX format instead (for `dlx`, or Knuth's programs).

use dancer::{BuildError, Problem, ProblemBuilder};

/// The n-queens problem in Knuth's "organ-pipe" item order (middle rows and columns first,
/// `r3 c3 r4 c4 r2 c2 ...` for n = 8), which makes MRV's ties fall well. Diagonals of one cell
/// are left out, as in Knuth's generator: they can never be shared.
///
/// # Errors
/// None for valid arguments; the builder's errors are passed on.
pub fn queens(n: usize) -> Result<Problem, BuildError> {
    let mut builder = ProblemBuilder::new();
    for k in organ_pipe(n) {
        builder.primary(format!("r{k}"));
        builder.primary(format!("c{k}"));
    }
    let diagonals = 1..(2 * n).saturating_sub(2);
    for d in diagonals.clone() {
        builder.secondary(format!("a{d}"));
    }
    for d in diagonals.clone() {
        builder.secondary(format!("b{d}"));
    }
    for row in 0..n {
        for col in 0..n {
            let mut names = vec![format!("r{row}"), format!("c{col}")];
            if diagonals.contains(&(row + col)) {
                names.push(format!("a{}", row + col));
            }
            if diagonals.contains(&(row + n - 1 - col)) {
                names.push(format!("b{}", row + n - 1 - col));
            }
            builder.option_named(names);
        }
    }
    builder.build()
}

/// 0..n from the middle outwards: for n = 8, 3 4 2 5 1 6 0 7.
fn organ_pipe(n: usize) -> impl Iterator<Item = usize> {
    let mid = n.saturating_sub(1) / 2;
    (0..n).map(move |k| if k % 2 == 0 { mid - k / 2 } else { mid + k.div_ceil(2) })
}

#[allow(dead_code)]
fn main() {
    if let Err(error) = try_main() {
        eprintln!("n_queens: {error}");
        std::process::exit(2);
    }
}

fn try_main() -> Result<(), Box<dyn std::error::Error>> {
    let n = arguments().next().map_or(Ok(8), |arg| arg.parse())?;
    let problem = queens(n)?;
    if std::env::args().any(|arg| arg == "--dlx") {
        // The problem in Knuth's DLX format, for `dlx` or Knuth's own programs.
        print!("{problem}");
        return Ok(());
    }
    let mut solver = problem.solver();
    let count = solver.count();
    let stats = solver.stats();
    println!("{n} queens: {count} solutions, {} nodes, {} updates", stats.nodes(), stats.updates());
    Ok(())
}

/// The command-line arguments but `--dlx` (which prints the problem instead of counting it).
fn arguments() -> impl Iterator<Item = String> {
    std::env::args().skip(1).filter(|arg| arg != "--dlx")
}
