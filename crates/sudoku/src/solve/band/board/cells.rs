//! The search by cells: where the band search branches when it looks for a first solution.
//!
//! The search by permutations ([`branch`](super::branch)) proves uniqueness and counts in fewer
//! nodes, but which solution a search finds first depends on its branching, and `sudoku solve`
//! prints the first solution of a puzzle with several as it always has: so a first solution
//! (a limit of one) is searched by cells, without triads, as before.

use super::super::tables::ROW;
use super::branch::CELLS;
use super::{BandBoard, Branch, WORDS};

impl BandBoard {
    /// Where the search by cells branches: a cell of two candidates where they are densest
    /// (the band with the most of them, ties to the last; its row with the most, then that
    /// row's box with the most, ties to the first), else a cell of three, else an open cell
    /// (see [`fewest`](Self::fewest)), its digits as the choices.
    ///
    /// Measured against the first cell of two candidates (first 1 000 forum-hardest puzzles,
    /// first solution): 164 nodes a puzzle down to 126. Where the bivalue cells crowd, a
    /// placement's news reaches more of them, and a wrong branch fails sooner.
    pub(in super::super) fn branch_cell(&self) -> Branch {
        let (mut band, mut most) = (0, 0);
        for (each, pairs) in self.pairs.iter().enumerate() {
            let count = ones(*pairs);
            if count != 0 && count >= most {
                (band, most) = (each, count);
            }
        }
        let cells = if most == 0 {
            let fewest;
            (band, fewest) = self.fewest();
            fewest
        } else {
            self.pairs[band]
        };
        let bit = densest(cells);
        let digits = (0..9)
            .filter(|&digit| self.candidates[3 * digit + band] & bit != 0)
            .fold(0, |digits, digit| digits | 1 << digit);
        Branch { target: CELLS + 27 * band as u32 + bit.trailing_zeros(), choices: digits }
    }

    /// With no cell of two candidates: the first band's open cells of three candidates, else
    /// the open cells of the first band that has any.
    #[cold]
    fn fewest(&self) -> (usize, u32) {
        for band in 0..3 {
            let (mut one, mut two, mut three, mut four) = (0, 0, 0, 0);
            for word in (band..WORDS).step_by(3) {
                let cells = self.candidates[word];
                four |= three & cells;
                three |= two & cells;
                two |= one & cells;
                one |= cells;
            }
            let threes = three & !four & self.open[band];
            if threes != 0 {
                return (band, threes);
            }
        }
        let band = (0..3).find(|&band| self.open[band] != 0).unwrap_or(0);
        (band, self.open[band])
    }
}

/// The cell of `cells` (a band's, not empty) in the row with the most of them, and in that row
/// in the box with the most of them, the first on ties.
pub(super) fn densest(cells: u32) -> u32 {
    let (mut row, mut most) = (0, 0);
    for each in 0..3 {
        let count = u32::from(ONES[(cells >> (9 * each) & ROW) as usize]);
        if count > most {
            (row, most) = (each, count);
        }
    }
    let in_row = cells & ROW << (9 * row);
    let (mut chosen, mut most) = (in_row, 0);
    for each in 0..3 {
        let boxed = 0o007_007_007 << (3 * each);
        let count = ones(cells & boxed);
        if in_row & boxed != 0 && count > most {
            (chosen, most) = (in_row & boxed, count);
        }
    }
    chosen & chosen.wrapping_neg()
}

/// How many of nine bits are set, by their value: a table because the baseline x86-64 target
/// has no population count instruction, and `count_ones` compiles to a dozen (measured, first
/// solutions of the first 1 000 forum-hardest puzzles: 3.4% of the instructions were there).
static ONES: [u8; 512] = {
    let mut table = [0; 512];
    let mut bits = 0;
    while bits < 512 {
        table[bits] = (bits as u32).count_ones() as u8;
        bits += 1;
    }
    table
};

/// How many cells of a band (27 bits) are set, a row at a time.
#[inline]
pub(super) fn ones(cells: u32) -> u32 {
    let row = |shift: u32| u32::from(ONES[(cells >> shift & ROW) as usize]);
    row(0) + row(9) + row(18)
}
