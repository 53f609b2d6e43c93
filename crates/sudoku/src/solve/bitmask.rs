//! Candidate bitmasks for grids below 16×16: sound deductions (naked singles, hidden singles,
//! locked candidates) and, in [`search`], a depth-first search that runs them at every node.
//!
//! Why: the exact-cover engine finds singles too (an item with one option left is forced), but
//! each forced step costs dozens of link updates, where a bitmask costs a few word operations.
//! Up to 15×15 a grid has at most 225 cells, so a cell index is a `u8` and every per-cell array
//! has 256 entries: indexing one with a `u8` cannot go out of bounds, and the compiler drops the
//! checks from the hot loops.

mod clues;
mod deduce;
pub(crate) mod search;
mod tables;

pub(crate) use self::clues::Clues;
pub(crate) use self::tables::Tables;
use self::tables::PLANE_CELLS;
use crate::grid::Grid;
use crate::solve::kit::Contradiction;

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

/// How far [`MaskBoard::deduce`] goes, each level including those before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Deductions {
    /// Cells with one candidate, and digits with one possible cell in a region.
    HiddenSingles,
    /// Digits confined to where two regions meet.
    LockedCandidates,
}

/// A cell index below 16×16.
fn byte(cell: usize) -> u8 {
    u8::try_from(cell).expect("below 16x16 a cell fits a byte")
}

/// Candidates and placements of every cell: the state the search saves at each branch.
#[derive(Clone, Debug)]
pub(crate) struct MaskBoard {
    /// One word per cell, see [`CANDIDATES`].
    cells: [u32; MAX_CELLS],
    /// Cells not yet placed.
    open: u32,
    /// Candidates removed so far (the search's count of updates).
    eliminated: u64,
    /// Regions that lost a candidate since their last scan for hidden singles (see
    /// [`Tables::region_bits`]).
    dirty: u64,
    /// Up to [`PLANE_CELLS`] cells (when [`Tables::peer_masks`] is set), per digit the cells
    /// that have not lost it; with `open_cells`, the cells where it is still a candidate.
    ///
    /// Why: placing a digit must take it from the peers that still have it, a few of the
    /// twenty in a 9×9. Testing every peer costs a branch each that the processor cannot
    /// predict; masking the digit's cells with the peers finds those few at once.
    planes: [u128; 16],
    /// The open cells, with `planes`.
    open_cells: u128,
}

impl MaskBoard {
    /// Every cell open with every digit possible.
    fn blank(tables: &Tables) -> MaskBoard {
        let mut cells = [0; MAX_CELLS];
        cells[..tables.cell_count()].fill(tables.all);
        let open = u32::try_from(tables.cell_count()).expect("at most 225 cells");
        let open_cells = if tables.peer_masks.is_some() {
            u128::MAX >> (PLANE_CELLS - tables.cell_count())
        } else {
            0
        };
        let mut planes = [0; 16];
        planes[..tables.size].fill(open_cells);
        MaskBoard { cells, open, eliminated: 0, dirty: tables.all_regions, planes, open_cells }
    }

    /// The givens of `puzzle` placed, with `forbidden` (a cell and a digit) ruled out; the
    /// cells left with one candidate are on `singles`.
    fn load(
        tables: &Tables,
        puzzle: &Grid,
        forbidden: Option<(u8, u32)>,
        singles: &mut Singles,
    ) -> Result<MaskBoard, Contradiction> {
        if tables.region_count() > 64 {
            // Rare (many extra regions): place given by given.
            let mut board = MaskBoard::blank(tables);
            if let Some((cell, bit)) = forbidden {
                board.eliminate(tables, cell, bit, singles)?;
            }
            for (cell, digit) in puzzle.givens() {
                board.place(tables, byte(cell), 1 << (digit - 1), singles)?;
            }
            return Ok(board);
        }
        let (board, _) = MaskBoard::givens(tables, puzzle, forbidden)?;
        board.push_singles(tables, singles)?;
        Ok(board)
    }

