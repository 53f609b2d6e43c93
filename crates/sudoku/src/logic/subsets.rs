//! Naked and hidden subsets (pairs, triples, quads) within any region. Naked: k cells whose
//! candidates are k digits between them, which then leave every region holding all k cells.
//! Hidden: k digits whose places in a region are k cells, which then keep only those digits.

use super::bits::{at_most, bits};
use super::candidates::Candidates;
use super::{text, Step, Technique, TechniqueKind};
use crate::grid::{Cell, Digit};
use crate::variant::Variant;

/// Naked subsets of this size (2 to 4).
pub(super) struct Naked(pub(super) usize);

/// Hidden subsets of this size (2 to 4).
pub(super) struct Hidden(pub(super) usize);

/// The subset sizes and their names.
pub(super) const NAMES: [&str; 5] = ["", "single", "pair", "triple", "quad"];

/// A chosen subset: up to four picks and what they cover.
#[derive(Clone, Copy, Default)]
pub(super) struct Pick {
    pub(super) items: [u32; 4],
    len: usize,
    pub(super) union: u64,
}

/// Every `size`-subset of `options` (bit masks) whose union has exactly `size` bits, in
/// lexicographic order, until `found` returns a step. Unions over `size` bits are pruned.
fn subsets(
    options: &[(u32, u64)],
    size: usize,
    pick: Pick,
    from: usize,
    found: &mut dyn FnMut(&Pick) -> Option<Step>,
) -> Option<Step> {
    if pick.len == size {
        return if pick.union.count_ones() as usize == size { found(&pick) } else { None };
    }
    for i in from..options.len() {
        let (item, mask) = options[i];
        let union = pick.union | mask;
        if !at_most(union, size) {
            continue;
        }
        let mut next = Pick { union, len: pick.len + 1, ..pick };
        next.items[pick.len] = item;
        if let Some(step) = subsets(options, size, next, i + 1, found) {
            return Some(step);
        }
    }
    None
}

impl Technique for Naked {
    fn kind(&self) -> TechniqueKind {
        [TechniqueKind::NakedPair, TechniqueKind::NakedTriple, TechniqueKind::NakedQuad][self.0 - 2]
    }

    fn find(&self, candidates: &Candidates, variant: &Variant) -> Option<Step> {
        let geometry = candidates.geometry();
        let size = self.0;
        // The cells of two to `size` candidates, in a region with more than `size` blanks.
        let cells_of = |r: usize, options: &mut Vec<(u32, u64)>| {
            let mut unsolved = 0;
            for (k, &cell) in geometry.region(r).iter().enumerate() {
                let mask = candidates.candidates(cell);
                unsolved += usize::from(mask != 0);
                if mask & mask.wrapping_sub(1) != 0 && at_most(mask, size) {
                    options.push((k as u32, mask));
                }
            }
            unsolved > size
        };
        first_in_regions(candidates, size, cells_of, |r, pick| {
            let region = geometry.region(r);
            let cells: Vec<Cell> = pick.items[..size].iter().map(|&k| region[k as usize]).collect();
            naked_step(candidates, variant, self.kind(), r, &cells, pick.union)
        })
    }
}

/// The first step `found` makes of a subset in any region, lowest region first: `fill` puts a
/// region's options (an item and its mask) in the list it is given, and says whether the
/// region is worth searching at all.
pub(super) fn first_in_regions(
    candidates: &Candidates,
    size: usize,
    mut fill: impl FnMut(usize, &mut Vec<(u32, u64)>) -> bool,
    mut found: impl FnMut(usize, &Pick) -> Option<Step>,
) -> Option<Step> {
    let mut options = Vec::with_capacity(candidates.size());
    for r in 0..candidates.geometry().region_count() {
        options.clear();
        if !fill(r, &mut options) || options.len() < size {
            continue;
        }
        let step = subsets(&options, size, Pick::default(), 0, &mut |pick| found(r, pick));
        if step.is_some() {
            return step;
        }
    }
    None
}

