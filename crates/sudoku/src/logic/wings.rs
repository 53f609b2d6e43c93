//! Wings: a pivot and two pincers (xy-wing, xyz-wing), or two equal bivalue cells joined by a
//! strong link (w-wing). "Sees" means sharing any region, so diagonals and windows count.

use super::bits::{bits, cells_of, one_bit, two_bits};
use super::candidates::Candidates;
use super::geometry::Geometry;
use super::{text, Step, Technique, TechniqueKind};
use crate::grid::{Cell, Digit};
use crate::variant::Variant;

/// Pivot {x, y} seeing pincers {x, z} and {y, z}: one pincer is z.
pub(super) struct XyWing;

/// Pivot {x, y, z} seeing pincers {x, z} and {y, z}: the pivot or a pincer is z.
pub(super) struct XyzWing;

/// Cells {x, y} and {x, y} with a strong link on x whose ends see one each: one cell is y.
pub(super) struct WWing;

/// The cells other than `except` that see every cell of `of` and may hold `digit`.
fn seeing_all(
    candidates: &Candidates,
    of: &[Cell],
    except: &[Cell],
    digit: Digit,
) -> Vec<(Cell, Digit)> {
    let geometry = candidates.geometry();
    let mut found = Vec::new();
    for w in 0..geometry.words() {
        let common = of.iter().fold(u64::MAX, |word, &c| word & geometry.peers(c)[w]);
        for cell in bits(common).map(|b| w * 64 + b as usize) {
            if !except.contains(&cell) && candidates.has(cell, digit) {
                found.push((cell, digit));
            }
        }
    }
    found
}

/// `r1c1 {3, 7}`.
fn bivalue(candidates: &Candidates, cell: Cell) -> String {
    format!(
        "{} {{{}}}",
        text::cell(candidates.size(), cell),
        text::digits(candidates.candidates(cell))
    )
}

/// The single digit of a one-bit mask.
fn digit_of(mask: u64) -> Digit {
    mask.trailing_zeros() as Digit + 1
}

impl Technique for XyWing {
    fn kind(&self) -> TechniqueKind {
        TechniqueKind::XyWing
    }

    fn find(&self, candidates: &Candidates, _: &Variant) -> Option<Step> {
        let geometry = candidates.geometry();
        let masks = candidates.masks();
        for pivot in (0..masks.len()).filter(|&c| two_bits(masks[c])) {
            let m = masks[pivot];
            for a in cells_of(geometry.peers(pivot)) {
                let ma = masks[a];
                if !two_bits(ma) || !one_bit(ma & m) {
                    continue;
                }
                let (x, z) = (ma & m, ma & !m);
                let want = (m & !x) | z;
                for b in cells_of(geometry.peers(pivot)).filter(|&b| masks[b] == want) {
                    let cells = [pivot, a, b];
                    let eliminations = seeing_all(candidates, &[a, b], &cells, digit_of(z));
                    if eliminations.is_empty() {
                        continue;
                    }
                    let why = format!("one pincer is {}", text::digit(digit_of(z)));
                    return Some(pincer_step(candidates, self.kind(), cells, eliminations, &why));
                }
            }
        }
        None
    }
}

impl Technique for XyzWing {
    fn kind(&self) -> TechniqueKind {
        TechniqueKind::XyzWing
    }

    fn find(&self, candidates: &Candidates, _: &Variant) -> Option<Step> {
        let geometry = candidates.geometry();
        let masks = candidates.masks();
        for pivot in (0..masks.len()).filter(|&c| masks[c].count_ones() == 3) {
            let m = masks[pivot];
            let inside = |c: &Cell| two_bits(masks[*c]) && masks[*c] & !m == 0;
            for a in cells_of(geometry.peers(pivot)).filter(inside) {
                for b in cells_of(geometry.peers(pivot)).filter(|b| *b > a && inside(b)) {
                    if masks[a] == masks[b] {
                        continue;
                    }
                    let z = digit_of(masks[a] & masks[b]);
                    let cells = [pivot, a, b];
                    let eliminations = seeing_all(candidates, &cells, &cells, z);
                    if eliminations.is_empty() {
                        continue;
                    }
                    let why = format!("one of them is {}", text::digit(z));
                    return Some(pincer_step(candidates, self.kind(), cells, eliminations, &why));
                }
            }
        }
        None
    }
}

