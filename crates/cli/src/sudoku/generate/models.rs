//! `sudoku generate --killer`, `--marks KIND` and `--layout NAME`: puzzles of the variant
//! model, written as JSON lines records (the form `sudoku convert` writes), each with its
//! solution. Numbered and seeded like the plain puzzles: puzzle k of a seed is the same
//! whatever `--jobs`.

use std::{io::Write, sync::atomic::AtomicBool, time::Instant};

use anyhow::{bail, Context};
use dancer_sudoku::{generate::rng_for, Layout, Marks, Model, Record, Symmetry};

use super::ordered::{in_order, Next, Put, Streams, Watch};
use super::{finish, seed, Tally};
use crate::sudoku::{args::GenerateArgs, rules::Rules, OutputFormat};
use crate::Exit;

/// Runs `sudoku generate` for the model's kinds.
///
/// # Errors
/// Options these puzzles do not support, a bad layout or kind, rules with no solution, or a
/// failed write.
pub(crate) fn run(
    args: &GenerateArgs,
    quiet: bool,
    mut streams: Streams<'_>,
    interrupt: &'static AtomicBool,
) -> anyhow::Result<Exit> {
    let marks = match (&args.marks, args.killer) {
        (Some(kind), _) => kind.parse::<Marks>()?,
        (None, true) => Marks::Killer,
        (None, false) => Marks::Givens,
    };
    refuse_plain_options(args, marks)?;
    let (base, kind) = base_model(args, quiet, streams.err)?;
    let seed = seed(args.seed, quiet, streams.err)?;
    let started = Instant::now();
    let (mut made, mut givens) = (0u64, 0u64);
    let worker = {
        let base = base.clone();
        move |next: Next<'_>, put: Put<'_, _>| {
            while let Some(index) = next() {
                if !put(index, base.generate(marks, &mut rng_for(seed, index))) {
                    return;
                }
            }
        }
    };
    let watch = Watch::new(args, interrupt, started, quiet);
    let ending = in_order(worker, &watch, &mut streams, |index, slot, streams| {
        let Some(mut record): Option<Record> =
            slot.with_context(|| format!("puzzle {}: cannot generate", index + 1))?
        else {
            bail!("the rules have no solution at all, so they have no puzzles");
        };
        // Numbered from 1, as the lines of the output are (and a picture's file name).
        let number = index + 1;
        record.name = match marks {
            Marks::Givens => format!("{kind} seed {seed} #{number}"),
            _ => format!("{marks} {kind} seed {seed} #{number}"),
        };
        made += 1;
        givens += record.model.givens.iter().filter(|given| given.is_some()).count() as u64;
        writeln!(streams.out, "{}", record.to_json())?;
        Ok(())
    })?;
    let tally = Tally { puzzles: made, marks: givens, noun: "givens", missed: None };
    finish(ending, seed, args.stats.then_some((tally, started)), streams.err)
}

/// The blank model the puzzles are made on (a layout's, or a single grid of the variant
/// options), and its name for the records.
fn base_model(
    args: &GenerateArgs,
    quiet: bool,
    err: &mut dyn Write,
) -> anyhow::Result<(Model, String)> {
    if let Some(name) = &args.layout {
        let layout: Layout = name.parse()?;
        let v = &args.variant;
        let variant = v.boxes.is_some()
            || v.diagonals
            || v.hyper
            || v.regions.is_some()
            || v.extra_regions.is_some()
            || v.board.is_some();
        if variant || args.size.is_some() {
            bail!("--layout {layout} has its own 9x9 grids: it takes no --size, --boxes, --x, --hyper, --regions, --extra-regions or --board");
        }
        Ok((layout.model(), layout.to_string()))
    } else {
        let rules = Rules::from_args(&args.variant)?;
        for note in rules.notes().iter().filter(|_| !quiet) {
            writeln!(err, "sudoku: note: {note}")?;
        }
        let size = match (args.size, rules.size()) {
            (Some(asked), Some(fixed)) if asked != fixed => {
                bail!(
                    "--size {asked} disagrees with the variant options, which need {fixed}x{fixed}"
                )
            }
            (asked, fixed) => asked.or(fixed).unwrap_or(9),
        };
        let variant = rules.variant(size).map_err(anyhow::Error::msg).context("cannot generate")?;
        Ok((Model::from_variant(&variant), format!("{size}x{size}")))
    }
}

/// The options of plain puzzles that mean nothing here, refused by name.
fn refuse_plain_options(args: &GenerateArgs, marks: Marks) -> anyhow::Result<()> {
    let what = match (marks, &args.layout) {
        (Marks::Killer, _) if args.killer => "--killer".to_owned(),
        (Marks::Givens, Some(layout)) => format!("--layout {layout}"),
        _ => format!("--marks {marks}"),
    };
    if args.difficulty.is_some() {
        bail!("{what}: --difficulty rates plain puzzles only (there is no rater for these)");
    }
    if args.symmetry.parse::<Symmetry>()? != Symmetry::None {
        bail!(
            "{what}: --symmetry is for plain puzzles only (givens are removed in a random order)"
        );
    }
    if args.clues.is_some() || args.minimal {
        bail!("{what}: --clues and --minimal are for plain puzzles only (givens are removed while the solution stays unique)");
    }
    if matches!(args.format, Some(OutputFormat::Line | OutputFormat::Grid)) {
        bail!("{what}: the puzzles are written as JSON lines records only (--format json)");
    }
    Ok(())
}
