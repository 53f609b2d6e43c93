//! Lines from any reader, as they arrive: ended by `\n`, `\r\n` or a lone `\r` (old Mac
//! exporters), a UTF-8 BOM dropped, each decoded on its own so that one bad byte spoils one
//! line, and no line kept past [`MAX_LINE_BYTES`] so that memory stays bounded: a longer line
//! is reported as soon as that many bytes are read without an end, and its rest is skipped
//! (read, not kept) when the next line is asked for, up to [`MAX_SKIP`] bytes: a line that
//! goes on past that ends the input. So `/dev/zero` is an error at once, and the end soon
//! after, where skipping would read it for ever.

use std::io::{self, BufRead};

use super::MAX_LINE_BYTES;

/// The most bytes of a line too long that are skipped in the hope of a line end: past them the
/// input is taken to be no text (`/dev/zero`, a disk image) and nothing more of it is read.
/// Skipping 64 MiB takes some milliseconds from memory and under a second from a disk.
pub(crate) const MAX_SKIP: u64 = 64 << 20;

/// One line of input, without its line ending.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Line {
    /// From 1.
    pub(super) number: usize,
    pub(super) text: Result<String, Fault>,
}

/// Why a line has no text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Fault {
    /// Not UTF-8: the character column of the first bad byte, and whether the line is a `#`
    /// comment (which may hold anything).
    Encoding { column: usize, comment: bool },
    /// Longer than [`MAX_LINE_BYTES`].
    TooLong,
    /// The reader failed; nothing more is read.
    Unreadable(String),
}

/// The cells of a classic 9×9 line.
pub(super) const CLASSIC: usize = 81;

/// What [`LineSource::next_classic`] found.
#[derive(Debug)]
pub(super) enum Classic {
    /// A classic line: its number and its cells.
    Line(usize, [u8; CLASSIC]),
    /// The reader failed: the line saying so (nothing more is read).
    Unreadable(Line),
    /// Not a classic line, or not all read yet: nothing was taken.
    No,
}

/// Splits a reader into [`Line`]s.
#[derive(Debug)]
pub(super) struct LineSource<R> {
    reader: R,
    number: usize,
    /// The last line ended with `\r`: a `\n` right after it belongs to the same line end.
    after_cr: bool,
    /// The last line was too long, and its rest is still to be skipped.
    skipping: bool,
    done: bool,
    bytes: Vec<u8>,
}

impl<R: Clone> Clone for LineSource<R> {
    fn clone(&self) -> Self {
        LineSource {
            reader: self.reader.clone(),
            number: self.number,
            after_cr: self.after_cr,
            skipping: self.skipping,
            done: self.done,
            bytes: self.bytes.clone(),
        }
    }
}

impl<R: BufRead> LineSource<R> {
    pub(super) fn new(reader: R) -> LineSource<R> {
        LineSource {
            reader,
            number: 0,
            after_cr: false,
            skipping: false,
            done: false,
            bytes: Vec::new(),
        }
    }

    /// The reader behind.
    pub(super) fn get_mut(&mut self) -> &mut R {
        &mut self.reader
    }

    /// The next line, blocking until it is complete (or the input ends, or it is known to be
    /// too long).
    pub(super) fn next_line(&mut self) -> Option<Line> {
        if self.done {
            return None;
        }
        if std::mem::take(&mut self.skipping) {
            if let Err(error) = self.skip_rest() {
                return Some(self.unreadable(&error));
            }
            if self.done {
                return None;
            }
        }
        self.bytes.clear();
        let mut ended = false;
        loop {
            let chunk = match self.reader.fill_buf() {
                Ok(chunk) => chunk,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => return Some(self.unreadable(&error)),
            };
            if chunk.is_empty() {
                self.done = true;
                break;
            }
            let mut start = 0;
            if std::mem::take(&mut self.after_cr) && chunk[0] == b'\n' {
                start = 1;
            }
            let end = chunk[start..].iter().position(|&b| b == b'\n' || b == b'\r');
            let stop = end.map_or(chunk.len(), |at| start + at);
            let piece = &chunk[start..stop];
            if self.bytes.len() + piece.len() > MAX_LINE_BYTES {
                // Too long: said at once; the rest (this chunk's included) is skipped later.
                let taken = start + MAX_LINE_BYTES + 1 - self.bytes.len();
                self.reader.consume(taken);
                self.skipping = true;
                self.number += 1;
                return Some(Line { number: self.number, text: Err(Fault::TooLong) });
            }
            self.bytes.extend_from_slice(piece);
            let consumed = match end {
                Some(_) => {
                    self.after_cr = chunk[stop] == b'\r';
                    ended = true;
                    stop + 1
                }
                None => chunk.len(),
            };
            self.reader.consume(consumed);
            if ended {
                break;
            }
        }
        if !ended && self.bytes.is_empty() {
            return None;
        }
        self.number += 1;
        Some(Line { number: self.number, text: self.decode() })
    }

