//! `sudoku generate`: unique puzzles, made in parallel but numbered, so that a seed gives the
//! same puzzles whatever the number of threads. Killers, other marks and multi-grid layouts
//! are made in `generate/models.rs`.

mod models;
mod ordered;

use std::{io::Write, sync::atomic::AtomicBool, sync::Arc, time::Instant};

use anyhow::{bail, Context};
use dancer_sudoku::{
    generate::{rng_for, Options},
    Generated, Generator, Level, Model, Rater, Rating, Record, Symmetry, Template,
};
use rand_chacha::ChaCha8Rng;
use serde_json::json;

use self::ordered::{Ending, Next, Put, Streams, Watch};
use super::{args::GenerateArgs, rules::Rules, OutputFormat};
use crate::Exit;

/// Runs `sudoku generate`.
///
/// # Errors
/// Bad options, a variant with no solution at all, or a failed write.
pub(crate) fn run(
    args: &GenerateArgs,
    quiet: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
    interrupt: &'static AtomicBool,
) -> anyhow::Result<Exit> {
    if args.variant.symbols.is_some() {
        bail!("--symbols is for reading puzzles; generate writes 1-9 then A-Z");
    }
    if args.killer || args.marks.is_some() || args.layout.is_some() {
        return models::run(args, quiet, Streams { out, err }, interrupt);
    }
    let symmetry: Symmetry = args.symmetry.parse()?;
    let difficulty: Option<Level> = args.difficulty.as_deref().map(str::parse).transpose()?;
    let rules = Rules::from_args(&args.variant)?;
    for note in rules.notes().iter().filter(|_| !quiet) {
        writeln!(err, "sudoku: note: {note}")?;
    }
    let size = match (args.size, rules.size()) {
        (Some(asked), Some(fixed)) if asked != fixed => {
            bail!("--size {asked} disagrees with the variant options, which need {fixed}x{fixed}")
        }
        (asked, fixed) => asked.or(fixed).unwrap_or(9),
    };
    let variant = rules.variant(size).map_err(anyhow::Error::msg).context("cannot generate")?;
    let template = Template::new(variant);
    let seed = seed(args.seed, quiet, err)?;
    let options = Options { symmetry, clues: args.clues, minimal: args.minimal };
    let format = format_for(args.format, &template, quiet, err)?;
    // Only JSON prints the rating: line and grid output rate only to pick a difficulty.
    let rate = difficulty.is_some() || format == OutputFormat::Json;
    let started = Instant::now();
    let (mut made, mut clues, mut missed) = (0u64, 0u64, 0u64);
    let template = Arc::new(template);
    let attempts = args.attempts;
    let worker = {
        let template = Arc::clone(&template);
        move |next: Next<'_>, put: Put<'_, Made>| {
            let (mut generator, mut rater) = (Generator::new(&template), Rater::new(&template));
            while let Some(index) = next() {
                let rng = &mut rng_for(seed, index);
                let rater = rate.then_some(&mut rater);
                let made = make(&mut generator, rater, rng, &options, difficulty, attempts);
                if !put(index, made) {
                    return;
                }
            }
        }
    };
    let watch = Watch::new(args, interrupt, started, quiet);
    let mut streams = Streams { out, err };
    let ending = ordered::in_order(worker, &watch, &mut streams, |index, slot, streams| {
        let (generated, rating) = match slot {
            Made::Puzzle(generated, rating) => (generated, rating),
            Made::NoSolution => {
                bail!("the variant has no solution at all, so it has no puzzles")
            }
            Made::GaveUp => {
                let level = difficulty.map_or("", Level::name);
                bail!(
                    "puzzle {}: no {level} puzzle in {attempts} attempts (raise --attempts)",
                    index + 1
                )
            }
        };
        made += 1;
        clues += generated.clues as u64;
        if generated.target_reached == Some(false) {
            missed += 1;
            let target = args.clues.unwrap_or_default();
            writeln!(streams.err, "sudoku: puzzle {}: no unique puzzle with {target} clues found on this path; printed with {}", index + 1, generated.clues)?;
        }
        let origin = Origin { seed, index, symmetry, with_solution: args.with_solution };
        write_puzzle(streams.out, format, &template, &generated, rating.as_ref(), &origin)?;
        Ok(())
    })?;
    let tally = Tally { puzzles: made, marks: clues, noun: "clues", missed: Some(missed) };
    finish(ending, seed, args.stats.then_some((tally, started)), streams.err)
}

