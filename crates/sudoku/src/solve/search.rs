//! [`ModelSearch`] and [`ModelSolutions`]: the search of one puzzle's solutions, from
//! [`ModelSolver`](super::ModelSolver), as a [`dancer::run::Explore`] for a [`dancer::run::Run`] or as an
//! iterator, whichever back-end the rules call for; each solution is read as the digits of the
//! model's rectangle and checked by the model's checker.

use dancer::{
    run::Branch, run::Explore, run::Fingerprint, run::PathError, run::Pause, run::Subproblem, Stats,
};

use super::rules::{checked, digits_of, SolveError};
use super::{GridSearch, Grids};
use crate::grid::Digit;
use crate::model::{Encoded, Model};

/// The search of one puzzle's solutions, from
/// [`ModelSolver::explore`](super::ModelSolver::explore): hand it to a [`dancer::run::Run`]; a
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
pub struct ModelSearch<'s, 'r> {
    inner: Inner<'s, 'r>,
    model: &'s Model,
    givens: Vec<Option<Digit>>,
}

// As in `GridSearch`: one is made per puzzle and never moved about, so boxing the larger
// variant would only add an allocation.
#[allow(clippy::large_enum_variant)]
#[derive(Debug)]
enum Inner<'s, 'r> {
    Plain(GridSearch<'s, 'r>),
    Engine(dancer::Solver<'s>, &'s Encoded),
}

impl<'s, 'r> ModelSearch<'s, 'r> {
    pub(super) fn plain(
        search: GridSearch<'s, 'r>,
        model: &'s Model,
        givens: &[Option<Digit>],
    ) -> Self {
        ModelSearch { inner: Inner::Plain(search), model, givens: givens.to_vec() }
    }

    pub(super) fn engine(model: &'s Model, encoded: &'s Encoded) -> Self {
        let solver = dancer::Solver::new(encoded.problem());
        ModelSearch { inner: Inner::Engine(solver, encoded), model, givens: model.givens.clone() }
    }

    /// The solution the search stands on, after it paused at one ([`Pause::Solution`]).
    ///
    /// # Errors
    /// [`SolveError::Unsound`] (a bug) when it breaks a rule of the model.
    pub fn solution(&self) -> Result<Vec<Option<Digit>>, SolveError> {
        let digits = match &self.inner {
            Inner::Plain(search) => digits_of(&search.grid()),
            Inner::Engine(solver, encoded) => encoded.grid(solver.solution()),
        };
        checked(self.model, &self.givens, digits)
    }
}

impl Explore for ModelSearch<'_, '_> {
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
        ModelSearch { inner, model: self.model, givens: self.givens.clone() }
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

/// The solutions of one puzzle, from
/// [`ModelSolver::enumerate`](super::ModelSolver::enumerate), one at a time (memory stays
/// flat however many there are), each checked by the model's checker.
#[derive(Debug)]
pub struct ModelSolutions<'s, 'r> {
    inner: Solutions<'s, 'r>,
    model: &'s Model,
    givens: Vec<Option<Digit>>,
}

// One per puzzle, never moved about: see `Inner`.
#[allow(clippy::large_enum_variant)]
#[derive(Debug)]
enum Solutions<'s, 'r> {
    Plain(Grids<'s, 'r>),
    Engine(dancer::Solver<'s>, &'s Encoded),
}

impl<'s, 'r> ModelSolutions<'s, 'r> {
    pub(super) fn plain(grids: Grids<'s, 'r>, model: &'s Model, givens: &[Option<Digit>]) -> Self {
        ModelSolutions { inner: Solutions::Plain(grids), model, givens: givens.to_vec() }
    }

    pub(super) fn engine(model: &'s Model, encoded: &'s Encoded) -> Self {
        let solver = dancer::Solver::new(encoded.problem());
        let givens = model.givens.clone();
        ModelSolutions { inner: Solutions::Engine(solver, encoded), model, givens }
    }

    /// The search's counters so far.
    pub fn stats(&self) -> Stats {
        match &self.inner {
            Solutions::Plain(grids) => grids.stats(),
            Solutions::Engine(solver, _) => solver.stats(),
        }
    }
}

impl Iterator for ModelSolutions<'_, '_> {
    /// A solution, or (a bug) [`SolveError::Unsound`].
    type Item = Result<Vec<Option<Digit>>, SolveError>;

    fn next(&mut self) -> Option<Self::Item> {
        let digits = match &mut self.inner {
            Solutions::Plain(grids) => digits_of(&grids.next()?),
            Solutions::Engine(solver, encoded) => encoded.grid(solver.next_solution()?),
        };
        Some(checked(self.model, &self.givens, digits))
    }
}
