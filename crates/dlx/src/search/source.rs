//! Where a [`Solver`] finds its [`Problem`]: borrowed from the caller, or shared through an
//! [`Arc`] so that a solver can live on its own (in a struct, a service's state, a thread)
//! without a borrow of the problem's owner.
//!
//! The search itself never looks at the problem (it works on the solver's own copy of the
//! links), so which of the two a solver holds costs nothing while it searches: only commits,
//! resets and forks go through it.

use std::{ops::Deref, sync::Arc};

use super::Solver;
use crate::problem::Problem;

/// The problem a solver searches.
#[derive(Clone, Debug)]
pub(crate) enum Source<'p> {
    /// The caller keeps the problem; the solver borrows it.
    Borrowed(&'p Problem),
    /// The solver shares the problem with its forks and whoever else holds the `Arc`.
    Shared(Arc<Problem>),
}

impl Deref for Source<'_> {
    type Target = Problem;

    fn deref(&self) -> &Problem {
        match self {
            Source::Borrowed(problem) => problem,
            Source::Shared(problem) => problem,
        }
    }
}

impl Solver<'static> {
    /// A solver that owns its problem (shared with whoever else holds the `Arc`): it borrows
    /// nothing, so it can be kept in a struct beside other state, or moved to another thread.
    /// It searches exactly as [`Solver::new`] does, at the same speed.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use dancer::{ProblemBuilder, Solver};
    ///
    /// /// A service's state: the problem is built once, the solver kept between requests.
    /// struct Tilings {
    ///     solver: Solver<'static>,
    /// }
    ///
    /// // Domino tilings of a 2×3 board: cells a b c over d e f.
    /// let mut builder = ProblemBuilder::new();
    /// for cell in ["a", "b", "c", "d", "e", "f"] {
    ///     builder.primary(cell);
    /// }
    /// for pair in ["a b", "b c", "d e", "e f", "a d", "b e", "c f"] {
    ///     builder.option_named(pair.split(' '));
    /// }
    /// let mut tilings = Tilings { solver: Solver::owning(Arc::new(builder.build()?)) };
    /// assert_eq!(tilings.solver.count(), 3);
    /// assert_eq!(tilings.solver.problem().option_count(), 7);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn owning(problem: Arc<Problem>) -> Solver<'static> {
        Solver::over(Source::Shared(problem))
    }
}

impl Problem {
    /// A solver that owns this problem: [`Solver::owning`] without keeping an `Arc` of it.
    pub fn into_solver(self) -> Solver<'static> {
        Solver::owning(Arc::new(self))
    }
}
