//! The crates.io `sudoku` 0.8 crate as a command, for the start-up rows of `benches/peers.rs`:
//! `peer_sudoku FILE` solves each 81-character line of FILE and checks that the solution is
//! unique, as `sudoku solve FILE` does with ours, printing the solution or `none` /
//! `multiple` per line.

#[path = "common/peer_lines.rs"]
mod peer_lines;

fn main() {
    let path = std::env::args().nth(1).expect("usage: peer_sudoku FILE");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    peer_lines::solve_lines(&text);
}
