//! Candidate bitmasks for grids below 16×16: sound deductions (naked singles, hidden singles,
//! locked candidates) and, in [`search`], a depth-first search that runs them at every node.
//!
//! Why: the exact-cover engine finds singles too (an item with one option left is forced), but
//! each forced step costs dozens of link updates, where a bitmask costs a few word operations.
//! Up to 15×15 a grid has at most 225 cells, so a cell index is a `u8` and every per-cell array
//! has 256 entries: indexing one with a `u8` cannot go out of bounds, and the compiler drops the
//! checks from the hot loops.

pub(crate) mod search;
mod tables;

pub(crate) use self::tables::Tables;
use crate::Grid;

/// Entries of every per-cell array (see the module documentation).
pub(crate) const MAX_CELLS: usize = 256;
/// A cell word: the open cell's candidates in the low half (bit `d - 1` for digit `d`), the
/// placed digit's bit in the high half. An open cell has nothing in the high half and a placed
/// one nothing in the low half, so a region's words combined with `|` tell at once which digits
/// are placed and which are still possible.
const CANDIDATES: u32 = 0xFFFF;
const PLACED_SHIFT: u32 = 16;

/// Cells down to one candidate and not yet placed, last in first out.
///
/// A cell goes on once when it comes down to one candidate and at most once more when it loses
/// that one too, which is a contradiction that ends the deductions; so below 256 cells the
/// queue holds at most 255 cells between contradictions. The `u8` length wraps rather than
/// panics if that were ever wrong, and indexing 256 entries with it needs no bounds check.
#[derive(Clone, Debug)]
pub(crate) struct Singles {
    cells: [u8; MAX_CELLS],
    len: u8,
}

impl Default for Singles {
    fn default() -> Self {
        Singles { cells: [0; MAX_CELLS], len: 0 }
    }
}

impl Singles {
    #[inline]
    fn push(&mut self, cell: u8) {
        self.cells[usize::from(self.len)] = cell;
        self.len = self.len.wrapping_add(1);
    }

    #[inline]
    fn pop(&mut self) -> Option<u8> {
        self.len = self.len.checked_sub(1)?;
        Some(self.cells[usize::from(self.len)])
    }

    fn clear(&mut self) {
        self.len = 0;
    }
}

/// The deductions found that the givens have no solution (or break a rule directly).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Contradiction;

/// Candidates and placements of every cell: the state the search saves at each branch.
#[derive(Clone, Debug)]
pub(crate) struct Board {
    /// One word per cell, see [`CANDIDATES`].
    cells: [u32; MAX_CELLS],
    /// Cells not yet placed.
    open: u32,
    /// Candidates removed so far (the search's count of updates).
    eliminated: u64,
    /// Regions that lost a candidate since their last scan for hidden singles (see
    /// [`Tables::region_bits`]).
    dirty: u64,
}

impl Board {
    /// Every cell open with every digit possible.
    fn blank(tables: &Tables) -> Board {
        let mut cells = [0; MAX_CELLS];
        cells[..tables.cell_count()].fill(tables.all);
        let open = u32::try_from(tables.cell_count()).expect("at most 225 cells");
        Board { cells, open, eliminated: 0, dirty: tables.all_regions }
    }

