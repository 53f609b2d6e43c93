//! The propagators on small boards, each against what its rule allows; the search as a whole
//! is held to brute force on random models in `tests/propagate.rs`.

use super::{PropSearch, PropTables};
use crate::model::{Cage, Line, LineKind, Model};
use crate::variant::Variant;

/// A 4×4 with `cages` and `lines`, its propagators run on the blank grid: each cell's
/// candidates.
fn root(cages: Vec<Cage>, lines: Vec<Line>) -> Option<Vec<u64>> {
    let mut model = Model::from_variant(&Variant::standard(4).unwrap());
    model.cages = cages;
    model.lines = lines;
    let tables = PropTables::new(&model).unwrap();
    let mut search = PropSearch::new(&tables);
    search.load(&tables, &model.givens).ok()?;
    Some(search.board.masks.clone())
}

#[test]
fn a_cage_keeps_the_digits_of_its_sets() {
    // Two cells adding up to 3: 1 and 2, in either order; a third of 7 in a row of 4: 3 and 4.
    let masks = root(vec![Cage { cells: vec![0, 1], sum: Some(3) }], Vec::new()).unwrap();
    assert_eq!((masks[0], masks[1]), (0b0011, 0b0011));
    // The rest of row 1 and of box 1 hold 3 and 4.
    assert_eq!((masks[2], masks[3], masks[4], masks[5]), (0b1100, 0b1100, 0b1100, 0b1100));
    assert_eq!(root(vec![Cage { cells: vec![0, 1], sum: Some(8) }], Vec::new()), None);
}

/// A 9×9 with `cage` and the pencilmarks `marked`, its propagators run: each cell's
/// candidates.
fn marked_cage(cage: Cage, marked: Vec<(usize, u64)>) -> Vec<u64> {
    let mut model = Model::from_variant(&Variant::standard(9).unwrap());
    model.cages = vec![cage];
    model.candidates = marked;
    let tables = PropTables::new(&model).unwrap();
    let mut search = PropSearch::new(&tables);
    search.load(&tables, &model.givens).unwrap();
    search.board.masks.clone()
}

#[test]
fn a_small_cage_keeps_only_the_digits_of_its_fillings() {
    // A cage of 10 in r1c1, r1c2, r2c1, the first two marked 1 or 2, the third 3, 5 or 7:
    // of its sets, 1 2 7 and 2 3 5 each give every cell a candidate and every digit a place,
    // but r1c1 and r1c2 take the 1 and the 2, so r2c1 is the 7 (what the sets alone miss).
    let masks = marked_cage(
        Cage { cells: vec![0, 1, 9], sum: Some(10) },
        vec![(0, 0b11), (1, 0b11), (9, 0b101_0100)],
    );
    assert_eq!(masks[9], 0b100_0000);
}

#[test]
fn a_cage_s_set_its_few_open_cells_cannot_fill_is_dropped() {
    // A cage of 12 in box 1's r1c1, r1c2, r2c1, r2c2 is 1 2 3 6 or 1 2 4 5. Marked 1 or 2,
    // 1 or 2, 3 4 or 6, and 1 2 or 5, each cell has a digit of 1 2 3 6 and each of its
    // digits a cell, but r1c1, r1c2 and r2c2 have only 1 and 2 of it for three cells: the
    // cage is 1 2 4 5, and r2c1 the 4.
    let masks = marked_cage(
        Cage { cells: vec![0, 1, 9, 10], sum: Some(12) },
        vec![(0, 0b11), (1, 0b11), (9, 0b10_1100), (10, 0b1_0011)],
    );
    assert_eq!(masks[9], 0b1000);
}

#[test]
fn an_arrow_keeps_the_digits_of_its_paths() {
    // r1c1 = r2c2 + r3c3 (a 4×4 arrow): the circle at least 2, the stems at most 3.
    let arrow = Line { kind: LineKind::Arrow { circle: 1 }, cells: vec![0, 5, 10] };
    let masks = root(Vec::new(), vec![arrow]).unwrap();
    assert_eq!(masks[0], 0b1110);
    assert_eq!((masks[5], masks[10]), (0b0111, 0b0111));
}

#[test]
fn a_long_cage_is_bounded_by_its_totals() {
    // 16 symbols, a cage of 15 cells adding up to 120 (1..=15): the rest of its row is 16.
    let mut model = Model::from_variant(&Variant::standard(16).unwrap());
    model.cages.push(Cage { cells: (0..15).collect(), sum: Some(120) });
    let tables = PropTables::new(&model).unwrap();
    let mut search = PropSearch::new(&tables);
    search.load(&tables, &model.givens).unwrap();
    assert_eq!(search.board.masks[15], 1 << 15);
}

