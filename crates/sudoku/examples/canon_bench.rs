//! Canonicalises grids and reports the rate on stderr; with `--print`, writes each canonical
//! form to stdout. Grids come from a file in the line format, one per line, N² symbols each
//! (boxes: the most nearly square R×C for N, so 3×3 for 9, 2×3 for 6), or are made at random:
//! a solution of the blank grid moved by random transforms, keeping GIVENS random cells (all
//! when omitted). Run:
//! `cargo run --release -p dancer-sudoku --example canon_bench -- FILE [--print]` or
//! `cargo run --release -p dancer-sudoku --example canon_bench -- --random N COUNT [GIVENS]`.

use std::{
    collections::HashSet,
    error::Error,
    io::{BufWriter, Write},
    time::Instant,
};

use dancer_sudoku::{canonical, digit_of, Grid, Rules, Transform, Variant, Verdict};
use rand::{seq::SliceRandom, SeedableRng};
use rand_chacha::ChaCha8Rng;

const USAGE: &str = "usage: canon_bench FILE [--print] | canon_bench --random N COUNT [GIVENS]";

fn main() {
    if let Err(error) = try_main() {
        eprintln!("canon_bench: {error}");
        std::process::exit(2);
    }
}

fn try_main() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let print = args.iter().any(|a| a == "--print");
    let grids = match args.first().map(String::as_str) {
        Some("--random") => {
            let number = |k: usize| args.get(k).map(|a| a.parse::<usize>()).transpose();
            let n = number(1)?.ok_or(USAGE)?;
            random(n, number(2)?.unwrap_or(100), number(3)?.unwrap_or(n * n))?
        }
        Some(path) => read(path)?,
        None => return Err(USAGE.into()),
    };
    let shapes = (0..=64)
        .map(|n| Variant::standard(n.max(1)).ok().and_then(|v| v.box_shape()).unwrap_or((1, n)))
        .collect::<Vec<_>>();
    // Reading and making grids is not timed: the rate is the canonical search's alone.
    let started = Instant::now();
    let mut forms = Vec::with_capacity(grids.len());
    for grid in &grids {
        let (rows, cols) = shapes[grid.size()];
        forms.push(canonical(grid, rows, cols));
    }
    let seconds = started.elapsed().as_secs_f64();
    let count = grids.len();
    let distinct = forms.iter().collect::<HashSet<_>>().len();
    let fixed = grids.iter().zip(&forms).filter(|(g, f)| g == f).count();
    eprintln!(
        "{count} grids in {seconds:.3} s: {:.0} grids/s, {:.2} us each; {distinct} distinct \
         forms, {fixed} already canonical",
        count as f64 / seconds,
        seconds * 1e6 / count.max(1) as f64
    );
    if print {
        let mut out = BufWriter::new(std::io::stdout().lock());
        for form in &forms {
            writeln!(out, "{form}")?;
        }
        out.flush()?;
    }
    Ok(())
}

/// The grids of a line-format file (anything after a `:` on a line is ignored).
fn read(path: &str) -> Result<Vec<Grid>, Box<dyn Error>> {
    let text = std::fs::read_to_string(path)?;
    let mut grids = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.split(':').next().unwrap_or("").trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let cells: Option<Vec<u8>> = line.chars().map(digit_of).collect();
        let cells = cells.ok_or_else(|| format!("line {}: not a grid", number + 1))?;
        let n = (1..=64).find(|n| n * n == cells.len());
        let n = n.ok_or_else(|| format!("line {}: not N² cells", number + 1))?;
        grids.push(Grid::from_cells(n, cells));
    }
    Ok(grids)
}

/// `count` grids of size `n` keeping `givens` cells each, from a fixed seed so runs compare.
fn random(n: usize, count: usize, givens: usize) -> Result<Vec<Grid>, Box<dyn Error>> {
    let variant = Variant::standard(n)?;
    let (rows, cols) = variant.box_shape().ok_or("no boxes")?;
    let rules = Rules::from_variant(variant);
    let Ok(Verdict::Solved(seed)) =
        rules.solver().solve(&Grid::empty(n)).map(|report| report.verdict)
    else {
        return Err("the blank grid has no solution".into());
    };
    let mut rng = ChaCha8Rng::seed_from_u64(2024);
    let mut cells: Vec<usize> = (0..n * n).collect();
    let mut grids = Vec::with_capacity(count);
    for _ in 0..count {
        let mut grid = Transform::random(&mut rng, n, rows, cols).apply(&seed);
        cells.shuffle(&mut rng);
        for &cell in &cells[givens.min(n * n)..] {
            grid.set(cell, None);
        }
        grids.push(grid);
    }
    Ok(grids)
}
