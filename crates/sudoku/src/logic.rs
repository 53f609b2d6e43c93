//! The logical solver: human techniques that find one explained step at a time, defined on
//! regions so that they work for every size and for jigsaw, X and hyper variants alike; and,
//! for every other model, the candidates its constraints leave (`constraints.rs`), from which
//! the game's hints take their singles.
//!
//! [`Candidates`] holds the pencil marks; each [`Technique`] finds a [`Step`] (placements,
//! eliminations and a sentence saying why) or none; [`LogicSolver`] tries them simplest first
//! and [`LogicSolver::solve`] records the [`Path`] until the grid is solved or logic stalls.
//!
//! Unique rectangles and loops and the BUG types reason from uniqueness: they are sound only for puzzles with
//! exactly one solution, and on others may remove a digit that some solution needs.
//!
//! ```
//! use dancer_sudoku::{Grid, Level, LogicSolver, TechniqueKind, Variant};
//!
//! let puzzle = "4..95.1..8.7.2...6..34..9.852...6.3.9...7...4.1.8.3.526.5..93..2...3.4.1..1.84..5";
//! let cells = puzzle.bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect();
//! let solver = LogicSolver::new(&Variant::standard(9)?);
//! let path = solver.solve(&Grid::from_cells(9, cells))?;
//! assert!(path.solved);
//! assert_eq!(path.hardest(), Some(TechniqueKind::NakedSingle));
//! assert_eq!(path.hardest().map(TechniqueKind::level), Some(Level::Easy));
//! assert_eq!(path.steps[0].explanation, "r1c2 = 6: naked single — the only candidate left");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::sync::Arc;

use crate::error::Conflict;
use crate::grid::{Cell, Digit, Grid};
use crate::variant::Variant;

mod als;
mod als_wing;
mod als_xz;
mod bits;
mod blossom;
mod buffers;
mod candidates;
mod chains;
mod coloring;
pub(crate) mod constraints;
mod cycles;
mod direct;
mod exclusion;
mod failures;
mod finned;
mod fish;
mod forcing;
mod geometry;
mod grave;
pub(crate) mod halt;
mod implications;
mod kind_lists;
mod kinds;
mod level;
mod locked;
mod loop_types;
mod loops;
mod multiple;
mod nishio;
mod reach;
mod scale;
mod single_digit;
mod singles;
mod subsets;
mod sue_de_coq;
mod text;
mod uniqueness;
mod variant;
mod variant_chain;
mod variant_links;
mod variant_marks;
mod variant_rate;
mod variant_text;
mod wings;

pub use self::candidates::Candidates;
use self::geometry::Geometry;
pub use self::halt::{within_limits, LogicLimits, LogicStop};
pub use self::kinds::TechniqueKind;
pub use self::level::{Level, UnknownLevel};
pub use self::scale::{chain_length_extra, tenths, ScalePath, ScaleSolver, SeRating, Tenths};
pub use self::variant::VariantLogic;

/// One logical step: what it places and removes, the pattern behind it, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The technique that found it.
    pub technique: TechniqueKind,
    /// The cells the pattern uses (the placed cell for singles).
    pub cells: Vec<Cell>,
    /// The regions the pattern uses, as indices into [`Variant::regions`].
    pub regions: Vec<usize>,
    /// Digits placed.
    pub placements: Vec<(Cell, Digit)>,
    /// Candidates removed.
    pub eliminations: Vec<(Cell, Digit)>,
    /// The step in words, cells named `r4c7` and regions as [`Region`](crate::Region)'s
    /// `Display` names them.
    pub explanation: String,
}

impl Step {
    /// A step that only removes candidates: what every technique but the singles finds.
    #[must_use]
    pub fn eliminating(
        technique: TechniqueKind,
        cells: Vec<Cell>,
        regions: Vec<usize>,
        eliminations: Vec<(Cell, Digit)>,
        explanation: String,
    ) -> Step {
        Step { technique, cells, regions, placements: Vec::new(), eliminations, explanation }
    }
}

/// The explanation.
impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.explanation)
    }
}

/// A technique: finds one step in a position, or none.
///
/// A step always changes the position: it places a digit in a blank cell or removes a
/// candidate still present.
pub trait Technique: Send + Sync {
    /// Which technique this is.
    fn kind(&self) -> TechniqueKind;

    /// One step from `candidates`, if the technique applies; `variant` names regions in the
    /// explanation and must be the variant the candidates were made for.
    fn find(&self, candidates: &Candidates, variant: &Variant) -> Option<Step>;
}