    /// The givens of `puzzle` placed, with `forbidden` (a cell and a digit) ruled out.
    fn load(
        tables: &Tables,
        puzzle: &Grid,
        forbidden: Option<(u8, u32)>,
        singles: &mut Singles,
    ) -> Result<Board, Contradiction> {
        let mut board = Board::blank(tables);
        if let Some((cell, bit)) = forbidden {
            board.cells[usize::from(cell)] &= !bit;
        }
        let byte = |cell: usize| u8::try_from(cell).expect("below 16x16 a cell fits a byte");
        if tables.region_count() > 64 {
            // Rare (many extra regions): place given by given.
            for (cell, digit) in puzzle.givens() {
                board.place(tables, byte(cell), 1 << (digit - 1), singles)?;
            }
            return Ok(board);
        }
        // The digits placed in each region, then each open cell's candidates at once: far
        // fewer operations than removing every given from each of its peers.
        let mut placed = [0u32; 64];
        for (cell, digit) in puzzle.givens() {
            let bit = 1 << (digit - 1);
            if board.cells[cell] & bit == 0 {
                return Err(Contradiction); // the forbidden digit, given
            }
            let mut regions = tables.region_bits[usize::from(byte(cell))];
            while regions != 0 {
                let r = regions.trailing_zeros() as usize;
                regions &= regions - 1;
                if placed[r] & bit != 0 {
                    return Err(Contradiction);
                }
                placed[r] |= bit;
            }
            board.cells[cell] = bit << PLACED_SHIFT;
            board.open -= 1;
        }
        for cell in 0..tables.cell_count() {
            if board.cells[cell] >> PLACED_SHIFT != 0 {
                continue;
            }
            let mut seen = 0;
            let mut regions = tables.region_bits[cell];
            while regions != 0 {
                seen |= placed[regions.trailing_zeros() as usize];
                regions &= regions - 1;
            }
            let candidates = board.cells[cell] & !seen;
            board.cells[cell] = candidates;
            if candidates & candidates.wrapping_sub(1) == 0 {
                if candidates == 0 {
                    return Err(Contradiction);
                }
                singles.push(byte(cell));
            }
        }
        Ok(board)
    }

    /// Makes this board a copy of `other`, whose cells past the first `count` are unused, with
    /// no eliminations of its own.
    fn copy_from(&mut self, other: &Board, count: usize) {
        self.cells[..count].copy_from_slice(&other.cells[..count]);
        self.open = other.open;
        self.dirty = other.dirty;
        self.eliminated = 0;
    }

    /// Whether every cell is placed.
    fn is_filled(&self) -> bool {
        self.open == 0
    }

