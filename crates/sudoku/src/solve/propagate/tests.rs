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
