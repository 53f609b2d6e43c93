//! `dlx [FILE]`: count or print the solutions (all, or every M-th), in the input's order of
//! options or a seeded random one, on every core, with limits, progress, checkpoints,
//! resumption, and one part of a split. `print.rs` writes the solutions, `report.rs` the
//! count and the summary.

mod print;
mod report;

use std::{
    io::{self, Write},
    ops::ControlFlow,
    sync::{atomic::AtomicBool, Mutex, PoisonError},
};

use anyhow::{bail, Context};
use dancer::{
    run::{
        Checkpoint, CountError, Counted, Counting, Explore, MemoProgress, MemoUse, Outcome, Part,
        Progress, Run,
    },
    ParsedProblem, Solver,
};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

pub(super) use self::print::write_solution;
use self::print::{lock, Printer};
use self::report::report_outcome;
use super::memo;
use super::{config::Search, parts::read_part, start_error};
use crate::input::Source;
use crate::job::{self, CheckpointFile, Display, Saved};
use crate::{Exit, Stderr};

/// What is searched: the whole tree, a checkpoint's rest, or a part of a split.
struct Start {
    saved: Option<Saved>,
    part: Option<Part>,
    /// Where the start came from, for messages.
    origin: String,
}

/// Searches the problem read from `source`.
pub(super) fn run(
    search: &Search<'_>,
    source: &Source,
    parsed: &ParsedProblem,
    out: &mut (dyn Write + Send),
    err: &mut dyn Write,
    interrupt: &AtomicBool,
) -> anyhow::Result<Exit> {
    if search.job.checkpoint_path().is_some() {
        super::refuse_multiplicities(source, parsed, "checkpointed")?;
    }
    let mut solver = parsed.problem.solver();
    solver.heuristic(search.heuristic);
    // Before anything reads the fingerprint: it names the order, so that a checkpoint of
    // another seed is refused.
    if let Some(seed) = search.seed {
        let mut random = ChaCha8Rng::seed_from_u64(seed);
        solver.shuffle(&mut |k| random.random_range(0..k));
    }
    let counting = search.counting;
    let start = start(search, &solver)?;
    // Before the search, so that a path that cannot take a checkpoint is found now and not
    // when the run stops, hours later.
    let checkpoint_file = search.job.checkpoint_file()?;
    solver.profiling(profiling(search, &start, err)?);
    // The part run: from the parts file, or as the checkpoint resumed names it.
    let part = start.part.clone().or_else(|| start.saved.as_ref().and_then(|s| s.part.clone()));
    let jobs = job::jobs_held(search.jobs, "dlx", search.quiet, err)?;
    let display = Display::new(search.progress, "dlx", search.job.progress_every, !counting);
    let report = |progress: &Progress| display.show(progress);
    let saved = |checkpoint: &Checkpoint| {
        let mut saved = search.job.saved("dlx", counting, checkpoint);
        saved.part.clone_from(&part);
        saved
    };
    let save = |checkpoint: &Checkpoint| {
        if let Some(file) = &checkpoint_file {
            // A failed save is not yet a loss: the next one, or the last, may succeed (and the
            // last one's failure is an error).
            match file.write(&saved(checkpoint)) {
                Err(error) if !search.quiet => {
                    let _ = writeln!(Stderr, "dlx: warning: {error:#}; {}", file.last_good());
                }
                _ => {}
            }
        }
    };
    let mut run = search.job.limits(Run::new().threads(jobs), interrupt);
    if let Some(limit) = search.limit {
        run = run.solution_limit(limit);
    }
    if let Some(every) = display.interval() {
        run = run.progress(every, &report);
    }
    if let (Some(every), Some(_)) = (search.job.checkpoint_every, &checkpoint_file) {
        run = run.checkpoint_every(every, &save);
    }
    if let Some(saved) = &start.saved {
        run = run.resume(&saved.checkpoint);
    } else if let Some(part) = &start.part {
        run = run.subproblems(&part.subproblems);
    }
    let pool = job::pool(jobs).with_context(|| format!("cannot start {jobs} threads"))?;
    // The table the probe may use, held up front to what the machine can give (with a warning).
    let memo_bytes = if search.memo == MemoUse::Auto {
        job::memo_bytes(search.memo_size, "dlx", search.quiet, err)?
    } else {
        search.memo_size
    };
    let printer = Mutex::new(Printer {
        out: &mut *out,
        json: search.json,
        every: search.every,
        // A resumed run numbers on from the solutions found before, so that it prints the
        // solutions the whole run would have.
        seen: start.saved.as_ref().map_or(0, |saved| saved.checkpoint.stats().solutions()),
        printed: 0,
        error: None,
        sorted: Vec::new(),
    });
    let visit = |solver: &Solver<'_>| lock(&printer).print(parsed, solver.solution());
    let counted =
        count_or_visit(search, run, memo_bytes, &display, pool.as_ref(), &mut solver, &visit);
    display.finish();
    let Printer { error, .. } = printer.into_inner().unwrap_or_else(PoisonError::into_inner);
    let outcome = match enumerated(search, source, &solver, counted, &start.origin, out, err)? {
        Ok(outcome) => outcome,
        Err(exit) => return Ok(exit),
    };
    if let Some(error) = error {
        return Err(error).context("cannot write the solutions");
    }
    let file = checkpoint_file.as_ref();
    let failed =
        write_last(file, &outcome, search.job.continue_run, || saved(outcome.checkpoint()));
    let resume = resume_hint(file, failed.is_some(), source);
    let fingerprint = solver.fingerprint().to_string();
    let place = Place { part: part.as_ref(), source: &source.to_string(), resume: &resume };
    let exit = report_outcome(search, &outcome, &place, &fingerprint, out, err)?;
    match (failed, file) {
        // The count (partial, with its `+`) is out; the work after the last good checkpoint
        // is what is lost, and the user must know where that checkpoint is.
        (Some(error), Some(file)) if !outcome.is_complete() => {
            Err(anyhow::anyhow!("{error:#}; {}", file.last_good()))
        }
        (Some(error), _) => {
            if !search.quiet {
                writeln!(err, "dlx: warning: {error:#} (the count is complete all the same)")?;
            }
            Ok(exit)
        }
        (None, _) => Ok(exit),
    }
}

