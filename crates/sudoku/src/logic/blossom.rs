//! The death blossom: a stem cell and, for each of its candidates, an ALS petal whose places of
//! that digit all see the stem. Whichever digit the stem takes leaves its petal locked, so a
//! digit Z of every petal (not the stem's) lies in one of them.

use super::als::{self, Als, Sets};
use super::bits::bits;
use super::candidates::Candidates;
use super::{buffers, text, Step, Technique, TechniqueKind};
use crate::grid::{Cell, Digit};
use crate::variant::Variant;

/// The most candidates of a stem searched: each adds a petal to choose, and the choices
/// multiply.
const MAX_STEM: usize = 4;

/// A stem of two to [`MAX_STEM`] candidates and one petal per candidate; Z, in every petal and
/// not in the stem, leaves the cells seeing all its places in the petals.
pub(super) struct DeathBlossom;

/// The search around one stem: its digits, each digit's possible petals, the petals chosen.
struct Blossom<'s> {
    candidates: &'s Candidates,
    sets: &'s Sets,
    stem: Cell,
    /// The stem's digits (bit indices), and `petals[starts[k]..starts[k + 1]]` the sets that
    /// may be the petal of the `k`-th.
    digits: [u32; MAX_STEM],
    starts: [usize; MAX_STEM + 1],
    petals: Vec<u32>,
    chosen: [u32; MAX_STEM],
    eliminations: Vec<(Cell, Digit)>,
    /// `meets[(depth * N + d) * words..][..words]`: the cells holding digit `d + 1` that see
    /// its places in every petal of the first `depth` chosen. A digit whose meet is empty can
    /// remove nothing, and a choice whose digits all have one is dropped before the rest are
    /// chosen (the blossom found, its eliminations, are the same).
    meets: Vec<u64>,
    words: usize,
}

impl Technique for DeathBlossom {
    fn kind(&self) -> TechniqueKind {
        TechniqueKind::DeathBlossom
    }

    fn find(&self, candidates: &Candidates, variant: &Variant) -> Option<Step> {
        buffers::als_sets(candidates, |sets| Self::search(candidates, variant, sets))
    }
}

impl DeathBlossom {
    /// The first blossom by stem cell, then petals in list order.
    fn search(candidates: &Candidates, variant: &Variant, sets: &Sets) -> Option<Step> {
        let mut blossom = Blossom {
            candidates,
            sets,
            stem: 0,
            digits: [0; MAX_STEM],
            starts: [0; MAX_STEM + 1],
            petals: Vec::new(),
            chosen: [0; MAX_STEM],
            eliminations: Vec::new(),
            meets: vec![0; (MAX_STEM + 1) * candidates.size() * candidates.geometry().words()],
            words: candidates.geometry().words(),
        };
        for stem in 0..candidates.masks().len() {
            let mask = candidates.candidates(stem);
            let k = mask.count_ones() as usize;
            if !(2..=MAX_STEM).contains(&k) {
                continue;
            }
            blossom.stem = stem;
            blossom.petals.clear();
            let mut every_digit = true;
            for (slot, d) in bits(mask).enumerate() {
                blossom.digits[slot] = d;
                let fits = |set: &Als| {
                    set.digits & 1 << d != 0
                        && set.digits & !mask != 0
                        && !set.contains(stem)
                        && sets.reach(set, d)[stem / 64] >> (stem % 64) & 1 != 0
                };
                let before = blossom.petals.len();
                blossom
                    .petals
                    .extend((0..sets.list.len() as u32).filter(|&i| fits(&sets.list[i as usize])));
                blossom.starts[slot] = before;
                blossom.starts[slot + 1] = blossom.petals.len();
                if blossom.petals.len() == before {
                    every_digit = false;
                    break;
                }
            }
            if every_digit && blossom.choose(0, k, !mask) {
                return Some(blossom.step(variant, k));
            }
        }
        None
    }
}

