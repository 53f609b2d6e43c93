//! Counts the ways to pack the twelve pentominoes into a box (6×10 by default).
//!
//! Items: the twelve pieces and every cell of the box, all primary; one option per placement of
//! a piece in one of its orientations. Keeping the X piece's centre in one quarter of the box
//! removes the box's mirror images, dividing the count by four for boxes with even sides. Run:
//! `cargo run --release -p dancer --example pentominoes -- 6 10`. Add `--dlx` to print
//! the problem in Knuth's DLX format instead (for `dlx`, or Knuth's programs).

use dancer::{BuildError, Problem, ProblemBuilder};

/// Conway's names and shapes, `#` for a square, rows separated by `/`.
const PIECES: [(&str, &str); 12] = [
    ("F", ".##/##./.#."),
    ("I", "#####"),
    ("L", "####/#..."),
    ("N", "##../.###"),
    ("P", "##/##/#."),
    ("T", "###/.#./.#."),
    ("U", "#.#/###"),
    ("V", "#../#../###"),
    ("W", "#../##./.##"),
    ("X", ".#./###/.#."),
    ("Y", "####/.#.."),
    ("Z", "##./.#./.##"),
];

/// The pentomino packing of a `rows`×`cols` box; with `x_in_quarter`, the X piece's centre is
/// kept strictly inside the top-left quarter.
///
/// # Errors
/// None for valid arguments; the builder's errors are passed on.
pub fn pentominoes(rows: usize, cols: usize, x_in_quarter: bool) -> Result<Problem, BuildError> {
    let mut builder = ProblemBuilder::new();
    for (name, _) in PIECES {
        builder.primary(name);
    }
    for r in 0..rows {
        for c in 0..cols {
            builder.primary(format!("{r}_{c}"));
        }
    }
    for (name, picture) in PIECES {
        for shape in orientations(picture) {
            let height = shape.iter().map(|&(r, _)| r).max().unwrap_or(0) + 1;
            let width = shape.iter().map(|&(_, c)| c).max().unwrap_or(0) + 1;
            for dr in 0..=rows.saturating_sub(height) {
                for dc in 0..=cols.saturating_sub(width) {
                    if height > rows || width > cols {
                        continue;
                    }
                    // X is symmetric, so its only shape has its centre at (1, 1).
                    if name == "X"
                        && x_in_quarter
                        && (2 * (dr + 1) >= rows - 1 || 2 * (dc + 1) >= cols - 1)
                    {
                        continue;
                    }
                    let cells = shape.iter().map(|&(r, c)| format!("{}_{}", r + dr, c + dc));
                    builder.option_named(std::iter::once(name.to_owned()).chain(cells));
                }
            }
        }
    }
    builder.build()
}

/// The distinct rotations and reflections of a piece, each as sorted cells moved to the origin.
fn orientations(picture: &str) -> Vec<Vec<(usize, usize)>> {
    let cells: Vec<(i32, i32)> = (0..)
        .zip(picture.split('/'))
        .flat_map(|(r, row)| {
            (0..).zip(row.chars()).filter(|&(_, ch)| ch == '#').map(move |(c, _)| (r, c))
        })
        .collect();
    let mut shapes: Vec<Vec<(usize, usize)>> = Vec::new();
    for flip in [false, true] {
        for turn in 0..4 {
            let moved = cells.iter().map(|&(r, c)| {
                let (mut r, mut c) = if flip { (r, -c) } else { (r, c) };
                for _ in 0..turn {
                    (r, c) = (c, -r);
                }
                (r, c)
            });
            let moved: Vec<(i32, i32)> = moved.collect();
            let top = moved.iter().map(|p| p.0).min().unwrap_or(0);
            let left = moved.iter().map(|p| p.1).min().unwrap_or(0);
            let mut shape: Vec<(usize, usize)> = moved
                .iter()
                .map(|&(r, c)| {
                    ((r - top).unsigned_abs() as usize, (c - left).unsigned_abs() as usize)
                })
                .collect();
            shape.sort_unstable();
            if !shapes.contains(&shape) {
                shapes.push(shape);
            }
        }
    }
    shapes
}

#[allow(dead_code)]
fn main() {
    if let Err(error) = try_main() {
        eprintln!("pentominoes: {error}");
        std::process::exit(2);
    }
}

fn try_main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = arguments();
    let rows = args.next().map_or(Ok(6), |arg| arg.parse())?;
    let cols = args.next().map_or(Ok(10), |arg| arg.parse())?;
    let quarter = args.next().is_some_and(|arg| arg == "--x-quarter");
    let problem = pentominoes(rows, cols, quarter)?;
    if std::env::args().any(|arg| arg == "--dlx") {
        // The problem in Knuth's DLX format, for `dlx` or Knuth's own programs.
        print!("{problem}");
        return Ok(());
    }
    let mut solver = problem.solver();
    let count = solver.count();
    let stats = solver.stats();
    println!(
        "pentominoes in a {rows}x{cols} box: {count} packings, {} nodes, {} updates",
        stats.nodes(),
        stats.updates()
    );
    Ok(())
}

/// The command-line arguments but `--dlx` (which prints the problem instead of counting it).
fn arguments() -> impl Iterator<Item = String> {
    std::env::args().skip(1).filter(|arg| arg != "--dlx")
}
