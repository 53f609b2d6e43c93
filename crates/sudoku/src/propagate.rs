//! Candidate bitmasks for grids below 16×16: sound deductions (naked singles, hidden singles,
//! locked candidates) and, in [`search`], a depth-first search that runs them at every node.
//!
//! Why: the exact-cover engine finds singles too (an item with one option left is forced), but
//! each forced step costs dozens of link updates, where a bitmask costs a few word operations.
//! Up to 15×15 a grid has at most 225 cells, so a cell index is a `u8` and every per-cell array
//! has 256 entries: indexing one with a `u8` cannot go out of bounds, and the compiler drops the
//! checks from the hot loops.

pub(crate) mod search;

use crate::{Grid, Variant, LOGIC_FIRST};

/// Entries of every per-cell array (see the module documentation).
const MAX_CELLS: usize = 256;
/// A cell word: the open cell's candidates in the low half (bit `d - 1` for digit `d`), the
/// placed digit's bit in the high half. An open cell has nothing in the high half and a placed
/// one nothing in the low half, so a region's words combined with `|` tell at once which digits
/// are placed and which are still possible.
const CANDIDATES: u32 = 0xFFFF;
const PLACED_SHIFT: u32 = 16;

/// The fixed tables of one variant: peers, regions, and region intersections.
#[derive(Clone, Debug)]
pub(crate) struct Tables {
    size: usize,
    /// Every digit: the low `size` bits.
    all: u32,
    /// `peers[peer_starts[c]..peer_starts[c + 1]]`: the cells sharing a region with `c`.
    peers: Vec<u8>,
    peer_starts: Vec<u16>,
    /// Region `r`'s cells are `region_cells[r * size..(r + 1) * size]`.
    region_cells: Vec<u8>,
    /// Pairs of regions meeting in two cells or more (a box and a line, say).
    intersections: Vec<Intersection>,
    /// The cells of every intersection's three parts, see [`Intersection`].
    parts: Vec<u8>,
    /// For each cell, bit `r` set for each region `r` it is in; every bit when the variant has
    /// more than 64 regions (then every scan looks at every region).
    region_bits: Box<[u64; MAX_CELLS]>,
    /// Bit `r` set for every region `r`.
    all_regions: u64,
}

/// Regions `a` and `b` meeting in `parts[start..shared]`; `parts[shared..a_end]` are the rest
/// of `a`, `parts[a_end..b_end]` the rest of `b`.
#[derive(Clone, Copy, Debug)]
struct Intersection {
    start: u16,
    shared: u16,
    a_end: u16,
    b_end: u16,
}

impl Tables {
    /// The tables of `variant`, or `None` from [`LOGIC_FIRST`] up, where the full logical
    /// solver goes first instead.
    pub(crate) fn new(variant: &Variant) -> Option<Tables> {
        let n = variant.size();
        if n >= LOGIC_FIRST {
            return None;
        }
        let byte = |cell: usize| u8::try_from(cell).expect("below 16x16 a cell fits a byte");
        let mut peers = Vec::new();
        let mut peer_starts = vec![0];
        let mut seen = vec![false; n * n];
        for cell in 0..n * n {
            let start = peers.len();
            for &r in variant.regions_of(cell) {
                for &other in &variant.regions()[r as usize].cells {
                    if other != cell && !seen[other] {
                        seen[other] = true;
                        peers.push(byte(other));
                    }
                }
            }
            for &other in &peers[start..] {
                seen[usize::from(other)] = false;
            }
            peer_starts.push(u16::try_from(peers.len()).expect("at most 225 x 224 peers"));
        }
        let regions = variant.regions();
        let region_cells = regions.iter().flat_map(|r| r.cells.iter().map(|&c| byte(c))).collect();
        let (mut intersections, mut parts) = (Vec::new(), Vec::new());
        let at = |parts: &Vec<u8>| u16::try_from(parts.len()).expect("intersections fit");
        for (i, a) in regions.iter().enumerate() {
            for b in &regions[i + 1..] {
                let shared: Vec<usize> =
                    a.cells.iter().filter(|c| b.cells.contains(c)).copied().collect();
                if shared.len() < 2 || shared.len() == n {
                    continue;
                }
                let start = at(&parts);
                parts.extend(shared.iter().map(|&c| byte(c)));
                let shared_end = at(&parts);
                parts.extend(a.cells.iter().filter(|c| !shared.contains(c)).map(|&c| byte(c)));
                let a_end = at(&parts);
                parts.extend(b.cells.iter().filter(|c| !shared.contains(c)).map(|&c| byte(c)));
                intersections.push(Intersection {
                    start,
                    shared: shared_end,
                    a_end,
                    b_end: at(&parts),
                });
            }
        }
        let all = (1u32 << n) - 1;
        let mut region_bits = Box::new([0; MAX_CELLS]);
        let all_regions = if regions.len() <= 64 {
            for (r, region) in regions.iter().enumerate() {
                for &cell in &region.cells {
                    region_bits[cell] |= 1 << r;
                }
            }
            u64::MAX >> (64 - regions.len())
        } else {
            region_bits.fill(u64::MAX);
            u64::MAX
        };
        Some(Tables {
            size: n,
            all,
            peers,
            peer_starts,
            region_cells,
            intersections,
            parts,
            region_bits,
            all_regions,
        })
    }

    fn peers(&self, cell: u8) -> &[u8] {
        let cell = usize::from(cell);
        &self.peers[usize::from(self.peer_starts[cell])..usize::from(self.peer_starts[cell + 1])]
    }

    fn cell_count(&self) -> usize {
        self.size * self.size
    }

    fn region_count(&self) -> usize {
        self.region_cells.len() / self.size
    }
}

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
        let byte = |cell: usize| u8::try_from(cell).expect("below 16x16 a cell fits a byte");
        if tables.region_count() > 64 {
            // Rare (many extra regions): place given by given.
            if let Some((cell, bit)) = forbidden {
                board.cells[usize::from(cell)] &= !bit;
            }
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
            let mut candidates = tables.all & !seen;
            if let Some((forbidden, bit)) = forbidden.filter(|&(at, _)| usize::from(at) == cell) {
                debug_assert_eq!(usize::from(forbidden), cell);
                candidates &= !bit;
            }
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
