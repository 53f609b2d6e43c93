//! The start-up floor of a command built on the required crates, for the start-up rows of
//! `benches/peers.rs`: `floor_sudoku solve FILE` is `peer_sudoku FILE` (the crates.io `sudoku`
//! 0.8 crate solving each line) with what every dancer command has before any work of its
//! own: mimalloc as the global allocator and clap parsing a subcommand. Its ratio to
//! `peer_sudoku` is the least a dancer command can show against the peer on one puzzle.

use std::io::Write;

use clap::Parser;
use sudoku::Sudoku;

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Solves sudoku puzzles, one per line.
#[derive(Parser)]
struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand)]
enum Command {
    /// Solve each puzzle of FILE.
    Solve {
        /// The puzzles, 81 characters a line.
        file: String,
        /// Threads (unused: one puzzle needs one).
        #[arg(long)]
        jobs: Option<usize>,
    },
}

fn main() {
    let Command::Solve { file, .. } = Args::parse().command;
    let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{file}: {e}"));
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for line in text.lines().filter(|line| !line.is_empty()) {
        let answer = match Sudoku::from_str_line(line) {
            Err(_) => "invalid".to_owned(),
            Ok(puzzle) => match puzzle.solution() {
                Some(solution) => solution.to_str_line().to_string(),
                None if puzzle.some_solution().is_some() => "multiple".to_owned(),
                None => "none".to_owned(),
            },
        };
        writeln!(out, "{answer}").expect("stdout");
    }
}
