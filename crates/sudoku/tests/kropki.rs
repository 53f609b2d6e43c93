//! The black Kropki dot (`RelationKind::Ratio`: one digit is k times the other, k = 2 by
//! default) at every layer: read from and written to JSON lines (`"kind": "ratio"`, `k`
//! optional, refused below 2), checked and named as the grid shows it, encoded exactly (the
//! engine's count against a filter of all 288 4×4 grids by the rule written here), drawn
//! (`●` in text, a black dot in SVG) and conflict-checked in the game. See: issue 33, item 3.

use dancer_sudoku::draw::{grid_text, CellSize, Figure};
use dancer_sudoku::play::{Game, Key};
use dancer_sudoku::{Model, Record, Relation, RelationKind, ViolationKind};
use proptest::prelude::*;

use crate::model::{all_grids, engine_count, four};

/// Whether one of `a` and `b` is `k` times the other, from the rule.
fn in_ratio(a: u8, b: u8, k: u8) -> bool {
    u32::from(a) == u32::from(k) * u32::from(b) || u32::from(b) == u32::from(k) * u32::from(a)
}

/// Whether `grid` keeps the model's givens and dots (its regions it keeps by construction).
fn keeps(model: &Model, grid: &[u8; 16]) -> bool {
    let givens = (0..16).all(|c| model.givens[c].is_none_or(|d| d == grid[c]));
    let dots = model.relations.iter().all(|r| match r.kind {
        RelationKind::Ratio(k) => in_ratio(grid[r.a], grid[r.b], k),
        other => unreachable!("the test makes only dots: {other:?}"),
    });
    givens && dots
}

/// A 4×4 with `dots` (cell, cell, factor).
fn dotted(dots: &[(usize, usize, u8)]) -> Model {
    let mut model = four();
    for &(a, b, k) in dots {
        model.relations.push(Relation { a, b, kind: RelationKind::Ratio(k) });
    }
    model
}

/// A dot's factor: mostly 2, Kropki's, at times 3 or 4 (the others leave no 4×4 pair).
fn factor() -> impl Strategy<Value = u8> {
    prop_oneof![3 => Just(2u8), 1 => Just(3u8), 1 => Just(4u8)]
}

