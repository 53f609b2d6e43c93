//! The logical solver against the exact-cover solver. Every step is replayed against the unique
//! solution: a placement must be the solution's digit and an elimination must never remove it.
//! The puzzles are the classic list, the tdoku sets, the autopear presets (4×4 to 25×25,
//! jigsaw, hyper), janko's jigsaws and 16×16s, andoku's X, hyper, percent and colour variants
//! (from `../shared/data`, skipped with a note when absent), and random unique puzzles of sizes
//! 4, 6 and 9, X and hyper. A release-only test then measures the solver's strength against the
//! `sudoku` crate's share.

use std::path::PathBuf;
use std::time::Instant;

use dancer_sudoku::generate::rng_for;
use dancer_sudoku::{
    parse_puzzle, Generator, Grid, LogicSolver, Rules, TechniqueKind, Template, Variant, Verdict,
};
use proptest::prelude::*;
use proptest::test_runner::Config;

use crate::checker::{cells, is_valid_solution, keeps_givens};
use crate::fixtures::{lines, read, shared};

/// The unique solution of `puzzle`, by exact cover.
pub(crate) fn unique(template: &Template, puzzle: &Grid) -> Grid {
    let rules = Rules::from_variant(template.variant().clone());
    match rules.solver().solve_unique(puzzle).unwrap().verdict {
        Verdict::Unique(solution) => solution,
        other => panic!("{puzzle}: not unique: {other:?}"),
    }
}

/// Where a checked logical solve ended.
struct Replayed {
    solved: bool,
    hardest: Option<TechniqueKind>,
}

/// Solves `puzzle` logically one step at a time, checking each step against `solution`:
/// placements are the solution's digits in blank cells, eliminations remove present candidates
/// that the solution does not need.
fn replay(solver: &LogicSolver, puzzle: &Grid, solution: &Grid) -> Replayed {
    let mut candidates = solver.candidates(puzzle).expect("valid givens");
    let mut hardest = None;
    while let Some(step) = solver.next_step(&candidates) {
        assert!(!step.placements.is_empty() || !step.eliminations.is_empty(), "{step:?}");
        assert!(!step.explanation.is_empty(), "{step:?}");
        for &(cell, digit) in &step.placements {
            assert_eq!(solution.get(cell), Some(digit), "{puzzle}: {step}\n{candidates:?}");
            assert_eq!(candidates.digit(cell), None, "{puzzle}: {step}");
        }
        for &(cell, digit) in &step.eliminations {
            assert_ne!(solution.get(cell), Some(digit), "{puzzle}: {step}\n{candidates:?}");
            assert!(candidates.candidates(cell) >> (digit - 1) & 1 == 1, "{puzzle}: {step}");
        }
        candidates.apply(&step);
        hardest = hardest.max(Some(step.technique));
    }
    let solved = candidates.is_solved();
    if solved {
        assert_eq!(&candidates.grid(), solution, "{puzzle}");
    }
    Replayed { solved, hardest }
}

/// Replays every puzzle of `list` (puzzle, solution if listed) under `variant`; returns how
/// many logic solved.
fn replay_all(variant: &Variant, list: impl IntoIterator<Item = (Grid, Option<Grid>)>) -> usize {
    let template = Template::new(variant.clone());
    let solver = LogicSolver::new(variant);
    let mut solved = 0;
    for (puzzle, listed) in list {
        let solution = unique(&template, &puzzle);
        if let Some(listed) = listed {
            assert_eq!(solution, listed, "{puzzle}");
        }
        solved += usize::from(replay(&solver, &puzzle, &solution).solved);
    }
    solved
}

fn grid(line: &str, n: usize) -> Grid {
    Grid::from_cells(n, cells(line, n))
}

#[test]
fn classic_puzzles_step_soundly() {
    let text = include_str!("../../../data/puzzles/classic.txt");
    let list: Vec<(Grid, Option<Grid>)> = lines(text)
        .map(|line| line.split(':').collect::<Vec<_>>())
        .filter(|fields| fields[1] == "1")
        .map(|fields| (grid(fields[0], 9), Some(grid(fields[2], 9))))
        .collect();
    assert!(list.len() >= 6);
    let solved = replay_all(&Variant::standard(9).unwrap(), list);
    // The easy one and the contest one need no more than the techniques here.
    assert!(solved >= 2, "{solved}");
}

