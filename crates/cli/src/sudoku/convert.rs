//! `sudoku convert --from KIND [FILE]`: published variant puzzles to the JSON lines form, one
//! object per puzzle line (comments and blank lines skipped), errors on stderr with their
//! place and as `{"line", "error"}` objects in the output, so that it stays aligned. A janko
//! file is one JSON document: one object per key in the file's order, a bad puzzle as
//! `{"key", "error"}`. `--to fpuzzles` writes each record as an f-puzzles link instead; a
//! record f-puzzles cannot express is refused in its place as a bad line is.

use std::{
    io::Write,
    path::{Path, PathBuf},
    sync::atomic::{AtomicBool, Ordering::Relaxed},
};

use anyhow::{bail, Context};
use dancer_sudoku::{
    andoku, fpuzzles, janko_jigsaw, janko_killer, janko_puzzles, janko_sudoku, krazydad_16x16,
    krazydad_killer, read_puzzles, sukaku, to_fpuzzles, JankoError, LineFormat, ReadError, Record,
};
use serde_json::json;

use super::args::{ConvertArgs, ConvertFrom, ConvertTo};
use super::rules::Rules;
use crate::input::{LineFault, Lines, Source, MAX_DOCUMENT, MAX_JSON_LINE};
use crate::Exit;

/// Converts the file (standard input for `-` or none).
///
/// # Errors
/// An unreadable input or a failed write; bad lines are reported and the conversion goes on.
pub(super) fn run(
    args: &ConvertArgs,
    quiet: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
    interrupt: &AtomicBool,
) -> anyhow::Result<Exit> {
    let source = Source::from_arg(args.file.as_deref());
    let reader: fn(&str) -> Result<Record, ReadError> = match args.from {
        ConvertFrom::JankoKiller => janko_killer,
        ConvertFrom::KrazydadKiller => krazydad_killer,
        ConvertFrom::Andoku => andoku,
        ConvertFrom::Sukaku => sukaku,
        ConvertFrom::Fpuzzles => |line| fpuzzles(line).map(|puzzle| puzzle.record),
        ConvertFrom::JankoJigsaw => janko_jigsaw,
        ConvertFrom::JankoSudoku => janko_sudoku,
        ConvertFrom::Krazydad16x16 => krazydad_16x16,
        ConvertFrom::Sudokupad => |line| forced(line, LineFormat::Sudokupad),
        ConvertFrom::Iss => |line| forced(line, LineFormat::Iss),
        ConvertFrom::Json => |line| {
            let read = Record::from_line(line).unwrap_or_else(|| {
                Err(dancer_sudoku::JsonError {
                    column: 1,
                    field: String::new(),
                    message: "no record".into(),
                })
            });
            read.map_err(|e| ReadError { column: e.column, message: json_message(&e) })
        },
        ConvertFrom::Janko => return janko(args, &source, quiet, out, err),
        ConvertFrom::Puzzles => return puzzles(args, &source, quiet, out, err, interrupt),
    };
    if args.kind.is_some() || args.solutions.is_some() {
        bail!("--kind and --solutions go with --from janko");
    }
    if args.variant.symbols.is_some() {
        bail!("--symbols goes with --from puzzles: the published formats say their own symbols");
    }
    let mut exit = Exit::Solved;
    for (number, line) in Lines::new(source.open()?, MAX_JSON_LINE) {
        if interrupt.load(Relaxed) {
            return interrupted(&source, number, out, err);
        }
        let line = match line {
            Ok(line) => line,
            Err(LineFault::Unreadable(e)) => bail!("{source}:{number}: cannot read: {e}"),
            Err(fault) => {
                let message = fault.message(MAX_JSON_LINE, "a line of a puzzle file");
                let place = format!("{source}:{number}");
                exit = refuse(out, (!quiet).then_some(&mut *err), &place, number, &message)?;
                continue;
            }
        };
        let text = line.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        // A record the batch subcommands would refuse (a cage naming a cell beyond the grid) is
        // refused here, for the whole line.
        let read = reader(text).and_then(|record| match record.model.validate() {
            Ok(()) => Ok(record),
            Err(error) => Err(ReadError { column: 1, message: error.to_string() }),
        });
        let written = read.and_then(|record| {
            write(args.to, &record).map_err(|message| ReadError { column: 1, message })
        });
        match written {
            Ok(text) => writeln!(out, "{text}")?,
            Err(error) => {
                // Columns count from the line as written, before its leading blanks.
                let column = error.column + line.chars().take_while(|c| c.is_whitespace()).count();
                let place = format!("{source}:{number}:{column}");
                exit = refuse(out, (!quiet).then_some(err), &place, number, &error.message)?;
            }
        }
    }
    out.flush()?;
    Ok(exit)
}

/// A line read in `format` alone, as the other subcommands' `--from` reads it.
fn forced(line: &str, format: LineFormat) -> Result<Record, ReadError> {
    let read = Record::read_line_as(line, Some(format)).unwrap_or_else(|| {
        Err(dancer_sudoku::JsonError {
            column: 1,
            field: String::new(),
            message: "no record".into(),
        })
    });
    read.map(|(record, _)| record).map_err(|e| ReadError { column: e.column, message: e.message })
}

