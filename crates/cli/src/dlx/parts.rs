//! Splitting across machines: `dlx split` writes parts, `dlx --parts FILE --part K` runs one
//! (see `solve.rs`), `dlx merge` adds up their summaries and refuses an incomplete set.

use std::{
    collections::BTreeMap,
    fmt::Write as _,
    io::{BufReader, Write},
    path::Path,
};

use anyhow::{bail, Context};
use dancer::{Explore, Fingerprint, Part};
use serde_json::{json, Value};

use super::{heuristic, load, MergeArgs, SplitArgs};
use crate::input::{Lines, Source, MAX_JSON_LINE};
use crate::{job::short, Exit};

/// `dlx split`: the parts, one JSON line each, and a summary on `err`.
pub(super) fn split(
    args: &SplitArgs,
    out: &mut (dyn Write + Send),
    err: &mut dyn Write,
) -> anyhow::Result<Exit> {
    let (source, parsed) = load(args.file.as_deref(), args.quiet, err)?;
    super::refuse_multiplicities(&source, &parsed, "split")?;
    let mut solver = parsed.problem.solver();
    solver.heuristic(heuristic(args.no_mrv));
    let parts = args.parts as usize;
    let split = solver.split(parts * args.pieces as usize, args.samples, args.seed);
    let packed = Part::pack(&split, parts, solver.fingerprint());
    for part in &packed {
        writeln!(out, "{}", serde_json::to_string(part)?)?;
    }
    out.flush().context("cannot write the parts")?;
    if !args.quiet {
        let estimate = |f: fn(&dancer::Estimate) -> f64| -> f64 {
            split.pieces.iter().filter_map(|p| p.estimate().map(f)).sum()
        };
        let (least, most) = packed.iter().fold((f64::MAX, 0.0f64), |(least, most), part| {
            (least.min(part.updates), most.max(part.updates))
        });
        writeln!(
            err,
            "{parts} parts of {} subproblems; about {} nodes and {} updates in all, {} to {} \
             updates a part; the split searched {} nodes and sampled {}",
            split.pieces.len(),
            short(split.stats.nodes() as f64 + estimate(dancer::Estimate::nodes)),
            short(split.stats.updates() as f64 + estimate(dancer::Estimate::updates)),
            short(least),
            short(most),
            split.stats.nodes(),
            split.sampled
        )?;
    }
    Ok(Exit::Solved)
}

/// Part `k` of the parts file at `path`, checked to belong to the tree of `fingerprint`.
pub(super) fn read_part(path: &Path, k: usize, fingerprint: Fingerprint) -> anyhow::Result<Part> {
    let shown = path.display();
    let file = std::fs::File::open(path).with_context(|| format!("cannot read {shown}"))?;
    let mut parts = None;
    for (number, line) in Lines::new(BufReader::new(file), MAX_JSON_LINE) {
        let number = number - 1;
        let line = line.map_err(|fault| {
            let why = fault.message(MAX_JSON_LINE, "a line of a parts file");
            anyhow::anyhow!("{shown}:{}: {why}", number + 1)
        })?;
        if line.trim().is_empty() {
            continue;
        }
        let part: Part = serde_json::from_str(&line).map_err(|error| {
            anyhow::anyhow!(
                "{shown}:{}:{}: not a part of a split: {error}",
                number + 1,
                error.column()
            )
        })?;
        parts = Some(part.parts);
        if part.part != k {
            continue;
        }
        if part.fingerprint != fingerprint {
            bail!(
                "{shown}:{}: part {k} is of another problem: its fingerprint is {}, this one's \
                 {fingerprint} (or it was made with a different --no-mrv)",
                number + 1,
                part.fingerprint
            );
        }
        return Ok(part);
    }
    match parts {
        Some(n) => {
            bail!("{shown}: there is no part {k} (the parts are 0 to {})", n.saturating_sub(1))
        }
        None => bail!("{shown}: no parts in the file"),
    }
}

/// One part's summary line, and where it was read.
struct Summary {
    place: String,
    part: u64,
    parts: u64,
    fingerprint: String,
    solutions: u128,
    complete: bool,
    stopped: Option<String>,
    nodes: u128,
    updates: u128,
    seconds: f64,
}

