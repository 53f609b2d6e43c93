//! Counts the ways to pack the twelve pentominoes into a box (10×6 by default), in all and
//! up to the box's symmetries, and prints the first. Run:
//! `cargo run --release -p dancer-tiling --example pentominoes -- 10 6`. Add `--dlx` to print
//! the problem in Knuth's DLX format instead (for `dlx`, or Knuth's programs).

use dancer_tiling::{sets, Board, Tiling};

fn main() {
    if let Err(error) = try_main() {
        eprintln!("pentominoes: {error}");
        std::process::exit(2);
    }
}

fn try_main() -> Result<(), Box<dyn std::error::Error>> {
    let mut numbers = std::env::args().skip(1).filter(|arg| !arg.starts_with("--"));
    let width = numbers.next().map_or(Ok(10), |arg| arg.parse())?;
    let height = numbers.next().map_or(Ok(6), |arg| arg.parse())?;
    let tiling = Tiling::new(Board::rectangle(width, height), sets::pentominoes())?;
    if std::env::args().any(|arg| arg == "--dlx") {
        print!("{}", tiling.encode()?.problem);
        return Ok(());
    }
    let up_to = tiling.count_up_to_symmetry()?;
    println!(
        "pentominoes in a {width}x{height} box: {} packings, {} up to its {} symmetries",
        tiling.count()?,
        up_to.orbits,
        up_to.group
    );
    if let Some(first) = tiling.solutions(false)?.next() {
        print!("{}", first.to_text(&tiling));
    }
    Ok(())
}