/// The first `take` puzzles of a tdoku file, replayed; returns (solved, replayed).
fn tdoku(file: &str, take: usize) -> (usize, usize) {
    let text = read(&shared(&format!("puzzles/{file}")));
    let list: Vec<(Grid, Option<Grid>)> =
        lines(&text).take(take).map(|line| (grid(&line[..81], 9), None)).collect();
    let count = list.len();
    (replay_all(&Variant::standard(9).unwrap(), list), count)
}

#[test]
#[ignore = "needs ../shared/data"]
fn seventeen_clue_puzzles_step_soundly() {
    let (solved, count) = tdoku("tdoku_17_clue.txt", 2000);
    eprintln!("17-clue: logic solves {solved} of the first {count}");
    assert_eq!(count, 2000);
}

#[test]
#[ignore = "needs ../shared/data"]
fn magictour_puzzles_step_soundly() {
    let (solved, count) = tdoku("tdoku_magictour_top1465.txt", usize::MAX);
    eprintln!("magictour top 1465: logic solves {solved} of {count}");
    assert_eq!(count, 1465);
}

/// The puzzles of a preset folder, sorted by name.
fn presets(folder: &str) -> Vec<Grid> {
    let dir = shared(&format!("autopear/Presets/{folder}"));
    let mut paths: Vec<PathBuf> =
        std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    paths.sort();
    paths.iter().map(|p| parse_puzzle(&read(p)).unwrap_or_else(|e| panic!("{e}")).grid).collect()
}

/// "Easy" and "Hard" in the autopear app mean easy and hard for its backtracking search, not
/// for a player: most of its easy presets need more than singles, and many stall every
/// technique here. The floors are this solver's counts; the `sudoku` crate's strategy solver
/// solves 34 and 16.
#[test]
#[ignore = "needs ../shared/data"]
fn autopear_standard_presets_step_soundly() {
    let variant = Variant::standard(9).unwrap();
    let template = Template::new(variant.clone());
    let solver = LogicSolver::new(&variant);
    for (folder, floor) in [("Easy", 43), ("Hard", 18)] {
        let puzzles = presets(&format!("Standard/{folder}"));
        assert_eq!(puzzles.len(), 100);
        let (mut solved, mut by_singles) = (0, 0);
        for puzzle in &puzzles {
            let replayed = replay(&solver, puzzle, &unique(&template, puzzle));
            solved += usize::from(replayed.solved);
            let singles = replayed.hardest <= Some(TechniqueKind::HiddenSingle);
            by_singles += usize::from(replayed.solved && singles);
        }
        eprintln!(
            "autopear Standard/{folder}: logic solves {solved}, {by_singles} by singles alone"
        );
        assert!(solved >= floor, "{folder}: {solved}");
    }
}

#[test]
#[ignore = "needs ../shared/data"]
fn autopear_presets_of_other_sizes_and_shapes_step_soundly() {
    for (preset, board) in [
        ("Small", "Small.board"),
        ("Mini", "Mini.board"),
        ("NPC", "NPC.board"),
        ("Jigsaw", "Jigsaw.board"),
        ("Hyper", "Hyper.board"),
    ] {
        let (puzzles, board) = (presets(preset), shared(&format!("autopear/Boards/{board}")));
        let variant = Variant::from_board(&read(&board)).unwrap();
        let solved = replay_all(&variant, puzzles.into_iter().map(|p| (p, None)));
        eprintln!("autopear {preset}: logic solves {solved} of 1");
    }
}

/// The 25×25 preset that exact cover does not solve in ten minutes falls to logic in
/// milliseconds, with no technique that assumes uniqueness: so its solution is the only one.
#[test]
#[ignore = "needs ../shared/data"]
fn autopear_giant_falls_to_logic() {
    let (puzzles, board) = (presets("Giant"), shared("autopear/Boards/Giant.board"));
    let solver = LogicSolver::new(&Variant::from_board(&read(&board)).unwrap());
    let path = solver.solve(&puzzles[0]).unwrap();
    assert!(path.solved);
    assert!(path.hardest() < Some(TechniqueKind::UniqueRectangle), "{:?}", path.hardest());
    let solution = path.end.grid();
    assert!(
        is_valid_solution(solution.cells(), 25, 5, 5)
            && keeps_givens(puzzles[0].cells(), solution.cells())
    );
}

