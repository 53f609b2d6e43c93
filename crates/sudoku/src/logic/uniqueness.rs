//! Techniques that assume the puzzle has exactly one solution: unique rectangle type 1 and
//! BUG+1. On a puzzle with several solutions they may remove a digit that one of them needs.

use super::bits::{bits, two_bits};
use super::candidates::Candidates;
use super::{text, Step, Technique, TechniqueKind};
use crate::grid::{Cell, Digit};
use crate::variant::Variant;

/// Unique rectangle type 1: corners in two rows and two columns, three of them holding only
/// {a, b}, where every region holds none, two or more of the corners (classically: exactly two
/// boxes). Were the fourth corner also {a, b}, a and b could swap around the rectangle and the
/// puzzle would have two solutions: so the fourth corner is neither.
pub(super) struct UniqueRectangle;

/// BUG+1: every unsolved cell has two candidates but one, which has three, and every digit has
/// two places in every region but the extra digit of that cell, which has three in each of its
/// regions. Without that digit the grid would be a "bivalue universal grave": every cell and
/// every (region, digit) would have exactly two options, and the complement of a solution is
/// then another solution, so it would have none or at least two. The cell takes the digit.
pub(super) struct BugPlusOne;

impl Technique for UniqueRectangle {
    fn kind(&self) -> TechniqueKind {
        TechniqueKind::UniqueRectangle
    }

    fn find(&self, candidates: &Candidates, _: &Variant) -> Option<Step> {
        let n = candidates.size();
        let masks = candidates.masks();
        // The three bivalue corners form an L: find its elbow `p`, its arm in the row `q` and its
        // arm in the column `r`; the fourth corner `f` closes the rectangle.
        for p in (0..n * n).filter(|&c| two_bits(masks[c])) {
            let m = masks[p];
            let (row, col) = (p / n, p % n);
            for q in (row * n..(row + 1) * n).filter(|&q| q != p && masks[q] == m) {
                for r in (col..n * n).step_by(n).filter(|&r| r != p && masks[r] == m) {
                    let f = r / n * n + q % n;
                    if masks[f] & m != m || masks[f] == m || !swappable(candidates, [p, q, r, f]) {
                        continue;
                    }
                    let eliminations: Vec<(Cell, Digit)> =
                        bits(m).map(|d| (f, d as Digit + 1)).collect();
                    let explanation = format!(
                        "unique rectangle: {} hold only {}; were {} also one of them, they could \
                         swap round the rectangle and the puzzle would not be unique, so {} are \
                         removed from {}",
                        text::and_list(&[p, q, r].map(|c| text::cell(n, c).to_string())),
                        text::digits(m),
                        text::cell(n, f),
                        text::and_list(
                            &bits(m)
                                .map(|d| text::digit(d as Digit + 1).to_string())
                                .collect::<Vec<_>>()
                        ),
                        text::cell(n, f)
                    );
                    let corners = [p, q, f, r];
                    let geometry = candidates.geometry();
                    let mut regions: Vec<usize> = corners
                        .iter()
                        .flat_map(|&c| geometry.members(c).iter().map(|&(g, _)| g as usize))
                        .filter(|&g| {
                            corners.iter().filter(|&&c| geometry.position(g, c).is_some()).count()
                                >= 2
                        })
                        .collect();
                    regions.sort_unstable();
                    regions.dedup();
                    return Some(Step::eliminating(
                        TechniqueKind::UniqueRectangle,
                        corners.to_vec(),
                        regions,
                        eliminations,
                        explanation,
                    ));
                }
            }
        }
        None
    }
}

/// Whether no region holds exactly one of the corners: then swapping a and b round them keeps
/// every region whole (a region with three corners, or two diagonal ones, rules the pattern out
/// altogether, which also gives the conclusion).
fn swappable(candidates: &Candidates, corners: [Cell; 4]) -> bool {
    let geometry = candidates.geometry();
    corners.iter().all(|&c| {
        geometry.members(c).iter().all(|&(g, _)| {
            corners.iter().filter(|&&o| geometry.position(g as usize, o).is_some()).count() != 1
        })
    })
}

impl Technique for BugPlusOne {
    fn kind(&self) -> TechniqueKind {
        TechniqueKind::BugPlusOne
    }

