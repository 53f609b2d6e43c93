//! Solves 9×9 puzzles in the line format, one per line, printing each solution (or `none` /
//! `invalid`) and a summary on stderr: the library without the CLI around it. Run:
//! `cargo run --release -p dancer-sudoku --example solve_lines -- puzzles.txt`.

use std::{
    error::Error,
    io::{BufWriter, Write},
    time::Instant,
};

use dancer_sudoku::{digit_of, Grid, Rules, Variant, Verdict};

fn main() {
    if let Err(error) = try_main() {
        eprintln!("solve_lines: {error}");
        std::process::exit(2);
    }
}

fn try_main() -> Result<(), Box<dyn Error>> {
    let path = std::env::args().nth(1).ok_or("usage: solve_lines FILE")?;
    let text = std::fs::read_to_string(path)?;
    let rules = Rules::from_variant(Variant::standard(9)?);
    let mut solver = rules.solver();
    let mut out = BufWriter::new(std::io::stdout().lock());
    let (mut puzzles, mut nodes, mut updates) = (0u64, 0u64, 0u64);
    let started = Instant::now();
    for line in text.lines().filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let cells: Option<Vec<u8>> = line.chars().take(81).map(digit_of).collect();
        let Some(cells) = cells.filter(|c| c.len() == 81 && c.iter().all(|&d| d <= 9)) else {
            writeln!(out, "error")?;
            continue;
        };
        let report = solver.solve_unique(&Grid::from_cells(9, cells))?;
        puzzles += 1;
        nodes += report.stats.nodes();
        updates += report.stats.updates();
        match report.verdict {
            Verdict::Unique(grid) | Verdict::Multiple(grid) | Verdict::Solved(grid) => {
                writeln!(out, "{grid}")?;
            }
            Verdict::None => writeln!(out, "none")?,
            Verdict::Invalid(_) => writeln!(out, "invalid")?,
        }
    }
    out.flush()?;
    let seconds = started.elapsed().as_secs_f64();
    let per = seconds * 1e6 / puzzles.max(1) as f64;
    let each = puzzles.max(1);
    eprintln!(
        "{puzzles} puzzles in {seconds:.3} s: {per:.2} us, {} nodes, {} updates each",
        nodes / each,
        updates / each
    );
    Ok(())
}