#[test]
fn a_sandwich_with_too_many_splits_keeps_its_automaton_and_the_sets_as_they_were() {
    // A 16x16 row's sandwich of 60: tens of thousands of digit sets over its splits, past
    // the limit: none is kept, and the sets listed before stay as they were.
    let model = Model::from_variant(&Variant::standard(16).unwrap());
    let row: Vec<usize> = (0..16).collect();
    let mut sets = vec![7, 9];
    let kind = LineKind::Sandwich(60);
    assert!(super::splits::splits_of(&model, &row, &kind, &mut sets).is_none());
    assert_eq!(sets, [7, 9]);
    // The same clue on a 9x9 row splits, and its sets follow the ones before.
    let nine = Model::from_variant(&Variant::standard(9).unwrap());
    let row: Vec<usize> = (0..9).collect();
    let splits = super::splits::splits_of(&nine, &row, &LineKind::Sandwich(10), &mut sets);
    assert!(splits.is_some_and(|splits| !splits.is_empty()));
    assert_eq!(&sets[..2], [7, 9]);
    assert!(sets.len() > 2);
}

#[test]
fn a_line_with_too_many_fillings_keeps_its_automaton() {
    // A between line of 9 cells along a 9x9 row has far more than 512 fillings: its rule is
    // the automaton; a little killer of 2 cells of 3 is a table (1 and 2, in either order).
    let mut model = Model::from_variant(&Variant::standard(9).unwrap());
    let diagonal: Vec<usize> = (0..9).map(|k| k * 10).collect();
    model.lines.push(Line { kind: LineKind::Between, cells: diagonal });
    model.lines.push(Line { kind: LineKind::LittleKiller(3), cells: vec![1, 9] });
    let tables = PropTables::new(&model).unwrap();
    assert_eq!(tables.lines.len(), 1);
    assert_eq!(tables.lines[0].cells.len(), 9);
}

#[test]
fn a_long_little_killer_holds_distinct_digits_in_each_box() {
    // The main diagonal adding up to 71: its three boxes' cells hold distinct digits, so each
    // box adds at most 24 (7 8 9), and the three add 24, 24 and 23 (6 8 9): every cell 6 to
    // 9. Its 648 fillings make it a group sum, not a table; by the sum alone (the automaton)
    // nine cells of 1 to 9 can make 71 with any digit in any cell (9 9 9 9 9 9 9 7 1).
    let mut model = Model::from_variant(&Variant::standard(9).unwrap());
    let diagonal: Vec<usize> = (0..9).map(|k| k * 10).collect();
    model.lines.push(Line { kind: LineKind::LittleKiller(71), cells: diagonal.clone() });
    let tables = PropTables::new(&model).unwrap();
    assert!(tables.lines.is_empty());
    let mut search = PropSearch::new(&tables);
    search.load(&tables, &model.givens).unwrap();
    for cell in diagonal {
        assert_eq!(search.board.masks[cell], 0b1_1110_0000, "r{}c{}", cell / 9 + 1, cell % 9 + 1);
    }
    // With r1c1 a 6, box 1 adds 23 and the other two 24: they lose their 6s.
    model.givens[0] = Some(6);
    search.load(&tables, &model.givens).unwrap();
    assert_eq!(search.board.masks[40], 0b1_1100_0000);
    // And r2c2 and r3c3 hold its 8 and 9, which leave the rest of box 1 (required digits).
    assert_eq!(search.board.masks[1] & 0b1_1000_0000, 0);
}

/// Fills `grid` from cell `at` on in every way that keeps `model`, each grid into `grids`.
fn fill(model: &Model, grid: &mut Vec<Option<u8>>, at: usize, grids: &mut Vec<Vec<Option<u8>>>) {
    if at == grid.len() {
        grids.push(grid.clone());
        return;
    }
    for digit in 1..=4 {
        grid[at] = Some(digit);
        if model.broken(grid, false).is_ok() {
            fill(model, grid, at + 1, grids);
        }
    }
    grid[at] = None;
}

/// Every grid of a 4×4 sudoku (288), by backtracking.
fn four_grids() -> Vec<Vec<Option<u8>>> {
    let model = Model::from_variant(&Variant::standard(4).unwrap());
    let mut grids = Vec::new();
    fill(&model, &mut vec![None; 16], 0, &mut grids);
    grids
}

