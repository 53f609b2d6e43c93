//! The solution a game checks against and a picture may show: found once, when the game or
//! picture is made, by the solver that fits the puzzle (the bitmask search for a plain sudoku,
//! the engine on the model's exact cover for anything else).

use crate::encode::Template;
use crate::model::Model;
use crate::solve::{Outcome, Solver};
use crate::Digit;

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
/// be searched).
pub fn solve(model: &Model) -> Option<Solution> {
    if let Some((variant, grid)) = model.as_variant() {
        let template = Template::new(variant);
        let report = Solver::new(&template).solve_unique(&grid);
        let (grid, unique) = match report.outcome {
            Outcome::Unique(grid) | Outcome::Solved(grid) => (grid, true),
            Outcome::Multiple(grid) => (grid, false),
            Outcome::None | Outcome::Invalid(_) => return None,
        };
        let digits = grid.cells().iter().map(|&d| (d != 0).then_some(d)).collect();
        return Some(Solution { digits, unique });
    }
    let encoded = model.encode().ok()?;
    let mut search = dancer::Solver::new(encoded.problem());
    let digits = encoded.grid(search.next_solution()?);
    // Every answer is checked by the model's own checker, as everywhere in this crate.
    model.broken(&digits, true).ok()?;
    let unique = search.next_solution().is_none();
    Some(Solution { digits, unique })
}