/// janko's 16×16 puzzles, replayed against their listed solutions (proven unique where the
/// data was collected: exact cover on 16×16 is slow in a debug build).
#[test]
#[ignore = "needs ../shared/data"]
fn janko_16x16_puzzles_step_soundly() {
    let path = shared("variants/janko_sudoku_16x16.txt");
    let text = read(&path);
    let (mut solved, mut count) = (0, 0);
    for line in lines(&text) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let n: usize = fields[0].parse().unwrap();
        let solver = LogicSolver::new(&Variant::standard(n).unwrap());
        solved += usize::from(replay(&solver, &grid(fields[3], n), &grid(fields[4], n)).solved);
        count += 1;
    }
    eprintln!("janko 16x16: logic solves {solved} of {count}");
    assert_eq!(count, 125);
}

#[test]
#[ignore = "needs ../shared/data"]
fn janko_jigsaws_of_sizes_4_to_9_step_soundly() {
    let path = shared("variants/janko_jigsaw.txt");
    let text = read(&path);
    let (mut solved, mut count) = (0, 0);
    for line in lines(&text) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let n: usize = fields[0].parse().unwrap();
        let mut variant = Variant::jigsaw(n, fields[4]).unwrap();
        if Rules::from_variant(variant.clone())
            .solver()
            .count(&grid(fields[3], n), Some(2))
            .unwrap()
            .count
            != 1
        {
            // The jigsaw-X ones of the set: unique once both diagonals count too.
            variant = variant.with_diagonals().unwrap();
        }
        solved += replay_all(&variant, [(grid(fields[3], n), Some(grid(fields[5], n)))]);
        count += 1;
    }
    eprintln!("janko jigsaw: logic solves {solved} of {count}");
    assert_eq!(count, 680);
}

/// The andoku variant of a layout and an extra-region code (see the file's header).
fn andoku(layout: &str, extra: &str, regions: &str) -> Variant {
    let base =
        if layout == "standard" { Variant::standard(9) } else { Variant::jigsaw(9, regions) };
    let base = base.unwrap();
    let window =
        |top: usize, left: usize| (0..9).map(|k| (top + k / 3) * 9 + left + k % 3).collect();
    let extra: Vec<Vec<usize>> = match extra {
        "N" => return base,
        "X" => return base.with_diagonals().unwrap(),
        "H" => vec![window(1, 1), window(1, 5), window(5, 1), window(5, 5)],
        "P" => vec![window(1, 1), window(5, 5), (0..9).map(|r| r * 9 + 8 - r).collect()],
        "C" => (0..9)
            .map(|k| (0..9).map(|b| (b / 3 * 3 + k / 3) * 9 + b % 3 * 3 + k % 3).collect())
            .collect(),
        other => panic!("unknown andoku extra {other}"),
    };
    base.with_regions(extra).unwrap()
}

#[test]
#[ignore = "needs ../shared/data"]
fn andoku_x_hyper_percent_and_colour_variants_step_soundly() {
    let path = shared("variants/andoku_variants_9x9.txt");
    let text = read(&path);
    let mut solved = std::collections::BTreeMap::new();
    for line in lines(&text) {
        let f: Vec<&str> = line.split_whitespace().collect();
        let variant = andoku(f[0], f[1], f[5]);
        let one = replay_all(&variant, [(grid(f[4], 9), Some(grid(f[6], 9)))]);
        *solved.entry(format!("{} {}", f[0], f[1])).or_insert(0) += one;
    }
    eprintln!("andoku: logic solves, of 500 each: {solved:?}");
    assert_eq!(solved.len(), 10);
}

// Random unique puzzles.

/// A small deterministic generator (xorshift64*), seeded by proptest.
struct Rng(u64);

