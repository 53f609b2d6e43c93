//! What a walk remembers of its failed searches: for the techniques whose steps of a digit
//! rest on that digit's places alone (basic and finned fish), or whose steps in a region on
//! that region's cells alone (hidden subsets), the position where each last found nothing. A
//! digit (a region) unchanged since can give them nothing now, so they search only the digits
//! (regions) that changed, in their usual order: the same first step.

use super::candidates::Candidates;
use super::finned::FinnedFish;
use super::fish::Fish;
use super::subsets::Hidden;
use super::{Step, Technique, TechniqueKind};
use crate::variant::Variant;

/// Per technique of a walk's list (by index), the candidates where it last found nothing.
pub(super) struct Failures {
    last: Vec<Option<Vec<u64>>>,
    /// The cells changed since, a cell a bit (hidden subsets'), made once a walk.
    changed: Vec<u64>,
}

impl Failures {
    /// Nothing remembered, for a list of `count` techniques.
    pub(super) fn new(count: usize) -> Failures {
        Failures { last: vec![None; count], changed: Vec::new() }
    }

    /// `technique`'s step (the `index`-th of the walk's list) in `candidates`, as
    /// [`Technique::find`] gives it.
    pub(super) fn find(
        &mut self,
        index: usize,
        technique: &dyn Technique,
        candidates: &Candidates,
        variant: &Variant,
    ) -> Option<Step> {
        use TechniqueKind as T;
        // The solvers build their techniques from kinds, so a kind names its search.
        let size = match technique.kind() {
            T::XWing | T::FinnedXWing | T::HiddenPair => 2,
            T::Swordfish | T::FinnedSwordfish | T::HiddenTriple => 3,
            T::Jellyfish | T::FinnedJellyfish | T::HiddenQuad => 4,
            _ => return technique.find(candidates, variant),
        };
        let masks = candidates.masks();
        if matches!(technique.kind(), T::HiddenPair | T::HiddenTriple | T::HiddenQuad) {
            return self.hidden(index, size, candidates, variant);
        }
        let digits = match &self.last[index] {
            Some(last) => last.iter().zip(masks).fold(0, |changed, (a, b)| changed | (a ^ b)),
            None => u64::MAX,
        };
        if digits == 0 {
            return None;
        }
        let found = match technique.kind() {
            T::XWing | T::Swordfish | T::Jellyfish => Fish(size).find_in(candidates, digits),
            _ => FinnedFish(size).find_in(candidates, digits),
        };
        if found.is_none() {
            let last = self.last[index].get_or_insert_with(Vec::new);
            last.clear();
            last.extend_from_slice(masks);
        }
        found
    }

    /// Hidden subsets of `size` in the regions with a cell changed since they last found
    /// nothing.
    fn hidden(
        &mut self,
        index: usize,
        size: usize,
        candidates: &Candidates,
        variant: &Variant,
    ) -> Option<Step> {
        let (masks, geometry) = (candidates.masks(), candidates.geometry());
        let found = match &self.last[index] {
            Some(last) => {
                self.changed.clear();
                self.changed.resize(geometry.words(), 0);
                let mut any = false;
                for (cell, (a, b)) in last.iter().zip(masks).enumerate() {
                    if a != b {
                        self.changed[cell / 64] |= 1 << (cell % 64);
                        any = true;
                    }
                }
                if !any {
                    return None;
                }
                let changed = &self.changed;
                let touched = |r: usize| {
                    geometry.region(r).iter().any(|&c| changed[c / 64] >> (c % 64) & 1 == 1)
                };
                Hidden(size).find_in(candidates, variant, touched)
            }
            None => Hidden(size).find_in(candidates, variant, |_| true),
        };
        if found.is_none() {
            let last = self.last[index].get_or_insert_with(Vec::new);
            last.clear();
            last.extend_from_slice(masks);
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{at, blank, cells, confine, keep};
    use super::*;

    /// Each position of a walk in turn: the remembered search gives what a fresh one does.
    fn walk(kind: TechniqueKind, positions: &[Candidates], variant: &Variant) -> Vec<bool> {
        let technique = kind.technique();
        let mut failures = Failures::new(1);
        let mut found = Vec::new();
        for candidates in positions {
            let fresh = technique.find(candidates, variant);
            let remembered = failures.find(0, technique.as_ref(), candidates, variant);
            assert_eq!(remembered, fresh, "{kind:?}");
            found.push(fresh.is_some());
        }
        found
    }

    #[test]
    fn fish_search_the_changed_digits_and_find_the_same() {
        let variant = Variant::standard(9).unwrap();
        let start = blank(&variant);
        // Digit 3 narrowed to an x-wing in rows 2 and 7 (with a fin in row 7 for the finned).
        let mut wing = start.clone();
        for (row, places) in [(1, "r2c4 r2c8"), (6, "r7c4 r7c8 r7c9")] {
            let row_cells = variant.regions()[row].cells.clone();
            confine(&mut wing, &row_cells, &cells(9, places), 3);
        }
        let positions = [start.clone(), start, wing];
        assert_eq!(walk(TechniqueKind::FinnedXWing, &positions, &variant), [false, false, true]);
        assert_eq!(walk(TechniqueKind::Swordfish, &positions, &variant), [false, false, false]);
    }

    #[test]
    fn hidden_subsets_search_the_changed_regions_and_find_the_same() {
        let variant = Variant::standard(9).unwrap();
        let start = blank(&variant);
        // 1 and 2 only in r1c1 and r1c2 of row 1, whose cells keep other digits.
        let mut pair = start.clone();
        let row = variant.regions()[0].cells.clone();
        for d in [1, 2] {
            confine(&mut pair, &row, &cells(9, "r1c1 r1c2"), d);
        }
        let mut elsewhere = start.clone();
        keep(&mut elsewhere, at(9, "r9c9"), &[5, 6]);
        let positions = [start, elsewhere, pair];
        assert_eq!(walk(TechniqueKind::HiddenPair, &positions, &variant), [false, false, true]);
    }
}
