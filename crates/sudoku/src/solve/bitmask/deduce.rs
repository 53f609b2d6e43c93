//! The deductions of [`MaskBoard::deduce`]: naked singles, hidden singles, locked candidates.

use super::{Deductions, MaskBoard, Singles, Tables, CANDIDATES, PLACED_SHIFT};
use crate::solve::kit::Contradiction;

impl MaskBoard {
    /// Applies the deductions up to `level` until none applies. `singles` holds the cells
    /// known to be down to one candidate; it is empty after.
    pub(super) fn deduce(
        &mut self,
        tables: &Tables,
        singles: &mut Singles,
        level: Deductions,
    ) -> Result<(), Contradiction> {
        let result = self.deduce_inner(tables, singles, level);
        singles.clear();
        result
    }

    fn deduce_inner(
        &mut self,
        tables: &Tables,
        singles: &mut Singles,
        level: Deductions,
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
                || (level == Deductions::LockedCandidates
                    && self.locked_candidates(tables, singles)?)
            {
                continue;
            }
            return Ok(());
        }
    }

    /// Places every digit that has one possible cell in some region that lost a candidate
    /// since its last scan. True if any was placed.
    ///
    /// The scan of one region is the search's hottest loop; with the region's length known
    /// when compiling (the sizes below) it is unrolled, which halves its cost on a 9×9.
    fn hidden_singles(
        &mut self,
        tables: &Tables,
        singles: &mut Singles,
    ) -> Result<bool, Contradiction> {
        match tables.size {
            9 => self.hidden_singles_of::<9>(tables, singles),
            6 => self.hidden_singles_of::<6>(tables, singles),
            4 => self.hidden_singles_of::<4>(tables, singles),
            _ => self.hidden_singles_of::<0>(tables, singles),
        }
    }

    /// [`hidden_singles`](Self::hidden_singles) for regions of `N` cells (`N == 0`: of
    /// `tables.size` cells, known only when running).
    // Inlined so that `N` is known in the scan loop, which is then unrolled.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn hidden_singles_of<const N: usize>(
        &mut self,
        tables: &Tables,
        singles: &mut Singles,
    ) -> Result<bool, Contradiction> {
        let n = if N == 0 { tables.size } else { N };
        let mut dirty = std::mem::take(&mut self.dirty);
        if tables.region_count() > 64 && dirty != 0 {
            // Too many regions for the dirty set: scan them all.
            let mut progress = false;
            for r in 0..tables.region_count() {
                progress |=
                    self.hidden_singles_in(tables, &tables.region_cells[r * n..][..n], singles)?;
            }
            return Ok(progress);
        }
        let mut progress = false;
        while dirty != 0 {
            let r = dirty.trailing_zeros() as usize;
            dirty &= dirty - 1;
            progress |=
                self.hidden_singles_in(tables, &tables.region_cells[r * n..][..n], singles)?;
        }
        Ok(progress)
    }

    /// Places every digit that has one possible cell in `region`. True if any was placed.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn hidden_singles_in(
        &mut self,
        tables: &Tables,
        region: &[u8],
        singles: &mut Singles,
    ) -> Result<bool, Contradiction> {
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