/// What a run made, for the summary line of `--stats`: `marks` (clues or givens, the `noun`) in
/// all, and how many puzzles missed a clue target where there is one.
#[derive(Clone, Copy)]
struct Tally {
    puzzles: u64,
    marks: u64,
    noun: &'static str,
    missed: Option<u64>,
}

/// Ends a run: says what stopped it early, writes the summary of `--stats` (what was made, since
/// when), and gives the run's exit status.
fn finish(
    ending: Ending,
    seed: u64,
    stats: Option<(Tally, Instant)>,
    err: &mut dyn Write,
) -> anyhow::Result<Exit> {
    say_ending(ending, seed, err)?;
    if let Some((Tally { puzzles, marks, noun, missed }, started)) = stats {
        let seconds = started.elapsed().as_secs_f64();
        let average = marks as f64 / puzzles.max(1) as f64;
        let missed = missed.map(|m| format!(", clue target missed: {m}")).unwrap_or_default();
        let rate = crate::job::per_second(puzzles, seconds);
        writeln!(err, "puzzles: {puzzles}, average {noun}: {average:.1}{missed}, seconds: {seconds:.3}, puzzles/s: {rate}")?;
    }
    Ok(exit_of(ending))
}

/// The output format: a line holds the givens only, so the puzzles of other regions than the
/// standard boxes are written as JSON lines records, which carry their regions, unless lines
/// (or grids) are asked for, with a note.
fn format_for(
    asked: Option<OutputFormat>,
    template: &Template,
    quiet: bool,
    err: &mut dyn Write,
) -> std::io::Result<OutputFormat> {
    let standard = template.variant().is_standard();
    let format = asked.unwrap_or(if standard { OutputFormat::Line } else { OutputFormat::Json });
    if !standard && format != OutputFormat::Json && !quiet {
        let what = if format == OutputFormat::Line { "line" } else { "grid" };
        writeln!(err, "sudoku: note: these puzzles have regions besides the standard rows, columns and boxes, and a {what} holds only their givens: read them back with the same variant options, or write --format json, whose records carry their regions")?;
    }
    Ok(format)
}

/// The exit status of a run that ended so.
fn exit_of(ending: Ending) -> Exit {
    match ending {
        Ending::Done => Exit::Solved,
        Ending::Interrupted { .. } => Exit::Interrupted,
        Ending::TimeLimit { .. } => Exit::Stopped,
    }
}

/// The worker threads `--jobs` asks for, or one per core.
fn jobs(asked: Option<u16>) -> usize {
    asked.map_or_else(|| std::thread::available_parallelism().map_or(1, usize::from), usize::from)
}

/// Says what stopped the puzzles of `seed` before the end: the puzzles before the first one
/// missing are out, whole and in order.
fn say_ending(ending: Ending, seed: u64, err: &mut dyn Write) -> std::io::Result<()> {
    let (index, why) = match ending {
        Ending::Done => return Ok(()),
        Ending::Interrupted { next } => (next, "an interrupt"),
        Ending::TimeLimit { next } => (next, "--time-limit"),
    };
    let written = match index {
        0 => "no puzzle was written".to_owned(),
        1 => format!("puzzle 1 of seed {seed} was written"),
        _ => format!("puzzles 1 to {index} of seed {seed} were written"),
    };
    writeln!(err, "sudoku: stopped by {why}: {written}, the rest not made")
}

/// What one puzzle slot produced.
enum Made {
    Puzzle(Generated, Option<Rating>),
    NoSolution,
    GaveUp,
}

