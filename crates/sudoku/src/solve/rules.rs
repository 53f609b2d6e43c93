//! [`Rules`] and [`ModelSolver`]: one way to solve, prove unique, count (with a limit or a
//! memo table), enumerate and explore the puzzles of any [`Model`], whatever it holds
//! (regions alone, cages, relations, parity, candidates, several grids).
//!
//! A plain model (regions of a sudoku only, [`Model::variant`]) is solved on its
//! [`Template`] by the [`GridSolver`] of variants, built once with the rules; any other model is
//! encoded with each puzzle's givens ([`Model::encode`]: the givens and the reductions they
//! allow strike options out before the matrix is built) and searched by the engine. Every
//! solution either way is checked by the model's own checker ([`Model::broken`]), which
//! knows nothing of the encoding.

use std::borrow::Cow;

use dancer::{run::MemoRun, run::Run, run::RunError, Memo, MemoError, Stats};

use super::search::{ModelSearch, ModelSolutions};
use super::{GridSolver, GridVerdict};
use crate::encode::Template;
use crate::grid::{Digit, Grid};
use crate::model::{Broken, Encoded, Model, ModelError};
use crate::solve::strategy::{plain_view, Backend};
use crate::variant::Variant;

/// The rules of a set of puzzles, compiled once: build it per rule set and keep it (as a
/// [`Template`] is kept for the puzzles of one variant), then solve each puzzle's givens with
/// a [`ModelSolver`].
#[derive(Clone, Debug)]
pub struct Rules {
    /// The model without its givens: each puzzle brings its own.
    model: Model,
    /// The plain view's template, for a plain model.
    template: Option<Template>,
}

impl Rules {
    /// The rules of `model` (its givens are not part of them), with the template of its plain
    /// view when the strategy chooses one (see [`Backend`]).
    pub fn new(model: &Model) -> Rules {
        let template = plain_view(model).map(Template::new);
        let mut model = model.clone();
        model.givens = vec![None; model.used.len()];
        Rules { model, template }
    }

    /// The rules of a variant: a plain model.
    pub fn from_variant(variant: Variant) -> Rules {
        let model = Model::from_variant(&variant);
        Rules { model, template: Some(Template::new(variant)) }
    }

    /// The model of the rules, without givens.
    pub fn model(&self) -> &Model {
        &self.model
    }

    /// The template of a plain model's variant; `None` for a model the engine searches.
    pub fn template(&self) -> Option<&Template> {
        self.template.as_ref()
    }

    /// The search that solves these rules' puzzles.
    pub fn backend(&self) -> Backend {
        self.template.as_ref().map_or(Backend::Engine, Template::backend)
    }

    /// A solver of puzzles of these rules. Not `Sync`: give each thread its own.
    pub fn solver(&self) -> ModelSolver<'_> {
        ModelSolver {
            rules: self,
            plain: self.template.as_ref().map(GridSolver::new),
            loaded: None,
        }
    }

    /// The model with `givens`: the rules' own, not a copy, when there are none (a killer's).
    fn puzzle(&self, givens: &[Option<Digit>]) -> Cow<'_, Model> {
        if givens == self.model.givens.as_slice() {
            return Cow::Borrowed(&self.model);
        }
        Cow::Owned(Model { givens: givens.to_vec(), ..self.model.clone() })
    }

    /// `givens` as a grid of the plain view.
    fn grid(&self, givens: &[Option<Digit>]) -> Grid {
        Grid::from_cells(self.model.symbols, givens.iter().map(|d| d.unwrap_or(0)).collect())
    }
}

/// What solving a puzzle found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A solution (one digit per cell of the rectangle, `None` for unused cells), uniqueness
    /// not examined.
    Solved(Vec<Option<Digit>>),
    /// The only solution.
    Unique(Vec<Option<Digit>>),
    /// One of several solutions.
    Multiple(Vec<Option<Digit>>),
    /// The givens break no rule but have no solution.
    None,
    /// The givens break a rule.
    Invalid(Broken),
}

/// A verdict with the search's counters (none when the givens break a rule: nothing was
/// searched).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModelReport {
    /// What was found.
    pub verdict: Verdict,
    /// Nodes and updates spent.
    pub stats: Stats,
}

/// The number of solutions of a puzzle: with a limit from [`ModelSolver::count`] (`u64`), or
/// exact from [`ModelSolver::count_memo`] (`u128`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModelCount<N> {
    /// Solutions found.
    pub count: N,
    /// False when the limit stopped the count (there may be more).
    pub complete: bool,
    /// The broken rule, when the givens break one (the count is then 0).
    pub invalid: Option<Broken>,
    /// Nodes and updates spent.
    pub stats: Stats,
}