impl Rng {
    fn below(&mut self, bound: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 32) as usize % bound
    }

    fn shuffle<T>(&mut self, list: &mut [T]) {
        for k in (1..list.len()).rev() {
            list.swap(k, self.below(k + 1));
        }
    }
}

/// A random full grid of `template`'s variant and a puzzle cut from it: the generator's full
/// grid, then cells blanked in random order while the puzzle stays unique.
///
/// Not random givens solved by search: a few consistent givens on a near-empty X or hyper
/// grid may have no solution, and proving that took the search minutes for some seeds.
pub(crate) fn random_puzzle(template: &Template, seed: u64) -> (Grid, Grid) {
    let n = template.variant().size();
    let mut rng = Rng(seed | 1);
    let rules = Rules::from_variant(template.variant().clone());
    let mut solver = rules.solver();
    let full = Generator::new(template)
        .full_grid(&mut rng_for(seed, 0))
        .expect("these variants have solutions");
    let mut order: Vec<usize> = (0..n * n).collect();
    rng.shuffle(&mut order);
    let mut puzzle = full.clone();
    for cell in order {
        let digit = puzzle.get(cell);
        puzzle.set(cell, None);
        if solver.count(&puzzle, Some(2)).unwrap().count != 1 {
            puzzle.set(cell, digit);
        }
    }
    (puzzle, full)
}

pub(crate) fn random_variant(pick: usize) -> Variant {
    match pick {
        0 => Variant::standard(4).unwrap(),
        1 => Variant::standard(6).unwrap(),
        2 => Variant::standard(9).unwrap(),
        3 => Variant::standard(9).unwrap().with_diagonals().unwrap(),
        _ => Variant::standard(9).unwrap().with_hyper().unwrap(),
    }
}

proptest! {
    #![proptest_config(Config { cases: 160, ..Config::default() })]

    #[test]
    fn random_unique_puzzles_step_soundly(pick in 0..5usize, seed: u64) {
        let variant = random_variant(pick);
        let template = Template::new(variant.clone());
        let (puzzle, full) = random_puzzle(&template, seed);
        prop_assert_eq!(unique(&template, &puzzle), full.clone());
        replay(&LogicSolver::new(&variant), &puzzle, &full);
        // With Sudoku Explainer's direct techniques too, tried before the plain ones.
        replay(&LogicSolver::with_techniques(&variant, &TechniqueKind::ALL), &puzzle, &full);
    }
}

// Strength.

#[test]
#[ignore = "needs ../shared/data"]
fn logic_solves_at_least_as_many_as_the_sudoku_crate() {
    // The `sudoku` 0.8 crate's 16-strategy solver: 42 828 of 49 158 and 323 of 1 465.
    for (file, total, floor) in
        [("tdoku_17_clue.txt", 49_158, 42_828), ("tdoku_magictour_top1465.txt", 1465, 323)]
    {
        let path = shared(&format!("puzzles/{file}"));
        let text = read(&path);
        let puzzles: Vec<Grid> = lines(&text).map(|line| grid(&line[..81], 9)).collect();
        assert_eq!(puzzles.len(), total);
        let solver = LogicSolver::new(&Variant::standard(9).unwrap());
        let mut hardest = std::collections::BTreeMap::new();
        let mut solved = 0usize;
        let started = Instant::now();
        for puzzle in &puzzles {
            let path = solver.solve(puzzle).unwrap();
            if path.solved {
                let grid = path.end.grid();
                assert!(is_valid_solution(grid.cells(), 9, 3, 3), "{puzzle}");
                assert!(keeps_givens(puzzle.cells(), grid.cells()), "{puzzle}");
                solved += 1;
            }
            *hardest.entry(path.hardest().map_or("none", TechniqueKind::name)).or_insert(0) += 1;
        }
        let spent = started.elapsed();
        eprintln!(
            "{file}: logic solves {solved} of {total} ({:.1} %) in {spent:.2?} on one thread; \
             hardest technique used (solved or not): {hardest:?}",
            100.0 * solved as f64 / total as f64
        );
        assert!(solved >= floor, "{file}: {solved} < {floor}");
    }
}
