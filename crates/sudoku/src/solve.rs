//! Solving, and the searches that do it, one folder by role:
//!
//! - `rules.rs`, `search.rs`: [`Rules`] and [`ModelSolver`], the calls every puzzle takes;
//! - `strategy.rs`: the one place that chooses a search ([`Backend`](strategy::Backend));
//! - `band/` (the classic 9×9), `bitmask/` (the rest below 16×16) and `wide/` (from 16×16
//!   up): the searches of plain puzzles, and
//!   `kit.rs` what they share; the engine is the `dancer` crate, on a model's encoding;
//! - here: [`GridSolver`], which solves, proves unique, counts and enumerates puzzles of one
//!   variant on one reused template: each puzzle commits its givens, searches, and is reset,
//!   with no rebuilding (`explore.rs`: its search as an `Explore`; `grids.rs`: its enumeration; `memo.rs`:
//!   memoised counts).

mod band;
pub(crate) mod bitmask;
mod explore;
mod grids;
pub(crate) mod kit;
mod memo;
mod rules;
mod search;
pub(crate) mod strategy;
pub(crate) mod wide;

use dancer::Stats;

use self::{
    band::BandSearch,
    bitmask::{search::MaskSearch, Deductions, Tables},
    kit::Contradiction,
    strategy::Backend,
    wide::WideSearch,
};
pub use self::{
    explore::GridSearch,
    grids::Grids,
    memo::MemoCount,
    rules::{ModelCount, ModelReport, ModelSolver, Rules, SolveError, Verdict},
    search::{ModelSearch, ModelSolutions},
};
use crate::encode::Template;
use crate::error::Conflict;
use crate::grid::{Cell, Digit, Grid};
use crate::logic::{LogicSolver, TechniqueKind};
use crate::variant::Variant;

/// What solving a puzzle found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GridVerdict {
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

/// A verdict with the search's counters for this puzzle (see [`GridSolver::stats`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridReport {
    /// What was found.
    pub verdict: GridVerdict,
    /// Nodes and updates spent.
    pub stats: Stats,
}

/// The number of solutions of a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridCount {
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
/// with singles at every node (and locked candidates at the root; on the classic 9×9 the band
/// search, with locked candidates at every node), answers `solve` and `count`, and the
/// exact-cover engine `enumerate`, on one reused matrix: each puzzle commits
/// its givens, searches, and is reset, with no rebuilding. From 16×16 up a search on `u64`
/// masks with a trail does all three, guided by a reference solution where the variant has
/// one (docs/design.md). Not `Sync`: give each thread its own solver of the shared
/// [`Template`].
///
/// ```
/// use dancer_sudoku::{Grid, GridVerdict, GridSolver, Template, Variant};
///
/// let template = Template::new(Variant::standard(4)?);
/// let mut solver = GridSolver::new(&template);
/// assert_eq!(solver.count(&Grid::empty(4), None).count, 288);
/// let report = solver.solve_unique(&Grid::empty(4));
/// assert!(matches!(report.verdict, GridVerdict::Multiple(_)));
/// # Ok::<(), dancer_sudoku::VariantError>(())
/// ```
#[derive(Debug)]
pub struct GridSolver<'t> {
    template: &'t Template,
    /// Below 16×16, for `enumerate`; made on first use.
    engine: Option<dancer::Solver<'t>>,
    /// Below 16×16: the bitmask search; for the classic 9×9 made on first use (an
    /// enumeration), since the band search does the rest.
    search: Option<MaskSearch>,
    /// The classic 9×9: the band search, which solves, proves unique and counts.
    band: Option<BandSearch>,
    /// From 16×16 up: the wide search.
    wide: Option<WideSearch>,
    /// From 16×16 up: the deductions made before the wide search (see [`WIDE_FROM`](crate::solve::strategy::WIDE_FROM)).
    logic: Option<LogicSolver>,
    /// The counters of the last bitmask or wide search, `None` when the engine did the last
    /// search or the wide search enumerates.
    last: Option<Stats>,
}

/// The logical solver with the techniques whose deductions hold in every solution: all but
/// those that assume the puzzle is unique (unique rectangle, BUG+1).
pub(crate) fn sound_logic(variant: &Variant) -> LogicSolver {
    let sound: Vec<TechniqueKind> = TechniqueKind::ALL
        .into_iter()
        .filter(|kind| !matches!(kind, TechniqueKind::UniqueRectangle | TechniqueKind::BugPlusOne))
        .collect();
    LogicSolver::with_techniques(variant, &sound)
}

