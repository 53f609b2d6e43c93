//! JSON lines input: one variant puzzle per line in the form `sudoku convert` writes
//! (docs/formats.md), recognised by its first line that is neither blank nor a comment
//! starting with `{`. Each line becomes one record, in order, so that output stays aligned:
//! a line that is not a puzzle is a record that fails with its line number.

use std::{
    io::{self, BufRead},
    sync::mpsc::SyncSender,
};

use dancer_sudoku::{JsonError, ParseError, Puzzle, Record};

/// The longest JSON line read: a 33×33 sumo with its solution is about 60 KiB, so this leaves
/// room for any real puzzle and stops a line without end from taking all memory.
pub(crate) const MAX_JSON_LINE: usize = 1 << 24;

/// The most bytes looked at to tell JSON lines from puzzles.
const SNIFF_LIMIT: usize = 1 << 20;

/// One record of an input: a puzzle in the usual formats, or a line of JSON.
pub(crate) enum Input {
    /// A puzzle (or why its record could not be read).
    Puzzle(Result<Puzzle, ParseError>),
    /// A JSON line, with its number from 1.
    Model {
        /// The line.
        line: usize,
        /// The puzzle, or why the line is not one.
        read: Result<Box<Record>, JsonError>,
    },
}

impl Input {
    /// The puzzle, when the record is one that was read in the usual formats.
    pub(crate) fn puzzle(&self) -> Option<&Puzzle> {
        match self {
            Input::Puzzle(Ok(puzzle)) => Some(puzzle),
            _ => None,
        }
    }
}

/// A record for an input that could not be read at `line`.
pub(crate) fn unreadable(line: usize, error: &io::Error) -> Input {
    let message = format!("cannot read: {error}");
    let read = Err(JsonError { column: 1, field: String::new(), message });
    Input::Model { line, read }
}

/// Reads the input's first lines up to the first that is neither blank nor a comment: the
/// bytes read (to be read again) and whether that line starts a JSON object.
///
/// # Errors
/// When reading fails.
pub(crate) fn sniff(reader: &mut impl BufRead) -> io::Result<(Vec<u8>, bool)> {
    let mut head = Vec::new();
    loop {
        let start = head.len();
        if reader.read_until(b'\n', &mut head)? == 0 || head.len() > SNIFF_LIMIT {
            return Ok((head, false));
        }
        let line = head[start..].trim_ascii();
        if !line.is_empty() && !line.starts_with(b"#") {
            let json = line.starts_with(b"{");
            return Ok((head, json));
        }
    }
}

/// Reads JSON lines and sends their records in chunks of `chunk` (or sooner, when what
/// follows is not there yet), until the end or until nobody takes them.
pub(crate) fn send_models<R: BufRead + super::Drained>(
    mut reader: R,
    sender: &SyncSender<Vec<Input>>,
    chunk: usize,
) {
    let mut records = Vec::with_capacity(chunk);
    let mut buffer = Vec::new();
    let mut number = 0;
    loop {
        number += 1;
        let read = match next_line(&mut reader, &mut buffer) {
            Ok(None) => break,
            Ok(Some(complete)) => model(&buffer, complete),
            Err(error) => {
                records.push(unreadable(number, &error));
                break;
            }
        };
        if let Some(read) = read {
            records.push(Input::Model { line: number, read });
        }
        let ready = !records.is_empty() && (records.len() >= chunk || reader.drained());
        // The command stopped taking records (a closed pipe, a signal): stop reading.
        if ready && sender.send(std::mem::take(&mut records)).is_err() {
            return;
        }
    }
    if !records.is_empty() {
        let _ = sender.send(records);
    }
}

/// The record of a line: `None` for a blank line or a comment.
fn model(line: &[u8], complete: bool) -> Option<Result<Box<Record>, JsonError>> {
    let fail = |message: String| Some(Err(JsonError { column: 1, field: String::new(), message }));
    if !complete {
        return fail(format!("the line is longer than {MAX_JSON_LINE} bytes"));
    }
    let Ok(text) = std::str::from_utf8(line) else {
        return fail("the line is not UTF-8".to_owned());
    };
    let text = text.trim();
    if text.is_empty() || text.starts_with('#') {
        return None;
    }
    if !text.starts_with('{') {
        return fail(
            "not a JSON object: the input is JSON lines (one puzzle object per line)".into(),
        );
    }
    Some(Record::from_json(text).map(Box::new))
}

/// Reads the next line into `buffer` (without its end): `None` at the end of the input,
/// `Some(false)` for a line longer than [`MAX_JSON_LINE`], whose rest is skipped.
fn next_line(reader: &mut impl BufRead, buffer: &mut Vec<u8>) -> io::Result<Option<bool>> {
    buffer.clear();
    let mut complete = true;
    let mut any = false;
    loop {
        let available = reader.fill_buf()?;
        if available.is_empty() {
            return Ok(any.then_some(complete));
        }
        any = true;
        let (taken, end) = match available.iter().position(|&b| b == b'\n') {
            Some(at) => (at + 1, true),
            None => (available.len(), false),
        };
        let piece = &available[..taken - usize::from(end)];
        if complete && buffer.len() + piece.len() <= MAX_JSON_LINE {
            buffer.extend_from_slice(piece);
        } else {
            complete = false;
            buffer.clear();
        }
        reader.consume(taken);
        if end {
            return Ok(Some(complete));
        }
    }
}
