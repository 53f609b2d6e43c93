//! `solve`, `count` and `enumerate` of one record, through the library's one door
//! ([`PuzzleSolver`]), whatever the puzzle: a grid of a variant (a line, or a JSON line's plain
//! puzzle) or a JSON line's model. Only the printing of a solution differs ([`Shape`]).

use std::{
    fmt::Write as _,
    io,
    ops::ControlFlow,
    sync::{Mutex, PoisonError},
};

use dancer_sudoku::{
    Broken, Digit, Givens, Grid, Model, PuzzleSearch, PuzzleSolver, SolutionForm, SolveError,
    Variant, Verdict,
};
use serde_json::json;

use super::search::{self, SolutionSink};
use super::{Long, RecordJob, Sink};
use crate::sudoku::args::OutputFormat;

/// Room for a classic solution's line and its line end, so that writing it never grows it.
const LINE_CAPACITY: usize = 82;

/// What a record's puzzle is, for printing its solutions.
#[derive(Clone, Copy)]
pub(super) enum Shape<'a> {
    /// A grid of a variant: a line's puzzle, or a JSON line's plain one.
    Grid(&'a Variant),
    /// A JSON line's model, with the line's name (which each solution's record repeats).
    Model(&'a Model, &'a str),
}

/// A solution as the door gives it back, printed in a record's shape.
pub(super) trait Shown: Sized {
    /// Writes the solution as one line to `out`.
    fn write_line(&self, shape: Shape<'_>, out: &mut String);

    /// The solution in the grid format.
    fn rows(&self, shape: Shape<'_>) -> String;

    /// The solution as one line (the `solution` of JSON).
    fn line(&self, shape: Shape<'_>) -> String {
        let mut out = String::new();
        self.write_line(shape, &mut out);
        out
    }
}

impl Shown for Grid {
    fn write_line(&self, _: Shape<'_>, out: &mut String) {
        // Writing to a `String` cannot fail.
        let _ = write!(out, "{self}");
    }

    fn rows(&self, shape: Shape<'_>) -> String {
        match shape {
            Shape::Grid(variant) => format!("{}\n", dancer_sudoku::pretty(self, variant)),
            Shape::Model(model, _) => format!("{}\n", model.rows(&digits(self))),
        }
    }
}

impl Shown for Vec<Option<Digit>> {
    fn write_line(&self, shape: Shape<'_>, out: &mut String) {
        match shape {
            Shape::Grid(_) => digits_grid(self).write_line(shape, out),
            Shape::Model(model, _) => out.push_str(&model.line(self)),
        }
    }

    fn rows(&self, shape: Shape<'_>) -> String {
        match shape {
            Shape::Grid(variant) => {
                format!("{}\n", dancer_sudoku::pretty(&digits_grid(self), variant))
            }
            Shape::Model(model, _) => format!("{}\n", model.rows(self)),
        }
    }
}

fn digits(grid: &Grid) -> Vec<Option<Digit>> {
    (0..grid.cells().len()).map(|cell| grid.get(cell)).collect()
}

fn digits_grid(digits: &[Option<Digit>]) -> Grid {
    let n = digits.len().isqrt();
    Grid::from_cells(n, digits.iter().map(|digit| digit.unwrap_or(0)).collect())
}

/// A record's puzzle for the door: its givens, its shape, and its name in checkpoints (a
/// line's grid, made only when a run needs it, or a JSON line's name).
pub(super) type Target<'a, G> = (&'a G, Shape<'a>, &'a dyn Fn() -> String);

/// Why a search left no text of its own for its record.
pub(super) enum Unfinished {
    /// The model cannot be encoded: the record is unreadable.
    Unreadable(SolveError),
    /// A solution could not be written (a closed pipe).
    Written(io::Error),
}

/// The text of a record's search.
pub(super) type Searched = Result<String, Unfinished>;

impl RecordJob {
    /// A solution, or the status word where there is none to show, in the chosen format.
    pub(super) fn show_solution<S: Shown>(
        &mut self,
        shape: Shape<'_>,
        solution: Option<&S>,
        status: &str,
    ) -> String {
        match (self.format, solution) {
            (OutputFormat::Json, _) => self.json(),
            (OutputFormat::Grid, Some(solution)) => solution.rows(shape),
            (OutputFormat::Line, Some(solution)) => {
                let mut out = String::with_capacity(LINE_CAPACITY);
                solution.write_line(shape, &mut out);
                out.push('\n');
                out
            }
            (OutputFormat::Grid, None) => format!("{status}\n\n"),
            (OutputFormat::Line, None) => format!("{status}\n"),
        }
    }