prop_compose! {
    /// A 4×4 puzzle with up to 6 black dots between random cells, mostly of factor 2, most
    /// of them kept by a reference grid (so that some puzzles have solutions), and up to 3 of
    /// its digits given.
    fn kropki()(
        reference in 0usize..288,
        dots in prop::collection::vec((0usize..16, 0usize..16, factor(), 0u8..4), 0..7),
        givens in prop::collection::vec(0usize..16, 0..4),
    ) -> Model {
        let grid = all_grids()[reference];
        let mut model = four();
        for (a, b, k, honest) in dots.into_iter().filter(|&(a, b, _, _)| a != b) {
            // Three dots in four hold in the reference grid; the others fall where they may.
            if honest == 0 || in_ratio(grid[a], grid[b], k) {
                model.relations.push(Relation { a, b, kind: RelationKind::Ratio(k) });
            }
        }
        for cell in givens {
            model.givens[cell] = Some(grid[cell]);
        }
        model
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The engine's count (with cages placed whole or not, with or without the reduction: see
    /// `engine_count`) equals the number of the 288 grids the dots and givens keep, every
    /// solution it finds is one of them, and `Model::broken` accepts exactly those.
    #[test]
    fn dots_count_as_a_filter_of_all_grids(model in kropki()) {
        let expected: Vec<[u8; 16]> =
            all_grids().into_iter().filter(|g| keeps(&model, g)).collect();
        prop_assert_eq!(engine_count(&model), expected.len() as u64);
        let encoded = model.encode().unwrap();
        let mut solver = encoded.problem().solver();
        for solution in solver.solutions() {
            let grid: Vec<u8> = encoded.grid(&solution).into_iter().map(Option::unwrap).collect();
            prop_assert!(expected.iter().any(|g| g[..] == grid[..]), "{:?}", grid);
        }
        for grid in all_grids() {
            let digits: Vec<Option<u8>> = grid.iter().map(|&d| Some(d)).collect();
            prop_assert_eq!(model.broken(&digits, true).is_ok(), keeps(&model, &grid));
        }
    }
}

/// Of the 288 grids, those with one of r1c1 and r1c2 twice the other are those holding
/// {1, 2} or {2, 4} there: a dot of 3 leaves {1, 3}, of 4 {1, 4}.
#[test]
fn a_dot_keeps_the_pairs_in_its_ratio() {
    for (k, pairs) in [(2, [(1, 2), (2, 4)].as_slice()), (3, &[(1, 3)]), (4, &[(1, 4)])] {
        let expected = all_grids()
            .iter()
            .filter(|g| {
                pairs.iter().any(|&(x, y)| (g[0], g[1]) == (x, y) || (g[0], g[1]) == (y, x))
            })
            .count() as u64;
        assert!(expected > 0);
        assert_eq!(engine_count(&dotted(&[(0, 1, k)])), expected, "ratio {k}");
    }
    assert!(RelationKind::Ratio(2).holds(4, 2) && RelationKind::Ratio(2).holds(3, 6));
    assert!(!RelationKind::Ratio(2).holds(3, 4) && !RelationKind::Ratio(3).holds(2, 4));
}

/// The line of `model`, with its relations.
fn line(model: Model) -> String {
    Record { name: "dots".into(), model, solution: None, generated: None }.to_json()
}

/// `"kind": "ratio"` is a dot of 2; `k` gives another factor; a dot of 2 is written without
/// its `k`, so that it reads back the same.
#[test]
fn a_ratio_reads_with_its_factor_or_two_and_writes_back() {
    let written = line(dotted(&[(0, 1, 2), (4, 8, 3)]));
    assert!(written.contains(r#"{"a":0,"b":1,"kind":"ratio"}"#), "{written}");
    assert!(written.contains(r#"{"a":4,"b":8,"kind":"ratio","k":3}"#), "{written}");
    let read = Record::from_json(&written).unwrap().model;
    let kinds: Vec<RelationKind> = read.relations.iter().map(|r| r.kind).collect();
    assert_eq!(kinds, [RelationKind::Ratio(2), RelationKind::Ratio(3)]);
    let explicit = written.replace(r#""kind":"ratio"}"#, r#""kind":"ratio","k":2}"#);
    assert_eq!(Record::from_json(&explicit).unwrap().model, read);
}

/// A factor of 0 or 1 (no dot of Kropki's), a cell beyond the grid and a dot of a cell with
/// itself are refused at the field at fault, as for every relation.
#[test]
fn bad_dots_are_refused_at_their_field() {
    let good = line(dotted(&[(0, 1, 3)]));
    for factor in ["0", "1"] {
        let bad = good.replace(r#""k":3"#, &format!(r#""k":{factor}"#));
        let refused = Record::from_json(&bad).unwrap_err();
        assert_eq!(refused.field, "relations[0].k", "{refused}");
        assert_eq!(refused.column, bad.find(r#""k":"#).unwrap() + 5, "{refused}");
        assert!(refused.message.contains("at least 2"), "{refused}");
    }
    let beyond = Record::from_json(&good.replace(r#""b":1"#, r#""b":99"#)).unwrap_err();
    assert_eq!(beyond.field, "relations[0].b");
    assert!(beyond.message.contains("cell 99 is beyond the 4x4 rectangle"), "{beyond}");
    let itself = Record::from_json(&good.replace(r#""b":1"#, r#""b":0"#)).unwrap_err();
    assert_eq!(itself.field, "relations[0]");
    assert!(itself.message.contains("related to itself"), "{itself}");
    let two = line(dotted(&[(0, 1, 2)]));
    let nameless = Record::from_json(&two.replace("ratio", "double")).unwrap_err();
    assert_eq!(nameless.field, "relations[0].kind");
    assert!(nameless.message.contains("sum, ratio, different"), "{nameless}");
}

/// A broken dot is named as the grid shows it: the black dot between its cells.
#[test]
fn a_broken_dot_is_named_by_its_cells() {
    let model = dotted(&[(0, 1, 2), (4, 8, 3)]);
    let mut digits: Vec<Option<u8>> = vec![None; 16];
    digits[0] = Some(1);
    digits[1] = Some(2);
    assert_eq!(model.broken(&digits, false), Ok(()));
    digits[1] = Some(3);
    let found = model.violations(&digits, false);
    assert_eq!(found[0].kind, ViolationKind::Relation(0));
    assert_eq!(found[0].cells, [0, 1]);
    assert_eq!(found[0].text, "the black dot between r1c1 and r1c2 fails: 1, 3");
    digits[1] = Some(2);
    digits[4] = Some(3);
    digits[8] = Some(2);
    let broken = model.broken(&digits, false).unwrap_err().to_string();
    assert_eq!(broken, "the black dot of 1:3 between r2c1 and r3c1 fails: 3, 2");
}

/// In text a dot is `●` on the edge between its cells, where a white dot's `o` goes; in SVG
/// a black circle there (`circle.ratio`), with its factor in white when it is not 2. Cells
/// that are not neighbours get no mark.
#[test]
fn a_dot_is_drawn_black_between_its_cells() {
    let dots = [(0, 1, 2), (4, 8, 3), (10, 15, 2)];
    let text = grid_text(&dotted(&dots), None);
    let mut white = four();
    for &(a, b, _) in &dots {
        white.relations.push(Relation { a, b, kind: RelationKind::Difference(1) });
    }
    assert_eq!(text.matches('●').count(), 2, "{text}");
    assert_eq!(text, grid_text(&white, None).replace('o', "●"));
    let model = dotted(&dots);
    let svg = Figure { model: &model, solution: None, caption: None }.document();
    assert_eq!(svg.matches(r#"class="ratio""#).count(), 2, "{svg}");
    assert_eq!(svg.matches(r#"fill="black""#).count(), 2, "{svg}");
    assert!(svg.contains(r#"fill="white" font-family="sans-serif" font-size="8""#), "{svg}");
    assert!(svg.contains("\n3\n</text>"), "the factor of the second dot: {svg}");
}

/// In the game a dot shows on the grid, and digits that break it are a conflict, named.
#[test]
fn the_game_shows_a_dot_and_its_conflict() {
    let mut model = dotted(&[(0, 1, 2)]);
    model.givens[0] = Some(1);
    let mut game = Game::new("dots", model);
    assert!(game.canvas(CellSize::show(game.model())).to_string().contains('●'));
    assert_eq!(game.cursor(), 1);
    game.key(Key::Char('3'));
    let kinds: Vec<ViolationKind> = game.conflicts().iter().map(|v| v.kind).collect();
    assert_eq!(kinds, [ViolationKind::Relation(0)]);
    assert_eq!(game.message(), "the black dot between r1c1 and r1c2 fails: 1, 3");
    game.key(Key::Char('2'));
    assert!(game.conflicts().is_empty());
}
