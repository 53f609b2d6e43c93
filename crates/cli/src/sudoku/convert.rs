//! `sudoku convert --from KIND [FILE]`: published variant puzzles to the JSON lines form, one
//! object per puzzle line (comments and blank lines skipped), errors on stderr with their
//! place and as `{"line", "error"}` objects in the output, so that it stays aligned.

use std::io::{BufRead, Write};

use dancer_sudoku::{andoku, janko_killer, krazydad_killer, ReadError, Record};
use serde_json::json;

use super::args::{ConvertArgs, ConvertFrom};
use crate::{input::Source, Exit};

/// Converts the file (standard input for `-` or none).
///
/// # Errors
/// An unreadable input or a failed write; bad lines are reported and the conversion goes on.
pub(super) fn run(
    args: &ConvertArgs,
    quiet: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> anyhow::Result<Exit> {
    let source = Source::from_arg(args.file.as_deref());
    let reader: fn(&str) -> Result<Record, ReadError> = match args.from {
        ConvertFrom::JankoKiller => janko_killer,
        ConvertFrom::KrazydadKiller => krazydad_killer,
        ConvertFrom::Andoku => andoku,
    };
    let mut exit = Exit::Solved;
    for (k, line) in source.open()?.lines().enumerate() {
        let number = k + 1;
        let line = line.map_err(|e| anyhow::anyhow!("{source}:{number}: cannot read: {e}"))?;
        let text = line.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        match reader(text) {
            Ok(record) => writeln!(out, "{}", record.to_json())?,
            Err(error) => {
                // Columns count from the line as written, before its leading blanks.
                let column = error.column + line.chars().take_while(|c| c.is_whitespace()).count();
                if !quiet {
                    writeln!(err, "sudoku: {source}:{number}:{column}: {}", error.message)?;
                }
                writeln!(out, "{}", json!({"line": number, "error": error.message}))?;
                exit = Exit::Error;
            }
        }
    }
    out.flush()?;
    Ok(exit)
}