/// The step of a naked subset, if it removes anything: its digits leave every region
/// holding all its cells (the region it was found in, and a box or line they share).
fn naked_step(
    candidates: &Candidates,
    variant: &Variant,
    kind: TechniqueKind,
    found_in: usize,
    cells: &[Cell],
    digits: u64,
) -> Option<Step> {
    let geometry = candidates.geometry();
    let shared: Vec<usize> = geometry
        .members(cells[0])
        .iter()
        .map(|&(r, _)| r as usize)
        .filter(|&r| cells.iter().all(|&c| geometry.position(r, c).is_some()))
        .collect();
    let mut eliminations: Vec<(Cell, Digit)> = Vec::new();
    for &r in &shared {
        for &other in geometry.region(r).iter().filter(|c| !cells.contains(c)) {
            for d in bits(candidates.candidates(other) & digits) {
                eliminations.push((other, d as Digit + 1));
            }
        }
    }
    if eliminations.is_empty() {
        return None;
    }
    eliminations.sort_unstable();
    eliminations.dedup();
    let n = candidates.size();
    let regions: Vec<String> =
        shared.iter().map(|&r| text::region(variant, r).to_string()).collect();
    let explanation = format!(
        "naked {} {} in {} ({}): {}",
        NAMES[cells.len()],
        text::digits(digits),
        text::cells(n, cells),
        text::and_list(&regions),
        text::removed(n, &eliminations)
    );
    let mut regions = shared;
    regions.sort_by_key(|&r| r != found_in);
    Some(Step::eliminating(kind, cells.to_vec(), regions, eliminations, explanation))
}

impl Technique for Hidden {
    fn kind(&self) -> TechniqueKind {
        [TechniqueKind::HiddenPair, TechniqueKind::HiddenTriple, TechniqueKind::HiddenQuad]
            [self.0 - 2]
    }

    fn find(&self, candidates: &Candidates, variant: &Variant) -> Option<Step> {
        self.find_in(candidates, variant, |_| true)
    }
}

