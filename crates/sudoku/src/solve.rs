//! [`Solver`]: solve, prove unique, count and enumerate puzzles of one variant on one reused
//! template: each puzzle commits its givens, searches, and is reset, with no rebuilding.

use std::iter::FusedIterator;

use dancer::Stats;

use crate::{Conflict, Grid, LogicSolver, TechniqueKind, Template};

/// What solving a puzzle found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A solution, uniqueness not examined.
    Solved(Grid),
    /// The only solution.
    Unique(Grid),
    /// One of several solutions.
    Multiple(Grid),
    /// The givens are consistent but have no solution.
    None,
    /// The givens break a rule directly.
    Invalid(Conflict),
}

/// An outcome with the engine's counters for this puzzle (commits included).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// What was found.
    pub outcome: Outcome,
    /// Nodes and updates spent.
    pub stats: Stats,
}

/// The number of solutions of a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Count {
    /// Solutions found.
    pub count: u64,
    /// False when the limit stopped the count (there may be more).
    pub complete: bool,
    /// The conflict, when the givens break a rule (the count is then 0).
    pub invalid: Option<Conflict>,
    /// Nodes and updates spent.
    pub stats: Stats,
}

/// Solves puzzles of one variant, reusing one exact-cover matrix. Not `Sync`: give each thread
/// its own solver of the shared [`Template`].
///
/// ```
/// use dancer_sudoku::{Grid, Outcome, Solver, Template, Variant};
///
/// let template = Template::new(Variant::standard(4)?);
/// let mut solver = Solver::new(&template);
/// assert_eq!(solver.count(&Grid::empty(4), None).count, 288);
/// let report = solver.solve_unique(&Grid::empty(4));
/// assert!(matches!(report.outcome, Outcome::Multiple(_)));
/// # Ok::<(), dancer_sudoku::VariantError>(())
/// ```
#[derive(Debug)]
pub struct Solver<'t> {
    template: &'t Template,
    engine: dancer::Solver<'t>,
    /// For large grids: sound deductions made before the search (see [`LOGIC_FIRST`]).
    logic: Option<LogicSolver>,
}

/// From this size up, the solver first applies logical deductions that hold in every solution
/// (all techniques but those assuming uniqueness) and commits them with the givens. The
/// solutions are the same, but plain MRV search on a 25×25 can wander for hours where these
/// deductions finish the grid in milliseconds; on 9×9 the search alone is faster.
pub const LOGIC_FIRST: usize = 16;

impl<'t> Solver<'t> {
    /// A solver for puzzles of `template`'s variant.
    pub fn new(template: &'t Template) -> Solver<'t> {
        let variant = template.variant();
        let logic = (variant.size() >= LOGIC_FIRST).then(|| {
            let sound: Vec<TechniqueKind> = TechniqueKind::ALL
                .into_iter()
                .filter(|kind| {
                    !matches!(kind, TechniqueKind::UniqueRectangle | TechniqueKind::BugPlusOne)
                })
                .collect();
            LogicSolver::with_techniques(variant, &sound)
        });
        Solver { template, engine: template.problem().solver(), logic }
    }

    /// The template.
    pub fn template(&self) -> &'t Template {
        self.template
    }

    /// Resets the engine and commits the givens of `puzzle`.
    fn load(&mut self, puzzle: &Grid) -> Result<(), Conflict> {
        let n = self.template.variant().size();
        assert_eq!(puzzle.size(), n, "a {0}x{0} puzzle given to a {n}x{n} solver", puzzle.size());
        self.engine.reset();
        self.engine.reset_stats();
        let deduced = self
            .logic
            .as_ref()
            .and_then(|logic| logic.solve(puzzle).ok())
            .map(|path| path.end.grid());
        if let Some(deduced) = deduced {
            if self.commit_givens(&deduced) {
                return Ok(());
            }
            // Deductions from givens with no solution may contradict each other: search the
            // givens alone, which finds no solution (or names the conflict).
            self.engine.reset();
        }
        if self.commit_givens(puzzle) {
            return Ok(());
        }
        self.engine.reset();
        // Two givens share an item exactly when they share a region and a digit.
        let conflict = self.template.variant().check(puzzle);
        Err(conflict.expect_err("a clash between givens is a repeated digit"))
    }

    /// Commits every given of `grid`; false (with some committed) on a clash.
    fn commit_givens(&mut self, grid: &Grid) -> bool {
        grid.givens()
            .all(|(cell, digit)| self.engine.commit(self.template.option(cell, digit)).is_ok())
    }

    fn next_grid(&mut self) -> Option<Grid> {
        let template = self.template;
        self.engine.next_solution().map(|options| template.grid_of(options))
    }

    /// The first solution found.
    ///
    /// # Panics
    /// If the puzzle's size is not the variant's.
    pub fn solve(&mut self, puzzle: &Grid) -> Report {
        let outcome = match self.load(puzzle) {
            Err(conflict) => Outcome::Invalid(conflict),
            Ok(()) => self.next_grid().map_or(Outcome::None, Outcome::Solved),
        };
        Report { outcome, stats: self.engine.stats() }
    }

    /// A solution, and whether it is the only one (the search stops at a second).
    ///
    /// # Panics
    /// If the puzzle's size is not the variant's.
    pub fn solve_unique(&mut self, puzzle: &Grid) -> Report {
        let outcome = match self.load(puzzle) {
            Err(conflict) => Outcome::Invalid(conflict),
            Ok(()) => match self.next_grid() {
                None => Outcome::None,
                Some(grid) if self.engine.next_solution().is_some() => Outcome::Multiple(grid),
                Some(grid) => Outcome::Unique(grid),
            },
        };
        Report { outcome, stats: self.engine.stats() }
    }

    /// The number of solutions, stopping at `limit` when given.
    ///
    /// # Panics
    /// If the puzzle's size is not the variant's.
    pub fn count(&mut self, puzzle: &Grid, limit: Option<u64>) -> Count {
        if let Err(conflict) = self.load(puzzle) {
            return Count {
                count: 0,
                complete: true,
                invalid: Some(conflict),
                stats: self.engine.stats(),
            };
        }
        let limit = limit.unwrap_or(u64::MAX);
        let count = self.engine.count_up_to(limit);
        Count { count, complete: count < limit, invalid: None, stats: self.engine.stats() }
    }

    /// Every solution, lazily, one grid at a time (memory stays flat however many there are).
    ///
    /// # Errors
    /// The conflict, when the givens break a rule.
    ///
    /// # Panics
    /// If the puzzle's size is not the variant's.
    pub fn enumerate(&mut self, puzzle: &Grid) -> Result<Grids<'_, 't>, Conflict> {
        self.load(puzzle)?;
        Ok(Grids { solver: self })
    }

    /// The engine's counters since the current puzzle was loaded.
    pub fn stats(&self) -> Stats {
        self.engine.stats()
    }
}

/// The solutions of one puzzle as grids, from [`Solver::enumerate`].
#[derive(Debug)]
pub struct Grids<'s, 't> {
    solver: &'s mut Solver<'t>,
}

impl Grids<'_, '_> {
    /// The engine's counters so far.
    pub fn stats(&self) -> Stats {
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
