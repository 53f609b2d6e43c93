//! Singles: a cell with one candidate left (naked), a digit with one place left in a region
//! (hidden), in any region the variant has.

use std::fmt::Write;

use super::candidates::Candidates;
use super::{text, Step, Technique, TechniqueKind};
use crate::grid::Digit;
use crate::variant::Variant;

/// A blank cell with exactly one candidate.
pub(super) struct NakedSingle;

impl Technique for NakedSingle {
    fn kind(&self) -> TechniqueKind {
        TechniqueKind::NakedSingle
    }

    fn find(&self, candidates: &Candidates, _: &Variant) -> Option<Step> {
        let cell = candidates.first_naked()?;
        let digit = candidates.masks()[cell].trailing_zeros() as Digit + 1;
        let mut explanation = String::with_capacity(64);
        text::push_cell(&mut explanation, candidates.size(), cell);
        explanation.push_str(" = ");
        text::push_digit(&mut explanation, digit);
        explanation.push_str(": naked single — the only candidate left");
        Some(Step {
            technique: TechniqueKind::NakedSingle,
            cells: vec![cell],
            regions: Vec::new(),
            placements: vec![(cell, digit)],
            eliminations: Vec::new(),
            explanation,
        })
    }
}

/// A digit with one place left in a region: boxes and pieces are searched first, as players
/// do, then rows and columns, then the other regions.
pub(super) struct HiddenSingle;

impl Technique for HiddenSingle {
    fn kind(&self) -> TechniqueKind {
        TechniqueKind::HiddenSingle
    }

    fn find(&self, candidates: &Candidates, variant: &Variant) -> Option<Step> {
        candidates.geometry().scan().iter().find_map(|&r| in_region(candidates, variant, r))
    }
}

/// The hidden single of region `r` with the lowest digit, if it has one.
pub(super) fn in_region(candidates: &Candidates, variant: &Variant, r: usize) -> Option<Step> {
    let lonely = candidates.lonely(r);
    if lonely == 0 {
        return None;
    }
    let geometry = candidates.geometry();
    let n = candidates.size();
    let digit = lonely.trailing_zeros() as Digit + 1;
    let positions = candidates.positions(r, digit);
    let cell = geometry.region(r)[positions.trailing_zeros() as usize];
    let mut explanation = String::with_capacity(80);
    text::push_cell(&mut explanation, n, cell);
    explanation.push_str(" = ");
    text::push_digit(&mut explanation, digit);
    explanation.push_str(": hidden single — ");
    text::push_digit(&mut explanation, digit);
    write!(explanation, " fits nowhere else in {}", text::region(variant, r))
        .expect("writing to a string");
    Some(Step {
        technique: TechniqueKind::HiddenSingle,
        cells: vec![cell],
        regions: vec![r],
        placements: vec![(cell, digit)],
        eliminations: Vec::new(),
        explanation,
    })
}

#[cfg(test)]
mod tests {
    use super::super::testing::{at, blank, confine, fire, keep};
    use super::*;

    #[test]
    fn naked_single_takes_the_last_candidate() {
        let variant = Variant::standard(9).unwrap();
        let mut candidates = blank(&variant);
        keep(&mut candidates, at(9, "r2c3"), &[7]);
        let step = fire(&NakedSingle, &candidates, &variant);
        assert_eq!(step.placements, [(at(9, "r2c3"), 7)]);
        assert_eq!(step.explanation, "r2c3 = 7: naked single — the only candidate left");
    }

    #[test]
    fn hidden_single_in_a_box_first() {
        let variant = Variant::standard(9).unwrap();
        let mut candidates = blank(&variant);
        let box6: Vec<usize> = variant.regions()[18 + 5].cells.clone();
        confine(&mut candidates, &box6, &[at(9, "r4c7")], 5);
        let step = fire(&HiddenSingle, &candidates, &variant);
        assert_eq!(step.placements, [(at(9, "r4c7"), 5)]);
        assert_eq!(step.regions, [23]);
        assert_eq!(step.explanation, "r4c7 = 5: hidden single — 5 fits nowhere else in box 6");
        assert!(NakedSingle.find(&candidates, &variant).is_none());
    }

    #[test]
    fn hidden_single_on_a_diagonal_and_in_letters() {
        let variant = Variant::standard(16).unwrap().with_diagonals().unwrap();
        let mut candidates = blank(&variant);
        let diagonal = variant.regions()[48].cells.clone();
        confine(&mut candidates, &diagonal, &[at(16, "r3c3")], 12);
        let step = fire(&HiddenSingle, &candidates, &variant);
        assert_eq!(step.placements, [(at(16, "r3c3"), 12)]);
        let expected = "r3c3 = C: hidden single — C fits nowhere else in diagonal 1";
        assert_eq!(step.explanation, expected);
    }

    #[test]
    fn singles_on_a_64x64_name_big_digits_by_number() {
        let variant = Variant::standard(64).unwrap();
        let mut grid = crate::Grid::empty(64);
        for col in 0..63 {
            grid.set(col, Some(col as Digit + 1));
        }
        let candidates = Candidates::new(&variant, &grid).unwrap();
        let step = fire(&NakedSingle, &candidates, &variant);
        assert_eq!(step.explanation, "r1c64 = 64: naked single — the only candidate left");
        let step = fire(&HiddenSingle, &candidates, &variant);
        assert_eq!(step.placements, [(63, 64)]);
    }
}
