//! [`Solver`]: solve, prove unique, count and enumerate puzzles of one variant on one reused
//! template: each puzzle commits its givens, searches, and is reset, with no rebuilding.

mod explore;

use std::iter::FusedIterator;

use dancer::Stats;

pub use self::explore::PuzzleSearch;
use crate::{
    propagate::{search::Search, Contradiction, Deductions},
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

/// An outcome with the search's counters for this puzzle (see [`Solver::stats`]).
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

/// Solves puzzles of one variant. Below 16×16 a depth-first search on candidate bitmasks,
/// with singles at every node (and locked candidates at the root), answers `solve` and `count`; from 16×16
/// up, and for `enumerate` at every size, the exact-cover engine searches one reused matrix:
/// each puzzle commits its givens, searches, and is reset, with no rebuilding. Not `Sync`: give
/// each thread its own solver of the shared [`Template`].
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
    /// For the others: the bitmask search.
    search: Option<Search>,
    /// The counters of the last bitmask search, `None` when the engine did the last search.
    last: Option<Stats>,
}

/// From this size up, the solver first applies logical deductions that hold in every solution
/// (all techniques but those assuming uniqueness) and commits them with the givens. The
/// solutions are the same, but plain MRV search on a 25×25 can wander for hours where these
/// deductions finish the grid in milliseconds. Below it, the bitmask search does the work.
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
        let search = template.tables().map(Search::new);
        Solver { template, engine: template.problem().solver(), logic, search, last: None }
    }

    /// The template.
    pub fn template(&self) -> &'t Template {
        self.template
    }

    fn check_size(&self, puzzle: &Grid) {
        let n = self.template.variant().size();
        assert_eq!(puzzle.size(), n, "a {0}x{0} puzzle given to a {n}x{n} solver", puzzle.size());
    }

    /// Counts the solutions of `puzzle` without `forbidden`, up to `limit`, with the bitmask
    /// search; `None` when the variant has none (from [`LOGIC_FIRST`] up). `Err` when the
    /// givens contradict each other, directly or through deductions.
    fn search_masks(
        &mut self,
        puzzle: &Grid,
        forbidden: Option<(Cell, Digit)>,
        limit: u64,
    ) -> Option<Result<u64, Contradiction>> {
        // Locked candidates at the root pay on puzzles to solve (many 17-clue puzzles need
        // them to avoid branching), not on the generator's tests with a digit ruled out.
        let root = if forbidden.is_none() {
            Deductions::LockedCandidates
        } else {
            Deductions::HiddenSingles
        };
        self.check_size(puzzle);
        let (search, tables) = (self.search.as_mut()?, self.template.tables()?);
        let found = search.count(tables, puzzle, forbidden, limit.max(1), root);
        let found = found.map(|count| count.min(limit));
        self.last = Some(search.stats(*found.as_ref().unwrap_or(&0)));
        Some(found)
    }

    /// The first solution of the last bitmask search.
    fn first_found(&self) -> Grid {
        let (Some(search), Some(tables)) = (&self.search, self.template.tables()) else {
            unreachable!("only called after a bitmask search");
        };
        Grid::from_cells(self.template.variant().size(), search.first(tables))
    }

    /// `Outcome::Invalid` when the givens break a rule directly, else `Outcome::None`.
    fn none_or_invalid(&self, puzzle: &Grid) -> Outcome {
        self.template.variant().check(puzzle).map_or_else(Outcome::Invalid, |()| Outcome::None)
    }

    /// Resets the engine and commits the givens of `puzzle`, with what the deductions before
    /// the search found.
    fn load(&mut self, puzzle: &Grid) -> Result<(), Conflict> {
        self.check_size(puzzle);
        self.engine.reset();
        self.engine.reset_stats();
        self.last = None;
        if let Some(logic) = &self.logic {
            if let Ok(path) = logic.solve(puzzle) {
                if self.commit_givens(&path.end.grid()) {
                    return Ok(());
                }
                // Deductions from givens with no solution may contradict each other: search
                // the givens alone, which finds no solution (or names the conflict).
                self.engine.reset();
            }
        } else if let (Some(search), Some(tables)) = (&mut self.search, self.template.tables()) {
            // After a contradiction, the engine finds that there is nothing to enumerate.
            if search.deduce(tables, puzzle, None, Deductions::LockedCandidates).is_ok() {
                let template = self.template;
                let placed = search.first(tables);
                let placed = placed.iter().enumerate().filter(|(_, &digit)| digit != 0);
                let options = placed.map(|(cell, &digit)| template.option(cell, digit));
                self.engine
                    .commit_all(options)
                    .expect("placements that passed the bitmask checks fit together");
                return Ok(());
            }
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
        let outcome = match self.search_masks(puzzle, None, 1) {
            Some(Ok(0)) => Outcome::None,
            Some(Ok(_)) => Outcome::Solved(self.first_found()),
            Some(Err(Contradiction)) => self.none_or_invalid(puzzle),
            None => match self.load(puzzle) {
                Err(conflict) => Outcome::Invalid(conflict),
                Ok(()) => self.next_grid().map_or(Outcome::None, Outcome::Solved),
            },
        };
        Report { outcome, stats: self.stats() }
    }

    /// A solution, and whether it is the only one (the search stops at a second).
    ///
    /// # Panics
    /// If the puzzle's size is not the variant's.
    pub fn solve_unique(&mut self, puzzle: &Grid) -> Report {
        let outcome = match self.search_masks(puzzle, None, 2) {
            Some(Ok(0)) => Outcome::None,
            Some(Ok(1)) => Outcome::Unique(self.first_found()),
            Some(Ok(_)) => Outcome::Multiple(self.first_found()),
            Some(Err(Contradiction)) => self.none_or_invalid(puzzle),
            None => match self.load(puzzle) {
                Err(conflict) => Outcome::Invalid(conflict),
                Ok(()) => match self.next_grid() {
                    None => Outcome::None,
                    Some(grid) if self.engine.next_solution().is_some() => Outcome::Multiple(grid),
                    Some(grid) => Outcome::Unique(grid),
                },
            },
        };
        Report { outcome, stats: self.stats() }
    }

    /// The number of solutions, stopping at `limit` when given.
    ///
    /// # Panics
    /// If the puzzle's size is not the variant's.
    pub fn count(&mut self, puzzle: &Grid, limit: Option<u64>) -> Count {
        let limit = limit.unwrap_or(u64::MAX);
        let counted = match self.search_masks(puzzle, None, limit) {
            Some(Ok(count)) => Ok(count),
            Some(Err(Contradiction)) => self.template.variant().check(puzzle).map(|()| 0),
            None => self.load(puzzle).map(|()| self.engine.count_up_to(limit)),
        };
        match counted {
            Ok(count) => {
                Count { count, complete: count < limit, invalid: None, stats: self.stats() }
            }
            Err(conflict) => {
                Count { count: 0, complete: true, invalid: Some(conflict), stats: self.stats() }
            }
        }
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

    /// Whether `puzzle` has a solution without `digit` in `cell`, an open cell. The
    /// generator's test for removing a clue from a unique puzzle: only a solution other than
    /// the known one avoids the clue's digit. The bitmask search rules the digit out from the
    /// start; the engine (from [`LOGIC_FIRST`] up) searches the puzzle, and at most one
    /// solution it finds (the known one) can hold the digit.
    pub(crate) fn has_solution_without(&mut self, puzzle: &Grid, cell: Cell, digit: Digit) -> bool {
        if let Some(found) = self.search_masks(puzzle, Some((cell, digit)), 1) {
            return found.is_ok_and(|count| count > 0);
        }
        if self.load(puzzle).is_err() {
            return false;
        }
        let option = self.template.option(cell, digit);
        while let Some(solution) = self.engine.next_solution() {
            if !solution.contains(&option) {
                return true;
            }
        }
        false
    }

    /// Whether `puzzle` has exactly one solution, when the bitmask search can tell quickly;
    /// `None` from [`LOGIC_FIRST`] up, where it is not used.
    pub(crate) fn unique_by_masks(&mut self, puzzle: &Grid) -> Option<bool> {
        Some(matches!(self.search_masks(puzzle, None, 2)?, Ok(1)))
    }

    /// The counters of the last search: the bitmask search's (nodes: branches tried, the root
    /// included; updates: candidates eliminated), or the engine's since the current puzzle was
    /// loaded.
    pub fn stats(&self) -> Stats {
        self.last.unwrap_or_else(|| self.engine.stats())
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
