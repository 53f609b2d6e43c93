//! [`WideBoard`]: the candidates of a grid from 16×16 up as `u64` masks, each digit's places in
//! each region as masks too, and a trail of every change, so that backtracking undoes exactly
//! what a branch did instead of copying kilobytes per branch point.

use super::WideTables;
use crate::logic::Candidates;
use crate::solve::kit::Contradiction;

/// A trail entry's flag: the entry placed its digit (else it removed a candidate).
const PLACED: u32 = 1 << 6;

/// A trail or queue entry: the cell above bit 7, the digit (from 0) in the low six bits.
#[inline]
fn entry(cell: usize, digit: usize) -> u32 {
    (cell as u32) << 7 | digit as u32
}

#[inline]
fn unpack(entry: u32) -> (usize, usize) {
    ((entry >> 7) as usize, (entry & 63) as usize)
}

/// Candidates, places and placements, with the trail that undoes them.
#[derive(Clone, Debug)]
pub(super) struct WideBoard {
    /// Each open cell's candidates (bit `d` for digit `d + 1`); 0 once placed.
    pub(super) candidates: Vec<u64>,
    /// Each cell's digit from 1, 0 while open.
    pub(super) digits: Vec<u8>,
    /// `places[r * n + d]`: bit `i` set when region `r`'s `i`-th cell is open and has `d`.
    pub(super) places: Vec<u64>,
    /// The digits placed in each region.
    pub(super) placed: Vec<u64>,
    /// Cells not yet placed.
    pub(super) open: usize,
    /// Every change since the last [`forget_trail`](Self::forget_trail), oldest first.
    trail: Vec<u32>,
    /// Placements deduced and not yet made (naked and hidden singles).
    queue: Vec<u32>,
    /// Candidates removed from open cells: the search's count of updates.
    pub(super) eliminated: u64,
}

impl WideBoard {
    /// The blank grid of `tables`' variant, with room reserved for the longest trail (every
    /// candidate removed once and every cell placed) so that searching never allocates.
    pub(super) fn new(tables: &WideTables) -> WideBoard {
        let (cells, n) = (tables.cell_count(), tables.size);
        let mut board = WideBoard {
            candidates: vec![0; cells],
            digits: vec![0; cells],
            places: vec![0; tables.region_count() * n],
            placed: vec![0; tables.region_count()],
            open: 0,
            trail: Vec::with_capacity(cells * (n + 1)),
            queue: Vec::with_capacity(cells),
            eliminated: 0,
        };
        board.clear(tables);
        board
    }

    /// Back to the blank grid, with no trail.
    pub(super) fn clear(&mut self, tables: &WideTables) {
        self.candidates.fill(tables.all);
        self.digits.fill(0);
        self.places.fill(tables.all);
        self.placed.fill(0);
        self.open = tables.cell_count();
        self.trail.clear();
        self.queue.clear();
        self.eliminated = 0;
    }

    /// Makes this board a copy of `other` (of the same variant) without reallocating.
    pub(super) fn copy_from(&mut self, other: &WideBoard) {
        self.candidates.copy_from_slice(&other.candidates);
        self.digits.copy_from_slice(&other.digits);
        self.places.copy_from_slice(&other.places);
        self.placed.copy_from_slice(&other.placed);
        self.open = other.open;
        self.trail.clear();
        self.trail.extend_from_slice(&other.trail);
        self.queue.clear();
        self.queue.extend_from_slice(&other.queue);
        self.eliminated = other.eliminated;
    }

    /// The length of the trail: a mark to [`undo_to`](Self::undo_to) later.
    pub(super) fn mark(&self) -> usize {
        self.trail.len()
    }

    /// Makes the current state the base that nothing undoes past (a root, a board of clues).
    pub(super) fn forget_trail(&mut self) {
        self.trail.clear();
    }

    /// Forgets the deductions not yet made.
    pub(super) fn forget_queue(&mut self) {
        self.queue.clear();
    }

    /// Undoes every change made since the trail was `mark` long.
    pub(super) fn undo_to(&mut self, tables: &WideTables, mark: usize) {
        let n = tables.size;
        for &entry in self.trail[mark..].iter().rev() {
            let (cell, digit) = unpack(entry & !PLACED);
            let bit = 1 << digit;
            if entry & PLACED != 0 {
                self.digits[cell] = 0;
                self.open += 1;
                for slot in tables.slots(cell) {
                    self.placed[slot.region as usize] &= !bit;
                }
            } else {
                self.candidates[cell] |= bit;
                for slot in tables.slots(cell) {
                    self.places[slot.region as usize * n + digit] |= 1 << slot.index;
                }
            }
        }
        self.trail.truncate(mark);
        self.queue.clear();
    }

    /// Removes `digit` from the candidates of `cell`, an open cell; a cell or a region's
    /// places left with one choice go onto the queue. False if one is left with none.
    #[inline]
    pub(super) fn eliminate(&mut self, tables: &WideTables, cell: usize, digit: usize) -> bool {
        let word = self.candidates[cell];
        if word >> digit & 1 == 0 {
            return true;
        }
        let word = word & !(1 << digit);
        self.candidates[cell] = word;
        self.trail.push(entry(cell, digit));
        self.eliminated += 1;
        if word & word.wrapping_sub(1) == 0 {
            if word == 0 {
                return false;
            }
            self.queue.push(entry(cell, word.trailing_zeros() as usize));
        }
        self.leave_places(tables, cell, digit)
    }