/// `dlx merge`: the total of the parts' counts on `out`; every problem with the set of parts on
/// `err`, exit status 2.
pub(super) fn merge(
    args: &MergeArgs,
    out: &mut (dyn Write + Send),
    err: &mut dyn Write,
) -> anyhow::Result<Exit> {
    let sources: Vec<Source> = if args.files.is_empty() {
        vec![Source::Stdin]
    } else {
        args.files.iter().map(|path| Source::from_arg(Some(path))).collect()
    };
    let mut summaries = Vec::new();
    let mut problems = Vec::new();
    for source in &sources {
        for (number, line) in Lines::new(source.open()?, MAX_JSON_LINE) {
            let place = format!("{source}:{number}");
            let line = match line {
                Ok(line) => line,
                Err(fault) => {
                    // Summaries are short: a file with a line this long (or that cannot be
                    // read) is not one of them, and is not read on.
                    let why = fault.message(MAX_JSON_LINE, "a line of JSON");
                    problems.push(format!("{place}: {why}"));
                    break;
                }
            };
            match summary(&line, &place) {
                Ok(Some(summary)) => summaries.push(summary),
                Ok(None) => {}
                Err(problem) => problems.push(problem),
            }
        }
    }
    problems.extend(check(&summaries));
    if !problems.is_empty() {
        for problem in &problems {
            writeln!(err, "dlx merge: {problem}")?;
        }
        return Ok(Exit::Error);
    }
    let total: u128 = summaries.iter().map(|s| s.solutions).sum();
    let (nodes, updates): (u128, u128) =
        summaries.iter().fold((0, 0), |(n, u), s| (n + s.nodes, u + s.updates));
    let seconds: f64 = summaries.iter().map(|s| s.seconds).sum();
    let parts = summaries.first().map_or(0, |s| s.parts);
    let fingerprint = summaries.first().map_or("", |s| s.fingerprint.as_str());
    if args.json {
        let summary = json!({
            "solutions": total, "parts": parts, "fingerprint": fingerprint,
            "nodes": nodes, "updates": updates, "seconds": seconds,
        });
        writeln!(out, "{summary}")?;
    } else {
        writeln!(out, "{total}")?;
    }
    out.flush().context("cannot write the total")?;
    if !args.quiet && !args.json {
        writeln!(
            err,
            "{parts} parts: {total} solutions, {nodes} nodes, {updates} updates, {seconds:.3} s of searching"
        )?;
    }
    Ok(if total == 0 { Exit::NoSolution } else { Exit::Solved })
}

/// Reads one line: `None` for blank lines and solutions, the summary of a part, or what is
/// wrong with it.
fn summary(line: &str, place: &str) -> Result<Option<Summary>, String> {
    if line.trim().is_empty() {
        return Ok(None);
    }
    let value: Value = serde_json::from_str(line)
        .map_err(|error| format!("{place}:{}: not a JSON line: {error}", error.column()))?;
    if value.get("options").is_some() {
        return Ok(None);
    }
    if value.get("part").is_none() {
        return Err(format!(
            "{place}: not the summary of a part (run parts with --json --parts FILE --part K)"
        ));
    }
    let number = |key: &str| value.get(key).and_then(Value::as_u64);
    let big = |key: &str| value.get(key).and_then(|v| v.as_u64().map(u128::from));
    let fields = (number("part"), number("parts"), big("solutions"), value.get("fingerprint"));
    let (Some(part), Some(parts), Some(solutions), Some(Value::String(fingerprint))) = fields
    else {
        return Err(format!(
            "{place}: a part's summary needs part, parts, solutions and fingerprint"
        ));
    };
    Ok(Some(Summary {
        place: place.to_owned(),
        part,
        parts,
        fingerprint: fingerprint.clone(),
        solutions,
        complete: value.get("complete").and_then(Value::as_bool).unwrap_or(false),
        stopped: value.get("stopped").and_then(Value::as_str).map(str::to_owned),
        nodes: big("nodes").unwrap_or(0),
        updates: big("updates").unwrap_or(0),
        seconds: value.get("seconds").and_then(Value::as_f64).unwrap_or(0.0),
    }))
}

/// What is wrong with a set of summaries: other problems, other splits, parts twice, parts
/// unfinished or missing. Each message names the lines concerned.
fn check(summaries: &[Summary]) -> Vec<String> {
    let Some(first) = summaries.first() else {
        return vec!["no part summaries in the input".to_owned()];
    };
    let mut problems = Vec::new();
    let mut seen: BTreeMap<u64, &str> = BTreeMap::new();
    for summary in summaries {
        let (place, part) = (&summary.place, summary.part);
        if summary.fingerprint != first.fingerprint {
            problems.push(format!(
                "{place}: part {part} is of another problem: fingerprint {}, while {} has {}",
                summary.fingerprint, first.place, first.fingerprint
            ));
            continue;
        }
        if summary.parts != first.parts {
            problems.push(format!(
                "{place}: part {part} is of a split into {} parts, {} of one into {}",
                summary.parts, first.place, first.parts
            ));
            continue;
        }
        if part >= summary.parts {
            problems.push(format!("{place}: there is no part {part} of {}", summary.parts));
        } else if let Some(earlier) = seen.insert(part, place) {
            problems.push(format!("{place}: part {part} is counted twice (also at {earlier})"));
        }
        if !summary.complete {
            let why = summary.stopped.as_deref().unwrap_or("not complete");
            problems.push(format!(
                "{place}: part {part} stopped early ({why}): resume it and merge its final summary"
            ));
        }
    }
    let missing: Vec<u64> = (0..first.parts).filter(|k| !seen.contains_key(k)).collect();
    if !missing.is_empty() {
        let mut list = String::new();
        for (i, k) in missing.iter().enumerate() {
            if i == 20 {
                let _ = write!(list, ", ... ({} in all)", missing.len());
                break;
            }
            let _ = write!(list, "{}{k}", if i == 0 { "" } else { ", " });
        }
        problems.push(format!("missing parts (of {}): {list}", first.parts));
    }
    problems
}
