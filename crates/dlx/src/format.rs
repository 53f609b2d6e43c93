//! Knuth's DLX text format, read and written.
//!
//! As read by DLX1 and DLX2: a line whose first non-blank character is `|` is a comment, and
//! blank lines are skipped. The first other line names the primary items, then optionally `|`
//! and the secondary items. Every later line is one option: the names of its items, a secondary
//! item optionally followed by `:colour`. Names are separated by blanks and contain no `|` or
//! `:`. [`parse`] (or [`read`], line by line from a stream) and [`write`](fn@write) are
//! inverses: writing a problem and parsing the text gives the same problem.

mod parse;
mod write;

pub use self::{
    parse::{parse, read, OptionSource, ParseError, ParseErrorKind, ParsedProblem, MAX_LINE_BYTES},
    write::write,
};
