//! The solution a game checks against and a picture may show: found once, when the game or
//! picture is made, by the library's solver (which chooses the search that fits the puzzle).

use crate::grid::Digit;
use crate::model::Model;
use crate::solve::{Rules, Verdict};

/// A model's solution, one digit per cell of its rectangle (`None` in unused cells), and
/// whether it is the only one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The digits.
    pub digits: Vec<Option<Digit>>,
    /// Whether no other solution exists.
    pub unique: bool,
}

/// The first solution of `model` and whether it is unique; `None` when it has none (or cannot
/// be searched). Through the library's one front door ([`Rules`]): its chooser picks the
/// search, and every answer is checked by the model's own checker.
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