/// One puzzle, rated (JSON shows the rating, and --difficulty filters on it); retries draw on
/// from the same random source, so they are reproducible too.
fn make(
    generator: &mut Generator<'_>,
    rater: Option<&mut Rater<'_>>,
    rng: &mut ChaCha8Rng,
    options: &Options,
    difficulty: Option<Level>,
    attempts: u64,
) -> Made {
    let mut rater = rater;
    for _ in 0..attempts.max(1) {
        let Some(generated) = generator.generate(rng, options) else { return Made::NoSolution };
        let rating = rater.as_mut().and_then(|rater| rater.rate(&generated.puzzle).ok());
        match difficulty {
            Some(level) if rating.as_ref().map(|r| r.level) != Some(level) => {}
            _ => return Made::Puzzle(generated, rating),
        }
    }
    Made::GaveUp
}

/// Where a puzzle came from, for its JSON.
struct Origin {
    seed: u64,
    index: u64,
    symmetry: Symmetry,
    with_solution: bool,
}

fn write_puzzle(
    out: &mut dyn Write,
    format: OutputFormat,
    template: &Template,
    generated: &Generated,
    rating: Option<&Rating>,
    origin: &Origin,
) -> std::io::Result<()> {
    let Generated { puzzle, solution, clues, minimal, .. } = generated;
    match format {
        OutputFormat::Line if origin.with_solution => writeln!(out, "{puzzle}:{solution}"),
        OutputFormat::Line => writeln!(out, "{puzzle}"),
        OutputFormat::Grid => {
            writeln!(out, "{}", dancer_sudoku::pretty(puzzle, template.variant()))
        }
        OutputFormat::Json => {
            let mut model = Model::from_variant(template.variant());
            for (cell, given) in model.givens.iter_mut().enumerate() {
                *given = puzzle.get(cell);
            }
            let n = template.variant().size();
            let mut about = json!({
                "seed": origin.seed,
                "number": origin.index + 1,
                "clues": clues,
                "symmetry": origin.symmetry.name(),
                "minimal": minimal,
            });
            if let Some(rating) = rating {
                about["rating"] = json!({
                    "level": rating.level.name(),
                    "steps": rating.steps,
                    "hardest": rating.hardest_name(),
                    "solved_by_logic": rating.solved_by_logic,
                    "clue_band": rating.clue_band.name(),
                    "nodes": rating.nodes,
                });
            }
            let record = Record {
                name: format!(
                    "{} {n}x{n} seed {} #{}",
                    kind(template),
                    origin.seed,
                    origin.index + 1
                ),
                model,
                solution: origin.with_solution.then(|| solution.cells().to_vec()),
                generated: about.as_object().cloned(),
            };
            writeln!(out, "{}", record.to_json())
        }
    }
}

/// The kind of puzzle a record's name says: `jigsaw` for pieces, `x` for diagonals, `hyper`
/// for windows (joined: `jigsaw-x`), `sudoku` for the rest.
fn kind(template: &Template) -> String {
    use dancer_sudoku::RegionKind;
    let regions = template.variant().regions();
    let has = |kind| regions.iter().any(|region| region.kind == kind);
    let words: Vec<&str> =
        [(RegionKind::Piece, "jigsaw"), (RegionKind::Diagonal, "x"), (RegionKind::Window, "hyper")]
            .into_iter()
            .filter(|&(kind, _)| has(kind))
            .map(|(_, word)| word)
            .collect();
    if words.is_empty() {
        "sudoku".to_owned()
    } else {
        words.join("-")
    }
}

/// The seed asked for, or one drawn from the clock and said on `err` (unless `quiet`), so
/// that the run can be repeated.
fn seed(asked: Option<u64>, quiet: bool, err: &mut dyn Write) -> std::io::Result<u64> {
    let seed = asked.unwrap_or_else(clock_seed);
    if asked.is_none() && !quiet {
        writeln!(err, "sudoku: generating with --seed {seed}")?;
    }
    Ok(seed)
}

/// A seed from the clock, for runs that did not ask for one.
pub(crate) fn clock_seed() -> u64 {
    let now =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
    now.as_secs() ^ u64::from(now.subsec_nanos()).rotate_left(32)
}
