//! Sudoku Explainer's scale: the ER, EP and ED numbers puzzle makers sort puzzles by.
//!
//! SE solves step by step, and at each step takes the first technique that applies in its
//! fixed order, easiest first; each step has a price (in tenths here: SE's 2.3 is 23). ER is
//! the highest price on the path, EP the highest up to the first step that places a digit,
//! ED the price of the first step. The order and prices are SE 1.2.1's (as `SukakuExplainer`
//! keeps them under "Bring back SE121"), learned from its source: a last cell of a region 1.0,
//! a hidden single in a box 1.2 and elsewhere 1.5, direct pointing 1.7 and claiming 1.9,
//! direct hidden pair 2.0, naked single 2.3, direct hidden triple 2.5, pointing 2.6, claiming
//! 2.8, naked pair 3.0, X-wing 3.2, hidden pair 3.4, naked triple 3.6, swordfish 3.8, hidden
//! triple 4.0, XY-wing 4.2, XYZ-wing 4.4, unique rectangles and loops 4.5 (the cheapest of types
//! 1 to 4: [`loops`](super::loops)), naked quad 5.0, jellyfish 5.2, hidden quad 5.4, BUG+1 5.6
//! and BUG types 2 to 4 from 5.7 ([`grave`](super::grave)), aligned pair exclusion 6.2.
//!
//! Then SE's forcing chains and cycles ([`chains`](super::chains), [`cycles`](super::cycles)):
//! X- and Y-cycles from 6.5, X-chains from 6.6, chains and cycles with both links from 7.0, plus
//! [`chain_length_extra`]; the cheapest is taken. SE 1.2.1 has no W-wing or simple colouring:
//! its chains find those eliminations, and so do these. Then, each only where the ones before
//! find nothing: aligned triple exclusion 7.5, and ([`multiple`](super::multiple)) Nishio
//! forcing chains from 7.5, cell and region forcing chains from 8.0, dynamic forcing chains from
//! 8.5, and dynamic forcing chains (+) from 9.0 (SE's chaining level 1: where links run out,
//! the first of locked candidates, hidden and naked pairs and X-wings that the assumption's
//! grid allows turns more candidates off, its parents the removals its pattern rests on, all
//! counted in the length), then SE's nested forcing chains: level 2 from 9.5 (forcing chains
//! on that grid as well, [`nested`](super::implications)) and level 3 from 10.0 (cell and region
//! forcing chains too), each nested chain's nodes counted in the length, and SE's experimental
//! level 4 from 10.5 (its dynamic forcing chains on that grid, of nesting limit 0, then 1, then
//! 2, [`nested_dynamic`](super::implications)). Where logic stalls, ER is unknown.

use std::fmt;
use std::sync::Arc;

use super::candidates::Candidates;
use super::failures::Failures;
use super::geometry::Geometry;
use super::{chains, grave, loops, multiple, singles, uniqueness, Step, Technique, TechniqueKind};
use crate::error::Conflict;
use crate::grid::Grid;
use crate::variant::{RegionKind, Variant};

/// A price on SE's scale in tenths: SE's 2.3 is 23.
pub type Tenths = u16;

/// A puzzle's numbers on SE's scale: `None` where the path never got there (ER when logic
/// stalls; EP when it stalls before placing a digit).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SeRating {
    /// The highest price on the path.
    pub er: Option<Tenths>,
    /// The highest price up to the first step that places a digit.
    pub ep: Option<Tenths>,
    /// The price of the first step.
    pub ed: Option<Tenths>,
}

/// A price as SE prints it: `2.3`.
pub fn tenths(price: Tenths) -> String {
    format!("{}.{}", price / 10, price % 10)
}

/// `ER/EP/ED` as SE's `serate` prints them, `-` for an unknown number: `9.0/1.2/1.2`.
impl fmt::Display for SeRating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let show = |price: Option<Tenths>| price.map_or_else(|| "-".to_owned(), tenths);
        write!(f, "{}/{}/{}", show(self.er), show(self.ep), show(self.ed))
    }
}

/// What SE adds to a chain's base price for its length, in tenths: one for each of the
/// thresholds 4, 6, 8, 12, 16, 24, 32, ... (alternately times 3/2 and 4/3) that `length`
/// exceeds.
pub fn chain_length_extra(length: usize) -> Tenths {
    let (mut added, mut ceiling, mut odd) = (0, 4, false);
    while length > ceiling {
        added += 1;
        ceiling = if odd { ceiling * 4 / 3 } else { ceiling * 3 / 2 };
        odd = !odd;
    }
    added
}

