//! [`PropBoard`]: each cell's candidates as a mask, a trail of the masks they replaced (undone
//! on backtracking), and the queues of propagators to run again because a cell they read
//! changed.

use super::group_sum::GroupMemo;
use super::watches::{CHEAP, LINKED, RULE};
use super::PropTables;
use crate::grid::Cell;
use crate::solve::kit::Contradiction;

/// Candidates, the trail that undoes their changes, and the propagators waiting to run.
#[derive(Clone, Debug)]
pub(super) struct PropBoard {
    /// Each cell's candidates (bit d − 1 for digit d); 0 for an unused cell.
    pub(super) masks: Vec<u64>,
    /// Used cells with more than one candidate.
    pub(super) open: usize,
    /// `(cell, its mask before)`, oldest first.
    trail: Vec<(u32, u64)>,
    /// Cells left with one candidate whose digit has not yet left their peers: that runs
    /// before any propagator (`peers.rs`).
    placed: Vec<u32>,
    /// Propagators to run, cheap ones apart so that they run first.
    cheap: Vec<u32>,
    /// The first of `cheap` not yet run: they run in the order queued.
    head: usize,
    costly: Vec<u32>,
    queued: Vec<bool>,
    /// Candidates removed: the search's count of updates.
    pub(super) eliminated: u64,
    /// Each rule's weight: one, and one more for each contradiction it found, so that the
    /// search branches where the rules that fail most meet (`search.rs`).
    pub(super) weights: Vec<u32>,
    /// Each cell's sum of the weights of the rules that read it, kept as they change
    /// ([`bump`](Self::bump)): the branching reads it for every open cell of every node.
    pub(super) cell_weights: Vec<u64>,
    /// The long sum lines' groups as last read, one slot a group (`group_sum.rs`): a cache
    /// keyed by the group's candidates, so nothing to undo.
    pub(super) group_memo: Vec<GroupMemo>,
    /// Since the last clearing of the queues, at `epoch` (masks only shrink in between):
    /// each table's cells' masks as its last run left them (by the cells' place in the rules'
    /// list), and the epoch of that run (by rule), so that a table queued by its own
    /// eliminations alone is not run again (`table_again`).
    seen: Vec<u64>,
    stamps: Vec<u64>,
    epoch: u64,
}

impl PropBoard {
    /// A board for `tables`' model, with room for its longest trail reserved.
    pub(super) fn new(tables: &PropTables) -> PropBoard {
        PropBoard {
            masks: vec![0; tables.cells],
            open: 0,
            trail: Vec::with_capacity(tables.cells * 8),
            placed: Vec::with_capacity(tables.cells),
            cheap: Vec::with_capacity(tables.rules.len()),
            head: 0,
            costly: Vec::with_capacity(tables.rules.len()),
            queued: vec![false; tables.rules.len()],
            eliminated: 0,
            weights: vec![1; tables.rules.len()],
            cell_weights: (0..tables.cells)
                .map(|cell| tables.watchers(cell).len() as u64)
                .collect(),
            group_memo: vec![GroupMemo::default(); tables.runs.len()],
            seen: vec![0; tables.cell_list.len()],
            stamps: vec![0; tables.rules.len()],
            epoch: 1,
        }
    }

    /// The board of the rules' marks with `masks` (one a cell) as its candidates, every
    /// propagator queued, no trail.
    pub(super) fn load(&mut self, tables: &PropTables, masks: &[u64]) {
        self.masks.copy_from_slice(masks);
        self.open = self.masks.iter().filter(|&&m| m & m.wrapping_sub(1) != 0).count();
        self.trail.clear();
        self.clear_queues();
        for (id, &cheap) in tables.cheap.iter().enumerate() {
            self.enqueue(id as u32, cheap);
        }
        for (cell, &mask) in self.masks.iter().enumerate() {
            if mask != 0 && single(mask) {
                self.placed.push(cell as u32);
            }
        }
        self.eliminated = 0;
    }

    /// Makes this board a copy of `other` without reallocating.
    pub(super) fn copy_from(&mut self, other: &PropBoard) {
        self.masks.copy_from_slice(&other.masks);
        self.open = other.open;
        self.trail.clear();
        self.trail.extend_from_slice(&other.trail);
        self.clear_queues();
        self.eliminated = other.eliminated;
    }

    fn clear_queues(&mut self) {
        self.epoch += 1;
        for &id in self.cheap[self.head..].iter().chain(&self.costly) {
            self.queued[id as usize] = false;
        }
        self.cheap.clear();
        self.head = 0;
        self.costly.clear();
        self.placed.clear();
    }