impl<'t> GridSolver<'t> {
    /// A solver for puzzles of `template`'s variant.
    pub fn new(template: &'t Template) -> GridSolver<'t> {
        let band = (template.backend() == Backend::Band).then(BandSearch::new);
        let search = if band.is_some() { None } else { template.tables().map(MaskSearch::new) };
        let wide = template.wide().map(WideSearch::new);
        let logic = wide.is_some().then(|| sound_logic(template.variant()));
        GridSolver { template, engine: None, search, band, wide, logic, last: None }
    }

    /// Loads `puzzle` without `forbidden` into the wide search, with the logical deductions
    /// first; `None` below [`WIDE_FROM`](crate::solve::strategy::WIDE_FROM).
    fn load_wide(
        &mut self,
        puzzle: &Grid,
        forbidden: Option<(Cell, Digit)>,
    ) -> Option<Result<bool, Contradiction>> {
        let (wide, tables) = (self.wide.as_mut()?, self.template.wide()?);
        // A conflict between givens: the search finds it as a contradiction too.
        let path = self.logic.as_ref().and_then(|logic| logic.solve(puzzle).ok());
        Some(wide.load(tables, puzzle, forbidden, path.as_ref().map(|path| &path.end)))
    }

    /// The bitmask search and its tables below 16×16 (made now if not yet).
    fn masks(&mut self) -> Option<(&mut MaskSearch, &'t Tables)> {
        let tables = self.template.tables()?;
        Some((self.search.get_or_insert_with(|| MaskSearch::new(tables)), tables))
    }

    /// The engine's solver of the template, made on first use.
    fn engine(&mut self) -> &mut dancer::Solver<'t> {
        let template = self.template;
        self.engine.get_or_insert_with(|| template.problem().solver())
    }

