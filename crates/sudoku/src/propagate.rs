//! A fast pass of sound deductions on candidate bitmasks, run before the search: naked singles,
//! hidden singles and locked candidates, until none applies.
//!
//! Why: the exact-cover search finds singles too (an item with one option left is forced), but
//! each forced step costs dozens of link updates, where a bitmask pass costs a few word
//! operations; most published 9×9 puzzles fall to singles and locked candidates alone. What the
//! pass leaves is committed to the engine, which searches the rest. Every deduction holds in
//! every solution, so the solutions are unchanged.

use crate::{Cell, Digit, Grid, Variant, LOGIC_FIRST};

/// The fixed tables of one variant: peers, regions, and region intersections.
#[derive(Clone, Debug)]
pub(crate) struct Tables {
    size: usize,
    /// `peers[peer_starts[c]..peer_starts[c + 1]]`: the cells sharing a region with `c`.
    peers: Vec<u32>,
    peer_starts: Vec<u32>,
    /// Region `r`'s cells are `region_cells[r * size..(r + 1) * size]`.
    region_cells: Vec<u32>,
    /// Pairs of regions meeting in two cells or more (a box and a line, say).
    intersections: Vec<Intersection>,
    /// The cells of every intersection's three parts, see [`Intersection`].
    parts: Vec<u32>,
}

/// Regions `a` and `b` meeting in `parts[start..shared]`; `parts[shared..a_end]` are the rest
/// of `a`, `parts[a_end..b_end]` the rest of `b`.
#[derive(Clone, Copy, Debug)]
struct Intersection {
    start: u32,
    shared: u32,
    a_end: u32,
    b_end: u32,
}

impl Tables {
    /// The tables of `variant`, or `None` from [`LOGIC_FIRST`] up, where the full logical
    /// solver goes first instead (and these tables would be large to build).
    pub(crate) fn new(variant: &Variant) -> Option<Tables> {
        let n = variant.size();
        if n >= LOGIC_FIRST {
            return None;
        }
        let mut peers = Vec::new();
        let mut peer_starts = vec![0];
        let mut seen = vec![false; n * n];
        for cell in 0..n * n {
            let start = peers.len();
            for &r in variant.regions_of(cell) {
                for &other in &variant.regions()[r as usize].cells {
                    if other != cell && !seen[other] {
                        seen[other] = true;
                        peers.push(other as u32);
                    }
                }
            }
            for &other in &peers[start..] {
                seen[other as usize] = false;
            }
            peer_starts.push(peers.len() as u32);
        }
        let regions = variant.regions();
        let region_cells = regions.iter().flat_map(|r| r.cells.iter().map(|&c| c as u32)).collect();
        let (mut intersections, mut parts) = (Vec::new(), Vec::new());
        for (i, a) in regions.iter().enumerate() {
            for b in &regions[i + 1..] {
                let shared: Vec<Cell> =
                    a.cells.iter().filter(|c| b.cells.contains(c)).copied().collect();
                if shared.len() < 2 || shared.len() == n {
                    continue;
                }
                let start = parts.len() as u32;
                parts.extend(shared.iter().map(|&c| c as u32));
                let shared_end = parts.len() as u32;
                parts.extend(a.cells.iter().filter(|c| !shared.contains(c)).map(|&c| c as u32));
                let a_end = parts.len() as u32;
                parts.extend(b.cells.iter().filter(|c| !shared.contains(c)).map(|&c| c as u32));
                let b_end = parts.len() as u32;
                intersections.push(Intersection { start, shared: shared_end, a_end, b_end });
            }
        }
        Some(Tables { size: n, peers, peer_starts, region_cells, intersections, parts })
    }

    fn peers(&self, cell: usize) -> &[u32] {
        &self.peers[self.peer_starts[cell] as usize..self.peer_starts[cell + 1] as usize]
    }
}

/// The pass found that the givens have no solution (or break a rule directly).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Contradiction;

/// The state of one pass, kept between puzzles so that its buffers are reused.
#[derive(Clone, Debug, Default)]
pub(crate) struct Propagation {
    /// Bit `d - 1` set: digit `d` is still possible in the open cell; 0 once it is placed,
    /// so that eliminations and scans pass placed cells by without looking them up.
    candidates: Vec<u64>,
    /// The digit placed in each cell, 0 while open.
    placed: Vec<Digit>,
    /// Cells down to one candidate, not yet placed.
    singles: Vec<u32>,
    open: usize,
    /// The digits placed in each region.
    region_placed: Vec<u64>,
}

