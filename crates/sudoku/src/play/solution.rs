//! The solution a game checks against and a picture may show: the one a record carries,
//! checked against the puzzle, or else one found by the library's solver (which chooses the
//! search that fits the puzzle) — all at once ([`solve`]), or a slice of nodes at a time
//! ([`search`]), so that a caller can give up at a deadline and say meanwhile what it does
//! (a 25×25 killer may take longer than a player should look at a blank screen).

use dancer::run::{Explore, Pause};

use crate::grid::Digit;
use crate::model::Model;
use crate::solve::{Rules, Verdict};

/// A model's solution, one digit per cell of its rectangle (`None` in unused cells), and
/// whether it is the only one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The digits.
    pub digits: Vec<Option<Digit>>,
    /// Whether no other solution exists, as far as is known: false when a second one was
    /// found; true for a record's own solution, and for one whose search for a second was
    /// stopped.
    pub unique: bool,
}

impl Solution {
    /// The solution a record carries, when it is one of `model`: a digit in every used cell,
    /// none elsewhere, the givens kept and no rule broken. Taken as the only one, on the
    /// record's word (searching for another could take as long as solving).
    ///
    /// # Errors
    /// The first thing wrong with it, in words (`r1c2 holds 4, not its given 3`).
    pub fn carried(model: &Model, digits: Vec<Option<Digit>>) -> Result<Solution, String> {
        model.broken(&digits, true).map_err(|broken| broken.0)?;
        Ok(Solution { digits, unique: true })
    }
}

/// What [`search`] came to.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Searched {
    /// A solution (and whether a second one was found before the search stopped).
    Found(Solution),
    /// The puzzle has no solution, or its givens break a rule, or it cannot be searched.
    None,
    /// The caller stopped the search before it found a solution.
    Stopped,
}

/// Nodes searched between two questions to the caller: short enough that a deadline is kept
/// to a fraction of a second on the engine's largest matrices.
const SLICE: u64 = 1 << 10;

/// The first solution of `model` and whether it is unique; `None` when it has none (or cannot
/// be searched). Through the library's one front door ([`Rules`]): its chooser picks the
/// search, and every answer is checked by the model's own checker. Without a bound: see
/// [`search`] for one.
pub fn solve(model: &Model) -> Option<Solution> {
    let rules = Rules::new(model);
    let report = rules.solver().solve_unique(&model.givens).ok()?;
    let (digits, unique) = match report.verdict {
        Verdict::Unique(digits) | Verdict::Solved(digits) => (digits, true),
        Verdict::Multiple(digits) => (digits, false),
        Verdict::None | Verdict::Invalid(_) => return None,
    };
    Some(Solution { digits, unique })
}

/// Looks for the solution of `model`, and for a second one, a slice of nodes at a time:
/// between slices it asks `go_on`, with the nodes searched so far, whether to search on. A
/// solution found before `go_on` says no is kept (and taken as unique).
///
/// ```
/// use dancer_sudoku::play::{search, Searched};
/// use dancer_sudoku::{Model, Variant};
///
/// let model = Model::from_variant(&Variant::standard(4)?);
/// let Searched::Found(found) = search(&model, |_| true) else { panic!() };
/// assert!(!found.unique, "a blank 4x4 has 288 solutions");
/// // Asked after each slice: a caller that says no gets what was found by then. A blank 25x25
/// // has two solutions within the first slice, so even a caller that never lets it go on
/// // gets one (not unique); a search stopped before any is `Searched::Stopped`.
/// let big = Model::from_variant(&Variant::standard(25)?);
/// let Searched::Found(found) = search(&big, |_| false) else { panic!() };
/// assert!(!found.unique);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn search(model: &Model, go_on: impl FnMut(u64) -> bool) -> Searched {
    search_by(model, SLICE, go_on)
}

/// [`search`], asking `go_on` every `slice` nodes.
fn search_by(model: &Model, slice: u64, mut go_on: impl FnMut(u64) -> bool) -> Searched {
    let rules = Rules::new(model);
    let mut solver = rules.solver();
    let Ok(mut walk) = solver.explore_to_solve(&model.givens) else { return Searched::None };
    let mut first: Option<Vec<Option<Digit>>> = None;
    loop {
        match walk.explore(slice, 1) {
            Pause::Solution => {
                let Ok(digits) = walk.solution() else { return Searched::None };
                if let Some(digits) = first {
                    return Searched::Found(Solution { digits, unique: false });
                }
                first = Some(digits);
            }
            Pause::Done => {
                return match first {
                    Some(digits) => Searched::Found(Solution { digits, unique: true }),
                    None => Searched::None,
                };
            }
            Pause::Budget if go_on(walk.stats().nodes()) => {}
            Pause::Budget => {
                return match first {
                    Some(digits) => Searched::Found(Solution { digits, unique: true }),
                    None => Searched::Stopped,
                };
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{search, Searched, Solution};
    use crate::model::Model;
    use crate::variant::Variant;

    /// A 4×4 with givens that leave one solution: its first three rows.
    fn unique_4x4() -> Model {
        let mut model = Model::from_variant(&Variant::standard(4).unwrap());
        for (cell, d) in [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3].into_iter().enumerate() {
            model.givens[cell] = Some(d);
        }
        model
    }

    #[test]
    fn the_search_finds_what_the_unbounded_solve_finds() {
        let model = unique_4x4();
        let Searched::Found(found) = search(&model, |_| true) else { panic!("no solution") };
        assert_eq!(Some(found.clone()), super::solve(&model));
        assert!(found.unique);
        let mut broken = model;
        broken.givens[2] = Some(1);
        assert_eq!(search(&broken, |_| true), Searched::None, "1 twice in row 1");
    }

    #[test]
    fn the_caller_stops_the_search_between_slices() {
        // A blank 9×9 takes more than three nodes to its first solution.
        let model = Model::from_variant(&Variant::standard(9).unwrap());
        let mut asked = 0;
        let found = super::search_by(&model, 1, |nodes| {
            asked += 1;
            assert_eq!(nodes, asked, "one node a slice");
            asked < 3
        });
        assert_eq!(found, Searched::Stopped);
        assert_eq!(asked, 3);
        assert!(matches!(super::search_by(&model, 1, |_| true), Searched::Found(_)));
    }

    #[test]
    fn a_carried_solution_is_checked_against_the_puzzle() {
        let model = unique_4x4();
        let Some(solution) = super::solve(&model) else { panic!("no solution") };
        let carried = Solution::carried(&model, solution.digits.clone()).unwrap();
        assert_eq!(carried.digits, solution.digits);
        let mut wrong = solution.digits.clone();
        wrong.swap(12, 13);
        assert!(Solution::carried(&model, wrong).is_err(), "two digits of row 4 swapped");
        let mut short = solution.digits;
        short[13] = None;
        assert_eq!(Solution::carried(&model, short).unwrap_err(), "r4c2 is empty");
    }
}
