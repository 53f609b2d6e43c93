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
        // The cells SE considers, with their excluders.
        let mut list: Vec<(Cell, Vec<Cell>)> = Vec::new();
        for cell in (0..masks.len()).filter(|&c| masks[c].count_ones() >= 2) {
            let peers: Vec<Cell> = cells_of(geometry.peers(cell)).collect();
            if peers.iter().any(|&p| one_bit(masks[p])) {
                continue;
            }
            let excluders: Vec<Cell> = peers
                .into_iter()
                .filter(|&p| (2..=degree as u32).contains(&masks[p].count_ones()))
                .collect();
            if !excluders.is_empty() {
                list.push((cell, excluders));
            }
        }
        // Pairs in SE's order: the second cell outer, the first inner.
        for j in 1..list.len() {
            for i in 0..j {
                let (c0, c1) = (list[i].0, list[j].0);
                let common: Vec<Cell> =
                    list[i].1.iter().copied().filter(|c| list[j].1.contains(c)).collect();
                if degree == 2 {
                    if let Some(step) = self.exclude(candidates, &[c0, c1], &common) {
                        return Some(step);
                    }
                    continue;
                }
                let mut tails: Vec<Cell> = list[i].1.iter().chain(&list[j].1).copied().collect();
                tails.sort_unstable();
                tails.dedup();
                for tail in tails.into_iter().filter(|&t| t != c0 && t != c1) {
                    let Some((_, third)) = list.iter().find(|(c, _)| *c == tail) else { continue };
                    let common: Vec<Cell> =
                        common.iter().copied().filter(|c| third.contains(c)).collect();
                    if let Some(step) = self.exclude(candidates, &[c0, c1, tail], &common) {
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
        let options: Vec<Vec<Digit>> =
            cells.iter().map(|&c| bits(masks[c]).map(|d| d as Digit + 1).collect()).collect();
        let mut used = vec![0u64; cells.len()];
        // An odometer over the choices, the first cell's digit turning fastest.
        let mut at = vec![0usize; cells.len()];
        'choices: loop {
            let choice: Vec<Digit> = at.iter().zip(&options).map(|(&k, o)| o[k]).collect();
            let clash = (0..cells.len()).any(|a| {
                (a + 1..cells.len())
                    .any(|b| choice[a] == choice[b] && geometry.sees(cells[a], cells[b]))
            });
            let taken = choice.iter().fold(0, |acc, &d| acc | digit_bit(d));
            if !clash && common.iter().all(|&e| masks[e] & !taken != 0) {
                for (k, &d) in choice.iter().enumerate() {
                    used[k] |= digit_bit(d);
                }
            }
            for k in 0..cells.len() {
                at[k] += 1;
                if at[k] < options[k].len() {
                    continue 'choices;
                }
                at[k] = 0;
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