impl Propagation {
    /// Places the givens of `puzzle` and deduces what singles and locked candidates give.
    /// `forbidden`: a placement ruled out beforehand (the generator asks whether a puzzle has a
    /// solution other than the one it knows). `Ok(true)`: every cell is placed.
    pub(crate) fn run(
        &mut self,
        tables: &Tables,
        variant: &Variant,
        puzzle: &Grid,
        forbidden: Option<(Cell, Digit)>,
    ) -> Result<bool, Contradiction> {
        let n = tables.size;
        let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        self.candidates.clear();
        self.candidates.resize(n * n, all);
        self.placed.clear();
        self.placed.resize(n * n, 0);
        self.singles.clear();
        self.open = n * n;
        self.region_placed.clear();
        self.region_placed.resize(tables.region_cells.len() / n, 0);
        if let Some((cell, digit)) = forbidden {
            self.candidates[cell] &= !(1 << (digit - 1));
        }
        for (cell, digit) in puzzle.givens() {
            self.place(tables, variant, cell, digit)?;
        }
        loop {
            while let Some(cell) = self.singles.pop() {
                let candidates = self.candidates[cell as usize];
                if candidates != 0 {
                    let digit = candidates.trailing_zeros() as Digit + 1;
                    self.place(tables, variant, cell as usize, digit)?;
                }
            }
            if self.open == 0 {
                return Ok(true);
            }
            if self.hidden_singles(tables, variant, all)? || self.locked_candidates(tables)? {
                continue;
            }
            return Ok(false);
        }
    }

    /// The placements of the last run, givens and deductions: each cell's digit, 0 if open.
    pub(crate) fn placed(&self) -> &[Digit] {
        &self.placed
    }

    fn place(
        &mut self,
        tables: &Tables,
        variant: &Variant,
        cell: Cell,
        digit: Digit,
    ) -> Result<(), Contradiction> {
        let bit = 1u64 << (digit - 1);
        if self.candidates[cell] & bit == 0 {
            return Err(Contradiction);
        }
        self.placed[cell] = digit;
        self.candidates[cell] = 0;
        self.open -= 1;
        for &region in variant.regions_of(cell) {
            self.region_placed[region as usize] |= bit;
        }
        // The hot loop of the pass, so written out rather than calling `eliminate`.
        let mut emptied = false;
        for &peer in tables.peers(cell) {
            let candidates = &mut self.candidates[peer as usize];
            if *candidates & bit != 0 {
                *candidates &= !bit;
                if *candidates & candidates.wrapping_sub(1) == 0 {
                    emptied |= *candidates == 0;
                    self.singles.push(peer);
                }
            }
        }
        if emptied {
            return Err(Contradiction);
        }
        Ok(())
    }

    /// Removes `bits` from an open cell's candidates; true if that changed them.
    fn eliminate(&mut self, cell: Cell, bits: u64) -> Result<bool, Contradiction> {
        let candidates = &mut self.candidates[cell];
        if *candidates & bits == 0 {
            return Ok(false);
        }
        *candidates &= !bits;
        if *candidates == 0 {
            return Err(Contradiction);
        }
        if candidates.is_power_of_two() {
            self.singles.push(cell as u32);
        }
        Ok(true)
    }

    /// Places every digit that has one possible cell in some region. True if any was placed.
    fn hidden_singles(
        &mut self,
        tables: &Tables,
        variant: &Variant,
        all: u64,
    ) -> Result<bool, Contradiction> {
        let n = tables.size;
        let mut progress = false;
        for (r, region) in tables.region_cells.chunks_exact(n).enumerate() {
            let done = self.region_placed[r];
            if done == all {
                continue;
            }
            let (mut once, mut twice) = (0u64, 0u64);
            for &cell in region {
                let candidates = self.candidates[cell as usize];
                twice |= once & candidates;
                once |= candidates;
            }
            if once | done != all {
                return Err(Contradiction);
            }
            let mut hidden = once & !twice;
            while hidden != 0 {
                let bit = hidden & hidden.wrapping_neg();
                hidden &= hidden - 1;
                let cell = region.iter().find(|&&c| self.candidates[c as usize] & bit != 0);
                // Placing an earlier digit of this region may have taken this one's only cell.
                let cell = *cell.ok_or(Contradiction)? as usize;
                self.place(tables, variant, cell, bit.trailing_zeros() as Digit + 1)?;
                progress = true;
            }
        }
        Ok(progress)
    }

    /// Locked candidates: a digit that region `a` can hold only where it meets region `b` cannot
    /// go elsewhere in `b`, and the other way round. True if anything was eliminated.
    fn locked_candidates(&mut self, tables: &Tables) -> Result<bool, Contradiction> {
        let mut progress = false;
        for x in &tables.intersections {
            let part = |from: u32, to: u32| &tables.parts[from as usize..to as usize];
            let union =
                |cells: &[u32]| cells.iter().fold(0u64, |m, &c| m | self.candidates[c as usize]);
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
                        progress |= self.eliminate(cell as usize, bits)?;
                    }
                }
            }
        }
        Ok(progress)
    }
}

#[cfg(test)]
mod tests;
