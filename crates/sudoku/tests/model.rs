//! The variant model on the engine: a plain 4×4 has 288 grids; on random 4×4 puzzles with
//! cages, relations, parity, candidates and givens the engine's count equals a direct filter of
//! the 288 grids; the relation and cage options carry the right colours; bad models are
//! refused by name.

use dancer_sudoku::{Cage, Model, ModelError, Parity, Relation, RelationKind};
use proptest::prelude::*;

/// The 4×4 model with rows, columns and 2×2 boxes, nothing else.
pub(crate) fn four() -> Model {
    let mut regions = Vec::new();
    for k in 0..4 {
        regions.push((0..4).map(|c| 4 * k + c).collect());
        regions.push((0..4).map(|r| 4 * r + k).collect());
        let (top, left) = (k / 2 * 2, k % 2 * 2);
        regions.push(vec![
            4 * top + left,
            4 * top + left + 1,
            4 * top + left + 4,
            4 * top + left + 5,
        ]);
    }
    Model {
        width: 4,
        height: 4,
        symbols: 4,
        used: vec![true; 16],
        regions,
        givens: vec![None; 16],
        ..Model::default()
    }
}

/// All 288 4×4 sudoku grids, by plain backtracking (no engine).
pub(crate) fn all_grids() -> Vec<[u8; 16]> {
    fn fill(grid: &mut [u8; 16], cell: usize, out: &mut Vec<[u8; 16]>) {
        if cell == 16 {
            out.push(*grid);
            return;
        }
        let (row, col) = (cell / 4, cell % 4);
        for digit in 1..=4 {
            let clash = (0..16).filter(|&other| other < cell).any(|other| {
                let (r, c) = (other / 4, other % 4);
                let shared = r == row || c == col || (r / 2 == row / 2 && c / 2 == col / 2);
                shared && grid[other] == digit
            });
            if !clash {
                grid[cell] = digit;
                fill(grid, cell + 1, out);
            }
        }
    }
    let mut out = Vec::new();
    fill(&mut [0; 16], 0, &mut out);
    out
}

/// Whether `grid` keeps every constraint of `model` beyond its regions, from the definitions.
pub(crate) fn keeps(model: &Model, grid: &[u8; 16]) -> bool {
    let givens = (0..16).all(|c| model.givens[c].is_none_or(|d| d == grid[c]));
    let cages = model.cages.iter().all(|cage| {
        let digits: Vec<u8> = cage.cells.iter().map(|&c| grid[c]).collect();
        let mut distinct = digits.clone();
        distinct.sort_unstable();
        distinct.dedup();
        let sum: u32 = digits.iter().map(|&d| u32::from(d)).sum();
        distinct.len() == digits.len() && cage.sum.is_none_or(|s| s == sum)
    });
    let relations = model.relations.iter().all(|r| {
        let (a, b) = (i32::from(grid[r.a]), i32::from(grid[r.b]));
        match r.kind {
            RelationKind::Less => a < b,
            RelationKind::Consecutive => (a - b).abs() == 1,
            RelationKind::NotConsecutive => (a - b).abs() != 1,
            RelationKind::Difference(k) => (a - b).abs() == i32::from(k),
            RelationKind::Sum(k) => a + b == i32::from(k),
            RelationKind::Different => a != b,
            RelationKind::NotDifference(k) => (a - b).abs() != i32::from(k),
            RelationKind::NotSum(k) => a + b != i32::from(k),
            RelationKind::NotRatio(k) => a != i32::from(k) * b && b != i32::from(k) * a,
            RelationKind::Equal => a == b,
            RelationKind::Apart(k) => (a - b).abs() >= i32::from(k),
            _ => unreachable!("the test makes no other kinds"),
        }
    });
    let parity =
        model.parity.iter().all(|&(c, p)| grid[c].is_multiple_of(2) == (p == Parity::Even));
    let marks = model.candidates.iter().all(|&(c, set)| set >> (grid[c] - 1) & 1 == 1);
    givens && cages && relations && parity && marks
}

