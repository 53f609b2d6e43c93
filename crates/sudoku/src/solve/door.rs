//! [`PuzzleSolver`]: the one door through which every puzzle is solved, proved unique, counted
//! (with a limit or a memo table), enumerated and explored, whatever its rules (regions alone,
//! cages, relations, parity, candidates, several grids) and however it was read (a [`Grid`]
//! of a line, or a [`Model`]'s givens: see [`Givens`]).
//!
//! The searches behind it are chosen once, when the solver is made ([`strategy::choose`]): a
//! plain model's (regions of a sudoku only, [`Model::variant`]) on its [`Template`]: the band,
//! bitmask or wide search; any other model's puzzles are solved and proved unique by the
//! propagating search (its rules compiled into propagators once, on first use), and counted
//! and enumerated by the engine on their encoding ([`Model::encode`], with each puzzle's
//! givens: they and the reductions they allow strike options out before the matrix is built).
//! Every solution of the propagating search and the engine, and of a plain search asked for a
//! model's digits, is checked by the model's own checker ([`Model::broken`]), which knows
//! nothing of either. True candidates (the digits some solution puts in each cell) go through
//! this door too (`candidates.rs`).
//!
//! [`Template`]: crate::Template

use std::borrow::Cow;

use dancer::{run::MemoRun, run::Run, Memo, Stats};

use super::answer::{PuzzleCount, PuzzleReport, SolveError, Verdict};
use super::givens::{Givens, SolutionForm, View};
use super::propagate::{PropSearch, PropTables};
use super::rules::{load, Rules};
use super::search::{solution, Checks, Opened, PuzzleSearch, PuzzleSolutions};
use super::strategy::{self, Chosen};
use super::{GridSolver, GridVerdict};
use crate::grid::{Digit, Grid};
use crate::model::Broken;

mod models;

/// The one door to solving: made from a [`Rules`] (`rules.solver()`), it takes any puzzle of
/// those rules ([`Givens`]: a [`Grid`], a read [`Puzzle`](crate::Puzzle), or the digits of a
/// model's rectangle) and solves it, proves it unique, counts, enumerates or explores its
/// solutions, on the back-end the rules call for ([`Backend`](crate::Backend)). Not `Sync`:
/// give each thread its own solver of the shared rules.
///
/// ```
/// use dancer_sudoku::{Grid, Rules, Variant, Verdict};
///
/// let rules = Rules::from_variant(Variant::standard(4)?);
/// let mut solver = rules.solver();
/// // A model's digits, one per cell, come back as digits...
/// assert_eq!(solver.count(&[None; 16], None)?.count, 288);
/// let report = solver.solve_unique(&[None; 16])?;
/// assert!(matches!(report.verdict, Verdict::Multiple(_)));
/// // ... and a grid as a grid.
/// let report = solver.solve(&Grid::empty(4))?;
/// let Verdict::Solved(grid) = report.verdict else { panic!("a 4×4 has solutions") };
/// assert!(rules.template().unwrap().variant().is_solution(&grid));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct PuzzleSolver<'r> {
    rules: &'r Rules,
    back: Back<'r>,
}

/// The searches behind the door.
// Made once per solver and kept in place: boxing the plain searches would only add an
// allocation and a pointer to follow on every puzzle.
#[allow(clippy::large_enum_variant)]
#[derive(Debug)]
enum Back<'r> {
    /// A plain model's searches, on its template.
    Plain(GridSolver<'r>),
    /// Any other model: the engine, with the puzzle being enumerated or explored and its
    /// matrix; and the propagating search, once compiled (or why the rules could not be).
    Engine(Option<(crate::model::Model, crate::model::Encoded)>, Option<Propagating>),
}

/// The propagating search of a model's rules, or why they do not compile.
type Propagating = Result<(PropTables, PropSearch), crate::model::ModelError>;

impl<'r> PuzzleSolver<'r> {
    /// A solver of puzzles of `rules`, with the searches their back-end calls for.
    pub fn new(rules: &'r Rules) -> PuzzleSolver<'r> {
        let back = match strategy::choose(rules.template()) {
            Chosen::Plain(plain) => {
                let template = rules.template().expect("a plain back-end has a template");
                Back::Plain(GridSolver::with(template, plain))
            }
            Chosen::Model => Back::Engine(None, None),
        };
        PuzzleSolver { rules, back }
    }

    /// The rules.
    pub fn rules(&self) -> &'r Rules {
        self.rules
    }

    /// The first solution found.
    ///
    /// # Errors
    /// Givens that do not fit the rules, a model that cannot be encoded, or (a bug) a
    /// solution that breaks a rule.
    pub fn solve<G: Givens + ?Sized>(
        &mut self,
        givens: &G,
    ) -> Result<PuzzleReport<G::Solution>, SolveError> {
        self.find(givens.view(), false)
    }

    /// A solution, and whether it is the only one (the search stops at a second).
    ///
    /// # Errors
    /// As [`solve`](Self::solve).
    pub fn solve_unique<G: Givens + ?Sized>(
        &mut self,
        givens: &G,
    ) -> Result<PuzzleReport<G::Solution>, SolveError> {
        self.find(givens.view(), true)
    }

