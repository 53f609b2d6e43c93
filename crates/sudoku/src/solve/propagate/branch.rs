//! Where the propagating search branches: on the open cell with the fewest candidates for
//! its weight, or on the two places of a digit in a house when those weigh more.
//!
//! Why places too: on a grid with few givens (a thermometer puzzle with none) the cells keep
//! six or seven candidates deep into the search while a digit often has two places left in a
//! row; ISS branches there too. `HARD_THERMOS` took 2 105 350 nodes and a timeout at 1 M
//! nodes a puzzle without them, 135 314 with (docs/propagation.md).
//!
//! Why a cell of four candidates or more splits in two (its lowest digit, or not that
//! digit) rather than trying each: once the digit fails, the node without it propagates
//! that, and the next branch point is chosen again on what it leaves, by weights that the
//! failure has just raised, as ISS chooses after a failed guess. `MATHEMAGIC_KILLERS`' first
//! five took 2 582 453 nodes trying each candidate, 1 653 329 split from four candidates and
//! 1 852 777 from three (docs/propagation.md).

use super::search::PropSearch;
use super::PropTables;

/// What a branch point chooses among, one bit a choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Choice {
    /// A cell's candidates: bit d − 1 places digit d.
    Candidates,
    /// The places of a digit (a bit index) in a house: the positions in its cells.
    Places { digit: u32 },
    /// A digit (a bit index) of a cell: bit 0 places it, bit 1 removes it.
    Split { digit: u32 },
}

/// A branch point: the cell (or the house) it chooses for, what it chooses among, its choices
/// (all, the one taken last, those not yet tried), and where the trail stood before it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Frame {
    /// The cell whose candidates are chosen from, or the house (by its number in the
    /// search's list) whose places of a digit are.
    pub(super) cell: usize,
    pub(super) choice: Choice,
    pub(super) all: u64,
    pub(super) picked: u64,
    pub(super) untried: u64,
    pub(super) mark: usize,
}

/// Cells of at most this many candidates branch on each; those of more split in two.
const EACH_UP_TO: u64 = 3;

/// A [`Choice::Split`]'s two choices: the digit placed, then the digit removed.
pub(super) const SPLIT: u64 = 0b11;

impl PropSearch {
    /// Opens a branch point on the current board: the open cell with the fewest candidates
    /// for the weight of the rules that read it and its own dead ends (the rules' weights grow
    /// with the contradictions they find: "dom/wdeg", as constraint solvers choose; a cell's
    /// failed placements count too, as ISS's conflict scores: `HARD_THERMOS`' third took
    /// 1 205 849 nodes without them, 157 767 with: docs/propagation.md), unless a digit's
    /// two places in a house weigh more (the heavier of their cells' weights, for 2).
    pub(super) fn push_frame(&mut self, tables: &PropTables) {
        let (mut cell, mut best) = (usize::MAX, (u64::MAX, 1u64));
        for (at, &mask) in self.board.masks.iter().enumerate() {
            let count = u64::from(mask.count_ones());
            if count < 2 {
                continue;
            }
            let rules: u64 = tables
                .watchers(at)
                .iter()
                .map(|&id| u64::from(self.board.weights[id as usize]))
                .sum();
            let weight = (u64::from(self.conflicts[at]) + rules).max(1);
            self.weights[at] = weight;
            // count / weight < best.0 / best.1, without dividing.
            if count * best.1 < best.0 * weight {
                (cell, best) = (at, (count, weight));
            }
        }
        match self.best_places(tables, best) {
            Some((house, digit)) => self.push_places_at(tables, house, digit),
            None if best.0 > EACH_UP_TO => {
                let digit = self.board.masks[cell].trailing_zeros();
                self.push_split_at(cell, digit);
            }
            None => self.push_frame_at(cell),
        }
    }

    /// The house and digit of the two places that weigh more than `best` (a count and a
    /// weight), the heaviest first found; the cells' weights are this node's.
    fn best_places(&self, tables: &PropTables, mut best: (u64, u64)) -> Option<(usize, u32)> {
        let mut choice = None;
        for (house, range) in self.houses.iter().enumerate() {
            let cells = tables.cells_of(range);
            let (mut once, mut twice, mut more) = (0u64, 0u64, 0u64);
            for &at in cells {
                let mask = self.board.masks[at];
                if mask & mask.wrapping_sub(1) != 0 {
                    more |= twice & mask;
                    twice |= once & mask;
                    once |= mask;
                }
            }
            let mut pairs = twice & !more;
            while pairs != 0 {
                let digit = pairs & pairs.wrapping_neg();
                pairs &= pairs - 1;
                let weight = cells
                    .iter()
                    .filter(|&&at| self.board.masks[at] & digit != 0)
                    .map(|&at| self.weights[at])
                    .max()
                    .unwrap_or(1);
                if 2 * best.1 < best.0 * weight {
                    best = (2, weight);
                    choice = Some((house, digit.trailing_zeros()));
                }
            }
        }
        choice
    }

    /// Opens a branch point on `cell`'s candidates (the choice of [`push_frame`], or the cell a
    /// path names when it is replayed: the weights that chose it then are another search's).
    pub(super) fn push_frame_at(&mut self, cell: usize) {
        let all = self.board.masks[cell];
        let mark = self.board.mark();
        self.push(Frame { cell, choice: Choice::Candidates, all, picked: 0, untried: all, mark });
    }

    /// Opens a branch point on `cell`'s `digit` (a bit index): placed, or removed.
    pub(super) fn push_split_at(&mut self, cell: usize, digit: u32) {
        let (choice, mark) = (Choice::Split { digit }, self.board.mark());
        self.push(Frame { cell, choice, all: SPLIT, picked: 0, untried: SPLIT, mark });
    }

    /// Opens a branch point on the places of `digit` (a bit index) in house number `house`.
    pub(super) fn push_places_at(&mut self, tables: &PropTables, house: usize, digit: u32) {
        let cells = tables.cells_of(&self.houses[house]);
        let all = cells
            .iter()
            .enumerate()
            .filter(|&(_, &at)| self.board.masks[at] >> digit & 1 == 1)
            .fold(0u64, |all, (position, _)| all | 1 << position);
        let mark = self.board.mark();
        let choice = Choice::Places { digit };
        self.push(Frame { cell: house, choice, all, picked: 0, untried: all, mark });
    }

    fn push(&mut self, frame: Frame) {
        if let Some(slot) = self.stack.get_mut(self.depth) {
            *slot = frame;
        } else {
            self.stack.push(frame);
        }
        self.depth += 1;
        self.max_depth = self.max_depth.max(self.depth);
    }

    /// The cell and the candidates it keeps for choice `bit` of `frame`.
    pub(super) fn step(&self, tables: &PropTables, frame: &Frame, bit: u64) -> (usize, u64) {
        match frame.choice {
            Choice::Candidates => (frame.cell, bit),
            Choice::Places { digit } => {
                let cells = tables.cells_of(&self.houses[frame.cell]);
                (cells[bit.trailing_zeros() as usize], 1 << digit)
            }
            Choice::Split { digit } if bit == 1 => (frame.cell, 1 << digit),
            Choice::Split { digit } => (frame.cell, !(1 << digit)),
        }
    }
}
