//! What the door ([`PuzzleSolver`](super::PuzzleSolver)) answers: a [`Verdict`] with its
//! counters ([`PuzzleReport`]), a [`PuzzleCount`], or why it gave no answer ([`SolveError`]).

use dancer::{run::RunError, MemoError, Stats};

use crate::model::{Broken, ModelError};

/// What solving a puzzle found; `S` is the solution's form
/// ([`Givens::Solution`](crate::Givens::Solution)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict<S> {
    /// A solution, uniqueness not examined.
    Solved(S),
    /// The only solution.
    Unique(S),
    /// One of several solutions.
    Multiple(S),
    /// The givens break no rule but have no solution.
    None,
    /// The givens break a rule.
    Invalid(Broken),
}

/// A verdict with the search's counters (none when the givens break a rule a model's checker
/// sees at once: nothing was searched).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleReport<S> {
    /// What was found.
    pub verdict: Verdict<S>,
    /// Nodes and updates spent.
    pub stats: Stats,
}

/// The number of solutions of a puzzle: with a limit from
/// [`PuzzleSolver::count`](crate::PuzzleSolver::count) (`u64`), or exact from
/// [`PuzzleSolver::count_memo`](crate::PuzzleSolver::count_memo) (`u128`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleCount<N> {
    /// Solutions found.
    pub count: N,
    /// False when the limit stopped the count (there may be more).
    pub complete: bool,
    /// The broken rule, when the givens break one (the count is then 0).
    pub invalid: Option<Broken>,
    /// Nodes and updates spent.
    pub stats: Stats,
}

/// Why a [`PuzzleSolver`](crate::PuzzleSolver) gave no answer.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SolveError {
    /// The model cannot be encoded.
    #[error(transparent)]
    Model(#[from] ModelError),
    /// The givens do not fit the rules: a grid of another size, or another number of cells.
    #[error("{0}")]
    Shape(String),
    /// The givens break a rule: there is nothing to explore or enumerate (solve and count
    /// say so in their verdicts).
    #[error("{0}")]
    Invalid(Broken),
    /// A solution the search returned breaks a rule: a bug of the encoding or a back-end.
    #[error("internal error: a solution breaks {0}")]
    Unsound(Broken),
    /// The memoised count was interrupted or overflowed.
    #[error(transparent)]
    Memo(#[from] MemoError),
    /// The run of a count failed.
    #[error(transparent)]
    Run(#[from] RunError),
}
