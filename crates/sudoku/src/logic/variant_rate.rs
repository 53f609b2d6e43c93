//! Rating a variant puzzle: [`VariantLogic`]'s path, its hardest step, and the numbers of
//! Sudoku Explainer's scale (ER/EP/ED) with the constraint steps priced by this project (SE
//! knows no cages nor lines; a model of marks only is rated as a classic puzzle from its
//! candidates, `variant_marks.rs`): a cage, a dot or sign, or a line 2.0, between SE's direct
//! pointing (1.7) and naked single (2.3); innies and outies 3.0, beside a naked pair; a chain
//! across constraints as SE's Nishio chain (7.5 and the extra of its length in cells).

use super::kinds::TechniqueKind;
use super::level::Level;
use super::scale::{chain_length_extra, SeRating, Tenths};
use super::{Path, VariantLogic};
use crate::grid::Digit;
use crate::model::Broken;
use crate::rate::{ClueBand, RateError, Rating};
use crate::solve::Verdict;
use crate::variant::RegionKind;

impl VariantLogic {
    /// The solution of `givens` (one digit a cell of the model), when it is the only one, as
    /// logic that names what it uses expects.
    ///
    /// # Errors
    /// Why it is not: the givens break a constraint, or there is no solution or several.
    pub fn check_unique(&self, givens: &[Option<Digit>]) -> Result<Vec<Option<Digit>>, RateError> {
        let report = self
            .search()
            .solver()
            .solve_unique(givens)
            .map_err(|error| RateError::Broken(Broken(error.to_string())))?;
        match report.verdict {
            Verdict::Unique(solution) | Verdict::Solved(solution) => Ok(solution),
            Verdict::Multiple(_) => Err(RateError::NotUnique),
            Verdict::None => Err(RateError::NoSolution),
            Verdict::Invalid(broken) => Err(RateError::Broken(broken)),
        }
    }

    /// The logical path from `givens` and, when it stalls, the search nodes the propagating
    /// search takes to finish from where it stopped (0 when logic solves it).
    ///
    /// # Errors
    /// When the givens repeat a digit in a region.
    pub fn path(&self, givens: &[Option<Digit>]) -> Result<(Path, u64), RateError> {
        let path = self.solve(givens).map_err(RateError::Invalid)?;
        Ok(self.finished(path, givens))
    }

    /// `path` and the search nodes to finish from its end.
    fn finished(&self, path: Path, givens: &[Option<Digit>]) -> (Path, u64) {
        // A path a limit cut short (`within_limits`) is not searched on: it is not kept.
        if path.solved || super::halt::halted() {
            return (path, 0);
        }
        let end: Vec<Option<Digit>> = (0..givens.len()).map(|c| path.end.digit(c)).collect();
        let nodes = self.search().solver().solve(&end).map_or(0, |report| report.stats.nodes());
        (path, nodes)
    }

    /// Rates a puzzle of these rules, as [`Rater::rate`](crate::Rater::rate) rates a
    /// sudoku's: its level (the hardest step's, extreme when logic stalls), its steps, and
    /// ER/EP/ED priced as this module says.
    ///
    /// # Errors
    /// A [`RateError`] unless the puzzle has exactly one solution.
    pub fn rate(&self, givens: &[Option<Digit>]) -> Result<Rating, RateError> {
        self.check_unique(givens)?;
        // Marks only: the level by the default techniques and SE's own walk, as a classic
        // puzzle's; otherwise the hints' path, priced here.
        let (path, nodes, se) = if let Some(marks) = &self.marks {
            let start = || self.candidates(givens).map_err(RateError::Invalid);
            let (path, nodes) = self.finished(marks.level_path(start()?), givens);
            let cut = super::halt::halted();
            (path, nodes, if cut { SeRating::default() } else { marks.scale(start()?) })
        } else {
            let (path, nodes) = self.path(givens)?;
            let se = self.scale(&path);
            (path, nodes, se)
        };
        let hardest = path.hardest();
        let level = match (path.solved, hardest) {
            (false, _) => Level::Extreme,
            (true, kind) => kind.map_or(Level::Easy, TechniqueKind::level),
        };
        let givens_count = givens.iter().filter(|d| d.is_some()).count();
        Ok(Rating {
            level,
            steps: path.steps.len(),
            hardest,
            solved_by_logic: path.solved,
            clue_band: ClueBand::of(self.variant().size(), givens_count),
            nodes,
            se,
        })
    }