/// The logical solver of one variant: its techniques tried simplest first. `Send + Sync`, so
/// threads can share one.
pub struct LogicSolver {
    variant: Variant,
    geometry: Arc<Geometry>,
    techniques: Vec<Box<dyn Technique>>,
}

impl LogicSolver {
    /// A solver with the techniques of [`TechniqueKind::DEFAULT`], in its order.
    pub fn new(variant: &Variant) -> LogicSolver {
        LogicSolver::with_techniques(variant, &TechniqueKind::DEFAULT)
    }

    /// A solver for hints and explanations: the techniques of [`TechniqueKind::HINTS`], the
    /// default ones and then Sudoku Explainer's exclusions and chains, so that a puzzle it
    /// rates is explained to its end.
    pub fn for_hints(variant: &Variant) -> LogicSolver {
        LogicSolver::with_techniques(variant, &TechniqueKind::HINTS)
    }

    /// A solver with only the given techniques, tried in the order given (a rater can stop at
    /// a level this way).
    pub fn with_techniques(variant: &Variant, kinds: &[TechniqueKind]) -> LogicSolver {
        LogicSolver {
            variant: variant.clone(),
            geometry: Arc::new(Geometry::new(variant)),
            techniques: kinds.iter().map(|kind| kind.technique()).collect(),
        }
    }

    /// The variant.
    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// The techniques, in the order they are tried.
    pub fn kinds(&self) -> impl Iterator<Item = TechniqueKind> + '_ {
        self.techniques.iter().map(|t| t.kind())
    }

    /// The candidates of `grid`, sharing this solver's precomputed layout (cheaper than
    /// [`Candidates::new`] when many puzzles are read).
    ///
    /// # Errors
    /// The first [`Conflict`] when givens repeat a digit in a region.
    ///
    /// # Panics
    /// If the grid's size is not the variant's.
    pub fn candidates(&self, grid: &Grid) -> Result<Candidates, Conflict> {
        Candidates::with_geometry(&self.variant, Arc::clone(&self.geometry), grid)
    }

    /// The next step from this position, by the simplest technique that finds one.
    /// Under [`within_limits`], none once a limit is reached.
    pub fn next_step(&self, candidates: &Candidates) -> Option<Step> {
        let step = self.techniques.iter().find_map(|t| t.find(candidates, &self.variant));
        step.filter(|_| !halt::halted())
    }

    /// Steps until the grid is solved or no technique finds one.
    ///
    /// # Errors
    /// The first [`Conflict`] when givens repeat a digit in a region.
    ///
    /// # Panics
    /// If the grid's size is not the variant's.
    pub fn solve(&self, grid: &Grid) -> Result<Path, Conflict> {
        Ok(self.solve_candidates(self.candidates(grid)?))
    }

    /// Steps from a position (a pencilmark puzzle's candidates, say) until the grid is solved
    /// or no technique finds one (or, under [`within_limits`], a limit is reached).
    ///
    /// # Panics
    /// If the candidates' size is not the variant's.
    pub fn solve_candidates(&self, mut candidates: Candidates) -> Path {
        let mut steps = Vec::with_capacity(candidates.unsolved());
        // The same steps as `next_step`'s, the fish searching only the digits changed since
        // they last found nothing.
        let mut failures = failures::Failures::new(self.techniques.len());
        while !candidates.is_solved() {
            let mut tried = self.techniques.iter().enumerate();
            let next =
                tried.find_map(|(i, t)| failures.find(i, t.as_ref(), &candidates, &self.variant));
            // A step found as a limit struck may not be the simplest: it is left.
            let Some(step) = next.filter(|_| !halt::halted()) else { break };
            candidates.apply(&step);
            steps.push(step);
        }
        Path { steps, solved: candidates.is_solved(), end: candidates }
    }
}

/// The techniques in order.
impl fmt::Debug for LogicSolver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("LogicSolver")
            .field("size", &self.variant.size())
            .field("techniques", &self.kinds().collect::<Vec<_>>())
            .finish_non_exhaustive()
    }
}

/// The steps of a logical solve and where they led.
#[derive(Clone, Debug)]
pub struct Path {
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// Whether they fill the grid (false: logic stalled).
    pub solved: bool,
    /// The position after the last step.
    pub end: Candidates,
}

impl Path {
    /// The hardest technique used: the latest in [`TechniqueKind::ALL`]'s order.
    pub fn hardest(&self) -> Option<TechniqueKind> {
        self.steps.iter().map(|s| s.technique).max()
    }

