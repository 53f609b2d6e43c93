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
        let status = if found.is_solvable() { "solved" } else { "none" };
        if found.is_solvable() {
            self.tally.solved += 1;
        } else {
            self.tally.none += 1;
        }
        self.set("status", || json!(status));
        let line = found.pencilmarks();
        if found.is_solvable() {
            self.set("candidates", || json!(line));
            let counts: Vec<Vec<u64>> = (0..found.cells())
                .map(|cell| {
                    let digits = 1..=found.symbols();
                    digits.map(|digit| found.count(cell, digit as u8)).collect()
                })
                .collect();
            self.set("counts", || json!(counts));
        }
        self.counters(found.stats);
        Ok(self.text(if found.is_solvable() { &line } else { "none" }))
    }
}
