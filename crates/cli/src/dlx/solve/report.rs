//! The end of a `dlx` run: the count (or the JSON summary) on standard output, the summary
//! line on standard error, and the exit status.

use std::io::{self, Write};

use anyhow::Context;
use dancer::run::{Outcome, Part, Stop};
use serde_json::{json, Map, Value};

use super::Place;
use crate::dlx::config::Search;
use crate::{job, json, Exit};

/// Prints the count or the JSON summary on `out`, the summary on `err`; the exit status.
pub(super) fn report_outcome(
    search: &Search<'_>,
    outcome: &Outcome,
    place: &Place<'_>,
    fingerprint: &str,
    out: &mut (dyn Write + Send),
    err: &mut dyn Write,
) -> anyhow::Result<Exit> {
    let limit = search.limit.unwrap_or(u64::MAX);
    // Several threads may pass a solution limit by a few when counting: it was the limit.
    let found = outcome.solutions().min(limit);
    // Stopped with some of the tree left: there may be more than were found.
    let partial = !outcome.is_complete();
    if search.json {
        writeln!(out, "{}", json_summary(search, outcome, found, place.part, fingerprint))?;
    } else if search.counting {
        writeln!(out, "{found}{}", if partial { "+" } else { "" })?;
    }
    out.flush().context("cannot write the output")?;
    if search.summary && !search.json {
        summary_line(search, outcome, found, place, err)?;
    }
    // A part with no solution is a part done like any other (the problem may well have
    // solutions in the other parts): 0, so that `xargs` and job arrays see success.
    let none = found == 0 && outcome.is_complete() && place.part.is_none();
    Ok(job::early_exit(outcome).unwrap_or(if none { Exit::NoSolution } else { Exit::Solved }))
}

/// The JSON summary, its keys always in this order: mems beside the other counters, the
/// profile beside the deepest level, the part last, with its split's identity and its digest,
/// then the digest of the whole summary (which `dlx merge` checks).
fn json_summary(
    search: &Search<'_>,
    outcome: &Outcome,
    found: u64,
    part: Option<&Part>,
    fingerprint: &str,
) -> Value {
    let stats = outcome.stats();
    let mut fields = vec![
        ("solutions", json!(found)),
        ("complete", json!(outcome.is_complete())),
        ("stopped", json!(outcome.stopped().map(Stop::as_str))),
        ("nodes", json!(stats.nodes())),
        ("updates", json!(stats.updates())),
    ];
    if search.verbosity > 0 {
        fields.push(("mems", json!(stats.mems())));
    }
    fields.push(("max_depth", json!(stats.max_depth())));
    if search.verbosity > 1 {
        fields.push(("profile", json!(outcome.profile())));
    }
    fields.push(("seconds", json!(outcome.seconds())));
    fields.push(("fingerprint", json!(fingerprint)));
    if let Some(seed) = search.seed {
        fields.push(("seed", json!(seed)));
    }
    if let Some(part) = part {
        fields.extend([
            ("part", json!(part.part)),
            ("parts", json!(part.parts)),
            ("split", json!(part.split)),
            ("part_digest", json!(part.digest)),
        ]);
    }
    let mut object: Map<String, Value> =
        fields.into_iter().map(|(key, value)| (key.to_owned(), value)).collect();
    if part.is_some() {
        let digest = json::object_digest(&object);
        object.insert("digest".to_owned(), json!(digest));
    }
    Value::Object(object)
}

/// `92 solutions, 1049 nodes, 16680 updates, 0.002 s`, and why it stopped; with -v the mems
/// after the updates, and with -vv first the profile, as DLX1 prints it, and the deepest level.
fn summary_line(
    search: &Search<'_>,
    outcome: &Outcome,
    found: u64,
    place: &Place<'_>,
    err: &mut dyn Write,
) -> io::Result<()> {
    let stats = outcome.stats();
    let noun = if found == 1 { "solution" } else { "solutions" };
    let more = match outcome.stopped() {
        None => String::new(),
        Some(Stop::SolutionLimit) => " (stopped at the limit)".to_owned(),
        Some(stop) => {
            let done = job::percent(outcome.checkpoint().fraction());
            let resume = place.resume;
            format!(" so far (stopped by {} at {done} of the tree; {resume})", job::reason(stop))
        }
    };
    let source = place.source;
    let part = place.part.map_or_else(String::new, |part| {
        format!("{source}: part {} of {}: ", part.part, part.parts)
    });
    if search.verbosity > 1 {
        writeln!(err, "{part}Profile:")?;
        for (level, nodes) in outcome.profile().iter().enumerate() {
            writeln!(err, "{part}{level:>3}: {nodes}")?;
        }
        writeln!(err, "{part}Maximum depth: {}", stats.max_depth())?;
    }
    let mems =
        if search.verbosity > 0 { format!(", {} mems", stats.mems()) } else { String::new() };
    writeln!(
        err,
        "{part}{found} {noun}{more}, {} nodes, {} updates{mems}, {:.3} s",
        stats.nodes(),
        stats.updates(),
        outcome.seconds()
    )
}
