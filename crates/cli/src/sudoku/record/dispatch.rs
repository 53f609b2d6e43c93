//! Which way a record goes: a puzzle of a variant, or a JSON line's puzzle that is plain (as
//! the library's [`Rules`] say), to the bitmask solver or the logical one; any other JSON
//! line's puzzle to `model.rs`; an unreadable record to `error` in place.

use std::io;

use dancer_sudoku::{Puzzle, PuzzleSolver, Rater, Record, Rules, Variant};
use serde_json::json;

use super::solving::{Shape, Unfinished};
use super::{
    failure, model, Done, Long, OutputFormat, Place, RecordJob, Sink, Solvers, Tally, Task,
};
use crate::{input::Source, sudoku::stream::Input};

/// Runs `task` on one record, sending its output to `sink`.
///
/// # Errors
/// Only what `sink` returns (a closed pipe, for instance).
pub(crate) fn handle(
    task: Task,
    format: OutputFormat,
    source: &Source,
    record: &Input,
    solvers: &mut Solvers<'_>,
    long: Long<'_>,
    sink: &mut Sink<'_>,
) -> io::Result<Done> {
    let enumerating = matches!(task, Task::Enumerate { .. });
    // After a signal, the records not yet begun are left (the batch stops at the first).
    if long.interrupt.load(std::sync::atomic::Ordering::Relaxed) {
        return Ok(Done { err: None, tally: Tally::default(), skipped: true });
    }
    let puzzle = match record {
        Input::Puzzle(Ok(puzzle)) => puzzle,
        Input::Puzzle(Err(error)) => {
            let message = format!("{source}:{error}");
            return failure(format, enumerating, error.line, message, sink);
        }
        Input::Model { line, read: Err(error), .. } => {
            let message = format!("{source}:{line}:{error}");
            return failure(format, enumerating, *line, message, sink);
        }
        Input::Model { line, read: Ok(record), skipped } => {
            let at = Place { source, line: *line, name: Some(&record.name) };
            let mut done = handle_record(task, format, at, record, long, sink)?;
            // Said once a puzzle, as a note (-q leaves it out), unless it has a message.
            if !skipped.is_empty() && done.err.is_none() {
                done.err = Some(format!(
                    "{source}:{line}:1: note: skipped as drawing only (no rule): {}",
                    skipped.join(", ")
                ));
            }
            return Ok(done);
        }
    };
    let size = puzzle.grid.size();
    let engine = if task.rates() {
        solvers.rater(size).map(Engine::Rater)
    } else {
        solvers.get(size).map(Engine::Solver)
    };
    match engine {
        Ok(engine) => {
            let at = Place { source, line: puzzle.line, name: None };
            run_puzzle(task, format, at, puzzle, engine, long, sink)
        }
        Err(message) => {
            let message = format!("{source}:{}:1: {message}", puzzle.line);
            failure(format, enumerating, puzzle.line, message, sink)
        }
    }
}

/// Runs `task` on the puzzle of a JSON line: a plain one as a puzzle of its variant, any
/// other in `model.rs`.
fn handle_record(
    task: Task,
    format: OutputFormat,
    at: Place<'_>,
    record: &Record,
    long: Long<'_>,
    sink: &mut Sink<'_>,
) -> io::Result<Done> {
    // `show --format json` writes the record itself, whatever the puzzle, so that it reads back.
    let shows_record = matches!(task, Task::Show) && format == OutputFormat::Json;
    let rules = Rules::new(&record.model);
    // A puzzle of a plain view reads, prints and rates as a grid of its variant.
    let plain = rules.template().filter(|_| !shows_record);
    let Some((template, grid)) = plain.zip(record.model.givens_grid()) else {
        return model::handle(task, format, at, (record, &rules), long, sink);
    };
    let puzzle = Puzzle { grid, line: at.line, extra: None };
    if task.rates() {
        let engine = Engine::Rater(&mut Rater::new(template));
        run_puzzle(task, format, at, &puzzle, engine, long, sink)
    } else {
        let engine = Engine::Solver(&mut rules.solver());
        run_puzzle(task, format, at, &puzzle, engine, long, sink)
    }
}

