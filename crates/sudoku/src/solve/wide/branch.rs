//! What the wide search branches on: the fewest choices among cells' candidates and digits'
//! places (the exact-cover engine's MRV).

use super::board::missing_places;
use super::{WideBoard, WideTables};

/// What a branch point chooses between.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Choice {
    /// The candidates of one cell (bit `d` for digit `d + 1`).
    Digits { cell: usize },
    /// The places of one digit (from 0) in one region (bit `i` for its `i`-th cell).
    Places { region: usize, digit: usize },
}

impl Choice {
    /// The cell and the digit (from 0) that choice `bit` places.
    #[inline]
    pub(super) fn step(self, tables: &WideTables, bit: u64) -> (usize, usize) {
        let index = bit.trailing_zeros() as usize;
        match self {
            Choice::Digits { cell } => (cell, index),
            Choice::Places { region, digit } => (tables.cell_at(region, index), digit),
        }
    }
}

impl WideBoard {
    /// The fewest choices: an open cell's candidates or a missing digit's places in a region,
    /// the first found on ties (cells before regions), and those choices. Two choices end the
    /// scan, since after the deductions nothing has fewer. Only called on a board that is not
    /// filled, after the deductions.
    ///
    /// Why places too: on a nearly empty grid a digit may have two places in a region long
    /// before any cell is down to two candidates (see the bitmask search's `choose`).
    pub(super) fn choose(&self, tables: &WideTables) -> (Choice, u64) {
        let (mut best, mut best_choices, mut best_count) =
            (Choice::Digits { cell: 0 }, 0, u32::MAX);
        for (cell, &word) in self.candidates.iter().enumerate() {
            if word == 0 {
                continue;
            }
            let count = word.count_ones();
            if count < best_count {
                (best, best_choices, best_count) = (Choice::Digits { cell }, word, count);
                if count <= 2 {
                    return (best, best_choices);
                }
            }
        }
        for (region, digit, places) in missing_places(&self.placed, &self.places, tables) {
            let count = places.count_ones();
            if count < best_count {
                (best, best_choices, best_count) =
                    (Choice::Places { region, digit }, places, count);
                if count <= 2 {
                    return (best, best_choices);
                }
            }
        }
        (best, best_choices)
    }

    /// As [`choose`](Self::choose), with each choice's count divided by a weight: one more
    /// than its cells' dead ends (`conflicts`, the failed placements at each cell; the
    /// heaviest cell of a digit's places), as the propagating search weighs its choices.
    pub(super) fn choose_weighted(&self, tables: &WideTables, conflicts: &[u32]) -> (Choice, u64) {
        let (mut best, mut best_choices, mut score) =
            (Choice::Digits { cell: 0 }, 0, (u64::MAX, 1u64));
        for (cell, &word) in self.candidates.iter().enumerate() {
            if word == 0 {
                continue;
            }
            let count = u64::from(word.count_ones());
            let weight = tables.slots(cell).len() as u64 + u64::from(conflicts[cell]);
            // count / weight < score.0 / score.1, without dividing.
            if count * score.1 < score.0 * weight {
                (best, best_choices, score) = (Choice::Digits { cell }, word, (count, weight));
            }
        }
        for (region, digit, places) in missing_places(&self.placed, &self.places, tables) {
            let count = u64::from(places.count_ones());
            let mut weight = 1;
            let mut left = places;
            while left != 0 {
                let cell = tables.cell_at(region, left.trailing_zeros() as usize);
                left &= left - 1;
                weight = weight.max(tables.slots(cell).len() as u64 + u64::from(conflicts[cell]));
            }
            if count * score.1 < score.0 * weight {
                (best, best_choices, score) =
                    (Choice::Places { region, digit }, places, (count, weight));
            }
        }
        (best, best_choices)
    }
}
