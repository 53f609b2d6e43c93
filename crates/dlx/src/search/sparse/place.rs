//! Where a sparse walk stands, named as the search on dancing links names it, and moving it:
//! taking up the place where a search on the links stands (its path, floor and stop), the
//! walk's own place with its branches, and giving away the later half of the options left at
//! its shallowest open level, as [`Explore::split_off`](crate::run::Explore::split_off) does on
//! the links. So a worker of a run walks its subproblems here, and hands work over without
//! leaving the sparse sets.

use super::{SLevel, Sparse};
use crate::subproblem::Branch;

/// Where a search on dancing links stands, for [`Sparse::enter`].
pub(crate) struct LinksPlace<I> {
    /// The chosen option's node at each level, from the root.
    pub(crate) path: I,
    /// The level at which backtracking ends.
    pub(crate) floor: usize,
    /// The node the floor level's options stop before, when they stop before its list's end.
    pub(crate) stop: Option<u32>,
    /// The updates of the option that leads to the node the search stands before, not yet
    /// counted.
    pub(crate) pending: u64,
    /// Levels `floor..closed` have no option left (see `Sparse::closed`).
    pub(crate) closed: usize,
}

impl Sparse {
    /// Stands where the links' search `at` stands: before the same node, holding the same
    /// part of the tree. Its path is replayed from the root and counts nothing: the search
    /// that chose those options counted them, but for the last one's updates, `pending`,
    /// which entering the node counts.
    pub(crate) fn enter<I: Iterator<Item = u32>>(&mut self, at: LinksPlace<I>) {
        self.start();
        match (!self.colors.is_empty(), self.short_lists) {
            (false, false) => self.replay::<false, false>(at.path),
            (false, true) => self.replay::<false, true>(at.path),
            (true, false) => self.replay::<true, false>(at.path),
            (true, true) => self.replay::<true, true>(at.path),
        }
        self.close_up_to(at.floor);
        if let Some(stop) = at.stop {
            let level = &mut self.levels[at.floor];
            let node = self.nodes[stop as usize];
            debug_assert_eq!(node.item, level.item, "the stop is in the floor level's list");
            self.floor_count = Some(level.options);
            level.options = node.loc - self.sets[level.item as usize].start;
            debug_assert!(level.tried < level.options, "the stop comes after the path's option");
        }
        self.pending = at.pending;
        self.closed = at.closed;
    }

    /// Covers and commits as the walk's descent does, each level taking the option of `path`'s
    /// node (in the list of the item MRV chooses: the path is the links' own).
    fn replay<const COLORS: bool, const SHORT: bool>(&mut self, path: impl Iterator<Item = u32>) {
        let (mut p, mut s) = (self.primary_active, self.secondary_active);
        let mut level = 0;
        for x in path {
            let item = self.nodes[x as usize].item;
            debug_assert_eq!(self.choose::<SHORT>(p), Some(item), "the links' choice");
            let options = self.sets[item as usize].size;
            self.cover::<COLORS, SHORT>(item, &mut p, &mut s);
            let saved = self.saves.len() as u32;
            if options > 1 {
                self.sort_options(item);
                self.save::<SHORT>(level, p, s);
            }
            let tried = self.nodes[x as usize].loc - self.sets[item as usize].start;
            debug_assert!(tried < options, "the option is in its item's list");
            let (primary_active, secondary_active, empty) = (p, s, self.empty);
            self.levels[level] =
                SLevel { item, tried, options, saved, primary_active, secondary_active, empty };
            self.commit_others::<COLORS, SHORT>(x, &mut p, &mut s);
            level += 1;
        }
        (self.level, self.primary_active, self.secondary_active) = (level, p, s);
    }

    /// The place the walk stands before: per level from the root, the chosen option's node
    /// and its branch (its index among the level's options in the links' order, their
    /// number, and where they stop at the floor level).
    pub(crate) fn path(&self) -> impl Iterator<Item = (u32, Branch)> + '_ {
        (0..self.level).map(|l| self.branch(l, self.levels[l].tried))
    }

    /// Makes `floor` the level at which backtracking ends: the levels from the old floor up to
    /// it are closed (no option after the one tried, their number kept in `counts`), so that
    /// backtracking goes through them to the root and ends the walk. They have no option left
    /// that is this walk's: those of the old floor stop where it held them, and the others,
    /// from there to a floor of a hand-over, were found without any.
    fn close_up_to(&mut self, floor: usize) {
        for l in self.floor..floor {
            self.counts[l] = self.count(l);
            let at = &mut self.levels[l];
            at.options = at.tried + 1;
        }
        if floor != self.floor {
            (self.floor, self.floor_count) = (floor, None);
        }
    }

    /// The number of options of level `l` (at or above the walk's level).
    fn count(&self, l: usize) -> u32 {
        if l < self.floor {
            return self.counts[l];
        }
        match self.floor_count {
            Some(count) if l == self.floor => count,
            _ => self.levels[l].options,
        }
    }

    /// Option `index` of level `l`: its node and its branch.
    fn branch(&self, l: usize, index: u32) -> (u32, Branch) {
        let at = &self.levels[l];
        let x = self.set[(self.sets[at.item as usize].start + index) as usize];
        let count = self.count(l);
        let end = if l == self.floor { at.options } else { count };
        (x, Branch { index: index.into(), count: count.into(), end: end.into() })
    }

    /// The level at which backtracking ends the walk.
    pub(crate) fn floor(&self) -> usize {
        self.floor
    }

    /// Levels `floor..closed` have no option left to try.
    pub(crate) fn closed(&self) -> usize {
        self.closed
    }

    /// The node the floor level's options stop before, when they stop before its list's end.
    pub(crate) fn stop(&self) -> Option<u32> {
        let at = self.levels[..self.level].get(self.floor)?;
        self.floor_count?;
        Some(self.set[(self.sets[at.item as usize].start + at.options) as usize])
    }

    /// Gives away the later half of the options left at the shallowest level that has any
    /// (all of them when there is one), keeping the earlier half, as the links' search does:
    /// `given` gets the node and branch of each level of the given subproblem's path, from
    /// the root. Returns the level it is open from and the node its options stop before;
    /// `None` when no level has an option left.
    pub(crate) fn split_off(
        &mut self,
        mut given: impl FnMut(u32, Branch),
    ) -> Option<(usize, Option<u32>)> {
        let from = self.closed.max(self.floor);
        let open = (from..self.level).find(|&l| self.levels[l].tried + 1 < self.levels[l].options);
        let Some(shallowest) = open else {
            self.closed = self.level;
            return None;
        };
        self.closed = shallowest;
        let SLevel { tried, options, .. } = self.levels[shallowest];
        let next = tried + 1;
        let index = next + (options - next) / 2;
        for l in 0..shallowest {
            let (x, branch) = self.branch(l, self.levels[l].tried);
            given(x, branch);
        }
        let (x, branch) = self.branch(shallowest, index);
        given(x, branch);
        let until = if shallowest == self.floor { self.stop() } else { None };
        // This walk keeps the options before the one given, or none of the level.
        if index == next {
            self.close_up_to(shallowest + 1);
        } else {
            self.close_up_to(shallowest);
            self.floor_count = Some(self.count(shallowest));
            self.levels[shallowest].options = index;
        }
        Some((shallowest, until))
    }
}
