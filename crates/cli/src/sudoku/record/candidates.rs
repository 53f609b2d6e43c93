//! `true-candidates`: each puzzle's true candidates through the library's door, as one
//! pencilmark line, or in JSON with each candidate's solutions counted up to `--cap`.

use dancer_sudoku::{Givens, PuzzleSolver};
use serde_json::json;

use super::solving::Searched;
use super::RecordJob;

impl RecordJob {
    /// The true candidates of `givens`: the pencilmark line (a model's unused cells are dots,
    /// so the line keeps its length), or `none` when there is no solution (`invalid` when the
    /// givens break a rule).
    pub(super) fn true_candidates<G: Givens + ?Sized>(
        &mut self,
        solver: &mut PuzzleSolver<'_>,
        givens: &G,
        cap: u64,
    ) -> Searched {
        let found = match solver.true_candidates(givens, cap) {
            Ok(found) => found,
            Err(error) => return self.refused(error, false),
        };
        if !found.is_solvable() {
            self.tally.none += 1;
            self.set("status", || json!("none"));
            self.counters(found.stats);
            return Ok(self.text("none"));
        }
        self.tally.solved += 1;
        self.set("status", || json!("solved"));
        let line = found.pencilmarks();
        self.set("candidates", || json!(line));
        // Built only for JSON, as every field is.
        self.set("counts", || {
            let count = |cell, digit: usize| found.count(cell, digit as u8);
            let counts: Vec<Vec<u64>> = (0..found.cells())
                .map(|cell| (1..=found.symbols()).map(|digit| count(cell, digit)).collect())
                .collect();
            json!(counts)
        });
        self.counters(found.stats);
        Ok(self.text(&line))
    }
}
