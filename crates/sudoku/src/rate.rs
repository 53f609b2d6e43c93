//! [`Rater`]: how hard a puzzle is, from the hardest technique its logical path needs; when
//! logic stalls, the puzzle is extreme and the engine's search nodes measure how much search
//! the rest takes.

use std::fmt;

use crate::encode::Template;
use crate::error::Conflict;
use crate::grid::Grid;
use crate::logic::halt::halted;
use crate::logic::{Level, LogicSolver, Path, ScaleSolver, SeRating, TechniqueKind};
use crate::model::Broken;
use crate::solve::{GridSolver, GridVerdict};

/// The clue-count bands some papers rate 9×9 puzzles by; given for reference only, since the
/// number of clues says little about difficulty.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClueBand {
    /// 38 to 46 clues.
    Easy,
    /// 32 to 37 clues.
    Difficult,
    /// 17 to 27 clues.
    Evil,
    /// Outside those bands, or not a 9×9.
    None,
}

impl ClueBand {
    /// The band of a puzzle of side `size` with `clues` givens.
    pub fn of(size: usize, clues: usize) -> ClueBand {
        match (size, clues) {
            (9, 38..=46) => ClueBand::Easy,
            (9, 32..=37) => ClueBand::Difficult,
            (9, 17..=27) => ClueBand::Evil,
            _ => ClueBand::None,
        }
    }

    /// Its name: `easy`, `difficult`, `evil` or `none`.
    pub fn name(self) -> &'static str {
        match self {
            ClueBand::Easy => "easy",
            ClueBand::Difficult => "difficult",
            ClueBand::Evil => "evil",
            ClueBand::None => "none",
        }
    }
}

/// A puzzle's rating.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rating {
    /// The level: the hardest technique's, or extreme when logic stalls.
    pub level: Level,
    /// Logical steps taken (until solved or stuck).
    pub steps: usize,
    /// The hardest technique used, if any step was taken.
    pub hardest: Option<TechniqueKind>,
    /// Whether logic alone solved it.
    pub solved_by_logic: bool,
    /// Its clue-count band (by clues, not by technique).
    pub clue_band: ClueBand,
    /// Search-tree nodes the engine needed to finish from where logic stalled (0 when logic
    /// solved it).
    pub nodes: u64,
    /// ER, EP and ED on Sudoku Explainer's scale, from a walk in its order
    /// ([`ScaleSolver`]).
    pub se: SeRating,
}

impl Rating {
    /// The name of the hardest technique, `search` when logic stalled, `none` when no step was
    /// needed.
    pub fn hardest_name(&self) -> &'static str {
        match (self.solved_by_logic, self.hardest) {
            (false, _) => "search",
            (true, Some(kind)) => kind.name(),
            (true, None) => "none",
        }
    }
}

/// The output contract of `sudoku rate`: `LEVEL STEPS HARDEST ER/EP/ED`, e.g.
/// `hard 54 swordfish 3.8/1.2/1.2` (ER `-` when logic stalls).
impl fmt::Display for Rating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {} {}", self.level, self.steps, self.hardest_name(), self.se)
    }
}

/// Why a puzzle has no rating: only puzzles with exactly one solution are rated, since some
/// techniques (unique rectangles and loops, BUG) rely on uniqueness.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RateError {
    /// The givens break a rule.
    #[error("invalid: {0}")]
    Invalid(Conflict),
    /// The givens break a constraint of a variant's model (a cage, a dot, a line, ...).
    #[error("invalid: {0}")]
    Broken(Broken),
    /// No solution.
    #[error("no solution")]
    NoSolution,
    /// More than one solution.
    #[error("more than one solution")]
    NotUnique,
}

/// Rates puzzles of one variant, reusing a logical solver and an engine solver.
#[derive(Debug)]
pub struct Rater<'t> {
    logic: LogicSolver,
    hints: LogicSolver,
    scale: ScaleSolver,
    solver: GridSolver<'t>,
}