    fn find(&self, candidates: &Candidates, variant: &Variant) -> Option<Step> {
        let n = candidates.size();
        let mut extra = None;
        for (cell, mask) in candidates.masks().iter().enumerate() {
            match mask.count_ones() {
                0 | 2 => {}
                3 if extra.is_none() => extra = Some(cell),
                _ => return None,
            }
        }
        let cell = extra?;
        let geometry = candidates.geometry();
        let first = geometry.members(cell)[0].0 as usize;
        let mut threes = bits(candidates.candidates(cell))
            .map(|d| d as Digit + 1)
            .filter(|&d| candidates.positions(first, d).count_ones() == 3);
        let digit = threes.next()?;
        if threes.next().is_some() {
            return None;
        }
        for r in 0..geometry.region_count() {
            let holds = geometry.position(r, cell).is_some();
            for d in 1..=n as Digit {
                let places = candidates.positions(r, d).count_ones();
                let expected = if holds && d == digit { 3 } else { 2 };
                if places != expected && places != 0 {
                    return None;
                }
            }
        }
        let regions: Vec<usize> = geometry.members(cell).iter().map(|&(r, _)| r as usize).collect();
        let names: Vec<String> =
            regions.iter().map(|&r| text::region(variant, r).to_string()).collect();
        let explanation = format!(
            "{} = {}: bug+1 — every other unsolved cell has two candidates and {} appears three \
             times in {}; any other digit would leave a grave with no solution or several",
            text::cell(n, cell),
            text::digit(digit),
            text::digit(digit),
            text::and_list(&names)
        );
        Some(Step {
            technique: TechniqueKind::BugPlusOne,
            cells: vec![cell],
            regions,
            placements: vec![(cell, digit)],
            eliminations: Vec::new(),
            explanation,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{at, blank, cells, fire, keep};
    use super::*;
    use crate::grid::Grid;

    #[test]
    fn unique_rectangle_in_two_boxes_clears_the_fourth_corner() {
        let variant = Variant::standard(9).unwrap();
        let mut candidates = blank(&variant);
        for cell in cells(9, "r1c1 r1c2 r4c1") {
            keep(&mut candidates, cell, &[3, 7]);
        }
        let step = fire(&UniqueRectangle, &candidates, &variant);
        assert_eq!(step.eliminations, [(at(9, "r4c2"), 3), (at(9, "r4c2"), 7)]);
        assert_eq!(step.cells, cells(9, "r1c1 r1c2 r4c2 r4c1"));
        assert_eq!(step.regions, [0, 3, 9, 10, 18, 21]);
        assert!(step
            .explanation
            .starts_with("unique rectangle: r1c1, r1c2 and r4c1 hold only 3, 7"));
    }

    #[test]
    fn no_unique_rectangle_across_four_boxes_or_a_diagonal() {
        let classic = Variant::standard(9).unwrap();
        let mut candidates = blank(&classic);
        for cell in cells(9, "r1c1 r1c5 r4c1") {
            keep(&mut candidates, cell, &[3, 7]);
        }
        assert!(UniqueRectangle.find(&candidates, &classic).is_none());
        // Diagonal 1 holds r1c1 alone: swapping 3 and 7 would break it.
        let x = Variant::standard(9).unwrap().with_diagonals().unwrap();
        let mut candidates = blank(&x);
        for cell in cells(9, "r1c1 r1c2 r4c1") {
            keep(&mut candidates, cell, &[3, 7]);
        }
        assert!(UniqueRectangle.find(&candidates, &x).is_none());
    }

    /// A position of a 17-clue puzzle where every unsolved cell has two candidates but r2c2.
    fn grave() -> (Variant, Candidates) {
        let variant = Variant::standard(9).unwrap();
        let line =
            "7.18.2934..9.378122831947658.2..1357.37..5681615378249..8713426374..6198126489573";
        let digits = line.bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect();
        let mut candidates = Candidates::new(&variant, &Grid::from_cells(9, digits)).unwrap();
        let marks = "r1c2:56 r1c5:56 r2c1:45 r2c2:456 r2c4:56 r4c2:49 r4c4:69 r4c5:46 r5c1:49 \
                     r5c4:29 r5c5:24 r7c1:59 r7c2:59 r8c4:25 r8c5:25";
        for mark in marks.split_whitespace() {
            let (name, digits) = mark.split_once(':').unwrap();
            let digits: Vec<Digit> = digits.bytes().map(|b| b - b'0').collect();
            keep(&mut candidates, at(9, name), &digits);
        }
        (variant, candidates)
    }

    #[test]
    fn bug_plus_one_places_the_digit_seen_three_times() {
        let (variant, candidates) = grave();
        let step = fire(&BugPlusOne, &candidates, &variant);
        assert_eq!(step.placements, [(at(9, "r2c2"), 5)]);
        assert_eq!(step.regions, [1, 10, 18]);
        assert!(step.explanation.starts_with(
            "r2c2 = 5: bug+1 — every other unsolved cell has two candidates and 5 appears three \
             times in row 2, column 2 and box 1"
        ));
    }

    #[test]
    fn no_bug_plus_one_without_exactly_one_trivalue_cell() {
        let (variant, mut candidates) = grave();
        // Back to the grid's own candidates, which leave many cells with three or more.
        assert!(BugPlusOne.find(&blank(&variant), &variant).is_none());
        candidates.eliminate(at(9, "r2c2"), 5);
        assert!(BugPlusOne.find(&candidates, &variant).is_none());
    }
}
