//! What one input record becomes: its output text, an optional message for stderr, and the
//! counts for the summary. Pure with respect to I/O, so that records can run in parallel.

use std::{io, ops::AddAssign, time::Instant};

use dancer_sudoku::{PuzzleSolver, Rater};
use serde_json::{json, Map, Value};

mod advice;
mod candidates;
mod dispatch;
mod inspect;
mod limited;
mod memo;
mod model;
mod search;
mod solving;
mod variant;

pub(crate) use self::dispatch::handle;
pub(crate) use self::search::Long;
use super::{
    args::OutputFormat,
    rules::{BySize, Compiled},
};
use crate::input::Source;

/// The subcommand being run, with its own options.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Task {
    /// `solve`, proving uniqueness when asked.
    Solve {
        /// `--unique`.
        unique: bool,
    },
    /// `count`.
    Count {
        /// `--limit`.
        limit: Option<u64>,
    },
    /// `enumerate`.
    Enumerate {
        /// `--limit`.
        limit: Option<u64>,
    },
    /// `check`.
    Check,
    /// `show`.
    Show,
    /// `rate`.
    Rate,
    /// `hint`.
    Hint,
    /// `explain`.
    Explain,
    /// `canon`.
    Canon,
    /// `true-candidates`, each candidate's solutions counted up to `cap`.
    Candidates {
        /// `--cap`.
        cap: u64,
    },
    /// `transform`, with its seed.
    Transform {
        /// `--seed`.
        seed: u64,
    },
}

/// Counts for the `--stats` summary and the exit status.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Tally {
    /// Records read (puzzles and unreadable records).
    pub(crate) puzzles: u64,
    /// Solved, counted with at least one solution, or checked without conflict.
    pub(crate) solved: u64,
    /// With no solution.
    pub(crate) none: u64,
    /// Givens (or a grid) breaking a rule.
    pub(crate) invalid: u64,
    /// Not unique under `solve --unique`.
    pub(crate) multiple: u64,
    /// Unreadable records.
    pub(crate) errors: u64,
    /// Counts and enumerations stopped at a limit.
    pub(crate) stopped: u64,
    /// Counts and enumerations stopped by Ctrl-C or SIGTERM.
    pub(crate) interrupted: u64,
}

impl AddAssign for Tally {
    fn add_assign(&mut self, other: Tally) {
        self.puzzles += other.puzzles;
        self.solved += other.solved;
        self.none += other.none;
        self.invalid += other.invalid;
        self.multiple += other.multiple;
        self.errors += other.errors;
        self.stopped += other.stopped;
        self.interrupted += other.interrupted;
    }
}

/// What a record produced besides its output.
pub(crate) struct Done {
    /// A message for stderr.
    pub(crate) err: Option<String>,
    /// Its counts.
    pub(crate) tally: Tally,
    /// Not run at all (a signal came first), or stopped with nothing to print. Nothing is
    /// printed from it on.
    pub(crate) skipped: bool,
}

/// Where a record comes from, for messages and JSON: its input, line, and name (a JSON
/// line's puzzle has one).
#[derive(Clone, Copy)]
pub(crate) struct Place<'a> {
    source: &'a Source,
    line: usize,
    name: Option<&'a str>,
}

/// One solver (and one rater) per puzzle size, made on first use, for one worker thread.
pub(crate) struct Solvers<'t> {
    compiled: &'t Compiled,
    by_size: BySize<PuzzleSolver<'t>>,
    raters: BySize<Rater<'t>>,
}

impl<'t> Solvers<'t> {
    /// No solvers yet.
    pub(crate) fn new(compiled: &'t Compiled) -> Solvers<'t> {
        Solvers { compiled, by_size: BySize::default(), raters: BySize::default() }
    }

    fn rater(&mut self, size: usize) -> Result<&mut Rater<'t>, String> {
        let rules: &'t dancer_sudoku::Rules = self.compiled.get(size).map_err(str::to_owned)?;
        let template = rules.template().expect("the rules of a size are a variant's");
        Ok(self.raters.get_or_insert_with(size, || Rater::new(template)))
    }

    fn get(&mut self, size: usize) -> Result<&mut PuzzleSolver<'t>, String> {
        let rules: &'t dancer_sudoku::Rules = self.compiled.get(size).map_err(str::to_owned)?;
        Ok(self.by_size.get_or_insert_with(size, || rules.solver()))
    }
}

/// Where a record's output goes, piece by piece: a buffer when records run in parallel, or
/// stdout itself when `enumerate` streams solutions as they are found (from any thread).
pub(crate) type Sink<'s> = dyn FnMut(&str) -> io::Result<()> + Send + 's;

/// One puzzle being handled: what it needs and what it has found so far.
struct RecordJob {
    /// The record's line in its input.
    line: usize,
    format: OutputFormat,
    started: Instant,
    fields: Map<String, Value>,
    tally: Tally,
    /// A message for stderr, for records that end as `error`.
    err: Option<String>,
    /// Stopped with nothing to print (a memoised count has no partial count): the output
    /// ends before this record.
    skip: bool,
    /// After a stop with a checkpoint file: how to resume, or why the checkpoint could not be
    /// written and where the last good one is.
    resume: Option<String>,
}