    /// ER, EP and ED of a path: the highest price, the highest up to the first placement, and
    /// the first step's (ER unknown when logic stalls).
    fn scale(&self, path: &Path) -> SeRating {
        let mut rating = SeRating::default();
        let mut highest = 0;
        for step in &path.steps {
            let boxed = step.regions.first().is_some_and(|&r| {
                matches!(self.variant().regions()[r].kind, RegionKind::Box | RegionKind::Piece)
            });
            let price = match step.technique {
                // An assumption to a contradiction, as SE prices its Nishio chains: 7.5 and
                // its length's extra, the length here the cells the chain changes.
                TechniqueKind::ConstraintChain => 75 + chain_length_extra(step.cells.len()),
                // A cell's forcing chains, as SE prices its cell forcing chains: 8.0 and more.
                TechniqueKind::ConstraintForcing => 80 + chain_length_extra(step.cells.len()),
                kind => price(kind, boxed),
            };
            highest = highest.max(price);
            rating.ed.get_or_insert(highest);
            if rating.ep.is_none() && !step.placements.is_empty() {
                rating.ep = Some(highest);
            }
        }
        rating.er = path.solved.then_some(highest);
        rating
    }
}

/// A step's price: SE 1.2.1's for the techniques it has (a hidden single in a box 1.2, in
/// another region 1.5), for the patterns it lacks the price of the chains that find what they
/// remove, this project's for the constraints.
fn price(kind: TechniqueKind, boxed: bool) -> Tenths {
    use TechniqueKind as T;
    match kind {
        T::HiddenSingle if boxed => 12,
        T::HiddenSingle => 15,
        T::DirectPointing => 17,
        T::DirectClaiming => 19,
        T::DirectHiddenPair | T::Cage | T::Relation | T::Line => 20,
        T::NakedSingle => 23,
        T::DirectHiddenTriple => 25,
        T::Pointing => 26,
        T::Claiming => 28,
        T::NakedPair | T::InniesOuties => 30,
        T::XWing => 32,
        T::HiddenPair => 34,
        T::NakedTriple => 36,
        T::Swordfish => 38,
        T::HiddenTriple => 40,
        T::XyWing => 42,
        T::XyzWing | T::WWing => 44,
        T::UniqueRectangle
        | T::UniqueRectangle2
        | T::UniqueRectangle4
        | T::UniqueLoop
        | T::SimpleColoring => 45,
        T::UniqueRectangle3 => 46,
        // Sue de Coq is not in SE: HoDoKu ranks it near the quads, and the ALS moves between the
        // BUG types and the chains.
        T::NakedQuad | T::SueDeCoq => 50,
        T::Jellyfish => 52,
        T::HiddenQuad => 54,
        T::BugPlusOne => 56,
        T::Bug2 | T::Bug4 => 57,
        T::Bug3 => 58,
        T::AlsXz => 55,
        T::AlsXyWing => 60,
        T::DeathBlossom => 64,
        T::AlignedPairExclusion => 62,
        // `HoDoKu`'s patterns: SE finds what they remove with its X-chains (6.6).
        T::ForcingChain
        | T::Skyscraper
        | T::TwoStringKite
        | T::EmptyRectangle
        | T::FinnedXWing
        | T::FinnedSwordfish
        | T::FinnedJellyfish => 66,
        T::NishioChain | T::AlignedTripleExclusion | T::ConstraintChain => 75,
        T::MultipleChain | T::ConstraintForcing => 80,
        T::DynamicChain => 85,
        T::DynamicPlusChain => 90,
        T::NestedChain => 95,
        T::NestedMultipleChain => 100,
        T::NestedDynamicChain => 105,
    }
}
