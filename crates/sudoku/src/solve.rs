//! [`Solver`]: solve, prove unique, count and enumerate puzzles of one variant on one reused
//! template: each puzzle commits its givens, searches, and is reset, with no rebuilding.

use std::iter::FusedIterator;

use dancer::Stats;

use crate::{
    propagate::{Contradiction, Propagation},
    Cell, Conflict, Digit, Grid, LogicSolver, TechniqueKind, Template,
};

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

/// An outcome with the engine's counters for this puzzle (commits included; 0 when the bitmask
/// pass before the search filled the grid).
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
    /// For the others: the bitmask pass of singles and locked candidates.
    propagation: Option<Propagation>,
}

/// What loading a puzzle left to do.
enum Loaded {
    /// The engine holds the givens and the deductions: search.
    Search,
    /// The deductions filled the grid: the only solution.
    Solved(Grid),
    /// The deductions found a contradiction between consistent givens: no solution.
    NoSolution,
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
        let propagation = template.tables().map(|_| Propagation::default());
        Solver { template, engine: template.problem().solver(), logic, propagation }
    }

    /// The template.
    pub fn template(&self) -> &'t Template {
        self.template
    }

    /// Resets the engine and commits the givens of `puzzle`, with what the deductions before
    /// the search found. With `finish`, a puzzle those deductions settle is not committed.
    fn load(&mut self, puzzle: &Grid, finish: bool) -> Result<Loaded, Conflict> {
        self.load_forbidding(puzzle, finish, None)
    }

    /// [`load`](Self::load), with `forbidden` ruled out by the bitmask pass when there is one
    /// (the engine does not know of it: callers check the solutions it finds).
    fn load_forbidding(
        &mut self,
        puzzle: &Grid,
        finish: bool,
        forbidden: Option<(Cell, Digit)>,
    ) -> Result<Loaded, Conflict> {
        let n = self.template.variant().size();
        assert_eq!(puzzle.size(), n, "a {0}x{0} puzzle given to a {n}x{n} solver", puzzle.size());
        self.engine.reset();
        self.engine.reset_stats();
        if let Some(logic) = &self.logic {
            if let Ok(path) = logic.solve(puzzle) {
                if self.commit_givens(&path.end.grid()) {
                    return Ok(Loaded::Search);
                }
                // Deductions from givens with no solution may contradict each other: search
                // the givens alone, which finds no solution (or names the conflict).
                self.engine.reset();
            }
        } else if let (Some(state), Some(tables)) = (&mut self.propagation, self.template.tables())
        {
            match state.run(tables, self.template.variant(), puzzle, forbidden) {
                Ok(true) if finish => {
                    return Ok(Loaded::Solved(Grid::from_cells(n, state.placed().to_vec())))
                }
                Ok(_) => {
                    let template = self.template;
                    let placed = state.placed().iter().enumerate().filter(|(_, &d)| d != 0);
                    let options = placed.map(|(cell, &digit)| template.option(cell, digit));
                    self.engine
                        .commit_all(options)
                        .expect("placements that passed the bitmask checks fit together");
                    return Ok(Loaded::Search);
                }
                Err(Contradiction) if finish => {
                    return self.template.variant().check(puzzle).map(|()| Loaded::NoSolution);
                }
                // Enumerating: let the engine find that there is nothing to enumerate.
                Err(Contradiction) => {}
            }
        }
        if self.commit_givens(puzzle) {
            return Ok(Loaded::Search);
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
        let outcome = match self.load(puzzle, true) {
            Err(conflict) => Outcome::Invalid(conflict),
            Ok(Loaded::Solved(grid)) => Outcome::Solved(grid),
            Ok(Loaded::NoSolution) => Outcome::None,
            Ok(Loaded::Search) => self.next_grid().map_or(Outcome::None, Outcome::Solved),
        };
        Report { outcome, stats: self.engine.stats() }
    }

    /// A solution, and whether it is the only one (the search stops at a second).
    ///
    /// # Panics
    /// If the puzzle's size is not the variant's.
    pub fn solve_unique(&mut self, puzzle: &Grid) -> Report {
        let outcome = match self.load(puzzle, true) {
            Err(conflict) => Outcome::Invalid(conflict),
            Ok(Loaded::Solved(grid)) => Outcome::Unique(grid),
            Ok(Loaded::NoSolution) => Outcome::None,
            Ok(Loaded::Search) => match self.next_grid() {
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
        let limit = limit.unwrap_or(u64::MAX);
        let count = match self.load(puzzle, true) {
            Err(conflict) => {
                return Count {
                    count: 0,
                    complete: true,
                    invalid: Some(conflict),
                    stats: self.engine.stats(),
                };
            }
            Ok(Loaded::Solved(_)) => 1.min(limit),
            Ok(Loaded::NoSolution) => 0,
            Ok(Loaded::Search) => self.engine.count_up_to(limit),
        };
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
        self.load(puzzle, false)?;
        Ok(Grids { solver: self })
    }

    /// Whether `puzzle` has a solution without `digit` in `cell`, an open cell. The
    /// generator's test for removing a clue from a unique puzzle: only a solution other than
    /// the known one avoids the clue's digit. The bitmask pass runs with the digit ruled out,
    /// which usually settles it; otherwise the engine searches what the pass left, and at most
    /// one solution it finds (the known one) can hold the digit.
    pub(crate) fn has_solution_without(&mut self, puzzle: &Grid, cell: Cell, digit: Digit) -> bool {
        match self.load_forbidding(puzzle, true, Some((cell, digit))) {
            Err(_) | Ok(Loaded::NoSolution) => false,
            Ok(Loaded::Solved(_)) => true,
            Ok(Loaded::Search) => {
                let option = self.template.option(cell, digit);
                while let Some(solution) = self.engine.next_solution() {
                    if !solution.contains(&option) {
                        return true;
                    }
                }
                false
            }
        }
    }

    /// Whether the bitmask pass alone fills `puzzle` (which proves it unique); false when it
    /// does not, or when the variant has no pass (from [`LOGIC_FIRST`] up).
    pub(crate) fn deductions_fill(&mut self, puzzle: &Grid) -> bool {
        let (Some(state), Some(tables)) = (&mut self.propagation, self.template.tables()) else {
            return false;
        };
        state.run(tables, self.template.variant(), puzzle, None) == Ok(true)
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
