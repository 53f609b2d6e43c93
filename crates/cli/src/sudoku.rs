//! The `sudoku` command: read puzzles from files or stdin, run a subcommand on each in
//! parallel, print one result per puzzle in input order.

mod args;
mod batches;
mod convert;
mod encode;
mod generate;
mod help;
mod picture;
mod play;
mod record;
mod rules;
mod stream;

use std::{
    io::Write,
    sync::{atomic::AtomicBool, Mutex, PoisonError},
    time::Instant,
};

use anyhow::bail;
use dancer::Memo;

pub use self::args::{
    Command, Common, GenerateArgs, OutputFormat, ShowArgs, ShowFormat, SolveLimits, SudokuArgs,
    VariantArgs,
};
pub use self::play::PlayArgs;
use self::{
    batches::{Batches, Threads},
    record::{Long, Tally, Task},
    rules::{Compiled, Rules},
    stream::{Record, Stream},
};
use crate::job::{JobArgs, Saved};
use crate::{input::Source, Exit};

/// The subcommands that read no puzzles in batches: generate, convert, encode, completions,
/// pictures (drawn whole) and play.
fn standalone(
    command: &Command,
    quiet: bool,
    out: &mut (dyn Write + Send),
    err: &mut dyn Write,
    interrupt: &'static AtomicBool,
) -> anyhow::Result<Exit> {
    match command {
        Command::Generate(generate) => generate::run(generate, quiet, out, err, interrupt),
        Command::Shell(shell) => shell.run::<SudokuArgs>(out),
        Command::Convert(convert) => convert::run(convert, quiet, out, err, interrupt),
        Command::Encode(encode) => encode::run(encode, out),
        Command::Show(show) => picture::run(show, quiet, out, err, interrupt),
        Command::Play(play) => play::run(play, quiet, err, interrupt),
        _ => bail!("internal: a batch command was taken for a standalone one"),
    }
}

/// The inputs named on the command line: standard input when none is.
fn sources_of(files: &[std::path::PathBuf]) -> Vec<Source> {
    if files.is_empty() {
        vec![Source::Stdin]
    } else {
        files.iter().map(|path| Source::from_arg(Some(path))).collect()
    }
}

/// `transform`'s seed: the one given, or one drawn from the clock and printed (unless quiet),
/// so that the run can be repeated.
fn transform_seed(seed: Option<u64>, quiet: bool, err: &mut dyn Write) -> anyhow::Result<u64> {
    let chosen = seed.unwrap_or_else(generate::clock_seed);
    if seed.is_none() && !quiet {
        writeln!(err, "sudoku: transforming with --seed {chosen}")?;
    }
    Ok(chosen)
}

/// Records solved per parallel batch: large enough to keep every thread busy (a batch of
/// 17-clue puzzles takes tens of milliseconds), small enough that output starts promptly and
/// memory stays flat.
const BATCH: usize = 1024;

