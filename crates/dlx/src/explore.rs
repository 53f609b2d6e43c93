//! [`Explore`]: what a depth-first search offers so that a [`Run`](crate::run::Run) can spread it
//! over threads, stop it at limits, report its progress and resume it from a checkpoint.
//! [`Solver`](crate::Solver) implements it; so can any other backtracking search (the sudoku
//! crate's bitmask search does), which then gets all of that for free.

use crate::stats::Stats;
use crate::subproblem::{Branch, Fingerprint, PathError, Subproblem};

/// Why [`Explore::explore`] returned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pause {
    /// It found the solutions it was asked for and stands on the last one: read it from the
    /// search, then explore on (or [`unsee`](Explore::unsee) it).
    Solution,
    /// It entered as many nodes as its budget allowed and stands before the next one.
    Budget,
    /// Nothing is left of the subproblem it entered.
    Done,
}

/// A resumable depth-first search over one tree.
///
/// The tree is what the search would walk from the root; a [`Subproblem`] names a place in it
/// by the options chosen on the way down, and all the methods speak of those places. Counters
/// are the search's own ([`Stats`]), counted as the whole search would count them: entering a
/// subproblem replays its path without counting it, so the nodes and updates of subproblems
/// that partition a tree add up to those of one search of the whole tree, and so do the
/// solutions.
pub trait Explore: Sized {
    /// The fingerprint of the tree: two searches with the same fingerprint walk the same tree.
    fn fingerprint(&self) -> Fingerprint;

    /// A search of the same tree, with nothing entered: another worker.
    #[must_use]
    fn fork(&self) -> Self;

    /// Abandons whatever was entered, then stands at the start of `at`: before its node,
    /// which the next [`explore`](Self::explore) enters first.
    ///
    /// # Errors
    /// When the path is not one the search takes; the search has then nothing entered.
    fn enter(&mut self, at: &Subproblem) -> Result<(), PathError>;

    /// Searches on until `wanted` solutions (at least 1) have been found in this call, or
    /// `budget` nodes have been entered in it, or the subproblem is exhausted. A budget of 0
    /// moves to the next node without entering it: after a solution, that makes
    /// [`position`](Self::position) valid.
    fn explore(&mut self, budget: u64, wanted: u64) -> Pause;

    /// Where the search stands after a [`Pause::Budget`]: the subproblem that is left, with
    /// the branch taken at each level of its path appended to `branches` (cleared first).
    /// `None` when nothing is left.
    fn position(&self, branches: &mut Vec<Branch>) -> Option<Subproblem>;

    /// After a [`Pause::Budget`], gives away the options not yet tried at the shallowest level
    /// that has any, as a subproblem (with the branches of its path in `branches`): the search
    /// will not try them. `None` when no level has any left.
    fn split_off(&mut self, branches: &mut Vec<Branch>) -> Option<Subproblem>;

    /// After a [`Pause::Solution`], takes the solution back: it is no longer counted, and the
    /// search stands before its node again, as after a [`Pause::Budget`].
    fn unsee(&mut self);

    /// The counters since the search was made (or its owner last reset them).
    fn stats(&self) -> Stats;

    /// Whether places in the tree can be named by paths, so that the search can be entered
    /// anywhere, split and resumed. When not (a [`Solver`](crate::Solver) of a problem with
    /// multiplicities, whose levels also branch on null moves), it enters only the root,
    /// [`position`](Self::position) returns the root with the branches taken so far (its
    /// share says how far the search is) and [`split_off`](Self::split_off) nothing; a
    /// [`Run`](crate::run::Run) then searches on one thread and refuses checkpoints, resumption
    /// and subproblems.
    fn splittable(&self) -> bool {
        true
    }

    /// The nodes entered at each level (the root's first) over the same span as
    /// [`stats`](Self::stats), for a search that counts them (a profiling
    /// [`Solver`](crate::Solver)); empty for one that does not, as by default. Counted like the
    /// other counters, so a [`Run`](crate::run::Run) adds the workers' up to one search's.
    fn profile(&self) -> &[u64] {
        &[]
    }
}
