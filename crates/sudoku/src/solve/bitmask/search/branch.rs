//! Choosing what to branch on: a cell's candidates or a digit's places in a region, whichever
//! are fewest, as the exact-cover engine's minimum-remaining-values rule would.

use super::{Branching, Choice};
use crate::solve::bitmask::{MaskBoard, Tables};

impl MaskBoard {
    /// What to branch on: the fewest choices among the open cells' candidates and the digits'
    /// places in each region, the first found on ties (cells before regions), as the
    /// exact-cover engine's choice of the item with the fewest options would be. Only called
    /// on a board that is not filled, after the deductions, so every open cell has two
    /// candidates or more.
    ///
    /// Why places too: on a nearly empty grid no cell may have two candidates while a digit
    /// has two places; branching on cells only made some near-empty hyper puzzles take seconds
    /// and millions of branches (the engine: milliseconds). A cell with two candidates, the
    /// usual case in a search, is taken at once: no place count can beat it.
    ///
    /// With [`Branching::Cells`] only cells are considered.
    pub(super) fn choose(&self, tables: &Tables, branching: Branching) -> (Choice, u32) {
        let (mut best, mut best_candidates, mut best_count) = (0, 0, u32::MAX);
        for cell in 0..tables.cell_count() {
            let candidates = self.candidates(cell);
            if candidates == 0 {
                continue;
            }
            let rest = candidates & (candidates - 1);
            if rest & rest.wrapping_sub(1) == 0 {
                return (Choice::Digits { cell: cell as u8 }, candidates);
            }
            let count = candidates.count_ones();
            if count < best_count {
                (best, best_candidates, best_count) = (cell, candidates, count);
            }
        }
        let places = match branching {
            Branching::Fewest => self.fewer_places(tables, best_count),
            Branching::Cells => None,
        };
        places.unwrap_or((Choice::Digits { cell: best as u8 }, best_candidates))
    }

    /// The first digit with the fewest places in a region, fewer than `than`, and those
    /// places; digits already placed do not count.
    fn fewer_places(&self, tables: &Tables, than: u32) -> Option<(Choice, u32)> {
        let n = tables.size;
        let mut best = None;
        let mut best_count = than;
        let count = |region: usize, digit: usize| match &tables.peer_masks {
            Some(_) => {
                let mask = tables.region_masks[region];
                (self.planes[digit & 15] & mask & self.open_cells).count_ones()
            }
            None => tables.region_cells[region * n..][..n]
                .iter()
                .filter(|&&cell| self.candidates(usize::from(cell)) >> digit & 1 != 0)
                .count() as u32,
        };
        'regions: for region in 0..tables.region_count() {
            for digit in 0..n {
                let places = count(region, digit);
                if places != 0 && places < best_count {
                    (best, best_count) = (Some((region, digit)), places);
                    if places <= 2 {
                        break 'regions;
                    }
                }
            }
        }
        let (region, digit) = best?;
        let digit = 1 << digit;
        let cells = &tables.region_cells[region * n..][..n];
        let places = cells.iter().enumerate().fold(0, |places, (i, &cell)| {
            let here = self.candidates(usize::from(cell)) & digit != 0;
            places | u32::from(here) << i
        });
        Some((Choice::Places { region, digit }, places))
    }
}
