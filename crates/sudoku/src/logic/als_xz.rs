//! ALS-XZ: two almost locked sets sharing a restricted common X. Neither can lose X to the
//! other's cells both ways, so one of them is locked and each other common digit Z lies in one
//! of the two.

use super::als::{als_step, describe, digits_lie, removed_digits, Als, Sets};
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
                if let Some(step) = self.doubly_linked(candidates, variant, sets, [a, b]) {
                    return Some(step);
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

    /// Two sets sharing two restricted commons: neither can hold both (the other would lack
    /// two digits), so each lacks one of them and holds every other digit of its own. Each of
    /// those leaves the cells seeing all its places in its set, and each restricted common the
    /// cells seeing all its places in both (a doubly linked ALS-XZ).
    fn doubly_linked(
        &self,
        candidates: &Candidates,
        variant: &Variant,
        sets: &Sets,
        [a, b]: [&Als; 2],
    ) -> Option<Step> {
        // A restricted common is a digit some cell outside each set sees in all its places.
        if at_most(a.digits & b.digits & a.reaching & b.reaching, 1) {
            return None;
        }
        let rcc = sets.restricted(a, b);
        if at_most(rcc, 1) || !a.disjoint(b) {
            return None;
        }
        let mut eliminations = Vec::new();
        for set in [a, b] {
            for d in bits(set.digits & set.reaching & !rcc) {
                sets.seeing_places(candidates, &[set], d as Digit + 1, &mut eliminations);
            }
        }
        for x in bits(rcc) {
            sets.seeing_places(candidates, &[a, b], x as Digit + 1, &mut eliminations);
        }
        if eliminations.is_empty() {
            return None;
        }
        let commons: Vec<String> =
            bits(rcc).map(|d| text::digit(d as Digit + 1).to_string()).collect();
        let explanation = format!(
            "als-xz, doubly linked: {} and {} cannot both hold {}, nor both hold {} (each place \
             of either in one sees each in the other), so each lacks one of the two and holds \
             all its other digits: {}",
            describe(candidates, variant, a),
            describe(candidates, variant, b),
            commons[0],
            text::and_list(&commons[1..]),
            text::removed(candidates.size(), &eliminations)
        );
        Some(als_step(self.kind(), &[a, b], &[], eliminations, explanation))
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
    fn doubly_linked_als_xz_locks_both_sets() {
        let variant = Variant::standard(9).unwrap();
        let mut candidates = blank(&variant);
        // Box 1's r1c2 {1, 4}, r2c2 {2, 4} and box 2's r1c5 {1, 3}, r2c6 {2, 3} share the
        // restricted commons 1 and 2 (rows 1 and 2), so 4 stays in box 1's set and 3 in box
        // 2's; the same cells split by rows share 3 and 4, and that pair comes first.
        keep(&mut candidates, at(9, "r1c2"), &[1, 4]);
        keep(&mut candidates, at(9, "r2c2"), &[2, 4]);
        keep(&mut candidates, at(9, "r1c5"), &[1, 3]);
        keep(&mut candidates, at(9, "r2c6"), &[2, 3]);
        let step = fire(&AlsXz, &candidates, &variant);
        let mut expected: Vec<(usize, Digit)> = Vec::new();
        let with = |names: &str, digit: Digit, out: &mut Vec<(usize, Digit)>| {
            out.extend(cells(9, names).into_iter().map(|c| (c, digit)));
        };
        with("r1c1 r1c3 r1c4 r1c6 r1c7 r1c8 r1c9", 1, &mut expected);
        with("r2c1 r2c3 r2c4 r2c5 r2c7 r2c8 r2c9", 2, &mut expected);
        with("r1c4 r1c6 r2c4 r2c5 r3c4 r3c5 r3c6", 3, &mut expected);
        with("r1c1 r1c3 r2c1 r2c3 r3c1 r3c2 r3c3 r4c2 r5c2 r6c2 r7c2 r8c2 r9c2", 4, &mut expected);
        expected.sort_unstable();
        assert_eq!(step.eliminations, expected);
        assert_eq!(step.cells, cells(9, "r1c2 r1c5 r2c2 r2c6"));
        assert!(
            step.explanation.starts_with(
                "als-xz, doubly linked: r1c2, r1c5 {1, 3, 4} (row 1) and r2c2, r2c6 {2, 3, 4} \
                 (row 2) cannot both hold 3, nor both hold 4"
            ),
            "{}",
            step.explanation
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