    #[inline]
    fn enqueue(&mut self, id: u32, cheap: bool) {
        if !self.queued[id as usize] {
            self.queued[id as usize] = true;
            if cheap {
                self.cheap.push(id);
            } else {
                self.costly.push(id);
            }
        }
    }

    /// The length of the trail: a mark to [`undo_to`](Self::undo_to) later.
    pub(super) fn mark(&self) -> usize {
        self.trail.len()
    }

    /// Makes the current state the base that nothing undoes past.
    pub(super) fn forget_trail(&mut self) {
        self.trail.clear();
    }

    /// Undoes every change made since the trail was `mark` long, and forgets the queues.
    pub(super) fn undo_to(&mut self, mark: usize) {
        for &(cell, before) in self.trail[mark..].iter().rev() {
            let now = self.masks[cell as usize];
            if now & now.wrapping_sub(1) == 0 && before & before.wrapping_sub(1) != 0 {
                self.open += 1;
            }
            self.masks[cell as usize] = before;
        }
        self.trail.truncate(mark);
        self.clear_queues();
    }

    /// Keeps only the candidates of `cell` in `keep`, queueing the propagators that read it
    /// when that changes anything.
    ///
    /// # Errors
    /// When no candidate is left.
    #[inline]
    pub(super) fn restrict(
        &mut self,
        tables: &PropTables,
        cell: Cell,
        keep: u64,
    ) -> Result<(), Contradiction> {
        // Most calls change nothing: that much is read where they are made (the snipes'
        // 12th: 5.33 G -> 5.18 G instructions for 100 000 nodes).
        let before = self.masks[cell];
        if before & !keep == 0 {
            return Ok(());
        }
        self.narrow_cell(tables, cell, before, before & keep)
    }

    /// [`restrict`](Self::restrict) where the cell's candidates go from `before` to `after`,
    /// fewer.
    #[inline(never)]
    fn narrow_cell(
        &mut self,
        tables: &PropTables,
        cell: Cell,
        before: u64,
        after: u64,
    ) -> Result<(), Contradiction> {
        if after == 0 {
            return Err(Contradiction);
        }
        self.trail.push((cell as u32, before));
        self.masks[cell] = after;
        // Most changes take one candidate (a placed digit leaving a peer).
        let removed = before ^ after;
        self.eliminated += 1;
        if !single(removed) {
            self.eliminated += more_than_one(removed);
        }
        if single(after) {
            self.open -= 1;
            self.placed.push(cell as u32);
        }
        // The groups queued here whose locked candidates are queued with them, by position.
        let mut linked = 0u64;
        let rules = tables.queued_by(cell);
        let queued = &mut self.queued[..];
        for (position, &entry) in rules.iter().enumerate() {
            let id = entry & RULE;
            if !queued[id as usize] {
                queued[id as usize] = true;
                if entry & CHEAP != 0 {
                    self.cheap.push(id);
                } else {
                    self.costly.push(id);
                }
                if entry & LINKED != 0 {
                    linked |= 1 << position;
                }
            }
        }
        // After the cell's other rules, as their numbers come after every other rule's.
        while linked != 0 {
            let group = rules[linked.trailing_zeros() as usize] & RULE;
            linked &= linked - 1;
            self.enqueue(tables.crossed_of[group as usize], false);
        }
        Ok(())
    }

    /// Runs the queued propagators, and those their eliminations queue, until none is left:
    /// the cheap ones in the order queued (a wave of eliminations looked at once: a third
    /// fewer instructions than the last queued first), then one costly one, and so on;
    /// `scratch` is the lines' room to work.
    ///
    /// # Errors
    /// When a cell is left with no candidate or a rule with no way to hold; the queues are
    /// then empty.
    pub(super) fn propagate(
        &mut self,
        tables: &PropTables,
        scratch: &mut Vec<u8>,
    ) -> Result<(), Contradiction> {
        loop {
            if let Some(cell) = self.placed.pop() {
                if let Err(contradiction) = self.exclude(tables, cell as usize) {
                    self.clear_queues();
                    return Err(contradiction);
                }
                continue;
            }
            let next = if self.head < self.cheap.len() {
                self.head += 1;
                self.cheap[self.head - 1]
            } else {
                self.cheap.clear();
                self.head = 0;
                match self.costly.pop() {
                    Some(id) => id,
                    None => return Ok(()),
                }
            };
            self.queued[next as usize] = false;
            if let Err(contradiction) = self.run(tables, next, scratch) {
                self.bump(tables, next);
                self.clear_queues();
                return Err(contradiction);
            }
        }
    }

