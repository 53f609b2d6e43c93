use super::*;
use crate::model::{Cage, Line, LineKind, Relation, RelationKind};

fn blank(n: usize) -> Model {
    Model::from_variant(&Variant::standard(n).unwrap())
}

/// The first step of `model`'s puzzle from its givens.
fn first(model: &Model) -> Step {
    let logic = VariantLogic::new(model).unwrap();
    let candidates = logic.candidates(&model.givens).unwrap();
    logic.next_step(&candidates).unwrap()
}

#[test]
fn a_cage_with_one_digit_set_says_it() {
    let mut model = blank(9);
    model.cages.push(Cage { cells: vec![0, 1, 9], sum: Some(7) });
    let step = first(&model);
    assert_eq!(step.technique, TechniqueKind::Cage);
    assert_eq!(step.cells, [0, 1, 9]);
    assert!(
        step.explanation == ("the 3-cell cage of 7 at r1c1 holds 1, 2 and 4: 3, 5, 6, 7, 8, 9 removed from r1c1, r1c2, r2c1"),
        "{}",
        step.explanation
    );
    let mut two = blank(9);
    two.cages.push(Cage { cells: vec![0, 1], sum: Some(5) });
    assert!(first(&two).explanation.starts_with("the 2-cell cage of 5 at r1c1 is 1+4 or 2+3: "));
}

#[test]
fn a_thermometer_and_an_arrow_leave_bounds() {
    let mut model = blank(9);
    // r2c3 -> r3c3 -> r4c3 (cells 11, 20, 29), given r3c3 = 4.
    model.lines.push(Line { kind: LineKind::Thermometer, cells: vec![11, 20, 29] });
    model.givens[20] = Some(4);
    let step = first(&model);
    assert_eq!(step.technique, TechniqueKind::Line);
    assert!(
        step.explanation
            .starts_with("the thermometer from r2c3 leaves r2c3 at most 3, r4c3 at least 5: "),
        "{}",
        step.explanation
    );
    let mut arrow = blank(9);
    // The circle r5c5, then r5c6 and r5c7: the circle at least 2 (the arrow alone lets its
    // digits repeat; the row says more later).
    arrow.lines.push(Line { kind: LineKind::Arrow { circle: 1 }, cells: vec![40, 41, 42] });
    let step = first(&arrow);
    assert!(
        step.explanation.starts_with("the arrow from r5c5 leaves r5c5 at least 2, r5c6 and r5c7 at most 8: 1 removed from r5c5; 9 from r5c6, r5c7"),
        "{}",
        step.explanation
    );
}

#[test]
fn dots_are_named_as_drawn() {
    let mut model = blank(9);
    model.relations.push(Relation { a: 0, b: 1, kind: RelationKind::Consecutive });
    model.givens[0] = Some(5);
    let step = first(&model);
    assert_eq!(step.technique, TechniqueKind::Relation);
    assert!(
        step.explanation.starts_with("the white dot between r1c1 and r1c2 leaves r1c2 only 4 or 6: 1, 2, 3, 7, 8, 9 removed from r1c2"),
        "{}",
        step.explanation
    );
    let mut black = blank(9);
    black.relations.push(Relation { a: 0, b: 1, kind: RelationKind::Ratio(2) });
    black.givens[1] = Some(3);
    let step = first(&black);
    assert!(
        step.explanation.starts_with("the black dot between r1c1 and r1c2 leaves r1c1 only 6: "),
        "{}",
        step.explanation
    );
}

#[test]
fn models_that_are_not_one_sudoku_have_no_variant_logic() {
    let mut model = blank(4);
    model.used[0] = false;
    assert!(VariantLogic::new(&model).is_none());
    assert!(VariantLogic::new(&blank(4)).is_some());
}
