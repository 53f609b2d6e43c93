//! `dlx --count --memo`: the count with a table of sub-problem counts
//! ([`dancer::Solver::count_memo`]), on one thread, printed as a whole number of up to 39
//! digits.

use std::{io::Write, sync::atomic::AtomicBool, time::Instant};

use anyhow::{bail, Context};
use dancer::{Memo, MemoError};
use serde::Serialize;

use super::{heuristic, load, DlxArgs};
use crate::Exit;

pub(super) fn run(
    args: &DlxArgs,
    out: &mut (dyn Write + Send),
    err: &mut dyn Write,
    interrupt: &AtomicBool,
) -> anyhow::Result<Exit> {
    let (source, parsed) = load(args.file.as_deref(), args.quiet, err)?;
    let mut solver = parsed.problem.solver();
    // The count does not depend on the order of options: --seed changes nothing here.
    solver.heuristic(heuristic(args.no_mrv));
    let mut memo = Memo::new(args.memo_size);
    let started = Instant::now();
    let counted = solver.count_memo(&mut memo, Some(interrupt));
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
        Err(error @ (MemoError::Overflow | MemoError::Multiplicities)) => {
            bail!("{source}: {error}")
        }
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
    if !args.quiet && !args.json {
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
