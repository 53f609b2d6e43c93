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
//!
//! What a group's fillings give is read with the last cell taken whole (its mask shifted by
//! the others' sum) and kept per group until its candidates change (`GroupMemo`): the
//! snipes' 10th, 3.35 G -> 1.94 G instructions for 20 000 nodes (docs/propagation.md).

use super::board::{single, PropBoard};
use super::bounds::runs;
use super::sum_bits::{shifted, unshifted, SumBits};
use super::PropTables;
use crate::grid::Cell;
use crate::model::Model;
use crate::solve::kit::Contradiction;

/// Groups of more cells are cut (a group's fillings are read whenever its candidates change).
pub(super) const MOST_GROUP: usize = 4;
/// The most groups a line may have (the bitsets of partial sums live on the stack).
pub(super) const MOST_GROUPS: usize = 16;
/// The greatest total: partial sums are the bits of a `u128` (of a `u64` below 64).
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

/// The distinct fillings of a group of at most [`MOST_GROUP`] cells with `masks` as
/// candidates, all but the last cell at a time: calls `each` with the digits of the others
/// (one bit a cell), their sum, and the last cell's candidates left by them. The last cell
/// is taken whole, by shifting its mask, as its digits only add to the sum: a group of three
/// cells of nine candidates is 72 calls, not 504 fillings.
#[inline]
fn prefixes(masks: &[u64], each: &mut impl FnMut(&[u64], u32, u64)) {
    let k = masks.len();
    if k == 1 {
        each(&[], 0, masks[0]);
        return;
    }
    let mut digits = [0u64; MOST_GROUP];
    let mut left = [0u64; MOST_GROUP];
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
        let (with, to) = (used | bit, sum + bit.trailing_zeros() + 1);
        if at + 2 == k {
            each(&digits[..k - 1], to, masks[k - 1] & !with);
            continue;
        }
        (used, sum) = (with, to);
        at += 1;
        left[at] = masks[at] & !used;
    }
}

/// What the distinct fillings of `masks` (a group's candidates, one a cell) whose sums are in
/// `fits` give: their sums, each cell's digits in one of them, and the digits all of them
/// hold (`u64::MAX` when there is none).
#[inline]
fn support<S: SumBits>(masks: &[u64], fits: S) -> (S, [u64; MOST_GROUP], u64) {
    let k = masks.len();
    let (mut sums, mut keep, mut every) = (S::ZERO, [0u64; MOST_GROUP], u64::MAX);
    prefixes(masks, &mut |digits, before, last| {
        // Digit bit i of the last cell makes the sum `before` + i + 1.
        let shift = before + 1;
        if shift > S::TOP {
            return;
        }
        // (Sums past 64 more than `shift` are past any digit of a `u64` mask.)
        let fitting = last & (fits >> shift).low();
        if fitting == 0 {
            return;
        }
        sums |= S::of_mask(fitting) << shift;
        let mut held = 0;
        for (kept, &digit) in keep.iter_mut().zip(digits) {
            *kept |= digit;
            held |= digit;
        }
        keep[k - 1] |= fitting;
        every &= held | if single(fitting) { fitting } else { 0 };
    });
    (sums, keep, every)
}

/// What a group's distinct fillings give, for the candidates they were read from: the group
/// sums, each cell's digits in some filling, and the digits every filling holds.
#[derive(Clone, Copy, Debug, Default)]
pub(in crate::solve) struct GroupMemo {
    /// The group's candidates, zeros past its cells (compared whole: no `memcmp`).
    masks: [u64; MOST_GROUP],
    /// As a `u128` whatever the line reads them as (`S::widen`).
    sums: u128,
    keep: [u64; MOST_GROUP],
    every: u64,
    /// Whether the slot holds a reading (a group of no candidates never is one).
    read: bool,
    /// The sums that last fitted for these candidates, when some did not (0: none yet), and
    /// what the fillings of those sums give: a node's lines meet the same again.
    fit: u128,
    fit_keep: [u64; MOST_GROUP],
    fit_every: u64,
}

impl GroupMemo {
    /// The fillings of `masks` (a group's candidates, zeros past its `k` cells) read again,
    /// unless they were last; their sums as `S` holds them.
    #[inline]
    fn read<S: SumBits>(&mut self, masks: &[u64; MOST_GROUP], k: usize) {
        if self.read && self.masks == *masks {
            return;
        }
        self.masks = *masks;
        let (sums, keep, every) = support(&masks[..k], S::ALL);
        (self.sums, self.keep, self.every, self.read) = (sums.widen(), keep, every, true);
        self.fit = 0;
    }

    /// What the fillings of `masks` (as in [`read`](Self::read)) whose sums are in `fits`
    /// give: each cell's digits, and the digits all of them hold.
    #[inline]
    fn read_fitting<S: SumBits>(
        &mut self,
        masks: &[u64; MOST_GROUP],
        k: usize,
        fits: S,
    ) -> ([u64; MOST_GROUP], u64) {
        if self.masks != *masks {
            // `required` narrowed a later group's candidates since the slot was read.
            let (_, keep, every) = support(&masks[..k], fits);
            return (keep, every);
        }
        if self.fit != fits.widen() {
            let (_, keep, every) = support(&masks[..k], fits);
            (self.fit, self.fit_keep, self.fit_every) = (fits.widen(), keep, every);
        }
        (self.fit_keep, self.fit_every)
    }
}

