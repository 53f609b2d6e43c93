//! `sudoku check` and `sudoku show` for one record: what the puzzle is, without searching.

use dancer_sudoku::{Model, Puzzle, Record, Variant};
use serde_json::json;

use super::RecordJob;
use crate::sudoku::args::OutputFormat;

impl RecordJob {
    pub(super) fn check(&mut self, puzzle: &Puzzle, variant: &Variant) -> String {
        let (status, text) = match variant.check(&puzzle.grid) {
            Err(conflict) => {
                self.tally.invalid += 1;
                self.set("error", || json!(conflict.to_string()));
                ("invalid", format!("invalid: {conflict}"))
            }
            Ok(()) if puzzle.grid.is_complete() => ("solved", "solved".to_owned()),
            Ok(()) => ("valid", "valid".to_owned()),
        };
        self.tally.solved += u64::from(status != "invalid");
        self.set("status", || json!(status));
        self.text(&text)
    }

    pub(super) fn show(&mut self, puzzle: &Puzzle, variant: &Variant) -> String {
        self.tally.solved += 1;
        let grid = &puzzle.grid;
        let mut model = Model::from_variant(variant);
        for (cell, given) in model.givens.iter_mut().enumerate() {
            *given = grid.get(cell);
        }
        match self.format {
            // The JSON lines record every subcommand reads, as `convert --from puzzles` writes
            // it: the rules and the givens, named after the puzzle's line.
            OutputFormat::Json => {
                let name = format!("line {}", puzzle.line);
                format!("{}\n", Record { name, model, solution: None, generated: None }.to_json())
            }
            // The rules as pictures draw them, one code path with every other puzzle.
            OutputFormat::Grid => format!("{}\n", dancer_sudoku::draw::grid_text(&model, None)),
            // Whatever followed the puzzle on its line is the user's: keep it.
            OutputFormat::Line => format!("{grid}{}\n", puzzle.extra.as_deref().unwrap_or("")),
        }
    }
}
