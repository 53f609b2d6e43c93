//! [`GridSolver::enumerate`]: a puzzle's solutions one grid at a time, from the engine below
//! 16×16 and from the wide search from there up.

use std::iter::FusedIterator;

use dancer::Stats;

use super::strategy::Plain;
use super::GridSolver;
use crate::error::Conflict;
use crate::grid::Grid;

impl<'t> GridSolver<'t> {
    /// Every solution, lazily, one grid at a time (memory stays flat however many there are).
    ///
    /// # Errors
    /// The conflict, when the givens break a rule.
    ///
    /// # Panics
    /// If the puzzle's size is not the variant's.
    pub(crate) fn enumerate(&mut self, puzzle: &Grid) -> Result<Grids<'_, 't>, Conflict> {
        self.load(puzzle)?;
        Ok(Grids { solver: self })
    }

    fn next_grid(&mut self) -> Option<Grid> {
        let template = self.template;
        if let Plain::Wide(wide, tables, _) = &mut self.plain {
            let n = tables.size();
            return wide.next_solution(tables).map(|digits| Grid::from_cells(n, digits.to_vec()));
        }
        self.engine().next_solution().map(|options| template.grid_of(options))
    }
}

/// The solutions of one puzzle as grids, from [`GridSolver::enumerate`].
#[derive(Debug)]
pub(crate) struct Grids<'s, 't> {
    solver: &'s mut GridSolver<'t>,
}

impl Grids<'_, '_> {
    /// The engine's counters so far.
    pub(crate) fn stats(&self) -> Stats {
        self.solver.stats()
    }
}

impl Iterator for Grids<'_, '_> {
    type Item = Grid;

    fn next(&mut self) -> Option<Grid> {
        self.solver.next_grid()
    }
}

impl FusedIterator for Grids<'_, '_> {}
