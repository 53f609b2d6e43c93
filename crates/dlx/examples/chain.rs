//! A chain of n primary items `x1 … xn`, each option a link `{xi, xi+1}`: the perfect matchings
//! of a path, one when n is even and none when it is odd. The search is a single forced line
//! n/2 levels deep, so it costs almost nothing, while the problem has as many items as one
//! likes: the case where whatever a search does per node in proportion to the number of items
//! (the key of a memoised count, say) dominates. Run:
//! `cargo run --release -p dancer --example chain -- 200001` (add `--memo` to count with a
//! table, or `--dlx` to print the problem in Knuth's DLX format instead, for `dlx`).

use dancer::{BuildError, Memo, Problem, ProblemBuilder};

/// The chain of `n` items, item `k` (from 1) named `xk`.
///
/// # Errors
/// None for valid arguments; the builder's errors are passed on.
pub fn chain(n: usize) -> Result<Problem, BuildError> {
    let mut builder = ProblemBuilder::new();
    let items: Vec<_> = (1..=n).map(|k| builder.primary(format!("x{k}"))).collect();
    for pair in items.windows(2) {
        builder.option([pair[0], pair[1]]);
    }
    builder.build()
}

#[allow(dead_code)]
fn main() {
    if let Err(error) = try_main() {
        eprintln!("chain: {error}");
        std::process::exit(2);
    }
}

fn try_main() -> Result<(), Box<dyn std::error::Error>> {
    let n = std::env::args().skip(1).find(|arg| !arg.starts_with("--"));
    let n = n.map_or(Ok(10), |arg| arg.parse())?;
    let problem = chain(n)?;
    if std::env::args().any(|arg| arg == "--dlx") {
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
    println!("matchings of a chain of {n}: {count} ({} nodes)", stats.nodes());
    Ok(())
}
