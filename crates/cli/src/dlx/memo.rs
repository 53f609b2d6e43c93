//! `dlx --count --memo`: the count with a table of sub-problem counts
//! ([`dancer::Solver::count_memo`]), on one thread, printed as a whole number of up to 39
//! digits; and the choice a plain `dlx --count` makes between it and enumeration
//! ([`dancer::Solver::probe_memo`]).

use std::{io::Write, sync::atomic::AtomicBool, time::Instant};

use anyhow::{bail, Context};
use dancer::{Memo, MemoError, MemoProbe};
use serde::Serialize;

use super::{heuristic, load, solve, DlxArgs};
use crate::Exit;

/// Whether a `--count` without `--memo` still starts with the table: when none of the options
/// `--memo` cannot honour is given (limits, `--every`, parts, checkpoints, `-v`, progress,
/// `--jobs`), and `--no-memo` is not.
pub(super) fn chosen_by_default(args: &DlxArgs) -> bool {
    let job = &args.job;
    args.count
        && !args.no_memo
        && args.limit.is_none()
        && args.every.is_none()
        && args.parts.is_none()
        && args.verbose == 0
        && !args.profile
        && args.jobs.is_none()
        && job.time_limit.is_none()
        && job.node_limit.is_none()
        && job.mems_limit.is_none()
        && job.checkpoint.is_none()
        && job.resume.is_none()
        && job.progress.is_none()
}

/// `--count --memo`, or a plain `--count` that probes the table first and counts by
/// enumeration ([`solve::run`]) unless the table pays.
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
    let mut memo = Memo::new(args.memo_size);
    let started = Instant::now();
    let counted = if args.memo {
        solver.count_memo(&mut memo, Some(interrupt))
    } else {
        match solver.probe_memo(&mut memo, Some(interrupt)) {
            Ok(MemoProbe::Counted(count)) => Ok(count),
            // The table keeps what the probe learnt: the count goes straight back to it.
            Ok(MemoProbe::Ahead) => solver.count_memo(&mut memo, Some(interrupt)),
            Ok(MemoProbe::Behind) | Err(MemoError::Multiplicities) => {
                drop(memo);
                return solve::run(args, &source, &parsed, out, err, interrupt);
            }
            Err(error) => Err(error),
        }
    };
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
            fingerprint: parsed.problem.fingerprint().to_string(),
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
            "{count} {noun}, {} nodes, {} updates, {seconds:.3} s; memo: {} sub-problems \
             ({} MiB), {} found again, {} evictions",
            stats.nodes(),
            stats.updates(),
            memo.entries(),
            memo.bytes() >> 20,
            memo.hits(),
            memo.evictions()
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