/// What a task on a puzzle of a variant runs with: `rate`, `hint` and `explain` a rater,
/// the others a solver.
enum Engine<'s, 't> {
    Solver(&'s mut PuzzleSolver<'t>),
    Rater(&'s mut Rater<'t>),
}

impl Engine<'_, '_> {
    fn variant(&self) -> &Variant {
        match self {
            Engine::Solver(solver) => Engine::plain(solver),
            Engine::Rater(rater) => rater.logic().variant(),
        }
    }

    /// The variant of a solver of a variant's puzzles.
    fn plain<'r>(solver: &PuzzleSolver<'r>) -> &'r Variant {
        solver.rules().variant().expect("a puzzle of a variant has a variant's rules")
    }
}

impl Task {
    /// The subcommand's name.
    pub(super) fn name(self) -> &'static str {
        match self {
            Task::Solve { .. } => "solve",
            Task::Count { .. } => "count",
            Task::Enumerate { .. } => "enumerate",
            Task::Check => "check",
            Task::Show => "show",
            Task::Rate => "rate",
            Task::Hint => "hint",
            Task::Explain => "explain",
            Task::Canon => "canon",
            Task::Candidates { .. } => "true-candidates",
            Task::Transform { .. } => "transform",
        }
    }

    /// Whether the task needs the logical solver (a [`Rater`]).
    pub(super) fn rates(self) -> bool {
        matches!(self, Task::Rate | Task::Hint | Task::Explain)
    }
}

/// Runs `task` on a puzzle of a variant.
fn run_puzzle(
    task: Task,
    format: OutputFormat,
    at: Place<'_>,
    puzzle: &Puzzle,
    engine: Engine<'_, '_>,
    long: Long<'_>,
    sink: &mut Sink<'_>,
) -> io::Result<Done> {
    let enumerating = matches!(task, Task::Enumerate { .. });
    let mut job = RecordJob::new(puzzle.line, format);
    if let Some(name) = at.name {
        job.set("name", || json!(name));
    }
    job.tally.puzzles = 1;
    let name = || puzzle.grid.to_string();
    let name = &name as &dyn Fn() -> String;
    let searched = match (task, engine) {
        (Task::Check, engine) => Ok(job.check(puzzle, engine.variant())),
        (Task::Show, engine) => Ok(job.show(puzzle, engine.variant())),
        (Task::Canon, engine) => Ok(job.canon(puzzle, engine.variant())),
        (Task::Transform { seed }, engine) => Ok(job.transform(puzzle, engine.variant(), seed)),
        (Task::Solve { unique }, Engine::Solver(solver)) => job.solve(
            solver,
            (&puzzle.grid, Shape::Grid(Engine::plain(solver)), name),
            unique,
            long,
        ),
        (Task::Count { limit }, Engine::Solver(solver)) => {
            job.count(solver, (&puzzle.grid, Shape::Grid(Engine::plain(solver)), name), limit, long)
        }
        (Task::Enumerate { limit }, Engine::Solver(solver)) => job.enumerate(
            solver,
            (&puzzle.grid, Shape::Grid(Engine::plain(solver)), name),
            limit,
            long,
            sink,
        ),
        (Task::Candidates { cap }, Engine::Solver(solver)) => {
            job.true_candidates(solver, &puzzle.grid, cap)
        }
        (Task::Rate, Engine::Rater(rater)) => Ok(job.rate(puzzle, rater, long)),
        (Task::Hint, Engine::Rater(rater)) => Ok(job.hint(puzzle, rater, long)),
        (Task::Explain, Engine::Rater(rater)) => Ok(job.explain(puzzle, rater, long)),
        _ => {
            job.fail("internal: the task was given the wrong engine".to_owned());
            Ok(job.text("error"))
        }
    };
    let out = match searched {
        Ok(out) => out,
        Err(Unfinished::Written(error)) => return Err(error),
        // A grid of its variant's size always encodes; should the library refuse it all the
        // same, the record says why.
        Err(Unfinished::Unreadable(error)) => {
            job.fail(error.to_string());
            job.text("error")
        }
    };
    job.finish(at, &out, enumerating, sink)
}