    fn find<S: SolutionForm>(
        &mut self,
        view: View<'_>,
        unique: bool,
    ) -> Result<PuzzleReport<S>, SolveError> {
        let rules = self.rules;
        let model = rules.model();
        let Back::Plain(solver) = &mut self.back else {
            return self.find_by_propagation(view, unique);
        };
        let grid = match rules.plain_grid(view) {
            Ok(grid) => grid,
            Err(Refusal::Broken(broken)) => {
                return Ok(PuzzleReport {
                    verdict: Verdict::Invalid(broken),
                    stats: Stats::default(),
                })
            }
            Err(Refusal::Error(error)) => return Err(error),
        };
        let givens = match view {
            View::Grid(_) => None,
            View::Cells(givens) => Some(givens),
        };
        let report = if unique { solver.solve_unique(&grid) } else { solver.solve(&grid) };
        let solution = |grid: Grid| solution::<S>(model, givens, grid);
        let verdict = match report.verdict {
            GridVerdict::Solved(grid) => Verdict::Solved(solution(grid)?),
            GridVerdict::Unique(grid) => Verdict::Unique(solution(grid)?),
            GridVerdict::Multiple(grid) => Verdict::Multiple(solution(grid)?),
            GridVerdict::None => Verdict::None,
            GridVerdict::Invalid(conflict) => Verdict::Invalid(Broken(conflict.to_string())),
        };
        Ok(PuzzleReport { verdict, stats: report.stats })
    }

    /// The number of solutions, stopping at `limit` when given.
    ///
    /// # Errors
    /// Givens that do not fit the rules, or a model that cannot be encoded.
    pub fn count<G: Givens + ?Sized>(
        &mut self,
        givens: &G,
        limit: Option<u64>,
    ) -> Result<PuzzleCount<u64>, SolveError> {
        let rules = self.rules;
        let givens = givens.view();
        let Back::Plain(solver) = &mut self.back else {
            let limit = limit.unwrap_or(u64::MAX);
            return engine_count(rules, givens, |solver| {
                let count = solver.count_up_to(limit);
                Ok((count, count < limit))
            });
        };
        let grid = match rules.plain_grid(givens) {
            Ok(grid) => grid,
            Err(Refusal::Broken(broken)) => return Ok(invalid(broken)),
            Err(Refusal::Error(error)) => return Err(error),
        };
        let counted = solver.count(&grid, limit);
        let invalid = counted.invalid.map(|conflict| Broken(conflict.to_string()));
        let (count, complete, stats) = (counted.count, counted.complete, counted.stats);
        Ok(PuzzleCount { count, complete, invalid, stats })
    }

    /// The exact number of solutions, counted with `memo` as `run` says (stopped by its flag,
    /// reporting its progress). A plain model's puzzles share the table: its keys are the
    /// items left to cover, which the givens are part of, so what it learnt on one puzzle
    /// holds for the next (below the givens each sub-problem is counted once and looked up
    /// when the search meets it again; a blank or nearly blank grid is counted digit by
    /// digit). Any other puzzle is a matrix of its own, for which the table is cleared first.
    ///
    /// ```
    /// use dancer::{run::MemoRun, Memo};
    /// use dancer_sudoku::{Grid, Rules, Variant};
    ///
    /// let rules = Rules::from_variant(Variant::standard(4)?);
    /// let mut memo = Memo::new(1 << 20);
    /// let counted = rules.solver().count_memo(&Grid::empty(4), &mut memo, &MemoRun::new())?;
    /// assert_eq!(counted.count, 288);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`count`](Self::count), and the memoised count's interrupt
    /// ([`MemoError::Interrupted`](dancer::MemoError::Interrupted): the table keeps what it learnt)
    /// or overflow past `u128::MAX`.
    pub fn count_memo<G: Givens + ?Sized>(
        &mut self,
        givens: &G,
        memo: &mut Memo,
        run: &MemoRun<'_>,
    ) -> Result<PuzzleCount<u128>, SolveError> {
        let rules = self.rules;
        let givens = givens.view();
        let Back::Plain(solver) = &mut self.back else {
            // A matrix of its own: what the table learnt of another is no use.
            memo.clear();
            return engine_count(rules, givens, |solver| Ok((run.count(solver, memo)?, true)));
        };
        let grid = match rules.plain_grid(givens) {
            Ok(grid) => grid,
            Err(Refusal::Broken(broken)) => return Ok(invalid(broken)),
            Err(Refusal::Error(error)) => return Err(error),
        };
        let counted = solver.count_memo_with(&grid, memo, run)?;
        let invalid = counted.invalid.map(|conflict| Broken(conflict.to_string()));
        Ok(PuzzleCount { count: counted.count, complete: true, invalid, stats: counted.stats })
    }