impl Hidden {
    /// [`find`](Technique::find) in the regions `changed` accepts alone, in the same order: a
    /// region's hidden subsets rest on its own cells' candidates only.
    pub(super) fn find_in(
        &self,
        candidates: &Candidates,
        variant: &Variant,
        changed: impl Fn(usize) -> bool,
    ) -> Option<Step> {
        let n = candidates.size();
        let size = self.0;
        // The digits of two to `size` places in the region.
        let digits_of = |r: usize, options: &mut Vec<(u32, u64)>| {
            if !changed(r) {
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
            let region = candidates.geometry().region(r);
            let digits = pick.items[..size].iter().fold(0, |m, &d| m | 1 << (d - 1));
            let cells: Vec<Cell> = bits(pick.union).map(|k| region[k as usize]).collect();
            let eliminations: Vec<(Cell, Digit)> = cells
                .iter()
                .flat_map(|&c| {
                    bits(candidates.candidates(c) & !digits).map(move |d| (c, d as Digit + 1))
                })
                .collect();
            if eliminations.is_empty() {
                return None;
            }
            let explanation = format!(
                "hidden {} {} in {}: only {} can hold them, so {}",
                NAMES[size],
                text::digits(digits),
                text::region(variant, r),
                text::cells(n, &cells),
                text::removed(n, &eliminations)
            );
            Some(Step::eliminating(self.kind(), cells, vec![r], eliminations, explanation))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{at, blank, cells, confine, fire, keep, sorted};
    use super::*;

    #[test]
    fn naked_pair_clears_its_row_and_box() {
        let variant = Variant::standard(9).unwrap();
        let mut candidates = blank(&variant);
        keep(&mut candidates, at(9, "r1c1"), &[3, 7]);
        keep(&mut candidates, at(9, "r1c2"), &[3, 7]);
        let step = fire(&Naked(2), &candidates, &variant);
        let mut expected = Vec::new();
        for name in [
            "r1c3", "r1c4", "r1c5", "r1c6", "r1c7", "r1c8", "r1c9", "r2c1", "r2c2", "r2c3", "r3c1",
            "r3c2", "r3c3",
        ] {
            expected.extend([(at(9, name), 3), (at(9, name), 7)]);
        }
        assert_eq!(step.eliminations, sorted(expected));
        assert_eq!(step.regions, [0, 18]);
        assert!(step
            .explanation
            .starts_with("naked pair 3, 7 in r1c1, r1c2 (row 1 and box 1): 3 removed from r1c3"));
    }

    #[test]
    fn naked_triple_without_a_cell_holding_all_three() {
        let variant = Variant::standard(9).unwrap();
        let mut candidates = blank(&variant);
        keep(&mut candidates, at(9, "r5c1"), &[1, 2]);
        keep(&mut candidates, at(9, "r5c5"), &[2, 9]);
        keep(&mut candidates, at(9, "r5c9"), &[1, 9]);
        let step = fire(&Naked(3), &candidates, &variant);
        assert_eq!(step.cells, cells(9, "r5c1 r5c5 r5c9"));
        assert_eq!(step.eliminations.len(), 6 * 3);
        assert!(step.eliminations.iter().all(|&(c, d)| c / 9 == 4 && [1, 2, 9].contains(&d)));
        assert!(Naked(2).find(&candidates, &variant).is_none());
    }

    #[test]
    fn naked_quad_in_a_column() {
        let variant = Variant::standard(9).unwrap();
        let mut candidates = blank(&variant);
        for (name, digits) in
            [("r1c4", [1, 5]), ("r4c4", [5, 6]), ("r6c4", [6, 8]), ("r9c4", [8, 1])]
        {
            keep(&mut candidates, at(9, name), &digits);
        }
        let step = fire(&Naked(4), &candidates, &variant);
        assert_eq!(step.regions, [9 + 3]);
        assert_eq!(step.eliminations.len(), 5 * 4);
    }

    #[test]
    fn hidden_pair_triple_and_quad() {
        let variant = Variant::standard(9).unwrap();
        let row = |r: usize| variant.regions()[r].cells.clone();
        let mut candidates = blank(&variant);
        for d in [2, 6] {
            confine(&mut candidates, &row(2), &cells(9, "r3c4 r3c8"), d);
        }
        let step = fire(&Hidden(2), &candidates, &variant);
        let expected: Vec<_> = [1, 3, 4, 5, 7, 8, 9]
            .iter()
            .flat_map(|&d| [(at(9, "r3c4"), d), (at(9, "r3c8"), d)])
            .collect();
        assert_eq!(sorted(step.eliminations.clone()), sorted(expected));
        assert!(step
            .explanation
            .starts_with("hidden pair 2, 6 in row 3: only r3c4, r3c8 can hold them"));

        let mut candidates = blank(&variant);
        for (d, names) in [(1, "r7c1 r7c2"), (4, "r7c2 r7c3"), (8, "r7c1 r7c3")] {
            confine(&mut candidates, &row(6), &cells(9, names), d);
        }
        let step = fire(&Hidden(3), &candidates, &variant);
        assert_eq!(step.cells, cells(9, "r7c1 r7c2 r7c3"));
        assert_eq!(step.eliminations.len(), 3 * 6);
        assert!(Hidden(2).find(&candidates, &variant).is_none());

        let mut candidates = blank(&variant);
        for d in [2, 3, 5, 9] {
            confine(&mut candidates, &row(8), &cells(9, "r9c2 r9c4 r9c6 r9c8"), d);
        }
        let step = fire(&Hidden(4), &candidates, &variant);
        assert_eq!(step.regions, [8]);
        assert_eq!(step.eliminations.len(), 4 * 5);
    }
}
