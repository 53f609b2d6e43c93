//! [`BandBoard`]: a classic 9×9's candidates digit by digit and band by band, and the
//! deductions the band search makes at every node.
//!
//! Word `3 d + b` holds digit `d + 1`'s candidate cells in band `b` (rows `3 b`..`3 b + 3`),
//! laid out as [`tables`](super::tables) says. A placed cell keeps its digit's bit and loses
//! every other digit's; `open` says which cells are not placed yet.
//!
//! The deductions, to a fixed point: each changed word is pruned to the minirows on a
//! permutation (pointing and claiming inside the band, one lookup), a column alone in its box
//! leaves the digit's two other words (pointing across bands), a column that the digit's two
//! other words then leave to one band takes the digit's places in that band's box to itself
//! (claiming along columns), and a row down to one cell is a placement, which takes that cell
//! from the other digits (hidden singles of rows, and of boxes and columns through the
//! pruning). Then naked singles by counting, over a band's nine words at once, the cells with
//! at least one, two and three candidates.

use super::tables::{
    Fact, AFTER_PLACING, BAND, CELLS_OF, CLAIMED, COLUMNS, MINIROWS, ON_PERMUTATION,
    ON_PERMUTATION_FACTS, ROW,
};
use crate::solve::kit::Contradiction;

/// Words of a board: nine digits by three bands.
const WORDS: usize = 27;

/// A board's candidates, open cells and facts: what a branch point saves of a settled board
/// (there every word is as the deductions last saw it, so that need not be saved).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Saved {
    candidates: [u32; WORDS],
    open: [u32; 3],
    facts: [u64; WORDS],
}

/// The board of the node being searched.
#[derive(Clone, Copy, Debug)]
pub(super) struct BandBoard {
    /// Candidates, word `3 d + b`.
    candidates: [u32; WORDS],
    /// Each word as the deductions last saw it: a word that differs has news to pass on.
    seen: [u32; WORDS],
    /// Per band, the cells not yet placed.
    open: [u32; 3],
    /// Each word's facts (the fields of [`Fact`]) as its deductions last found them: what the
    /// triads and the branching by permutations count.
    facts: [u64; WORDS],
    /// See [`updates`](Self::updates).
    updates: u32,
}

/// The same digit's words in the two other bands.
const fn other_words(word: usize) -> (usize, usize) {
    let (digit, band) = (word / 3 * 3, word % 3);
    (digit + (band + 1) % 3, digit + (band + 2) % 3)
}

impl BandBoard {
    /// Every cell open with every digit possible.
    pub(super) fn blank() -> BandBoard {
        BandBoard {
            candidates: [BAND; WORDS],
            seen: [0; WORDS],
            open: [BAND; 3],
            facts: [0; WORDS],
            updates: 0,
        }
    }

    /// The givens (`cells`, 81 digits, 0 for an open cell) placed on a blank board, and
    /// `forbidden` (cell, digit) ruled out. No deduction is made yet.
    pub(super) fn load(
        cells: &[u8],
        forbidden: Option<(usize, u8)>,
    ) -> Result<BandBoard, Contradiction> {
        let mut board = BandBoard::blank();
        if let Some((cell, digit)) = forbidden {
            board.candidates[word(cell, digit)] &= !(1 << (cell % 27));
        }
        // The givens' cells leave every word of their band at the end, but their own digit's.
        let mut own = [0u32; WORDS];
        for (cell, &digit) in cells.iter().enumerate() {
            if digit == 0 {
                continue;
            }
            let bit = 1 << (cell % 27);
            let word = word(cell, digit);
            if board.candidates[word] & bit == 0 {
                return Err(Contradiction); // a repeated digit, or the forbidden one
            }
            board.candidates[word] &= AFTER_PLACING[cell % 27];
            let (one, two) = other_words(word);
            let column = !(0o001_001_001 << (cell % 9));
            board.candidates[one] &= column;
            board.candidates[two] &= column;
            own[word] |= bit;
            board.open[cell / 27 % 3] &= !bit;
        }
        for (word, kept) in own.iter().enumerate() {
            board.candidates[word] &= board.open[word % 3] | kept;
        }
        Ok(board)
    }

    /// Every deduction to a fixed point, the triads included: `Ok(true)` when that fills the
    /// grid.
    pub(super) fn settle(&mut self) -> Result<bool, Contradiction> {
        self.updates = 0;
        loop {
            self.update()?;
            if self.open == [0; 3] {
                return Ok(true);
            }
            // Singles first; the triads when they place nothing.
            let progress = self.naked_singles()? || self.triads()?;
            if !progress {
                return Ok(false);
            }
        }
    }

