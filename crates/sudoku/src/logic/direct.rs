//! Sudoku Explainer's "direct" techniques: locked candidates or a hidden pair or triple that
//! count only when their eliminations leave a digit one place in a region at once, so that the
//! step ends with that hidden single placed. SE rates them below the plain techniques (direct
//! pointing 1.7, direct claiming 1.9, direct hidden pair 2.0, direct hidden triple 2.5 against
//! pointing 2.6): seeing the single is what the player does, the subset only explains it.
//!
//! As in SE, the step only places the single: the eliminations that reveal it are not made
//! (later steps find them again if they need them), which shapes the rest of SE's path.
//!
//! Which single counts follows SE: after locked candidates (a digit of region A confined to
//! its overlap with B), another region of A's kind that loses places in B and keeps one; after
//! a hidden subset, another digit of the same region whose only place outside the subset is
//! left.

use super::bits::{at_most, bits};
use super::candidates::Candidates;
use super::geometry::is_line;
use super::subsets::{first_in_regions, NAMES};
use super::{text, Step, Technique, TechniqueKind};
use crate::grid::{Cell, Digit};
use crate::variant::Variant;

/// Locked candidates that leave a hidden single: pointing when the confining region is not a
/// line, claiming when it is (the flag).
pub(super) struct DirectLocked(pub(super) bool);

/// A hidden subset of this size (2 or 3) that leaves another digit one place in its region.
pub(super) struct DirectHidden(pub(super) usize);

impl Technique for DirectLocked {
    fn kind(&self) -> TechniqueKind {
        if self.0 {
            TechniqueKind::DirectClaiming
        } else {
            TechniqueKind::DirectPointing
        }
    }

    fn find(&self, candidates: &Candidates, variant: &Variant) -> Option<Step> {
        let geometry = candidates.geometry();
        let lines = self.0;
        let n = candidates.size();
        for a in (0..geometry.region_count()).filter(|&a| is_line(geometry.kind(a)) == lines) {
            for digit in 1..=n as Digit {
                let inside = candidates.positions(a, digit);
                if inside & inside.wrapping_sub(1) == 0 {
                    continue;
                }
                for o in geometry.overlaps(a).iter().filter(|o| inside & !o.in_a == 0) {
                    let outside = candidates.positions(o.b, digit) & !o.in_b;
                    if outside == 0 {
                        continue;
                    }
                    // B's cells outside A lose the digit (a region of A's kind may share
                    // cells with A where they overlap, as the two diagonals do).
                    let removed = |cell: Cell| {
                        geometry.position(o.b, cell).is_some()
                            && geometry.position(a, cell).is_none()
                    };
                    // Another region of A's kind whose places, but one, all lose the digit.
                    let single = (0..geometry.region_count())
                        .filter(|&r| r != a && geometry.kind(r) == geometry.kind(a))
                        .find_map(|r| {
                            let places = candidates.positions(r, digit);
                            if places & places.wrapping_sub(1) == 0 {
                                return None;
                            }
                            let mut kept = bits(places)
                                .map(|k| geometry.region(r)[k as usize])
                                .filter(|&c| !removed(c));
                            let cell = kept.next()?;
                            kept.next().is_none().then_some((r, cell))
                        });
                    let Some((r, cell)) = single else { continue };
                    let cells: Vec<Cell> =
                        bits(inside).map(|k| geometry.region(a)[k as usize]).collect();
                    let explanation = format!(
                        "{}: in {}, {} lies only in {}, so it leaves {} only {}: {} = {}",
                        self.kind().name(),
                        text::region(variant, a),
                        text::digit(digit),
                        text::region(variant, o.b),
                        text::region(variant, r),
                        text::cell(n, cell),
                        text::cell(n, cell),
                        text::digit(digit),
                    );
                    return Some(Step {
                        technique: self.kind(),
                        cells,
                        regions: vec![a, o.b, r],
                        placements: vec![(cell, digit)],
                        eliminations: Vec::new(),
                        explanation,
                    });
                }
            }
        }
        None
    }
}

impl Technique for DirectHidden {
    fn kind(&self) -> TechniqueKind {
        [TechniqueKind::DirectHiddenPair, TechniqueKind::DirectHiddenTriple][self.0 - 2]
    }