    /// Runs the table `id` of `cells` at `range` in the rules' list, unless its cells have
    /// not changed since its last run (it queued itself): it would find nothing, as what its
    /// run leaves every filling it keeps can still take, and what it took from other cells is
    /// gone (`HARD_RENBAN`'s second: 23% of its tables' runs).
    #[inline]
    pub(super) fn table_again(
        &mut self,
        tables: &PropTables,
        id: u32,
        range: std::ops::Range<usize>,
        run: impl FnOnce(&mut PropBoard, &[usize]) -> Result<(), Contradiction>,
    ) -> Result<(), Contradiction> {
        let cells = &tables.cell_list[range.clone()];
        let seen = &self.seen[range.clone()];
        if self.stamps[id as usize] == self.epoch
            && cells.iter().zip(seen).all(|(&cell, &mask)| self.masks[cell] == mask)
        {
            return Ok(());
        }
        run(self, cells)?;
        for (slot, &cell) in self.seen[range].iter_mut().zip(cells) {
            *slot = self.masks[cell];
        }
        self.stamps[id as usize] = self.epoch;
        Ok(())
    }

    /// One more to rule `id`'s weight (it found a contradiction), and to its cells'.
    pub(super) fn bump(&mut self, tables: &PropTables, id: u32) {
        let weight = &mut self.weights[id as usize];
        if *weight < u32::MAX {
            *weight += 1;
            for &cell in tables.cells_read(id) {
                self.cell_weights[cell as usize] += 1;
            }
        }
    }

    /// Halves the rules' weights, keeping each at one at least, and sums their cells' again.
    pub(super) fn halve_weights(&mut self, tables: &PropTables) {
        self.weights.iter_mut().for_each(|weight| *weight = (*weight >> 1).max(1));
        for (cell, sum) in self.cell_weights.iter_mut().enumerate() {
            let weights = tables.watchers(cell).iter().map(|&id| self.weights[id as usize]);
            *sum = weights.map(u64::from).sum();
        }
    }

    /// Whether every used cell has one candidate.
    pub(super) fn is_solved(&self) -> bool {
        self.open == 0
    }
}

/// The candidates `removed` (two or more) less the one already counted: out of the way of
/// the count of one, which a scalar `count_ones` would slow (no `popcnt` in the baseline).
#[cold]
#[inline(never)]
fn more_than_one(removed: u64) -> u64 {
    u64::from(removed.count_ones()) - 1
}

/// Whether `mask` has fewer than `k` bits (k at least 1): k − 1 taken, none left. For
/// small k, cheaper than `count_ones` without `popcnt` (the baseline's).
#[inline]
pub(super) fn fewer_than(mut mask: u64, k: u32) -> bool {
    for _ in 1..k {
        mask &= mask.wrapping_sub(1);
    }
    mask == 0
}

/// Whether a mask has at most one bit.
#[inline]
pub(super) fn single(mask: u64) -> bool {
    mask & mask.wrapping_sub(1) == 0
}

#[cfg(test)]
mod tests {
    use super::super::PropTables;
    use super::PropBoard;
    use crate::model::Model;
    use crate::variant::Variant;

    /// `fewer_than` is `count_ones` compared, on masks of every size.
    #[test]
    fn fewer_than_counts_as_count_ones() {
        let mut mask = 0x2545_f491_4f6c_dd1du64;
        for round in 0..2000u32 {
            mask ^= mask << 13;
            mask ^= mask >> 7;
            mask ^= mask << 17;
            let sparse = mask & mask >> (round % 64) & mask >> 3;
            for k in 1..=12 {
                assert_eq!(super::fewer_than(sparse, k), sparse.count_ones() < k, "{sparse:#x}");
            }
        }
    }

    /// Each cell's kept sum is its rules' weights summed afresh, after bumps and halvings.
    #[test]
    fn cell_weights_are_the_sums_of_their_rules_weights() {
        let model = Model::from_variant(&Variant::standard(9).unwrap());
        let tables = PropTables::new(&model).unwrap();
        let mut board = PropBoard::new(&tables);
        let rules = tables.rules.len() as u32;
        for round in 0..3u32 {
            for id in 0..rules {
                for _ in 0..(id * 7 + round) % 5 {
                    board.bump(&tables, id);
                }
            }
            for cell in 0..tables.cells {
                let rules = tables.watchers(cell).iter().map(|&id| board.weights[id as usize]);
                assert_eq!(board.cell_weights[cell], rules.map(u64::from).sum::<u64>());
            }
            board.halve_weights(&tables);
        }
        assert!(board.weights.iter().any(|&weight| weight > 1));
    }
}
