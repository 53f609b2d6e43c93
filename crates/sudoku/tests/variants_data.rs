//! The published variant puzzles in `../shared/data/variants/` (ignored unless asked for, as
//! they need the data): every puzzle read, solved on the engine, proved unique, and its solution equal to
//! the published one; the number per file (or `janko_puzzlekit` kind) is printed and checked.

use dancer_sudoku::{
    andoku, janko_jigsaw, janko_killer, janko_puzzles, janko_sudoku, krazydad_16x16,
    krazydad_killer, JankoKind, Layout, ReadError, Record, Rules, Verdict,
};

use std::path::Path;

use rayon::prelude::*;

use crate::fixtures::{lines, read, shared};

/// Reads every puzzle line of `file` with `reader`, and checks each: unique, and the published
/// solution. Returns how many were checked.
fn check_file(file: &str, reader: fn(&str) -> Result<Record, ReadError>) -> usize {
    let path = shared(&format!("variants/{file}"));
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
    checked
}

#[test]
#[ignore = "needs ../shared/data"]
fn janko_killers_are_solved_unique_and_as_published() {
    assert_eq!(check_file("janko_killer.txt", janko_killer), 810);
}

#[test]
#[ignore = "needs ../shared/data"]
fn krazydad_killers_are_solved_unique_and_as_published() {
    assert_eq!(check_file("krazydad_killer_9x9.txt", krazydad_killer), 8_000);
}

/// Andoku's 5 000 (standard and squiggly, with no extra regions, diagonals, hyper windows,
/// percent and colour regions): the curator's solutions, unique under Andoku's definitions.
#[test]
#[ignore = "needs ../shared/data"]
fn andoku_variants_are_solved_unique_and_as_published() {
    assert_eq!(check_file("andoku_variants_9x9.txt", andoku), 5_000);
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
#[ignore = "needs ../shared/data"]
fn janko_puzzlekit_kinds_are_solved_unique_and_as_published() {
    let root = shared("variants/janko_puzzlekit");
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

/// The clueless-2 sudokus need locked candidates between the tenth grid and the nine others:
/// with the options they exclude struck out before the search (`Model::encode`, a model of
/// regions alone) the 40 take 114 153 nodes; without, 13.7 million, two of them over 4.5
/// million each (docs/PERFORMANCE.md). The bound fails if the reduction is dropped.
#[test]
#[ignore = "needs ../shared/data"]
fn clueless_2_sudokus_need_few_nodes_once_reduced() {
    let root = shared("variants/janko_puzzlekit");
    let problems = read(&root.join("Clueless2Sudoku/problems/Clueless2Sudoku_puzzles.json"));
    let records = janko_puzzles(JankoKind::Multi(Layout::Clueless2), &problems, None).unwrap();
    let mut nodes = 0;
    for record in records.iter().map(|r| r.as_ref().unwrap()) {
        assert!(record.model.worth_reducing(), "{}", record.name);
        let encoded = record.model.encode().unwrap();
        let mut solver = encoded.problem().solver();
        assert_eq!(solver.count_up_to(2), 1, "{}", record.name);
        assert!(solver.stats().nodes() < 100_000, "{}: {:?}", record.name, solver.stats());
        nodes += solver.stats().nodes();
    }
    assert!(nodes < 1_000_000, "{nodes} nodes");
}

/// The plain variants of a flat file, on all cores, through the bitmask solver as a plain
/// model goes (`Model::variant`): each unique, and as published when the file has
/// solutions. Returns how many.
fn check_plain(file: &str, reader: fn(&str) -> Result<Record, ReadError>) -> usize {
    let path = shared(&format!("variants/{file}"));
    let text = read(&path);
    let started = std::time::Instant::now();
    let lines: Vec<&str> = lines(&text).collect();
    lines.par_iter().enumerate().for_each(|(k, line)| {
        let record = reader(line).unwrap_or_else(|e| panic!("{file}: puzzle {}: {e}", k + 1));
        let variant = record.model.variant().expect("a plain variant");
        let grid = record.model.givens_grid().expect("one grid");
        let template = Rules::from_variant(variant);
        let Verdict::Unique(found) = template.solver().solve_unique(&grid).unwrap().verdict else {
            panic!("{file} {}: not unique", record.name);
        };
        assert!(template.variant().unwrap().is_solution(&found), "{}", record.name);
        if let Some(published) = &record.solution {
            assert_eq!(found.cells(), &published[..], "{file} {}: not as published", record.name);
        }
    });
    eprintln!("{file}: {} solved and unique in {:.2?}", lines.len(), started.elapsed());
    lines.len()
}

/// janko.at's 680 jigsaws (4x4 to 9x9; the 15 jigsaw-X with their diagonals) and 125 sudokus
/// (124 16x16 and one 9x9), as published.
#[test]
#[ignore = "needs ../shared/data"]
fn janko_flat_files_are_solved_unique_and_as_published() {
    assert_eq!(check_plain("janko_jigsaw.txt", janko_jigsaw), 680);
    assert_eq!(check_plain("janko_sudoku_16x16.txt", janko_sudoku), 125);
}

/// krazydad's 22 400 16x16 sudokus come without solutions: each is solved and unique, as their
/// author says.
#[test]
#[ignore = "needs ../shared/data"]
fn krazydad_16x16_are_solved_and_unique() {
    assert_eq!(check_plain("krazydad_16x16.txt", krazydad_16x16), 22_400);
}
