//! `dlx --count --memo`: the count with a table of sub-problem counts
//! ([`dancer::run::MemoRun::count`]), on one thread, printed as a whole number of up to 39 digits;
//! and the probe by which a plain `dlx --count` chooses between it and enumeration
//! ([`dancer::run::MemoRun::probe`]).

use std::{io::Write, sync::atomic::AtomicBool, time::Instant};

use anyhow::{bail, Context};
use dancer::{
    run::{Checkpoint, MemoProbe, MemoProgress, MemoRun},
    Memo, MemoError, Solver,
};
use serde::Serialize;

use super::{heuristic, load, DlxArgs};
use crate::input::Source;
use crate::job::{Display, ProgressMode};
use crate::Exit;

/// Whether a `--count` without `--memo` starts with the table: unless `--no-memo` says not
/// to, or an option asks for what only enumeration gives (a solution limit, `--every`, parts,
/// time, node and mems limits, checkpoints, `-v`). `--jobs` and `--progress` do not matter:
/// the probe runs on one thread, and an enumeration after it on `--jobs` threads.
pub(super) fn probes(args: &DlxArgs) -> bool {
    let job = &args.job;
    args.count
        && !args.memo
        && !args.no_memo
        && args.limit.is_none()
        && args.every.is_none()
        && args.parts.is_none()
        && args.verbose == 0
        && !args.profile
        && job.time_limit.is_none()
        && job.node_limit.is_none()
        && job.mems_limit.is_none()
        && job.checkpoint.is_none()
        && job.resume.is_none()
}

/// `--count --memo`: the memoised count, whatever it costs.
pub(super) fn run(
    args: &DlxArgs,
    out: &mut (dyn Write + Send),
    err: &mut dyn Write,
    interrupt: &AtomicBool,
) -> anyhow::Result<Exit> {
    let (source, parsed) = load(args.file.as_deref(), args.quiet, err)?;
    // Read from a terminal, the problem is in: a signal now stops the work cleanly.
    crate::interrupt::stop_cleanly();
    let mut solver = parsed.problem.solver();
    // The count does not depend on the order of options: --seed changes nothing here.
    solver.heuristic(heuristic(args.no_mrv));
    let mut memo = crate::job::memo(args.memo_size, "dlx", args.quiet, err)?;
    let display = display(args);
    let report = |progress: &MemoProgress| display.show_memo(progress);
    let started = Instant::now();
    let counted = watched(&display, interrupt, &report).count(&mut solver, &mut memo);
    display.finish();
    report_count(args, &source, &solver, &memo, counted, started, out, err)
}

/// What a plain count's probe left to do.
pub(super) enum Probed {
    /// Nothing: the memoised count was reported, with this exit status.
    Reported(Exit),
    /// The search, for enumeration from the top (none for a problem with multiplicities,
    /// which the probe does not try), or the count of a small tree, finished.
    Rest(Option<Checkpoint>),
}

/// A plain `--count`'s start ([`MemoRun::probe`]): a small tree counted at once without the
/// table (its checkpoint, finished, for the enumeration's report); or memoised, reported here
/// if the table paid (the count ran ahead of its nodes); or else the whole search for the
/// enumeration, with the first nodes' and the probe's work set aside in its counters.
#[allow(clippy::too_many_arguments)]
pub(super) fn probe(
    args: &DlxArgs,
    source: &Source,
    solver: &mut Solver<'_>,
    display: &Display,
    interrupt: &AtomicBool,
    out: &mut (dyn Write + Send),
    err: &mut dyn Write,
) -> anyhow::Result<Probed> {
    let mut memo = crate::job::memo(args.memo_size, "dlx", args.quiet, err)?;
    let report = |progress: &MemoProgress| display.show_memo(progress);
    let started = Instant::now();
    let counted = match watched(display, interrupt, &report).probe(solver, &mut memo) {
        Ok(MemoProbe::Behind(rest) | MemoProbe::Enumerated(rest)) => {
            return Ok(Probed::Rest(Some(rest)));
        }
        Err(MemoError::Multiplicities) => return Ok(Probed::Rest(None)),
        Ok(MemoProbe::Counted(count)) => Ok(count),
        Err(error) => Err(error),
    };
    display.finish();
    let exit = report_count(args, source, solver, &memo, counted, started, out, err)?;
    Ok(Probed::Reported(exit))
}

/// The display of `--progress` for a count that prints no solutions.
fn display(args: &DlxArgs) -> Display {
    let mode = if args.quiet { Some(ProgressMode::Off) } else { args.job.progress };
    Display::new(mode, "dlx", args.job.progress_every, false)
}

/// A memoised count stopped by `interrupt` and reporting to `report` if `display` shows.
fn watched<'a>(
    display: &Display,
    interrupt: &'a AtomicBool,
    report: &'a dyn Fn(&MemoProgress),
) -> MemoRun<'a> {
    let run = MemoRun::new().interrupt(interrupt);
    match display.interval() {
        Some(every) => run.progress(every, report),
        None => run,
    }
}

/// Prints a memoised count: the number (or the JSON summary) on `out`, the summary line with
/// the table's figures on `err`; the exit status.
#[allow(clippy::too_many_arguments)]
fn report_count(
    args: &DlxArgs,
    source: &Source,
    solver: &Solver<'_>,
    memo: &Memo,
    counted: Result<u128, MemoError>,
    started: Instant,
    out: &mut (dyn Write + Send),
    err: &mut dyn Write,
) -> anyhow::Result<Exit> {
    let seconds = started.elapsed().as_secs_f64();
    let count = match counted {
        Ok(count) => count,
        Err(MemoError::Interrupted) => {
            if !args.quiet {
                writeln!(
                    err,
                    "dlx: {source}: the memoised count was interrupted (it cannot be resumed)"
                )?;
            }
            return Ok(Exit::Interrupted);
        }
        Err(error) => bail!("{source}: {error}"),
    };
    let stats = solver.stats();
    if args.json {
        let summary = Summary {
            solutions: count,
            complete: true,
            stopped: None,
            nodes: stats.nodes(),
            updates: stats.updates(),
            max_depth: stats.max_depth(),
            seconds,
            fingerprint: solver.problem().fingerprint().to_string(),
            memo: MemoSummary {
                entries: memo.entries(),
                bytes: memo.bytes(),
                hits: memo.hits(),
                evictions: memo.evictions(),
            },
        };
        writeln!(out, "{}", serde_json::to_string(&summary)?)?;
    } else {
        writeln!(out, "{count}")?;
    }
    out.flush().context("cannot write the output")?;
    if args.summary() && !args.json {
        let noun = if count == 1 { "solution" } else { "solutions" };
        writeln!(
            err,
            "{count} {noun}, {} nodes, {} updates, {seconds:.3} s; memo: {}",
            stats.nodes(),
            stats.updates(),
            crate::job::memo_figures(memo)
        )?;
    }
    Ok(if count == 0 { Exit::NoSolution } else { Exit::Solved })
}

/// The JSON summary: the keys of `dlx --count --json`'s, then the table's figures. A struct
/// and not `json!`: `serde_json` writes a `u128` field as a number of any size, where a `Value`
/// holds at most 64 bits.
#[derive(Serialize)]
struct Summary {
    solutions: u128,
    complete: bool,
    stopped: Option<&'static str>,
    nodes: u64,
    updates: u64,
    max_depth: u32,
    seconds: f64,
    fingerprint: String,
    memo: MemoSummary,
}

#[derive(Serialize)]
struct MemoSummary {
    entries: usize,
    bytes: usize,
    hits: u64,
    evictions: u64,
}