/// Runs `sudoku` with parsed arguments; `interrupt` is raised by Ctrl-C (or SIGTERM) to stop
/// cleanly: a search stops as at a limit, a batch after the records in hand.
///
/// # Errors
/// Bad options (unreadable variant files, bad box shape, a checkpoint for an input of more
/// than one puzzle) or a failed write. Unreadable puzzles are not errors here: they print
/// `error` and set exit status 2.
pub fn run(
    args: &SudokuArgs,
    out: &mut (dyn Write + Send),
    err: &mut dyn Write,
    interrupt: &'static AtomicBool,
) -> anyhow::Result<Exit> {
    // count and enumerate have job options of their own; solve has its limits.
    let limits = match &args.command {
        Command::Solve { limits, .. } => limits_only(limits),
        _ => JobArgs::default(),
    };
    let (mut job, mut tool) = (&limits, "");
    let mut memo_bytes = None;
    let quiet = args.quiet;
    // `show`'s options as every subcommand's, for its text formats.
    let shown =
        if let Command::Show(show) = &args.command { show.common() } else { Common::default() };
    let (common, task) = match &args.command {
        // Pictures are drawn whole, not record by record.
        Command::Show(show) if !show.format.is_some_and(ShowFormat::is_picture) => {
            (&shown, Task::Show)
        }
        Command::Generate(_)
        | Command::Shell(_)
        | Command::Convert(_)
        | Command::Encode(_)
        | Command::Play(_)
        | Command::Show(_) => return standalone(&args.command, quiet, out, err, interrupt),
        Command::Solve { unique, common, .. } => (common, Task::Solve { unique: *unique }),
        Command::Count { limit, memo, memo_size, job: given, common } => {
            (job, tool) = (given, "sudoku count");
            memo_bytes = memo.then_some(*memo_size);
            (common, Task::Count { limit: *limit })
        }
        Command::Enumerate { limit, job: given, common } => {
            (job, tool) = (given, "sudoku enumerate");
            (common, Task::Enumerate { limit: *limit })
        }
        Command::Check { common } => (common, Task::Check),
        Command::Rate { common } => (common, Task::Rate),
        Command::Hint { common } => (common, Task::Hint),
        Command::Explain { common } => (common, Task::Explain),
        Command::Canon { common } => (common, Task::Canon),
        Command::Transform { seed, common } => {
            (common, Task::Transform { seed: transform_seed(*seed, quiet, err)? })
        }
    };
    let default_format =
        if matches!(task, Task::Show) { OutputFormat::Grid } else { OutputFormat::Line };
    let format = common.format.unwrap_or(default_format);
    let rules = Rules::from_args(&common.variant)?;
    for note in rules.notes().iter().filter(|_| !quiet) {
        writeln!(err, "sudoku: note: {note}")?;
    }
    // A memoised count runs on one thread with one table for the whole input: a table per
    // thread would multiply the memory, and a shared one would serialise the threads.
    // Held to what the machine can give, as in `dlx` (--memo-size 99999TiB was taken as given).
    let memo = match memo_bytes {
        Some(bytes) => Some(Mutex::new(crate::job::memo(bytes, "sudoku", quiet, err)?)),
        None => None,
    };
    let jobs = if memo.is_some() { 1 } else { common.jobs.map_or(0, usize::from) };
    let threads = Threads::new(jobs);
    let started = Instant::now();
    let mut tally = Tally::default();
    let mut compiled = Compiled::default();
    let sources = sources_of(&common.files);
    if !quiet {
        crate::input::announce_terminal(&sources, "sudoku", "puzzles");
    }
    let resume = job.resume.as_deref().map(|path| Saved::read(path, tool)).transpose()?;
    // Before the search, so that a path that cannot take a checkpoint is found now and not
    // when the run stops, hours later.
    let checkpoint = job.checkpoint_file()?;
    let long = Long {
        // Set batch by batch: the threads are started only when a batch needs them.
        jobs: 1,
        job,
        interrupt,
        tool,
        resume: resume.as_ref(),
        checkpoint: checkpoint.as_ref(),
        single: false,
        memo: memo.as_ref(),
    };
    let batches = Batches { task, format, rules: &rules, threads: &threads, long, quiet };
    // Whether a signal stopped the batches before the end of the input.
    let halted = if job.checkpoint.is_some() || job.resume.is_some() {
        let (source, record) = one_puzzle(&sources, &rules, &common.variant)?;
        let preset = Rules::of_preset(&common.variant, source)?;
        let batches = Batches { rules: preset.as_ref().unwrap_or(&rules), ..batches };
        let mut once = Some(vec![record]);
        let next = || Some(once.take().unwrap_or_default());
        !batches.run(source, next, None, &mut compiled, &mut tally, out, err)?
    } else {
        !each_source(&sources, &batches, &common.variant, &mut compiled, &mut tally, out, err)?
    };
    if halted {
        say_halted(&tally, err)?;
    }
    if common.stats {
        summary(task, &tally, started.elapsed().as_secs_f64(), memo.as_ref(), err)?;
    }
    Ok(exit_status(&tally, interrupt.load(std::sync::atomic::Ordering::Relaxed)))
}

