//! [`PuzzleSearch`] and [`PuzzleSolutions`]: the search of one puzzle's solutions, from the door
//! ([`PuzzleSolver`](super::PuzzleSolver)), as a [`dancer::run::Explore`] for a
//! [`dancer::run::Run`] or as an iterator, whichever back-end the rules call for; each solution is
//! read in the form the givens asked for ([`Givens::Solution`](super::Givens::Solution)), and
//! checked by the model's checker unless it is a plain search's grid.

use std::marker::PhantomData;

use dancer::{
    run::Branch, run::Explore, run::Fingerprint, run::PathError, run::Pause, run::Subproblem, Stats,
};

use super::answer::SolveError;
use super::givens::{digits_of, SolutionForm};
use super::propagate::PropTree;
use super::rules::checked;
use super::{GridSearch, GridSolver, Grids};
use crate::error::Conflict;
use crate::grid::{Digit, Grid};
use crate::model::{Encoded, Model};

/// The search of one puzzle's solutions, from
/// [`PuzzleSolver::explore`](super::PuzzleSolver::explore): hand it to a [`dancer::run::Run`]; a
/// visitor reads each solution with [`solution`](Self::solution).
///
/// ```
/// use dancer::run::Run;
/// use dancer_sudoku::{Rules, Variant};
///
/// let rules = Rules::from_variant(Variant::standard(4)?);
/// let mut solver = rules.solver();
/// let mut search = solver.explore(&[None; 16])?;
/// let outcome = Run::new().threads(2).count(&mut search)?;
/// assert_eq!(outcome.solutions(), 288);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct PuzzleSearch<'s, 'r, S> {
    inner: Inner<'s, 'r>,
    checks: Checks<'s>,
    solution: PhantomData<fn() -> S>,
}

// As in `GridSearch`: one is made per puzzle and never moved about, so boxing the larger
// variant would only add an allocation.
#[allow(clippy::large_enum_variant)]
#[derive(Debug)]
enum Inner<'s, 'r> {
    Plain(GridSearch<'s, 'r>),
    Engine(dancer::Solver<'s>, &'s Encoded),
    Propagate(PropTree<'s, 's>),
}

/// What a solution is read and checked against: the model, and the givens of a plain
/// search's puzzle (`None`: its grids need no check); the engine's solutions are checked
/// against the model's own givens.
#[derive(Clone, Debug)]
pub(super) struct Checks<'s> {
    pub(super) model: &'s Model,
    pub(super) givens: Option<Vec<Option<Digit>>>,
}

impl Checks<'_> {
    /// A plain search's solution.
    fn grid<S: SolutionForm>(&self, grid: Grid) -> Result<S, SolveError> {
        solution(self.model, self.givens.as_deref(), grid)
    }

    /// The engine's solution, its digits cell by cell.
    fn cells<S: SolutionForm>(&self, digits: Vec<Option<Digit>>) -> Result<S, SolveError> {
        let givens = self.givens.as_deref().unwrap_or(&self.model.givens);
        Ok(S::from_cells(self.model.symbols, checked(self.model, givens, digits)?))
    }
}

/// What the door opens on a puzzle, [`PuzzleSearch`] or [`PuzzleSolutions`]: on a plain
/// model's searches or on the engine's matrix, whichever the rules chose.
pub(super) trait Opened<'s, 'r>: Sized {
    /// On a plain search of `grid`.
    fn plain(
        solver: &'s mut GridSolver<'r>,
        grid: &Grid,
        checks: Checks<'s>,
    ) -> Result<Self, Conflict>;

    /// On the engine's matrix of the puzzle.
    fn engine(encoded: &'s Encoded, checks: Checks<'s>) -> Self;
}

impl<'s, 'r, S> Opened<'s, 'r> for PuzzleSearch<'s, 'r, S> {
    fn plain(
        solver: &'s mut GridSolver<'r>,
        grid: &Grid,
        checks: Checks<'s>,
    ) -> Result<Self, Conflict> {
        Ok(PuzzleSearch {
            inner: Inner::Plain(solver.explore(grid)?),
            checks,
            solution: PhantomData,
        })
    }

    fn engine(encoded: &'s Encoded, checks: Checks<'s>) -> Self {
        let inner = Inner::Engine(dancer::Solver::new(encoded.problem()), encoded);
        PuzzleSearch { inner, checks, solution: PhantomData }
    }
}

impl<'s, S> PuzzleSearch<'s, '_, S> {
    /// On the propagating search's tree of a puzzle, whose solutions are checked against
    /// `checks`' model and givens.
    pub(super) fn propagating(tree: PropTree<'s, 's>, checks: Checks<'s>) -> Self {
        PuzzleSearch { inner: Inner::Propagate(tree), checks, solution: PhantomData }
    }
}

impl<S: SolutionForm> PuzzleSearch<'_, '_, S> {
    /// The solution the search stands on, after it paused at one ([`Pause::Solution`]).
    ///
    /// # Errors
    /// [`SolveError::Unsound`] (a bug) when it breaks a rule of the model.
    pub fn solution(&self) -> Result<S, SolveError> {
        match &self.inner {
            Inner::Plain(search) => self.checks.grid(search.grid()),
            Inner::Engine(solver, encoded) => self.checks.cells(encoded.grid(solver.solution())),
            Inner::Propagate(tree) => self.checks.cells(tree.digits()),
        }
    }
}

