//! The ALS-XY-wing: a pivot ALS C with restricted commons X with A and Y with B. C cannot lose
//! both X and Y (it would have fewer digits than cells), so A lacks X or B lacks Y: one of them
//! is locked, and a digit Z of both A and B lies in one of them.

use super::als::{self, Sets};
use super::bits::bits;
use super::candidates::Candidates;
use super::{buffers, text, Step, Technique, TechniqueKind};
use crate::grid::Digit;
use crate::variant::Variant;

/// Three ALSs: A-C restricted common X, B-C restricted common Y (X != Y); Z common to A and B
/// (neither X nor Y) leaves the cells seeing all its places in A and B.
pub(super) struct AlsXyWing;

impl Technique for AlsXyWing {
    fn kind(&self) -> TechniqueKind {
        TechniqueKind::AlsXyWing
    }

    fn find(&self, candidates: &Candidates, variant: &Variant) -> Option<Step> {
        buffers::als_sets(candidates, |sets| {
            sets.link();
            self.search(candidates, variant, sets)
        })
    }
}

impl AlsXyWing {
    /// The first wing by pivot, then A, then B, in list order.
    fn search(&self, candidates: &Candidates, variant: &Variant, sets: &Sets) -> Option<Step> {
        let links = sets.links();
        let mut eliminations = Vec::new();
        for group in links.chunk_by(|p, q| p.0 == q.0) {
            let c = &sets.list[group[0].0 as usize];
            for (k, &(_, a, xs)) in group.iter().enumerate() {
                let a = &sets.list[a as usize];
                for &(_, b, ys) in &group[k + 1..] {
                    let b = &sets.list[b as usize];
                    let common = a.digits & b.digits;
                    if common & !(xs | ys) == 0 {
                        continue;
                    }
                    let removable = sets.removable(a, b, common);
                    if removable == 0 || !a.disjoint(b) {
                        continue;
                    }
                    for (x, y) in pairs(xs, ys) {
                        eliminations.clear();
                        for z in bits(removable & !(1 << x | 1 << y)) {
                            sets.seeing_places(
                                candidates,
                                &[a, b],
                                z as Digit + 1,
                                &mut eliminations,
                            );
                        }
                        if eliminations.is_empty() {
                            continue;
                        }
                        let explanation = format!(
                            "als-xy-wing: {} shares restricted commons {} with {} and {} with {}; \
                             it cannot lose both, so one of the two is locked and {} in them: {}",
                            als::describe(candidates, variant, c),
                            text::digit(x as Digit + 1),
                            als::describe(candidates, variant, a),
                            text::digit(y as Digit + 1),
                            als::describe(candidates, variant, b),
                            als::digits_lie(als::removed_digits(&eliminations)),
                            text::removed(candidates.size(), &eliminations)
                        );
                        return Some(als::als_step(
                            self.kind(),
                            &[c, a, b],
                            &[],
                            eliminations,
                            explanation,
                        ));
                    }
                }
            }
        }
        None
    }
}

/// The choices of x from `xs` and y from `ys` with x != y (bit indices).
fn pairs(xs: u64, ys: u64) -> impl Iterator<Item = (u32, u32)> {
    bits(xs).flat_map(move |x| bits(ys).filter(move |&y| y != x).map(move |y| (x, y)))
}

#[cfg(test)]
mod tests {
    use super::super::testing::{at, blank, cells, fire, keep};
    use super::*;

    #[test]
    fn als_xy_wing_with_a_set_of_two_cells() {
        let variant = Variant::standard(9).unwrap();
        let mut candidates = blank(&variant);
        keep(&mut candidates, at(9, "r5c5"), &[1, 9]);
        keep(&mut candidates, at(9, "r5c6"), &[2, 9]);
        keep(&mut candidates, at(9, "r9c5"), &[1, 3]);
        keep(&mut candidates, at(9, "r1c6"), &[2, 3]);
        let step = fire(&AlsXyWing, &candidates, &variant);
        // The cells seeing r1c6 and r9c5, by a line or a box.
        let expected: Vec<_> =
            cells(9, "r1c5 r2c5 r3c5 r7c6 r8c6 r9c6").into_iter().map(|c| (c, 3)).collect();
        assert_eq!(step.eliminations, expected);
        // r5c5 is 1 or 9: r9c5 is 3, or r1c6, r5c6 (without 9) are 2 and 3.
        assert_eq!(step.cells, cells(9, "r5c5 r9c5 r1c6 r5c6"));
        assert_eq!(
            step.explanation,
            "als-xy-wing: r5c5 {1, 9} shares restricted commons 1 with r9c5 {1, 3} and 9 with \
             r1c6, r5c6 {2, 3, 9} (column 6); it cannot lose both, so one of the two is locked \
             and 3 lies in them: 3 removed from r1c5, r2c5, r3c5, r7c6, r8c6, r9c6"
        );
    }

    #[test]
    fn no_als_xy_wing_when_both_links_are_one_digit() {
        let variant = Variant::standard(9).unwrap();
        let mut candidates = blank(&variant);
        // r9c5 and r5c1 may both be 1 (and r5c5 9), so neither need hold 3.
        keep(&mut candidates, at(9, "r5c5"), &[1, 9]);
        keep(&mut candidates, at(9, "r9c5"), &[1, 3]);
        keep(&mut candidates, at(9, "r5c1"), &[1, 3]);
        let step = AlsXyWing.find(&candidates, &variant);
        assert!(step.is_none(), "{step:?}");
    }
}
