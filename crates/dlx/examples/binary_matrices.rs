//! Counts the n×n 0/1 matrices whose every row and column sums to k, with colours.
//!
//! Each cell is a secondary item coloured 0 or 1. Each row and each column is a primary item
//! whose options are its C(n, k) choices of k ones, colouring all n of its cells. A row option
//! and a column option may share a cell only when they give it the same colour, so the solutions
//! are exactly the matrices. Run:
//! `cargo run --release -p dancer --example binary_matrices -- 6 3`. Add `--dlx` to print
//! the problem in Knuth's DLX format instead (for `dlx`, or Knuth's programs).
//!
//! With `--bounds`, the same count with multiplicities (Knuth's Algorithm M, DLX3) instead of
//! colours: one option per cell, over its row and its column, each of which must be covered
//! exactly k times.

use dancer::{BuildError, Entry, Problem, ProblemBuilder};

/// The problem for n×n matrices with line sums `k`.
///
/// # Errors
/// None for valid arguments; the builder's errors are passed on.
pub fn binary_matrices(n: usize, k: usize) -> Result<Problem, BuildError> {
    let mut builder = ProblemBuilder::new();
    let mut rows = Vec::with_capacity(n);
    let mut columns = Vec::with_capacity(n);
    for line in 0..n {
        rows.push(builder.primary(format!("r{line}")));
        columns.push(builder.primary(format!("c{line}")));
    }
    let mut cells = Vec::with_capacity(n * n);
    for r in 0..n {
        for c in 0..n {
            cells.push(builder.secondary(format!("{r}_{c}")));
        }
    }
    // Items and colours by id rather than by name: no string is made or looked up per entry.
    let colors = [builder.color("0"), builder.color("1")];
    let choices = (0u64..1 << n).filter(|mask| mask.count_ones() as usize == k);
    for mask in choices {
        let color = |i: usize| Some(colors[(mask >> i & 1) as usize]);
        for line in 0..n {
            let row = (0..n).map(|c| Entry { item: cells[line * n + c], color: color(c) });
            builder.option(std::iter::once(rows[line].into()).chain(row));
            let col = (0..n).map(|r| Entry { item: cells[r * n + line], color: color(r) });
            builder.option(std::iter::once(columns[line].into()).chain(col));
        }
    }
    builder.build()
}

/// The problem for n×n matrices with line sums `k`, with multiplicities: option (r, c) puts a
/// 1 in row r, column c, and every row and column item is covered exactly `k` times.
///
/// # Errors
/// For k = 0 (an upper bound of 0); the builder's errors are passed on.
pub fn line_sums(n: usize, k: u32) -> Result<Problem, BuildError> {
    let mut builder = ProblemBuilder::new();
    let rows: Vec<_> = (0..n).map(|r| builder.primary_bounded(format!("r{r}"), k..=k)).collect();
    let columns: Vec<_> = (0..n).map(|c| builder.primary_bounded(format!("c{c}"), k..=k)).collect();
    for &row in &rows {
        for &column in &columns {
            builder.option([row, column]);
        }
    }
    builder.build()
}

#[allow(dead_code)]
fn main() {
    if let Err(error) = try_main() {
        eprintln!("binary_matrices: {error}");
        std::process::exit(2);
    }
}

fn try_main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = arguments();
    let n: usize = args.next().map_or(Ok(5), |arg| arg.parse())?;
    let k: usize = args.next().map_or(Ok(2), |arg| arg.parse())?;
    if n > 16 || k > n {
        return Err("need k <= n <= 16".into());
    }
    let bounded = std::env::args().any(|arg| arg == "--bounds");
    let problem = if bounded { line_sums(n, u32::try_from(k)?)? } else { binary_matrices(n, k)? };
    if std::env::args().any(|arg| arg == "--dlx") {
        // The problem in Knuth's DLX format, for `dlx` or Knuth's own programs.
        print!("{problem}");
        return Ok(());
    }
    println!("{n}x{n} 0/1 matrices with line sums {k}: {}", problem.solver().count());
    Ok(())
}

/// The command-line arguments but the flags (`--dlx` prints the problem instead of counting it,
/// `--bounds` encodes it with multiplicities).
fn arguments() -> impl Iterator<Item = String> {
    std::env::args().skip(1).filter(|arg| !arg.starts_with("--"))
}