/// Why a [`ModelSolver`] gave no answer.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SolveError {
    /// The model cannot be encoded.
    #[error(transparent)]
    Model(#[from] ModelError),
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

/// Solves puzzles of one [`Rules`]: each method takes a puzzle's givens, one per cell of the
/// model's rectangle (`None` for an empty or unused cell).
///
/// ```
/// use dancer_sudoku::{Rules, Variant, Verdict};
///
/// let rules = Rules::from_variant(Variant::standard(4)?);
/// let mut solver = rules.solver();
/// assert_eq!(solver.count(&[None; 16], None)?.count, 288);
/// let report = solver.solve_unique(&[None; 16])?;
/// assert!(matches!(report.verdict, Verdict::Multiple(_)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct ModelSolver<'r> {
    rules: &'r Rules,
    /// A plain model's solver.
    plain: Option<GridSolver<'r>>,
    /// Any other model: the puzzle being enumerated or explored, and its matrix.
    loaded: Option<(Model, Encoded)>,
}

impl<'r> ModelSolver<'r> {
    /// The rules.
    pub fn rules(&self) -> &'r Rules {
        self.rules
    }

    /// The first solution found.
    ///
    /// # Errors
    /// A model that cannot be encoded, or (a bug) a solution that breaks a rule.
    pub fn solve(&mut self, givens: &[Option<Digit>]) -> Result<ModelReport, SolveError> {
        self.find(givens, false)
    }

    /// A solution, and whether it is the only one (the search stops at a second).
    ///
    /// # Errors
    /// As [`solve`](Self::solve).
    pub fn solve_unique(&mut self, givens: &[Option<Digit>]) -> Result<ModelReport, SolveError> {
        self.find(givens, true)
    }

    fn find(&mut self, givens: &[Option<Digit>], unique: bool) -> Result<ModelReport, SolveError> {
        let rules = self.rules;
        if let Some(solver) = &mut self.plain {
            if let Err(broken) = rules.model.broken(givens, false) {
                return Ok(ModelReport {
                    verdict: Verdict::Invalid(broken),
                    stats: Stats::default(),
                });
            }
            let grid = rules.grid(givens);
            let report = if unique { solver.solve_unique(&grid) } else { solver.solve(&grid) };
            let digits = |grid: &Grid| checked(&rules.model, givens, digits_of(grid));
            let verdict = match &report.verdict {
                GridVerdict::Solved(grid) => Verdict::Solved(digits(grid)?),
                GridVerdict::Unique(grid) => Verdict::Unique(digits(grid)?),
                GridVerdict::Multiple(grid) => Verdict::Multiple(digits(grid)?),
                GridVerdict::None => Verdict::None,
                GridVerdict::Invalid(conflict) => Verdict::Invalid(Broken(conflict.to_string())),
            };
            return Ok(ModelReport { verdict, stats: report.stats });
        }
        let puzzle = rules.puzzle(givens);
        let encoded = puzzle.encode()?;
        if let Err(broken) = puzzle.broken(givens, false) {
            return Ok(ModelReport { verdict: Verdict::Invalid(broken), stats: Stats::default() });
        }
        let mut solver = dancer::Solver::new(encoded.problem());
        let first = solver.next_solution().map(|options| encoded.grid(options));
        let verdict = match first {
            None => Verdict::None,
            Some(digits) => {
                let digits = checked(&puzzle, givens, digits)?;
                match unique {
                    true if solver.next_solution().is_some() => Verdict::Multiple(digits),
                    true => Verdict::Unique(digits),
                    false => Verdict::Solved(digits),
                }
            }
        };
        Ok(ModelReport { verdict, stats: solver.stats() })
    }

    /// The number of solutions, stopping at `limit` when given.
    ///
    /// # Errors
    /// A model that cannot be encoded.
    pub fn count(
        &mut self,
        givens: &[Option<Digit>],
        limit: Option<u64>,
    ) -> Result<ModelCount<u64>, SolveError> {
        let rules = self.rules;
        if let Some(solver) = &mut self.plain {
            if let Err(broken) = rules.model.broken(givens, false) {
                return Ok(invalid(broken));
            }
            let counted = solver.count(&rules.grid(givens), limit);
            let invalid = counted.invalid.map(|conflict| Broken(conflict.to_string()));
            let (count, complete, stats) = (counted.count, counted.complete, counted.stats);
            return Ok(ModelCount { count, complete, invalid, stats });
        }
        let puzzle = rules.puzzle(givens);
        let encoded = puzzle.encode()?;
        if let Err(broken) = puzzle.broken(givens, false) {
            return Ok(invalid(broken));
        }
        let mut solver = dancer::Solver::new(encoded.problem());
        let limit = limit.unwrap_or(u64::MAX);
        let count = solver.count_up_to(limit);
        Ok(ModelCount { count, complete: count < limit, invalid: None, stats: solver.stats() })
    }

    /// The exact number of solutions, counted with `memo` as `run` says (stopped by its flag,
    /// reporting its progress). A plain model's puzzles share the table (see
    /// [`GridSolver::count_memo`]); any other puzzle is a matrix of its own, for which the table
    /// is cleared first.
    ///
    /// # Errors
    /// A model that cannot be encoded, or the memoised count's interrupt or overflow.
    pub fn count_memo(
        &mut self,
        givens: &[Option<Digit>],
        memo: &mut Memo,
        run: &MemoRun<'_>,
    ) -> Result<ModelCount<u128>, SolveError> {
        let rules = self.rules;
        if let Some(solver) = &mut self.plain {
            if let Err(broken) = rules.model.broken(givens, false) {
                return Ok(invalid(broken));
            }
            let counted = solver.count_memo_with(&rules.grid(givens), memo, run)?;
            let invalid = counted.invalid.map(|conflict| Broken(conflict.to_string()));
            return Ok(ModelCount {
                count: counted.count,
                complete: true,
                invalid,
                stats: counted.stats,
            });
        }
        let puzzle = rules.puzzle(givens);
        let encoded = puzzle.encode()?;
        if let Err(broken) = puzzle.broken(givens, false) {
            return Ok(invalid(broken));
        }
        let mut solver = dancer::Solver::new(encoded.problem());
        memo.clear();
        let count = run.count(&mut solver, memo)?;
        Ok(ModelCount { count, complete: true, invalid: None, stats: solver.stats() })
    }

    /// Every solution, lazily, each checked by the model's checker.
    ///
    /// # Errors
    /// A model that cannot be encoded, or givens that break a rule.
    pub fn enumerate(
        &mut self,
        givens: &[Option<Digit>],
    ) -> Result<ModelSolutions<'_, 'r>, SolveError> {
        let ModelSolver { rules, plain, loaded } = self;
        if let Some(solver) = plain {
            rules.model.broken(givens, false).map_err(SolveError::Invalid)?;
            let grids = solver
                .enumerate(&rules.grid(givens))
                .map_err(|conflict| SolveError::Invalid(Broken(conflict.to_string())))?;
            return Ok(ModelSolutions::plain(grids, &rules.model, givens));
        }
        let (puzzle, encoded) = load(rules, loaded, givens)?;
        Ok(ModelSolutions::engine(puzzle, encoded))
    }

    /// The search of a puzzle's solutions, for a [`Run`]: every core, limits, progress and
    /// checkpoints.
    ///
    /// # Errors
    /// A model that cannot be encoded, or givens that break a rule.
    pub fn explore(&mut self, givens: &[Option<Digit>]) -> Result<ModelSearch<'_, 'r>, SolveError> {
        let ModelSolver { rules, plain, loaded } = self;
        if let Some(solver) = plain {
            rules.model.broken(givens, false).map_err(SolveError::Invalid)?;
            let search = solver
                .explore(&rules.grid(givens))
                .map_err(|conflict| SolveError::Invalid(Broken(conflict.to_string())))?;
            return Ok(ModelSearch::plain(search, &rules.model, givens));
        }
        let (puzzle, encoded) = load(rules, loaded, givens)?;
        Ok(ModelSearch::engine(puzzle, encoded))
    }

    /// Counts the solutions on `run` (its threads, limits, progress and checkpoints).
    ///
    /// # Errors
    /// As [`explore`](Self::explore), and the run's own.
    pub fn count_with(
        &mut self,
        givens: &[Option<Digit>],
        run: &Run<'_>,
    ) -> Result<dancer::run::Outcome, SolveError> {
        let mut search = self.explore(givens)?;
        Ok(run.count(&mut search)?)
    }
}