    /// Records `status` and the solution shown, if any.
    fn solved_as<S: Shown>(&mut self, shape: Shape<'_>, status: &str, shown: Option<&S>) {
        self.set("status", || json!(status));
        if let Some(solution) = shown {
            self.set("solution", || json!(solution.line(shape)));
        }
    }

    /// The text of a search that gave no answer: an unreadable model goes up to the caller,
    /// givens that break a rule are `invalid` (a count of 0 when counting), anything else an
    /// `error`.
    pub(super) fn refused(&mut self, error: SolveError, counting: bool) -> Searched {
        match error {
            SolveError::Model(_) => Err(Unfinished::Unreadable(error)),
            SolveError::Invalid(broken) => Ok(self.invalid(&broken, counting)),
            error => {
                self.fail(error.to_string());
                Ok(self.text("error"))
            }
        }
    }

    /// Givens that already break a rule, recording why.
    pub(super) fn invalid(&mut self, broken: &Broken, counting: bool) -> String {
        self.tally.invalid += 1;
        self.set("status", || json!("invalid"));
        self.set("error", || json!(broken.to_string()));
        if counting {
            self.set("count", || json!(0));
            self.set("complete", || json!(true));
        }
        self.text("invalid")
    }

    /// `multiple` under `--unique`, with two of the solutions, so that a setter sees where the
    /// puzzle breaks: after the status on its line, as grids after it, as `solutions` in JSON.
    fn show_multiple<S: Shown>(&mut self, shape: Shape<'_>, two: &[S]) -> String {
        let lines: Vec<String> = two.iter().map(|solution| solution.line(shape)).collect();
        self.set("solutions", || json!(lines));
        match self.format {
            OutputFormat::Json => self.json(),
            // Each after a space: none when the enumeration failed, never a trailing blank.
            OutputFormat::Line => {
                let mut out = "multiple".to_owned();
                for line in &lines {
                    out.push(' ');
                    out.push_str(line);
                }
                out.push('\n');
                out
            }
            OutputFormat::Grid => {
                let grids: Vec<String> = two.iter().map(|solution| solution.rows(shape)).collect();
                format!("multiple\n{}", grids.concat())
            }
        }
    }

    /// `solve`: the first solution, or under `unique` the only one; as a run when a limit is
    /// set.
    pub(super) fn solve<G: Givens + ?Sized>(
        &mut self,
        solver: &mut PuzzleSolver<'_>,
        (givens, shape, name): Target<'_, G>,
        unique: bool,
        long: Long<'_>,
    ) -> Searched
    where
        G::Solution: Shown + Send,
    {
        // A model's puzzles and the plain ones from 16×16 up may take minutes: they search as
        // a run, which a signal stops (the others take micro- to milliseconds, and stop
        // between puzzles).
        if search::limited(long.job) || solver.rules().backend().may_take_long() {
            return match solver.explore_to_solve(givens) {
                Ok(search) => Ok(self.solve_limited(search, (shape, name), unique, long)),
                Err(error) => self.refused(error, false),
            };
        }
        let found = if unique { solver.solve_unique(givens) } else { solver.solve(givens) };
        let report = match found {
            Ok(report) => report,
            Err(error) => return self.refused(error, false),
        };
        let (status, shown) = match report.verdict {
            Verdict::Invalid(broken) => {
                // A model's checker saw it before any search, which has no counters to show.
                if let Shape::Model(..) = shape {
                    return Ok(self.invalid(&broken, false));
                }
                self.set("error", || json!(broken.to_string()));
                ("invalid", None)
            }
            Verdict::None => ("none", None),
            // Under --unique several solutions is a failure: the status, and two of them.
            Verdict::Multiple(_) => {
                let two: Vec<G::Solution> = match solver.enumerate(givens) {
                    Ok(solutions) => solutions.take(2).filter_map(Result::ok).collect(),
                    Err(_) => Vec::new(),
                };
                self.tally.multiple += 1;
                self.solved_as(shape, "multiple", None::<&G::Solution>);
                self.counters(report.stats);
                return Ok(self.show_multiple(shape, &two));
            }
            Verdict::Unique(solution) => ("unique", Some(solution)),
            Verdict::Solved(solution) => ("solved", Some(solution)),
        };
        match status {
            "solved" | "unique" => self.tally.solved += 1,
            "multiple" => self.tally.multiple += 1,
            "none" => self.tally.none += 1,
            _ => self.tally.invalid += 1,
        }
        self.solved_as(shape, status, shown.as_ref());
        self.counters(report.stats);
        Ok(self.show_solution(shape, shown.as_ref(), status))
    }