proptest::proptest! {
    /// Little killers as group sums (`group_sum.rs`, compiled so even where a table would
    /// fit), on random cells of a 4×4 that share rows, columns and boxes in every way: from
    /// random givens, the propagators keep every digit of every grid that keeps the model, and
    /// with a whole grid given they fail exactly when it breaks a line.
    #[test]
    fn little_killers_as_group_sums_keep_the_solutions_and_only_them(
        lines in proptest::collection::vec(
            (proptest::collection::vec(0usize..16, 2..8), 1u32..24), 1..3),
        reference in 0usize..288,
        given in proptest::collection::vec(0usize..16, 0..4),
    ) {
        let mut model = Model::from_variant(&Variant::standard(4).unwrap());
        for (cells, total) in lines {
            let mut seen = Vec::new();
            for cell in cells {
                if !seen.contains(&cell) {
                    seen.push(cell);
                }
            }
            model.lines.push(Line { kind: LineKind::LittleKiller(total), cells: seen });
        }
        let tables = PropTables::with_group_sums(&model).unwrap();
        proptest::prop_assert!(tables.lines.is_empty());
        let grids = four_grids();
        let mut search = PropSearch::new(&tables);
        for grid in &grids {
            let keeps = model.broken(grid, true).is_ok();
            proptest::prop_assert_eq!(search.load(&tables, grid).is_ok(), keeps);
        }
        for cell in given {
            model.givens[cell] = grids[reference][cell];
        }
        let loaded = search.load(&tables, &model.givens);
        for grid in &grids {
            let fits = grid.iter().zip(&model.givens).all(|(d, g)| g.is_none() || g == d);
            if fits && model.broken(grid, true).is_ok() {
                proptest::prop_assert!(loaded.is_ok());
                for (cell, digit) in grid.iter().enumerate() {
                    let bit = 1u64 << (digit.unwrap() - 1);
                    proptest::prop_assert_eq!(search.board.masks[cell] & bit, bit);
                }
            }
        }
    }
}

/// Cells of a 9×9 in distinct rows, columns and boxes, so that only a line through them
/// relates their digits.
const APART: [usize; 7] = [0, 12, 24, 28, 40, 52, 56];

/// The digits of `masks` (one a cell) that some filling of a renban through the cells
/// allows: distinct digits whose highest less lowest is the count less one.
fn renban_support(masks: &[u64]) -> Option<Vec<u64>> {
    let k = masks.len();
    let mut support = vec![0u64; k];
    let mut digits = vec![0u32; k];
    let mut found = false;
    // Every filling, as a number in base 9 (at most 9^6 of them).
    for code in 0..9u32.pow(k as u32) {
        let mut rest = code;
        for digit in &mut digits {
            *digit = rest % 9;
            rest /= 9;
        }
        let set = digits.iter().fold(0u64, |set, &d| set | 1 << d);
        let fits = masks.iter().zip(&digits).all(|(&mask, &d)| mask >> d & 1 == 1);
        let run = set.count_ones() as usize == k && (set >> set.trailing_zeros()) + 1 == 1 << k;
        if fits && run {
            found = true;
            for (keep, &d) in support.iter_mut().zip(&digits) {
                *keep |= 1 << d;
            }
        }
    }
    found.then_some(support)
}

proptest::proptest! {
    /// The renban rule alone (lines of five cells and more have no table) keeps every digit a
    /// filling allows, and no digit outside the runs that fit the candidates it was given.
    #[test]
    fn a_long_renban_keeps_its_fillings_and_only_the_runs_that_fit(
        masks in proptest::collection::vec(1u64..512, 5..7)
    ) {
        let k = masks.len();
        let mut model = Model::from_variant(&Variant::standard(9).unwrap());
        model.lines.push(Line { kind: LineKind::Renban, cells: APART[..k].to_vec() });
        let tables = PropTables::new(&model).unwrap();
        let alone = tables.rules.iter().any(|rule| matches!(rule, super::Rule::Renban { .. }));
        proptest::prop_assert!(tables.lines.is_empty() && alone);
        let mut search = PropSearch::new(&tables);
        let mut board = vec![511u64; 81];
        for (&cell, &mask) in APART.iter().zip(&masks) {
            board[cell] = mask;
        }
        search.board.load(&tables, &board);
        let result = search.board.propagate(&tables, &mut Vec::new());
        let fitting = (0..=9 - k).map(|start| ((1u64 << k) - 1) << start).filter(|&run| {
            masks.iter().all(|&mask| mask & run != 0)
                && masks.iter().fold(0, |union, &mask| union | mask) & run == run
        });
        let runs = fitting.fold(0u64, |union, run| union | run);
        match renban_support(&masks) {
            None => {}
            Some(support) => {
                proptest::prop_assert!(result.is_ok());
                for (position, &cell) in APART[..k].iter().enumerate() {
                    let kept = search.board.masks[cell];
                    proptest::prop_assert_eq!(kept & support[position], support[position]);
                    proptest::prop_assert_eq!(kept & !(masks[position] & runs), 0);
                }
            }
        }
    }
}