impl RecordJob {
    fn new(line: usize, format: OutputFormat) -> RecordJob {
        let mut job = RecordJob {
            line,
            format,
            started: Instant::now(),
            fields: Map::new(),
            tally: Tally::default(),
            err: None,
            skip: false,
            resume: None,
        };
        job.set("line", || json!(line));
        job
    }

    /// Ends the record: its message (after `place`, where it comes from) for stderr, its
    /// output to `sink` unless it was skipped, and the end of an enumeration's record.
    ///
    /// # Errors
    /// What `sink` returns.
    fn finish(
        self,
        place: Place<'_>,
        out: &str,
        enumerating: bool,
        sink: &mut Sink<'_>,
    ) -> io::Result<Done> {
        // Formatted only for a message: most records have none.
        let err = self.err.map(|message| format!("{}:{}:1: {message}", place.source, place.line));
        if self.skip {
            return Ok(Done { err, tally: self.tally, skipped: true });
        }
        sink(out)?;
        if enumerating {
            sink(record_end(self.format))?;
        }
        Ok(Done { err, tally: self.tally, skipped: false })
    }

    /// Records a JSON field; only JSON output pays for building it.
    fn set(&mut self, key: &str, value: impl FnOnce() -> Value) {
        if self.format == OutputFormat::Json {
            self.fields.insert(key.to_owned(), value());
        }
    }

    /// The record's JSON object on a line, its keys in [`KEY_ORDER`].
    fn json(&mut self) -> String {
        format!("{}\n", ordered(std::mem::take(&mut self.fields)))
    }

    /// A message for stderr about this record, which is not an error.
    fn note(&mut self, message: String) {
        self.err = Some(message);
    }

    /// The record cannot be handled: `error` on stdout, `message` on stderr.
    fn fail(&mut self, message: String) {
        self.tally.errors += 1;
        self.set("status", || json!("error"));
        self.set("error", || json!(message));
        self.err = Some(message);
    }

    /// A one-word (or one-line) result in the chosen format.
    fn text(&mut self, text: &str) -> String {
        match self.format {
            OutputFormat::Json => self.json(),
            OutputFormat::Grid => format!("{text}\n\n"),
            OutputFormat::Line => format!("{text}\n"),
        }
    }

    /// The search's counters and the record's time so far.
    fn counters(&mut self, stats: dancer::Stats) {
        self.set("nodes", || json!(stats.nodes()));
        self.set("updates", || json!(stats.updates()));
        let micros = self.started.elapsed().as_micros();
        self.set("micros", || json!(micros));
    }
}

/// What ends the output of each record of `enumerate`, whose solutions would otherwise run
/// into the next record's: in line format an empty line, in grid format a second one (each
/// grid is followed by one); in JSON nothing, since the record's summary line ends it.
fn record_end(format: OutputFormat) -> &'static str {
    match format {
        OutputFormat::Json => "",
        OutputFormat::Grid | OutputFormat::Line => "\n",
    }
}

/// The order of the keys of every JSON line, whatever its status, so that lines of different
/// statuses line up (and diff) alike; a key not listed would come last.
const KEY_ORDER: [&str; 28] = [
    "line",
    "name",
    "status",
    "error",
    "solution",
    "solutions",
    "candidates",
    "counts",
    "count",
    "complete",
    "stopped",
    "puzzle",
    "size",
    "givens",
    "canonical",
    "level",
    "solved",
    "steps",
    "step",
    "hardest",
    "solved_by_logic",
    "clue_band",
    "nodes",
    "er",
    "ep",
    "ed",
    "updates",
    "micros",
];

/// `fields` as a JSON object with its keys in [`KEY_ORDER`].
fn ordered(fields: Map<String, Value>) -> Value {
    let mut entries: Vec<(String, Value)> = fields.into_iter().collect();
    entries.sort_by_key(|(key, _)| KEY_ORDER.iter().position(|k| k == key).unwrap_or(usize::MAX));
    Value::Object(entries.into_iter().collect())
}

/// An unreadable record: `error` on stdout, the message on stderr.
fn failure(
    format: OutputFormat,
    enumerating: bool,
    line: usize,
    message: String,
    sink: &mut Sink<'_>,
) -> io::Result<Done> {
    let out = match format {
        OutputFormat::Json => {
            format!("{}\n", json!({ "line": line, "status": "error", "error": message }))
        }
        OutputFormat::Grid => "error\n\n".to_owned(),
        OutputFormat::Line => "error\n".to_owned(),
    };
    sink(&out)?;
    if enumerating {
        sink(record_end(format))?;
    }
    let tally = Tally { puzzles: 1, errors: 1, ..Tally::default() };
    Ok(Done { err: Some(message), tally, skipped: false })
}
