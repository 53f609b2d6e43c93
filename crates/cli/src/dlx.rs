//! The `dlx` command: read a problem in Knuth's DLX format, then solve or count it (on every
//! core, with limits, progress and checkpoints), estimate it, draw solutions uniformly at
//! random, split it into parts, or add up the parts' counts.

mod args;
mod config;
mod estimate;
mod help;
mod memo;
mod merge;
mod parts;
mod sample;
mod solve;
mod status;
mod tile;

use std::{
    io::{self, Write},
    path::Path,
    sync::atomic::AtomicBool,
};

use dancer::{run::RunError, ParsedProblem};

pub use self::args::{
    DlxArgs, DlxCommand, EstimateArgs, Format, Forward, MergeArgs, SampleArgs, SplitArgs,
    StatusArgs, TileArgs,
};
use crate::{
    input::{announce_terminal, Source},
    Exit,
};

/// Runs `dlx` with parsed arguments, writing results to `out` and the summary to `err`;
/// `interrupt` is raised by Ctrl-C (or SIGTERM) to stop a search cleanly.
///
/// # Errors
/// Unreadable or malformed input (the message names file, line and column), or a failed write.
pub fn run(
    args: &DlxArgs,
    out: &mut (dyn Write + Send),
    err: &mut dyn Write,
    interrupt: &AtomicBool,
) -> anyhow::Result<Exit> {
    match &args.command {
        Some(DlxCommand::Estimate(estimate)) => estimate::run(estimate, out, err),
        Some(DlxCommand::Sample(sample)) => sample::run(sample, out, err, interrupt),
        Some(DlxCommand::Split(split)) => parts::split(split, out, err),
        Some(DlxCommand::Merge(args)) => merge::merge(args, out, err),
        Some(DlxCommand::Status(args)) => status::status(args, out, err),
        Some(DlxCommand::Tile(tile)) => tile::run(tile, out, err, interrupt),
        Some(DlxCommand::Shell(shell)) => shell.run::<DlxArgs>(out),
        Some(DlxCommand::Count(_) | DlxCommand::Enumerate(_)) => {
            anyhow::bail!("internal: `dlx count` and `enumerate` are read by DlxArgs::settled")
        }
        None => {
            let search = config::Search::new(args);
            if search.memo == dancer::run::MemoUse::Always {
                return memo::run(&search, out, err, interrupt);
            }
            let (source, parsed) = load(search.file, search.quiet, err)?;
            // Read from a terminal, the problem is in: a signal now stops the search cleanly.
            crate::interrupt::stop_cleanly();
            solve::run(&search, &source, &parsed, out, err, interrupt)
        }
    }
}

/// Whether a signal stops `args`'s command cleanly (a search, or sampling) rather than at once.
pub fn stops_cleanly(args: &DlxArgs) -> bool {
    matches!(args.command, None | Some(DlxCommand::Sample(_) | DlxCommand::Tile(_)))
}

/// The problem file a search or sampling reads (`None` for standard input, or for the other
/// commands).
pub fn problem_file(args: &DlxArgs) -> Option<&Path> {
    match &args.command {
        None => args.file.as_deref(),
        Some(DlxCommand::Sample(sample)) => sample.file.as_deref(),
        Some(DlxCommand::Tile(tile)) => tile.file.as_deref(),
        Some(_) => None,
    }
}

/// Reads and parses the problem in `file` (standard input for `-` or none), saying so when that
/// is a terminal and warning about options that can never be chosen, unless `quiet`.
fn load(
    file: Option<&Path>,
    quiet: bool,
    err: &mut dyn Write,
) -> anyhow::Result<(Source, ParsedProblem)> {
    let source = Source::from_arg(file);
    if !quiet {
        announce_terminal(std::slice::from_ref(&source), "dlx", "the problem");
    }
    let parsed =
        dancer::read(source.open()?).map_err(|error| anyhow::anyhow!("{source}:{error}"))?;
    if !quiet {
        warn_unusable_options(&source, &parsed, err)?;
    }
    Ok((source, parsed))
}

/// Fails when the problem has multiplicities, which can be searched whole only (Algorithm M's
/// levels are not paths of options): not `what` ("split", "estimated", ...).
fn refuse_multiplicities(
    source: &Source,
    parsed: &ParsedProblem,
    what: &str,
) -> anyhow::Result<()> {
    if parsed.problem.has_multiplicities() {
        anyhow::bail!(
            "{source}: the problem has multiplicities (u:v|name), so it cannot be {what}: it \
             is searched whole, on one thread, without checkpoints"
        );
    }
    Ok(())
}

/// A run that could not start, with where its subproblems came from.
fn start_error(error: &RunError, origin: &str) -> anyhow::Error {
    match error {
        RunError::Fingerprint { .. } => {
            anyhow::anyhow!(
                "{origin}: {error} (or it was made with a different --no-mrv or --seed)"
            )
        }
        _ => anyhow::anyhow!("{origin}: {error}"),
    }
}

/// Options with no primary item are legal but can never be chosen; say so, since it is
/// usually a mistake in the input.
fn warn_unusable_options(
    source: &Source,
    parsed: &ParsedProblem,
    err: &mut dyn Write,
) -> io::Result<()> {
    let problem = &parsed.problem;
    for (entries, origin) in problem.options().zip(&parsed.options) {
        if !entries.iter().any(|entry| problem.is_primary(entry.item)) {
            writeln!(
                err,
                "{source}:{}: warning: option has no primary item and can never be chosen",
                origin.line
            )?;
        }
    }
    Ok(())
}
