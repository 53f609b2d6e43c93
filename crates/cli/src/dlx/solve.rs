//! `dlx [FILE]`: count or print the solutions (all, or every M-th), in the input's order of
//! options or a seeded random one, on every core, with limits, progress, checkpoints,
//! resumption, and one part of a split.

use std::{
    io::{self, Write},
    ops::ControlFlow,
    sync::{atomic::AtomicBool, Mutex, PoisonError},
};

use anyhow::{bail, Context};
use dancer::{
    Checkpoint, Explore, OptionId, Outcome, ParsedProblem, Part, Progress, Run, Solver, Stop,
};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};

use super::memo::{self, Probed};
use super::{heuristic, parts::read_part, start_error, DlxArgs};
use crate::input::Source;
use crate::job::{self, Display, ProgressMode, Saved};
use crate::Exit;

/// What is searched: the whole tree, a checkpoint's rest, or a part of a split.
struct Start {
    saved: Option<Saved>,
    part: Option<Part>,
    /// Where the start came from, for messages.
    origin: String,
}

/// Searches the problem read from `source`.
pub(super) fn run(
    args: &DlxArgs,
    source: &Source,
    parsed: &ParsedProblem,
    out: &mut (dyn Write + Send),
    err: &mut dyn Write,
    interrupt: &AtomicBool,
) -> anyhow::Result<Exit> {
    if args.job.checkpoint.is_some() {
        super::refuse_multiplicities(source, parsed, "checkpointed")?;
    }
    let mut solver = parsed.problem.solver();
    solver.heuristic(heuristic(args.no_mrv));
    // Before anything reads the fingerprint: it names the order, so that a checkpoint of
    // another seed is refused.
    if let Some(seed) = args.seed {
        let mut random = ChaCha8Rng::seed_from_u64(seed);
        solver.shuffle(&mut |k| random.random_range(0..k));
    }
    let counting = args.count;
    let start = start(args, &solver)?;
    solver.profiling(profiling(args, &start, err)?);
    let part_number = start.part.as_ref().map(|p| (p.part, p.parts));
    let part_number = part_number.or_else(|| start.saved.as_ref().and_then(|s| s.part));
    let jobs = job::jobs(args.jobs.map(usize::from));
    let mode = if args.quiet { Some(ProgressMode::Off) } else { args.job.progress };
    let display = Display::new(mode, "dlx", args.job.progress_every, !counting);
    let report = |progress: &Progress| display.show(progress);
    // A plain count starts memoised (`memo::probes` says when): done if the table pays, or
    // else the enumeration goes on from where the probe stopped.
    let mut probed = None;
    if memo::probes(args) {
        match memo::probe(args, source, &mut solver, &display, interrupt, out, err)? {
            Probed::Reported(exit) => return Ok(exit),
            Probed::Rest(rest) => probed = rest,
        }
    }
    let checkpoint_file = args.job.checkpoint.as_deref();
    let saved = |checkpoint: &Checkpoint| {
        let mut saved = Saved::new("dlx", counting, checkpoint.clone());
        saved.part = part_number;
        saved
    };
    let save = |checkpoint: &Checkpoint| {
        if let Some(path) = checkpoint_file {
            // A failed save is not yet a loss: the next one, or the last, may succeed (and the
            // last one's failure is an error).
            match saved(checkpoint).write(path) {
                Err(error) if !args.quiet => eprintln!("dlx: warning: {error:#}"),
                _ => {}
            }
        }
    };
    let mut run = args.job.limits(Run::new().threads(jobs), interrupt);
    if let Some(limit) = args.limit {
        run = run.solution_limit(limit);
    }
    if let Some(every) = display.interval() {
        run = run.progress(every, &report);
    }
    if let (Some(every), Some(_)) = (args.job.checkpoint_every, checkpoint_file) {
        run = run.checkpoint_every(every, &save);
    }
    if let Some(saved) = &start.saved {
        run = run.resume(&saved.checkpoint);
    } else if let Some(rest) = &probed {
        run = run.resume(rest);
    } else if let Some(part) = &start.part {
        run = run.subproblems(&part.subproblems);
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .with_context(|| format!("cannot start {jobs} threads"))?;
    let printer = Mutex::new(Printer {
        out: &mut *out,
        json: args.json,
        every: args.every.unwrap_or(1),
        // A resumed run numbers on from the solutions found before, so that it prints the
        // solutions the whole run would have.
        seen: start.saved.as_ref().map_or(0, |saved| saved.checkpoint.stats().solutions()),
        printed: 0,
        error: None,
    });
    let outcome = if counting {
        pool.install(|| run.count(&mut solver))
    } else {
        let visit = |solver: &Solver<'_>| lock(&printer).print(parsed, solver.solution());
        pool.install(|| run.visit(&mut solver, &visit))
    };
    display.finish();
    let outcome = outcome.map_err(|error| start_error(&error, &start.origin))?;
    let Printer { error, .. } = printer.into_inner().unwrap_or_else(PoisonError::into_inner);
    if let Some(error) = error {
        return Err(error).context("cannot write the solutions");
    }
    // The last state: resumable when stopped early; when complete, a checkpoint file left by
    // periodic saves (or resumed from) is brought up to date, so that it cannot redo work.
    if let Some(path) = checkpoint_file {
        if !outcome.is_complete() || path.exists() {
            saved(outcome.checkpoint()).write(path)?;
        }
    }
    let fingerprint = solver.fingerprint().to_string();
    report_outcome(args, &outcome, part_number, &fingerprint, &source.to_string(), out, err)
}

/// The checkpoint to resume or the part to run, checked against the problem.
fn start(args: &DlxArgs, solver: &Solver<'_>) -> anyhow::Result<Start> {
    let part = match (&args.parts, args.part) {
        (Some(path), Some(k)) => Some((path, read_part(path, k, solver.fingerprint())?)),
        _ => None,
    };
    if let Some(path) = &args.job.resume {
        let saved = Saved::read(path, "dlx")?;
        let shown = path.display();
        if saved.counting && !args.count {
            bail!("{shown}: that run counted, so its solutions were never printed: resume it with --count");
        }
        // A batch script may always name its part and resume when a checkpoint exists: the
        // checkpoint must then be of that part.
        if let Some((parts, part)) = &part {
            if saved.part != Some((part.part, part.parts)) {
                bail!("{shown}: not a checkpoint of part {} of {}", part.part, parts.display());
            }
        }
        let origin = shown.to_string();
        return Ok(Start { saved: Some(saved), part: None, origin });
    }
    if let Some((path, part)) = part {
        let origin = format!("{}: part {}", path.display(), part.part);
        return Ok(Start { saved: None, part: Some(part), origin });
    }
    Ok(Start { saved: None, part: None, origin: "dlx".to_owned() })
}

/// Whether to profile the search: when asked (-v), or to go on with the mems and profile of a
/// checkpoint that has them, so that its totals stay whole. Warns when mems are asked of a run
/// whose first part counted none.
fn profiling(args: &DlxArgs, start: &Start, err: &mut dyn Write) -> io::Result<bool> {
    let asked = verbosity(args) > 0;
    let Some(saved) = &start.saved else { return Ok(asked) };
    let checkpoint = &saved.checkpoint;
    let profiled = !checkpoint.profile().is_empty();
    if asked && !profiled && checkpoint.stats().nodes() > 0 && !args.quiet {
        writeln!(
            err,
            "dlx: warning: {}: the run so far counted no mems (it ran without -v): the mems \
             and the profile are this run's only",
            start.origin
        )?;
    }
    Ok(asked || profiled)
}

/// -v (1: mems), -vv or --profile (2: the profile too).
fn verbosity(args: &DlxArgs) -> u8 {
    if args.profile {
        args.verbose.max(2)
    } else {
        args.verbose
    }
}

/// Prints the count or the JSON summary on `out`, the summary on `err`; the exit status.
fn report_outcome(
    args: &DlxArgs,
    outcome: &Outcome,
    part: Option<(usize, usize)>,
    fingerprint: &str,
    source: &str,
    out: &mut (dyn Write + Send),
    err: &mut dyn Write,
) -> anyhow::Result<Exit> {
    let limit = args.limit.unwrap_or(u64::MAX);
    // Several threads may pass a solution limit by a few when counting: it was the limit.
    let found = outcome.solutions().min(limit);
    // Stopped with some of the tree left: there may be more than were found.
    let partial = !outcome.is_complete();
    if args.json {
        writeln!(out, "{}", json_summary(args, outcome, found, part, fingerprint))?;
    } else if args.count {
        writeln!(out, "{found}{}", if partial { "+" } else { "" })?;
    }
    out.flush().context("cannot write the output")?;
    if !args.quiet && !args.json {
        summary_line(args, outcome, found, part, source, err)?;
    }
    Ok(job::early_exit(outcome).unwrap_or(if found == 0 && outcome.is_complete() {
        Exit::NoSolution
    } else {
        Exit::Solved
    }))
}

/// The JSON summary, its keys always in this order: mems beside the other counters, the
/// profile beside the deepest level, the part last.
fn json_summary(
    args: &DlxArgs,
    outcome: &Outcome,
    found: u64,
    part: Option<(usize, usize)>,
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
    if verbosity(args) > 0 {
        fields.push(("mems", json!(stats.mems())));
    }
    fields.push(("max_depth", json!(stats.max_depth())));
    if verbosity(args) > 1 {
        fields.push(("profile", json!(outcome.profile())));
    }
    fields.push(("seconds", json!(outcome.seconds())));
    fields.push(("fingerprint", json!(fingerprint)));
    if let Some(seed) = args.seed {
        fields.push(("seed", json!(seed)));
    }
    if let Some((k, n)) = part {
        fields.extend([("part", json!(k)), ("parts", json!(n))]);
    }
    Value::Object(fields.into_iter().map(|(key, value)| (key.to_owned(), value)).collect())
}

/// `92 solutions, 1049 nodes, 16680 updates, 0.002 s`, and why it stopped; with -v the mems
/// after the updates, and with -vv first the profile, as DLX1 prints it, and the deepest level.
fn summary_line(
    args: &DlxArgs,
    outcome: &Outcome,
    found: u64,
    part: Option<(usize, usize)>,
    source: &str,
    err: &mut dyn Write,
) -> io::Result<()> {
    let stats = outcome.stats();
    let noun = if found == 1 { "solution" } else { "solutions" };
    let more = match outcome.stopped() {
        None => String::new(),
        Some(Stop::SolutionLimit) => " (stopped at the limit)".to_owned(),
        Some(stop) => {
            let done = job::percent(outcome.checkpoint().fraction());
            let resume = match &args.job.checkpoint {
                Some(path) => format!("resume with --resume {}", path.display()),
                None => "give --checkpoint FILE to be able to resume".to_owned(),
            };
            format!(" so far (stopped by {} at {done} of the tree; {resume})", job::reason(stop))
        }
    };
    let part = part.map_or_else(String::new, |(k, n)| format!("{source}: part {k} of {n}: "));
    if verbosity(args) > 1 {
        writeln!(err, "{part}Profile:")?;
        for (level, nodes) in outcome.profile().iter().enumerate() {
            writeln!(err, "{part}{level:>3}: {nodes}")?;
        }
        writeln!(err, "{part}Maximum depth: {}", stats.max_depth())?;
    }
    let mems = if verbosity(args) > 0 { format!(", {} mems", stats.mems()) } else { String::new() };
    writeln!(
        err,
        "{part}{found} {noun}{more}, {} nodes, {} updates{mems}, {:.3} s",
        stats.nodes(),
        stats.updates(),
        outcome.seconds()
    )
}

/// Writes solutions as they come, from whichever thread found them: every `every`-th.
struct Printer<'o> {
    out: &'o mut (dyn Write + Send),
    json: bool,
    every: u64,
    /// The solutions reported so far, printed or not.
    seen: u64,
    printed: u64,
    /// The first write that failed (a closed pipe, say): the search stops there.
    error: Option<io::Error>,
}