pub(crate) fn engine_count(model: &Model) -> u64 {
    let placed = model.encode().unwrap().problem().solver().count();
    let by_digit = model.encode_with(0).unwrap().problem().solver().count();
    assert_eq!(placed, by_digit, "cages placed whole and digit by digit");
    let bare = model.encode_tuned(dancer_sudoku::CAGE_FILLINGS, false, true).unwrap();
    assert_eq!(placed, bare.problem().solver().count(), "with and without implied sums");
    for fillings in [0, dancer_sudoku::CAGE_FILLINGS] {
        for reduce in [false, true] {
            let encoded = model.encode_tuned(fillings, true, reduce).unwrap();
            assert_eq!(placed, encoded.problem().solver().count(), "reduced: {reduce}");
        }
    }
    placed
}

#[test]
fn a_plain_4x4_has_288_grids_and_each_solution_is_one() {
    let model = four();
    let encoded = model.encode().unwrap();
    assert_eq!(encoded.problem().solver().count(), 288);
    let grids = all_grids();
    assert_eq!(grids.len(), 288);
    let mut solver = encoded.problem().solver();
    for solution in solver.solutions() {
        let grid: Vec<u8> = encoded.grid(&solution).into_iter().map(Option::unwrap).collect();
        assert!(grids.iter().any(|g| g[..] == grid[..]), "{grid:?}");
    }
}

fn relation_kind() -> impl Strategy<Value = RelationKind> {
    prop_oneof![
        Just(RelationKind::Less),
        Just(RelationKind::Consecutive),
        Just(RelationKind::NotConsecutive),
        (1u8..4).prop_map(RelationKind::Difference),
        (3u8..8).prop_map(RelationKind::Sum),
        Just(RelationKind::Different),
        (1u8..4).prop_map(RelationKind::NotDifference),
        (3u8..8).prop_map(RelationKind::NotSum),
        (2u8..4).prop_map(RelationKind::NotRatio),
        Just(RelationKind::Equal),
        (2u8..4).prop_map(RelationKind::Apart),
    ]
}

