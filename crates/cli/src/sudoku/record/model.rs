//! A JSON line's puzzle that is not plain (`dispatch.rs` sends a plain one the way of every
//! puzzle of a variant): checked and shown here, solved, counted and enumerated through the
//! library's door (`solving.rs`), and printed as its whole rectangle (`.` for unused cells).

use std::io;

use dancer_sudoku::{Constraints, Digit, Model, Record, Rules, VariantLogic};
use serde_json::json;

use super::solving::{Shape, Unfinished};
use super::{failure, Done, Long, Place, RecordJob, Sink, Task};
use crate::sudoku::args::OutputFormat;

/// Runs `task` on the puzzle of a JSON line, of `rules`.
pub(super) fn handle(
    task: Task,
    format: OutputFormat,
    at: Place<'_>,
    (record, rules): (&Record, &Rules),
    long: Long<'_>,
    sink: &mut Sink<'_>,
) -> io::Result<Done> {
    let model = &record.model;
    let enumerating = matches!(task, Task::Enumerate { .. });
    let mut job = RecordJob::new(at.line, format);
    job.set("name", || json!(record.name));
    job.tally.puzzles = 1;
    let mut solver = rules.solver();
    let name = || record.name.clone();
    let target = (&model.givens, Shape::Model(model, &record.name), &name as &dyn Fn() -> String);
    let searched = match task {
        Task::Check => Ok(check(&mut job, record)),
        Task::Show => Ok(show(&mut job, record)),
        Task::Solve { unique } => job.solve(&mut solver, target, unique, long),
        Task::Count { limit } => job.count(&mut solver, target, limit, long),
        Task::Enumerate { limit } => job.enumerate(&mut solver, target, limit, long, sink),
        Task::Candidates { cap } => job.true_candidates(&mut solver, &model.givens, cap),
        Task::Rate | Task::Hint | Task::Explain if VariantLogic::new(model).is_some() => {
            let logic = VariantLogic::new(model).expect("checked just now");
            Ok(match task {
                Task::Rate => job.rate_variant(&logic, &model.givens, long),
                Task::Hint => job.hint_variant(&logic, &model.givens, long),
                _ => job.explain_variant(&logic, &model.givens, long),
            })
        }
        _ => {
            job.fail(format!(
                "{} needs one sudoku grid (regions of a row's size, every cell used), and this \
                 one has {}",
                task.name(),
                extras(model)
            ));
            Ok(job.text("error"))
        }
    };
    let out = match searched {
        Ok(out) => out,
        // An unreadable puzzle is an unreadable record: `error`, and nothing of the job.
        Err(Unfinished::Unreadable(error)) => {
            let message = format!("{}:{}:1: {error}", at.source, at.line);
            return failure(format, enumerating, at.line, message, sink);
        }
        Err(Unfinished::Written(error)) => return Err(error),
    };
    job.finish(at, &out, enumerating, sink)
}

/// What a model has beyond regions and givens, in words.
fn extras(model: &Model) -> String {
    let mut has = Vec::new();
    let used = model.used.iter().filter(|&&used| used).count();
    if used < model.used.len() || model.width != model.height || model.width != model.symbols {
        has.push("several grids or unused cells");
    }
    has.extend(
        model.constraints().into_iter().filter(|list| !list.is_empty()).map(Constraints::name),
    );
    if has.is_empty() {
        has.push("regions that are not a sudoku's (no rows and columns, or smaller regions)");
    }
    has.join(", ")
}

/// `check`: the givens against every constraint, and the solution the line carries, if any.
fn check(job: &mut RecordJob, record: &Record) -> String {
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
fn show(job: &mut RecordJob, record: &Record) -> String {
    job.tally.solved += 1;
    let model = &record.model;
    match job.format {
        OutputFormat::Json => format!("{}\n", record.to_json()),
        OutputFormat::Grid => format!("{}\n", dancer_sudoku::draw::grid_text(model, None)),
        OutputFormat::Line => format!("{}\n", model.line(&model.givens)),
    }
}
