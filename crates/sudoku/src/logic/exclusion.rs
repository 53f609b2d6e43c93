//! Aligned pair and triple exclusion, as Sudoku Explainer finds them: two (three) cells and
//! the cells of two (up to three) candidates that see them all, the "excluders". A choice of
//! digits for the cells is ruled out when two cells that see each other would share a digit,
//! or when it would take every candidate of an excluder; a digit of a cell that no choice
//! left uses is removed. SE looks only at cells with no naked single among their peers and
//! asks for two excluders at least.

use super::bits::{bits, cells_of, digit_bit, one_bit};
use super::candidates::Candidates;
use super::{text, Step, Technique, TechniqueKind};
use crate::grid::{Cell, Digit};
use crate::variant::Variant;

/// Aligned exclusion of 2 or 3 cells.
pub(super) struct AlignedExclusion(pub(super) usize);

impl Technique for AlignedExclusion {
    fn kind(&self) -> TechniqueKind {
        if self.0 == 2 {
            TechniqueKind::AlignedPairExclusion
        } else {
            TechniqueKind::AlignedTripleExclusion
        }
    }

    fn find(&self, candidates: &Candidates, _: &Variant) -> Option<Step> {
        let degree = self.0;
        let masks = candidates.masks();
        let geometry = candidates.geometry();
        let words = geometry.words();
        // The cells SE considers, with their excluders as bitsets over cells.
        let mut list: Vec<(Cell, Vec<u64>)> = Vec::new();
        let mut listed = vec![0u64; words];
        for cell in (0..masks.len()).filter(|&c| masks[c].count_ones() >= 2) {
            if cells_of(geometry.peers(cell)).any(|p| one_bit(masks[p])) {
                continue;
            }
            let mut excluders = vec![0u64; words];
            for p in cells_of(geometry.peers(cell))
                .filter(|&p| (2..=degree as u32).contains(&masks[p].count_ones()))
            {
                excluders[p / 64] |= 1 << (p % 64);
            }
            if excluders.iter().any(|&w| w != 0) {
                listed[cell / 64] |= 1 << (cell % 64);
                list.push((cell, excluders));
            }
        }
        let mut index = vec![usize::MAX; masks.len()];
        for (k, &(cell, _)) in list.iter().enumerate() {
            index[cell] = k;
        }
        let at_least_two = |set: &[u64]| set.iter().map(|w| w.count_ones()).sum::<u32>() >= 2;
        let (mut common, mut tails, mut all) = (vec![0; words], vec![0; words], vec![0; words]);
        // Pairs in SE's order: the second cell outer, the first inner. Common excluders of
        // three cells are among those of two: fewer than two there rule out every third.
        for j in 1..list.len() {
            for i in 0..j {
                let ((c0, first), (c1, second)) = (&list[i], &list[j]);
                let (c0, c1) = (*c0, *c1);
                for ((slot, a), b) in common.iter_mut().zip(first).zip(second) {
                    *slot = a & b;
                }
                if !at_least_two(&common) {
                    continue;
                }
                if degree == 2 {
                    let excluders: Vec<Cell> = cells_of(&common).collect();
                    if let Some(step) = self.exclude(candidates, &[c0, c1], &excluders) {
                        return Some(step);
                    }
                    continue;
                }
                for (((slot, a), b), l) in tails.iter_mut().zip(first).zip(second).zip(&listed) {
                    *slot = (a | b) & l;
                }
                for tail in cells_of(&tails).filter(|&t| t != c0 && t != c1) {
                    let third = &list[index[tail]].1;
                    for ((slot, a), b) in all.iter_mut().zip(&common).zip(third) {
                        *slot = a & b;
                    }
                    if !at_least_two(&all) {
                        continue;
                    }
                    let excluders: Vec<Cell> = cells_of(&all).collect();
                    if let Some(step) = self.exclude(candidates, &[c0, c1, tail], &excluders) {
                        return Some(step);
                    }
                }
            }
        }
        None
    }
}

impl AlignedExclusion {
    /// The step for `cells` and their common excluders, if some digit is in no allowed choice.
    fn exclude(&self, candidates: &Candidates, cells: &[Cell], common: &[Cell]) -> Option<Step> {
        if common.len() < 2 {
            return None;
        }
        let masks = candidates.masks();
        let geometry = candidates.geometry();
        let k = cells.len();
        // Only an excluder whose digits the cells could cover all rules a choice out; repeats
        // alone never leave a digit of a cell of two or more candidates without a choice.
        let covered = cells.iter().fold(0, |acc, &c| acc | masks[c]);
        let excluders: Vec<u64> =
            common.iter().map(|&e| masks[e]).filter(|&m| m & !covered == 0).collect();
        if excluders.is_empty() {
            return None;
        }
        let mut options = [[0 as Digit; 64]; 3];
        let mut counts = [0usize; 3];
        for (i, &c) in cells.iter().enumerate() {
            for d in bits(masks[c]) {
                options[i][counts[i]] = d as Digit + 1;
                counts[i] += 1;
            }
        }
        let mut meet = [[false; 3]; 3];
        for a in 0..k {
            for b in a + 1..k {
                meet[a][b] = geometry.sees(cells[a], cells[b]);
            }
        }
        let mut used = [0u64; 3];
        // An odometer over the choices, the first cell's digit turning fastest.
        let mut at = [0usize; 3];
        'choices: loop {
            let mut choice = [0 as Digit; 3];
            for i in 0..k {
                choice[i] = options[i][at[i]];
            }
            let clash = (0..k).any(|a| (a + 1..k).any(|b| meet[a][b] && choice[a] == choice[b]));
            let taken = choice[..k].iter().fold(0, |acc, &d| acc | digit_bit(d));
            if !clash && excluders.iter().all(|&m| m & !taken != 0) {
                for i in 0..k {
                    used[i] |= digit_bit(choice[i]);
                }
            }
            for i in 0..k {
                at[i] += 1;
                if at[i] < counts[i] {
                    continue 'choices;
                }
                at[i] = 0;
            }
            break;
        }
        let eliminations: Vec<(Cell, Digit)> = cells
            .iter()
            .zip(&used)
            .flat_map(|(&c, &u)| bits(masks[c] & !u).map(move |d| (c, d as Digit + 1)))
            .collect();
        if eliminations.is_empty() {
            return None;
        }
        let n = candidates.size();
        let name = if self.0 == 2 { "pair" } else { "triple" };
        let explanation = format!(
            "aligned {name} exclusion: {} cannot take digits that repeat where two of them meet \
             or that cover every candidate of {}, which see them all; no choice left uses what \
             goes: {}",
            text::and_list(
                &cells.iter().map(|&c| text::cell(n, c).to_string()).collect::<Vec<_>>()
            ),
            text::and_list(
                &common.iter().map(|&c| text::cell(n, c).to_string()).collect::<Vec<_>>()
            ),
            text::removed(n, &eliminations)
        );
        let mut pattern = cells.to_vec();
        pattern.extend_from_slice(common);
        Some(Step::eliminating(self.kind(), pattern, Vec::new(), eliminations, explanation))
    }
}
