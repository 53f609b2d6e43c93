//! `dlx estimate`: Knuth's estimate of the search tree from random paths, and the run time
//! it implies at the speed this machine searches the problem.

use std::{
    io::Write,
    time::{Duration, Instant},
};

use anyhow::Context;
use dancer::{
    run::{Estimate, Run},
    Solver,
};
use serde_json::json;

use super::{config::heuristic, load, EstimateArgs};
use crate::job::{self, clock, short};
use crate::Exit;

/// How long the real search runs to measure the speed of updates.
const CALIBRATION: Duration = Duration::from_millis(500);

pub(super) fn run(
    args: &EstimateArgs,
    out: &mut (dyn Write + Send),
    err: &mut dyn Write,
) -> anyhow::Result<Exit> {
    let (source, parsed) = load(args.file.as_deref(), args.json || args.quiet, err)?;
    super::refuse_multiplicities(&source, &parsed, "estimated")?;
    let mut solver = parsed.problem.solver();
    solver.heuristic(heuristic(args.no_mrv));
    let jobs = job::jobs(args.jobs.map(usize::from));
    let estimate = solver.estimate(args.samples, args.seed);
    let (seconds, exact) = time(&mut solver, &estimate, jobs)?;
    if args.json {
        let summary = json!({
            "nodes": estimate.nodes(),
            "updates": estimate.updates(),
            "solutions": estimate.solutions(),
            "stderr_nodes": estimate.stderr_nodes(),
            "stderr_updates": estimate.stderr_updates(),
            "stderr_solutions": estimate.stderr_solutions(),
            "samples": estimate.samples(),
            "seed": args.seed,
            "jobs": jobs,
            "seconds": seconds,
        });
        writeln!(out, "{summary}")?;
    } else {
        let line = |name: &str, mean: f64, stderr: f64| {
            let relative = if mean > 0.0 { 100.0 * stderr / mean } else { 0.0 };
            format!("{name:<10} {:>12} ± {relative:.1}%", short(mean))
        };
        writeln!(out, "{}", line("nodes", estimate.nodes(), estimate.stderr_nodes()))?;
        writeln!(out, "{}", line("updates", estimate.updates(), estimate.stderr_updates()))?;
        let solutions = line("solutions", estimate.solutions(), estimate.stderr_solutions());
        writeln!(out, "{solutions}")?;
        let how = if exact { "measured: the search finished" } else { "at the speed measured" };
        let time = Duration::try_from_secs_f64(seconds).map_or_else(|_| "ages".to_owned(), clock);
        writeln!(out, "{:<10} {time:>12} with {jobs} jobs ({how})", "time")?;
        writeln!(out, "({} random paths, seed {})", estimate.samples(), args.seed)?;
    }
    out.flush().context("cannot write the estimate")?;
    Ok(Exit::Solved)
}

/// The expected run time with `jobs` threads: the estimated updates at the rate a real search
/// of [`CALIBRATION`] makes them, or that search's own time if it finished (`true`).
fn time(solver: &mut Solver<'_>, estimate: &Estimate, jobs: usize) -> anyhow::Result<(f64, bool)> {
    let pool = crate::job::pool(jobs)?;
    let started = Instant::now();
    let run = Run::new().threads(jobs).time_limit(CALIBRATION);
    let outcome = match &pool {
        Some(pool) => pool.install(|| run.count(solver))?,
        None => run.count(solver)?,
    };
    let seconds = started.elapsed().as_secs_f64();
    if outcome.is_complete() {
        return Ok((seconds, true));
    }
    let rate = outcome.stats().updates() as f64 / seconds.max(1e-9);
    Ok((estimate.updates() / rate.max(1.0), false))
}