prop_compose! {
    /// A 4×4 puzzle: up to 3 cages (sums from a reference grid, or off by one, or none), up to
    /// 4 relations, parity marks, candidate sets and givens, all at random cells.
    pub(crate) fn puzzles()(
        reference in 0usize..288,
        cages in prop::collection::vec((prop::sample::subsequence((0..16).collect::<Vec<_>>(), 1..4), 0u8..4), 0..4),
        relations in prop::collection::vec((0usize..16, 0usize..16, relation_kind()), 0..5),
        parity in prop::collection::vec((0usize..16, any::<bool>()), 0..4),
        candidates in prop::collection::vec((0usize..16, 1u64..16), 0..3),
        givens in prop::collection::vec(0usize..16, 0..4),
    ) -> Model {
        let grid = all_grids()[reference];
        let mut model = four();
        for (cells, how) in cages {
            let sum: u32 = cells.iter().map(|&c| u32::from(grid[c])).sum();
            let sum = match how { 0 => None, 1 => Some(sum + 1), _ => Some(sum) };
            model.cages.push(Cage { cells, sum });
        }
        for (a, b, kind) in relations.into_iter().filter(|(a, b, _)| a != b) {
            model.relations.push(Relation { a, b, kind });
        }
        for (cell, even) in parity {
            model.parity.push((cell, if even { Parity::Even } else { Parity::Odd }));
        }
        model.candidates = candidates;
        for cell in givens {
            model.givens[cell] = Some(grid[cell]);
        }
        model
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The engine's count of a random puzzle equals the number of the 288 grids that keep
    /// all its constraints, and each solution it finds is one of them.
    #[test]
    fn counts_equal_a_filter_of_all_grids(model in puzzles()) {
        let expected: Vec<[u8; 16]> = all_grids().into_iter().filter(|g| keeps(&model, g)).collect();
        prop_assert_eq!(engine_count(&model), expected.len() as u64);
        for (fillings, reduce) in [(0, false), (0, true), (dancer_sudoku::CAGE_FILLINGS, true)] {
            let encoded = model.encode_tuned(fillings, true, reduce).unwrap();
            let mut solver = encoded.problem().solver();
            for solution in solver.solutions() {
                let grid: Vec<u8> = encoded.grid(&solution).into_iter().map(Option::unwrap).collect();
                prop_assert!(expected.iter().any(|g| g[..] == grid[..]));
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// `Model::broken` accepts exactly the grids the filter keeps, and never refuses part of
    /// a grid it keeps (the givens' check before a search), whatever cells are left empty.
    #[test]
    fn broken_agrees_with_the_filter(model in puzzles(), empty in prop::collection::vec(any::<bool>(), 16)) {
        for grid in all_grids() {
            let digits: Vec<Option<u8>> = grid.iter().map(|&d| Some(d)).collect();
            let verdict = model.broken(&digits, true);
            prop_assert_eq!(verdict.is_ok(), keeps(&model, &grid), "{:?}: {:?}", grid, verdict);
            if keeps(&model, &grid) {
                let part: Vec<Option<u8>> =
                    digits.iter().zip(&empty).map(|(&d, &e)| if e { None } else { d }).collect();
                prop_assert!(model.broken(&part, false).is_ok());
                prop_assert!(model.broken(&part, true).is_err() || !empty.contains(&true));
            }
        }
    }
}

/// A broken grid's message names the constraint and its cells; the line and rows forms
/// show unused and empty cells.
#[test]
fn broken_names_the_constraint_and_lines_show_the_rectangle() {
    let mut model = four();
    model.cages.push(Cage { cells: vec![0, 1], sum: Some(3) });
    model.relations.push(Relation { a: 4, b: 5, kind: RelationKind::Less });
    model.parity.push((15, Parity::Even));
    let grid: Vec<Option<u8>> =
        [1, 2, 3, 4, 4, 3, 2, 1, 2, 1, 4, 3, 3, 4, 1, 2].iter().map(|&d| Some(d)).collect();
    let message =
        |model: &Model, digits: &[Option<u8>]| model.broken(digits, true).unwrap_err().to_string();
    // Named as the grid shows them (see: issue 32, item 17), not by their place in the lists.
    assert_eq!(message(&model, &grid), "r2c1 < r2c2 fails: 4, 3");
    let mut swapped = grid.clone();
    swapped.swap(0, 1);
    assert_eq!(message(&model, &swapped), "column 1 holds 2 twice (r1c1 and r3c1)");
    let mut empty = grid.clone();
    empty[7] = None;
    assert_eq!(message(&model, &empty), "r2c4 is empty");
    model.relations.clear();
    assert_eq!(model.broken(&grid, true), Ok(()));
    model.cages[0].sum = Some(4);
    assert_eq!(message(&model, &grid), "the cage of 4 at r1c1 sums to 3, not 4");
    assert_eq!(model.line(&empty), "1234432.21433412");
    assert!(model.rows(&empty).starts_with("1 2 3 4\n4 3 2 .\n"));
}

/// The first cell's option for digit x colours relation item `L1#k` with 1 exactly when the
/// relation holds of (x, k); the second cell's option for y asks `L1#y` for 1.
#[test]
fn relation_options_carry_the_relation_as_colours() {
    for kind in [RelationKind::Less, RelationKind::Consecutive, RelationKind::Difference(2)] {
        let mut model = four();
        model.relations.push(Relation { a: 0, b: 5, kind });
        let encoded = model.encode().unwrap();
        let problem = encoded.problem();
        for k in 0..problem.option_count() {
            let option = dancer::OptionId::new(k);
            let placement = encoded.placements(option)[0];
            let names = problem.option_names(option);
            let relation: Vec<&String> = names.iter().filter(|n| n.starts_with("L1#")).collect();
            match placement.cell {
                0 => {
                    assert_eq!(relation.len(), 4);
                    for other in 1..=4 {
                        let color = u8::from(kind.holds(placement.digit, other));
                        assert!(relation.contains(&&format!("L1#{other}:{color}")), "{names:?}");
                    }
                }
                5 => assert_eq!(relation, [&format!("L1#{}:1", placement.digit)]),
                _ => assert!(relation.is_empty(), "{names:?}"),
            }
        }
    }
}

/// A cage with a sum, digit by digit, lists exactly its digit sets: 2 cells making 7 in a
/// 4×4 are {3, 4}, colouring the cage's digit items in (1) or out (0); placed whole, it is its
/// two fillings, each placing both cells.
#[test]
fn cages_are_their_digit_sets_or_their_fillings() {
    let mut model = four();
    model.cages.push(Cage { cells: vec![0, 1], sum: Some(7) });
    let encoded = model.encode_with(0).unwrap();
    let problem = encoded.problem();
    let sets: Vec<Vec<String>> = (0..problem.option_count())
        .map(dancer::OptionId::new)
        .filter(|&o| encoded.placements(o).is_empty())
        .map(|o| problem.option_names(o))
        .filter(|names| names[0].starts_with('K'))
        .collect();
    assert_eq!(sets, [["K1", "K1#1:0", "K1#2:0", "K1#3:1", "K1#4:1"]]);
    let encoded = model.encode().unwrap();
    let fillings: Vec<Vec<(usize, u8)>> = (0..encoded.problem().option_count())
        .map(|k| encoded.placements(dancer::OptionId::new(k)))
        .filter(|p| p.len() > 1)
        .map(|p| p.iter().map(|p| (p.cell, p.digit)).collect())
        .collect();
    assert_eq!(fillings, [[(0, 3), (1, 4)], [(0, 4), (1, 3)]]);
    let expected = all_grids().iter().filter(|g| g[0] + g[1] == 7).count() as u64;
    assert_eq!(engine_count(&model), expected);
}

#[test]
fn impossible_models_are_refused_by_name() {
    let mut model = four();
    model.cages.push(Cage { cells: vec![0, 0], sum: Some(3) });
    assert!(matches!(model.encode(), Err(ModelError::Impossible { what, .. }) if what == "cage 1"));
    let mut model = four();
    model.relations.push(Relation { a: 3, b: 3, kind: RelationKind::Less });
    assert!(
        matches!(model.encode(), Err(ModelError::Impossible { what, .. }) if what == "relation 1")
    );
    let mut model = four();
    model.used[5] = false;
    assert!(matches!(model.encode(), Err(ModelError::Cell { cell: 5, .. })));
    let mut model = four();
    model.givens[2] = Some(5);
    assert!(model.encode().is_err());
    let mut model = four();
    model.symbols = 0;
    assert!(matches!(model.encode(), Err(ModelError::Shape { .. })));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Every model goes to its JSON line and back unchanged, with its name and solution.
    #[test]
    fn records_round_trip_through_json(model in puzzles(), unused in prop::collection::vec(0usize..16, 0..3)) {
        let mut model = model;
        // Unused cells hold nothing: drop the constraints on them.
        for &cell in &unused {
            model.used[cell] = false;
            model.givens[cell] = None;
        }
        let on_used = |cell: &usize| !unused.contains(cell);
        model.regions.iter_mut().for_each(|r| r.retain(on_used));
        model.cages.retain(|c| c.cells.iter().all(on_used));
        model.relations.retain(|r| on_used(&r.a) && on_used(&r.b));
        model.parity.retain(|(c, _)| on_used(c));
        model.candidates.retain(|(c, _)| on_used(c));
        // Unused cells have the digit 0 in a solution.
        let solution = Some((0..16u8).map(|c| if unused.contains(&usize::from(c)) { 0 } else { c % 4 + 1 }).collect());
        let record = dancer_sudoku::Record { name: "a \"quoted\" name".into(), model, solution, generated: None };
        let line = record.to_json();
        prop_assert!(!line.contains('\n'));
        prop_assert_eq!(dancer_sudoku::Record::from_json(&line).unwrap(), record);
    }
}

/// Bad JSON lines are refused with the field at fault, or the column for broken JSON.
#[test]
fn bad_json_names_the_field() {
    let record =
        dancer_sudoku::Record { name: "x".into(), model: four(), solution: None, generated: None };
    let good = record.to_json();
    let error = |line: &str| dancer_sudoku::Record::from_json(line).unwrap_err();
    assert_eq!(error(&good.replace("\"width\":4,", "")).field, "width");
    let cage = good.replace(
        "\"regions\"",
        "\"cages\":[{\"cells\":[0]},{\"cells\":[1],\"sum\":\"x\"}],\"regions\"",
    );
    assert_eq!(error(&cage).field, "cages[1].sum");
    let relation = good
        .replace("\"regions\"", "\"relations\":[{\"a\":0,\"b\":1,\"kind\":\"near\"}],\"regions\"");
    let refused = error(&relation);
    assert_eq!(refused.field, "relations[0].kind");
    assert!(refused.to_string().contains("less, consecutive"), "{refused}");
    let broken = error(&good[..20]);
    assert!(broken.field.is_empty() && broken.column == 20, "{broken}");
    let beyond = good.replace("\"regions\":[[0,1,2,3]", "\"regions\":[[0,1,2,99]");
    assert!(error(&beyond).message.contains("region 1"), "{}", error(&beyond));
}
