//! The automata against the definitions: every sequence of digits of a few short lengths,
//! with repeats, accepted by the unrolled automaton exactly when [`LineKind::holds`].

use super::automata::layers;
use super::{Line, LineContext, LineKind};
use crate::grid::Digit;

/// Every kind, with the values that make it interesting for `n` symbols and `m` cells.
fn kinds(n: usize, m: usize) -> Vec<LineKind> {
    let mut kinds = vec![
        LineKind::DoubleArrow,
        LineKind::Renban,
        LineKind::Between,
        LineKind::RegionSum,
        LineKind::Zipper,
        LineKind::Entropic,
        LineKind::Modular,
        LineKind::Nabner,
        LineKind::Thermometer,
        LineKind::SlowThermometer,
        LineKind::Palindrome,
        LineKind::Clone,
    ];
    for circle in 1..m.min(4) {
        kinds.push(LineKind::Arrow { circle });
    }
    for value in 0..=(n * m) as u32 {
        kinds.extend([
            LineKind::LittleKiller(value),
            LineKind::Sandwich(value),
            LineKind::XSum(value),
        ]);
    }
    kinds.extend((0..=m as u32).map(LineKind::Skyscraper));
    kinds.extend((0..n as u8).map(LineKind::Lockout));
    kinds.extend((0..n as u8).map(LineKind::Whispers));
    kinds.extend(
        [vec![1], vec![2, 2], vec![1, 3], vec![1, 2, 3]].into_iter().map(LineKind::Quadruple),
    );
    kinds
}

/// Each sequence of `m` digits of `1..=n`, in order.
fn sequences(n: usize, m: usize) -> Vec<Vec<Digit>> {
    let mut out = vec![Vec::new()];
    for _ in 0..m {
        out = out
            .into_iter()
            .flat_map(|s| (1..=n as Digit).map(move |d| [s.clone(), vec![d]].concat()))
            .collect();
    }
    out
}