    /// The placed digit of each of the first `count` cells, 0 for open ones.
    fn digits(&self, count: usize) -> impl Iterator<Item = u8> + '_ {
        self.cells[..count].iter().map(|&word| {
            let placed = word >> PLACED_SHIFT;
            if placed == 0 {
                0
            } else {
                placed.trailing_zeros() as u8 + 1
            }
        })
    }

    /// The candidates of an open cell (0 for a placed one).
    fn candidates(&self, cell: usize) -> u32 {
        self.cells[cell] & CANDIDATES
    }

    /// Places the digit of `bit` in `cell` and removes it from the cell's peers; a peer left
    /// with one candidate goes onto `singles`.
    fn place(
        &mut self,
        tables: &Tables,
        cell: u8,
        bit: u32,
        singles: &mut Singles,
    ) -> Result<(), Contradiction> {
        if self.cells[usize::from(cell)] & bit == 0 {
            return Err(Contradiction);
        }
        self.cells[usize::from(cell)] = bit << PLACED_SHIFT;
        self.open -= 1;
        // The hot loop of the search. A placed peer has no candidates, so it never matches.
        let (mut emptied, mut eliminated) = (false, 0);
        let mut dirty = self.dirty | tables.region_bits[usize::from(cell)];
        for &peer in tables.peers(cell) {
            let word = self.cells[usize::from(peer)];
            if word & bit != 0 {
                let word = word & !bit;
                self.cells[usize::from(peer)] = word;
                eliminated += 1;
                dirty |= tables.region_bits[usize::from(peer)];
                if word & word.wrapping_sub(1) == 0 {
                    emptied |= word == 0;
                    singles.push(peer);
                }
            }
        }
        self.eliminated += eliminated;
        self.dirty = dirty;
        if emptied {
            return Err(Contradiction);
        }
        Ok(())
    }

    /// Removes `bits` from an open cell's candidates; true if that changed them.
    fn eliminate(
        &mut self,
        tables: &Tables,
        cell: u8,
        bits: u32,
        singles: &mut Singles,
    ) -> Result<bool, Contradiction> {
        let word = &mut self.cells[usize::from(cell)];
        if *word & bits == 0 {
            return Ok(false);
        }
        self.eliminated += u64::from((*word & bits).count_ones());
        self.dirty |= tables.region_bits[usize::from(cell)];
        *word &= !bits;
        if *word == 0 {
            return Err(Contradiction);
        }
        if word.is_power_of_two() {
            singles.push(cell);
        }
        Ok(true)
    }

    /// Applies singles, hidden singles and, with `locked`, locked candidates until none
    /// applies. `singles` holds the cells known to be down to one candidate; it is empty after.
    fn deduce(
        &mut self,
        tables: &Tables,
        singles: &mut Singles,
        locked: bool,
    ) -> Result<(), Contradiction> {
        let result = self.deduce_inner(tables, singles, locked);
        singles.clear();
        result
    }

    fn deduce_inner(
        &mut self,
        tables: &Tables,
        singles: &mut Singles,
        locked: bool,
    ) -> Result<(), Contradiction> {
        loop {
            while let Some(cell) = singles.pop() {
                let candidates = self.candidates(usize::from(cell));
                if candidates != 0 {
                    self.place(tables, cell, candidates, singles)?;
                }
            }
            if self.is_filled() {
                return Ok(());
            }
            if self.hidden_singles(tables, singles)?
                || (locked && self.locked_candidates(tables, singles)?)
            {
                continue;
            }
            return Ok(());
        }
    }

    /// Places every digit that has one possible cell in some region that lost a candidate
    /// since its last scan. True if any was placed.
    fn hidden_singles(
        &mut self,
        tables: &Tables,
        singles: &mut Singles,
    ) -> Result<bool, Contradiction> {
        let mut dirty = std::mem::take(&mut self.dirty);
        let mut progress = false;
        if tables.region_count() > 64 {
            if dirty != 0 {
                for r in 0..tables.region_count() {
                    progress |= self.hidden_singles_in(tables, r, singles)?;
                }
            }
            return Ok(progress);
        }
        while dirty != 0 {
            let r = dirty.trailing_zeros() as usize;
            dirty &= dirty - 1;
            progress |= self.hidden_singles_in(tables, r, singles)?;
        }
        Ok(progress)
    }

    /// Places every digit that has one possible cell in region `r`. True if any was placed.
    #[inline]
    fn hidden_singles_in(
        &mut self,
        tables: &Tables,
        r: usize,
        singles: &mut Singles,
    ) -> Result<bool, Contradiction> {
        let region = &tables.region_cells[r * tables.size..(r + 1) * tables.size];
        let (mut once, mut twice) = (0u32, 0u32);
        for &cell in region {
            let word = self.cells[usize::from(cell)];
            twice |= once & word;
            once |= word;
        }
        let placed = once >> PLACED_SHIFT;
        if placed == tables.all {
            return Ok(false);
        }
        if (once | placed) & tables.all != tables.all {
            return Err(Contradiction);
        }
        let mut hidden = once & !twice & !placed & CANDIDATES;
        let progress = hidden != 0;
        while hidden != 0 {
            let bit = hidden & hidden.wrapping_neg();
            hidden &= hidden - 1;
            let cell = region.iter().find(|&&c| self.cells[usize::from(c)] & bit != 0);
            // Placing an earlier digit of this region may have taken this one's only cell.
            let cell = *cell.ok_or(Contradiction)?;
            self.place(tables, cell, bit, singles)?;
        }
        Ok(progress)
    }

    /// Locked candidates: a digit that region `a` can hold only where it meets region `b` cannot
    /// go elsewhere in `b`, and the other way round. True if anything was eliminated.
    fn locked_candidates(
        &mut self,
        tables: &Tables,
        singles: &mut Singles,
    ) -> Result<bool, Contradiction> {
        let mut progress = false;
        for x in &tables.intersections {
            let part = |from: u16, to: u16| &tables.parts[usize::from(from)..usize::from(to)];
            let union = |cells: &[u8]| {
                cells.iter().fold(0u32, |m, &c| m | self.cells[usize::from(c)]) & CANDIDATES
            };
            let shared = union(part(x.start, x.shared));
            let a_rest = union(part(x.shared, x.a_end));
            let b_rest = union(part(x.a_end, x.b_end));
            let only_in_a = shared & !a_rest & b_rest;
            let only_in_b = shared & !b_rest & a_rest;
            for (bits, cells) in
                [(only_in_a, part(x.a_end, x.b_end)), (only_in_b, part(x.shared, x.a_end))]
            {
                if bits != 0 {
                    for &cell in cells {
                        progress |= self.eliminate(tables, cell, bits, singles)?;
                    }
                }
            }
        }
        Ok(progress)
    }
}

#[cfg(test)]
mod tests;