impl Technique for WWing {
    fn kind(&self) -> TechniqueKind {
        TechniqueKind::WWing
    }

    fn find(&self, candidates: &Candidates, variant: &Variant) -> Option<Step> {
        let geometry = candidates.geometry();
        let masks = candidates.masks();
        let size = candidates.size();
        let pairs: Vec<Cell> = (0..masks.len()).filter(|&c| two_bits(masks[c])).collect();
        for (i, &first) in pairs.iter().enumerate() {
            for &second in pairs[i + 1..].iter().filter(|&&c| masks[c] == masks[first]) {
                for linked in bits(masks[first]).map(|d| d as Digit + 1) {
                    let other = digit_of(masks[first] & !(1 << (linked - 1)));
                    let ends = [first, second];
                    let eliminations = seeing_all(candidates, &ends, &ends, other);
                    if eliminations.is_empty() {
                        continue;
                    }
                    let Some((r, near, far)) = strong_link(candidates, linked, ends) else {
                        continue;
                    };
                    let explanation = format!(
                        "w-wing: {} and {} hold {}; the strong link on {} in {} ({}, {}) makes one \
                         of them {}, so {}",
                        text::cell(size, first),
                        text::cell(size, second),
                        text::digits(masks[first]),
                        text::digit(linked),
                        text::region(variant, r),
                        text::cell(size, near),
                        text::cell(size, far),
                        text::digit(other),
                        text::removed(size, &eliminations)
                    );
                    let cells = [first, second, near, far];
                    let mut step =
                        wing_step(geometry, self.kind(), &cells, eliminations, explanation);
                    step.regions = vec![r];
                    return Some(step);
                }
            }
        }
        None
    }
}

/// The step of a pivot and two pincers (`cells`), explained as "xy-wing: pivot r1c1 {3, 7} with
/// pincers ...: `why`, so ... removed".
fn pincer_step(
    candidates: &Candidates,
    technique: TechniqueKind,
    cells: [Cell; 3],
    eliminations: Vec<(Cell, Digit)>,
    why: &str,
) -> Step {
    let [pivot, a, b] = cells;
    let explanation = format!(
        "{}: pivot {} with pincers {} and {}: {why}, so {}",
        technique.name(),
        bivalue(candidates, pivot),
        bivalue(candidates, a),
        bivalue(candidates, b),
        text::removed(candidates.size(), &eliminations)
    );
    wing_step(candidates.geometry(), technique, &cells, eliminations, explanation)
}

/// A region where `digit` has exactly two places, neither of `ends`, one seeing the first end
/// and the other the second: (region, the place seeing the first, the place seeing the second).
fn strong_link(
    candidates: &Candidates,
    digit: Digit,
    ends: [Cell; 2],
) -> Option<(usize, Cell, Cell)> {
    let geometry = candidates.geometry();
    (0..geometry.region_count()).find_map(|r| {
        let places = candidates.positions(r, digit);
        if !two_bits(places) {
            return None;
        }
        let region = geometry.region(r);
        let low = region[places.trailing_zeros() as usize];
        let high = region[63 - places.leading_zeros() as usize];
        if ends.contains(&low) || ends.contains(&high) {
            return None;
        }
        if geometry.sees(low, ends[0]) && geometry.sees(high, ends[1]) {
            Some((r, low, high))
        } else if geometry.sees(high, ends[0]) && geometry.sees(low, ends[1]) {
            Some((r, high, low))
        } else {
            None
        }
    })
}

