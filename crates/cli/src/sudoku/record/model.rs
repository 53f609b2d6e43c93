//! A JSON line's puzzle (a `Model`). A plain sudoku of some variant goes the way of every
//! other puzzle (the bitmask search and the logical solver know variants); one with cages,
//! relations, parity, candidates or several grids is searched on the engine as the exact
//! cover `Model::encode` makes, and printed as its whole rectangle (`.` for unused cells).

use std::{
    io,
    ops::ControlFlow,
    sync::{Mutex, PoisonError},
};

use dancer_sudoku::{Digit, Encoded, Grid, Model, Puzzle, Rater, Record, Solver, Template};
use serde_json::json;

use super::dispatch::{run_puzzle, Engine, Place};
use super::search::{self, Shared};
use super::{failure, Done, Job, Long, Sink, Task};
use crate::sudoku::args::OutputFormat;

/// Runs `task` on the puzzle of a JSON line.
pub(super) fn handle(
    task: Task,
    format: OutputFormat,
    at: Place<'_>,
    record: &Record,
    long: Long<'_>,
    sink: &mut Sink<'_>,
) -> io::Result<Done> {
    // `show --format json` writes the record itself, whatever the puzzle, so that it reads back.
    let shows_record = matches!(task, Task::Show) && format == OutputFormat::Json;
    if let Some((variant, grid)) = record.model.as_variant().filter(|_| !shows_record) {
        let template = Template::new(variant);
        let puzzle = Puzzle { grid, line: at.line, extra: None };
        return if task.rates() {
            run_puzzle(
                task,
                format,
                at,
                &puzzle,
                Engine::Rater(&mut Rater::new(&template)),
                long,
                sink,
            )
        } else {
            let mut solver = Solver::new(&template);
            run_puzzle(task, format, at, &puzzle, Engine::Solver(&mut solver), long, sink)
        };
    }
    let enumerating = matches!(task, Task::Enumerate { .. });
    let encoded = match task {
        Task::Solve { .. } | Task::Count { .. } | Task::Enumerate { .. } => {
            match record.model.encode() {
                Ok(encoded) => Some(encoded),
                Err(error) => {
                    let message = format!("{}:{}:1: {error}", at.source, at.line);
                    return failure(format, enumerating, at.line, message, sink);
                }
            }
        }
        _ => None,
    };
    // The job's puzzle is a stand-in: everything it prints comes from the model.
    let stand_in = Puzzle { grid: Grid::from_cells(1, vec![0]), line: at.line, extra: None };
    let mut job = Job::new(&stand_in, format);
    job.set("name", || json!(record.name));
    job.label = Some(record.name.clone());
    job.tally.puzzles = 1;
    let model = &record.model;
    let out = match (task, &encoded) {
        (Task::Check, _) => check(&mut job, record),
        (Task::Show, _) => show(&mut job, record),
        (_, Some(_)) if invalid(&mut job, model) => {
            if matches!(task, Task::Count { .. }) {
                job.set("count", || json!(0));
                job.set("complete", || json!(true));
            }
            job.text("invalid")
        }
        (Task::Solve { unique }, Some(encoded)) => solve(&mut job, model, encoded, unique, long),
        (Task::Count { limit }, Some(encoded)) => count(&mut job, encoded, limit, long),
        (Task::Enumerate { limit }, Some(encoded)) => {
            enumerate(&mut job, model, encoded, limit, long, sink)?
        }
        _ => {
            job.fail(format!(
                "{} needs a puzzle of regions only (sudoku, jigsaw, extra regions), and this one \
                 has {}",
                task.name(),
                extras(model)
            ));
            job.text("error")
        }
    };
    job.finish(&format!("{}:{}:1", at.source, at.line), &out, enumerating, sink)
}

/// What a model has beyond regions and givens, in words.
fn extras(model: &Model) -> String {
    let mut has = Vec::new();
    let used = model.used.iter().filter(|&&used| used).count();
    if used < model.used.len() || model.width != model.height || model.width != model.symbols {
        has.push("several grids or unused cells");
    }
    for (present, what) in [
        (!model.cages.is_empty(), "cages"),
        (!model.relations.is_empty(), "relations"),
        (!model.parity.is_empty(), "parity marks"),
        (!model.candidates.is_empty(), "candidates"),
    ] {
        if present {
            has.push(what);
        }
    }
    if has.is_empty() {
        has.push("regions that are not a sudoku's (no rows and columns, or smaller regions)");
    }
    has.join(", ")
}

