//! The peer command's work, shared by `peer_sudoku` and `floor_sudoku` so that the floor row
//! times exactly the same solving: each 81-character line of `text` solved by the crates.io
//! `sudoku` 0.8 crate, its solution or `invalid`, `none`, `multiple` written a line each.

use std::io::Write;

use sudoku::Sudoku;

/// Solves each nonempty line of `text` and writes the answers to standard output.
pub(crate) fn solve_lines(text: &str) {
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
