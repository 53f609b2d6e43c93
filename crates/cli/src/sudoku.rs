//! The `sudoku` command: read puzzles from files or stdin, run a subcommand on each in
//! parallel, print one result per puzzle in input order.

mod args;
mod batches;
mod config;
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
    Command, Common, GenerateArgs, InputFormat, LogicLimit, OutputFormat, ShowArgs, ShowFormat,
    SolveArgs, SolveLimits, SudokuArgs, VariantArgs,
};
pub use self::play::PlayArgs;
use self::{
    batches::{Batches, Threads},
    record::{Long, Tally, Task},
    rules::{Compiled, Rules},
    stream::{Record, Stream},
};
use crate::job::Saved;
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
        files.iter().map(|path| Source::puzzle_or_file(path)).collect()
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
    let Some(batch) = config::Batch::new(&args.command, args.quiet, err)? else {
        return standalone(&args.command, args.quiet, out, err, interrupt);
    };
    let config::Batch { task, format, quiet, .. } = batch;
    let job = batch.job.as_ref();
    let rules = Rules::from_args(&batch.variant)?.with_input(batch.input);
    for note in rules.notes().iter().filter(|_| !quiet) {
        writeln!(err, "sudoku: note: {note}")?;
    }
    // Held to what the machine can give, as in `dlx` (--memo-size 99999TiB was taken as given).
    let memo = match batch.memo_bytes {
        Some(bytes) => Some(Mutex::new(crate::job::memo(bytes, "sudoku", quiet, err)?)),
        None => None,
    };
    let threads = Threads::new(batch.jobs);
    let started = Instant::now();
    let mut tally = Tally::default();
    let mut compiled = Compiled::default();
    let sources = &batch.sources;
    if !quiet {
        crate::input::announce_terminal(sources, "sudoku", "puzzles");
    }
    let resume = job.resume.as_deref().map(|path| Saved::read(path, batch.tool)).transpose()?;
    // Before the search, so that a path that cannot take a checkpoint is found now and not
    // when the run stops, hours later.
    let checkpoint = job.checkpoint_file()?;
    let long = Long {
        // Set batch by batch: the threads are started only when a batch needs them.
        jobs: 1,
        job,
        interrupt,
        tool: batch.tool,
        resume: resume.as_ref(),
        checkpoint: checkpoint.as_ref(),
        single: false,
        memo: memo.as_ref(),
    };
    let batches = Batches { task, format, rules: &rules, threads: &threads, long, quiet };
    // Whether a signal stopped the batches before the end of the input.
    let halted = if job.checkpoint.is_some() || job.resume.is_some() {
        let (source, record) = one_puzzle(sources, &rules, &batch.variant)?;
        let preset = Rules::of_preset(&batch.variant, source)?;
        let batches = Batches { rules: preset.as_ref().unwrap_or(&rules), ..batches };
        let mut once = Some(vec![record]);
        let next = || Some(once.take().unwrap_or_default());
        !batches.run(source, next, None, &mut compiled, &mut tally, out, err)?
    } else {
        !each_source(sources, &batches, &batch.variant, &mut compiled, &mut tally, out, err)?
    };
    if halted {
        say_halted(&tally, err)?;
    }
    if batch.stats {
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
        let input = batches.rules.input();
        let stream = match Stream::open(source, rules.size(), rules.alphabet(), input, 2 * BATCH) {
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
    let noun = if puzzles == 1 { "puzzle" } else { "puzzles" };
    writeln!(
        err,
        "sudoku: stopped by an interrupt after {puzzles} {noun}: the rest of the input was not run"
    )
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

/// The one puzzle of the inputs, which a checkpoint is of: reading stops at a second.
fn one_puzzle<'s>(
    sources: &'s [Source],
    rules: &Rules,
    args: &VariantArgs,
) -> anyhow::Result<(&'s Source, Record)> {
    let mut found = Vec::new();
    for source in sources {
        let preset = Rules::of_preset(args, source)?;
        let input = rules.input();
        let rules = preset.as_ref().unwrap_or(rules);
        let stream = Stream::open(source, rules.size(), rules.alphabet(), input, 2)
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
        Task::Solve { .. }
        | Task::Count { .. }
        | Task::Enumerate { .. }
        | Task::Candidates { .. } => "solved",
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
