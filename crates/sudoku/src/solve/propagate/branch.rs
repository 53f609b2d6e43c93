//! Where the propagating search branches: on the open cell with the fewest candidates for
//! its weight, or on the two places of a digit in a house when those weigh more.
//!
//! Why places too: on a grid with few givens (a thermometer puzzle with none) the cells keep
//! six or seven candidates deep into the search while a digit often has two places left in a
//! row; ISS branches there too. `HARD_THERMOS` took 2 105 350 nodes and a timeout at 1 M
//! nodes a puzzle without them, 135 314 with (docs/propagation.md).
//!
//! Why not places against a cell of two when the rules are houses alone (a pencilmark
//! puzzle): there a digit's two places and a cell's two candidates are alike, and the cell
//! gains, as in ISS's choice: `HARD_PENCILMARKS`' first five took 1 215 995 nodes weighing
//! places against every cell, 828 326 so; the sixth 10.76 M, 7.36 M. Where other rules weigh
//! the cells, places against every cell gain (`MATHEMAGIC_KILLERS`' first five: 1 729 734
//! nodes against 2 307 500; `HARD_THERMOS` 98 145 against 162 160). Since, with the rules'
//! weights as they are now, places weighed against a cell of two only when they weigh twice
//! as much gain beside cages, lines and tables (`MATHEMAGIC_KILLERS`' 14: 7 247 288 nodes →
//! 6 424 779; `TAREK_ALL` 66 874 → 60 099; the 12 easy snipes 185 621 → 135 863;
//! `HARD_RENBAN` 547 512 → 528 111), but not where the rules are houses and two-cell
//! relations alone (`HARD_THERMOS` 98 145 → 139 004 at twice, 162 160 never), which keep
//! places against every cell (docs/propagation.md).
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

/// How many times a cell of two's weight a digit's two places must weigh to be branched on
/// before it, unless the rules are houses and two-cell relations alone (`push_frame`).
const PLACES_OVER_TWO: u64 = 2;

/// A [`Choice::Split`]'s two choices: the digit placed, then the digit removed.
pub(super) const SPLIT: u64 = 0b11;

impl PropSearch {
    /// Opens a branch point on the current board: the open cell with the fewest candidates
    /// for the weight of the rules that read it and its own dead ends (the rules' weights grow
    /// with the contradictions they find: "dom/wdeg", as constraint solvers choose; a cell's
    /// failed placements count too, as ISS's conflict scores: `HARD_THERMOS`' third took
    /// 1 205 849 nodes without them, 157 767 with: docs/propagation.md), unless a digit's
    /// two places in a house weigh more (the heavier of their cells' weights, for 2; against
    /// a cell of two, twice as much unless the rules are houses and relations alone).
    pub(super) fn push_frame(&mut self, tables: &PropTables) {
        let (mut cell, mut best) = (usize::MAX, (u64::MAX, 1u64));
        for (at, &mask) in self.board.masks.iter().enumerate() {
            let count = u64::from(mask.count_ones());
            if count < 2 {
                continue;
            }
            let rules = self.board.cell_weights[at];
            let weight = (u64::from(self.conflicts[at]) + rules).max(1);
            self.weights[at] = weight;
            // count / weight < best.0 / best.1, without dividing.
            if count * best.1 < best.0 * weight {
                (cell, best) = (at, (count, weight));
            }
        }
        // Against a cell of two, a digit's two places must weigh PLACES_OVER_TWO times as
        // much, but for houses alone (never) and houses with relations alone (as much).
        let places = match best.0 {
            2 if self.houses_alone => None,
            2 if !self.relations_alone => self.best_places(tables, (2, best.1 * PLACES_OVER_TWO)),
            _ => self.best_places(tables, best),
        };
        match places {
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

#[cfg(test)]
mod tests {
    use super::super::search::PropSearch;
    use super::super::PropTables;
    use super::Choice;
    use crate::model::Model;
    use crate::variant::Variant;

    /// r1c1 keeps 1 and 2; 5 has two places left in row 9, r9c1 and r9c2; all else open.
    fn r1c1_of_two_and_5_in_two_places_of_row_9() -> Vec<u64> {
        let mut masks = vec![0x1ffu64; 81];
        masks[0] = 0b11;
        for mask in &mut masks[74..81] {
            *mask &= !(1 << 4);
        }
        masks
    }

    #[test]
    fn with_houses_alone_a_cell_of_two_is_branched_on_before_a_digit_s_heavier_places() {
        // r1c1 keeps 1 and 2; 5 has two places in row 9, r9c1 and r9c2, and r9c1 has failed
        // twelve times: its weight (18) is three times r1c1's (6), too little for its nine
        // candidates to come first, enough for the places of 5 to weigh more than r1c1.
        let tables = PropTables::new(&Model::from_variant(&Variant::standard(9).unwrap())).unwrap();
        let masks = r1c1_of_two_and_5_in_two_places_of_row_9();
        let chosen = |houses_alone: bool| {
            let mut search = PropSearch::new(&tables);
            assert!(search.houses_alone);
            search.houses_alone = houses_alone;
            search.board.load(&tables, &masks);
            search.board.propagate(&tables, &mut Vec::new()).unwrap();
            search.conflicts[72] = 12;
            search.push_frame(&tables);
            let frame = search.stack[search.depth - 1];
            (frame.choice, frame.cell)
        };
        assert_eq!(chosen(true), (Choice::Candidates, 0));
        let (choice, _) = chosen(false);
        assert_eq!(choice, Choice::Places { digit: 4 });
    }

    #[test]
    fn beside_other_rules_a_digit_s_places_must_weigh_twice_a_cell_of_two() {
        // As above, r1c1 keeps 1 and 2 (weight 6) and 5 has two places in row 9; r9c1's
        // failures make it weigh 9 or 18. With houses and relations alone the places of 5
        // come first at 9 already; beside other rules only at 18, twice r1c1's weight.
        let tables = PropTables::new(&Model::from_variant(&Variant::standard(9).unwrap())).unwrap();
        let masks = r1c1_of_two_and_5_in_two_places_of_row_9();
        let chosen = |relations_alone: bool, failures: u32| {
            let mut search = PropSearch::new(&tables);
            assert!(search.relations_alone);
            (search.houses_alone, search.relations_alone) = (false, relations_alone);
            search.board.load(&tables, &masks);
            search.board.propagate(&tables, &mut Vec::new()).unwrap();
            search.conflicts[72] = failures;
            search.push_frame(&tables);
            let frame = search.stack[search.depth - 1];
            (frame.choice, frame.cell)
        };
        assert_eq!(chosen(true, 3).0, Choice::Places { digit: 4 });
        assert_eq!(chosen(false, 3), (Choice::Candidates, 0));
        assert_eq!(chosen(false, 12).0, Choice::Places { digit: 4 });
    }
}