/// A plain search's `grid` in the form `S`, checked against `givens` when there are any.
pub(super) fn solution<S: SolutionForm>(
    model: &Model,
    givens: Option<&[Option<Digit>]>,
    grid: Grid,
) -> Result<S, SolveError> {
    match givens {
        None => Ok(S::from_grid(grid)),
        Some(givens) => Ok(S::from_cells(model.symbols, checked(model, givens, digits_of(&grid))?)),
    }
}

impl<S> Explore for PuzzleSearch<'_, '_, S> {
    fn fingerprint(&self) -> Fingerprint {
        match &self.inner {
            Inner::Plain(search) => search.fingerprint(),
            Inner::Engine(solver, _) => solver.fingerprint(),
            Inner::Propagate(tree) => tree.fingerprint(),
        }
    }

    fn fork(&self) -> Self {
        let inner = match &self.inner {
            Inner::Plain(search) => Inner::Plain(search.fork()),
            Inner::Engine(solver, encoded) => Inner::Engine(solver.fork(), encoded),
            Inner::Propagate(tree) => Inner::Propagate(tree.fork()),
        };
        PuzzleSearch { inner, checks: self.checks.clone(), solution: PhantomData }
    }

    fn enter(&mut self, at: &Subproblem) -> Result<(), PathError> {
        match &mut self.inner {
            Inner::Plain(search) => search.enter(at),
            Inner::Engine(solver, _) => solver.enter(at),
            Inner::Propagate(tree) => tree.enter(at),
        }
    }

    fn explore(&mut self, budget: u64, wanted: u64) -> Pause {
        match &mut self.inner {
            Inner::Plain(search) => search.explore(budget, wanted),
            Inner::Engine(solver, _) => Explore::explore(solver, budget, wanted),
            Inner::Propagate(tree) => tree.explore(budget, wanted),
        }
    }

    fn position(&self, branches: &mut Vec<Branch>) -> Option<Subproblem> {
        match &self.inner {
            Inner::Plain(search) => search.position(branches),
            Inner::Engine(solver, _) => solver.position(branches),
            Inner::Propagate(tree) => tree.position(branches),
        }
    }

    fn split_off(&mut self, branches: &mut Vec<Branch>) -> Option<Subproblem> {
        match &mut self.inner {
            Inner::Plain(search) => search.split_off(branches),
            Inner::Engine(solver, _) => solver.split_off(branches),
            Inner::Propagate(tree) => tree.split_off(branches),
        }
    }

    fn unsee(&mut self) {
        match &mut self.inner {
            Inner::Plain(search) => search.unsee(),
            Inner::Engine(solver, _) => solver.unsee(),
            Inner::Propagate(tree) => tree.unsee(),
        }
    }

    fn stats(&self) -> Stats {
        match &self.inner {
            Inner::Plain(search) => search.stats(),
            Inner::Engine(solver, _) => Explore::stats(solver),
            Inner::Propagate(tree) => tree.stats(),
        }
    }
}

/// The solutions of one puzzle, from [`PuzzleSolver::enumerate`](super::PuzzleSolver::enumerate),
/// one at a time (memory stays flat however many there are), each checked by the model's checker
/// unless it is a plain search's grid.
#[derive(Debug)]
pub struct PuzzleSolutions<'s, 'r, S> {
    inner: Enumeration<'s, 'r>,
    checks: Checks<'s>,
    solution: PhantomData<fn() -> S>,
}

// One per puzzle, never moved about: see `Inner`.
#[allow(clippy::large_enum_variant)]
#[derive(Debug)]
enum Enumeration<'s, 'r> {
    Plain(Grids<'s, 'r>),
    Engine(dancer::Solver<'s>, &'s Encoded),
}

impl<'s, 'r, S> Opened<'s, 'r> for PuzzleSolutions<'s, 'r, S> {
    fn plain(
        solver: &'s mut GridSolver<'r>,
        grid: &Grid,
        checks: Checks<'s>,
    ) -> Result<Self, Conflict> {
        let inner = Enumeration::Plain(solver.enumerate(grid)?);
        Ok(PuzzleSolutions { inner, checks, solution: PhantomData })
    }

    fn engine(encoded: &'s Encoded, checks: Checks<'s>) -> Self {
        let solver = dancer::Solver::new(encoded.problem());
        PuzzleSolutions {
            inner: Enumeration::Engine(solver, encoded),
            checks,
            solution: PhantomData,
        }
    }
}

impl<S> PuzzleSolutions<'_, '_, S> {
    /// The search's counters so far.
    pub fn stats(&self) -> Stats {
        match &self.inner {
            Enumeration::Plain(grids) => grids.stats(),
            Enumeration::Engine(solver, _) => solver.stats(),
        }
    }
}

impl<S: SolutionForm> Iterator for PuzzleSolutions<'_, '_, S> {
    /// A solution, or (a bug) [`SolveError::Unsound`].
    type Item = Result<S, SolveError>;

    fn next(&mut self) -> Option<Self::Item> {
        match &mut self.inner {
            Enumeration::Plain(grids) => Some(self.checks.grid(grids.next()?)),
            Enumeration::Engine(solver, encoded) => {
                Some(self.checks.cells(encoded.grid(solver.next_solution()?)))
            }
        }
    }
}
