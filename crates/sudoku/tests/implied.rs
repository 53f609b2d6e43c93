//! The sums the cages imply (innies and outies) keep every solution: random 4×4 killers whose
//! cages tile the grid count as the filter of all 288 grids, with and without them; an innie's
//! options carry its cells' digits as colours.

use dancer_sudoku::{Cage, Model};
use proptest::prelude::*;

use crate::model::{all_grids, engine_count, four, keeps};

prop_compose! {
    /// A 4×4 puzzle whose cages tile the grid, as a killer's do, so that innies and outies
    /// arise: cells of a reference grid merged with a neighbour while the cage stays at most 4
    /// cells of distinct digits; sums from the reference, or off by one, or none; a given or
    /// two.
    pub(crate) fn tiled()(
        reference in 0usize..288,
        merges in prop::collection::vec((0usize..16, any::<bool>()), 0..30),
        how in prop::collection::vec(0u8..8, 16),
        givens in prop::collection::vec(0usize..16, 0..2),
    ) -> Model {
        let grid = all_grids()[reference];
        let mut cage_of: Vec<usize> = (0..16).collect();
        for (cell, right) in merges {
            let other = if right { cell + 1 } else { cell + 4 };
            if (right && cell % 4 == 3) || other >= 16 || cage_of[cell] == cage_of[other] {
                continue;
            }
            let (keep, gone) = (cage_of[cell], cage_of[other]);
            let cells: Vec<usize> = (0..16).filter(|&c| cage_of[c] == keep || cage_of[c] == gone).collect();
            let mut digits: Vec<u8> = cells.iter().map(|&c| grid[c]).collect();
            digits.sort_unstable();
            digits.dedup();
            if cells.len() <= 4 && digits.len() == cells.len() {
                for &c in &cells {
                    cage_of[c] = keep;
                }
            }
        }
        let mut model = four();
        for k in (0..16).filter(|&k| cage_of.contains(&k)) {
            let cells: Vec<usize> = (0..16).filter(|&c| cage_of[c] == k).collect();
            let sum: u32 = cells.iter().map(|&c| u32::from(grid[c])).sum();
            let sum = match how[k] { 0 => None, 1 => Some(sum + 1), _ => Some(sum) };
            model.cages.push(Cage { cells, sum });
        }
        for cell in givens {
            model.givens[cell] = Some(grid[cell]);
        }
        model
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Killer-like puzzles, whose implied sums are many: the engine's count equals the filter's
    /// (and `engine_count` checks it with and without the implied sums).
    #[test]
    fn tiled_cages_count_as_the_filter(model in tiled()) {
        let expected = all_grids().into_iter().filter(|g| keeps(&model, g)).count();
        prop_assert_eq!(engine_count(&model), expected as u64);
    }
}

/// A cage of 3 and 4 in the first row leaves 3 to the row's other two cells (an innie sum)
/// and 3 to the rest of the first box: each is a primary item whose two fillings colour its
/// cells' items with their digits, and the option placing a digit in such a cell asks for that
/// digit's colour. Rows 1 and 2 together leave 6 cells: too many to be worth an item.
#[test]
fn implied_sums_colour_their_cells_with_their_digits() {
    let mut model = four();
    model.cages.push(Cage { cells: vec![0, 1], sum: Some(7) });
    let encoded = model.encode().unwrap();
    let problem = encoded.problem();
    let options = |o: usize| problem.option_names(dancer::OptionId::new(o));
    let mut implied: Vec<Vec<String>> = (0..problem.option_count())
        .map(options)
        .filter(|names| names[0].starts_with('S'))
        .collect();
    implied.sort();
    let expected = [
        ["S1", "S1r1c3:1", "S1r1c4:2"],
        ["S1", "S1r1c3:2", "S1r1c4:1"],
        ["S2", "S2r2c1:1", "S2r2c2:2"],
        ["S2", "S2r2c1:2", "S2r2c2:1"],
    ];
    assert_eq!(implied, expected);
    for k in 0..problem.option_count() {
        let names = options(k);
        let asks: Vec<&String> = names.iter().filter(|n| n.starts_with('S')).collect();
        match encoded.placements(dancer::OptionId::new(k)) {
            [place] if [2, 3, 4, 5].contains(&place.cell) => {
                let (row, col) = (place.cell / 4 + 1, place.cell % 4 + 1);
                let j = if row == 1 { 1 } else { 2 };
                assert_eq!(asks, [&format!("S{j}r{row}c{col}:{}", place.digit)], "{names:?}");
            }
            [] if names[0].starts_with('S') => {}
            _ => assert!(asks.is_empty(), "{names:?}"),
        }
    }
    let bare = model.encode_tuned(dancer_sudoku::CAGE_FILLINGS, false, true).unwrap();
    assert!(bare
        .problem()
        .option_names(dancer::OptionId::new(0))
        .iter()
        .all(|n| !n.starts_with('S')));
    assert_eq!(problem.solver().count(), bare.problem().solver().count());
}