    /// The template.
    pub fn template(&self) -> &'t Template {
        self.template
    }

    fn check_size(&self, puzzle: &Grid) {
        let n = self.template.variant().size();
        assert_eq!(puzzle.size(), n, "a {0}x{0} puzzle given to a {n}x{n} solver", puzzle.size());
    }

    /// Counts the solutions of `puzzle` without `forbidden`, up to `limit`, with the band
    /// search on the classic 9×9, the bitmask search on the rest below 16×16 and the wide
    /// search from there up. `Err` when the givens
    /// contradict each other, directly or through deductions.
    fn search_masks(
        &mut self,
        puzzle: &Grid,
        forbidden: Option<(Cell, Digit)>,
        limit: u64,
    ) -> Result<u64, Contradiction> {
        self.check_size(puzzle);
        let template = self.template;
        if let Some(band) = &mut self.band {
            let found = band.count(puzzle, forbidden, limit.max(1)).map(|count| count.min(limit));
            self.last = Some(band.stats(*found.as_ref().unwrap_or(&0)));
            found
        } else if let (Some(search), Some(tables)) = (&mut self.search, template.tables()) {
            // Locked candidates at the root pay on puzzles to solve (many 17-clue puzzles
            // need them to avoid branching), not on the generator's tests with a digit ruled
            // out.
            let root = if forbidden.is_none() {
                Deductions::LockedCandidates
            } else {
                Deductions::HiddenSingles
            };
            let found = search.count(tables, puzzle, forbidden, limit.max(1), root);
            let found = found.map(|count| count.min(limit));
            self.last = Some(search.stats(*found.as_ref().unwrap_or(&0)));
            found
        } else {
            let loaded = self.load_wide(puzzle, forbidden);
            let loaded = loaded.expect("every size has the bitmask search or the wide search");
            let (Some(wide), Some(tables)) = (&mut self.wide, template.wide()) else {
                unreachable!("loaded above");
            };
            let found = loaded.map(|_| wide.walk_up_to(tables, limit.max(1)).min(limit));
            self.last = Some(wide.stats(*found.as_ref().unwrap_or(&0)));
            found
        }
    }

    /// The first solution of the last bitmask or wide search.
    fn first_found(&self) -> Grid {
        let n = self.template.variant().size();
        if let Some(band) = &self.band {
            return Grid::from_cells(n, band.first());
        }
        match (&self.search, self.template.tables(), &self.wide) {
            (Some(search), Some(tables), _) => Grid::from_cells(n, search.first(tables)),
            (_, _, Some(wide)) => Grid::from_cells(n, wide.first()),
            _ => unreachable!("only called after a bitmask or wide search"),
        }
    }

    /// `GridVerdict::Invalid` when the givens break a rule directly, else `GridVerdict::None`.
    fn none_or_invalid(&self, puzzle: &Grid) -> GridVerdict {
        self.template
            .variant()
            .check(puzzle)
            .map_or_else(GridVerdict::Invalid, |()| GridVerdict::None)
    }

    /// Resets the engine (below 16×16) and commits the givens of `puzzle`, with what the
    /// bitmask deductions found; from 16×16 up, loads the puzzle into the wide search.
    fn load(&mut self, puzzle: &Grid) -> Result<(), Conflict> {
        self.check_size(puzzle);
        self.last = None;
        let template = self.template;
        if let Some(loaded) = self.load_wide(puzzle, None) {
            if loaded.is_err() {
                // A contradiction from the givens: a broken rule, or no solution (a dead
                // root, which the search then enters and leaves).
                template.variant().check(puzzle)?;
            }
            return Ok(());
        }
        self.load_engine(puzzle)
    }

    /// Resets the engine and commits the givens of `puzzle`, or below 16×16 every placement
    /// the bitmask deductions find (they hold in every solution, so the solutions are the
    /// same and the engine has less to search).
    fn load_engine(&mut self, puzzle: &Grid) -> Result<(), Conflict> {
        let template = self.template;
        let engine = self.engine();
        engine.reset();
        engine.reset_stats();
        if let Some((search, tables)) = self.masks() {
            // After a contradiction, the engine finds that there is nothing to enumerate.
            if search.deduce(tables, puzzle, None, Deductions::LockedCandidates).is_ok() {
                let placed = search.first(tables);
                let placed = placed.iter().enumerate().filter(|(_, &digit)| digit != 0);
                let options = placed.map(|(cell, &digit)| template.option(cell, digit));
                self.engine()
                    .commit_all(options)
                    .expect("placements that passed the bitmask checks fit together");
                return Ok(());
            }
        }
        if self.commit_givens(puzzle) {
            return Ok(());
        }
        self.engine().reset();
        // Two givens share an item exactly when they share a region and a digit.
        let conflict = self.template.variant().check(puzzle);
        Err(conflict.expect_err("a clash between givens is a repeated digit"))
    }

    /// Commits every given of `grid`; false (with some committed) on a clash.
    fn commit_givens(&mut self, grid: &Grid) -> bool {
        let template = self.template;
        let engine = self.engine();
        grid.givens().all(|(cell, digit)| engine.commit(template.option(cell, digit)).is_ok())
    }

    /// The first solution found.
    ///
    /// # Panics
    /// If the puzzle's size is not the variant's.
    pub fn solve(&mut self, puzzle: &Grid) -> GridReport {
        let outcome = match self.search_masks(puzzle, None, 1) {
            Ok(0) => GridVerdict::None,
            Ok(_) => GridVerdict::Solved(self.first_found()),
            Err(Contradiction) => self.none_or_invalid(puzzle),
        };
        GridReport { verdict: outcome, stats: self.stats() }
    }

    /// A solution, and whether it is the only one (the search stops at a second).
    ///
    /// # Panics
    /// If the puzzle's size is not the variant's.
    pub fn solve_unique(&mut self, puzzle: &Grid) -> GridReport {
        let outcome = match self.search_masks(puzzle, None, 2) {
            Ok(0) => GridVerdict::None,
            Ok(1) => GridVerdict::Unique(self.first_found()),
            Ok(_) => GridVerdict::Multiple(self.first_found()),
            Err(Contradiction) => self.none_or_invalid(puzzle),
        };
        GridReport { verdict: outcome, stats: self.stats() }
    }

    /// The number of solutions, stopping at `limit` when given.
    ///
    /// # Panics
    /// If the puzzle's size is not the variant's.
    pub fn count(&mut self, puzzle: &Grid, limit: Option<u64>) -> GridCount {
        let limit = limit.unwrap_or(u64::MAX);
        let counted = match self.search_masks(puzzle, None, limit) {
            Ok(count) => Ok(count),
            Err(Contradiction) => self.template.variant().check(puzzle).map(|()| 0),
        };
        match counted {
            Ok(count) => {
                GridCount { count, complete: count < limit, invalid: None, stats: self.stats() }
            }
            Err(conflict) => {
                GridCount { count: 0, complete: true, invalid: Some(conflict), stats: self.stats() }
            }
        }
    }

    /// Whether `puzzle` has a solution without `digit` in `cell`, an open cell. The
    /// generator's test for removing a clue from a unique puzzle: only a solution other than
    /// the known one avoids the clue's digit, which the search rules out from the start.
    pub(crate) fn has_solution_without(&mut self, puzzle: &Grid, cell: Cell, digit: Digit) -> bool {
        self.search_masks(puzzle, Some((cell, digit)), 1).is_ok_and(|count| count > 0)
    }

    /// Whether `puzzle` has exactly one solution.
    pub(crate) fn is_unique(&mut self, puzzle: &Grid) -> bool {
        matches!(self.search_masks(puzzle, None, 2), Ok(1))
    }

    /// The counters of the last search: the bitmask or wide search's (nodes: branches tried,
    /// the root included; updates: candidates eliminated), or the engine's since the current
    /// puzzle was loaded.
    pub fn stats(&self) -> Stats {
        if let Some(stats) = self.last {
            return stats;
        }
        match (&self.wide, &self.engine) {
            (Some(wide), _) => wide.stats(wide.solutions()),
            (None, Some(engine)) => engine.stats(),
            (None, None) => Stats::default(),
        }
    }
}
