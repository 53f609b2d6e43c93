//! `dlx --count --memo`: the count with a table of sub-problem counts
//! ([`dancer::run::Counting`] with [`MemoUse::Always`]), on one thread, printed as a whole
//! number of up to 39 digits; and the report of a memoised count (also a plain `dlx
//! --count`'s, when the library chose the table).

use std::{io::Write, sync::atomic::AtomicBool};

use anyhow::{bail, Context};
use dancer::{
    run::{CountError, Counted, Counting, MemoProgress, MemoUse, Run},
    Memo, MemoError, Solver,
};
use serde::Serialize;

use super::{config::Search, load};
use crate::input::Source;
use crate::job::Display;
use crate::Exit;

/// `--count --memo`: the memoised count, whatever it costs ([`Counting`] with
/// [`MemoUse::Always`]).
pub(super) fn run(
    search: &Search<'_>,
    out: &mut (dyn Write + Send),
    err: &mut dyn Write,
    interrupt: &AtomicBool,
) -> anyhow::Result<Exit> {
    let (source, parsed) = load(search.file, search.quiet, err)?;
    // Read from a terminal, the problem is in: a signal now stops the work cleanly.
    crate::interrupt::stop_cleanly();
    let mut solver = parsed.problem.solver();
    // The count does not depend on the order of options: --seed changes nothing here.
    solver.heuristic(search.heuristic);
    let bytes = crate::job::memo_bytes(search.memo_size, "dlx", search.quiet, err)?;
    let display = Display::new(search.progress, "dlx", search.job.progress_every, false);
    let report = |progress: &MemoProgress| display.show_memo(progress);
    let counting =
        Counting::new(Run::new().interrupt(interrupt)).memo(MemoUse::Always).memo_bytes(bytes);
    let counting = match display.interval() {
        Some(every) => counting.memo_progress(every, &report),
        None => counting,
    };
    let counted = counting.count(&mut solver);
    display.finish();
    match counted {
        Ok(Counted::Memoised { solutions, memo, seconds, .. }) => {
            report_count(search, &source, &solver, Some(&memo), Ok(solutions), seconds, out, err)
        }
        Err(CountError::Memo(error)) => {
            report_count(search, &source, &solver, None, Err(error), 0.0, out, err)
        }
        Ok(Counted::Enumerated(_)) | Err(_) => {
            bail!("internal: a count with the table always uses it")
        }
    }
}

/// Prints a memoised count: the number (or the JSON summary) on `out`, the summary line with
/// the table's figures on `err`; the exit status.
/// (`memo` is there when the count is.)
#[allow(clippy::too_many_arguments)]
pub(super) fn report_count(
    search: &Search<'_>,
    source: &Source,
    solver: &Solver<'_>,
    memo: Option<&Memo>,
    counted: Result<u128, MemoError>,
    seconds: f64,
    out: &mut (dyn Write + Send),
    err: &mut dyn Write,
) -> anyhow::Result<Exit> {
    let count = match counted {
        Ok(count) => count,
        Err(MemoError::Interrupted) => {
            if !search.quiet {
                writeln!(
                    err,
                    "dlx: {source}: the memoised count was interrupted (it cannot be resumed)"
                )?;
            }
            return Ok(Exit::Interrupted);
        }
        Err(error) => bail!("{source}: {error}"),
    };
    let Some(memo) = memo else { bail!("internal: a memoised count without its table") };
    let stats = solver.stats();
    if search.json {
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
    if search.summary && !search.json {
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