    /// The next line when it is a classic puzzle line, read from the buffer without copying or
    /// decoding it: exactly [`CLASSIC`] bytes of `1`-`9` and the blanks `.`, `0` and `_`, its
    /// line end already buffered. [`Classic::No`] (nothing taken) for any other line, or when the
    /// line is not all buffered yet: [`next_line`](Self::next_line) reads it as usual.
    pub(super) fn next_classic(&mut self) -> Classic {
        if self.done || self.skipping {
            return Classic::No;
        }
        let chunk = loop {
            match self.reader.fill_buf() {
                Ok(chunk) => break chunk,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                Err(error) => return Classic::Unreadable(self.unreadable(&error)),
            }
        };
        let start = usize::from(self.after_cr && chunk.first() == Some(&b'\n'));
        let Some(line) = chunk.get(start..start + CLASSIC + 1) else { return Classic::No };
        let (body, end) = (&line[..CLASSIC], line[CLASSIC]);
        let mut cells = [0; CLASSIC];
        let mut bad = false;
        // Comparisons rather than a table, so that the line is checked many bytes at a time.
        for (cell, &byte) in cells.iter_mut().zip(body) {
            let digit = byte.wrapping_sub(b'0');
            let is_digit = digit <= 9;
            *cell = if is_digit { digit } else { 0 };
            bad |= !is_digit && byte != b'.' && byte != b'_';
        }
        if bad || (end != b'\n' && end != b'\r') {
            return Classic::No;
        }
        self.after_cr = end == b'\r';
        self.reader.consume(start + CLASSIC + 1);
        self.number += 1;
        Classic::Line(self.number, cells)
    }

    /// Skips to the end of the line being read (a line too long), line end included; past
    /// [`MAX_SKIP`] bytes without one, the input is done.
    fn skip_rest(&mut self) -> io::Result<()> {
        let mut skipped = 0u64;
        loop {
            if skipped > MAX_SKIP {
                self.done = true;
                return Ok(());
            }
            let chunk = match self.reader.fill_buf() {
                Ok(chunk) => chunk,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => return Err(error),
            };
            if chunk.is_empty() {
                return Ok(());
            }
            if let Some(at) = chunk.iter().position(|&b| b == b'\n' || b == b'\r') {
                self.after_cr = chunk[at] == b'\r';
                self.reader.consume(at + 1);
                return Ok(());
            }
            let all = chunk.len();
            self.reader.consume(all);
            skipped += all as u64;
        }
    }

    /// The line for a reader that failed: nothing more is read.
    fn unreadable(&mut self, error: &io::Error) -> Line {
        self.done = true;
        self.number += 1;
        Line { number: self.number, text: Err(Fault::Unreadable(error.to_string())) }
    }

    /// The text of the line in `bytes`.
    fn decode(&mut self) -> Result<String, Fault> {
        if self.number == 1 && self.bytes.starts_with("\u{feff}".as_bytes()) {
            self.bytes.drain(..3);
        }
        match String::from_utf8(std::mem::take(&mut self.bytes)) {
            Ok(text) => Ok(text),
            Err(error) => {
                let bytes = error.as_bytes();
                let valid = &bytes[..error.utf8_error().valid_up_to()];
                let column = std::str::from_utf8(valid).map_or(1, |v| v.chars().count() + 1);
                let comment = bytes.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'#');
                Err(Fault::Encoding { column, comment })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8]) -> Vec<(usize, Result<String, Fault>)> {
        let mut source = LineSource::new(input);
        std::iter::from_fn(|| source.next_line()).map(|l| (l.number, l.text)).collect()
    }

    fn text(lines: &[(usize, Result<String, Fault>)]) -> Vec<&str> {
        lines.iter().map(|(_, t)| t.as_deref().unwrap_or("?")).collect()
    }

