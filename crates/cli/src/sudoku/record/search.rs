//! How `count` and `enumerate` of one record run the door's search as a [`dancer::run::Run`]:
//! every core on a puzzle with many solutions, limits, Ctrl-C, and for an input of one puzzle
//! progress, checkpoints and resume (`solve` under a limit too, as a run on one thread that
//! stops at the first solution); and what the outcome makes of the record.

use std::{
    io::{self, Write},
    ops::ControlFlow,
    sync::{atomic::AtomicBool, Mutex, PoisonError},
};

use dancer::{
    run::Checkpoint, run::Explore, run::Outcome, run::Progress, run::Run, run::RunError, run::Stop,
    Memo,
};
use serde_json::json;

use super::{RecordJob, Sink};
use crate::job::{self, CheckpointFile, Display, JobArgs, Saved};
use crate::sudoku::args::OutputFormat;
use crate::Stderr;

/// What `enumerate` does with each solution, reading it from the search.
pub(super) type Visit<'v, T> = &'v (dyn Fn(&T) -> ControlFlow<()> + Sync);

/// The output shared by the workers of an enumeration: each solution's text is written whole,
/// and the first failed write (a closed pipe) stops the run and is kept for the caller.
pub(super) struct SolutionSink<'a, 's> {
    sink: Mutex<(&'a mut Sink<'s>, Option<io::Error>)>,
}

impl<'a, 's> SolutionSink<'a, 's> {
    pub(super) fn new(sink: &'a mut Sink<'s>) -> Self {
        SolutionSink { sink: Mutex::new((sink, None)) }
    }

    /// Writes `text`; `Break` once a write has failed.
    pub(super) fn write(&self, text: &str) -> ControlFlow<()> {
        let mut sink = self.sink.lock().unwrap_or_else(PoisonError::into_inner);
        if sink.1.is_some() {
            return ControlFlow::Break(());
        }
        match (sink.0)(text) {
            Ok(()) => ControlFlow::Continue(()),
            Err(error) => {
                sink.1 = Some(error);
                ControlFlow::Break(())
            }
        }
    }

    /// The write that failed, if one did.
    pub(super) fn error(self) -> Option<io::Error> {
        self.sink.into_inner().unwrap_or_else(PoisonError::into_inner).1
    }
}

/// How `count` and `enumerate` run their searches.
#[derive(Clone, Copy)]
pub(crate) struct Long<'a> {
    /// Threads for one puzzle (helpers start only once its search lasts).
    pub(crate) jobs: usize,
    pub(crate) job: &'a JobArgs,
    pub(crate) interrupt: &'static AtomicBool,
    /// `sudoku count` or `sudoku enumerate`, for checkpoint files.
    pub(crate) tool: &'static str,
    /// The checkpoint to resume (the input is then one puzzle).
    pub(crate) resume: Option<&'a Saved>,
    /// Where checkpoints go (the input is then one puzzle), checked before the search.
    pub(crate) checkpoint: Option<&'a CheckpointFile>,
    /// Whether this record is alone in its batch: only then is progress shown for it, and
    /// only then (the input being one puzzle) are checkpoints written.
    pub(crate) single: bool,
    /// `count --memo`: the table every record is counted with, in place of a run.
    pub(crate) memo: Option<&'a Mutex<Memo>>,
}

/// Whether `job` sets a limit on each record's search: `solve` then runs as a [`Run`], which
/// keeps it (the bitmask search alone has none).
pub(super) fn limited(job: &JobArgs) -> bool {
    job.time_limit.is_some() || job.node_limit.is_some() || job.mems_limit.is_some()
}