    /// `solve` under a limit (or on the engine): the puzzle's search as a run on one thread (so
    /// that the solution shown is the one `solve` without a limit finds), stopped at the first
    /// solution, at the second under `--unique`, or at the limit, when the record prints
    /// `timeout`.
    fn solve_limited<S: SolutionForm + Shown + Send>(
        &mut self,
        mut search: PuzzleSearch<'_, '_, S>,
        (shape, name): (Shape<'_>, &dyn Fn() -> String),
        unique: bool,
        long: Long<'_>,
    ) -> String {
        // The first solution, and under --unique the second, which it stops at.
        let found = Mutex::new(Vec::with_capacity(2));
        let visit = |search: &PuzzleSearch<'_, '_, S>| {
            found.lock().unwrap_or_else(PoisonError::into_inner).push(search.solution());
            ControlFlow::Continue(())
        };
        let long = Long { jobs: 1, ..long };
        let limit = Some(if unique { 2 } else { 1 });
        let Some(outcome) = self.run(&mut search, &name(), limit, long, Some(&visit)) else {
            return self.text("error");
        };
        let found = found.into_inner().unwrap_or_else(PoisonError::into_inner);
        let found: Result<Vec<S>, _> = found.into_iter().collect();
        let mut found = match found {
            Ok(found) => found,
            Err(error) => {
                self.fail(error.to_string());
                return self.text("error");
            }
        };
        let status = self.solved(&outcome, unique);
        if status == "multiple" {
            self.solved_as(shape, status, None::<&S>);
            self.counters(outcome.stats());
            return self.show_multiple(shape, &found);
        }
        found.truncate(1);
        let shown = found.pop().filter(|_| matches!(status, "solved" | "unique"));
        self.solved_as(shape, status, shown.as_ref());
        if let Some(stop) = outcome.stopped().filter(|_| crate::job::partial(&outcome)) {
            self.set("stopped", || json!(stop.as_str()));
        }
        self.counters(outcome.stats());
        self.show_solution(shape, shown.as_ref(), status)
    }

    /// `count`: the number of solutions, `N+` when a limit stopped it; with `--memo` the
    /// exact count.
    pub(super) fn count<G: Givens + ?Sized>(
        &mut self,
        solver: &mut PuzzleSolver<'_>,
        (givens, shape, name): Target<'_, G>,
        limit: Option<u64>,
        long: Long<'_>,
    ) -> Searched {
        if let Some(memo) = long.memo {
            let named = match shape {
                Shape::Model(_, name) => Some(name),
                Shape::Grid(_) => None,
            };
            return self.count_memo(solver, (givens, named), memo, long);
        }
        let mut search = match solver.explore(givens) {
            Ok(search) => search,
            Err(error) => return self.refused(error, true),
        };
        let Some(outcome) = self.run(&mut search, &name(), limit, long, None) else {
            return Ok(self.text("error"));
        };
        self.settle(&outcome, limit);
        let count = outcome.solutions().min(limit.unwrap_or(u64::MAX));
        Ok(self.text(&if outcome.is_complete() { count.to_string() } else { format!("{count}+") }))
    }

    /// `enumerate`: each solution to `sink` as it is found, from whichever thread found it;
    /// returns what is left to print: the record's summary line (JSON), or its status when it
    /// has no solution to show (`none`, `stopped`, `invalid`, `error`), or nothing.
    pub(super) fn enumerate<G: Givens + ?Sized>(
        &mut self,
        solver: &mut PuzzleSolver<'_>,
        (givens, shape, name): Target<'_, G>,
        limit: Option<u64>,
        long: Long<'_>,
        sink: &mut Sink<'_>,
    ) -> Searched
    where
        G::Solution: Shown,
    {
        let mut search = match solver.explore(givens) {
            Ok(search) => search,
            Err(error) => return self.refused(error, false),
        };
        let (line, format) = (self.line, self.format);
        let shared = SolutionSink::new(sink);
        let visit = |search: &PuzzleSearch<'_, '_, G::Solution>| {
            let mut one = RecordJob::new(line, format);
            if let Shape::Model(_, name) = shape {
                one.set("name", || json!(name));
            }
            let text = match search.solution() {
                Ok(solution) => {
                    one.solved_as(shape, "solved", Some(&solution));
                    one.show_solution(shape, Some(&solution), "solved")
                }
                Err(error) => {
                    one.fail(error.to_string());
                    one.text("error")
                }
            };
            shared.write(&text)
        };
        let outcome = self.run(&mut search, &name(), limit, long, Some(&visit));
        if let Some(error) = shared.error() {
            return Err(Unfinished::Written(error));
        }
        Ok(self.enumerated(outcome, limit))
    }
}