/// One rung of SE's order: how a step is found there, and its price.
enum Rung {
    /// The last blank cell of a region.
    FullHouse,
    /// A hidden single in a box or jigsaw piece (true) or in another region (false).
    Hidden(bool),
    /// A technique of the logical solver.
    Technique(Box<dyn Technique>),
    /// The cheapest unique rectangle or loop of any type, priced by its type and length.
    Loops,
    /// BUG+1, else the first BUG of type 2 to 4, priced by its type.
    Grave,
    /// The cheapest forcing chain or cycle, priced by its kind and length (the rung's price is
    /// its floor).
    Chain,
    /// The cheapest of a family of multiple forcing chains, priced by its length.
    Multiple(multiple::Family),
}

/// Walks a puzzle in SE's order, pricing each step: one per variant, `Send + Sync`.
pub struct ScaleSolver {
    variant: Variant,
    geometry: Arc<Geometry>,
    rungs: Vec<(Rung, Tenths)>,
}

/// The priced steps of a walk in SE's order and where they led.
#[derive(Clone, Debug)]
pub struct ScalePath {
    /// The steps, each with its price.
    pub steps: Vec<(Step, Tenths)>,
    /// Whether they fill the grid (false: logic stalled).
    pub solved: bool,
    /// The position after the last step.
    pub end: Candidates,
}

impl ScalePath {
    /// ER, EP and ED, as SE computes them from its path.
    pub fn rating(&self) -> SeRating {
        let mut rating = SeRating::default();
        let mut highest = 0;
        for (step, price) in &self.steps {
            highest = highest.max(*price);
            rating.ed.get_or_insert(highest);
            if rating.ep.is_none() && !step.placements.is_empty() {
                rating.ep = Some(highest);
            }
        }
        rating.er = self.solved.then_some(highest);
        rating
    }
}

impl ScaleSolver {
    /// A solver of `variant`'s puzzles in SE 1.2.1's order.
    pub fn new(variant: &Variant) -> ScaleSolver {
        use TechniqueKind as T;
        let technique = |kind: TechniqueKind, price| (Rung::Technique(kind.technique()), price);
        let rungs = vec![
            (Rung::FullHouse, 10),
            (Rung::Hidden(true), 12),
            (Rung::Hidden(false), 15),
            technique(T::DirectPointing, 17),
            technique(T::DirectClaiming, 19),
            technique(T::DirectHiddenPair, 20),
            technique(T::NakedSingle, 23),
            technique(T::DirectHiddenTriple, 25),
            technique(T::Pointing, 26),
            technique(T::Claiming, 28),
            technique(T::NakedPair, 30),
            technique(T::XWing, 32),
            technique(T::HiddenPair, 34),
            technique(T::NakedTriple, 36),
            technique(T::Swordfish, 38),
            technique(T::HiddenTriple, 40),
            technique(T::XyWing, 42),
            technique(T::XyzWing, 44),
            (Rung::Loops, 45),
            technique(T::NakedQuad, 50),
            technique(T::Jellyfish, 52),
            technique(T::HiddenQuad, 54),
            (Rung::Grave, 56),
            technique(T::AlignedPairExclusion, 62),
            (Rung::Chain, 65),
            technique(T::AlignedTripleExclusion, 75),
            (Rung::Multiple(multiple::Family::Nishio), 75),
            (Rung::Multiple(multiple::Family::Multiple), 80),
            (Rung::Multiple(multiple::Family::Dynamic), 85),
            (Rung::Multiple(multiple::Family::DynamicPlus), 90),
            (Rung::Multiple(multiple::Family::Nested), 95),
            (Rung::Multiple(multiple::Family::NestedMultiple), 100),
            // SE's experimental level 4, its nesting limits in order.
            (Rung::Multiple(multiple::Family::NestedDynamic(0)), 105),
            (Rung::Multiple(multiple::Family::NestedDynamic(1)), 105),
            (Rung::Multiple(multiple::Family::NestedDynamic(2)), 105),
        ];
        ScaleSolver { variant: variant.clone(), geometry: Arc::new(Geometry::new(variant)), rungs }
    }

    /// The first step in SE's order from this position, with its price.
    pub fn next_step(&self, candidates: &Candidates) -> Option<(Step, Tenths)> {
        let step = self.next_step_after(candidates, &mut Failures::new(self.rungs.len()));
        step.filter(|_| !super::halt::halted())
    }