/// Whether the givens already break a rule (the puzzle is then `invalid`, as a classic
/// puzzle whose givens clash), recording why.
fn invalid(job: &mut Job<'_>, model: &Model) -> bool {
    let Err(broken) = model.broken(&model.givens, false) else { return false };
    job.tally.invalid += 1;
    job.set("status", || json!("invalid"));
    job.set("error", || json!(broken.to_string()));
    true
}

/// A solution's digits, or why they break the model: every solution the engine finds is
/// checked against the model's definitions before it is printed.
fn checked(
    model: &Model,
    encoded: &Encoded,
    options: &[dancer::OptionId],
) -> Result<Vec<Option<Digit>>, String> {
    let grid = encoded.grid(options);
    model.broken(&grid, true).map_err(|b| format!("internal error: a solution breaks {b}"))?;
    Ok(grid)
}

fn solve(
    job: &mut Job<'_>,
    model: &Model,
    encoded: &Encoded,
    unique: bool,
    long: Long<'_>,
) -> String {
    let mut solver = dancer::Solver::new(encoded.problem());
    if search::limited(long.job) {
        return solve_limited(job, model, encoded, unique, long);
    }
    let first = solver.next_solution().map(|options| checked(model, encoded, options));
    let status = match &first {
        None => "none",
        Some(Err(message)) => {
            job.fail(message.clone());
            return job.text("error");
        }
        Some(Ok(_)) if unique && solver.next_solution().is_some() => "multiple",
        Some(Ok(_)) if unique => "unique",
        Some(Ok(_)) => "solved",
    };
    match status {
        "none" => job.tally.none += 1,
        "multiple" => job.tally.multiple += 1,
        _ => job.tally.solved += 1,
    }
    let shown = first.and_then(Result::ok).filter(|_| status != "multiple");
    job.set("status", || json!(status));
    if let Some(grid) = &shown {
        job.set("solution", || json!(model.line(grid)));
    }
    job.counters(solver.stats());
    render(job, model, shown.as_deref(), status)
}

/// `solve` under a limit: as [`Job::solve_limited`], on the engine.
fn solve_limited(
    job: &mut Job<'_>,
    model: &Model,
    encoded: &Encoded,
    unique: bool,
    long: Long<'_>,
) -> String {
    let mut solver = dancer::Solver::new(encoded.problem());
    let first = Mutex::new(None);
    let visit = |search: &dancer::Solver<'_>| {
        let mut first = first.lock().unwrap_or_else(PoisonError::into_inner);
        first.get_or_insert_with(|| checked(model, encoded, search.solution()));
        ControlFlow::Continue(())
    };
    let long = Long { jobs: 1, ..long };
    let Some(outcome) = job.run(&mut solver, Some(if unique { 2 } else { 1 }), long, Some(&visit))
    else {
        return job.text("error");
    };
    let first = first.into_inner().unwrap_or_else(PoisonError::into_inner);
    if let Some(Err(message)) = first {
        job.fail(message);
        return job.text("error");
    }
    let status = job.solved(&outcome, unique);
    let shown = first.and_then(Result::ok).filter(|_| matches!(status, "solved" | "unique"));
    job.set("status", || json!(status));
    if let Some(grid) = &shown {
        job.set("solution", || json!(model.line(grid)));
    }
    if let Some(stop) = outcome.stopped().filter(|_| crate::job::partial(&outcome)) {
        job.set("stopped", || json!(stop.as_str()));
    }
    job.counters(outcome.stats());
    render(job, model, shown.as_deref(), status)
}

