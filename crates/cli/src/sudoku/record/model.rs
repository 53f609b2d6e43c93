//! A JSON line's puzzle that is not plain (`dispatch.rs` sends a plain one the way of every
//! puzzle of a variant): solved, counted and enumerated by the library's [`ModelSolver`], and
//! printed here as its whole rectangle (`.` for unused cells).

use std::{
    io,
    sync::{Mutex, PoisonError},
};

use dancer_sudoku::{
    Broken, Constraints, Digit, Model, ModelSearch, ModelSolver, Record, Rules, SolveError, Verdict,
};
use serde_json::json;

use super::search::{self, SolutionSink};
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
    let searched = match task {
        Task::Check => Ok(check(&mut job, record)),
        Task::Show => Ok(show(&mut job, record)),
        Task::Solve { unique } if search::limited(long.job) => {
            solve_limited(&mut job, &mut solver, record, unique, long)
        }
        Task::Solve { unique } => solve(&mut job, &mut solver, model, unique),
        Task::Count { limit } => count(&mut job, &mut solver, record, limit, long),
        Task::Enumerate { limit } => enumerate(&mut job, &mut solver, record, limit, long, sink),
        _ => {
            job.fail(format!(
                "{} needs a puzzle of regions only (sudoku, jigsaw, extra regions), and this one \
                 has {}",
                task.name(),
                extras(model)
            ));
            Ok(job.text("error"))
        }
    };
    let out = match searched {
        Ok(out) => out,
        // An unreadable puzzle is an unreadable record: `error`, and nothing of the job.
        Err(Unreadable(error)) => {
            let message = format!("{}:{}:1: {error}", at.source, at.line);
            return failure(format, enumerating, at.line, message, sink);
        }
        Err(Written(error)) => return Err(error),
    };
    job.finish(&format!("{}:{}:1", at.source, at.line), &out, enumerating, sink)
}

/// Why a search left no text of its own for its record.
enum Unfinished {
    /// The model cannot be encoded: the record is unreadable.
    Unreadable(SolveError),
    /// A solution could not be written (a closed pipe).
    Written(io::Error),
}
use Unfinished::{Unreadable, Written};

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

/// The text of a search that gave no answer: an unreadable model goes up to the caller, givens
/// that break a rule are `invalid` (a count of 0 when counting), anything else an `error`.
fn refused(job: &mut RecordJob, error: SolveError, counting: bool) -> Result<String, Unfinished> {
    match error {
        SolveError::Model(_) => Err(Unreadable(error)),
        SolveError::Invalid(broken) => Ok(invalid(job, &broken, counting)),
        error => {
            job.fail(error.to_string());
            Ok(job.text("error"))
        }
    }
}

/// Givens that already break a rule (the puzzle is then `invalid`, as a classic puzzle whose
/// givens clash), recording why.
fn invalid(job: &mut RecordJob, broken: &Broken, counting: bool) -> String {
    job.tally.invalid += 1;
    job.set("status", || json!("invalid"));
    job.set("error", || json!(broken.to_string()));
    if counting {
        job.set("count", || json!(0));
        job.set("complete", || json!(true));
    }
    job.text("invalid")
}

fn solve(
    job: &mut RecordJob,
    solver: &mut ModelSolver<'_>,
    model: &Model,
    unique: bool,
) -> Result<String, Unfinished> {
    let givens = &model.givens;
    let found = if unique { solver.solve_unique(givens) } else { solver.solve(givens) };
    let report = match found {
        Ok(report) => report,
        Err(error) => return refused(job, error, false),
    };
    let (status, shown) = match report.verdict {
        Verdict::Invalid(broken) => return Ok(invalid(job, &broken, false)),
        Verdict::None => ("none", None),
        // Under --unique several solutions is a failure: print the status, not a grid.
        Verdict::Multiple(_) => ("multiple", None),
        Verdict::Unique(grid) => ("unique", Some(grid)),
        Verdict::Solved(grid) => ("solved", Some(grid)),
    };
    match status {
        "none" => job.tally.none += 1,
        "multiple" => job.tally.multiple += 1,
        _ => job.tally.solved += 1,
    }
    job.set("status", || json!(status));
    if let Some(grid) = &shown {
        job.set("solution", || json!(model.line(grid)));
    }
    job.counters(report.stats);
    Ok(render(job, model, shown.as_deref(), status))
}