    /// [`next_step`](Self::next_step) in a walk that remembers its failed fish searches.
    fn next_step_after(
        &self,
        candidates: &Candidates,
        failures: &mut Failures,
    ) -> Option<(Step, Tenths)> {
        self.rungs.iter().enumerate().find_map(|(index, (rung, price))| {
            let step = match rung {
                Rung::FullHouse => self.hidden(candidates, |r| self.blanks(candidates, r) == 1),
                Rung::Hidden(boxes) => self.hidden(candidates, |r| {
                    matches!(self.geometry.kind(r), RegionKind::Box | RegionKind::Piece) == *boxes
                }),
                Rung::Technique(technique) => {
                    failures.find(index, technique.as_ref(), candidates, &self.variant)
                }
                Rung::Loops => return loops::cheapest(candidates, &self.variant),
                Rung::Grave => match uniqueness::BugPlusOne.find(candidates, &self.variant) {
                    Some(step) => Some(step),
                    None => return grave::first(candidates, &self.variant),
                },
                Rung::Chain => return chains::cheapest(candidates),
                Rung::Multiple(family) => {
                    return multiple::cheapest(candidates, &self.variant, *family)
                }
            };
            step.map(|step| (step, *price))
        })
    }

    /// Steps in SE's order until the grid is solved or no rung finds one.
    ///
    /// # Errors
    /// The first [`Conflict`] when givens repeat a digit in a region.
    ///
    /// # Panics
    /// If the grid's size is not the variant's.
    pub fn solve(&self, grid: &Grid) -> Result<ScalePath, Conflict> {
        let candidates =
            Candidates::with_geometry(&self.variant, Arc::clone(&self.geometry), grid)?;
        Ok(self.solve_candidates(candidates))
    }

    /// Steps in SE's order from a position (a pencilmark puzzle's candidates, as
    /// `SukakuExplainer` rates one) until the grid is solved or no rung finds one.
    ///
    /// # Panics
    /// If the candidates' size is not the variant's.
    pub fn solve_candidates(&self, mut candidates: Candidates) -> ScalePath {
        let mut steps = Vec::with_capacity(candidates.unsolved());
        let mut failures = Failures::new(self.rungs.len());
        while !candidates.is_solved() {
            let next = self.next_step_after(&candidates, &mut failures);
            // A step found as a limit struck (`within_limits`) may not be SE's: it is left.
            let Some((step, price)) = next.filter(|_| !super::halt::halted()) else { break };
            candidates.apply(&step);
            steps.push((step, price));
        }
        ScalePath { steps, solved: candidates.is_solved(), end: candidates }
    }

    /// The first hidden single in a region `accept`s, in SE's scan: boxes, then lines, then
    /// the rest.
    fn hidden(&self, candidates: &Candidates, accept: impl Fn(usize) -> bool) -> Option<Step> {
        let scan = self.geometry.scan().iter().filter(|&&r| accept(r));
        scan.into_iter().find_map(|&r| singles::in_region(candidates, &self.variant, r))
    }

    /// The blank cells of region `r`.
    fn blanks(&self, candidates: &Candidates, r: usize) -> usize {
        self.geometry.region(r).iter().filter(|&&c| candidates.candidates(c) != 0).count()
    }
}

/// The rungs' prices.
impl fmt::Debug for ScaleSolver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let prices: Vec<Tenths> = self.rungs.iter().map(|&(_, price)| price).collect();
        f.debug_struct("ScaleSolver")
            .field("size", &self.variant.size())
            .field("prices", &prices)
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;

    #[test]
    fn chain_lengths_cross_se_thresholds() {
        let extras: Vec<Tenths> = [4, 5, 6, 7, 8, 9, 12, 13, 16, 17, 24, 25, 32, 33]
            .into_iter()
            .map(chain_length_extra)
            .collect();
        assert_eq!(extras, [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7]);
    }

    #[test]
    fn er_ep_and_ed_follow_the_path() {
        let variant = Variant::standard(4).unwrap();
        let solver = ScaleSolver::new(&variant);
        let blank = Candidates::new(&variant, &Grid::empty(4)).unwrap();
        let elimination =
            Step::eliminating(TechniqueKind::Pointing, vec![], vec![], vec![], String::new());
        let placement = Step { placements: vec![(0, 1)], ..elimination.clone() };
        let path =
            |steps: Vec<(Step, Tenths)>, solved| ScalePath { steps, solved, end: blank.clone() };
        // ED is the first step's price, EP the highest up to the first placement.
        let rating = path(
            vec![(elimination.clone(), 26), (placement.clone(), 12), (placement.clone(), 30)],
            true,
        )
        .rating();
        assert_eq!(rating, SeRating { er: Some(30), ep: Some(26), ed: Some(26) });
        assert_eq!(rating.to_string(), "3.0/2.6/2.6");
        // A stalled walk has no ER; one that never placed a digit no EP.
        let stalled = path(vec![(elimination, 45)], false).rating();
        assert_eq!(stalled.to_string(), "-/-/4.5");
        assert!(format!("{solver:?}").contains("prices: [10, 12, 15, 17,"));
    }
}
