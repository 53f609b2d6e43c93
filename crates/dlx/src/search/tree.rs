//! The solver as an [`Explore`]: entering a [`Subproblem`] by replaying its path, pausing on a
//! node budget, saying where it stands, and giving away the options it has not tried yet.

use std::sync::Arc;

use super::{Level, Phase, Solver, NO_STOP};
use crate::explore::{Explore, Pause};
use crate::ids::OptionId;
use crate::matrix::{mems, with_mode, Mode, COVERED};
use crate::search::Heuristic;
use crate::stats::Stats;
use crate::subproblem::{Branch, Fingerprint, FingerprintHasher, PathError, Subproblem};

impl Explore for Solver<'_> {
    /// The problem's fingerprint, mixed with the committed options, the heuristic and the
    /// shuffled order when they differ from the plain search (nothing committed, MRV, the
    /// input's order): they change the tree.
    fn fingerprint(&self) -> Fingerprint {
        let problem = self.problem.fingerprint();
        if self.heuristic == Heuristic::Mrv && self.committed.is_empty() && self.order.is_none() {
            return problem;
        }
        let mut hash = FingerprintHasher::new();
        hash.number(problem.bits());
        if self.heuristic == Heuristic::First {
            hash.bytes(b"heuristic:first");
        }
        if let Some(order) = &self.order {
            hash.bytes(b"order").number(order.fingerprint.bits());
        }
        for option in &self.committed {
            hash.number(u64::from(option.as_u32()));
        }
        hash.finish()
    }

    fn fork(&self) -> Self {
        let mut fork = Solver::over(self.problem.clone());
        if let Some(order) = &self.order {
            fork.matrix.restore_from(&order.matrix);
            fork.order = Some(Arc::clone(order));
        }
        fork.heuristic = self.heuristic;
        fork.profiling(self.profiling);
        // The sparse walk's verdict holds for the same problem on any worker.
        fork.sparse_unfit = self.sparse_unfit;
        fork.commit_all(self.committed.iter().copied())
            .expect("options that fitted in this order fit again");
        fork.stats = Stats::default();
        fork
    }

    fn enter(&mut self, at: &Subproblem) -> Result<(), PathError> {
        self.restart();
        if self.problem.has_multiplicities() {
            // Algorithm M's search is entered at its root only (see `splittable`).
            let root = at.path().is_empty() && at.open_from() == 0 && at.until().is_none();
            return if root { Ok(()) } else { Err(PathError::Multiplicities) };
        }
        let profile = self.profiling;
        let replayed = with_mode!(self.matrix, profile: profile, M => self.replay::<M>(at.path()));
        let placed = replayed.and_then(|()| self.place_floor(at));
        if placed.is_err() {
            self.restart();
        }
        placed
    }

    fn explore(&mut self, budget: u64, wanted: u64) -> Pause {
        self.advance_any(wanted.max(1), budget);
        match self.phase {
            Phase::Enter => Pause::Budget,
            Phase::Backtrack => {
                self.gather_solution();
                Pause::Solution
            }
            Phase::Done => Pause::Done,
        }
    }

    /// For a problem with multiplicities, the root, with the branches taken so far: see
    /// [`splittable`](Explore::splittable).
    fn position(&self, branches: &mut Vec<Branch>) -> Option<Subproblem> {
        branches.clear();
        if self.problem.has_multiplicities() {
            if self.phase == Phase::Done {
                return None;
            }
            self.bounded_branches(branches);
            return Some(Subproblem::root());
        }
        if self.sparse_walk {
            return self.sparse_position(branches);
        }
        let depth = match self.phase {
            Phase::Done => return None,
            Phase::Enter => self.level,
            // Standing on a solution: what is left starts at the next option of the deepest
            // level that has one.
            Phase::Backtrack => self.deepest_open_level()? + 1,
        };
        let mut path = Vec::with_capacity(depth);
        for (l, level) in self.levels[..depth].iter().enumerate() {
            let choice = if l + 1 == depth && self.phase == Phase::Backtrack {
                self.matrix.nodes[level.choice as usize].down
            } else {
                level.choice
            };
            path.push(self.option_at(choice));
            branches.push(self.branch(l, level.item, choice));
        }
        let open_from = self.floor.min(depth);
        let until = (open_from < depth && self.stop != NO_STOP).then(|| self.option_at(self.stop));
        Some(Subproblem::new(path, open_from, until).expect("the floor is within the path"))
    }

    /// Gives away the later half of the options not yet tried at the shallowest level that has
    /// any (all of them when there is one), keeping the earlier half: halving keeps a worker
    /// busy long enough to be worth the hand-over even on a wide, shallow tree.
    fn split_off(&mut self, branches: &mut Vec<Branch>) -> Option<Subproblem> {
        branches.clear();
        if self.problem.has_multiplicities() {
            return None;
        }
        if self.sparse_walk {
            return self.sparse_split_off(branches);
        }
        if self.phase == Phase::Done {
            return None;
        }
        let from = self.closed.max(self.floor);
        let Some(shallowest) = (from..self.level).find(|&l| self.has_next(l)) else {
            self.closed = self.level;
            return None;
        };
        self.closed = shallowest;
        let Level { item, choice } = self.levels[shallowest];
        let end = if shallowest == self.floor { self.stop } else { NO_STOP };
        let untried = self.untried(item, choice, end);
        let mut given = self.matrix.nodes[choice as usize].down;
        for _ in 0..untried / 2 {
            given = self.matrix.nodes[given as usize].down;
        }
        let mut path = Vec::with_capacity(shallowest + 1);
        for (l, level) in self.levels[..shallowest].iter().enumerate() {
            path.push(self.option_at(level.choice));
            branches.push(self.branch(l, level.item, level.choice));
        }
        path.push(self.option_at(given));
        let mut last = self.branch(shallowest, item, given);
        if end != NO_STOP {
            last.end = self.matrix.list_position(item, end).unwrap_or(0) as u64;
        }
        branches.push(last);
        let until = (end != NO_STOP).then(|| self.option_at(end));
        // This search keeps the options before the one given, or none of the level.
        if given == self.matrix.nodes[choice as usize].down {
            (self.floor, self.stop) = (shallowest + 1, NO_STOP);
        } else {
            (self.floor, self.stop) = (shallowest, given);
        }
        Some(Subproblem::new(path, shallowest, until).expect("the level is within the path"))
    }

    fn unsee(&mut self) {
        assert_eq!(self.phase, Phase::Backtrack, "unsee is only possible on a solution");
        self.phase = Phase::Enter;
        self.stats.nodes -= 1;
        self.stats.solutions -= 1;
        self.stats.updates -= self.last_commit;
        self.pending = self.last_commit;
        if self.profiling {
            self.stats.mems -= self.last_commit_mems;
            self.pending_mems = self.last_commit_mems;
            self.profile[self.level] -= 1;
        }
    }

    fn stats(&self) -> Stats {
        self.stats
    }

    fn splittable(&self) -> bool {
        !self.problem.has_multiplicities()
    }

    fn profile(&self) -> &[u64] {
        Solver::profile(self)
    }
}