    /// Every solution, lazily (memory stays flat however many there are).
    ///
    /// # Errors
    /// Givens that do not fit the rules or break one, or a model that cannot be encoded.
    pub fn enumerate<G: Givens + ?Sized>(
        &mut self,
        givens: &G,
    ) -> Result<PuzzleSolutions<'_, 'r, G::Solution>, SolveError> {
        self.open(givens.view())
    }

    /// The search of a puzzle's solutions, for a [`Run`]: every core, limits, progress and
    /// checkpoints.
    ///
    /// # Errors
    /// Givens that do not fit the rules or break one, or a model that cannot be encoded.
    pub fn explore<G: Givens + ?Sized>(
        &mut self,
        givens: &G,
    ) -> Result<PuzzleSearch<'_, 'r, G::Solution>, SolveError> {
        self.open(givens.view())
    }

    /// The search or the enumeration of the puzzle of `view`, on the back-end the rules chose.
    fn open<'s, T: Opened<'s, 'r>>(&'s mut self, view: View<'_>) -> Result<T, SolveError> {
        let model = self.rules.model();
        Ok(match self.load(view)? {
            Loaded::Plain(solver, grid, givens) => {
                T::plain(solver, &grid, Checks { model, givens })
                    .map_err(|conflict| SolveError::conflict(&conflict))?
            }
            Loaded::Engine(puzzle, encoded) => {
                T::engine(encoded, Checks { model: puzzle, givens: None })
            }
        })
    }

    /// The puzzle of `view` made ready for a search: a plain model's grid, with the plain
    /// searches and the givens its solutions are checked against; any other model encoded.
    fn load<'s, 'v>(&'s mut self, view: View<'v>) -> Result<Loaded<'s, 'r, 'v>, SolveError> {
        let rules = self.rules;
        match &mut self.back {
            Back::Plain(solver) => {
                let grid = rules.plain_grid(view).map_err(Refusal::into_error)?;
                Ok(Loaded::Plain(solver, grid, checked_givens(view)))
            }
            Back::Engine(loaded, _) => {
                let (puzzle, encoded) = load(rules, loaded, &view.cells(rules.model())?)?;
                Ok(Loaded::Engine(puzzle, encoded))
            }
        }
    }

    /// Counts the solutions on `run` (its threads, limits, progress and checkpoints).
    ///
    /// # Errors
    /// As [`explore`](Self::explore), and the run's own.
    pub fn count_with<G: Givens + ?Sized>(
        &mut self,
        givens: &G,
        run: &Run<'_>,
    ) -> Result<dancer::run::Outcome, SolveError> {
        let mut search = self.explore(givens)?;
        Ok(run.count(&mut search)?)
    }
}

impl SolveError {
    /// A plain search's conflict between givens.
    fn conflict(conflict: &crate::error::Conflict) -> SolveError {
        SolveError::Invalid(Broken(conflict.to_string()))
    }
}

/// A puzzle ready for a search, from [`PuzzleSolver::load`].
enum Loaded<'s, 'r, 'v> {
    /// A plain model's searches, the grid, and the givens to check solutions against.
    Plain(&'s mut GridSolver<'r>, Cow<'v, Grid>, Option<Vec<Option<Digit>>>),
    /// Any other model with the puzzle's givens, and its matrix.
    Engine(&'s crate::model::Model, &'s crate::model::Encoded),
}

/// Why givens were not handed to a plain search.
pub(super) enum Refusal {
    /// They break a rule of the model.
    Broken(Broken),
    /// They do not fit the rules.
    Error(SolveError),
}

impl Refusal {
    fn into_error(self) -> SolveError {
        match self {
            Refusal::Broken(broken) => SolveError::Invalid(broken),
            Refusal::Error(error) => error,
        }
    }
}

/// The digits a plain search's solutions are checked against: a model's givens; none for a
/// grid, whose solutions are the plain search's own.
fn checked_givens(view: View<'_>) -> Option<Vec<Option<Digit>>> {
    match view {
        View::Grid(_) => None,
        View::Cells(givens) => Some(givens.to_vec()),
    }
}

/// The count of givens that break a rule.
/// A count on the engine: the puzzle of `view` encoded and checked, then counted on its
/// matrix by `count` (the number, and whether it is the whole of them).
fn engine_count<N: Default>(
    rules: &Rules,
    view: View<'_>,
    count: impl FnOnce(&mut dancer::Solver<'_>) -> Result<(N, bool), SolveError>,
) -> Result<PuzzleCount<N>, SolveError> {
    let givens = view.cells(rules.model())?;
    let (puzzle, encoded) = rules.encode(&givens)?;
    if let Err(broken) = puzzle.broken(&givens, false) {
        return Ok(invalid(broken));
    }
    let mut solver = dancer::Solver::new(encoded.problem());
    let (count, complete) = count(&mut solver)?;
    Ok(PuzzleCount { count, complete, invalid: None, stats: solver.stats() })
}

fn invalid<N: Default>(broken: Broken) -> PuzzleCount<N> {
    PuzzleCount {
        count: N::default(),
        complete: true,
        invalid: Some(broken),
        stats: Stats::default(),
    }
}
