//! The start-up floor of a command built on the required crates, for the start-up rows of
//! `benches/peers.rs`: `floor_sudoku solve FILE` is `peer_sudoku FILE` (the crates.io `sudoku`
//! 0.8 crate solving each line) with what every dancer command has before any work of its
//! own: mimalloc as the global allocator and clap parsing a subcommand. Its ratio to
//! `peer_sudoku` is the least a dancer command can show against the peer on one puzzle.

use clap::Parser;

#[path = "common/peer_lines.rs"]
mod peer_lines;

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
    peer_lines::solve_lines(&text);
}
