//! Counts the partitions of a set of n elements (the Bell number B(n)) as the exact covers of
//! n items by all their nonempty subsets. Run:
//! `cargo run --release -p dancer --example set_partitions -- 10`. Add `--dlx` to print
//! the problem in Knuth's DLX format instead (for `dlx`, or Knuth's programs).

use dancer::{BuildError, ItemId, Problem, ProblemBuilder};

/// n primary items and one option per nonempty subset of them.
///
/// # Errors
/// None for valid arguments; the builder's errors are passed on.
pub fn set_partitions(n: usize) -> Result<Problem, BuildError> {
    let mut builder = ProblemBuilder::new();
    let items = builder.primary_items(n);
    for mask in 1u64..(1 << n) {
        let subset =
            items.iter().enumerate().filter(|&(k, _)| mask >> k & 1 == 1).map(|(_, &item)| item);
        builder.option(subset.collect::<Vec<ItemId>>());
    }
    builder.build()
}

#[allow(dead_code)]
fn main() {
    if let Err(error) = try_main() {
        eprintln!("set_partitions: {error}");
        std::process::exit(2);
    }
}

fn try_main() -> Result<(), Box<dyn std::error::Error>> {
    let n: usize = arguments().next().map_or(Ok(10), |arg| arg.parse())?;
    if n > 20 {
        return Err("n must be at most 20".into());
    }
    let problem = set_partitions(n)?;
    if std::env::args().any(|arg| arg == "--dlx") {
        // The problem in Knuth's DLX format, for `dlx` or Knuth's own programs.
        print!("{problem}");
        return Ok(());
    }
    println!("B({n}) = {}", problem.solver().count());
    Ok(())
}

/// The command-line arguments but `--dlx` (which prints the problem instead of counting it).
fn arguments() -> impl Iterator<Item = String> {
    std::env::args().skip(1).filter(|arg| arg != "--dlx")
}
