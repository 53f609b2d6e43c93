//! Splitting across machines: `dlx split` writes parts, `dlx --parts FILE --part K` runs one
//! (see `solve.rs`) after checking that the whole file is one split of the problem, each line
//! as the split wrote it; `dlx merge` (`merge.rs`) adds up their summaries.

use std::{
    io::{BufReader, Write},
    path::Path,
};

use anyhow::{bail, Context};
use dancer::{
    run::{Explore, Fingerprint, Part, SplitError},
    Solver,
};

use super::{config::heuristic, load, SplitArgs};
use crate::input::{Lines, MAX_JSON_LINE};
use crate::{job::short, json, Exit};

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
    if args.summary() {
        let estimate = |f: fn(&dancer::run::Estimate) -> f64| -> f64 {
            // From +0, not `sum`'s -0, for a split without estimates.
            split.pieces.iter().filter_map(|p| p.estimate().map(f)).fold(0.0, |a, b| a + b)
        };
        let (least, most) = packed.iter().fold((f64::MAX, 0.0f64), |(least, most), part| {
            (least.min(part.updates), most.max(part.updates))
        });
        writeln!(
            err,
            "{parts} parts of {} subproblems; about {} nodes and {} updates in all, {} to {} \
             updates a part; the split searched {} nodes and sampled {}",
            split.pieces.len(),
            short(split.stats.nodes() as f64 + estimate(dancer::run::Estimate::nodes)),
            short(split.stats.updates() as f64 + estimate(dancer::run::Estimate::updates)),
            short(least),
            short(most),
            split.stats.nodes(),
            split.sampled
        )?;
    }
    Ok(Exit::Solved)
}

/// Part `k` of the parts file at `path`, once the whole file is checked to be one split of
/// `solver`'s tree ([`Solver::check_split`]): every line as the split wrote it (its digest),
/// all of one split, together covering the tree exactly.
pub(super) fn read_part(path: &Path, k: usize, solver: &Solver<'_>) -> anyhow::Result<Part> {
    let file = PartsFile::read(path)?;
    solver.check_split(&file.parts).map_err(|error| file.error(&error, solver.fingerprint()))?;
    let count = file.parts.len();
    let Some(part) = file.parts.into_iter().find(|part| part.part == k) else {
        bail!("{}: there is no part {k} (the parts are 0 to {})", file.shown, count - 1)
    };
    Ok(part)
}

/// The parts read from a parts file, and the line each was on.
pub(super) struct PartsFile {
    /// The file's name, for messages.
    pub(super) shown: String,
    pub(super) parts: Vec<Part>,
    numbers: Vec<usize>,
}

impl PartsFile {
    /// Reads every line of the parts file at `path` strictly (unknown and repeated keys are
    /// errors with their line and column); checks nothing else.
    ///
    /// # Errors
    /// An unreadable file, a line that is not a part, or no part at all.
    pub(super) fn read(path: &Path) -> anyhow::Result<PartsFile> {
        let shown = path.display().to_string();
        let file = std::fs::File::open(path).with_context(|| format!("cannot read {shown}"))?;
        let (mut parts, mut numbers) = (Vec::new(), Vec::new());
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
                let problem = json::problem(&error);
                anyhow::anyhow!(
                    "{shown}:{}:{}: not a part of a split: {problem}",
                    number + 1,
                    error.column()
                )
            })?;
            parts.push(part);
            numbers.push(number + 1);
        }
        if parts.is_empty() {
            bail!("{shown}: no parts in the file");
        }
        Ok(PartsFile { shown, parts, numbers })
    }

    /// `FILE:LINE` of the part at `index`.
    fn at(&self, index: usize) -> String {
        format!("{}:{}", self.shown, self.numbers[index])
    }

    /// `error` as a message naming the lines concerned; `expected` is the problem's
    /// fingerprint.
    pub(super) fn error(&self, error: &SplitError, expected: Fingerprint) -> anyhow::Error {
        let (shown, parts, lines) = (&self.shown, &self.parts, &self.numbers);
        let message = match error {
            SplitError::Fingerprint { index } => format!(
                "{}: part {} is of another problem: its fingerprint is {}, this one's \
                 {expected} (or it was made with a different --no-mrv)",
                self.at(*index),
                parts[*index].part,
                parts[*index].fingerprint
            ),
            SplitError::Damaged { index } => {
                format!("{}: damaged (its digest does not match its contents)", self.at(*index))
            }
            SplitError::Disagree { index, key } => format!(
                "{}: its {key} is not that of line {}: the lines are not all of one split (or \
                 one is damaged)",
                self.at(*index),
                lines[0]
            ),
            SplitError::Number { index } => {
                let part = &parts[*index];
                format!("{}: there is no part {} of {}", self.at(*index), part.part, part.parts)
            }
            SplitError::Twice { index, earlier } => format!(
                "{}: part {} is also on line {}",
                self.at(*index),
                parts[*index].part,
                lines[*earlier]
            ),
            SplitError::Missing { part } => format!(
                "{shown}: part {part} is missing (a parts file holds every part of its split)"
            ),
            SplitError::Identity => {
                format!("{shown}: damaged: the split's identity does not match its parts")
            }
            SplitError::NotSubtree { index, subproblem } => format!(
                "{}: subproblem {subproblem} is not a subtree (a split makes subtrees only)",
                self.at(*index)
            ),
            SplitError::Path { index, subproblem, error } => {
                format!("{}: subproblem {subproblem}: {error}", self.at(*index))
            }
            SplitError::Overlap { first, second } => format!(
                "{}: subproblem {} and {}: subproblem {} overlap: their solutions would be \
                 counted twice",
                self.at(first.0),
                first.1,
                self.at(second.0),
                second.1
            ),
            other => format!("{shown}: {other}"),
        };
        anyhow::anyhow!(message)
    }
}