// Walking the path.
impl Solver<'_> {
    /// Replays `path` from the top as the search would take it: at each level, the item the
    /// heuristic chooses must be one of the option's, and the option must still be in that
    /// item's list. Its updates are not counted: the search that chose these options counted
    /// them already, except those of the last option, which nobody has counted when the
    /// subproblem was given away or split off, and which a search that stopped before its node
    /// took back (`pending`): entering the node counts them. Profiled, the same goes for mems.
    pub(super) fn replay<M: Mode>(&mut self, path: &[OptionId]) -> Result<(), PathError> {
        let mut updates = 0;
        let mut last = 0;
        let mut last_mems = 0;
        for (depth, &option) in path.iter().enumerate() {
            if option.index() >= self.problem.option_count() {
                return Err(PathError::UnknownOption { depth, option });
            }
            let chosen = match self.heuristic {
                Heuristic::Mrv => self.matrix.choose_mrv::<M>(),
                Heuristic::First => self.matrix.choose_first(),
            };
            let Some(item) = chosen else { return Err(PathError::BelowLeaf { depth }) };
            if self.matrix.len[item as usize] & !COVERED == 0 {
                return Err(PathError::BelowLeaf { depth });
            }
            let matrix = &self.matrix;
            let node = matrix
                .option_nodes(option.as_u32())
                .find(|&x| matrix.nodes[x as usize].top == item)
                .filter(|&x| matrix.list_position(item, x).is_some())
                .ok_or(PathError::NotInTree { depth, option })?;
            updates += self.matrix.cover::<M>(item);
            if M::PROFILE {
                // The node's mems were counted by whoever entered it.
                self.matrix.take_mems();
            }
            self.levels[self.level] = Level { item, choice: node };
            last = self.matrix.commit_others::<M>(node);
            updates += last;
            if M::PROFILE {
                last_mems = mems::option(self.matrix.take_mems());
            }
            self.level += 1;
        }
        self.search_updates += updates;
        self.pending = last;
        self.pending_mems = last_mems;
        self.stats.max_depth = self.stats.max_depth.max(self.level as u32);
        self.phase = Phase::Enter;
        Ok(())
    }

    /// Sets where backtracking ends: at `at`'s open level, stopping before its `until`
    /// option there, which must come after the path's option in that level's list.
    fn place_floor(&mut self, at: &Subproblem) -> Result<(), PathError> {
        let depth = at.path().len();
        if at.open_from() > depth {
            return Err(PathError::OpenFrom { open_from: at.open_from(), depth });
        }
        self.floor = at.open_from();
        self.stop = NO_STOP;
        let Some(until) = at.until() else { return Ok(()) };
        let error = PathError::Until { depth: self.floor, option: until };
        let Some(&Level { item, choice }) = self.levels[..depth].get(self.floor) else {
            return Err(error);
        };
        if until.index() >= self.problem.option_count() {
            return Err(error);
        }
        let matrix = &self.matrix;
        let node =
            matrix.option_nodes(until.as_u32()).find(|&x| matrix.nodes[x as usize].top == item);
        let after = |node: u32| {
            let (Some(here), Some(there)) =
                (matrix.list_position(item, choice), matrix.list_position(item, node))
            else {
                return false;
            };
            there > here
        };
        self.stop = node.filter(|&node| after(node)).ok_or(error)?;
        Ok(())
    }

    /// The option of node `x`.
    fn option_at(&self, x: u32) -> OptionId {
        OptionId::from_u32(self.matrix.option_of(x))
    }

    /// Whether level `l` has an option after the one being tried.
    fn has_next(&self, l: usize) -> bool {
        let Level { item, choice } = self.levels[l];
        let next = self.matrix.nodes[choice as usize].down;
        next != item && next != self.stop
    }

    /// The options after `choice` in `item`'s list, up to `end` (or the list's end).
    fn untried(&self, item: u32, choice: u32, end: u32) -> u64 {
        let mut count = 0;
        let mut x = self.matrix.nodes[choice as usize].down;
        while x != item && x != end {
            count += 1;
            x = self.matrix.nodes[x as usize].down;
        }
        count
    }

    /// The deepest level from the floor down that has an option after the one being tried.
    fn deepest_open_level(&self) -> Option<usize> {
        (self.floor..self.level).rev().find(|&l| self.has_next(l))
    }

    /// Which option of how many node `choice` is in the list of covered item `item`, at level
    /// `l` (where this search's options end at its stop, at its floor). A covered item's list
    /// does not change while it is covered, so this is the search's own order.
    fn branch(&self, l: usize, item: u32, choice: u32) -> Branch {
        let count = u64::from(self.matrix.len[item as usize] & !COVERED);
        let index = self.matrix.list_position(item, choice).unwrap_or(0) as u64;
        let end = if l == self.floor && self.stop != NO_STOP {
            self.matrix.list_position(item, self.stop).map_or(count, |end| end as u64)
        } else {
            count
        };
        Branch { index, count, end }
    }
}