    #[test]
    fn every_line_end_counts_once() {
        for input in [&b"a\nb\nc"[..], b"a\r\nb\r\nc\r\n", b"a\rb\rc\r", b"a\r\nb\rc\n"] {
            assert_eq!(text(&lines(input)), ["a", "b", "c"], "{input:?}");
        }
        assert_eq!(text(&lines(b"a\n\nb\r\r\nc")), ["a", "", "b", "", "c"]);
        assert!(lines(b"").is_empty());
        assert_eq!(text(&lines(b"\n")), [""]);
        assert_eq!(text(&lines("\u{feff}x\n".as_bytes())), ["x"]);
    }

    #[test]
    fn a_bad_byte_spoils_its_line_only() {
        let read = lines(b"ok\nab\xffc\n# \xfe comment\nok\n");
        assert_eq!(read[0].1.as_deref(), Ok("ok"));
        assert_eq!(read[1].1, Err(Fault::Encoding { column: 3, comment: false }));
        assert_eq!(read[2].1, Err(Fault::Encoding { column: 3, comment: true }));
        assert_eq!((read[3].0, read[3].1.as_deref()), (4, Ok("ok")));
    }

    #[test]
    fn long_lines_are_skipped_not_kept() {
        let mut input = vec![b'x'; MAX_LINE_BYTES * 3];
        input.extend_from_slice(b"\r\nshort\n");
        input.extend(std::iter::repeat_n(b'y', MAX_LINE_BYTES + 1));
        let read = lines(&input);
        assert_eq!(read.len(), 3);
        assert_eq!(read[0], (1, Err(Fault::TooLong)));
        assert_eq!(read[1], (2, Ok("short".to_owned())));
        assert_eq!(read[2], (3, Err(Fault::TooLong)));
        // A line of exactly the limit is read.
        let exact = vec![b'z'; MAX_LINE_BYTES];
        assert_eq!(lines(&exact)[0].1.as_ref().map(String::len), Ok(MAX_LINE_BYTES));
    }

    /// As good as endless (`/dev/zero`): what is taken from it is `NO_END` less its `limit()`.
    fn endless() -> std::io::Take<std::io::Repeat> {
        std::io::Read::take(std::io::repeat(0), NO_END)
    }

    const NO_END: u64 = 1 << 50;

    #[test]
    fn an_endless_line_is_an_error_after_at_most_the_limit_and_a_buffer() {
        let reader = std::io::BufReader::with_capacity(8192, endless());
        let mut source = LineSource::new(reader);
        let line = source.next_line().unwrap();
        assert_eq!((line.number, line.text), (1, Err(Fault::TooLong)));
        let taken = NO_END - source.get_mut().get_ref().limit();
        let most = (MAX_LINE_BYTES + 8192) as u64;
        assert!(taken <= most, "{taken} bytes read, where a line is at most {MAX_LINE_BYTES}");
        assert!(source.bytes.capacity() <= MAX_LINE_BYTES + 8192, "nothing more is kept");
    }

    #[test]
    fn an_endless_line_ends_the_input_after_a_bounded_skip() {
        // See: issue 32: `sudoku solve /dev/zero` skipped the endless line for ever.
        let reader = std::io::BufReader::with_capacity(8192, endless());
        let mut source = LineSource::new(reader);
        assert_eq!(source.next_line().map(|line| line.text), Some(Err(Fault::TooLong)));
        assert_eq!(source.next_line(), None, "the input is done");
        let taken = NO_END - source.get_mut().get_ref().limit();
        assert!(taken <= MAX_SKIP + (MAX_LINE_BYTES + 2 * 8192) as u64, "{taken} bytes read");
        // A long line that does end is skipped whole and reading goes on.
        let mut input = vec![b'x'; (MAX_SKIP / 2) as usize];
        input.extend_from_slice(
            b"
next
",
        );
        let read = lines(&input);
        assert_eq!(read[1], (2, Ok("next".to_owned())));
    }

    #[test]
    fn line_ends_split_across_reads_count_once() {
        // A reader that hands out one byte at a time.
        let input = b"a\r\nb\rc\n";
        let reader = std::io::BufReader::with_capacity(1, &input[..]);
        let mut source = LineSource::new(reader);
        let read: Vec<String> =
            std::iter::from_fn(|| source.next_line()).map(|l| l.text.unwrap()).collect();
        assert_eq!(read, ["a", "b", "c"]);
    }
}
