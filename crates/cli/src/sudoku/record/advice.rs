//! The puzzle-maker's subcommands on one record: `rate`, `hint`, `explain` (the logical
//! solver), and `canon`, `transform` (the symmetry group of the grid).

use std::fmt::Write as _;

use dancer_sudoku::{
    canonical, generate::rng_for, Candidates, Grid, LogicStop, Path, Puzzle, RateError, Rater,
    Rating, Step, TechniqueKind, Tenths, Transform, Variant,
};
use serde_json::{json, Value};

use super::limited::status_of;
use super::{Long, OutputFormat, RecordJob};

impl RecordJob {
    pub(super) fn rate(
        &mut self,
        puzzle: &Puzzle,
        rater: &mut Rater<'_>,
        long: Long<'_>,
    ) -> String {
        match self.limited(long, || rater.rate(&puzzle.grid)) {
            (_, Some(stop)) => self.stopped_text(stop),
            (rating, None) => self.rated(rating),
        }
    }

    /// A rating's fields and line, or the refusal (a sudoku's or a variant puzzle's).
    pub(super) fn rated(&mut self, rating: Result<Rating, RateError>) -> String {
        match rating {
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
                let micros = self.started.elapsed().as_micros();
                self.set("micros", || json!(micros));
                self.text(&rating.to_string())
            }
            Err(error) => self.unrated(&error),
        }
    }

    /// A puzzle the logical tools refuse: they assume exactly one solution.
    pub(super) fn unrated(&mut self, error: &RateError) -> String {
        let status = match error {
            RateError::Invalid(conflict) => {
                self.tally.invalid += 1;
                self.set("error", || json!(conflict.to_string()));
                "invalid"
            }
            RateError::Broken(broken) => {
                self.tally.invalid += 1;
                self.set("error", || json!(broken.to_string()));
                "invalid"
            }
            RateError::NoSolution => {
                self.tally.none += 1;
                "none"
            }
            _ => {
                self.tally.multiple += 1;
                "multiple"
            }
        };
        self.set("status", || json!(status));
        self.text(status)
    }

    pub(super) fn hint(
        &mut self,
        puzzle: &Puzzle,
        rater: &mut Rater<'_>,
        long: Long<'_>,
    ) -> String {
        if let Err(error) = rater.check_unique(&puzzle.grid) {
            return self.unrated(&error);
        }
        let variant = rater.hints().variant().clone();
        let Ok(candidates) = rater.hints().candidates(&puzzle.grid) else {
            return self.unrated(&RateError::NoSolution);
        };
        let next = || rater.hints().next_step(&candidates);
        if let Some(text) = self.next_hint(&candidates, &variant, long, next) {
            return text;
        }
        let nodes = rater.search_nodes(&puzzle.grid);
        self.stuck(nodes, "engine")
    }

    /// The hint from `candidates`, whose step `next` finds: `solved`, the step, or the stop
    /// of a limit; `None` where no technique applies.
    pub(super) fn next_hint(
        &mut self,
        candidates: &Candidates,
        variant: &Variant,
        long: Long<'_>,
        next: impl FnOnce() -> Option<Step>,
    ) -> Option<String> {
        if candidates.is_solved() {
            self.tally.solved += 1;
            self.set("status", || json!("solved"));
            return Some(self.text("solved"));
        }
        let step = match self.limited(long, next) {
            (_, Some(stop)) => return Some(self.stopped_text(stop)),
            (step, None) => step,
        };
        self.tally.solved += 1;
        let step = step?;
        self.set("status", || json!("step"));
        self.set("step", || step_json(&step, variant, variant.size()));
        Some(self.text(&step.explanation))
    }

    /// A hint where no technique applies: the nodes `searcher` used to finish.
    pub(super) fn stuck(&mut self, nodes: u64, searcher: &str) -> String {
        self.set("status", || json!("stuck"));
        self.set("nodes", || json!(nodes));
        self.text(&format!(
            "stuck: no technique applies; the rest needs search (the {searcher} used {nodes} nodes)"
        ))
    }

    pub(super) fn explain(
        &mut self,
        puzzle: &Puzzle,
        rater: &mut Rater<'_>,
        long: Long<'_>,
    ) -> String {
        if let Err(error) = rater.check_unique(&puzzle.grid) {
            let text = self.unrated(&error);
            // Every puzzle's explanation ends with a blank line, this one too.
            return if self.format == OutputFormat::Line { text + "\n" } else { text };
        }
        let variant = rater.hints().variant().clone();
        let (found, stop) = self.limited(long, || rater.explained_path(&puzzle.grid));
        let Ok((path, nodes)) = found else {
            return self.unrated(&RateError::NoSolution);
        };
        self.explained(&path, (nodes, stop), &variant, puzzle.grid.size(), "engine")
    }

    /// A path's steps and how it ended (`searcher` finished a stuck one in `nodes`; or a limit
    /// stopped it).
    pub(super) fn explained(
        &mut self,
        path: &Path,
        (nodes, stop): (u64, Option<LogicStop>),
        variant: &Variant,
        size: usize,
        searcher: &str,
    ) -> String {
        if stop.is_none() {
            self.tally.solved += 1;
        }
        let hardest = path.hardest();
        let status = stop.map_or(if path.solved { "solved" } else { "stuck" }, status_of);
        let last = match (path.solved, hardest) {
            _ if stop.is_some() => format!("{status} after {} steps", path.steps.len()),
            (true, Some(kind)) => {
                format!("solved in {} steps; hardest: {} ({})", path.steps.len(), kind.name(), kind.level())
            }
            (true, None) => "solved: nothing to do".to_owned(),
            (false, _) => format!(
                "stuck after {} steps: the rest needs search; the {searcher} used {nodes} nodes to finish",
                path.steps.len()
            ),
        };
        if self.format == OutputFormat::Json {
            self.set("status", || json!(status));
            self.set("solved", || json!(path.solved));
            self.set("steps", || {
                Value::Array(path.steps.iter().map(|s| step_json(s, variant, size)).collect())
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
        // One puzzle's path is several lines: a blank line ends it, in both line and grid form.
        format!("{text}\n\n")
    }

    pub(super) fn canon(&mut self, puzzle: &Puzzle, variant: &Variant) -> String {
        let Some((rows, cols)) = plain_boxes(variant) else {
            return self.refuse("canon needs plain boxes: no jigsaw, diagonals or extra regions");
        };
        self.tally.solved += 1;
        let form = canonical(&puzzle.grid, rows, cols);
        self.set("status", || json!("canonical"));
        self.set("canonical", || json!(form.to_string()));
        self.text(&form.to_string())
    }

    pub(super) fn transform(&mut self, puzzle: &Puzzle, variant: &Variant, seed: u64) -> String {
        let Some((rows, cols)) = plain_boxes(variant) else {
            return self
                .refuse("transform needs plain boxes: no jigsaw, diagonals or extra regions");
        };
        self.tally.solved += 1;
        // Seeded by the puzzle's line, so the output depends on the input, never on --jobs.
        let mut rng = rng_for(seed, puzzle.line as u64);
        let moved: Grid =
            Transform::random(&mut rng, variant.size(), rows, cols).apply(&puzzle.grid);
        self.set("status", || json!("transformed"));
        self.set("puzzle", || json!(moved.to_string()));
        self.text(&moved.to_string())
    }

    /// A puzzle this subcommand cannot handle under these rules: `error`, with the reason.
    fn refuse(&mut self, reason: &str) -> String {
        self.tally.errors += 1;
        self.err = Some(reason.to_owned());
        self.set("status", || json!("error"));
        self.set("error", || json!(reason));
        self.text("error")
    }
}

/// The box shape of a variant with rows, columns and boxes only, whose whole symmetry group
/// the transformations are.
fn plain_boxes(variant: &Variant) -> Option<(usize, usize)> {
    let shape = variant.box_shape()?;
    (variant.regions().len() == 3 * variant.size()).then_some(shape)
}

/// A step as JSON: cells and regions by name, placements and eliminations as cell and digit.
pub(super) fn step_json(step: &Step, variant: &Variant, size: usize) -> Value {
    let name = |cell: usize| format!("r{}c{}", cell / size + 1, cell % size + 1);
    let pairs = |list: &[(usize, u8)]| -> Vec<Value> {
        list.iter().map(|&(cell, digit)| json!({ "cell": name(cell), "digit": digit })).collect()
    };
    json!({
        "technique": step.technique.name(),
        "level": step.technique.level().name(),
        "cells": step.cells.iter().map(|&cell| name(cell)).collect::<Vec<_>>(),
        "regions": step.regions.iter().map(|&r| variant.regions()[r].to_string()).collect::<Vec<_>>(),
        "placements": pairs(&step.placements),
        "eliminations": pairs(&step.eliminations),
        "explanation": step.explanation,
    })
}
/// A price on Sudoku Explainer's scale as a JSON number (`2.3`), `null` when unknown.
fn scale(price: Option<Tenths>) -> Value {
    price.map_or(Value::Null, |tenths| json!(f64::from(tenths) / 10.0))
}