    /// Takes `cell` out of `digit`'s places in each of its regions. False if a region that
    /// does not hold `digit` is left with no place for it.
    #[inline]
    fn leave_places(&mut self, tables: &WideTables, cell: usize, digit: usize) -> bool {
        let n = tables.size;
        let mut fine = true;
        for slot in tables.slots(cell) {
            let region = slot.region as usize;
            let places = &mut self.places[region * n + digit];
            *places &= !(1 << slot.index);
            let left = *places;
            if self.placed[region] >> digit & 1 == 0 && left & left.wrapping_sub(1) == 0 {
                if left == 0 {
                    fine = false;
                } else {
                    let place = tables.cell_at(region, left.trailing_zeros() as usize);
                    self.queue.push(entry(place, digit));
                }
            }
        }
        fine
    }

    /// Places `digit` (from 0) in `cell` and removes it from every peer that has it.
    ///
    /// # Errors
    /// If the cell does not have the digit (it may be placed already), or a peer or a region
    /// is left with no choice.
    pub(super) fn place(
        &mut self,
        tables: &WideTables,
        cell: usize,
        digit: usize,
    ) -> Result<(), Contradiction> {
        let own = self.candidates[cell];
        if own >> digit & 1 == 0 {
            return Err(Contradiction);
        }
        let bit = 1 << digit;
        self.digits[cell] = digit as u8 + 1;
        self.open -= 1;
        self.trail.push(entry(cell, digit) | PLACED);
        for slot in tables.slots(cell) {
            self.placed[slot.region as usize] |= bit;
        }
        // The cell leaves the places of all its candidates; its regions now hold `digit`, so
        // losing that one's places is no contradiction. Not counted as eliminations: the cell
        // is filled, not narrowed.
        self.candidates[cell] = 0;
        let mut fine = true;
        let mut rest = own;
        while rest != 0 {
            let other = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            self.trail.push(entry(cell, other));
            fine &= self.leave_places(tables, cell, other);
        }
        let n = tables.size;
        for slot in tables.slots(cell) {
            let region = slot.region as usize;
            let mut holders = self.places[region * n + digit];
            while holders != 0 {
                let peer = tables.cell_at(region, holders.trailing_zeros() as usize);
                holders &= holders - 1;
                fine &= self.eliminate(tables, peer, digit);
            }
        }
        if fine {
            Ok(())
        } else {
            Err(Contradiction)
        }
    }

    /// Makes the placements on the queue, and those they lead to, until none is left.
    ///
    /// # Errors
    /// When they contradict each other; the queue is then empty.
    pub(super) fn propagate(&mut self, tables: &WideTables) -> Result<(), Contradiction> {
        while let Some(next) = self.queue.pop() {
            let (cell, digit) = unpack(next);
            if usize::from(self.digits[cell]) == digit + 1 {
                continue;
            }
            if let Err(contradiction) = self.place(tables, cell, digit) {
                self.queue.clear();
                return Err(contradiction);
            }
        }
        Ok(())
    }

    /// Places the digits `logic` placed and removes the candidates it removed, from open cells
    /// of this board (a position of the same puzzle with fewer deductions).
    ///
    /// # Errors
    /// If that leaves a cell or a region with no choice.
    pub(super) fn take_in(
        &mut self,
        tables: &WideTables,
        logic: &Candidates,
    ) -> Result<(), Contradiction> {
        for cell in 0..tables.cell_count() {
            if self.digits[cell] != 0 {
                continue;
            }
            if let Some(digit) = logic.digit(cell) {
                self.place(tables, cell, usize::from(digit) - 1)?;
                continue;
            }
            let mut gone = self.candidates[cell] & !logic.candidates(cell);
            while gone != 0 {
                let digit = gone.trailing_zeros() as usize;
                gone &= gone - 1;
                if !self.eliminate(tables, cell, digit) {
                    return Err(Contradiction);
                }
            }
        }
        Ok(())
    }

    /// Queues every single on a board whose placements were made without deductions (a board
    /// of clues): open cells with one candidate, digits with one place in a region.
    ///
    /// # Errors
    /// If an open cell has no candidate or a region no place for a digit it lacks.
    pub(super) fn queue_singles(&mut self, tables: &WideTables) -> Result<(), Contradiction> {
        for (cell, &word) in self.candidates.iter().enumerate() {
            if self.digits[cell] == 0 && word & word.wrapping_sub(1) == 0 {
                if word == 0 {
                    return Err(Contradiction);
                }
                self.queue.push(entry(cell, word.trailing_zeros() as usize));
            }
        }
        for (region, digit, places) in missing_places(&self.placed, &self.places, tables) {
            if places & places.wrapping_sub(1) == 0 {
                if places == 0 {
                    return Err(Contradiction);
                }
                let place = tables.cell_at(region, places.trailing_zeros() as usize);
                self.queue.push(entry(place, digit));
            }
        }
        Ok(())
    }
}

/// Each digit a region still lacks, with its places there, `(region, digit, places)`, from a
/// board's `placed` and `places` (fields apart, so that the board's queue can grow meanwhile).
pub(super) fn missing_places<'b>(
    placed: &'b [u64],
    places: &'b [u64],
    tables: &'b WideTables,
) -> impl Iterator<Item = (usize, usize, u64)> + 'b {
    let n = tables.size;
    placed.iter().enumerate().flat_map(move |(region, &placed)| {
        let mut lacking = tables.all & !placed;
        std::iter::from_fn(move || {
            (lacking != 0).then(|| {
                let digit = lacking.trailing_zeros() as usize;
                lacking &= lacking - 1;
                (region, digit, places[region * n + digit])
            })
        })
    })
}
