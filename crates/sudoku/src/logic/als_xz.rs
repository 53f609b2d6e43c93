//! ALS-XZ: two almost locked sets sharing a restricted common X. Neither can lose X to the
//! other's cells both ways, so one of them is locked and each other common digit Z lies in one
//! of the two.

use super::als::{als_step, describe, digits_lie, removed_digits, Sets};
use super::bits::{at_most, bits};
use super::candidates::Candidates;
use super::{buffers, text, Step, Technique, TechniqueKind};
use crate::grid::Digit;
use crate::variant::Variant;

/// Two ALSs A and B sharing a restricted common X: one of them lacks X and is locked, so each
/// other common digit Z lies in A or B and leaves every cell seeing all its places in both.
pub(super) struct AlsXz;

impl Technique for AlsXz {
    fn kind(&self) -> TechniqueKind {
        TechniqueKind::AlsXz
    }

    fn find(&self, candidates: &Candidates, variant: &Variant) -> Option<Step> {
        buffers::als_sets(candidates, |sets| self.search(candidates, variant, sets))
    }
}

impl AlsXz {
    /// The first pair of sets in list order (`a` before `b`) with a restricted common X and
    /// another common digit to remove. Cheapest test first: a digit either could remove, then
    /// X, then the shared cells (a restricted common is no place of both).
    fn search(&self, candidates: &Candidates, variant: &Variant, sets: &Sets) -> Option<Step> {
        let mut eliminations = Vec::new();
        for (i, a) in sets.list.iter().enumerate() {
            for b in &sets.list[i + 1..] {
                let common = a.digits & b.digits;
                if at_most(common, 1) {
                    continue;
                }
                let removable = sets.removable(a, b, common);
                if removable == 0 {
                    continue;
                }
                let rcc = sets.restricted(a, b);
                if rcc == 0 || !a.disjoint(b) {
                    continue;
                }
                for x in bits(rcc) {
                    if removable & !(1 << x) == 0 {
                        continue;
                    }
                    eliminations.clear();
                    for z in bits(removable & !(1 << x)) {
                        sets.seeing_places(candidates, &[a, b], z as Digit + 1, &mut eliminations);
                    }
                    if eliminations.is_empty() {
                        continue;
                    }
                    let explanation = format!(
                        "als-xz: {} and {} cannot both hold {} (each place of it in one sees \
                         each in the other), so one of them is locked and {} in them: {}",
                        describe(candidates, variant, a),
                        describe(candidates, variant, b),
                        text::digit(x as Digit + 1),
                        digits_lie(removed_digits(&eliminations)),
                        text::removed(candidates.size(), &eliminations)
                    );
                    return Some(als_step(self.kind(), &[a, b], &[], eliminations, explanation));
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{at, blank, cells, fire, keep};
    use super::*;

    #[test]
    fn als_xz_through_a_restricted_common() {
        let variant = Variant::standard(9).unwrap();
        let mut candidates = blank(&variant);
        keep(&mut candidates, at(9, "r1c1"), &[1, 2]);
        keep(&mut candidates, at(9, "r4c1"), &[1, 3]);
        keep(&mut candidates, at(9, "r5c2"), &[2, 3]);
        let step = fire(&AlsXz, &candidates, &variant);
        let expected: Vec<_> =
            cells(9, "r1c2 r2c2 r3c2 r5c1 r6c1").into_iter().map(|c| (c, 2)).collect();
        assert_eq!(step.eliminations, expected);
        assert_eq!(step.cells, cells(9, "r1c1 r4c1 r5c2"));
        assert_eq!(step.regions, [21]);
        assert_eq!(
            step.explanation,
            "als-xz: r1c1 {1, 2} and r4c1, r5c2 {1, 2, 3} (box 4) cannot both hold 1 (each place \
             of it in one sees each in the other), so one of them is locked and 2 lies in them: \
             2 removed from r1c2, r2c2, r3c2, r5c1, r6c1"
        );
    }

    #[test]
    fn no_als_xz_without_a_restricted_common() {
        let variant = Variant::standard(9).unwrap();
        let mut candidates = blank(&variant);
        // r1c3 sees neither cell of the box 4 set: 1 is no restricted common, nor is 2.
        keep(&mut candidates, at(9, "r1c3"), &[1, 2]);
        keep(&mut candidates, at(9, "r4c1"), &[1, 3]);
        keep(&mut candidates, at(9, "r5c2"), &[2, 3]);
        assert!(AlsXz.find(&candidates, &variant).is_none());
    }
}