impl Printer<'_> {
    fn print(&mut self, parsed: &ParsedProblem, solution: &[OptionId]) -> ControlFlow<()> {
        self.seen += 1;
        if !self.seen.is_multiple_of(self.every) {
            return ControlFlow::Continue(());
        }
        let mut sorted = solution.to_vec();
        sorted.sort_unstable();
        match write_solution(self.json, self.printed == 0, parsed, &sorted, self.out) {
            Ok(()) => {
                self.printed += 1;
                ControlFlow::Continue(())
            }
            Err(error) => {
                self.error = Some(error);
                ControlFlow::Break(())
            }
        }
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Writes one solution (sorted): its option lines as in the input, after a blank line unless
/// it is the `first`; or one JSON object.
pub(super) fn write_solution(
    json: bool,
    first: bool,
    parsed: &ParsedProblem,
    solution: &[OptionId],
    out: &mut dyn Write,
) -> io::Result<()> {
    if json {
        let options: Vec<usize> = solution.iter().map(|o| o.index()).collect();
        let lines: Vec<usize> = solution.iter().map(|o| parsed.options[o.index()].line).collect();
        // Each option's items (and colours) as the format writes them: readable without the
        // input at hand.
        let names: Vec<String> =
            solution.iter().map(|&o| parsed.problem.option_names(o).join(" ")).collect();
        return writeln!(out, "{}", json!({ "options": options, "lines": lines, "names": names }));
    }
    if !first {
        writeln!(out)?;
    }
    for option in solution {
        writeln!(out, "{}", parsed.options[option.index()].text)?;
    }
    Ok(())
}