/// Encodes the model of `rules` with `givens` and keeps it in `loaded`, with its matrix.
fn load<'l>(
    rules: &Rules,
    loaded: &'l mut Option<(Model, Encoded)>,
    givens: &[Option<Digit>],
) -> Result<(&'l Model, &'l Encoded), SolveError> {
    let puzzle = rules.puzzle(givens).into_owned();
    let encoded = puzzle.encode()?;
    puzzle.broken(givens, false).map_err(SolveError::Invalid)?;
    let (puzzle, encoded) = loaded.insert((puzzle, encoded));
    Ok((puzzle, encoded))
}

/// The count of givens that break a rule.
fn invalid<N: Default>(broken: Broken) -> ModelCount<N> {
    ModelCount {
        count: N::default(),
        complete: true,
        invalid: Some(broken),
        stats: Stats::default(),
    }
}

/// A grid's digits, `None` for its empty cells.
pub(super) fn digits_of(grid: &Grid) -> Vec<Option<Digit>> {
    grid.cells().iter().map(|&digit| (digit != 0).then_some(digit)).collect()
}

/// `digits` when they are a solution of `model` that keeps `givens`.
pub(super) fn checked(
    model: &Model,
    givens: &[Option<Digit>],
    digits: Vec<Option<Digit>>,
) -> Result<Vec<Option<Digit>>, SolveError> {
    model.broken(&digits, true).map_err(SolveError::Unsound)?;
    if let Some(cell) =
        givens.iter().zip(&digits).position(|(given, digit)| given.is_some() && given != digit)
    {
        let broken = Broken(format!("the given of {}", model.cell_name(cell)));
        return Err(SolveError::Unsound(broken));
    }
    Ok(digits)
}