impl<'t> Rater<'t> {
    /// A rater for `template`'s variant.
    pub fn new(template: &'t Template) -> Rater<'t> {
        let variant = template.variant();
        Rater {
            logic: LogicSolver::new(variant),
            hints: LogicSolver::for_hints(variant),
            scale: ScaleSolver::new(variant),
            solver: GridSolver::new(template),
        }
    }

    /// The logical solver of the level: the default techniques.
    pub fn logic(&self) -> &LogicSolver {
        &self.logic
    }

    /// The logical solver of hints and explanations: the default techniques, then Sudoku
    /// Explainer's exclusions and chains ([`LogicSolver::for_hints`]).
    pub fn hints(&self) -> &LogicSolver {
        &self.hints
    }

    /// The logical path of `puzzle` by the default techniques and, when it stalls, the
    /// engine's nodes to finish.
    ///
    /// # Errors
    /// When the givens break a rule.
    pub fn path(&mut self, puzzle: &Grid) -> Result<(Path, u64), Conflict> {
        let path = self.logic.solve(puzzle)?;
        Ok(self.finished(path))
    }

    /// The path of hints and explanations (chains included) and, when it stalls, the
    /// engine's nodes to finish.
    ///
    /// # Errors
    /// When the givens break a rule.
    pub fn explained_path(&mut self, puzzle: &Grid) -> Result<(Path, u64), Conflict> {
        let path = self.hints.solve(puzzle)?;
        Ok(self.finished(path))
    }

    fn finished(&mut self, path: Path) -> (Path, u64) {
        // A path a limit cut short (`within_limits`) is not searched on: it is not kept.
        let nodes = if path.solved || halted() { 0 } else { self.search_nodes(&path.end.grid()) };
        (path, nodes)
    }

    /// The engine's nodes to solve `grid`, where logic stalled.
    pub fn search_nodes(&mut self, grid: &Grid) -> u64 {
        self.solver.solve(grid).stats.nodes()
    }

    /// Whether `puzzle` has exactly one solution, as logic that relies on uniqueness needs.
    ///
    /// # Errors
    /// Why it has not.
    pub fn check_unique(&mut self, puzzle: &Grid) -> Result<(), RateError> {
        match self.solver.solve_unique(puzzle).verdict {
            GridVerdict::Invalid(conflict) => Err(RateError::Invalid(conflict)),
            GridVerdict::None => Err(RateError::NoSolution),
            GridVerdict::Multiple(_) => Err(RateError::NotUnique),
            GridVerdict::Unique(_) | GridVerdict::Solved(_) => Ok(()),
        }
    }

    /// Rates `puzzle`. Under [`within_limits`](crate::within_limits), a rating a limit cut
    /// short is partial (its walks end early) and meant to be dropped.
    ///
    /// # Errors
    /// A [`RateError`] unless the puzzle has exactly one solution.
    pub fn rate(&mut self, puzzle: &Grid) -> Result<Rating, RateError> {
        self.check_unique(puzzle)?;
        let (path, nodes) = self.path(puzzle).map_err(RateError::Invalid)?;
        let hardest = path.hardest();
        let level = if path.solved {
            hardest.map_or(Level::Easy, TechniqueKind::level)
        } else {
            Level::Extreme
        };
        let clue_band = ClueBand::of(puzzle.size(), puzzle.given_count());
        let se = if halted() {
            SeRating::default()
        } else {
            self.scale.solve(puzzle).map_err(RateError::Invalid)?.rating()
        };
        Ok(Rating {
            level,
            steps: path.steps.len(),
            hardest,
            solved_by_logic: path.solved,
            clue_band,
            nodes,
            se,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::puzzles::parse_puzzle;
    use crate::variant::Variant;

    fn rate(line: &str) -> Result<Rating, RateError> {
        let template = Template::new(Variant::standard(9).unwrap());
        Rater::new(&template).rate(&parse_puzzle(line).unwrap().grid)
    }

    #[test]
    fn an_easy_puzzle_needs_only_singles() {
        let line =
            "4..95.1..8.7.2...6..34..9.852...6.3.9...7...4.1.8.3.526.5..93..2...3.4.1..1.84..5";
        let rating = rate(line).unwrap();
        assert_eq!(rating.level, Level::Easy);
        assert!(rating.solved_by_logic && rating.nodes == 0);
        // 36 givens: one single per blank cell.
        let blanks = line.matches('.').count();
        assert_eq!((blanks, rating.steps), (45, 45));
        assert_eq!(rating.clue_band, ClueBand::Difficult);
        assert!(rating.to_string().starts_with("easy 45 "), "{rating}");
        // Sudoku Explainer rates it 1.2/1.2/1.2: hidden singles in boxes all the way.
        assert!(rating.to_string().ends_with(" 1.2/1.2/1.2"), "{rating}");
    }

    #[test]
    fn the_easter_monster_is_extreme_and_needs_nested_chains() {
        let rating = rate(
            "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
        )
        .unwrap();
        assert_eq!(rating.level, Level::Extreme);
        assert!(!rating.solved_by_logic && rating.nodes > 0);
        assert_eq!(rating.clue_band, ClueBand::Evil);
        // SE's walk needs its nested forcing chains (level 3) from the first step; serate (SE
        // 1.2.1's techniques, 311 s of CPU) gives 11.6/11.6/10.8 too.
        assert!(rating.to_string().ends_with(" search 11.6/11.6/10.8"), "{rating}");
    }

    #[test]
    #[cfg_attr(debug_assertions, ignore = "slow: eight seconds; run in release")]
    fn a_puzzle_where_no_technique_but_se_level_four_applies_is_rated() {
        // The 50th of the forum's hardest 1106: nothing up to SE's nested forcing chains of
        // level 3 applies (the only one of the 1 106 where `hint` finds no first step); SE's
        // level 4 walks it.
        let rating = rate(
            "..9...4...7.3...2.8...6...71..8....6....1..7.....56...3....5..1.4.....9...2...7..",
        )
        .unwrap();
        assert_eq!(rating.level, Level::Extreme);
        assert!(!rating.solved_by_logic && rating.nodes > 0);
        assert!(rating.to_string().ends_with(" search 11.7/11.7/11.6"), "{rating}");
    }

    #[test]
    fn only_unique_puzzles_are_rated() {
        assert_eq!(rate(&".".repeat(81)), Err(RateError::NotUnique));
        let mut invalid = ".".repeat(81);
        invalid.replace_range(0..2, "11");
        assert!(matches!(rate(&invalid), Err(RateError::Invalid(_))));
        let none = format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63));
        assert_eq!(rate(&none), Err(RateError::NoSolution));
    }
}
