//! `sudoku check` and `sudoku show` for one record: what the puzzle is, without searching.

use dancer_sudoku::Variant;
use serde_json::json;

use super::Job;
use crate::sudoku::args::OutputFormat;

impl Job<'_> {
    pub(super) fn check(&mut self, variant: &Variant) -> String {
        let (status, text) = match variant.check(&self.puzzle.grid) {
            Err(conflict) => {
                self.tally.invalid += 1;
                self.set("error", || json!(conflict.to_string()));
                ("invalid", format!("invalid: {conflict}"))
            }
            Ok(()) if self.puzzle.grid.is_complete() => ("solved", "solved".to_owned()),
            Ok(()) => ("valid", "valid".to_owned()),
        };
        self.tally.solved += u64::from(status != "invalid");
        self.set("status", || json!(status));
        self.text(&text)
    }

    pub(super) fn show(&mut self, variant: &Variant) -> String {
        self.tally.solved += 1;
        let grid = &self.puzzle.grid;
        match self.format {
            OutputFormat::Json => {
                self.set("puzzle", || json!(grid.to_string()));
                self.set("size", || json!(grid.size()));
                self.set("givens", || json!(grid.given_count()));
                self.json()
            }
            OutputFormat::Grid => format!("{}\n", dancer_sudoku::pretty(grid, variant)),
            // Whatever followed the puzzle on its line is the user's: keep it.
            OutputFormat::Line => format!("{grid}{}\n", self.puzzle.extra.as_deref().unwrap_or("")),
        }
    }
}
