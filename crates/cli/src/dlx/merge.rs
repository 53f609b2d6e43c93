//! `dlx merge`: adds up the summaries of a split's parts, refusing a set that would not add
//! up to the tree's count: summaries damaged or edited (their digest), read strictly (unknown
//! and repeated keys), of another problem or another split, a part twice, unfinished or
//! missing, or parts that are not those of their split.

use std::{collections::BTreeMap, fmt::Write as _, io::Write};

use anyhow::Context;
use dancer::run::{Fingerprint, Part};
use serde::Deserialize;
use serde_json::{json, Value};

use super::MergeArgs;
use crate::input::{Lines, Source, MAX_JSON_LINE};
use crate::{json, Exit};

/// A part's summary line as `dlx --json --parts FILE --part K` prints it: every key it may
/// have, and no other.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)] // read so that a summary is what it says, though merge adds up fewer
pub(super) struct Line {
    pub(super) solutions: u64,
    pub(super) complete: bool,
    pub(super) stopped: Option<String>,
    pub(super) nodes: u64,
    pub(super) updates: u64,
    pub(super) mems: Option<u64>,
    pub(super) max_depth: u64,
    pub(super) profile: Option<Vec<u64>>,
    pub(super) seconds: f64,
    pub(super) fingerprint: Fingerprint,
    pub(super) seed: Option<u64>,
    pub(super) part: u64,
    pub(super) parts: u64,
    pub(super) split: Fingerprint,
    pub(super) part_digest: Fingerprint,
    pub(super) digest: Fingerprint,
}

/// One part's summary, and where it was read.
struct Summary {
    place: String,
    line: Line,
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
                Ok(Some(line)) => summaries.push(Summary { place, line }),
                Ok(None) => {}
                Err(problem) => problems.push(problem),
            }
        }
    }
    let (chosen, found) = check(&summaries);
    problems.extend(found);
    if !problems.is_empty() {
        for problem in &problems {
            writeln!(err, "dlx merge: {problem}")?;
        }
        return Ok(Exit::Error);
    }
    let summaries: Vec<&Summary> = chosen.into_values().collect();
    let total: u128 = summaries.iter().map(|s| u128::from(s.line.solutions)).sum();
    let (nodes, updates) = summaries.iter().fold((0u128, 0u128), |(n, u), s| {
        (n + u128::from(s.line.nodes), u + u128::from(s.line.updates))
    });
    let seconds: f64 = summaries.iter().map(|s| s.line.seconds).sum();
    let first = &summaries[0].line;
    let (parts, fingerprint, split) = (first.parts, first.fingerprint, first.split);
    if args.json {
        let summary = json!({
            "solutions": total, "parts": parts, "fingerprint": fingerprint, "split": split,
            "nodes": nodes, "updates": updates, "seconds": seconds,
        });
        writeln!(out, "{summary}")?;
    } else {
        writeln!(out, "{total}")?;
    }
    out.flush().context("cannot write the total")?;
    if args.summary() && !args.json {
        writeln!(
            err,
            "{}: {}, {nodes} nodes, {updates} updates, {seconds:.3} s of searching",
            crate::counted(parts, "part"),
            crate::counted(total, "solution"),
        )?;
    }
    Ok(if total == 0 { Exit::NoSolution } else { Exit::Solved })
}

/// Reads one line: `None` for blank lines and solutions, the summary of a part, or what is
/// wrong with it.
pub(super) fn summary(line: &str, place: &str) -> Result<Option<Line>, String> {
    if line.trim().is_empty() {
        return Ok(None);
    }
    let value: Value = serde_json::from_str(line)
        .map_err(|error| format!("{place}:{}: not a JSON line: {error}", error.column()))?;
    if value.get("options").is_some() {
        return Ok(None);
    }
    let Value::Object(object) = value else {
        return Err(format!("{place}: not the summary of a part (a JSON object)"));
    };
    if !object.contains_key("part") {
        return Err(format!(
            "{place}: not the summary of a part (run parts with --json --parts FILE --part K)"
        ));
    }
    let read: Line = serde_json::from_str(line).map_err(|error| {
        let problem = json::problem(&error);
        format!("{place}:{}: not the summary of a part of this version: {problem}", error.column())
    })?;
    if json::object_digest(&object) != read.digest {
        return Err(format!("{place}: damaged (its digest does not match its contents)"));
    }
    Ok(Some(read))
}

