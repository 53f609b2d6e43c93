//! Reading a line in a format the user names (`--from FORMAT`) rather than the one it looks
//! like: a line that is not in that format is an error naming the format.

use super::fpuzzles::{fpuzzles, is_fpuzzles, FpuzzlesPuzzle};
use super::iss::{is_iss, iss};
use super::json::JsonError;
use super::published::{sukaku, ReadError, Record};
use super::sudokupad::{is_sudokupad, sudokupad};

/// A format of record lines, as `--from` names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineFormat {
    /// JSON lines records (docs/formats.md, "Variant puzzles as JSON lines").
    Json,
    /// f-puzzles links and payloads (and `SudokuPad`'s `fpuzzles` links).
    Fpuzzles,
    /// `SudokuPad` links and payloads: `scl`, `ctc`, and its `fpuzzles` links.
    Sudokupad,
    /// ISS constraint strings, its two killer forms and its pencilmark lines.
    Iss,
}

impl LineFormat {
    /// The name `--from` gives it.
    pub fn name(self) -> &'static str {
        match self {
            LineFormat::Json => "json",
            LineFormat::Fpuzzles => "fpuzzles",
            LineFormat::Sudokupad => "sudokupad",
            LineFormat::Iss => "iss",
        }
    }
}

impl Record {
    /// [`read_line`](Self::read_line) with the format given: `None` reads the line as it looks
    /// (as `read_line` does); a format reads it in that format alone.
    ///
    /// ```
    /// use dancer_sudoku::{LineFormat, Record};
    ///
    /// let error = Record::read_line_as(r#"{"name": "x"}"#, Some(LineFormat::Iss));
    /// assert!(error.unwrap().unwrap_err().message.contains("--from iss"));
    /// ```
    ///
    /// # Errors
    /// A line that is not in the format (the message names it: `not an ISS line ..., as --from
    /// iss), as --from iss asks`), and whatever the format's reader refuses.
    pub fn read_line_as(
        line: &str,
        format: Option<LineFormat>,
    ) -> Option<Result<(Record, Vec<String>), JsonError>> {
        let Some(format) = format else { return Record::read_line(line) };
        let text = line.trim();
        if text.is_empty() || text.starts_with('#') {
            return None;
        }
        let not = |what: &str| JsonError {
            column: 1,
            field: String::new(),
            message: format!("not {what}, as --from {} asks", format.name()),
        };
        let read = |result: Result<FpuzzlesPuzzle, ReadError>| {
            result.map(|puzzle| (puzzle.record, puzzle.skipped)).map_err(|e| JsonError {
                column: e.column,
                field: String::new(),
                message: e.message,
            })
        };
        Some(match format {
            LineFormat::Json if text.starts_with('{') => {
                Record::from_json(text).map(|record| (record, Vec::new()))
            }
            LineFormat::Json => Err(not("a JSON object")),
            // SudokuPad opens f-puzzles links too: its reader takes them.
            LineFormat::Fpuzzles | LineFormat::Sudokupad if is_fpuzzles(text) => {
                read(fpuzzles(text))
            }
            LineFormat::Fpuzzles => Err(not("an f-puzzles link or payload")),
            LineFormat::Sudokupad if is_sudokupad(text) => read(sudokupad(text)),
            LineFormat::Sudokupad => Err(not("a SudokuPad link or payload")),
            LineFormat::Iss if is_iss(text) => read(iss(text)),
            // ISS reads a line of N³ digits and dots as pencilmarks, as a sukaku is read.
            LineFormat::Iss if is_pencilmarks(text) => {
                read(sukaku(text).map(|record| FpuzzlesPuzzle { record, skipped: Vec::new() }))
            }
            LineFormat::Iss => Err(not("an ISS line (constraint string, killer or pencilmarks)")),
        })
    }
}

/// Whether `text` is ISS's pencilmark form: N³ digits and dots (a name after them, as a
/// sukaku line may have, aside).
fn is_pencilmarks(text: &str) -> bool {
    let marks = text.split_whitespace().next().unwrap_or_default();
    let length = marks.len();
    marks.bytes().all(|b| b == b'.' || b.is_ascii_digit())
        && (2..=9).any(|n: usize| n * n * n == length)
}