/// Puzzles in the usual formats under the variant options, one record each, named by the
/// line they start on; an unreadable one in place as `{"line", "error"}`.
fn puzzles(
    args: &ConvertArgs,
    source: &Source,
    quiet: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
    interrupt: &AtomicBool,
) -> anyhow::Result<Exit> {
    let rules = Rules::from_args(&args.variant)?;
    let mut exit = Exit::Solved;
    let alphabet = rules.alphabet().clone();
    for puzzle in read_puzzles(source.open()?, rules.size()).with_alphabet(alphabet) {
        if interrupt.load(Relaxed) {
            let line = puzzle.as_ref().map_or_else(|error| error.line, |puzzle| puzzle.line);
            return interrupted(source, line, out, err);
        }
        let model = puzzle
            .map_err(|e| (format!("{source}:{}:{}", e.line, e.column), e.line, e.kind.to_string()))
            .and_then(|puzzle| {
                let line = puzzle.line;
                let model =
                    rules.model(&puzzle).map_err(|e| (format!("{source}:{line}:1"), line, e))?;
                Ok((line, model))
            });
        let written = model.and_then(|(line, model)| {
            let record =
                Record { name: format!("line {line}"), model, solution: None, generated: None };
            write(args.to, &record).map_err(|e| (format!("{source}:{line}:1"), line, e))
        });
        match written {
            Ok(text) => writeln!(out, "{text}")?,
            Err((place, line, message)) => {
                exit = refuse(out, (!quiet).then_some(&mut *err), &place, line, &message)?;
            }
        }
    }
    out.flush()?;
    Ok(exit)
}

/// A record in the output format.
fn write(to: ConvertTo, record: &Record) -> Result<String, String> {
    match to {
        ConvertTo::Json => Ok(record.to_json()),
        ConvertTo::Fpuzzles => to_fpuzzles(record).map_err(|e| e.to_string()),
    }
}

/// A JSON lines record's error as one message: the field at fault, then what is wrong.
fn json_message(error: &dancer_sudoku::JsonError) -> String {
    if error.field.is_empty() {
        error.message.clone()
    } else {
        format!("{}: {}", error.field, error.message)
    }
}

/// Stops the conversion on a signal, before line `line`: what was converted is written whole,
/// and the place where it stopped is said, so that the rest can be converted on its own.
fn interrupted(
    source: &Source,
    line: usize,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> anyhow::Result<Exit> {
    out.flush()?;
    writeln!(err, "sudoku: stopped by an interrupt at {source}:{line}: it and the lines after it were not converted")?;
    Ok(Exit::Interrupted)
}

/// A record that cannot be converted: its message after its place on `err` (none under
/// `--quiet`), and `{"line", "error"}` in its place in the output, which stays aligned.
/// Returns the exit status it sets.
fn refuse(
    out: &mut dyn Write,
    err: Option<&mut dyn Write>,
    place: &str,
    line: usize,
    message: &str,
) -> std::io::Result<Exit> {
    if let Some(err) = err {
        writeln!(err, "sudoku: {place}: {message}")?;
    }
    writeln!(out, "{}", json!({"line": line, "error": message}))?;
    Ok(Exit::Error)
}

/// A `janko_puzzlekit` file: the kind from `--kind` or the file's name, the solutions from
/// `--solutions` or the sibling `../solutions/<Kind>_solutions.json` when it exists.
fn janko(
    args: &ConvertArgs,
    source: &Source,
    quiet: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> anyhow::Result<Exit> {
    let path = match source {
        Source::File(path) => Some(path.as_path()),
        Source::Stdin | Source::Argument(_) => None,
    };
    let stem = path
        .and_then(Path::file_name)
        .and_then(|name| name.to_str())
        .and_then(|name| name.strip_suffix("_puzzles.json"));
    let kind = match (args.kind, stem) {
        (Some(kind), _) => kind,
        (None, Some(stem)) => stem.parse().with_context(|| format!("{source}: give --kind"))?,
        (None, None) => {
            bail!("{source}: --from janko needs --kind unless the file is <Kind>_puzzles.json")
        }
    };
    let sibling = |path: &Path, stem: &str| -> Option<PathBuf> {
        let parent = path.parent().unwrap_or(Path::new(""));
        let sibling = parent.join("../solutions").join(format!("{stem}_solutions.json"));
        sibling.exists().then_some(sibling)
    };
    let solutions_path =
        args.solutions.clone().or_else(|| path.zip(stem).and_then(|(p, s)| sibling(p, s)));
    let solutions = match &solutions_path {
        Some(path) => {
            Some(Source::File(path.clone()).read_to_string(MAX_DOCUMENT, "a janko.at file")?)
        }
        None => None,
    };
    let problems = source.read_to_string(MAX_DOCUMENT, "a janko.at file")?;
    let records =
        janko_puzzles(kind, &problems, solutions.as_deref()).map_err(
            |e| match &solutions_path {
                Some(path) => anyhow::anyhow!("{source} (solutions {}): {e}", path.display()),
                None => anyhow::anyhow!("{source}: {e}"),
            },
        )?;
    let mut exit = Exit::Solved;
    for record in records {
        let record = record.and_then(|record| {
            let refuse = |message| JankoError { key: Some(record.name.clone()), message };
            record.model.validate().map_err(|error| refuse(error.to_string()))?;
            write(args.to, &record).map_err(refuse)
        });
        match record {
            Ok(text) => writeln!(out, "{text}")?,
            Err(error) => {
                if !quiet {
                    writeln!(err, "sudoku: {source}: {error}")?;
                }
                writeln!(out, "{}", json!({"key": error.key, "error": error.message}))?;
                exit = Exit::Error;
            }
        }
    }
    out.flush()?;
    Ok(exit)
}