/// The summary counted for each part, and what is wrong with the set: other problems, other
/// splits, parts unfinished or missing, a part with two different counts, parts not their
/// split's. Each message names the lines concerned. A part given twice with the same counts
/// (run again, or its file given twice) is counted once, and a stopped run's summary gives way
/// to a finished one of the same part, so that running parts again never spoils the merge.
fn check(summaries: &[Summary]) -> (BTreeMap<u64, &Summary>, Vec<String>) {
    let Some(first) = summaries.first() else {
        return (BTreeMap::new(), vec!["no part summaries in the input".to_owned()]);
    };
    let mut problems = Vec::new();
    let mut chosen: BTreeMap<u64, &Summary> = BTreeMap::new();
    let mut stopped: BTreeMap<u64, &Summary> = BTreeMap::new();
    for summary in summaries {
        let (place, line, head) = (&summary.place, &summary.line, &first.line);
        let part = line.part;
        if line.fingerprint != head.fingerprint {
            problems.push(format!(
                "{place}: part {part} is of another problem: fingerprint {}, while {} has {}",
                line.fingerprint, first.place, head.fingerprint
            ));
            continue;
        }
        if line.parts != head.parts {
            problems.push(format!(
                "{place}: part {part} is of a split into {} parts, {} of one into {}",
                line.parts, first.place, head.parts
            ));
            continue;
        }
        if line.split != head.split {
            problems.push(format!(
                "{place}: part {part} is of another split of the problem (split {}), {} of \
                 split {}: the parts of two splits do not add up",
                line.split, first.place, head.split
            ));
            continue;
        }
        if part >= line.parts {
            problems.push(format!("{place}: there is no part {part} of {}", line.parts));
            continue;
        }
        if !line.complete {
            stopped.insert(part, summary);
            continue;
        }
        match chosen.get(&part) {
            None => {
                chosen.insert(part, summary);
            }
            Some(earlier) if same_counts(&earlier.line, line) => {}
            Some(earlier) => problems.push(format!(
                "{place}: part {part} has {} solutions ({} nodes) here and {} ({} nodes) at {}: \
                 one part cannot have two counts (one summary is not what its run printed)",
                line.solutions,
                line.nodes,
                earlier.line.solutions,
                earlier.line.nodes,
                earlier.place
            )),
        }
    }
    for (part, summary) in &stopped {
        if !chosen.contains_key(part) {
            let why = summary.line.stopped.as_deref().unwrap_or("not complete");
            problems.push(format!(
                "{}: part {part} stopped early ({why}): resume it and merge its final summary",
                summary.place
            ));
        }
    }
    let seen = |k: &u64| chosen.contains_key(k) || stopped.contains_key(k);
    let head = &first.line;
    let missing: Vec<u64> = (0..head.parts).filter(|k| !seen(k)).collect();
    if !missing.is_empty() {
        let mut list = String::new();
        for (i, k) in missing.iter().enumerate() {
            if i == 20 {
                let _ = write!(list, ", ... ({} in all)", missing.len());
                break;
            }
            let _ = write!(list, "{}{k}", if i == 0 { "" } else { ", " });
        }
        problems.push(format!("missing parts (of {}): {list}", head.parts));
    }
    if problems.is_empty() {
        let digests: Vec<Fingerprint> = chosen.values().map(|s| s.line.part_digest).collect();
        if Part::split_of(head.fingerprint, &digests) != head.split {
            problems.push(format!(
                "the parts are not those of their split {}: some part was run from a parts \
                 file or checkpoint changed after the split",
                head.split
            ));
        }
    }
    (chosen, problems)
}

/// Whether two finished summaries of a part count the same: the part run twice.
fn same_counts(a: &Line, b: &Line) -> bool {
    (a.solutions, a.nodes, a.updates, a.part_digest)
        == (b.solutions, b.nodes, b.updates, b.part_digest)
}