/// A wing's step; its regions are those its cells share pairwise with the first cell.
fn wing_step(
    geometry: &Geometry,
    technique: TechniqueKind,
    cells: &[Cell],
    eliminations: Vec<(Cell, Digit)>,
    explanation: String,
) -> Step {
    let mut regions: Vec<usize> = cells[1..]
        .iter()
        .filter_map(|&c| {
            geometry
                .members(c)
                .iter()
                .map(|&(r, _)| r as usize)
                .find(|&r| geometry.position(r, cells[0]).is_some())
        })
        .collect();
    regions.dedup();
    Step::eliminating(technique, cells.to_vec(), regions, eliminations, explanation)
}

#[cfg(test)]
mod tests {
    use super::super::testing::{at, blank, cells, confine, fire, keep};
    use super::*;

    #[test]
    fn xy_wing_removes_z_where_both_pincers_see() {
        let variant = Variant::standard(9).unwrap();
        let mut candidates = blank(&variant);
        keep(&mut candidates, at(9, "r1c1"), &[3, 7]);
        keep(&mut candidates, at(9, "r1c5"), &[3, 5]);
        keep(&mut candidates, at(9, "r4c1"), &[7, 5]);
        let step = fire(&XyWing, &candidates, &variant);
        assert_eq!(step.eliminations, [(at(9, "r4c5"), 5)]);
        assert_eq!(
            step.explanation,
            "xy-wing: pivot r1c1 {3, 7} with pincers r1c5 {3, 5} and r4c1 {5, 7}: one pincer \
             is 5, so 5 removed from r4c5"
        );
    }

    #[test]
    fn xy_wing_through_a_box_and_a_diagonal() {
        let variant = Variant::standard(9).unwrap().with_diagonals().unwrap();
        let mut candidates = blank(&variant);
        // The pivot sees one pincer by its box and the other by diagonal 1.
        keep(&mut candidates, at(9, "r2c2"), &[1, 2]);
        keep(&mut candidates, at(9, "r3c1"), &[1, 9]);
        keep(&mut candidates, at(9, "r8c8"), &[2, 9]);
        let step = fire(&XyWing, &candidates, &variant);
        // r1c1 and r3c3 see r3c1 in box 1 and r8c8 on the diagonal.
        let expected: Vec<_> =
            cells(9, "r1c1 r3c3 r3c8 r8c1").into_iter().map(|c| (c, 9)).collect();
        assert_eq!(step.eliminations, expected);
    }

    #[test]
    fn xyz_wing_removes_z_where_all_three_see() {
        let variant = Variant::standard(9).unwrap();
        let mut candidates = blank(&variant);
        keep(&mut candidates, at(9, "r2c2"), &[1, 2, 4]);
        keep(&mut candidates, at(9, "r2c8"), &[1, 4]);
        keep(&mut candidates, at(9, "r1c3"), &[2, 4]);
        let step = fire(&XyzWing, &candidates, &variant);
        assert_eq!(step.eliminations, [(at(9, "r2c1"), 4), (at(9, "r2c3"), 4)]);
        assert!(step.explanation.starts_with("xyz-wing: pivot r2c2 {1, 2, 4}"));
        assert!(XyWing.find(&candidates, &variant).is_none());
    }

    #[test]
    fn w_wing_through_a_strong_link() {
        let variant = Variant::standard(9).unwrap();
        let mut candidates = blank(&variant);
        keep(&mut candidates, at(9, "r1c1"), &[4, 8]);
        keep(&mut candidates, at(9, "r5c6"), &[4, 8]);
        let row3 = variant.regions()[2].cells.clone();
        confine(&mut candidates, &row3, &[at(9, "r3c1"), at(9, "r3c6")], 4);
        let step = fire(&WWing, &candidates, &variant);
        assert_eq!(step.eliminations, [(at(9, "r1c6"), 8), (at(9, "r5c1"), 8)]);
        assert_eq!(step.regions, [2]);
        assert!(step.explanation.starts_with(
            "w-wing: r1c1 and r5c6 hold 4, 8; the strong link on 4 in row 3 (r3c1, r3c6)"
        ));
    }
}