/// Runs the batches over every input in turn; false when a signal stopped them. An input that
/// cannot be read is counted as an error and the others go on.
fn each_source(
    sources: &[Source],
    batches: &Batches<'_>,
    variant: &VariantArgs,
    compiled: &mut Compiled,
    tally: &mut Tally,
    out: &mut (dyn Write + Send),
    err: &mut dyn Write,
) -> anyhow::Result<bool> {
    let interrupt = batches.long.interrupt;
    for source in sources {
        // An autopear preset is read by its own board, with compiled rules of its own.
        let preset = match Rules::of_preset(variant, source) {
            Ok(preset) => preset,
            Err(error) => {
                let hint = crate::input::link_hint(&source.to_string());
                writeln!(err, "sudoku: cannot read {source}: {error:#}{hint}")?;
                tally.errors += 1;
                continue;
            }
        };
        let mut own = Compiled::default();
        let (rules, compiled) = match &preset {
            Some(preset) => (preset, &mut own),
            None => (batches.rules, &mut *compiled),
        };
        let batches = Batches { rules, ..*batches };
        let stream = match Stream::open(source, rules.size(), rules.alphabet(), 2 * BATCH) {
            Ok(stream) => stream,
            Err(error) => {
                // Nothing of it can be aligned with output; say why and go on with the rest.
                let hint = crate::input::link_hint(&source.to_string());
                writeln!(err, "sudoku: cannot read {source}: {error}{hint}")?;
                tally.errors += 1;
                continue;
            }
        };
        let next = || stream.batch(BATCH, interrupt);
        let position = || stream.position();
        if !batches.run(source, next, Some(&position), compiled, tally, out, err)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Says that a signal stopped the batches before the end of the input.
fn say_halted(tally: &Tally, err: &mut dyn Write) -> std::io::Result<()> {
    let puzzles = tally.puzzles;
    writeln!(err, "sudoku: stopped by an interrupt after {puzzles} puzzles: the rest of the input was not run")
}

/// The exit status of a batch: 130 outranks 2, 2 outranks 3, 3 outranks 1.
fn exit_status(tally: &Tally, interrupted: bool) -> Exit {
    if interrupted || tally.interrupted > 0 {
        Exit::Interrupted
    } else if tally.errors > 0 {
        Exit::Error
    } else if tally.stopped > 0 {
        Exit::Stopped
    } else if tally.none + tally.invalid + tally.multiple > 0 {
        Exit::NoSolution
    } else {
        Exit::Solved
    }
}

/// `solve`'s limits as the options of count's run, and nothing else of them: no progress, no
/// checkpoints.
fn limits_only(limits: &SolveLimits) -> JobArgs {
    JobArgs {
        time_limit: limits.time_limit,
        node_limit: limits.node_limit,
        progress: Some(crate::job::ProgressMode::Off),
        ..JobArgs::default()
    }
}

/// The one puzzle of the inputs, which a checkpoint is of: reading stops at a second.
fn one_puzzle<'s>(
    sources: &'s [Source],
    rules: &Rules,
    args: &VariantArgs,
) -> anyhow::Result<(&'s Source, Record)> {
    let mut found = Vec::new();
    for source in sources {
        let preset = Rules::of_preset(args, source)?;
        let rules = preset.as_ref().unwrap_or(rules);
        let stream = Stream::open(source, rules.size(), rules.alphabet(), 2)
            .map_err(|error| anyhow::anyhow!("cannot read {source}: {error}"))?;
        loop {
            let batch = stream.batch(2, &AtomicBool::new(false)).unwrap_or_default();
            if batch.is_empty() || found.len() > 1 {
                break;
            }
            found.extend(batch.into_iter().map(|record| (source, record)));
        }
    }
    if found.len() != 1 {
        let count = if found.len() > 1 { "more than one".to_owned() } else { "none".to_owned() };
        bail!("--checkpoint and --resume are for one puzzle, and the input has {count}");
    }
    Ok(found.remove(0))
}

/// The `--stats` line, and the table's figures after a memoised count.
fn summary(
    task: Task,
    tally: &Tally,
    seconds: f64,
    memo: Option<&Mutex<Memo>>,
    err: &mut dyn Write,
) -> std::io::Result<()> {
    let rate = crate::job::per_second(tally.puzzles, seconds);
    // What a puzzle that went well is for this task: `show` solves nothing.
    let done = match task {
        Task::Solve { .. } | Task::Count { .. } | Task::Enumerate { .. } => "solved",
        Task::Check => "checked",
        Task::Show => "shown",
        Task::Rate => "rated",
        Task::Hint | Task::Explain => "explained",
        Task::Canon | Task::Transform { .. } => "done",
    };
    writeln!(
        err,
        "puzzles: {}, {done}: {}, multiple: {}, none: {}, invalid: {}, errors: {}, seconds: {seconds:.3}, puzzles/s: {rate}",
        tally.puzzles, tally.solved, tally.multiple, tally.none, tally.invalid, tally.errors
    )?;
    if let Some(memo) = memo {
        let memo = memo.lock().unwrap_or_else(PoisonError::into_inner);
        writeln!(err, "memo: {}", crate::job::memo_figures(&memo))?;
    }
    Ok(())
}
