//! `rate`, `hint` and `explain` on a JSON line's puzzle with constraints beyond its regions
//! (killer cages, dots and signs, lines, parity, pencilmarks): the library's
//! [`VariantLogic`], whose steps name their constraint; the output is that of a sudoku's
//! (`advice.rs`).

use std::fmt::Write as _;

use dancer_sudoku::{Digit, TechniqueKind, VariantLogic};
use serde_json::{json, Value};

use super::advice::{scale, step_json};
use super::{OutputFormat, RecordJob};

impl RecordJob {
    pub(super) fn rate_variant(
        &mut self,
        logic: &VariantLogic,
        givens: &[Option<Digit>],
    ) -> String {
        match logic.rate(givens) {
            Ok(rating) => {
                self.tally.solved += 1;
                self.set("status", || json!("rated"));
                self.set("level", || json!(rating.level.name()));
                self.set("steps", || json!(rating.steps));
                self.set("hardest", || json!(rating.hardest_name()));
                self.set("solved_by_logic", || json!(rating.solved_by_logic));
                self.set("clue_band", || json!(rating.clue_band.name()));
                self.set("nodes", || json!(rating.nodes));
                self.set("er", || scale(rating.se.er));
                self.set("ep", || scale(rating.se.ep));
                self.set("ed", || scale(rating.se.ed));
                self.text(&rating.to_string())
            }
            Err(error) => self.unrated(&error),
        }
    }

    pub(super) fn hint_variant(
        &mut self,
        logic: &VariantLogic,
        givens: &[Option<Digit>],
    ) -> String {
        if let Err(error) = logic.check_unique(givens) {
            return self.unrated(&error);
        }
        let Ok(candidates) = logic.candidates(givens) else {
            return self.unrated(&dancer_sudoku::RateError::NoSolution);
        };
        self.tally.solved += 1;
        if candidates.is_solved() {
            self.set("status", || json!("solved"));
            return self.text("solved");
        }
        let size = logic.variant().size();
        if let Some(step) = logic.next_step(&candidates) {
            self.set("status", || json!("step"));
            self.set("step", || step_json(&step, logic.variant(), size));
            return self.text(&step.explanation);
        }
        let nodes = logic.path(givens).map_or(0, |(_, nodes)| nodes);
        self.set("status", || json!("stuck"));
        self.set("nodes", || json!(nodes));
        self.text(&format!(
            "stuck: no technique applies; the rest needs search (the search used {nodes} nodes)"
        ))
    }

    pub(super) fn explain_variant(
        &mut self,
        logic: &VariantLogic,
        givens: &[Option<Digit>],
    ) -> String {
        if let Err(error) = logic.check_unique(givens) {
            let text = self.unrated(&error);
            return if self.format == OutputFormat::Line { text + "\n" } else { text };
        }
        let Ok((path, nodes)) = logic.path(givens) else {
            return self.unrated(&dancer_sudoku::RateError::NoSolution);
        };
        self.tally.solved += 1;
        let hardest = path.hardest();
        let last = match (path.solved, hardest) {
            (true, Some(kind)) => {
                format!("solved in {} steps; hardest: {} ({})", path.steps.len(), kind.name(), kind.level())
            }
            (true, None) => "solved: nothing to do".to_owned(),
            (false, _) => format!(
                "stuck after {} steps: the rest needs search; the search used {nodes} nodes to finish",
                path.steps.len()
            ),
        };
        if self.format == OutputFormat::Json {
            let size = logic.variant().size();
            self.set("status", || json!(if path.solved { "solved" } else { "stuck" }));
            self.set("solved", || json!(path.solved));
            self.set("steps", || {
                Value::Array(
                    path.steps.iter().map(|s| step_json(s, logic.variant(), size)).collect(),
                )
            });
            self.set("hardest", || json!(hardest.map(TechniqueKind::name)));
            self.set("nodes", || json!(nodes));
            return self.text("");
        }
        let mut text = String::new();
        for (k, step) in path.steps.iter().enumerate() {
            let _ = writeln!(text, "{}. {}", k + 1, step.explanation);
        }
        text.push_str(&last);
        format!("{text}\n\n")
    }
}
