//! A long sum line (a little killer of more than [`MOST_CELLS`](super::fillings::MOST_CELLS)
//! cells or fillings) that knows its cells sharing a box hold distinct digits.
//!
//! The line's automaton is exact for the sum alone: along a diagonal of 9 cells adding up to
//! 38 it lets the three cells in one box hold 9, 9, 9. Here the cells are cut into groups
//! that each share a region or a cage (`bounds.rs`'s runs, of at most [`MOST_GROUP`] cells);
//! a group's distinct fillings from its candidates make a set of group sums, and partial
//! sums reachable from the start (forward) and to the total (backward) across the groups
//! say which of them fit. A cell keeps a digit only if a distinct filling of its group that
//! holds it has a sum that fits: exact for the line's sum with distinct digits in each
//! group, which the automaton's answer follows from.

use super::board::{single, PropBoard};
use super::bounds::runs;
use super::PropTables;
use crate::grid::Cell;
use crate::model::Model;
use crate::solve::kit::Contradiction;

/// Groups of more cells are cut (each filling of a group is read at every call).
pub(super) const MOST_GROUP: usize = 4;
/// The most groups a line may have (the bitsets of partial sums live on the stack).
pub(super) const MOST_GROUPS: usize = 16;
/// The greatest total: partial sums are the bits of a `u128`.
pub(super) const MOST_TOTAL: u32 = 127;

/// `cells` in groups that share a region or a cage (the bounded sums' runs, cut to at most
/// [`MOST_GROUP`] cells): the cells reordered group by group, and where each group ends;
/// none past [`MOST_GROUPS`] groups.
pub(super) fn sum_groups(model: &Model, cells: &[Cell]) -> Option<(Vec<Cell>, Vec<u32>)> {
    let (ordered, run_ends) = runs(model, cells);
    let (mut ends, mut start) = (Vec::new(), 0);
    for end in run_ends {
        while end - start > MOST_GROUP as u32 {
            start += MOST_GROUP as u32;
            ends.push(start);
        }
        ends.push(end);
        start = end;
    }
    (ends.len() <= MOST_GROUPS).then_some((ordered, ends))
}

/// The sums as bits (bit s for sum s).
type Sums = u128;

/// `reach` moved on by each sum of `sums`: every a + s with a in `reach` and s in `sums`,
/// up to `MOST_TOTAL`.
#[inline]
fn shifted(reach: Sums, mut sums: Sums) -> Sums {
    let mut out = 0;
    while sums != 0 {
        out |= reach << sums.trailing_zeros();
        sums &= sums - 1;
    }
    out
}

/// The same, backwards: every a − s with a in `reach` and s in `sums`.
#[inline]
fn unshifted(reach: Sums, mut sums: Sums) -> Sums {
    let mut out = 0;
    while sums != 0 {
        out |= reach >> sums.trailing_zeros();
        sums &= sums - 1;
    }
    out
}

/// The distinct fillings of a group of at most [`MOST_GROUP`] cells with `masks` as
/// candidates: calls `each` with each filling's digits (one bit a cell) and sum.
#[inline]
fn fillings(masks: &[u64], each: &mut impl FnMut(&[u64], u32)) {
    let mut digits = [0u64; MOST_GROUP];
    let mut left = [0u64; MOST_GROUP];
    let k = masks.len();
    let (mut at, mut used, mut sum) = (0usize, 0u64, 0u32);
    left[0] = masks[0];
    loop {
        if left[at] == 0 {
            if at == 0 {
                return;
            }
            at -= 1;
            used &= !digits[at];
            sum -= digits[at].trailing_zeros() + 1;
            continue;
        }
        let bit = left[at] & left[at].wrapping_neg();
        left[at] &= left[at] - 1;
        digits[at] = bit;
        if at + 1 == k {
            each(&digits[..k], sum + bit.trailing_zeros() + 1);
            continue;
        }
        used |= bit;
        sum += bit.trailing_zeros() + 1;
        at += 1;
        left[at] = masks[at] & !used;
    }
}

impl PropBoard {
    /// A sum of `total` over `cells`, in groups ending at `ends` whose cells hold distinct
    /// digits (see the module's comment).
    pub(super) fn group_sum(
        &mut self,
        tables: &PropTables,
        cells: &[Cell],
        ends: &[u32],
        total: u32,
    ) -> Result<(), Contradiction> {
        let groups = ends.len();
        let mut masks = [0u64; MOST_GROUP];
        let mut sums = [0 as Sums; MOST_GROUPS];
        // Forward: the partial sums reachable before each group.
        let mut forward = [0 as Sums; MOST_GROUPS + 1];
        forward[0] = 1;
        let mut start = 0;
        for (g, &end) in ends.iter().enumerate() {
            let group = &cells[start..end as usize];
            for (slot, &cell) in masks.iter_mut().zip(group) {
                *slot = self.masks[cell];
            }
            let mut found: Sums = 0;
            fillings(&masks[..group.len()], &mut |_, sum| found |= 1 << sum);
            sums[g] = found;
            forward[g + 1] = shifted(forward[g], found);
            start = end as usize;
        }
        if total > MOST_TOTAL || forward[groups] >> total & 1 == 0 {
            return Err(Contradiction);
        }
        // Backward, group by group from the last: the sums that fit are those s of the group's
        // with some a reachable before it and a + s reaching the total after it.
        let mut after: Sums = 1 << total;
        let mut end = cells.len();
        for g in (0..groups).rev() {
            let start = if g == 0 { 0 } else { ends[g - 1] as usize };
            let mut fits: Sums = 0;
            let mut all = sums[g];
            while all != 0 {
                let s = all.trailing_zeros();
                if (forward[g] << s) & after != 0 {
                    fits |= 1 << s;
                }
                all &= all - 1;
            }
            let group = &cells[start..end];
            for (slot, &cell) in masks.iter_mut().zip(group) {
                *slot = self.masks[cell];
            }
            let mut keep = [0u64; MOST_GROUP];
            // The digits every filling that fits holds.
            let mut every = u64::MAX;
            fillings(&masks[..group.len()], &mut |digits, sum| {
                if fits >> sum & 1 == 1 {
                    let mut held = 0;
                    for (kept, &digit) in keep.iter_mut().zip(digits) {
                        *kept |= digit;
                        held |= digit;
                    }
                    every &= held;
                }
            });
            let mut placed = 0;
            for (&cell, &kept) in group.iter().zip(&keep) {
                self.restrict(tables, cell, kept)?;
                if single(self.masks[cell]) {
                    placed |= self.masks[cell];
                }
            }
            // Such a digit not placed yet leaves the cells that see all its places in the
            // group, as a table's required digits do.
            if every & !placed != 0 {
                self.required(tables, group, every & !placed, None)?;
            }
            after = unshifted(after, fits);
            end = start;
        }
        Ok(())
    }
}
