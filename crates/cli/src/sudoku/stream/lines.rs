//! JSON lines input: one variant puzzle per line in the form `sudoku convert` writes
//! (docs/formats.md), recognised by its first line that is neither blank nor a comment
//! starting with `{`. Each line becomes one record, in order, so that output stays aligned:
//! a line that is not a puzzle is a record that fails with its line number.

use std::io::{self, BufRead};

use dancer_sudoku::{JsonError, LineFormat, ParseError, Puzzle, Record};

use crate::input::{LineFault, Lines, MAX_JSON_LINE};

/// The most bytes looked at to tell JSON lines from puzzles (blank lines and comments before
/// the first record): past it, the input is read as puzzles.
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
        /// The keys of an f-puzzles line skipped as cosmetic (drawn only, never rules).
        skipped: Vec<String>,
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
    Input::Model { line, read, skipped: Vec::new() }
}

/// Reads the input up to the first byte of its first line that is neither blank nor a
/// comment: the bytes read (to be read again) and whether that byte opens a record (a JSON
/// object or an f-puzzles link, [`Record::from_line`]). At
/// most [`SNIFF_LIMIT`] bytes and a buffer are read, however long the lines (`/dev/zero` is
/// told at its first byte).
///
/// # Errors
/// When reading fails.
pub(crate) fn sniff(reader: &mut impl BufRead) -> io::Result<(Vec<u8>, bool)> {
    const BOM: &[u8] = "\u{feff}".as_bytes();
    let mut head = Vec::new();
    let mut comment = false;
    loop {
        let available = match reader.fill_buf() {
            Ok(available) => available,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if available.is_empty() {
            return Ok((head, false));
        }
        let mut decided = None;
        for (at, &byte) in available.iter().enumerate() {
            // A byte-order mark that opens the input (Windows editors write one) is no puzzle.
            let position = head.len() + at;
            let before = head.iter().chain(&available[..at]);
            if position < BOM.len() && byte == BOM[position] && before.eq(&BOM[..position]) {
                continue;
            }
            if comment {
                comment = byte != b'\n' && byte != b'\r';
            } else if byte == b'#' {
                comment = true;
            } else if !byte.is_ascii_whitespace() {
                // A record: a JSON object, or an f-puzzles link (as far as the buffer shows it).
                let line = available[at..].split(|&b| b == b'\n').next().unwrap_or_default();
                let record = dancer_sudoku::Record::is_record_line(&String::from_utf8_lossy(line));
                decided = Some((at, record));
                break;
            }
        }
        let taken = decided.map_or(available.len(), |(at, _)| at);
        head.extend_from_slice(&available[..taken]);
        reader.consume(taken);
        if let Some((_, json)) = decided {
            return Ok((head, json));
        }
        if head.len() > SNIFF_LIMIT {
            return Ok((head, false));
        }
    }
}

/// Reads JSON lines and sends their records in chunks of `chunk` (or sooner, when what
/// follows is not there yet, or after a line too long, whose rest may take long to skip),
/// until the end or until nobody takes them.
pub(crate) fn send_models<R: BufRead + super::Drained>(
    reader: R,
    format: Option<LineFormat>,
    sender: &impl super::Chunks,
    chunk: usize,
) {
    let mut records = Vec::with_capacity(chunk);
    let mut lines = Lines::new(reader, MAX_JSON_LINE);
    while let Some((number, line)) = lines.next() {
        let too_long = matches!(line, Err(LineFault::TooLong));
        // A byte-order mark before the first record is not part of it.
        let line = match line {
            Ok(text) if number == 1 && text.starts_with('\u{feff}') => {
                Ok(text['\u{feff}'.len_utf8()..].to_owned())
            }
            line => line,
        };
        if let Some(read) = model(line, format) {
            let (read, skipped) = match read {
                Ok((record, skipped)) => (Ok(Box::new(record)), skipped),
                Err(error) => (Err(error), Vec::new()),
            };
            records.push(Input::Model { line: number, read, skipped });
        }
        let ready = !records.is_empty()
            && (records.len() >= chunk || too_long || lines.get_ref().drained());
        // The command stopped taking records (a closed pipe, a signal): stop reading.
        if ready && !sender.put(std::mem::take(&mut records)) {
            return;
        }
    }
    if !records.is_empty() {
        sender.put(records);
    }
}

/// The record of a line, as the library reads one ([`Record::read_line`]), with the keys it
/// skipped: `None` for a blank line or a comment.
fn model(
    line: Result<String, LineFault>,
    format: Option<LineFormat>,
) -> Option<Result<(Record, Vec<String>), JsonError>> {
    match line {
        Ok(text) => Record::read_line_as(&text, format),
        Err(fault) => {
            let message = fault.message(MAX_JSON_LINE, "a line of JSON");
            Some(Err(JsonError { column: 1, field: String::new(), message }))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An endless input of one byte, counting what is taken from it.
    struct Endless {
        byte: u8,
        taken: u64,
    }

    impl io::Read for Endless {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            buf.fill(self.byte);
            self.taken += buf.len() as u64;
            Ok(buf.len())
        }
    }

    #[test]
    fn sniffing_an_endless_input_reads_a_bounded_head() {
        for byte in [0, b'x', b'{', b' ', b'\n'] {
            let mut reader = io::BufReader::with_capacity(4096, Endless { byte, taken: 0 });
            let (head, json) = sniff(&mut reader).unwrap();
            assert_eq!(json, byte == b'{', "{byte}");
            let taken = reader.get_ref().taken;
            assert!(taken <= (SNIFF_LIMIT + 4096) as u64, "{byte}: {taken} bytes read");
            assert!(head.len() <= SNIFF_LIMIT + 4096, "{byte}: {} bytes kept", head.len());
        }
    }

    #[test]
    fn comments_and_blanks_come_before_the_first_record() {
        let mut text = &b"# a comment {\n\n  \t{\"name\": 1}\n"[..];
        let (head, json) = sniff(&mut text).unwrap();
        assert!(json);
        assert_eq!(head, b"# a comment {\n\n  \t");
        let mut text = &b"  # {\n.1.\n"[..];
        assert!(!sniff(&mut text).unwrap().1);
        // See: issue 32, item 21 (a BOM before JSON lines made every record an error).
        let mut text = &b"\xef\xbb\xbf{\"name\": 1}\n"[..];
        assert!(sniff(&mut text).unwrap().1);
        let mut text = &b"\xef\xbb\xbf.1.\n"[..];
        assert!(!sniff(&mut text).unwrap().1);
    }
}
