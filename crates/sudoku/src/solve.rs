//! Solving, and the searches that do it, one folder by role:
//!
//! - `door.rs`: [`PuzzleSolver`], the one door through which every puzzle is solved, proved unique,
//!   counted, enumerated and explored; `answer.rs`: what it answers ([`Verdict`], ...);
//!   `givens.rs`: what it takes ([`Givens`]) and gives back
//!   ([`SolutionForm`]); `rules.rs`: [`Rules`], the compiled rules it is made from; `search.rs`:
//!   its [`PuzzleSearch`] (a [`dancer::run::Explore`]) and [`PuzzleSolutions`] (an iterator);
//!   `candidates.rs`: the true candidates of a puzzle ([`TrueCandidates`]);
//! - `strategy.rs`: the one place that chooses a search ([`Backend`](strategy::Backend)) and
//!   makes it ([`strategy::choose`]);
//! - `band/` (the classic 9×9), `bitmask/` (the rest below 16×16) and `wide/` (from 16×16
//!   up): the searches of plain puzzles, and `kit.rs` what they share; the engine is the
//!   `dancer` crate, on a model's encoding;
//! - here: `GridSolver`, the plain back-ends on one reused template (each puzzle commits its
//!   givens, searches, and is reset, with no rebuilding), which the door, the generator and
//!   the rater use (`explore.rs`: its search as an `Explore`; `grids.rs`: its enumeration;
//!   `memo.rs`: memoised counts).

mod answer;
mod band;
pub(crate) mod bitmask;
mod candidates;
mod door;
mod explore;
mod givens;
mod grids;
pub(crate) mod kit;
mod memo;
mod propagate;
pub(crate) use self::propagate::{implied, narrow, PropTables};
mod rules;
mod search;
pub(crate) mod strategy;
pub(crate) mod wide;

use dancer::Stats;

pub use self::{
    answer::{PuzzleCount, PuzzleReport, SolveError, Verdict},
    candidates::TrueCandidates,
    door::PuzzleSolver,
    givens::{Givens, SolutionForm},
    rules::Rules,
    search::{PuzzleSearch, PuzzleSolutions},
};
use self::{
    bitmask::{search::MaskSearch, Deductions, Tables},
    kit::Contradiction,
    strategy::{Chosen, Plain},
};
pub(crate) use self::{explore::GridSearch, grids::Grids};
use crate::encode::Template;
use crate::error::Conflict;
use crate::grid::{Cell, Digit, Grid};

/// What a plain search found for a grid (the door's [`Verdict`], with the conflict itself).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum GridVerdict {
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
pub(crate) struct GridReport {
    /// What was found.
    pub(crate) verdict: GridVerdict,
    /// Nodes and updates spent.
    pub(crate) stats: Stats,
}

/// The number of solutions of a grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct GridCount {
    /// Solutions found.
    pub(crate) count: u64,
    /// False when the limit stopped the count (there may be more).
    pub(crate) complete: bool,
    /// The conflict, when the givens break a rule (the count is then 0).
    pub(crate) invalid: Option<Conflict>,
    /// Nodes and updates spent.
    pub(crate) stats: Stats,
}

/// Solves puzzles of one variant, on [`Grid`]s: the plain back-ends behind the door
/// ([`PuzzleSolver`]), which the generator and the rater use directly. Below 16×16 a depth-first
/// search on candidate bitmasks, with singles at every node (and locked candidates at the
/// root; on the classic 9×9 the band search, with locked candidates at every node), answers
/// `solve` and `count`, and the exact-cover engine `enumerate`, on one reused matrix: each
/// puzzle commits its givens, searches, and is reset, with no rebuilding. From 16×16 up a
/// search on `u64` masks with a trail does all three, guided by a reference solution where
/// the variant has one (docs/design.md). Not `Sync`: give each thread its own solver of the
/// shared [`Template`].
#[derive(Debug)]
pub(crate) struct GridSolver<'t> {
    template: &'t Template,
    /// Below 16×16, for `enumerate` and memoised counts; made on first use.
    engine: Option<dancer::Solver<'t>>,
    /// The searches of the template's back-end ([`strategy::choose`]).
    plain: Plain<'t>,
    /// The counters of the last bitmask or wide search, `None` when the engine did the last
    /// search or the wide search enumerates.
    last: Option<Stats>,
}

impl<'t> GridSolver<'t> {
    /// A solver for puzzles of `template`'s variant.
    pub(crate) fn new(template: &'t Template) -> GridSolver<'t> {
        let Chosen::Plain(plain) = strategy::choose(Some(template)) else {
            unreachable!("a template is a plain variant's, which a plain back-end searches");
        };
        GridSolver::with(template, plain)
    }

    /// A solver of `template`'s puzzles with the searches of its back-end.
    pub(crate) fn with(template: &'t Template, plain: Plain<'t>) -> GridSolver<'t> {
        GridSolver { template, engine: None, plain, last: None }
    }

