//! The band search against two independent searches: the bitmask search (the classic 9×9's
//! search before this one) on random puzzles of every kind, and the exact-cover engine on full
//! counts; every solution it returns is checked by the variant's own checker.

use proptest::prelude::*;
use rand::{seq::SliceRandom, RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::BandSearch;
use crate::encode::Template;
use crate::grid::Grid;
use crate::solve::bitmask::{search::MaskSearch, Deductions, Tables};
use crate::solve::GridSolver;
use crate::variant::Variant;

/// A random solved 9×9: a pattern grid with its digits relabelled and its rows, bands,
/// columns and stacks shuffled (each keeps the rules).
fn solved_grid(rng: &mut ChaCha8Rng) -> Vec<u8> {
    let mut digits: Vec<u8> = (1..=9).collect();
    digits.shuffle(rng);
    let order = |rng: &mut ChaCha8Rng| {
        let mut groups = [0, 1, 2];
        groups.shuffle(rng);
        let mut lines = Vec::new();
        for group in groups {
            let mut inside = [0, 1, 2];
            inside.shuffle(rng);
            lines.extend(inside.map(|i| group * 3 + i));
        }
        lines
    };
    let (rows, columns) = (order(rng), order(rng));
    let mut cells = vec![0; 81];
    for (r, &row) in rows.iter().enumerate() {
        for (c, &column) in columns.iter().enumerate() {
            cells[r * 9 + c] = digits[(row * 3 + row / 3 + column) % 9];
        }
    }
    cells
}

/// A puzzle from `seed`: `givens` cells of a random solved grid kept, and when `clash` is
/// set one more cell given a random digit (which may contradict the others or the solution).
fn puzzle(seed: u64, givens: usize, clash: bool) -> Grid {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let solved = solved_grid(&mut rng);
    let mut order: Vec<usize> = (0..81).collect();
    order.shuffle(&mut rng);
    let mut cells = vec![0; 81];
    for &cell in &order[..givens] {
        cells[cell] = solved[cell];
    }
    if clash {
        cells[rng.random_range(0..81)] = rng.random_range(1..=9);
    }
    Grid::from_cells(9, cells)
}

/// The bitmask search's count of `puzzle` up to `limit`, with its first solution.
fn bitmask_count(puzzle: &Grid, limit: u64) -> Result<(u64, Vec<u8>), ()> {
    let tables = Tables::new(&Variant::standard(9).unwrap());
    let mut search = MaskSearch::new(&tables);
    let count = search.count(&tables, puzzle, None, limit, Deductions::LockedCandidates);
    count.map(|count| (count, search.first(&tables))).map_err(|_| ())
}

/// Asserts that `solution` is a full grid that keeps the givens of `puzzle` and the rules.
fn assert_solves(puzzle: &Grid, solution: &[u8]) {
    let variant = Variant::standard(9).unwrap();
    let grid = Grid::from_cells(9, solution.to_vec());
    assert!(solution.iter().all(|&digit| digit != 0), "{puzzle} -> {grid}");
    assert!(variant.check(&grid).is_ok(), "{puzzle} -> {grid}");
    let kept =
        puzzle.cells().iter().zip(solution).all(|(&given, &found)| given == 0 || given == found);
    assert!(kept, "{puzzle} -> {grid}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, max_shrink_iters: 0, ..ProptestConfig::default() })]

    /// Puzzles with no solution (contradictory givens, or a dead end found by deductions),
    /// one, or several: the same outcome and count as the bitmask search, the same solution
    /// when it is the only one, and a valid first solution otherwise.
    #[test]
    fn agrees_with_the_bitmask_search(seed: u64, givens in 0usize..=81, clash: bool) {
        let puzzle = puzzle(seed, givens, clash);
        let mut band = BandSearch::new();
        let ours = band.count(&puzzle, None, 3).map(|count| (count, band.first()));
        let theirs = bitmask_count(&puzzle, 3);
        prop_assert_eq!(ours.is_ok(), theirs.is_ok(), "{}", puzzle);
        if let (Ok((count, first)), Ok((expected, only))) = (ours, theirs) {
            prop_assert_eq!(count, expected, "{}", puzzle);
            if count > 0 {
                assert_solves(&puzzle, &first);
            }
            if count == 1 {
                prop_assert_eq!(first, only, "{}", puzzle);
            }
        }
    }

    /// A digit ruled out of a cell (the generator's test for removing a clue): the same
    /// answer as the bitmask search, on every kind of puzzle.
    #[test]
    fn a_forbidden_digit_agrees_with_the_bitmask_search(seed: u64, givens in 17usize..=40, cell in 0usize..81, digit in 1u8..=9) {
        let puzzle = puzzle(seed, givens, false);
        prop_assume!(puzzle.cells()[cell] == 0);
        let tables = Tables::new(&Variant::standard(9).unwrap());
        let mut mask = MaskSearch::new(&tables);
        let theirs = mask.count(&tables, &puzzle, Some((cell, digit)), 2, Deductions::HiddenSingles);
        let mut band = BandSearch::new();
        let ours = band.count(&puzzle, Some((cell, digit)), 2);
        prop_assert_eq!(ours.unwrap_or(0), theirs.unwrap_or(0), "{} without {} in {}", puzzle, digit, cell);
        if band.count(&puzzle, Some((cell, digit)), 1).unwrap_or(0) == 1 {
            prop_assert_ne!(band.first()[cell], digit);
            assert_solves(&puzzle, &band.first());
        }
    }
}

#[test]
fn full_counts_agree_with_the_engine() {
    let template = Template::new(Variant::standard(9).unwrap());
    let mut solver = GridSolver::new(&template);
    let mut most = 0;
    for seed in 0..6 {
        let puzzle = puzzle(seed, 24, false);
        let count = solver.count(&puzzle, None);
        assert!(count.complete && count.invalid.is_none(), "{puzzle}");
        let mut engine = template.problem().solver();
        let options = puzzle.givens().map(|(cell, digit)| template.option(cell, digit));
        engine.commit_all(options).expect("the givens of a solved grid fit");
        assert_eq!(count.count, engine.count(), "{puzzle}");
        most = most.max(count.count);
    }
    // The counts exercise the search's backtracking, not only its deductions.
    assert!(most > 100, "{most}");
}

#[test]
fn a_count_stops_at_its_limit_and_says_so() {
    let template = Template::new(Variant::standard(9).unwrap());
    let mut solver = GridSolver::new(&template);
    let blank = Grid::empty(9);
    let count = solver.count(&blank, Some(1000));
    assert_eq!((count.count, count.complete), (1000, false));
    assert!(count.stats.nodes() >= 1000, "{:?}", count.stats);
}

#[test]
fn the_blank_grid_and_a_broken_rule() {
    let template = Template::new(Variant::standard(9).unwrap());
    let mut solver = GridSolver::new(&template);
    let crate::solve::GridVerdict::Multiple(first) = solver.solve_unique(&Grid::empty(9)).verdict
    else {
        panic!("the blank grid has many solutions");
    };
    assert_solves(&Grid::empty(9), first.cells());
    let mut cells = vec![0; 81];
    (cells[0], cells[8]) = (5, 5);
    let report = solver.solve(&Grid::from_cells(9, cells));
    assert!(
        matches!(report.verdict, crate::solve::GridVerdict::Invalid(_)),
        "{:?}",
        report.verdict
    );
}

/// The band search's count of `puzzle` without `forbidden` up to `limit` against the bitmask
/// search's: the same outcome and count, the same solution when it is the only one, and a
/// valid first solution otherwise.
fn assert_agrees(band: &mut BandSearch, puzzle: &Grid, forbidden: Option<(usize, u8)>, limit: u64) {
    let tables = Tables::new(&Variant::standard(9).unwrap());
    let mut mask = MaskSearch::new(&tables);
    let theirs = mask.count(&tables, puzzle, forbidden, limit, Deductions::HiddenSingles);
    let ours = band.count(puzzle, forbidden, limit);
    let what = format!("{puzzle} without {forbidden:?}, limit {limit}");
    assert_eq!(ours.unwrap_or(0), theirs.unwrap_or(0), "{what}");
    let count = ours.unwrap_or(0);
    if count > 0 {
        assert_solves(puzzle, &band.first());
        if let Some((cell, digit)) = forbidden {
            assert_ne!(band.first()[cell], digit, "{what}");
        }
    }
    if count == 1 && count < limit {
        assert_eq!(band.first(), mask.first(&tables), "{what}");
    }
}

/// The hardest puzzles for a search in `data/puzzles/classic.txt` (Easter Monster, golden
/// nugget and others, where the band search branches most and its triads and permutations
/// work hardest) and puzzles derived from them: each without one of its givens (most of those
/// have several solutions), with a wrong digit in an open cell (none), and with an open
/// cell's digit ruled out (none): the band search agrees with the bitmask search, at the
/// limits of one, two and three solutions.
#[test]
fn hard_puzzles_and_their_neighbours_agree_with_the_bitmask_search() {
    let text = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/puzzles/classic.txt"));
    let mut band = BandSearch::new();
    let (mut several, mut none) = (0, 0);
    for line in text.lines().filter(|line| !line.starts_with('#')) {
        let mut fields = line.split(':');
        let (given, _, solution) = (fields.next().unwrap(), fields.next(), fields.next().unwrap());
        let digits = |text: &str| -> Vec<u8> {
            text.bytes().map(|byte| if byte.is_ascii_digit() { byte - b'0' } else { 0 }).collect()
        };
        let (cells, solution) = (digits(given), digits(solution));
        let puzzle = Grid::from_cells(9, cells.clone());
        for limit in 1..=3 {
            assert_agrees(&mut band, &puzzle, None, limit);
        }
        for cell in (0..81).filter(|&cell| cells[cell] != 0) {
            let mut fewer = cells.clone();
            fewer[cell] = 0;
            let fewer = Grid::from_cells(9, fewer);
            for limit in 1..=3 {
                assert_agrees(&mut band, &fewer, None, limit);
            }
            several += u32::from(band.count(&fewer, None, 2) == Ok(2));
        }
        for cell in (0..81).filter(|&cell| cells[cell] == 0).step_by(5) {
            let mut wrong = cells.clone();
            wrong[cell] = solution[cell] % 9 + 1;
            assert_agrees(&mut band, &Grid::from_cells(9, wrong), None, 2);
            assert_agrees(&mut band, &puzzle, Some((cell, solution[cell])), 2);
            none += u32::from(band.count(&puzzle, Some((cell, solution[cell])), 2) != Ok(1));
        }
    }
    // The neighbours exercise several solutions and none, not only unique ones.
    assert!(several > 20 && none > 20, "{several} with several solutions, {none} with none");
}
