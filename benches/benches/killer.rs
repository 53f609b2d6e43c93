//! Killer sudoku: `dancer-sudoku` (a `Model` encoded as exact cover and searched on the
//! engine) against the only killer solver found on crates.io, `csp-solver` 0.6.0 (AC-3 with
//! fail-first ordering, its defaults, and no node budget), side by side on the same puzzles,
//! single-threaded. Each side solves each puzzle and looks for a second solution (proving it
//! unique), from the cages alone: the krazydad killers have no givens.
//!
//! Before timing, both sides' answers are checked against the published solutions and the
//! counts printed, e.g. `csp-solver: 15 of 20 wrong (15 "no solution", 0 several, 0 other)`:
//! the peer is timed as it is, wrong answers included, so its time is only half the story.
//!
//! Run with `cargo bench -p dancer-benches --bench killer`; the figures are in
//! docs/PERFORMANCE.md. The puzzles live outside the repository
//! (`../shared/data/variants/krazydad_killer_9x9.txt` next to the workspace); without them the
//! bench prints a note and times nothing.

// `criterion_group!` defines an undocumented `pub fn benches`.
#![allow(missing_docs)]

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode, Throughput};
use csp_solver::puzzles::killer::{create_killer_csp, KillerCage};
use csp_solver::SolveConfig;
use dancer_sudoku::{krazydad_killer, Model};

/// The published killers, kept next to the workspace, not in it.
const KILLERS: &str =
    concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data/variants/krazydad_killer_9x9.txt");

/// How many puzzles from the top of the file make the sample (the first 20, as in the study
/// that found the peer's wrong answers).
const SAMPLE: usize = 20;

/// A puzzle, as each side takes it, and its published solution.
struct Killer {
    model: Model,
    cages: Vec<KillerCage>,
    solution: Vec<u8>,
}

/// What a solver said of a puzzle, against the published solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Verdict {
    /// Unique, and the published solution.
    Right,
    /// No solution found.
    None,
    /// More than one solution.
    Several,
    /// One solution, not the published one.
    Other,
}

/// The first `SAMPLE` puzzles, or `None` (with a note) when the file is absent.
fn load() -> Option<Vec<Killer>> {
    let text = match std::fs::read_to_string(KILLERS) {
        Ok(text) => text,
        Err(error) => {
            eprintln!("note: skipping the killer groups: cannot read {KILLERS}: {error}");
            return None;
        }
    };
    let lines = text.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#'));
    let killers = lines
        .take(SAMPLE)
        .map(|line| {
            let record = krazydad_killer(line).expect("a krazydad line parses");
            let cages = record
                .model
                .cages
                .iter()
                .map(|cage| KillerCage {
                    sum: cage.sum.expect("krazydad cages have sums"),
                    cells: cage.cells.clone(),
                })
                .collect();
            let solution = record.solution.expect("krazydad lines have solutions");
            Killer { model: record.model, cages, solution }
        })
        .collect();
    Some(killers)
}

/// Ours: encode, find a solution, look for a second.
fn dancer(killer: &Killer) -> Verdict {
    let encoded = killer.model.encode().expect("a krazydad killer encodes");
    let mut solver = encoded.problem().solver();
    let Some(first) = solver.next_solution().map(|s| encoded.grid(s)) else {
        return Verdict::None;
    };
    if solver.next_solution().is_some() {
        return Verdict::Several;
    }
    let right =
        first.iter().zip(&killer.solution).all(|(&ours, &published)| ours == Some(published));
    if right {
        Verdict::Right
    } else {
        Verdict::Other
    }
}

/// The peer: its killer model on an empty board, up to two solutions, no node budget.
fn csp_solver(killer: &Killer) -> Verdict {
    let config = SolveConfig { max_solutions: 2, node_budget: None, ..SolveConfig::default() };
    let (mut csp, given) = create_killer_csp(&[0; 81], 3, &killer.cages);
    match &csp.solve_with_given(&config, &given)[..] {
        [] => Verdict::None,
        [one] => {
            let right = one.iter().zip(&killer.solution).all(|(&d, &p)| d == u32::from(p));
            if right {
                Verdict::Right
            } else {
                Verdict::Other
            }
        }
        _ => Verdict::Several,
    }
}

/// Runs `side` on every puzzle, prints how many it got wrong and how, and returns the time.
fn tally(name: &str, killers: &[Killer], side: fn(&Killer) -> Verdict) -> Duration {
    let start = Instant::now();
    let verdicts: Vec<Verdict> = killers.iter().map(side).collect();
    let elapsed = start.elapsed();
    let count = |v: Verdict| verdicts.iter().filter(|&&w| w == v).count();
    let wrong = killers.len() - count(Verdict::Right);
    eprintln!(
        "{name}: {wrong} of {} wrong ({} \"no solution\", {} several, {} other), {:.1} ms",
        killers.len(),
        count(Verdict::None),
        count(Verdict::Several),
        count(Verdict::Other),
        elapsed.as_secs_f64() * 1e3
    );
    elapsed
}

/// One group: a pass over the sample, solve and prove unique, ours against the peer.
fn killer_unique(c: &mut Criterion) {
    let Some(killers) = load() else { return };
    let ours = tally("dancer", &killers, dancer);
    let theirs = tally("csp-solver", &killers, csp_solver);
    let once = ours.max(theirs);
    let mut group = c.benchmark_group("killer_unique_krazydad");
    group
        .sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .throughput(Throughput::Elements(killers.len() as u64))
        .warm_up_time(once.clamp(Duration::from_millis(300), Duration::from_secs(2)))
        .measurement_time((once * 12).clamp(Duration::from_secs(2), Duration::from_secs(20)));
    group.bench_function("dancer", |b| {
        b.iter(|| killers.iter().map(dancer).for_each(|v| _ = black_box(v)));
    });
    group.bench_function("csp_solver", |b| {
        b.iter(|| killers.iter().map(csp_solver).for_each(|v| _ = black_box(v)));
    });
    group.finish();
}

criterion_group!(benches, killer_unique);
criterion_main!(benches);
