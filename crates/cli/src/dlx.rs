//! The `dlx` command: read a problem in Knuth's DLX format, solve it, print the solutions.

mod args;

use std::{
    io::{self, Write},
    time::Instant,
};

use anyhow::Context;
use dancer::{Heuristic, OptionId, ParsedProblem, Stats};
use serde_json::json;

pub use self::args::DlxArgs;
use crate::{input::Source, Exit};

/// Runs `dlx` with parsed arguments, writing solutions to `out` and the summary to `err`.
///
/// # Errors
/// Unreadable or malformed input (the message names file, line and column), or a failed write.
pub fn run(args: &DlxArgs, out: &mut dyn Write, err: &mut dyn Write) -> anyhow::Result<Exit> {
    let source = Source::from_arg(args.file.as_deref());
    let text = source.read_to_string()?;
    let parsed = dancer::parse(&text).map_err(|error| anyhow::anyhow!("{source}:{error}"))?;
    if !args.quiet {
        warn_unusable_options(&source, &parsed, err)?;
    }
    let problem = &parsed.problem;
    let mut solver = problem.solver();
    solver.heuristic(if args.no_mrv { Heuristic::First } else { Heuristic::Mrv });
    let limit = args.limit.unwrap_or(u64::MAX);
    let started = Instant::now();
    let mut found = 0u64;
    let mut sorted = Vec::with_capacity(problem.primary_count());
    while found < limit {
        let Some(solution) = solver.next_solution() else { break };
        found += 1;
        if args.count {
            continue;
        }
        sorted.clear();
        sorted.extend_from_slice(solution);
        sorted.sort_unstable();
        write_solution(args.json, found == 1, &parsed, &sorted, out)?;
    }
    // Not peeking for one more solution: after the limit that could take as long as the rest
    // of the search. So "incomplete" means "stopped by the limit", perhaps with nothing left.
    let complete = found < limit;
    let seconds = started.elapsed().as_secs_f64();
    let stats = solver.stats();
    if args.json {
        let summary = summary_json(found, complete, stats, seconds);
        writeln!(out, "{summary}")?;
    } else if args.count {
        writeln!(out, "{found}")?;
    }
    out.flush().context("cannot write the output")?;
    if !args.quiet && !args.json {
        let more = if complete { "" } else { " (stopped at the limit)" };
        let noun = if found == 1 { "solution" } else { "solutions" };
        writeln!(
            err,
            "{found} {noun}{more}, {} nodes, {} updates, {seconds:.3} s",
            stats.nodes(),
            stats.updates()
        )?;
    }
    Ok(if found == 0 { Exit::NoSolution } else { Exit::Solved })
}

fn write_solution(
    json: bool,
    first: bool,
    parsed: &ParsedProblem,
    solution: &[OptionId],
    out: &mut dyn Write,
) -> io::Result<()> {
    if json {
        let options: Vec<usize> = solution.iter().map(|o| o.index()).collect();
        let lines: Vec<usize> = solution.iter().map(|o| parsed.options[o.index()].line).collect();
        return writeln!(out, "{}", json!({ "options": options, "lines": lines }));
    }
    if !first {
        writeln!(out)?;
    }
    for option in solution {
        writeln!(out, "{}", parsed.options[option.index()].text)?;
    }
    Ok(())
}

fn summary_json(solutions: u64, complete: bool, stats: Stats, seconds: f64) -> serde_json::Value {
    json!({
        "solutions": solutions,
        "complete": complete,
        "nodes": stats.nodes(),
        "updates": stats.updates(),
        "seconds": seconds,
    })
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