/// `solve` under a limit: as [`RecordJob::solve_limited`], on the model's search.
fn solve_limited(
    job: &mut RecordJob,
    solver: &mut ModelSolver<'_>,
    record: &Record,
    unique: bool,
    long: Long<'_>,
) -> Result<String, Unfinished> {
    let model = &record.model;
    let mut search = match solver.explore(&model.givens) {
        Ok(search) => search,
        Err(error) => return refused(job, error, false),
    };
    let first = Mutex::new(None);
    let visit = |search: &ModelSearch<'_, '_>| {
        let mut first = first.lock().unwrap_or_else(PoisonError::into_inner);
        first.get_or_insert_with(|| search.solution());
        std::ops::ControlFlow::Continue(())
    };
    let long = Long { jobs: 1, ..long };
    let limit = Some(if unique { 2 } else { 1 });
    let Some(outcome) = job.run(&mut search, &record.name, limit, long, Some(&visit)) else {
        return Ok(job.text("error"));
    };
    let first = first.into_inner().unwrap_or_else(PoisonError::into_inner);
    if let Some(Err(error)) = first {
        job.fail(error.to_string());
        return Ok(job.text("error"));
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
    Ok(render(job, model, shown.as_deref(), status))
}

fn count(
    job: &mut RecordJob,
    solver: &mut ModelSolver<'_>,
    record: &Record,
    limit: Option<u64>,
    long: Long<'_>,
) -> Result<String, Unfinished> {
    let givens = &record.model.givens;
    if let Some(memo) = long.memo {
        // One table serves the whole input; the library clears it for each model, a problem of
        // its own.
        let mut memo = memo.lock().unwrap_or_else(PoisonError::into_inner);
        let counted = super::memo::watched(long, |run| solver.count_memo(givens, &mut memo, run));
        let counted = match counted {
            Ok(counted) => counted,
            Err(error) => return refused(job, error, true),
        };
        if let Some(broken) = &counted.invalid {
            return Ok(invalid(job, broken, true));
        }
        let count = counted.count;
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
        job.counters(counted.stats);
        return Ok(job.text(&count.to_string()));
    }
    let mut search = match solver.explore(givens) {
        Ok(search) => search,
        Err(error) => return refused(job, error, true),
    };
    let Some(outcome) = job.run(&mut search, &record.name, limit, long, None) else {
        return Ok(job.text("error"));
    };
    job.settle(&outcome, limit);
    let count = outcome.solutions().min(limit.unwrap_or(u64::MAX));
    Ok(job.text(&if outcome.is_complete() { count.to_string() } else { format!("{count}+") }))
}

fn enumerate(
    job: &mut RecordJob,
    solver: &mut ModelSolver<'_>,
    record: &Record,
    limit: Option<u64>,
    long: Long<'_>,
    sink: &mut Sink<'_>,
) -> Result<String, Unfinished> {
    let model = &record.model;
    let mut search = match solver.explore(&model.givens) {
        Ok(search) => search,
        Err(error) => return refused(job, error, false),
    };
    let (line, format) = (job.line, job.format);
    let shared = SolutionSink::new(sink);
    let visit = |search: &ModelSearch<'_, '_>| {
        let mut one = RecordJob::new(line, format);
        one.set("name", || json!(record.name));
        let text = match search.solution() {
            Ok(grid) => {
                one.set("status", || json!("solved"));
                one.set("solution", || json!(model.line(&grid)));
                render(&mut one, model, Some(&grid), "solved")
            }
            Err(error) => {
                one.fail(error.to_string());
                one.text("error")
            }
        };
        shared.write(&text)
    };
    let outcome = job.run(&mut search, &record.name, limit, long, Some(&visit));
    if let Some(error) = shared.error() {
        return Err(Written(error));
    }
    Ok(job.enumerated(outcome, limit))
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

/// A solution in the chosen format, or the status where there is none to show.
fn render(
    job: &mut RecordJob,
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