    /// How many steps each technique took, for the techniques used, simplest first.
    pub fn counts(&self) -> Vec<(TechniqueKind, usize)> {
        TechniqueKind::ALL
            .into_iter()
            .map(|kind| (kind, self.steps.iter().filter(|s| s.technique == kind).count()))
            .filter(|&(_, count)| count > 0)
            .collect()
    }
}

/// Shared by the techniques' unit tests: positions built by hand from blank grids.
#[cfg(test)]
mod testing {
    use super::{Candidates, Step, Technique};
    use crate::grid::{Cell, Digit, Grid};
    use crate::variant::Variant;

    /// `r4c7` in a grid of side `size`.
    pub(super) fn at(size: usize, name: &str) -> Cell {
        let (row, col) = name[1..].split_once('c').expect("rXcY");
        (row.parse::<usize>().unwrap() - 1) * size + col.parse::<usize>().unwrap() - 1
    }

    /// Cells named `r1c1 r2c5 ...`.
    pub(super) fn cells(size: usize, names: &str) -> Vec<Cell> {
        names.split_whitespace().map(|name| at(size, name)).collect()
    }

    /// The blank position of a variant.
    pub(super) fn blank(variant: &Variant) -> Candidates {
        Candidates::new(variant, &Grid::empty(variant.size())).unwrap()
    }

    /// Leaves `cell` only the given digits.
    pub(super) fn keep(candidates: &mut Candidates, cell: Cell, digits: &[Digit]) {
        for d in 1..=candidates.size() as Digit {
            if !digits.contains(&d) {
                candidates.eliminate(cell, d);
            }
        }
    }

    /// Removes `digit` from every cell but `cells` in the listed regions.
    pub(super) fn confine(candidates: &mut Candidates, region: &[Cell], cells: &[Cell], d: Digit) {
        for &cell in region.iter().filter(|c| !cells.contains(c)) {
            candidates.eliminate(cell, d);
        }
    }

    /// The step a technique finds, which must exist.
    pub(super) fn fire(technique: &dyn Technique, candidates: &Candidates, v: &Variant) -> Step {
        let step = technique.find(candidates, v).expect("the technique fires");
        assert_eq!(step.technique, technique.kind());
        step
    }

    /// Sorted eliminations, for comparing with expectations.
    pub(super) fn sorted(mut list: Vec<(Cell, Digit)>) -> Vec<(Cell, Digit)> {
        list.sort_unstable();
        list
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use TechniqueKind::{HiddenSingle, NakedPair, NakedSingle, Pointing};

    /// The contest puzzle of `data/puzzles`: singles, then pointing and a naked pair.
    const CONTEST: &str =
        "030605000600090002070100006090000000810050069000000080400003020900020005000908030";

    fn grid(line: &str) -> Grid {
        Grid::from_cells(9, line.bytes().map(|b| b - b'0').collect())
    }

    #[test]
    fn a_solver_of_singles_stalls_where_the_full_one_goes_on() {
        let variant = Variant::standard(9).unwrap();
        let full = LogicSolver::new(&variant).solve(&grid(CONTEST)).unwrap();
        assert!(full.solved);
        assert_eq!(full.hardest(), Some(NakedPair));
        assert_eq!(
            full.counts(),
            [(NakedSingle, 40), (HiddenSingle, 16), (Pointing, 3), (NakedPair, 1)]
        );
        let solution =
            "239645817641897352578132496796281543812354769354769281467513928983426175125978634";
        assert_eq!(full.end.grid().to_string(), solution);
        let singles = LogicSolver::with_techniques(&variant, &[NakedSingle, HiddenSingle]);
        assert_eq!(singles.kinds().collect::<Vec<_>>(), [NakedSingle, HiddenSingle]);
        let stalled = singles.solve(&grid(CONTEST)).unwrap();
        assert!(!stalled.solved && stalled.end.unsolved() > 0);
        assert!(stalled.steps.iter().all(|s| s.technique <= HiddenSingle));
        let next = LogicSolver::new(&variant).next_step(&stalled.end).unwrap();
        assert_eq!(next.technique, Pointing);
    }

    #[test]
    fn conflicting_givens_are_errors_and_solvers_are_shared_across_threads() {
        fn shared<T: Send + Sync>() {}
        shared::<LogicSolver>();
        shared::<Candidates>();
        let mut puzzle = grid(CONTEST);
        puzzle.set(0, Some(3));
        let conflict = LogicSolver::new(&Variant::standard(9).unwrap()).solve(&puzzle).unwrap_err();
        assert_eq!(conflict.to_string(), "r1c2 repeats 3 of r1c1 in row 1");
    }
}
