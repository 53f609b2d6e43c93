//! [`Solutions`]: the search as a lazy iterator.

use std::iter::FusedIterator;

use crate::ids::OptionId;
use crate::search::Solver;

/// An iterator over the solutions of a [`Solver`], made by [`Solver::solutions`]. Each item
/// is one solution: the committed options followed by the options the search chose.
///
/// Dropping it part-way leaves the search paused; the solver's next search starts afresh.
#[derive(Debug)]
pub struct Solutions<'s, 'p> {
    solver: &'s mut Solver<'p>,
}

impl<'s, 'p> Solutions<'s, 'p> {
    pub(crate) fn new(solver: &'s mut Solver<'p>) -> Solutions<'s, 'p> {
        Solutions { solver }
    }

    /// The solver, for its counters part-way through.
    pub fn solver(&self) -> &Solver<'p> {
        self.solver
    }
}

impl Iterator for Solutions<'_, '_> {
    type Item = Vec<OptionId>;

    fn next(&mut self) -> Option<Vec<OptionId>> {
        self.solver.next_solution().map(<[OptionId]>::to_vec)
    }
}

impl FusedIterator for Solutions<'_, '_> {}
