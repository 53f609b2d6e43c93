//! A renban line's propagator ([`Rule::Renban`](super::Rule)): its k cells hold k distinct
//! consecutive digits, so what it says is which runs of k digits are still possible.
//!
//! A run is possible when it holds the digits placed on the line, every cell has a candidate
//! in it and every digit of it has a cell. The cells keep the digits of the possible runs;
//! a digit every possible run holds must be on the line: with one place it goes there, and
//! with several it leaves every cell that sees them all (`peers.rs`: eliminations across the
//! line, which the line's automaton alone cannot see: in `HARD_RENBAN`'s third, a 6-cell line
//! in a row and a box needs its 4, 5 and 6).
//!
//! Why not only the automaton: its states are the sets of digits read so far, thousands on
//! a line of seven, and it runs at every change of a cell; this looks at N − k + 1 runs.

use super::board::PropBoard;
use super::PropTables;
use crate::solve::kit::Contradiction;

impl PropBoard {
    /// The renban of `cells`: each cell keeps the digits of the runs still possible, placed
    /// digits leave the other cells, and a digit every run holds goes to its one place or
    /// leaves the groups that hold all its places.
    pub(super) fn renban(
        &mut self,
        tables: &PropTables,
        cells: &[usize],
    ) -> Result<(), Contradiction> {
        let k = cells.len();
        let n = tables.n;
        if k == 0 || k > n {
            return if k == 0 { Ok(()) } else { Err(Contradiction) };
        }
        let (mut union, mut placed) = (0u64, 0u64);
        for &cell in cells {
            let mask = self.masks[cell];
            union |= mask;
            if mask & mask.wrapping_sub(1) == 0 {
                if placed & mask != 0 {
                    return Err(Contradiction);
                }
                placed |= mask;
            }
        }
        let first = if k >= 64 { u64::MAX } else { (1u64 << k) - 1 };
        let (mut some, mut every) = (0u64, u64::MAX);
        for start in 0..=n - k {
            let run = first << start;
            if run & union != run || placed & !run != 0 {
                continue;
            }
            if cells.iter().any(|&cell| self.masks[cell] & run == 0) {
                continue;
            }
            some |= run;
            every &= run;
        }
        if some == 0 {
            return Err(Contradiction);
        }
        for &cell in cells {
            let mask = self.masks[cell];
            let keep = if mask & mask.wrapping_sub(1) == 0 { some } else { some & !placed };
            self.restrict(tables, cell, keep)?;
        }
        self.required(tables, cells, every & !placed, None)
    }
}
