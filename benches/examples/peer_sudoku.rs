//! The crates.io `sudoku` 0.8 crate as a command, for the start-up rows of `benches/peers.rs`:
//! `peer_sudoku FILE` solves each 81-character line of FILE and checks that the solution is
//! unique, as `sudoku solve FILE` does with ours, printing the solution or `none` /
//! `multiple` per line.

use std::io::Write;

use sudoku::Sudoku;

fn main() {
    let path = std::env::args().nth(1).expect("usage: peer_sudoku FILE");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
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
