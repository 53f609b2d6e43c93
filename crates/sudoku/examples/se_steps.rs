//! Prints the path Sudoku Explainer's order takes through 9×9 puzzles (one per line of a file):
//! per puzzle `ER/EP/ED`, then each step with its price, technique, placements, eliminations
//! and sentence. A change meant to speed the rating up must leave this output byte-identical
//! (issue 37, docs/PERFORMANCE.md). Run:
//! `cargo run --release -p dancer-sudoku --example se_steps -- puzzles.txt`.

use std::{
    error::Error,
    io::{BufWriter, Write},
};

use dancer_sudoku::{digit_of, tenths, Grid, ScaleSolver, Variant};

fn main() {
    if let Err(error) = try_main() {
        eprintln!("se_steps: {error}");
        std::process::exit(2);
    }
}

fn try_main() -> Result<(), Box<dyn Error>> {
    let path = std::env::args().nth(1).ok_or("usage: se_steps FILE")?;
    let text = std::fs::read_to_string(path)?;
    let solver = ScaleSolver::new(&Variant::standard(9)?);
    let mut out = BufWriter::new(std::io::stdout().lock());
    for line in text.lines().filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let cells: Option<Vec<u8>> = line.chars().take(81).map(digit_of).collect();
        let Some(cells) = cells.filter(|c| c.len() == 81 && c.iter().all(|&d| d <= 9)) else {
            writeln!(out, "error")?;
            continue;
        };
        let Ok(path) = solver.solve(&Grid::from_cells(9, cells)) else {
            writeln!(out, "invalid")?;
            continue;
        };
        writeln!(out, "{} {line}", path.rating())?;
        for (step, price) in &path.steps {
            writeln!(
                out,
                "  {} {:?} +{:?} -{:?} {}",
                tenths(*price),
                step.technique,
                step.placements,
                step.eliminations,
                step.explanation
            )?;
        }
    }
    out.flush()?;
    Ok(())
}