    /// Loads `puzzle` without `forbidden` into the wide search, with the logical deductions
    /// first; `None` below [`WIDE_FROM`](crate::solve::strategy::WIDE_FROM).
    fn load_wide(
        &mut self,
        puzzle: &Grid,
        forbidden: Option<(Cell, Digit)>,
    ) -> Option<Result<bool, Contradiction>> {
        let Plain::Wide(wide, tables, logic) = &mut self.plain else { return None };
        // A conflict between givens: the search finds it as a contradiction too.
        let path = logic.solve(puzzle).ok();
        Some(wide.load(tables, puzzle, forbidden, path.as_ref().map(|path| &path.end)))
    }

    /// The bitmask search and its tables below 16×16 (made now if not yet).
    fn masks(&mut self) -> Option<(&mut MaskSearch, &'t Tables)> {
        let template = self.template;
        match &mut self.plain {
            Plain::Band(_, masks) => {
                let tables = template.tables().expect("the classic 9×9 has bitmask tables");
                Some((masks.get_or_insert_with(|| MaskSearch::new(tables)), tables))
            }
            Plain::Bitmask(search, tables) => Some((search, *tables)),
            Plain::Wide(..) => None,
        }
    }

    /// The engine's solver of the template, made on first use.
    fn engine(&mut self) -> &mut dancer::Solver<'t> {
        let template = self.template;
        self.engine.get_or_insert_with(|| template.problem().solver())
    }

    fn check_size(&self, puzzle: &Grid) {
        let n = self.template.variant().size();
        assert_eq!(puzzle.size(), n, "a {0}x{0} puzzle given to a {n}x{n} solver", puzzle.size());
    }

    /// Counts the solutions of `puzzle` without `forbidden`, up to `limit`, with the
    /// template's search. `Err` when the givens contradict each other, directly or through
    /// deductions.
    fn search_masks(
        &mut self,
        puzzle: &Grid,
        forbidden: Option<(Cell, Digit)>,
        limit: u64,
    ) -> Result<u64, Contradiction> {
        self.check_size(puzzle);
        let (found, stats) = match &mut self.plain {
            Plain::Band(band, _) => {
                let found = band.count(puzzle, forbidden, limit.max(1));
                let found = found.map(|count| count.min(limit));
                (found, band.stats(*found.as_ref().unwrap_or(&0)))
            }
            Plain::Bitmask(search, tables) => {
                // Locked candidates at the root pay on puzzles to solve (many 17-clue puzzles
                // need them to avoid branching), not on the generator's tests with a digit
                // ruled out.
                let root = if forbidden.is_none() {
                    Deductions::LockedCandidates
                } else {
                    Deductions::HiddenSingles
                };
                let found = search.count(tables, puzzle, forbidden, limit.max(1), root);
                let found = found.map(|count| count.min(limit));
                (found, search.stats(*found.as_ref().unwrap_or(&0)))
            }
            Plain::Wide(wide, tables, logic) => {
                let path = logic.solve(puzzle).ok();
                let end = path.as_ref().map(|path| &path.end);
                let loaded = wide.load(tables, puzzle, forbidden, end);
                let found = loaded.map(|_| wide.walk_up_to(tables, limit.max(1)).min(limit));
                (found, wide.stats(*found.as_ref().unwrap_or(&0)))
            }
        };
        self.last = Some(stats);
        found
    }

    /// The first solution of the last bitmask, band or wide search.
    fn first_found(&self) -> Grid {
        let n = self.template.variant().size();
        let cells = match &self.plain {
            Plain::Band(band, _) => band.first(),
            Plain::Bitmask(search, tables) => search.first(tables),
            Plain::Wide(wide, ..) => wide.first(),
        };
        Grid::from_cells(n, cells)
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
    pub(crate) fn solve(&mut self, puzzle: &Grid) -> GridReport {
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
    pub(crate) fn solve_unique(&mut self, puzzle: &Grid) -> GridReport {
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
    pub(crate) fn count(&mut self, puzzle: &Grid, limit: Option<u64>) -> GridCount {
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
    pub(crate) fn stats(&self) -> Stats {
        if let Some(stats) = self.last {
            return stats;
        }
        match (&self.plain, &self.engine) {
            (Plain::Wide(wide, ..), _) => wide.stats(wide.solutions()),
            (_, Some(engine)) => engine.stats(),
            (_, None) => Stats::default(),
        }
    }
}
