//! The order of the search: which item it branches on ([`Heuristic`]), and trying options in
//! a random order ([`Solver::shuffle`]), the shuffled order kept so that forks (other workers
//! of a [`Run`](crate::run::Run)) search the same tree and fingerprints tell shuffled trees apart.

use std::sync::Arc;

use super::Solver;
use crate::matrix::Matrix;
use crate::subproblem::{Fingerprint, FingerprintHasher};

/// How the search picks the primary item to branch on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Heuristic {
    /// Minimum remaining values: the item with the fewest options left, the leftmost on ties
    /// (exactly DLX1's choice, so the input's item order decides ties).
    #[default]
    Mrv,
    /// The leftmost uncovered primary item, whatever its length.
    First,
}

/// The lists of a shuffled solver, as they stood when nothing was covered.
#[derive(Debug)]
pub(crate) struct Order {
    /// The clean matrix in the shuffled order: a fork copies it, because a fork made from the
    /// problem would try the options in the problem's order and walk another tree.
    pub(super) matrix: Matrix,
    /// The options of every item's list in order, hashed: the order changes which subtree a
    /// [`Subproblem`](crate::run::Subproblem)'s positions name, so it belongs in the fingerprint.
    pub(super) fingerprint: Fingerprint,
}

impl Solver<'_> {
    /// Resets, then puts the options of every item in a random order, so that searches try
    /// them in that order: the way to draw random solutions (a random full sudoku grid, say).
    /// `random_below(k)` must return a number below `k`; the engine has no random source of its
    /// own, so callers choose theirs (and its seed). The order lasts until the next
    /// [`reset`](Self::reset), which restores the problem's own order.
    ///
    /// The tree has the same nodes, updates and solutions in any order (the items branched on
    /// are chosen by the lengths of their lists, not by what is in them); only the order in
    /// which it is walked changes. Forks of the solver ([`Explore::fork`](crate::run::Explore::fork),
    /// the other threads of a [`Run`](crate::run::Run)) keep the order, and the
    /// [fingerprint](crate::run::Explore::fingerprint) names it, so that a checkpoint or subproblem
    /// of one order is refused by a search in another.
    ///
    /// ```
    /// # let mut builder = dancer::ProblemBuilder::new();
    /// # let items = builder.primary_items(3);
    /// # for &item in &items { builder.option([item]); builder.option([item]); }
    /// # let problem = builder.build().unwrap();
    /// let mut solver = problem.solver();
    /// let mut state = 7u64;
    /// solver.shuffle(&mut |k| {
    ///     state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    ///     (state >> 33) as usize % k
    /// });
    /// assert_eq!(solver.count(), 8); // the same solutions, found in another order
    /// ```
    pub fn shuffle(&mut self, random_below: &mut dyn FnMut(usize) -> usize) {
        self.reset();
        self.matrix.shuffle_lists(random_below);
        // A shuffle that left every list as it was (short lists, or luck) is no shuffle: the
        // tree, and so the fingerprint, are the problem's own.
        if self.matrix != self.problem.matrix {
            let fingerprint = order_fingerprint(&self.matrix);
            self.order = Some(Arc::new(Order { matrix: self.matrix.clone(), fingerprint }));
        }
    }
}

/// A hash of the options of each item's list, in list order.
fn order_fingerprint(matrix: &Matrix) -> Fingerprint {
    let mut hash = FingerprintHasher::new();
    hash.bytes(b"option order\0");
    for header in 1..=matrix.item_count {
        let mut x = matrix.nodes[header as usize].down;
        while x != header {
            hash.number(u64::from(matrix.option_of(x)));
            x = matrix.nodes[x as usize].down;
        }
        hash.number(u64::MAX);
    }
    hash.finish()
}
