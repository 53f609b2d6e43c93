//! Lines from any reader, as they arrive: ended by `\n`, `\r\n` or a lone `\r` (old Mac
//! exporters), a UTF-8 BOM dropped, each decoded on its own so that one bad byte spoils one
//! line, and no line kept past [`MAX_LINE_BYTES`] so that memory stays bounded.

use std::io::{self, BufRead};

use super::MAX_LINE_BYTES;

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
    /// Longer than [`MAX_LINE_BYTES`]: its length in bytes.
    TooLong(usize),
    /// The reader failed; nothing more is read.
    Unreadable(String),
}

/// Splits a reader into [`Line`]s.
#[derive(Debug)]
pub(super) struct LineSource<R> {
    reader: R,
    number: usize,
    /// The last line ended with `\r`: a `\n` right after it belongs to the same line end.
    after_cr: bool,
    done: bool,
    bytes: Vec<u8>,
}

impl<R: Clone> Clone for LineSource<R> {
    fn clone(&self) -> Self {
        LineSource {
            reader: self.reader.clone(),
            number: self.number,
            after_cr: self.after_cr,
            done: self.done,
            bytes: self.bytes.clone(),
        }
    }
}

impl<R: BufRead> LineSource<R> {
    pub(super) fn new(reader: R) -> LineSource<R> {
        LineSource { reader, number: 0, after_cr: false, done: false, bytes: Vec::new() }
    }

    /// The reader behind.
    pub(super) fn get_mut(&mut self) -> &mut R {
        &mut self.reader
    }

    /// The next line, blocking until it is complete (or the input ends).
    pub(super) fn next_line(&mut self) -> Option<Line> {
        if self.done {
            return None;
        }
        self.bytes.clear();
        let mut length = 0usize;
        let mut ended = false;
        loop {
            let chunk = match self.reader.fill_buf() {
                Ok(chunk) => chunk,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => {
                    self.done = true;
                    self.number += 1;
                    let text = Err(Fault::Unreadable(error.to_string()));
                    return Some(Line { number: self.number, text });
                }
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
            let room = (MAX_LINE_BYTES + 1).saturating_sub(self.bytes.len());
            self.bytes.extend_from_slice(&piece[..piece.len().min(room)]);
            length += piece.len();
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
        if !ended && length == 0 {
            return None;
        }
        self.number += 1;
        Some(Line { number: self.number, text: self.decode(length) })
    }

    /// The text of the line in `bytes`, `length` bytes long in all.
    fn decode(&mut self, length: usize) -> Result<String, Fault> {
        if self.number == 1 && self.bytes.starts_with("\u{feff}".as_bytes()) {
            self.bytes.drain(..3);
        }
        if length > MAX_LINE_BYTES {
            return Err(Fault::TooLong(length));
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
    fn long_lines_are_measured_not_kept() {
        let mut input = vec![b'x'; MAX_LINE_BYTES * 3];
        input.extend_from_slice(b"\nshort\n");
        let read = lines(&input);
        assert_eq!(read[0].1, Err(Fault::TooLong(MAX_LINE_BYTES * 3)));
        assert_eq!(read[1].1.as_deref(), Ok("short"));
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