    /// Passes on the news of every changed word until none is left.
    fn update(&mut self) -> Result<(), Contradiction> {
        // Each word's deductions are compiled for that word: its band, its digit's other
        // words and its band's other digits become constants (measured: the loop over a
        // variable word ran twice the instructions of the whole search).
        macro_rules! each_word {
            ($($word:literal)*) => {{
                let mut updates = 0;
                let result = loop {
                    let mut changed = false;
                    $(
                        if self.candidates[$word] != self.seen[$word] {
                            changed = true;
                            updates += 1;
                            if let Err(contradiction) = self.update_word::<$word>() {
                                break Err(contradiction);
                            }
                        }
                    )*
                    if !changed {
                        break Ok(());
                    }
                };
                self.updates += updates;
                result
            }};
        }
        each_word!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26)
    }

    /// The deductions from one digit's word in one band (see the module documentation).
    // Always inlined into `update`'s 27 call sites: the body is a few word operations, which
    // a call (arguments, saved registers, the `Result` through memory) would add to.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn update_word<const WORD: usize>(&mut self) -> Result<(), Contradiction> {
        let cells = self.candidates[WORD];
        let present = u32::from(MINIROWS[(cells & ROW) as usize])
            | u32::from(MINIROWS[(cells >> 9 & ROW) as usize]) << 3
            | u32::from(MINIROWS[(cells >> 18 & ROW) as usize]) << 6;
        // Masked so that the compiler sees the index in bounds (the entries are 3-bit).
        let pruned = ON_PERMUTATION[(present & 0x1FF) as usize];
        // The low half (the cells).
        let cells = cells & pruned as u32;
        if cells == 0 {
            return Err(Contradiction);
        }
        let here = project(cells);
        let columns = COLUMNS[here as usize];
        let (one, two) = other_words(WORD);
        let kept = columns as u32;
        // Claiming along columns for the two other words, at every update rather than at
        // branch points only (measured, first 1 000 forum-hardest puzzles, first solution:
        // nodes a puzzle 126 -> 107 for 1% more instructions and 13% less time against
        // tdoku). A word's own claims come when one of the two others changes: its columns
        // going can only keep fewer of them alone.
        let (first, second) = (self.candidates[one], self.candidates[two]);
        let (there, yonder) = (project(first), project(second));
        let alone_there = there & !here & !yonder;
        let alone_yonder = yonder & !here & !there;
        self.candidates[one] = first & kept & CLAIMED[alone_there as usize];
        self.candidates[two] = second & kept & CLAIMED[alone_yonder as usize];
        let placed = cells & CELLS_OF[((pruned & columns) >> 32) as usize & 0x1FF];
        // Unconditionally: a test for `placed == 0` is a branch the processor mispredicts.
        let band = WORD % 3;
        self.open[band] &= !placed;
        let mut other = band;
        while other < WORDS {
            self.candidates[other] &= !placed;
            other += 3;
        }
        self.candidates[WORD] = cells;
        self.seen[WORD] = cells;
        self.facts[WORD] = pruned >> ON_PERMUTATION_FACTS
            | columns >> ON_PERMUTATION_FACTS & Fact::CertainColumns.mask()
            | u64::from(here) << Fact::PossibleColumns as u32;
        Ok(())
    }

    /// Places every open cell left with one candidate; true if there was one. `Err` if a cell
    /// has none, or two singles of a row or box want the same digit.
    fn naked_singles(&mut self) -> Result<bool, Contradiction> {
        let mut placed_any = false;
        for band in 0..3 {
            let (mut one, mut two) = (0, 0);
            let mut word = band;
            while word < WORDS {
                let cells = self.candidates[word];
                two |= one & cells;
                one |= cells;
                word += 3;
            }
            if one != BAND {
                return Err(Contradiction);
            }
            let mut singles = one & !two & self.open[band];
            placed_any |= singles != 0;
            while singles != 0 {
                let bit = singles & singles.wrapping_neg();
                singles &= singles - 1;
                let word = (band..WORDS)
                    .step_by(3)
                    .find(|&word| self.candidates[word] & bit != 0)
                    .ok_or(Contradiction)?;
                self.place_in(word, bit);
            }
        }
        Ok(placed_any)
    }

    /// Places the digit of `word` in the cell of `bit` within the word's band: its row and
    /// box lose the digit now, the rest follows in [`settle`](Self::settle).
    #[inline]
    pub(super) fn place_in(&mut self, word: usize, bit: u32) {
        self.candidates[word] &= AFTER_PLACING[bit.trailing_zeros() as usize % 27];
    }

    /// Saves the board into `saved` as a branch point keeps it: settled, with nothing left to
    /// pass on.
    pub(super) fn save(&self, saved: &mut Saved) {
        debug_assert_eq!(self.candidates, self.seen, "saved before it settled");
        (saved.candidates, saved.open, saved.facts) = (self.candidates, self.open, self.facts);
    }

    /// Back to a board `save` saved: a choice then taken passes on its news, which takes it
    /// from the choices tried there before.
    pub(super) fn restore(&mut self, saved: &Saved) {
        self.candidates = saved.candidates;
        self.seen = saved.candidates;
        self.open = saved.open;
        self.facts = saved.facts;
    }

    /// The word updates run since the board was loaded or copied: the search's count of
    /// updates. Counted rather than candidates eliminated, which would cost a population count
    /// of every word at every node (measured: an eighth of the search's instructions).
    pub(super) fn updates(&self) -> u64 {
        u64::from(self.updates)
    }

    /// The digits of a filled board, cell by cell.
    pub(super) fn digits(&self, out: &mut [u8; 81]) {
        for word in 0..WORDS {
            let (digit, band) = (word / 3 + 1, word % 3);
            let mut cells = self.candidates[word];
            while cells != 0 {
                let cell = band * 27 + cells.trailing_zeros() as usize;
                cells &= cells - 1;
                out[cell] = u8::try_from(digit).unwrap_or(0);
            }
        }
    }
}

/// The columns (9 bits) where a band word has a cell.
#[inline]
const fn project(cells: u32) -> u32 {
    (cells | cells >> 9 | cells >> 18) & ROW
}

/// The word of `digit` (1..=9) in `cell`'s band.
fn word(cell: usize, digit: u8) -> usize {
    (3 * (usize::from(digit) - 1) + cell / 27) & 31
}

mod branch;
pub(super) use self::branch::Branch;
#[cfg(test)]
mod tests;
mod triads;