#[test]
fn each_automaton_accepts_exactly_the_digits_its_definition_holds_of() {
    let mut checked = 0;
    for (n, lengths) in [(4, 1..=5), (5, 2..=4), (6, 3..=3)] {
        for m in lengths {
            let line_cells: Vec<usize> = (0..m).collect();
            // Segments of two cells, for the region-sum lines.
            let ends = (0..m).map(|i| i % 2 == 1 || i + 1 == m).collect();
            let context = LineContext { symbols: n, ends };
            let sequences = sequences(n, m);
            for kind in kinds(n, m) {
                let (fewest, most) = kind.cells_allowed();
                if m < fewest || m > most {
                    continue;
                }
                let line = Line { kind: kind.clone(), cells: line_cells.clone() };
                for digits in &sequences {
                    let allowed = |i: usize| 1u64 << (digits[i] - 1);
                    let unrolled = layers(&line, &context, &allowed).expect("small");
                    let accepted = unrolled.steps.iter().all(|steps| steps.len() == 1);
                    assert_eq!(accepted, kind.holds(&context, digits), "{kind:?} n={n} {digits:?}");
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 100_000, "{checked}");
}

#[test]
fn the_published_rules_hold_of_their_examples() {
    let nine = LineContext { symbols: 9, ends: vec![false, false, true, false, true] };
    let holds = |kind: LineKind, digits: &[Digit]| {
        let context = LineContext { ends: vec![false; digits.len()], ..nine.clone() };
        kind.holds(&context, digits)
    };
    // Arrows: a circle of 9 with 4, 5; a pill of 12 with 3, 4, 5.
    assert!(holds(LineKind::Arrow { circle: 1 }, &[9, 4, 5]));
    assert!(!holds(LineKind::Arrow { circle: 1 }, &[9, 4, 4]));
    assert!(holds(LineKind::Arrow { circle: 2 }, &[1, 2, 3, 4, 5]));
    assert!(holds(LineKind::DoubleArrow, &[3, 1, 2, 6, 6]));
    assert!(!holds(LineKind::DoubleArrow, &[3, 1, 2, 4, 6]));
    assert!(holds(LineKind::LittleKiller(12), &[4, 4, 4]));
    // The sandwich 9 ... 1 holds 2 + 3; the row's first crust may be N.
    assert!(holds(LineKind::Sandwich(5), &[4, 9, 2, 3, 1, 5, 6, 7, 8]));
    assert!(holds(LineKind::Sandwich(0), &[1, 9, 2, 3, 4, 5, 6, 7, 8]));
    assert!(!holds(LineKind::Sandwich(6), &[4, 9, 2, 3, 1, 5, 6, 7, 8]));
    // X-sum: 3 cells from the clue, 3 + 1 + 2.
    assert!(holds(LineKind::XSum(6), &[3, 1, 2, 9, 4, 5, 6, 7, 8]));
    assert!(!holds(LineKind::XSum(12), &[3, 1, 2, 9, 4, 5, 6, 7, 8]));
    // Skyscrapers: 3, 1, 2, 9 ... sees 3 and 9.
    assert!(holds(LineKind::Skyscraper(2), &[3, 1, 2, 9, 4, 5, 6, 7, 8]));
    assert!(holds(LineKind::Renban, &[5, 3, 4, 6]));
    assert!(!holds(LineKind::Renban, &[5, 3, 4, 7]));
    assert!(holds(LineKind::Between, &[2, 5, 4, 8]));
    assert!(!holds(LineKind::Between, &[2, 5, 8, 8]));
    // Lockout of 4: ends 2 and 7, the middle outside 2..=7.
    assert!(holds(LineKind::Lockout(4), &[2, 1, 9, 8, 7]));
    assert!(!holds(LineKind::Lockout(4), &[2, 1, 5, 7]));
    assert!(!holds(LineKind::Lockout(4), &[2, 1, 9, 5]));
    assert!(holds(LineKind::Zipper, &[1, 6, 5, 4, 3, 8]));
    assert!(!holds(LineKind::Zipper, &[1, 6, 7, 4, 3, 8]));
    assert!(holds(LineKind::Zipper, &[1, 2, 9, 7, 8]));
    assert!(!holds(LineKind::Zipper, &[1, 2, 9, 7, 7]));
    assert!(holds(LineKind::Entropic, &[1, 5, 9, 2, 4, 7]));
    assert!(!holds(LineKind::Entropic, &[1, 5, 4, 9]));
    assert!(holds(LineKind::Modular, &[1, 5, 9, 4, 2, 6]));
    assert!(!holds(LineKind::Modular, &[1, 5, 7]));
    assert!(holds(LineKind::Nabner, &[1, 3, 5, 9]));
    assert!(!holds(LineKind::Nabner, &[1, 3, 5, 4]));
    assert!(holds(LineKind::Quadruple(vec![1, 1]), &[1, 3, 1, 9]));
    assert!(!holds(LineKind::Quadruple(vec![1, 1]), &[1, 3, 2, 9]));
    assert!(holds(LineKind::Thermometer, &[1, 4, 5, 9]));
    assert!(!holds(LineKind::Thermometer, &[1, 4, 4, 9]));
    assert!(holds(LineKind::SlowThermometer, &[1, 4, 4, 9]));
    assert!(!holds(LineKind::SlowThermometer, &[1, 4, 3, 9]));
    assert!(holds(LineKind::Whispers(5), &[1, 6, 1, 9, 4]));
    assert!(!holds(LineKind::Whispers(5), &[1, 6, 2]));
    assert!(holds(LineKind::Palindrome, &[3, 1, 7, 1, 3]));
    assert!(!holds(LineKind::Palindrome, &[3, 1, 7, 2, 3]));
    assert!(holds(LineKind::Clone, &[3, 1, 7, 3, 1, 7]));
    assert!(!holds(LineKind::Clone, &[3, 1, 7, 1, 3, 7]));
    // Region sums: segments of 3 and 2 cells (ends after positions 2 and 4).
    assert!(LineKind::RegionSum.holds(&nine, &[1, 2, 6, 4, 5]));
    assert!(!LineKind::RegionSum.holds(&nine, &[1, 2, 6, 4, 6]));
}

/// The lines that are pairs (`Line::relations`) hold exactly when each of their relations
/// does; the other kinds have none.
#[test]
fn the_relations_of_a_line_hold_exactly_when_the_line_does() {
    let mut checked = 0;
    for (n, m) in [(4, 1), (4, 2), (4, 3), (4, 4), (5, 5), (4, 6)] {
        let context = LineContext { symbols: n, ends: vec![true; m] };
        for kind in kinds(n, m) {
            let (fewest, most) = kind.cells_allowed();
            if m < fewest || m > most || matches!(kind, LineKind::Clone) && m % 2 == 1 {
                continue;
            }
            let line = Line { kind: kind.clone(), cells: (0..m).collect() };
            let Some(relations) = line.relations() else { continue };
            for digits in sequences(n, m) {
                let each = relations.iter().all(|r| r.kind.holds(digits[r.a], digits[r.b]));
                assert_eq!(each, kind.holds(&context, &digits), "{kind:?} {digits:?}");
                checked += 1;
            }
        }
    }
    assert!(checked > 5_000, "{checked}");
}