fn count(job: &mut Job<'_>, encoded: &Encoded, limit: Option<u64>, long: Long<'_>) -> String {
    let mut solver = dancer::Solver::new(encoded.problem());
    if let Some(memo) = long.memo {
        // One table serves the whole input; each model is a problem of its own.
        let mut memo = memo.lock().unwrap_or_else(PoisonError::into_inner);
        memo.clear();
        let counted = super::memo::watched(long, |run| run.count(&mut solver, &mut memo));
        return match counted {
            Ok(count) => {
                let status = match count {
                    0 => "none",
                    1 => "unique",
                    _ => "multiple",
                };
                if count == 0 {
                    job.tally.none += 1;
                } else {
                    job.tally.solved += 1;
                }
                job.set("status", || json!(status));
                job.set("count", || json!(count));
                job.set("complete", || json!(true));
                job.counters(solver.stats());
                job.text(&count.to_string())
            }
            Err(error) => {
                job.fail(error.to_string());
                job.text("error")
            }
        };
    }
    let Some(outcome) = job.run(&mut solver, limit, long, None) else {
        return job.text("error");
    };
    job.settle(&outcome, limit);
    let count = outcome.solutions().min(limit.unwrap_or(u64::MAX));
    job.text(&if outcome.is_complete() { count.to_string() } else { format!("{count}+") })
}

fn enumerate(
    job: &mut Job<'_>,
    model: &Model,
    encoded: &Encoded,
    limit: Option<u64>,
    long: Long<'_>,
    sink: &mut Sink<'_>,
) -> io::Result<String> {
    let mut solver = dancer::Solver::new(encoded.problem());
    let (puzzle, format) = (job.puzzle, job.format);
    let name = job.label.clone();
    let shared = Shared::new(sink);
    let visit = |search: &dancer::Solver<'_>| {
        let mut one = Job::new(puzzle, format);
        one.set("name", || json!(name));
        let text = match checked(model, encoded, search.solution()) {
            Ok(grid) => {
                one.set("status", || json!("solved"));
                one.set("solution", || json!(model.line(&grid)));
                render(&mut one, model, Some(&grid), "solved")
            }
            Err(message) => {
                one.fail(message);
                one.text("error")
            }
        };
        shared.write(&text)
    };
    let outcome = job.run(&mut solver, limit, long, Some(&visit));
    if let Some(error) = shared.error() {
        return Err(error);
    }
    Ok(job.enumerated(outcome, limit))
}

/// `check`: the givens against every constraint, and the solution the line carries, if any.
fn check(job: &mut Job<'_>, record: &Record) -> String {
    let model = &record.model;
    let complete =
        model.used.iter().zip(&model.givens).all(|(&used, given)| !used || given.is_some());
    let solution = record.solution.as_ref().map(|digits| {
        digits.iter().map(|&d| (d != 0).then_some(d)).collect::<Vec<Option<Digit>>>()
    });
    let verdict = model.broken(&model.givens, complete).map_err(|b| b.to_string()).and_then(|()| {
        let Some(solution) = &solution else { return Ok(()) };
        model.broken(solution, true).map_err(|b| format!("its solution: {b}"))
    });
    let (status, text) = match verdict {
        Err(why) => {
            job.tally.invalid += 1;
            job.set("error", || json!(why));
            ("invalid", format!("invalid: {why}"))
        }
        Ok(()) if complete => ("solved", "solved".to_owned()),
        Ok(()) => ("valid", "valid".to_owned()),
    };
    job.tally.solved += u64::from(status != "invalid");
    job.set("status", || json!(status));
    job.text(&text)
}

/// `show`: the givens as the whole rectangle, or the record itself in JSON (which reads back).
fn show(job: &mut Job<'_>, record: &Record) -> String {
    job.tally.solved += 1;
    let model = &record.model;
    match job.format {
        OutputFormat::Json => format!("{}\n", record.to_json()),
        OutputFormat::Grid => format!("{}\n", dancer_sudoku::draw::grid_text(model, None)),
        OutputFormat::Line => format!("{}\n", model.line(&model.givens)),
    }
}

/// A solution in the chosen format, or the status where there is none to show.
fn render(
    job: &mut Job<'_>,
    model: &Model,
    grid: Option<&[Option<Digit>]>,
    status: &str,
) -> String {
    match (job.format, grid) {
        (OutputFormat::Json, _) => job.json(),
        (OutputFormat::Grid, Some(grid)) => format!("{}\n", model.rows(grid)),
        (OutputFormat::Line, Some(grid)) => format!("{}\n", model.line(grid)),
        (OutputFormat::Grid, None) => format!("{status}\n\n"),
        (OutputFormat::Line, None) => format!("{status}\n"),
    }
}