/// Counts or visits the solutions under `run`, on `pool`. A plain count is the library's
/// (`Counting`): a small tree outright, else memoised where the table pays (the caller
/// reports it with the table's figures), else an enumeration on every job.
fn count_or_visit(
    search: &Search<'_>,
    run: Run<'_>,
    memo_bytes: usize,
    display: &Display,
    pool: Option<&rayon::ThreadPool>,
    solver: &mut Solver<'_>,
    visit: &(dyn Fn(&Solver<'_>) -> ControlFlow<()> + Sync),
) -> Result<Counted, CountError> {
    let report_memo = |progress: &MemoProgress| display.show_memo(progress);
    let counting = Counting::new(run).memo(search.memo).memo_bytes(memo_bytes);
    let counting = match display.interval() {
        Some(every) => counting.memo_progress(every, &report_memo),
        None => counting,
    };
    let mut go = || {
        if search.counting {
            counting.count(solver)
        } else {
            run.visit(solver, visit).map(Counted::Enumerated).map_err(CountError::from)
        }
    };
    match pool {
        Some(pool) => pool.install(go),
        None => go(),
    }
}

/// The enumeration's outcome; or the exit status of a count the table made (or failed),
/// reported here with the table's figures.
fn enumerated(
    search: &Search<'_>,
    source: &Source,
    solver: &Solver<'_>,
    counted: Result<Counted, CountError>,
    origin: &str,
    out: &mut (dyn Write + Send),
    err: &mut dyn Write,
) -> anyhow::Result<Result<Outcome, Exit>> {
    let (memo, counted, seconds) = match counted {
        Ok(Counted::Enumerated(outcome)) => return Ok(Ok(outcome)),
        Ok(Counted::Memoised { solutions, memo, seconds, .. }) => {
            (Some(memo), Ok(solutions), seconds)
        }
        Err(CountError::Memo(error)) => (None, Err(error), 0.0),
        Err(CountError::Run(error)) => return Err(start_error(&error, origin)),
        Err(error) => return Err(error.into()),
    };
    memo::report_count(search, source, solver, memo.as_ref(), counted, seconds, out, err).map(Err)
}

/// Writes the last state, if there is a checkpoint file: resumable when stopped early; when
/// complete, a file left by periodic saves (or resumed from) is brought up to date, so that it
/// cannot redo work, and under --continue (`always`) it is written in any case, so that
/// running the command again gives the total (or the part's summary) at once. The write's
/// error, if it failed.
fn write_last(
    file: Option<&CheckpointFile>,
    outcome: &Outcome,
    always: bool,
    last: impl FnOnce() -> Saved,
) -> Option<anyhow::Error> {
    let file = file?;
    let wanted = always || !outcome.is_complete() || file.path().exists();
    wanted.then(|| file.write(&last()).err()).flatten()
}

/// How to go on after a stop: the whole command, when the checkpoint was written.
fn resume_hint(file: Option<&CheckpointFile>, failed: bool, source: &Source) -> String {
    match file {
        Some(_) if failed => "the checkpoint could not be written: see below".to_owned(),
        Some(file) => {
            let stdin = if *source == Source::Stdin { " (the same problem on stdin)" } else { "" };
            format!("resume with: {}{stdin}", job::resume_command(file.path()))
        }
        None => "give --checkpoint FILE to be able to resume".to_owned(),
    }
}

/// Where a summary comes from: the part run, the input, and how to resume a stopped run.
struct Place<'a> {
    part: Option<&'a Part>,
    source: &'a str,
    resume: &'a str,
}

/// The checkpoint to resume or the part to run, checked against the problem.
fn start(search: &Search<'_>, solver: &Solver<'_>) -> anyhow::Result<Start> {
    let part = match search.part {
        Some((path, k)) => Some((path, read_part(path, k, solver)?)),
        None => None,
    };
    if let Some(path) = &search.job.resume {
        let saved = Saved::read(path, "dlx")?;
        let shown = path.display();
        if saved.counting && !search.counting {
            bail!("{shown}: that run counted, so its solutions were never printed: resume it with --count");
        }
        // A batch script may always name its part and resume when a checkpoint exists: the
        // checkpoint must then be of that part.
        if let Some((parts, part)) = &part {
            let same = |saved: &Part| (saved.split, saved.digest) == (part.split, part.digest);
            if !saved.part.as_ref().is_some_and(same) {
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
fn profiling(search: &Search<'_>, start: &Start, err: &mut dyn Write) -> io::Result<bool> {
    let asked = search.verbosity > 0;
    let Some(saved) = &start.saved else { return Ok(asked) };
    let checkpoint = &saved.checkpoint;
    let profiled = !checkpoint.profile().is_empty();
    if asked && !profiled && checkpoint.stats().nodes() > 0 && !search.quiet {
        writeln!(
            err,
            "dlx: warning: {}: the run so far counted no mems (it ran without -v): the mems \
             and the profile are this run's only",
            start.origin
        )?;
    }
    Ok(asked || profiled)
}
