//! The published variant puzzles in `../shared/data/variants/` (skipped with a note when
//! absent): every puzzle read, solved on the engine, proved unique, and its solution equal to
//! the published one; the number per file (or `janko_puzzlekit` kind) is printed and checked.

use dancer_sudoku::{
    andoku, janko_killer, janko_puzzles, krazydad_killer, JankoKind, ReadError, Record,
};

use std::path::Path;

use rayon::prelude::*;

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

/// Every puzzle of one `janko_puzzlekit` kind with its published solution, on all cores: each
/// solved, unique and as published. Returns how many.
fn check_janko(root: &Path, directory: &str) -> usize {
    let kind: JankoKind = directory.parse().unwrap();
    assert_eq!(kind.directory(), directory);
    let file = |part: &str, name: &str| {
        read(&root.join(format!("{directory}/{part}/{directory}_{name}.json")))
    };
    let started = std::time::Instant::now();
    let (problems, solutions) = (file("problems", "puzzles"), file("solutions", "solutions"));
    let records = janko_puzzles(kind, &problems, Some(&solutions)).unwrap();
    records.par_iter().for_each(|record| {
        let record = record.as_ref().unwrap_or_else(|e| panic!("{directory}: {e}"));
        let encoded = record.model.encode().unwrap_or_else(|e| panic!("{}: {e}", record.name));
        let found: Vec<_> = encoded.problem().solver().solutions().take(2).collect();
        assert_eq!(found.len(), 1, "{directory} {}: {} solutions", record.name, found.len());
        // Unused cells of a multi-grid are 0 in a published solution.
        let grid: Vec<u8> = encoded.grid(&found[0]).into_iter().map(|d| d.unwrap_or(0)).collect();
        assert_eq!(Some(grid), record.solution, "{directory} {}: not as published", record.name);
    });
    eprintln!(
        "{directory}: {} solved, unique and as published in {:.2?}",
        records.len(),
        started.elapsed()
    );
    records.len()
}

/// The puzzles of every kind of `janko_puzzlekit` (skyscrapers refused by name), with their
/// published solutions: the number per kind checked. The 14 Killer-X and 15 jigsaw-X keys are
/// unique only with their diagonals, the clueless ones only with their tenth grid.
#[test]
fn janko_puzzlekit_kinds_are_solved_unique_and_as_published() {
    let Some(root) = shared("variants/janko_puzzlekit") else { return };
    let expected = [
        ("Sudoku", 125),
        ("JigsawSudoku", 680),
        ("KillerSudoku", 810),
        ("ConsecutiveSudoku", 211),
        ("EvenOddSudoku", 129),
        ("MarginSudoku", 149),
        ("ButterflySudoku", 77),
        ("SamuraiSudoku", 272),
        ("SoheiSudoku", 120),
        ("WindmillSudoku", 150),
        ("SumoSudoku", 110),
        ("ShogunSudoku", 90),
        ("Gattai8Sudoku", 120),
        ("Clueless1Sudoku", 29),
        ("Clueless2Sudoku", 40),
    ];
    for (directory, count) in expected {
        assert_eq!(check_janko(&root, directory), count, "{directory}");
    }
    let problems = read(&root.join("SkyscraperSudoku/problems/SkyscraperSudoku_puzzles.json"));
    let refused = janko_puzzles(JankoKind::Skyscraper, &problems, None).unwrap_err();
    assert!(refused.message.starts_with("skyscraper sudoku is not supported"), "{refused}");
}
