//! The puzzles of some inputs as models, for pictures and play: a puzzle of the usual formats
//! becomes the model of its variant (the rules given on the command line), a JSON line's record
//! is its own model. Records that cannot be read stay in the list, with their reason, so that
//! a batch can report them in place.

use std::sync::atomic::AtomicBool;

use dancer_sudoku::{Digit, Model};

use crate::input::Source;
use crate::sudoku::args::VariantArgs;
use crate::sudoku::rules::Rules;
use crate::sudoku::stream::{Input, Stream};

/// One record of an input.
pub(crate) struct Puzzle {
    /// The input's name for file names: its file stem, or `stdin`.
    pub(crate) stem: String,
    /// Where it was read, as messages say it (`data/x.txt:3`).
    pub(crate) place: String,
    /// Its line, from 1.
    pub(crate) line: usize,
    /// The record's name, when it has one (JSON lines).
    pub(crate) name: Option<String>,
    /// The puzzle, or why the record is not one (after the place and a colon: `3: ...`, the
    /// column and the message).
    pub(crate) model: Result<Model, String>,
    /// The solution the record carries.
    pub(crate) solution: Option<Vec<Option<Digit>>>,
}

impl Puzzle {
    /// Its caption: the record's name, or its input and line.
    pub(crate) fn title(&self) -> String {
        self.name.clone().unwrap_or_else(|| format!("{} line {}", self.stem, self.line))
    }
}

/// Calls `take` with every record of `sources`, in order, as they are read: memory holds a
/// batch at a time, whatever the input's length. With `presets` (the variant options), an
/// autopear preset is read by its own board. False when a signal stopped the reading.
///
/// # Errors
/// An input that cannot be opened, or an error of `take` (which stops the reading).
pub(crate) fn each(
    sources: &[Source],
    rules: &Rules,
    presets: Option<&VariantArgs>,
    interrupt: &AtomicBool,
    mut take: impl FnMut(Puzzle) -> anyhow::Result<()>,
) -> anyhow::Result<bool> {
    for source in sources {
        let preset = match presets {
            Some(args) => Rules::of_preset(args, source)?,
            None => None,
        };
        let input = rules.input();
        let rules = preset.as_ref().unwrap_or(rules);
        let stream = Stream::open(source, rules.size(), rules.alphabet(), input, 256)
            .map_err(|error| anyhow::anyhow!("cannot read {source}: {error}"))?;
        let stem = source.stem();
        loop {
            let Some(batch) = stream.batch(256, interrupt) else { return Ok(false) };
            if batch.is_empty() {
                break;
            }
            for record in batch {
                take(puzzle(record, source, &stem, rules))?;
            }
        }
    }
    Ok(true)
}

fn puzzle(record: Input, source: &Source, stem: &str, rules: &Rules) -> Puzzle {
    let (line, name, model, solution) = match record {
        Input::Puzzle(Ok(puzzle)) => (puzzle.line, None, rules.model(&puzzle), None),
        Input::Puzzle(Err(error)) => {
            (error.line, None, Err(format!("{}: {}", error.column, error.kind)), None)
        }
        Input::Model { line, read: Ok(record), .. } => {
            let solution = record
                .solution
                .as_ref()
                .map(|digits| digits.iter().map(|&d| (d != 0).then_some(d)).collect());
            (line, Some(record.name.clone()), Ok(record.model), solution)
        }
        Input::Model { line, read: Err(error), .. } => (line, None, Err(error.to_string()), None),
    };
    Puzzle { stem: stem.to_owned(), place: format!("{source}:{line}"), line, name, model, solution }
}
