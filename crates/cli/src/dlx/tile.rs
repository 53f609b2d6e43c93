//! `dlx tile FILE`: a board and pieces (`dancer_tiling`), counted (on every core, memoised
//! where that pays, up to symmetry if asked) or printed as text or SVG.

use std::{
    io::{Read, Write},
    sync::atomic::{AtomicBool, Ordering},
    time::Instant,
};

use anyhow::Context;
use dancer::run::{Counting, Run};
use dancer_tiling::{sheet, Tiling};

use super::TileArgs;
use crate::input::Source;
use crate::{job, Exit};

pub(super) fn run(
    args: &TileArgs,
    out: &mut (dyn Write + Send),
    err: &mut dyn Write,
    interrupt: &AtomicBool,
) -> anyhow::Result<Exit> {
    let source = Source::from_arg(args.file.as_deref());
    let mut text = String::new();
    source.open()?.read_to_string(&mut text).with_context(|| format!("cannot read {source}"))?;
    let tiling = Tiling::from_text(&text).map_err(|error| anyhow::anyhow!("{source}: {error}"))?;
    crate::interrupt::stop_cleanly();
    let started = Instant::now();
    if args.count {
        let jobs = job::jobs(args.jobs.map(usize::from));
        let pool = job::pool(jobs).with_context(|| format!("cannot start {jobs} threads"))?;
        let counting = Counting::new(Run::new().threads(jobs).interrupt(interrupt));
        let count = || {
            if args.up_to_symmetry {
                tiling.count_up_to_symmetry_with(&counting).map(|c| (c.orbits, Some(c)))
            } else {
                tiling.count_with(&counting).map(|count| (count, None))
            }
        };
        let counted = match &pool {
            Some(pool) => pool.install(count),
            None => count(),
        };
        if interrupt.load(Ordering::Relaxed) {
            return Ok(Exit::Interrupted);
        }
        let (count, symmetric) = counted.map_err(|error| anyhow::anyhow!("{source}: {error}"))?;
        writeln!(out, "{count}")?;
        out.flush().context("cannot write the output")?;
        if !args.quiet {
            let seconds = started.elapsed().as_secs_f64();
            let noun = if count == 1 { "solution" } else { "solutions" };
            match symmetric {
                Some(c) => writeln!(
                    err,
                    "{count} {noun} up to the {} symmetries{}, {seconds:.3} s",
                    c.group,
                    c.piece.map_or_else(String::new, |piece| format!(" ({piece} fixed)"))
                )?,
                None => writeln!(err, "{count} {noun}, {seconds:.3} s")?,
            }
        }
        return Ok(if count == 0 { Exit::NoSolution } else { Exit::Solved });
    }
    let solutions =
        tiling.solutions(args.up_to_symmetry).map_err(|e| anyhow::anyhow!("{source}: {e}"))?;
    let mut found = Vec::new();
    for solution in
        solutions.take(usize::try_from(args.limit.unwrap_or(u64::MAX)).unwrap_or(usize::MAX))
    {
        if !args.svg {
            if !found.is_empty() {
                writeln!(out)?;
            }
            write!(out, "{}", solution.to_text(&tiling)).context("cannot write the solutions")?;
        }
        found.push(solution);
        if interrupt.load(Ordering::Relaxed) {
            break;
        }
    }
    if args.svg {
        write!(out, "{}", sheet(&tiling, &found)).context("cannot write the picture")?;
    }
    out.flush().context("cannot write the solutions")?;
    if !args.quiet {
        let noun = if found.len() == 1 { "solution" } else { "solutions" };
        let seconds = started.elapsed().as_secs_f64();
        writeln!(err, "{} {noun}, {seconds:.3} s", found.len())?;
    }
    if interrupt.load(Ordering::Relaxed) {
        return Ok(Exit::Interrupted);
    }
    Ok(if found.is_empty() { Exit::NoSolution } else { Exit::Solved })
}