    /// With at most 64 regions: the givens of `puzzle` placed and `forbidden` ruled out, and
    /// the digits placed in each region (bit `d - 1` of entry `r`). No deduction is made, so
    /// an open cell's candidates are the digits placed in none of its regions.
    ///
    /// Why by regions: the digits placed in each region, then each open cell's candidates at
    /// once, are far fewer operations than removing every given from each of its peers.
    fn givens(
        tables: &Tables,
        puzzle: &Grid,
        forbidden: Option<(u8, u32)>,
    ) -> Result<(MaskBoard, [u32; 64]), Contradiction> {
        let mut board = MaskBoard::blank(tables);
        if let Some((cell, bit)) = forbidden {
            board.cells[usize::from(cell)] &= !bit;
            board.planes[bit.trailing_zeros() as usize & 15] &=
                !tables.cell_masks[usize::from(cell)];
        }
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
            board.open_cells &= !tables.cell_masks[cell];
        }
        if tables.peer_masks.is_some() {
            // A digit placed in a region leaves every cell of the region.
            for (r, &mask) in tables.region_masks.iter().enumerate() {
                let mut digits = placed[r];
                while digits != 0 {
                    board.planes[digits.trailing_zeros() as usize & 15] &= !mask;
                    digits &= digits - 1;
                }
            }
        }
        for cell in 0..tables.cell_count() {
            if board.cells[cell] >> PLACED_SHIFT == 0 {
                board.cells[cell] &= !MaskBoard::seen(tables, &placed, cell);
            }
        }
        Ok((board, placed))
    }

    /// The digits placed in the regions of `cell`, from the regions' digits `placed`.
    fn seen(tables: &Tables, placed: &[u32; 64], cell: usize) -> u32 {
        let mut seen = 0;
        let mut regions = tables.region_bits[cell];
        while regions != 0 {
            seen |= placed[regions.trailing_zeros() as usize];
            regions &= regions - 1;
        }
        seen
    }

    /// `Err` if the digit of `bit` has no open cell left in some region of `cell` (whose own
    /// digit it is not). A quick test before the deductions, which would find it later: with
    /// planes only, and otherwise always `Ok`.
    fn has_room_for(&self, tables: &Tables, cell: u8, bit: u32) -> Result<(), Contradiction> {
        if tables.peer_masks.is_none() {
            return Ok(());
        }
        let plane = self.planes[bit.trailing_zeros() as usize & 15] & self.open_cells;
        let mut regions = tables.region_bits[usize::from(cell)];
        while regions != 0 {
            if plane & tables.region_masks[regions.trailing_zeros() as usize] == 0 {
                return Err(Contradiction);
            }
            regions &= regions - 1;
        }
        Ok(())
    }

    /// Puts every open cell with one candidate onto `singles`; `Err` if one has none.
    fn push_singles(&self, tables: &Tables, singles: &mut Singles) -> Result<(), Contradiction> {
        for cell in 0..tables.cell_count() {
            let word = self.cells[cell];
            if word & word.wrapping_sub(1) == 0 {
                if word == 0 {
                    return Err(Contradiction);
                }
                if word & CANDIDATES != 0 {
                    singles.push(byte(cell));
                }
            }
        }
        Ok(())
    }

    /// Makes this board a copy of `other`, a board of `tables`' variant, with no eliminations
    /// of its own. Copies only what the variant uses.
    fn copy_from(&mut self, other: &MaskBoard, tables: &Tables) {
        let count = tables.cell_count();
        self.cells[..count].copy_from_slice(&other.cells[..count]);
        self.planes[..tables.size].copy_from_slice(&other.planes[..tables.size]);
        self.open_cells = other.open_cells;
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
    // Measured: with a plain `#[inline]` the compiler calls it, and the search runs 8% more
    // instructions on the hardest puzzles.
    #[allow(clippy::inline_always)]
    #[inline(always)]
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
        self.dirty |= tables.region_bits[usize::from(cell)];
        let emptied = match &tables.peer_masks {
            Some(masks) => self.take_from_planes(tables, masks, cell, bit, singles),
            None => self.take_from_peers(tables, cell, bit, singles),
        };
        if emptied {
            return Err(Contradiction);
        }
        Ok(())
    }

    /// [`place`](Self::place) with planes: the peers that lose the digit are those in its
    /// plane. True if one of them is left with no candidate.
    #[inline]
    fn take_from_planes(
        &mut self,
        tables: &Tables,
        masks: &[u128; MAX_CELLS],
        cell: u8,
        bit: u32,
        singles: &mut Singles,
    ) -> bool {
        self.open_cells &= !tables.cell_masks[usize::from(cell)];
        let plane = &mut self.planes[bit.trailing_zeros() as usize & 15];
        let mut hit = *plane & masks[usize::from(cell)] & self.open_cells;
        *plane &= !hit;
        self.eliminated += u64::from(hit.count_ones());
        let (mut emptied, mut dirty) = (false, self.dirty);
        while hit != 0 {
            let peer = hit.trailing_zeros() as u8;
            hit &= hit - 1;
            let word = self.cells[usize::from(peer)] & !bit;
            self.cells[usize::from(peer)] = word;
            dirty |= tables.region_bits[usize::from(peer)];
            if word & word.wrapping_sub(1) == 0 {
                emptied |= word == 0;
                singles.push(peer);
            }
        }
        self.dirty = dirty;
        emptied
    }

    /// [`place`](Self::place) without planes: every peer is tested. True if one of them is
    /// left with no candidate.
    fn take_from_peers(
        &mut self,
        tables: &Tables,
        cell: u8,
        bit: u32,
        singles: &mut Singles,
    ) -> bool {
        // A placed peer has no candidates, so it never matches.
        let (mut emptied, mut eliminated, mut dirty) = (false, 0, self.dirty);
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
        emptied
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
        let mut removed = *word & bits;
        self.eliminated += u64::from(removed.count_ones());
        self.dirty |= tables.region_bits[usize::from(cell)];
        *word &= !bits;
        while removed != 0 {
            self.planes[removed.trailing_zeros() as usize & 15] &=
                !tables.cell_masks[usize::from(cell)];
            removed &= removed - 1;
        }
        if *word == 0 {
            return Err(Contradiction);
        }
        if word.is_power_of_two() {
            singles.push(cell);
        }
        Ok(true)
    }
}

#[cfg(test)]
mod tests;
