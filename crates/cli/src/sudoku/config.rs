//! A batch subcommand's flags as one configuration, made once (as ripgrep's `hiargs` makes its
//! `HiArgs` from the parsed `LowArgs`): the task and its output format, the inputs, the
//! threads, the limits and checkpoints of a long search, the table of a memoised count. The
//! run (`sudoku.rs`) and the batches read this and never the subcommands' flags again, so that
//! a rule such as "`show` defaults to grids" or "a memoised count runs on one thread" is
//! written once, here.

use std::borrow::Cow;
use std::io::Write;

use super::record::Task;
use super::{
    sources_of, transform_seed, Command, Common, InputFormat, LogicLimit, OutputFormat, SolveArgs,
    SolveLimits, VariantArgs,
};
use crate::input::Source;
use crate::job::{JobArgs, ProgressMode};

/// A subcommand that reads puzzles record by record, settled from its flags.
#[derive(Debug)]
pub(super) struct Batch<'a> {
    /// What is done to each record.
    pub(super) task: Task,
    /// How each result is written (`show`: grids, the others: lines, unless asked).
    pub(super) format: OutputFormat,
    /// The inputs, in order (standard input when none is named).
    pub(super) sources: Vec<Source>,
    /// The rules given on the command line.
    pub(super) variant: Cow<'a, VariantArgs>,
    /// `--from`: the format every line is read in, when given.
    pub(super) input: Option<InputFormat>,
    /// Worker threads (0: one per core; 1 for a memoised count, which shares one table).
    pub(super) jobs: usize,
    /// Limits, checkpoints and progress: `count`'s and `enumerate`'s own, `solve`'s limits
    /// alone (no progress, no checkpoints), none for the other tasks.
    pub(super) job: Cow<'a, JobArgs>,
    /// The tool that names checkpoint files (`sudoku count`, `sudoku enumerate`; empty for
    /// the tasks that write none).
    pub(super) tool: &'static str,
    /// `count --memo`: the most bytes its table may take, as asked.
    pub(super) memo_bytes: Option<usize>,
    /// `-q`: nothing on standard error but errors and the summary when asked.
    pub(super) quiet: bool,
    /// `--stats`: the summary line at the end.
    pub(super) stats: bool,
}

impl<'a> Batch<'a> {
    /// The batch `command` asks for, or `None` for a subcommand that reads no records one by
    /// one (generate, convert, encode, completions, pictures, play). `transform` without a
    /// seed draws one here and says which on `err` (unless `quiet`), so that the run can be
    /// repeated.
    ///
    /// # Errors
    /// A failed write of that note.
    pub(super) fn new(
        command: &'a Command,
        quiet: bool,
        err: &mut dyn Write,
    ) -> anyhow::Result<Option<Batch<'a>>> {
        let (mut job, mut tool, mut memo_bytes) = (Cow::Owned(JobArgs::default()), "", None);
        let (common, task): (Cow<'a, Common>, Task) = match command {
            // Pictures are drawn whole, not record by record.
            Command::Show(show) if !show.format.is_some_and(super::ShowFormat::is_picture) => {
                (Cow::Owned(show.common()), Task::Show)
            }
            Command::Generate(_)
            | Command::Shell(_)
            | Command::Convert(_)
            | Command::Encode(_)
            | Command::Play(_)
            | Command::Show(_) => return Ok(None),
            Command::Solve(SolveArgs { unique, common, limits }) => {
                job = Cow::Owned(limits_only(limits));
                (Cow::Borrowed(common), Task::Solve { unique: *unique })
            }
            Command::Count { limit, memo, memo_size, job: given, common } => {
                (job, tool) = (Cow::Borrowed(given), "sudoku count");
                memo_bytes = memo.then_some(*memo_size);
                (Cow::Borrowed(common), Task::Count { limit: *limit })
            }
            Command::Enumerate { limit, job: given, common } => {
                (job, tool) = (Cow::Borrowed(given), "sudoku enumerate");
                (Cow::Borrowed(common), Task::Enumerate { limit: *limit })
            }
            Command::Check { common } => (Cow::Borrowed(common), Task::Check),
            Command::Rate { limit, common } => {
                job = Cow::Owned(logic_limit(limit));
                (Cow::Borrowed(common), Task::Rate)
            }
            Command::Hint { limit, common } => {
                job = Cow::Owned(logic_limit(limit));
                (Cow::Borrowed(common), Task::Hint)
            }
            Command::Explain { limit, common } => {
                job = Cow::Owned(logic_limit(limit));
                (Cow::Borrowed(common), Task::Explain)
            }
            Command::Canon { common } => (Cow::Borrowed(common), Task::Canon),
            Command::TrueCandidates { cap, common } => {
                (Cow::Borrowed(common), Task::Candidates { cap: *cap })
            }
            Command::Transform { seed, common } => (
                Cow::Borrowed(common),
                Task::Transform { seed: transform_seed(*seed, quiet, err)? },
            ),
        };
        let default_format =
            if matches!(task, Task::Show) { OutputFormat::Grid } else { OutputFormat::Line };
        // A memoised count runs on one thread with one table for the whole input: a table per
        // thread would multiply the memory, and a shared one would serialise the threads.
        let jobs = if memo_bytes.is_some() { 1 } else { common.jobs.map_or(0, usize::from) };
        let variant = match common {
            Cow::Borrowed(common) => Cow::Borrowed(&common.variant),
            Cow::Owned(ref common) => Cow::Owned(common.variant.clone()),
        };
        Ok(Some(Batch {
            task,
            format: common.format.unwrap_or(default_format),
            sources: sources_of(&common.files),
            variant,
            input: common.from,
            jobs,
            job,
            tool,
            memo_bytes,
            quiet,
            stats: common.stats,
        }))
    }
}

/// `solve`'s limits as the options of count's run, and nothing else of them: no progress, no
/// checkpoints.
fn limits_only(limits: &SolveLimits) -> JobArgs {
    JobArgs {
        time_limit: limits.time_limit,
        node_limit: limits.node_limit,
        progress: Some(ProgressMode::Off),
        ..JobArgs::default()
    }
}

/// The logic's limit of `rate`, `hint` and `explain`, kept where `solve` keeps its own.
fn logic_limit(limit: &LogicLimit) -> JobArgs {
    JobArgs {
        time_limit: limit.time_limit,
        progress: Some(ProgressMode::Off),
        ..JobArgs::default()
    }
}
