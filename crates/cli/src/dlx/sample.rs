//! `dlx sample`: solutions drawn uniformly at random ([`dancer::Solver::sample`]) from a
//! seeded `ChaCha8` generator, printed as `dlx` prints solutions.

use std::{io::Write, sync::atomic::AtomicBool, time::Instant};

use anyhow::{bail, Context};
use dancer::MemoError;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{load, solve::write_solution, SampleArgs};
use crate::Exit;

pub(super) fn run(
    args: &SampleArgs,
    out: &mut (dyn Write + Send),
    err: &mut dyn Write,
    interrupt: &AtomicBool,
) -> anyhow::Result<Exit> {
    let (source, parsed) = load(args.file.as_deref(), args.quiet, err)?;
    // Read from a terminal, the problem is in: a signal now stops the work cleanly.
    crate::interrupt::stop_cleanly();
    let mut solver = parsed.problem.solver();
    let mut memo = crate::job::memo(args.memo_size, "dlx", args.quiet, err)?;
    let mut rng = ChaCha8Rng::seed_from_u64(args.seed);
    let started = Instant::now();
    // The count first: the draws are uniform over it, and each finds it in the table.
    let total = match solver.count_memo(&mut memo, Some(interrupt)) {
        Ok(0) => {
            if !args.quiet {
                writeln!(err, "dlx: {source}: no solution to sample")?;
            }
            return Ok(Exit::NoSolution);
        }
        Ok(total) => total,
        Err(error) => return stopped(error, &source.to_string(), 0, args, out, err),
    };
    let mut drawn = 0;
    while drawn < args.samples {
        let solution = match solver.sample(&mut memo, &mut || rng.next_u64(), Some(interrupt)) {
            Ok(solution) => solution.expect("a problem with solutions has one to draw"),
            Err(error) => return stopped(error, &source.to_string(), drawn, args, out, err),
        };
        let mut sorted = solution;
        sorted.sort_unstable();
        write_solution(args.json, drawn == 0, &parsed, &sorted, out)
            .context("cannot write the solutions")?;
        drawn += 1;
    }
    out.flush().context("cannot write the solutions")?;
    if args.summary() {
        let stats = solver.stats();
        let noun = if total == 1 { "solution" } else { "solutions" };
        writeln!(
            err,
            "{drawn} of {total} {noun} drawn (seed {}), {} nodes, {} updates, {:.3} s; \
             memo: {}",
            args.seed,
            stats.nodes(),
            stats.updates(),
            started.elapsed().as_secs_f64(),
            crate::job::memo_figures(&memo)
        )?;
    }
    Ok(Exit::Solved)
}

/// The end of a run stopped by `error` after `drawn` solutions: those are printed, a signal
/// is exit status 130, a count beyond 128 bits an error.
fn stopped(
    error: MemoError,
    source: &str,
    drawn: u64,
    args: &SampleArgs,
    out: &mut (dyn Write + Send),
    err: &mut dyn Write,
) -> anyhow::Result<Exit> {
    out.flush().context("cannot write the solutions")?;
    if error != MemoError::Interrupted {
        bail!("{source}: {error}");
    }
    if !args.quiet {
        writeln!(
            err,
            "dlx: {source}: sampling was interrupted after {drawn} of {} solutions",
            args.samples
        )?;
    }
    Ok(Exit::Interrupted)
}
