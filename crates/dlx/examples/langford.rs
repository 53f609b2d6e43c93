//! Counts Langford pairings: arrangements of 1 1 2 2 ... n n in 2n slots with exactly k numbers
//! between the two k's. Both an arrangement and its mirror image are counted.
//!
//! Items: the numbers 1..=n and the slots s1..s2n, all primary. Run:
//! `cargo run --release -p dancer --example langford -- 11`. Add `--dlx` to print
//! the problem in Knuth's DLX format instead (for `dlx`, or Knuth's programs).

use dancer::{BuildError, Problem, ProblemBuilder};

/// The Langford-pairs problem of order `n`.
///
/// # Errors
/// None for valid arguments; the builder's errors are passed on.
pub fn langford(n: usize) -> Result<Problem, BuildError> {
    let mut builder = ProblemBuilder::new();
    for k in 1..=n {
        builder.primary(k.to_string());
    }
    for slot in 1..=2 * n {
        builder.primary(format!("s{slot}"));
    }
    for k in 1..=n {
        // The first k goes in slot i, the second k + 1 slots later.
        for i in 1..(2 * n).saturating_sub(k) {
            builder.option_named([k.to_string(), format!("s{i}"), format!("s{}", i + k + 1)]);
        }
    }
    builder.build()
}

#[allow(dead_code)]
fn main() {
    if let Err(error) = try_main() {
        eprintln!("langford: {error}");
        std::process::exit(2);
    }
}

fn try_main() -> Result<(), Box<dyn std::error::Error>> {
    let n = arguments().next().map_or(Ok(7), |arg| arg.parse())?;
    let problem = langford(n)?;
    if std::env::args().any(|arg| arg == "--dlx") {
        // The problem in Knuth's DLX format, for `dlx` or Knuth's own programs.
        print!("{problem}");
        return Ok(());
    }
    let mut solver = problem.solver();
    let count = solver.count();
    println!(
        "Langford pairs of order {n}: {count} arrangements ({} nodes)",
        solver.stats().nodes()
    );
    Ok(())
}

/// The command-line arguments but `--dlx` (which prints the problem instead of counting it).
fn arguments() -> impl Iterator<Item = String> {
    std::env::args().skip(1).filter(|arg| arg != "--dlx")
}
