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
use super::rules::checked;
use super::{GridSearch, Grids};
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
    model: &'s Model,
    /// The givens each solution is checked against; `None` for a plain search's grids.
    givens: Option<Vec<Option<Digit>>>,
    solution: PhantomData<fn() -> S>,
}

// As in `GridSearch`: one is made per puzzle and never moved about, so boxing the larger
// variant would only add an allocation.
#[allow(clippy::large_enum_variant)]
#[derive(Debug)]
enum Inner<'s, 'r> {
    Plain(GridSearch<'s, 'r>),
    Engine(dancer::Solver<'s>, &'s Encoded),
}

impl<'s, 'r, S: SolutionForm> PuzzleSearch<'s, 'r, S> {
    pub(super) fn plain(
        search: GridSearch<'s, 'r>,
        model: &'s Model,
        givens: Option<Vec<Option<Digit>>>,
    ) -> Self {
        PuzzleSearch { inner: Inner::Plain(search), model, givens, solution: PhantomData }
    }

    pub(super) fn engine(model: &'s Model, encoded: &'s Encoded) -> Self {
        let solver = dancer::Solver::new(encoded.problem());
        let givens = Some(model.givens.clone());
        PuzzleSearch { inner: Inner::Engine(solver, encoded), model, givens, solution: PhantomData }
    }

    /// The solution the search stands on, after it paused at one ([`Pause::Solution`]).
    ///
    /// # Errors
    /// [`SolveError::Unsound`] (a bug) when it breaks a rule of the model.
    pub fn solution(&self) -> Result<S, SolveError> {
        match &self.inner {
            Inner::Plain(search) => solution(self.model, self.givens.as_deref(), search.grid()),
            Inner::Engine(solver, encoded) => {
                let digits = encoded.grid(solver.solution());
                let givens = self.givens.as_deref().unwrap_or(&self.model.givens);
                Ok(S::from_cells(self.model.symbols, checked(self.model, givens, digits)?))
            }
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
        }
    }

    fn fork(&self) -> Self {
        let inner = match &self.inner {
            Inner::Plain(search) => Inner::Plain(search.fork()),
            Inner::Engine(solver, encoded) => Inner::Engine(solver.fork(), encoded),
        };
        PuzzleSearch {
            inner,
            model: self.model,
            givens: self.givens.clone(),
            solution: PhantomData,
        }
    }

    fn enter(&mut self, at: &Subproblem) -> Result<(), PathError> {
        match &mut self.inner {
            Inner::Plain(search) => search.enter(at),
            Inner::Engine(solver, _) => solver.enter(at),
        }
    }

    fn explore(&mut self, budget: u64, wanted: u64) -> Pause {
        match &mut self.inner {
            Inner::Plain(search) => search.explore(budget, wanted),
            Inner::Engine(solver, _) => Explore::explore(solver, budget, wanted),
        }
    }

    fn position(&self, branches: &mut Vec<Branch>) -> Option<Subproblem> {
        match &self.inner {
            Inner::Plain(search) => search.position(branches),
            Inner::Engine(solver, _) => solver.position(branches),
        }
    }

    fn split_off(&mut self, branches: &mut Vec<Branch>) -> Option<Subproblem> {
        match &mut self.inner {
            Inner::Plain(search) => search.split_off(branches),
            Inner::Engine(solver, _) => solver.split_off(branches),
        }
    }

    fn unsee(&mut self) {
        match &mut self.inner {
            Inner::Plain(search) => search.unsee(),
            Inner::Engine(solver, _) => solver.unsee(),
        }
    }

    fn stats(&self) -> Stats {
        match &self.inner {
            Inner::Plain(search) => search.stats(),
            Inner::Engine(solver, _) => Explore::stats(solver),
        }
    }
}

/// The solutions of one puzzle, from [`PuzzleSolver::enumerate`](super::PuzzleSolver::enumerate),
/// one at a time (memory stays flat however many there are), each checked by the model's checker
/// unless it is a plain search's grid.
#[derive(Debug)]
pub struct PuzzleSolutions<'s, 'r, S> {
    inner: Enumeration<'s, 'r>,
    model: &'s Model,
    /// The givens each solution is checked against; `None` for a plain search's grids.
    givens: Option<Vec<Option<Digit>>>,
    solution: PhantomData<fn() -> S>,
}

// One per puzzle, never moved about: see `Inner`.
#[allow(clippy::large_enum_variant)]
#[derive(Debug)]
enum Enumeration<'s, 'r> {
    Plain(Grids<'s, 'r>),
    Engine(dancer::Solver<'s>, &'s Encoded),
}

impl<'s, 'r, S> PuzzleSolutions<'s, 'r, S> {
    pub(super) fn plain(
        grids: Grids<'s, 'r>,
        model: &'s Model,
        givens: Option<Vec<Option<Digit>>>,
    ) -> Self {
        PuzzleSolutions { inner: Enumeration::Plain(grids), model, givens, solution: PhantomData }
    }

    pub(super) fn engine(model: &'s Model, encoded: &'s Encoded) -> Self {
        let solver = dancer::Solver::new(encoded.problem());
        let (inner, givens) = (Enumeration::Engine(solver, encoded), Some(model.givens.clone()));
        PuzzleSolutions { inner, model, givens, solution: PhantomData }
    }

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
        let givens = self.givens.as_deref();
        match &mut self.inner {
            Enumeration::Plain(grids) => Some(solution(self.model, givens, grids.next()?)),
            Enumeration::Engine(solver, encoded) => {
                let digits = encoded.grid(solver.next_solution()?);
                let givens = givens.unwrap_or(&self.model.givens);
                let checked = checked(self.model, givens, digits);
                Some(checked.map(|digits| S::from_cells(self.model.symbols, digits)))
            }
        }
    }
}
