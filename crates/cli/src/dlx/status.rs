//! `dlx status`: how far a split search has got, from what its parts leave behind: their
//! summaries (done), their checkpoints (running, stopped, or silent when the process that wrote
//! one is gone), their logs and GNU parallel's job log (failed), and nothing (not started).
//! Each source is optional; the more a run leaves, the more the status can tell. `report.rs`
//! writes it, with the count so far and an estimate of the time left.

mod report;
mod sources;

use std::{
    io::Write,
    time::{Duration, SystemTime},
};

use dancer::run::Part;

use self::sources::{Known, ParallelJob, Seen};
use super::{merge::Line, parts::PartsFile, StatusArgs};
use crate::{job::reason, Exit};

/// What a part has come to.
#[derive(Clone, Debug, PartialEq)]
enum State {
    /// Finished: from its summary, or from a checkpoint with nothing left.
    Done { solutions: u64, seconds: f64, updates: u64, summary: bool },
    /// Its process is seen (this host) or wrote a checkpoint lately (another host).
    Running(Progress),
    /// Its last checkpoint is periodic, but its process is gone or has been silent too long.
    Silent(Progress),
    /// Stopped at a limit or by a signal: running it again resumes it.
    Stopped { why: String, progress: Option<Progress> },
    /// Its last run ended with an error.
    Failed { why: String, progress: Option<Progress> },
    /// Nothing of it is found.
    NotStarted,
}

/// What a part's latest checkpoint says.
#[derive(Clone, Debug, PartialEq)]
struct Progress {
    fraction: f64,
    solutions: u64,
    updates: u64,
    seconds: f64,
    /// How long ago it was written.
    age: Duration,
    /// The host and process that wrote it.
    writer: Option<(String, u32)>,
}

impl Progress {
    fn of(seen: &Seen, now: SystemTime) -> Progress {
        let checkpoint = &seen.saved.checkpoint;
        Progress {
            fraction: checkpoint.fraction(),
            solutions: checkpoint.solutions(),
            updates: checkpoint.stats().updates(),
            seconds: checkpoint.seconds(),
            age: now.duration_since(seen.modified).unwrap_or_default(),
            writer: seen.saved.writer.as_ref().map(|w| (w.host.clone(), w.pid)),
        }
    }
}

/// `dlx status`: a table of the parts' states on `out` (or JSON), notes about the files read on
/// `err`. Exit status 0 when every part is done, 1 when one failed, 3 when some are not done.
pub(super) fn status(
    args: &StatusArgs,
    out: &mut (dyn Write + Send),
    err: &mut dyn Write,
) -> anyhow::Result<Exit> {
    sources::regular(&args.parts)?;
    let file = PartsFile::read(&args.parts)?;
    let first = &file.parts[0];
    Part::check_set(&file.parts).map_err(|error| file.error(&error, first.fingerprint))?;
    let mut known = vec![Known::default(); first.parts];
    let mut notes = Vec::new();
    sources::read_done(&args.done, first, &mut known, &mut notes);
    if let Some(where_) = &args.checkpoints {
        sources::read_checkpoints(where_, first, &mut known, &mut notes)?;
    }
    if let Some(pattern) = &args.logs {
        sources::read_logs(pattern, &mut known, &mut notes);
    }
    if let Some(joblog) = &args.joblog {
        sources::read_joblog(joblog, &mut known, &mut notes)?;
    }
    if !args.quiet {
        for note in &notes {
            writeln!(err, "dlx status: {note}")?;
        }
    }
    let now = SystemTime::now();
    let host = gethostname::gethostname().to_string_lossy().into_owned();
    let states: Vec<State> =
        known.iter().map(|known| known.state(now, &host, args.silent_after)).collect();
    let parts = report::Parts { file: &file, states: &states };
    if args.json {
        writeln!(out, "{}", parts.json())?;
    } else {
        parts.write(out)?;
    }
    let failed = states.iter().any(|state| matches!(state, State::Failed { .. }));
    let done = states.iter().all(|state| matches!(state, State::Done { .. }));
    Ok(match (failed, done) {
        (true, _) => Exit::NoSolution,
        (false, true) => Exit::Solved,
        (false, false) => Exit::Stopped,
    })
}

impl Known {
    /// The part's state, from the freshest of what is known: a complete summary or finished
    /// checkpoint first; then a failure newer than the last checkpoint; then the checkpoint.
    fn state(&self, now: SystemTime, host: &str, silent_after: Option<Duration>) -> State {
        let complete = |line: &&Line| line.complete;
        if let Some(line) = self.summary.as_ref().filter(complete) {
            let (solutions, seconds, updates) = (line.solutions, line.seconds, line.updates);
            return State::Done { solutions, seconds, updates, summary: true };
        }
        let progress = self.checkpoint.as_ref().map(|seen| Progress::of(seen, now));
        if let Some(seen) =
            self.checkpoint.as_ref().filter(|seen| seen.saved.checkpoint.is_finished())
        {
            let checkpoint = &seen.saved.checkpoint;
            let (solutions, seconds) = (checkpoint.solutions(), checkpoint.seconds());
            let updates = checkpoint.stats().updates();
            return State::Done { solutions, seconds, updates, summary: false };
        }
        let since = self.checkpoint.as_ref().map(|seen| seen.modified);
        let newer = |when: SystemTime| since.is_none_or(|since| when >= since);
        if let Some((line, _)) = self.log_error.as_ref().filter(|(_, when)| newer(*when)) {
            return State::Failed { why: line.clone(), progress };
        }
        if let Some(job) = self.job.as_ref().filter(|job| newer(job.ended)) {
            if let Some(why) = job.failure(self.checkpoint.is_some()) {
                return State::Failed { why, progress };
            }
        }
        if let (Some(seen), Some(progress)) = (&self.checkpoint, progress) {
            if let Some(stop) = seen.saved.checkpoint.stopped() {
                let why = format!("stopped by {}", reason(stop));
                return State::Stopped { why, progress: Some(progress) };
            }
            return if seen.alive(host, &progress, silent_after) {
                State::Running(progress)
            } else {
                State::Silent(progress)
            };
        }
        if let Some(line) = &self.summary {
            let why = line
                .stopped
                .as_deref()
                .map_or("not complete".to_owned(), |s| format!("stopped by {s}"));
            return State::Stopped { why, progress: None };
        }
        if let Some(job) = &self.job {
            if let Some(why) = job.failure(false) {
                return State::Failed { why, progress: None };
            }
        }
        State::NotStarted
    }
}

impl ParallelJob {
    /// Why GNU parallel's job log says the part failed, if it does: an error status, a signal
    /// with no checkpoint to resume from, or a success whose summary is not among the files.
    fn failure(&self, resumable: bool) -> Option<String> {
        match (self.exit, self.signal) {
            (_, signal) if signal != 0 && !resumable => {
                Some(format!("killed by signal {signal} (job log), with no checkpoint"))
            }
            (2, _) => Some("exit status 2 (job log): see its error output".to_owned()),
            (0, 0) => Some(
                "ended with status 0 (job log), but its summary is not among the files given"
                    .to_owned(),
            ),
            _ => None,
        }
    }
}
