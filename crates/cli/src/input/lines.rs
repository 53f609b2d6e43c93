//! [`Lines`]: the lines of a reader, each at most a given length. A longer line is an error
//! as soon as the length is passed, before the rest of it is read; the rest is then skipped
//! (read, never kept) when the next line is asked for, so that a batch goes on past it and
//! `/dev/zero` takes no more memory than one line's worth.

use std::io::{self, BufRead, Read};

/// Why a line has no text.
#[derive(Debug)]
pub enum LineFault {
    /// Longer than the limit (the rest of it is skipped).
    TooLong,
    /// Not UTF-8: the column, in characters from 1, of the first bad byte.
    NotUtf8 {
        /// The column.
        column: usize,
    },
    /// The reader failed; nothing more is read.
    Unreadable(io::Error),
}

impl LineFault {
    /// What is wrong, for a message after the file and line: `what` names a line of the
    /// input (`a line of JSON`), `limit` is the reader's.
    pub fn message(&self, limit: usize, what: &str) -> String {
        match self {
            LineFault::TooLong => {
                format!("the line is longer than {}, the most {what} may be", super::size(limit))
            }
            LineFault::NotUtf8 { column } => {
                format!("column {column}: the line is not valid UTF-8")
            }
            LineFault::Unreadable(error) => format!("cannot read: {error}"),
        }
    }
}

/// The lines of `reader`, numbered from 1, without their `\n` or `\r\n`; see the module.
pub struct Lines<R> {
    reader: R,
    limit: usize,
    number: usize,
    /// The last line was too long, and its rest is still to be skipped.
    skipping: bool,
    done: bool,
}

impl<R: BufRead> Lines<R> {
    /// The lines of `reader`, each at most `limit` bytes (without the line end).
    pub fn new(reader: R, limit: usize) -> Lines<R> {
        Lines { reader, limit, number: 0, skipping: false, done: false }
    }

    /// The reader behind.
    pub fn get_ref(&self) -> &R {
        &self.reader
    }

    /// The line of a reader that failed: nothing more is read.
    fn fail(&mut self, error: io::Error) -> (usize, Result<String, LineFault>) {
        self.done = true;
        (self.number + 1, Err(LineFault::Unreadable(error)))
    }
}

impl<R: BufRead> Iterator for Lines<R> {
    type Item = (usize, Result<String, LineFault>);

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        if std::mem::take(&mut self.skipping) {
            if let Err(error) = self.reader.skip_until(b'\n') {
                return Some(self.fail(error));
            }
        }
        let mut bytes = Vec::new();
        match (&mut self.reader).take(self.limit as u64 + 1).read_until(b'\n', &mut bytes) {
            Ok(0) => return None,
            Ok(_) => {}
            Err(error) => return Some(self.fail(error)),
        }
        self.number += 1;
        if bytes.last() == Some(&b'\n') {
            bytes.pop();
            if bytes.last() == Some(&b'\r') {
                bytes.pop();
            }
        } else if bytes.len() > self.limit {
            self.skipping = true;
            return Some((self.number, Err(LineFault::TooLong)));
        }
        let text = String::from_utf8(bytes).map_err(|error| {
            let valid = &error.as_bytes()[..error.utf8_error().valid_up_to()];
            LineFault::NotUtf8 { column: String::from_utf8_lossy(valid).chars().count() + 1 }
        });
        Some((self.number, text))
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

    impl Read for Endless {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            buf.fill(self.byte);
            self.taken += buf.len() as u64;
            Ok(buf.len())
        }
    }

    #[test]
    fn an_endless_line_is_an_error_after_at_most_the_limit_and_a_buffer() {
        let reader = io::BufReader::with_capacity(4096, Endless { byte: 0, taken: 0 });
        let mut lines = Lines::new(reader, 1 << 16);
        let (number, line) = lines.next().unwrap();
        assert!(matches!((number, line), (1, Err(LineFault::TooLong))));
        let taken = lines.get_ref().get_ref().taken;
        assert!(taken <= (1 << 16) + 4096, "{taken} bytes read for a line of 64 KiB at most");
    }

    #[test]
    fn a_long_line_is_skipped_and_the_next_ones_read() {
        let mut input = b"short\r\n".to_vec();
        input.extend(std::iter::repeat_n(b'x', 1000));
        input.extend_from_slice(b"\nafter\n\xffbad\nlast");
        let read: Vec<_> = Lines::new(&input[..], 100).collect();
        assert_eq!(read.len(), 5);
        assert_eq!(read[0].1.as_deref().ok(), Some("short"));
        assert!(matches!(read[1], (2, Err(LineFault::TooLong))));
        assert_eq!((read[2].0, read[2].1.as_deref().ok()), (3, Some("after")));
        assert!(matches!(read[3], (4, Err(LineFault::NotUtf8 { column: 1 }))));
        assert_eq!((read[4].0, read[4].1.as_deref().ok()), (5, Some("last")));
        // A line of exactly the limit is a line.
        let exact = [vec![b'y'; 100], b"\n".to_vec()].concat();
        assert_eq!(Lines::new(&exact[..], 100).next().unwrap().1.unwrap().len(), 100);
    }
}
