//! The sparse-set back-end (`search/sparse.rs`) for complete counts: when a count walks there,
//! how the walk takes over the place where the links' search stands (the root, or the
//! subproblem a run's worker entered) and hands it back when anything else is asked, and the
//! walk's place and hand-overs for [`Explore`](crate::run::Explore).

use super::sparse::{LinksPlace, Sparse, SPARSE_TRIAL};
use super::{Phase, Solver, NO_STOP};
use crate::ids::OptionId;
use crate::matrix::with_mode;
use crate::search::Heuristic;
use crate::subproblem::{Branch, Subproblem};

impl Solver<'_> {
    /// Whether a complete count may walk on sparse sets from where the search stands: before
    /// a node of the plain tree (nothing committed, MRV, the input's order, no multiplicities,
    /// not profiled), where the two back-ends walk the same tree in the same order and count
    /// alike. A count of the whole tree stands at the root; a run's worker, below the path of
    /// the subproblem it entered, with the part of its open level that it holds.
    pub(super) fn sparse_may_take_over(&self) -> bool {
        self.phase == Phase::Enter
            && !self.profiling
            && self.heuristic == Heuristic::Mrv
            && self.committed.is_empty()
            && self.order.is_none()
            && !self.matrix.has_multiplicities()
            && !self.matrix.huge
    }

    /// `advance` for a complete count on sparse sets: the solutions found and the budget left;
    /// `None` when the problem is too large for them, or was judged slower there (the links
    /// search then). After [`SPARSE_TRIAL`] nodes of this solver's walks the walk is judged
    /// against the links (`Sparse::pays`); found slower, it pauses there with budget left and
    /// the problem is marked unfit, so that the links go on from its place (with the same
    /// counters: both walk DLX1's tree).
    pub(super) fn advance_sparse(&mut self, budget: u64) -> Option<(u64, u64)> {
        if self.sparse_unfit {
            return None;
        }
        if self.sparse.is_none() {
            self.sparse = Sparse::new(&self.problem.matrix).map(Box::new);
            self.sparse_unfit = self.sparse.is_none();
        }
        if !self.sparse_walk {
            self.take_over_sparse();
        }
        let sparse = self.sparse.as_mut()?;
        let (mut found, mut left) = (0, budget);
        loop {
            let on_trial = !sparse.judged;
            let step = if on_trial {
                left.min(SPARSE_TRIAL.saturating_sub(sparse.walked_nodes()))
            } else {
                left
            };
            let counted = sparse.advance(step);
            self.stats.nodes += counted.nodes;
            self.stats.updates += counted.updates;
            self.search_updates += counted.updates;
            self.stats.solutions += counted.solutions;
            self.stats.max_depth = self.stats.max_depth.max(counted.max_depth);
            found += counted.solutions;
            left = left.saturating_sub(counted.nodes);
            if sparse.is_done() {
                self.sparse_walk = false;
                self.phase = Phase::Done;
                return Some((found, left));
            }
            if on_trial && sparse.walked_nodes() >= SPARSE_TRIAL {
                sparse.judged = true;
                if !sparse.pays() {
                    // Paused at the trial's end: the links go on from there.
                    self.sparse_unfit = true;
                    return Some((found, left));
                }
            }
            if left == 0 {
                return Some((found, left));
            }
        }
    }

    /// Moves the search onto the sparse sets, standing where the links stand (path, floor,
    /// stop, the pending updates); the links go back to the root, uncounted, as the walk
    /// counts from there on.
    fn take_over_sparse(&mut self) {
        let Some(sparse) = self.sparse.as_mut() else { return };
        sparse.enter(LinksPlace {
            path: self.levels[..self.level].iter().map(|level| level.choice),
            floor: self.floor,
            stop: (self.stop != NO_STOP).then_some(self.stop),
            pending: self.pending,
            closed: self.closed,
        });
        with_mode!(self.matrix, M => self.unwind::<M>());
        self.sparse_walk = true;
    }

    /// Brings the links to where a paused sparse walk stands, by replaying its path (its
    /// updates are counted already, those of its last option pending in both) and taking its
    /// floor and stop, so that the search goes on there on dancing links.
    pub(super) fn sync_sparse(&mut self) {
        if !std::mem::take(&mut self.sparse_walk) {
            return;
        }
        let Some(sparse) = &self.sparse else { return };
        let path: Vec<OptionId> =
            sparse.path().map(|(x, _)| OptionId::from_u32(self.matrix.option_of(x))).collect();
        let (floor, stop, closed) = (sparse.floor(), sparse.stop(), sparse.closed());
        let replayed = with_mode!(self.matrix, M => self.replay::<M>(&path));
        replayed.expect("a sparse walk's path is a path of the same tree");
        (self.floor, self.stop, self.closed) = (floor, stop.unwrap_or(NO_STOP), closed);
    }

    /// Where a paused sparse walk stands (it never stops on a solution), as the links' search
    /// would name it, with its branches.
    pub(super) fn sparse_position(&self, branches: &mut Vec<Branch>) -> Option<Subproblem> {
        let sparse = self.sparse.as_ref()?;
        let option = |x: u32| OptionId::from_u32(self.matrix.option_of(x));
        let path: Vec<OptionId> = sparse
            .path()
            .map(|(x, branch)| {
                branches.push(branch);
                option(x)
            })
            .collect();
        let open_from = sparse.floor().min(path.len());
        let until = sparse.stop().map(option);
        Some(Subproblem::new(path, open_from, until).expect("the floor is within the path"))
    }

    /// [`Explore::split_off`](crate::run::Explore::split_off) of a paused sparse walk, which
    /// goes on on the sparse sets with the part it keeps.
    pub(super) fn sparse_split_off(&mut self, branches: &mut Vec<Branch>) -> Option<Subproblem> {
        let sparse = self.sparse.as_mut()?;
        let matrix = &self.matrix;
        let mut path = Vec::new();
        let (open_from, until) = sparse.split_off(|x, branch| {
            path.push(OptionId::from_u32(matrix.option_of(x)));
            branches.push(branch);
        })?;
        let until = until.map(|x| OptionId::from_u32(matrix.option_of(x)));
        Some(Subproblem::new(path, open_from, until).expect("the level is within the path"))
    }
}