    fn find(&self, candidates: &Candidates, variant: &Variant) -> Option<Step> {
        let n = candidates.size();
        let size = self.0;
        let geometry = candidates.geometry();
        // As SE: only in regions with more blanks than the subset holds.
        let digits_of = |r: usize, options: &mut Vec<(u32, u64)>| {
            let blanks = geometry.region(r).iter().filter(|&&c| candidates.candidates(c) != 0);
            if blanks.count() <= size {
                return false;
            }
            for digit in 1..=n as Digit {
                let positions = candidates.positions(r, digit);
                if positions & positions.wrapping_sub(1) != 0 && at_most(positions, size) {
                    options.push((u32::from(digit), positions));
                }
            }
            true
        };
        first_in_regions(candidates, size, digits_of, |r, pick| {
            let region = geometry.region(r);
            let digits = pick.items[..size].iter().fold(0u64, |m, &d| m | 1 << (d - 1));
            // Another digit with places in the subset's cells and exactly one outside them.
            let (digit, place) =
                (1..=n as Digit).filter(|&d| digits & 1 << (d - 1) == 0).find_map(|d| {
                    let places = candidates.positions(r, d);
                    let rest = places & !pick.union;
                    (places != rest && rest.is_power_of_two())
                        .then(|| (d, region[rest.trailing_zeros() as usize]))
                })?;
            let cells: Vec<Cell> = bits(pick.union).map(|k| region[k as usize]).collect();
            let explanation = format!(
                "direct hidden {} {} in {}: only {} can hold them, so {} fits only {}: {} = {}",
                NAMES[size],
                text::digits(digits),
                text::region(variant, r),
                text::cells(n, &cells),
                text::digit(digit),
                text::cell(n, place),
                text::cell(n, place),
                text::digit(digit),
            );
            Some(Step {
                technique: self.kind(),
                cells,
                regions: vec![r],
                placements: vec![(place, digit)],
                eliminations: Vec::new(),
                explanation,
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{at, blank, cells, confine, fire};
    use super::*;

    #[test]
    fn direct_pointing_places_the_single_it_leaves() {
        let variant = Variant::standard(9).unwrap();
        let mut candidates = blank(&variant);
        let region = |r: usize| variant.regions()[r].cells.clone();
        // Box 1 has 4 only in row 2; box 2 has 4 in row 2 and at r1c5 alone besides.
        confine(&mut candidates, &region(18), &cells(9, "r2c1 r2c3"), 4);
        confine(&mut candidates, &region(19), &cells(9, "r1c5 r2c4 r2c6"), 4);
        let step = fire(&DirectLocked(false), &candidates, &variant);
        assert_eq!(step.placements, [(at(9, "r1c5"), 4)]);
        assert!(step.eliminations.is_empty(), "as SE: the single alone");
        assert_eq!(
            step.explanation,
            "direct pointing: in box 1, 4 lies only in row 2, so it leaves box 2 only r1c5: \
             r1c5 = 4"
        );
        // Without the second box's near-single, the pointing is not direct.
        let mut plain = blank(&variant);
        confine(&mut plain, &region(18), &cells(9, "r2c1 r2c3"), 4);
        assert!(DirectLocked(false).find(&plain, &variant).is_none());
        assert!(DirectLocked(true).find(&plain, &variant).is_none());
    }

    #[test]
    fn direct_hidden_pair_places_the_digit_it_squeezes_out() {
        let variant = Variant::standard(9).unwrap();
        let mut candidates = blank(&variant);
        let row1 = variant.regions()[0].cells.clone();
        for d in [2, 6] {
            confine(&mut candidates, &row1, &cells(9, "r1c1 r1c2"), d);
        }
        // 5 may go in r1c1, r1c2 and r1c9 only: the pair leaves it r1c9.
        confine(&mut candidates, &row1, &cells(9, "r1c1 r1c2 r1c9"), 5);
        let step = fire(&DirectHidden(2), &candidates, &variant);
        assert_eq!(step.placements, [(at(9, "r1c9"), 5)]);
        assert_eq!(step.cells, cells(9, "r1c1 r1c2"));
        assert!(step.explanation.starts_with("direct hidden pair 2, 6 in row 1"), "{step}");
        assert!(DirectHidden(3).find(&candidates, &variant).is_none());
    }
}