impl PropBoard {
    /// A sum of `total` over `cells`, in groups ending at `ends` whose cells hold distinct
    /// digits (see the module's comment); `memo` is where the groups' slots in
    /// [`PropBoard::group_memo`] start.
    ///
    /// Each group's fillings are read once a call, and not at all when its candidates are
    /// those of the last call: they are the work, and a node changes few of a line's groups.
    /// Only a group some of whose sums no longer fit is read again, for the fillings of
    /// those that do.
    pub(super) fn group_sum(
        &mut self,
        tables: &PropTables,
        cells: &[Cell],
        groups: (&[u32], usize),
        total: u32,
    ) -> Result<(), Contradiction> {
        if total > MOST_TOTAL {
            return Err(Contradiction);
        }
        if total <= u64::TOP {
            self.group_sum_in::<u64>(tables, cells, groups, total)
        } else {
            self.group_sum_in::<u128>(tables, cells, groups, total)
        }
    }

    /// [`group_sum`](Self::group_sum) with its sets of sums as `S`, which holds `total`.
    fn group_sum_in<S: SumBits>(
        &mut self,
        tables: &PropTables,
        cells: &[Cell],
        (ends, memo): (&[u32], usize),
        total: u32,
    ) -> Result<(), Contradiction> {
        let groups = ends.len();
        // Forward: the partial sums reachable before each group.
        let mut forward = [S::ZERO; MOST_GROUPS + 1];
        forward[0] = S::ONE;
        let mut start = 0;
        for (g, &end) in ends.iter().enumerate() {
            let group = &cells[start..end as usize];
            let mut masks = [0u64; MOST_GROUP];
            for (slot, &cell) in masks.iter_mut().zip(group) {
                *slot = self.masks[cell];
            }
            let slot = &mut self.group_memo[memo + g];
            slot.read::<S>(&masks, group.len());
            forward[g + 1] = shifted(forward[g], S::narrow(slot.sums));
            start = end as usize;
        }
        if forward[groups] >> total & S::ONE == S::ZERO {
            return Err(Contradiction);
        }
        // Backward, group by group from the last: the sums that fit are those s of the group's
        // with some a reachable before it and a + s reaching the total after it.
        let mut after = S::ONE << total;
        let mut end = cells.len();
        for g in (0..groups).rev() {
            let start = if g == 0 { 0 } else { ends[g - 1] as usize };
            let slot = self.group_memo[memo + g];
            let sums = S::narrow(slot.sums);
            // Read by whichever of the two has fewer sums.
            let fits = if forward[g].count_ones() < sums.count_ones() {
                sums & unshifted(after, forward[g])
            } else {
                let (mut fits, mut all) = (S::ZERO, sums);
                while all != S::ZERO {
                    let s = all.trailing_zeros();
                    if (forward[g] << s) & after != S::ZERO {
                        fits |= S::ONE << s;
                    }
                    all = all.without_lowest();
                }
                fits
            };
            let group = &cells[start..end];
            let (mut keep, mut every) = (slot.keep, slot.every);
            if fits != sums {
                // The digits of the fillings whose sum fits, and those every one holds.
                // (The candidates now: `required` may have narrowed a later group's.)
                let mut masks = [0u64; MOST_GROUP];
                for (slot, &cell) in masks.iter_mut().zip(group) {
                    *slot = self.masks[cell];
                }
                (keep, every) = self.group_memo[memo + g].read_fitting(&masks, group.len(), fits);
            }
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

#[cfg(test)]
mod tests {
    use super::{support, GroupMemo, MOST_GROUP};

    /// `support` by brute force: every tuple of digits 1 to 9, one a cell.
    fn by_tuples(masks: &[u64], fits: u128) -> (u128, [u64; MOST_GROUP], u64) {
        let k = masks.len();
        let (mut sums, mut keep, mut every) = (0u128, [0u64; MOST_GROUP], u64::MAX);
        for code in 0..9u32.pow(k as u32) {
            let digits: Vec<u32> = (0..k).map(|i| code / 9u32.pow(i as u32) % 9).collect();
            let distinct = (0..k).all(|i| (0..i).all(|j| digits[i] != digits[j]));
            let fit = digits.iter().zip(masks).all(|(&d, &mask)| mask >> d & 1 == 1);
            let sum: u32 = digits.iter().map(|d| d + 1).sum();
            if distinct && fit && fits >> sum & 1 == 1 {
                sums |= 1 << sum;
                let mut held = 0;
                for (kept, &d) in keep.iter_mut().zip(&digits) {
                    *kept |= 1 << d;
                    held |= 1 << d;
                }
                every &= held;
            }
        }
        (sums, keep, every)
    }

    proptest::proptest! {
        /// A group's sums, each cell's digits and the digits all fillings hold, read with the
        /// last cell taken whole, are those of its fillings one by one; and a slot read again
        /// for other candidates forgets the last reading.
        #[test]
        fn group_support_is_that_of_the_fillings_one_by_one(
            masks in proptest::collection::vec(1u64..512, 1..=MOST_GROUP),
            other in proptest::collection::vec(1u64..512, 1..=MOST_GROUP),
            fits in proptest::prelude::any::<u64>(),
        ) {
            let narrow = support(&masks, fits);
            let fits = u128::from(fits) | u128::from(fits) << 64;
            let wide = by_tuples(&masks, fits);
            proptest::prop_assert_eq!(support(&masks, fits), wide);
            // Read as a `u64`, the same but for sums past 63 (none of nine digits in four cells).
            proptest::prop_assert_eq!((u128::from(narrow.0), narrow.1, narrow.2), wide);
            let mut slot = GroupMemo::default();
            for masks in [&masks, &other, &masks] {
                let mut padded = [0u64; MOST_GROUP];
                padded[..masks.len()].copy_from_slice(masks);
                slot.read::<u64>(&padded, masks.len());
                let (sums, keep, every) = by_tuples(masks, u128::MAX);
                proptest::prop_assert_eq!((slot.sums, slot.keep, slot.every), (sums, keep, every));
            }
        }
    }
}
