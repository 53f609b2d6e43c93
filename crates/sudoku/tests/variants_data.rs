//! The published variant puzzles in `../shared/data/variants/` (skipped with a note when
//! absent): every puzzle read, solved on the engine, proved unique, and its solution equal to
//! the published one; the number per file is printed and checked.

use dancer_sudoku::{andoku, janko_killer, krazydad_killer, ReadError, Record};

use crate::fixtures::{lines, read, shared};

/// Reads every puzzle line of `file` with `reader`, and checks each: unique, and the published
/// solution. Returns how many were checked.
fn check_file(file: &str, reader: fn(&str) -> Result<Record, ReadError>) -> Option<usize> {
    let path = shared(&format!("variants/{file}"))?;
    let text = read(&path);
    let started = std::time::Instant::now();
    let mut checked = 0;
    for (k, line) in lines(&text).enumerate() {
        let record = reader(line).unwrap_or_else(|e| panic!("{file}: puzzle {}: {e}", k + 1));
        let encoded = record.model.encode().unwrap_or_else(|e| panic!("{}: {e}", record.name));
        let mut solver = encoded.problem().solver();
        // One search: the first solution, then on to prove there is no second.
        let found: Vec<_> = solver.solutions().take(2).collect();
        assert_eq!(found.len(), 1, "{}: {} solutions", record.name, found.len());
        let grid: Vec<u8> = encoded.grid(&found[0]).into_iter().map(Option::unwrap).collect();
        assert_eq!(Some(grid), record.solution, "{}: not the published solution", record.name);
        checked += 1;
    }
    eprintln!("{file}: {checked} solved, unique and as published in {:.2?}", started.elapsed());
    Some(checked)
}

#[test]
fn janko_killers_are_solved_unique_and_as_published() {
    if let Some(checked) = check_file("janko_killer.txt", janko_killer) {
        assert_eq!(checked, 810);
    }
}

#[test]
fn krazydad_killers_are_solved_unique_and_as_published() {
    if let Some(checked) = check_file("krazydad_killer_9x9.txt", krazydad_killer) {
        assert_eq!(checked, 8_000);
    }
}

/// Andoku's 5 000 (standard and squiggly, with no extra regions, diagonals, hyper windows,
/// percent and colour regions): the curator's solutions, unique under Andoku's definitions.
#[test]
fn andoku_variants_are_solved_unique_and_as_published() {
    if let Some(checked) = check_file("andoku_variants_9x9.txt", andoku) {
        assert_eq!(checked, 5_000);
    }
}