impl RecordJob {
    /// The status of a `solve` run with a solution limit (1, or 2 under `unique`), counted in
    /// the tally: `timeout` when a limit came first (`stopped` for a signal), with a note.
    pub(super) fn solved(&mut self, outcome: &Outcome, unique: bool) -> &'static str {
        let status = match outcome.solutions() {
            _ if job::partial(outcome) => {
                self.stopped(outcome);
                if outcome.stopped() == Some(Stop::Interrupted) {
                    return "stopped";
                }
                return "timeout";
            }
            0 => "none",
            1 if unique => "unique",
            1 => "solved",
            _ if unique => "multiple",
            _ => "solved",
        };
        match status {
            "none" => self.tally.none += 1,
            "multiple" => self.tally.multiple += 1,
            _ => self.tally.solved += 1,
        }
        status
    }

    /// What is left to print after an enumeration: the record's own line (JSON), or its
    /// status where it printed no solution, so that every puzzle leaves a trace and solutions
    /// can be told apart from puzzle to puzzle.
    pub(super) fn enumerated(&mut self, outcome: Option<Outcome>, limit: Option<u64>) -> String {
        let Some(outcome) = outcome else { return self.text("error") };
        let status = self.settle(&outcome, limit);
        if self.format == OutputFormat::Json {
            return self.json();
        }
        if outcome.solutions() == 0 {
            self.text(status)
        } else {
            String::new()
        }
    }

    /// The status of a finished `count` or `enumerate` (`stopped`, `none`, `unique` or
    /// `multiple`), counted in the tally and recorded with the count and counters.
    pub(super) fn settle(&mut self, outcome: &Outcome, limit: Option<u64>) -> &'static str {
        let count = outcome.solutions().min(limit.unwrap_or(u64::MAX));
        let complete = outcome.is_complete();
        let status = match (count, complete) {
            _ if job::partial(outcome) => "stopped",
            (0, _) => "none",
            (1, true) => "unique",
            _ => "multiple",
        };
        match status {
            "stopped" => self.stopped(outcome),
            "none" => self.tally.none += 1,
            _ => self.tally.solved += 1,
        }
        self.set("count", || json!(count));
        self.set("complete", || json!(complete));
        self.set("stopped", || json!(outcome.stopped().map(Stop::as_str)));
        self.set("status", || json!(status));
        self.counters(outcome.stats());
        status
    }

    /// Runs the search as `long` says, counting (no `visit`) or visiting; `None` (with the
    /// message set) when a checkpoint to resume does not fit the puzzle. Checkpoints name the
    /// puzzle `puzzle` (its grid, or a JSON line's name).
    pub(super) fn run<T: Explore + Send>(
        &mut self,
        search: &mut T,
        puzzle: &str,
        limit: Option<u64>,
        long: Long<'_>,
        visit: Option<Visit<'_, T>>,
    ) -> Option<Outcome> {
        let job = long.job;
        let display = if long.single {
            Display::new(job.progress, "sudoku", job.progress_every, visit.is_some())
        } else {
            Display::Off
        };
        let report = |progress: &Progress| display.show(progress);
        let saved = |checkpoint: &Checkpoint| {
            let mut saved = job.saved(long.tool, visit.is_none(), checkpoint);
            saved.puzzle = Some(puzzle.to_owned());
            saved
        };
        let file = long.checkpoint.filter(|_| long.single);
        let save = |checkpoint: &Checkpoint| {
            if let Some(file) = file {
                // Not yet a loss: the next save, or the last, may succeed.
                if let Err(error) = file.write(&saved(checkpoint)) {
                    let _ = writeln!(Stderr, "sudoku: warning: {error:#}; {}", file.last_good());
                }
            }
        };
        let mut run = job.limits(Run::new().threads(long.jobs), long.interrupt);
        if let Some(limit) = limit {
            run = run.solution_limit(limit);
        }
        if let Some(every) = display.interval() {
            run = run.progress(every, &report);
        }
        if let (Some(every), Some(_)) = (job.checkpoint_every, file) {
            run = run.checkpoint_every(every, &save);
        }
        if let Some(saved) = long.resume {
            run = run.resume(&saved.checkpoint);
        }
        let outcome = match visit {
            None => run.count(search),
            Some(visit) => run.visit(search, visit),
        };
        display.finish();
        let outcome = match outcome {
            Ok(outcome) => outcome,
            Err(error) => {
                let origin =
                    job.resume.as_ref().map_or_else(String::new, |p| p.display().to_string());
                let message = match error {
                    RunError::Fingerprint { found, expected } => format!(
                        "the checkpoint is of another puzzle or variant (fingerprint {found}, \
                         this one's {expected}), or of a JSON line's puzzle from before the \
                         region items were named by kind (R1#1 for G1#1): start the run again"
                    ),
                    error => error.to_string(),
                };
                self.fail(format!("{origin}: {message}"));
                return None;
            }
        };
        if let Some(file) = file {
            if !outcome.is_complete() || job.continue_run || file.path().exists() {
                let resume = match file.write(&saved(outcome.checkpoint())) {
                    Ok(()) => format!("resume with: {}", job::resume_command(file.path())),
                    // The count so far is still printed; the work after the last good
                    // checkpoint is lost, and the user must know where that one is.
                    Err(error) if !outcome.is_complete() => {
                        self.tally.errors += 1;
                        format!("{error:#}; {}", file.last_good())
                    }
                    Err(error) => {
                        self.note(format!(
                            "warning: {error:#} (the count is complete all the same)"
                        ));
                        String::new()
                    }
                };
                self.resume = Some(resume).filter(|text| !text.is_empty());
            }
        }
        Some(outcome)
    }

    /// A search stopped at a limit or by a signal: counted for the exit status, and said on
    /// stderr.
    fn stopped(&mut self, outcome: &Outcome) {
        if outcome.stopped() == Some(Stop::Interrupted) {
            self.tally.interrupted += 1;
        } else {
            self.tally.stopped += 1;
        }
        let reason = outcome.stopped().map_or("a limit", job::reason);
        let done = job::percent(outcome.checkpoint().fraction());
        let then = self.resume.take().map_or_else(String::new, |text| format!("; {text}"));
        self.note(format!("stopped by {reason} at {done} of the search{then}"));
    }
}