impl Blossom<'_> {
    /// Chooses petals from the `depth`-th digit on, `zs` the digits every petal so far holds;
    /// true with `eliminations` filled when the blossom removes something.
    fn choose(&mut self, depth: usize, k: usize, zs: u64) -> bool {
        if depth == k {
            let sets = self.sets;
            let mut petals: [&Als; MAX_STEM] = [&sets.list[0]; MAX_STEM];
            for (slot, &i) in self.chosen[..k].iter().enumerate() {
                petals[slot] = &sets.list[i as usize];
            }
            self.eliminations.clear();
            for z in bits(zs) {
                sets.seeing_places(
                    self.candidates,
                    &petals[..k],
                    z as Digit + 1,
                    &mut self.eliminations,
                );
            }
            return !self.eliminations.is_empty();
        }
        let (n, words) = (self.candidates.size(), self.words);
        for p in self.starts[depth]..self.starts[depth + 1] {
            let i = self.petals[p];
            let set = &self.sets.list[i as usize];
            let mut alive = 0;
            for z in bits(zs & set.digits) {
                let reach = self.sets.reach(set, z);
                let (before, after) = self.meets.split_at_mut((depth + 1) * n * words);
                let meet = &mut after[z as usize * words..][..words];
                for (w, word) in meet.iter_mut().enumerate() {
                    *word = reach[w];
                    if depth > 0 {
                        *word &= before[(depth * n + z as usize) * words + w];
                    }
                }
                if meet.iter().any(|&word| word != 0) {
                    alive |= 1 << z;
                }
            }
            if alive == 0 {
                continue;
            }
            self.chosen[depth] = i;
            if self.choose(depth + 1, k, alive) {
                return true;
            }
        }
        false
    }

    /// The step of the blossom just found.
    fn step(self, variant: &Variant, k: usize) -> Step {
        let candidates = self.candidates;
        let n = candidates.size();
        let petals: Vec<&Als> =
            self.chosen[..k].iter().map(|&i| &self.sets.list[i as usize]).collect();
        let said: Vec<String> = petals
            .iter()
            .zip(&self.digits[..k])
            .map(|(petal, &d)| {
                format!(
                    "{} for {}",
                    als::describe(candidates, variant, petal),
                    text::digit(d as Digit + 1)
                )
            })
            .collect();
        let explanation = format!(
            "death blossom: stem {} {{{}}} with petals {}: whichever digit the stem takes locks \
             its petal, so {} in the petals: {}",
            text::cell(n, self.stem),
            text::digits(candidates.candidates(self.stem)),
            text::and_list(&said),
            als::digits_lie(als::removed_digits(&self.eliminations)),
            text::removed(n, &self.eliminations)
        );
        als::als_step(
            TechniqueKind::DeathBlossom,
            &petals,
            &[self.stem],
            self.eliminations,
            explanation,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{at, blank, cells, fire, keep};
    use super::*;

    #[test]
    fn death_blossom_of_three_petals() {
        let variant = Variant::standard(9).unwrap();
        let mut candidates = blank(&variant);
        keep(&mut candidates, at(9, "r5c5"), &[1, 2, 4]);
        keep(&mut candidates, at(9, "r1c5"), &[1, 3]);
        keep(&mut candidates, at(9, "r1c6"), &[3, 9]);
        keep(&mut candidates, at(9, "r5c6"), &[2, 9]);
        keep(&mut candidates, at(9, "r1c4"), &[3, 8]);
        keep(&mut candidates, at(9, "r5c4"), &[4, 8]);
        let step = fire(&DeathBlossom, &candidates, &variant);
        let expected: Vec<_> =
            cells(9, "r1c1 r1c2 r1c3 r1c7 r1c8 r1c9 r2c4 r2c5 r2c6 r3c4 r3c5 r3c6")
                .into_iter()
                .map(|c| (c, 3))
                .collect();
        assert_eq!(step.eliminations, expected);
        // The first petal found for 1 shares r1c4 with the one for 4: still sound, as each
        // petal is locked when the stem takes its digit, whatever the others hold.
        assert_eq!(
            step.explanation,
            "death blossom: stem r5c5 {1, 2, 4} with petals r1c4, r1c5 {1, 3, 8} (row 1) for 1, \
             r1c6, r5c6 {2, 3, 9} (column 6) for 2 and r1c4, r5c4 {3, 4, 8} (column 4) for 4: \
             whichever digit the stem takes locks its petal, so 3 lies in the petals: 3 removed \
             from r1c1, r1c2, r1c3, r1c7, r1c8, r1c9, r2c4, r2c5, r2c6, r3c4, r3c5, r3c6"
        );
        assert_eq!(step.cells[0], at(9, "r5c5"));
    }

    #[test]
    fn no_death_blossom_without_a_petal_for_every_stem_digit() {
        let variant = Variant::standard(9).unwrap();
        let mut candidates = blank(&variant);
        keep(&mut candidates, at(9, "r5c5"), &[1, 2, 4]);
        keep(&mut candidates, at(9, "r1c5"), &[1, 3]);
        keep(&mut candidates, at(9, "r1c6"), &[3, 9]);
        keep(&mut candidates, at(9, "r5c6"), &[2, 9]);
        keep(&mut candidates, at(9, "r1c4"), &[3, 8]);
        keep(&mut candidates, at(9, "r5c4"), &[7, 8]);
        let step = DeathBlossom.find(&candidates, &variant);
        assert!(step.is_none(), "{step:?}");
    }
}
