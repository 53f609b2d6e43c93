//! `sudoku encode [FILE]`: one puzzle, in any puzzle format (with the variant options) or the
//! JSON lines form, written as the exact-cover problem of its `Model` in Knuth's DLX format.

use std::io::Write;

use anyhow::bail;
use dancer_sudoku::{read_puzzles, Model, Record};

use super::args::EncodeArgs;
use super::rules::Rules;
use crate::input::{Source, MAX_DOCUMENT};
use crate::Exit;

/// Encodes the one puzzle of the input.
///
/// # Errors
/// An unreadable input, a puzzle that cannot be read or encoded (with its place), or an input
/// of more or fewer than one puzzle.
pub(super) fn run(args: &EncodeArgs, out: &mut dyn Write) -> anyhow::Result<Exit> {
    let source = Source::from_arg(args.file.as_deref());
    let text = source.read_to_string(MAX_DOCUMENT, "the input of encode (one puzzle)")?;
    let json = text.lines().map(str::trim).find(|l| !l.is_empty() && !l.starts_with('#'));
    let models = if json.is_some_and(dancer_sudoku::Record::is_record_line) {
        from_json(&source, &text)?
    } else {
        from_puzzles(&source, &text, &Rules::from_args(&args.variant)?)?
    };
    let [model] = &models[..] else {
        bail!(
            "{source}: encode writes one problem, and the input has {} puzzles (pick one, for \
             example with sed -n 5p)",
            models.len()
        );
    };
    let encoded = model.encode().map_err(|e| anyhow::anyhow!("{source}: {e}"))?;
    write!(out, "{}", encoded.problem())?;
    out.flush()?;
    Ok(Exit::Solved)
}

/// The models of a JSON lines input, each line's errors with its number.
fn from_json(source: &Source, text: &str) -> anyhow::Result<Vec<Model>> {
    let lines = text.lines().enumerate();
    let records = lines.filter_map(|(k, line)| Some((k + 1, Record::from_line(line)?)));
    records
        .map(|(number, read)| {
            read.map(|record| record.model).map_err(|e| anyhow::anyhow!("{source}:{number}:{e}"))
        })
        .collect()
}

/// The models of puzzles in the usual formats, under the variant options.
fn from_puzzles(source: &Source, text: &str, rules: &Rules) -> anyhow::Result<Vec<Model>> {
    let read = read_puzzles(text.as_bytes(), rules.size()).with_alphabet(rules.alphabet().clone());
    read.map(|puzzle| {
        let puzzle = puzzle.map_err(|e| anyhow::anyhow!("{source}:{e}"))?;
        rules.model(&puzzle).map_err(|e| anyhow::anyhow!("{source}:{}: {e}", puzzle.line))
    })
    .collect()
}
