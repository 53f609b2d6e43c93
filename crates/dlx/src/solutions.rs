//! [`Solutions`]: the search as a lazy iterator; [`Solver::for_each`]: the search as a visitor.

use std::{iter::FusedIterator, ops::ControlFlow};

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

// The two ways through the solutions: an iterator, and a visitor that may stop early.
impl<'p> Solver<'p> {
    /// A lazy iterator over the solutions, searching from the top.
    pub fn solutions(&mut self) -> Solutions<'_, 'p> {
        self.restart();
        Solutions::new(self)
    }

    /// Calls `visit` with each solution until it returns `Break`, searching from the top.
    /// Returns the `Break` value, or `Continue(())` when every solution was visited.
    pub fn for_each<B>(
        &mut self,
        mut visit: impl FnMut(&[OptionId]) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        self.restart();
        while let Some(solution) = self.next_solution() {
            visit(solution)?;
        }
        ControlFlow::Continue(())
    }
}
