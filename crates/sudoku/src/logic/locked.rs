//! Locked candidates on any two overlapping regions A and B: when digit d's places in A all
//! lie in A ∩ B, d is gone from B ∖ A. Pointing when A is a box or another non-line region,
//! claiming when A is a row or column; diagonals and windows take part like any region.

use super::bits::bits;
use super::candidates::Candidates;
use super::geometry::is_line;
use super::{text, Step, Technique, TechniqueKind};
use crate::grid::{Cell, Digit};
use crate::variant::Variant;

/// A digit confined within a box (or piece, diagonal, window) to its overlap with a line or
/// another region.
pub(super) struct Pointing;

/// A digit confined within a row or column to its overlap with a box or another region.
pub(super) struct Claiming;

impl Technique for Pointing {
    fn kind(&self) -> TechniqueKind {
        TechniqueKind::Pointing
    }

    fn find(&self, candidates: &Candidates, variant: &Variant) -> Option<Step> {
        find(candidates, variant, false)
    }
}

impl Technique for Claiming {
    fn kind(&self) -> TechniqueKind {
        TechniqueKind::Claiming
    }

    fn find(&self, candidates: &Candidates, variant: &Variant) -> Option<Step> {
        find(candidates, variant, true)
    }
}

/// The first locked candidate whose confining region is a line (`lines`) or is not.
fn find(candidates: &Candidates, variant: &Variant, lines: bool) -> Option<Step> {
    let geometry = candidates.geometry();
    let n = candidates.size();
    for a in (0..geometry.region_count()).filter(|&a| is_line(geometry.kind(a)) == lines) {
        for digit in 1..=n as Digit {
            let inside = candidates.positions(a, digit);
            // One place is a hidden single, found before this.
            if inside & inside.wrapping_sub(1) == 0 {
                continue;
            }
            let Some((b, outside)) = geometry.overlaps(a).iter().find_map(|o| {
                let outside = candidates.positions(o.b, digit) & !o.in_b;
                (inside & !o.in_a == 0 && outside != 0).then_some((o.b, outside))
            }) else {
                continue;
            };
            let cells: Vec<Cell> = bits(inside).map(|k| geometry.region(a)[k as usize]).collect();
            let eliminations: Vec<(Cell, Digit)> =
                bits(outside).map(|k| (geometry.region(b)[k as usize], digit)).collect();
            let removed: Vec<Cell> = eliminations.iter().map(|&(c, _)| c).collect();
            let (technique, word) = if lines {
                (TechniqueKind::Claiming, "claiming")
            } else {
                (TechniqueKind::Pointing, "pointing")
            };
            let explanation = format!(
                "{word}: in {}, {} lies only in {}, so it is removed from {}",
                text::region(variant, a),
                text::digit(digit),
                text::region(variant, b),
                text::cells(n, &removed)
            );
            return Some(Step::eliminating(
                technique,
                cells,
                vec![a, b],
                eliminations,
                explanation,
            ));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::super::testing::{at, blank, cells, confine, fire, sorted};
    use super::*;

    #[test]
    fn pointing_from_a_box_into_a_row() {
        let variant = Variant::standard(9).unwrap();
        let mut candidates = blank(&variant);
        let box1 = variant.regions()[18].cells.clone();
        confine(&mut candidates, &box1, &cells(9, "r2c1 r2c3"), 4);
        // Only r2c5 and r2c8 keep 4 in the rest of row 2.
        for name in ["r2c4", "r2c6", "r2c7", "r2c9"] {
            candidates.eliminate(at(9, name), 4);
        }
        let step = fire(&Pointing, &candidates, &variant);
        assert_eq!(step.eliminations, [(at(9, "r2c5"), 4), (at(9, "r2c8"), 4)]);
        assert_eq!(step.regions, [18, 1]);
        assert_eq!(
            step.explanation,
            "pointing: in box 1, 4 lies only in row 2, so it is removed from r2c5, r2c8"
        );
        assert!(Claiming.find(&candidates, &variant).is_none());
    }

    #[test]
    fn claiming_from_a_row_into_a_box() {
        let variant = Variant::standard(9).unwrap();
        let mut candidates = blank(&variant);
        let row2 = variant.regions()[1].cells.clone();
        confine(&mut candidates, &row2, &cells(9, "r2c1 r2c2"), 7);
        let step = fire(&Claiming, &candidates, &variant);
        let expected: Vec<_> =
            cells(9, "r1c1 r1c2 r1c3 r3c1 r3c2 r3c3").into_iter().map(|c| (c, 7)).collect();
        assert_eq!(sorted(step.eliminations), expected);
        assert!(step.explanation.starts_with("claiming: in row 2, 7 lies only in box 1"));
    }

    #[test]
    fn pointing_from_a_diagonal_into_a_box() {
        let variant = Variant::standard(9).unwrap().with_diagonals().unwrap();
        let mut candidates = blank(&variant);
        // Diagonal 1 has 3 only in box 5; boxes first confine nothing, so the diagonal points.
        let diagonal = variant.regions()[27].cells.clone();
        confine(&mut candidates, &diagonal, &cells(9, "r4c4 r6c6"), 3);
        let step = fire(&Pointing, &candidates, &variant);
        assert_eq!(step.regions, [27, 22]);
        let expected: Vec<_> =
            cells(9, "r4c5 r4c6 r5c4 r5c6 r6c4 r6c5").into_iter().map(|c| (c, 3)).collect();
        assert_eq!(sorted(step.eliminations), expected);
        assert!(step.explanation.starts_with("pointing: in diagonal 1, 3 lies only in box 5"));
    }
}
