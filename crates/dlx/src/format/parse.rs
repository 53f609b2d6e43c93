//! The DLX format reader: every error carries the line and column of its cause.

use std::{
    fmt,
    io::{BufRead, Read},
};

use crate::builder::ProblemBuilder;
use crate::error::BuildError;
use crate::problem::{Entry, Problem};

/// A problem read from DLX text, with the source of each option so that solutions can be
/// printed exactly as the input wrote them.
#[derive(Clone, Debug)]
pub struct ParsedProblem {
    /// The problem.
    pub problem: Problem,
    /// Where option `k` came from: `options[k]`.
    pub options: Vec<OptionSource>,
}

/// The text of one option line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionSource {
    /// The line number, counting from 1.
    pub line: usize,
    /// The line as written, without its line terminator.
    pub text: String,
}

/// A DLX text that could not be read: where, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The line, counting from 1.
    pub line: usize,
    /// The column in characters, counting from 1.
    pub column: usize,
    /// What is wrong.
    pub kind: ParseErrorKind,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.kind)
    }
}

impl std::error::Error for ParseError {}

/// What is wrong with a DLX text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// The text has no item line: it is empty or all comments.
    #[error("no item line: the input is empty or only comments")]
    NoItems,
    /// The item line names no primary item.
    #[error("the item line names no primary items")]
    NoPrimaryItems,
    /// The item line contains `|` more than once.
    #[error("'|' appears twice in the item line")]
    SecondBar,
    /// A `|` inside a name, or a `|` on an option line.
    #[error("'|' must stand alone between primary and secondary items")]
    MisplacedBar,
    /// An item name in the item line contains `:`.
    #[error("item name '{0}' contains ':'")]
    ColonInItemName(String),
    /// Bounds before a primary item's name (Knuth's DLX3: `u:v|name`, `v|name`) that are not
    /// two decimal numbers with `u <= v` and `1 <= v < 2^32`.
    #[error("bad bounds in '{0}': write u:v|name or v|name with 0 <= u <= v and 1 <= v < 2^32")]
    BadBounds(String),
    /// Bounds (`u:v|name`) on a secondary item, which is covered at most once.
    #[error("secondary item '{0}' cannot have bounds: only primary items take u:v|name")]
    BoundsOnSecondary(String),
    /// The item line declares a name twice.
    #[error("item '{0}' is declared twice")]
    DuplicateItem(String),
    /// An option names an item the item line does not declare.
    #[error("unknown item '{0}'")]
    UnknownItem(String),
    /// An option names an item twice.
    #[error("item '{0}' appears twice in this option")]
    DuplicateItemInOption(String),
    /// An option gives a colour to a primary item.
    #[error("primary item '{0}' cannot have a colour")]
    ColorOnPrimary(String),
    /// `name:` with nothing after the colon, or a second colon.
    #[error("bad colour in '{0}': write name:colour with a nonempty colour and one ':'")]
    BadColor(String),
    /// A line holds a byte sequence that is not UTF-8 (the column is the first bad one's).
    #[error("input is not valid UTF-8")]
    NotUtf8,
    /// A line longer than [`MAX_LINE_BYTES`] bytes ([`read`] only): said as soon as that many bytes
    /// are read without a line end, so that an endless input is refused at once.
    #[error("the line is longer than 64 MiB, the most a line of a DLX file may be")]
    LineTooLong,
    /// The input could not be read.
    #[error("cannot read the input: {0}")]
    Io(String),
    /// The problem was read but could not be built (for example, it is too large).
    #[error("{0}")]
    Build(BuildError),
}

/// Reads a problem in Knuth's DLX format.
///
/// ```
/// let text = "| Knuth's toy problem\nA B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n";
/// let parsed = dancer::parse(text)?;
/// assert_eq!(parsed.problem.solver().count(), 1);
/// assert_eq!(parsed.options[3].text, "A D");
/// # Ok::<(), dancer::ParseError>(())
/// ```
///
/// # Errors
/// A [`ParseError`] naming the line and column of the first problem found.
pub fn parse(text: &str) -> Result<ParsedProblem, ParseError> {
    let mut reader = Reader::default();
    // Lines end at `\n` alone, as `read` splits them (`str::lines` would also take a `\r`
    // before it, and `Reader::line` another: `a\r\r\n` is the line `a\r`).
    for (k, line) in text.split_inclusive('\n').enumerate() {
        reader.line(k + 1, line.strip_suffix('\n').unwrap_or(line))?;
    }
    reader.finish()
}

/// The longest line [`read`] takes, in bytes (its line end not counted): 64 MiB, room for an
/// item line of some seven million items of eight-character names. A problem file can be as
/// large as the problem it builds; its lines cannot be endless.
pub const MAX_LINE_BYTES: usize = 64 << 20;

/// Reads a problem in Knuth's DLX format line by line from `input`, so that a large file is
/// never held whole in memory next to the problem built from it; [`parse`] for text at hand.
/// A line longer than [`MAX_LINE_BYTES`] is an error as soon as that much of it is read.
///
/// ```
/// let input = std::io::Cursor::new("A B | C\nA C\nB\nA B\n");
/// let parsed = dancer::read(input)?;
/// assert_eq!(parsed.problem.solver().count(), 2);
/// # Ok::<(), dancer::ParseError>(())
/// ```
///
/// # Errors
/// A [`ParseError`] naming the line and column of the first problem found, including a byte
/// that is not UTF-8 ([`ParseErrorKind::NotUtf8`]) and a failure to read
/// ([`ParseErrorKind::Io`], at the line being read), and a line too long
/// ([`ParseErrorKind::LineTooLong`]).
pub fn read(mut input: impl BufRead) -> Result<ParsedProblem, ParseError> {
    read_lines(&mut input, MAX_LINE_BYTES)
}

/// [`read`], with lines of at most `limit` bytes.
fn read_lines(input: &mut impl BufRead, limit: usize) -> Result<ParsedProblem, ParseError> {
    let mut reader = Reader::default();
    let mut bytes = Vec::new();
    for number in 1.. {
        bytes.clear();
        let read = (&mut *input).take(limit as u64 + 1).read_until(b'\n', &mut bytes);
        let error = |column, kind| ParseError { line: number, column, kind };
        match read {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => return Err(error(1, ParseErrorKind::Io(e.to_string()))),
        }
        if bytes.len() > limit && bytes.last() != Some(&b'\n') {
            return Err(error(1, ParseErrorKind::LineTooLong));
        }
        let line = bytes.strip_suffix(b"\n").unwrap_or(&bytes);
        let line = std::str::from_utf8(line).map_err(|e| {
            let valid = String::from_utf8_lossy(&line[..e.valid_up_to()]);
            error(valid.chars().count() + 1, ParseErrorKind::NotUtf8)
        })?;
        reader.line(number, line)?;
    }
    reader.finish()
}

/// Parsing state: items go into the builder as they are read, options are checked by name here
/// so that errors point at the offending token.
#[derive(Default)]
struct Reader {
    builder: ProblemBuilder,
    items_read: bool,
    last_line: usize,
    primary_count: usize,
    options: Vec<OptionSource>,
    /// For each item, the last option line (by number) that named it: a repeat within a line
    /// is found in constant time however long the option.
    seen_on: Vec<usize>,
}

impl Reader {
    /// Reads line `number` (1-based), its terminator already removed except for a `\r`.
    fn line(&mut self, number: usize, raw: &str) -> Result<(), ParseError> {
        let mut line = raw.strip_suffix('\r').unwrap_or(raw);
        if number == 1 {
            // A byte order mark from some editors is not part of the first item's name.
            line = line.strip_prefix('\u{feff}').unwrap_or(line);
        }
        self.last_line = number;
        let content = line.trim_start();
        if content.is_empty() || content.starts_with('|') {
            return Ok(());
        }
        if self.items_read {
            self.option_line(number, line)
        } else {
            self.item_line(number, line)
        }
    }

    fn finish(self) -> Result<ParsedProblem, ParseError> {
        if !self.items_read {
            let line = self.last_line.max(1);
            return Err(ParseError { line, column: 1, kind: ParseErrorKind::NoItems });
        }
        let problem = self.builder.build().map_err(|e| ParseError {
            line: 1,
            column: 1,
            kind: ParseErrorKind::Build(e),
        })?;
        Ok(ParsedProblem { problem, options: self.options })
    }

    fn item_line(&mut self, line: usize, text: &str) -> Result<(), ParseError> {
        let error = |column, kind| Err(ParseError { line, column, kind });
        let mut secondary = false;
        for (column, token) in tokens(text) {
            if token == "|" {
                if secondary {
                    return error(column, ParseErrorKind::SecondBar);
                }
                secondary = true;
                continue;
            }
            let (token, bounds) = match split_bounds(token) {
                None => (token, (1, 1)),
                Some(_) if secondary => {
                    return error(column, ParseErrorKind::BoundsOnSecondary(token.to_owned()));
                }
                Some((name, Some(bounds))) => (name, bounds),
                Some((_, None)) => {
                    return error(column, ParseErrorKind::BadBounds(token.to_owned()))
                }
            };
            if token.contains('|') {
                return error(column, ParseErrorKind::MisplacedBar);
            }
            if token.contains(':') {
                return error(column, ParseErrorKind::ColonInItemName(token.to_owned()));
            }
            if self.builder.item_id(token).is_some() {
                return error(column, ParseErrorKind::DuplicateItem(token.to_owned()));
            }
            if secondary {
                self.builder.secondary(token);
            } else {
                self.primary_count += 1;
                self.builder.primary_bounded(token, bounds.0..=bounds.1);
            }
        }
        if self.primary_count == 0 {
            let column = tokens(text).next().map_or(1, |(column, _)| column);
            return error(column, ParseErrorKind::NoPrimaryItems);
        }
        self.items_read = true;
        self.seen_on = vec![0; self.builder.item_count()];
        Ok(())
    }

    fn option_line(&mut self, line: usize, text: &str) -> Result<(), ParseError> {
        let error = |column, kind| Err(ParseError { line, column, kind });
        let mut entries = Vec::new();
        for (column, token) in tokens(text) {
            if token.contains('|') {
                return error(column, ParseErrorKind::MisplacedBar);
            }
            let (name, color) = match token.split_once(':') {
                None => (token, None),
                Some((name, color)) if !color.is_empty() && !color.contains(':') => {
                    (name, Some(color))
                }
                Some(_) => return error(column, ParseErrorKind::BadColor(token.to_owned())),
            };
            let Some(item) = self.builder.item_id(name) else {
                return error(column, ParseErrorKind::UnknownItem(name.to_owned()));
            };
            if std::mem::replace(&mut self.seen_on[item.index()], line) == line {
                return error(column, ParseErrorKind::DuplicateItemInOption(name.to_owned()));
            }
            if color.is_some() && item.index() < self.primary_count {
                return error(column, ParseErrorKind::ColorOnPrimary(name.to_owned()));
            }
            let color = color.map(|c| self.builder.color(c));
            entries.push(Entry { item, color });
        }
        self.builder.option(entries);
        self.options.push(OptionSource { line, text: text.to_owned() });
        Ok(())
    }
}

/// DLX3's bounds before an item name, `u:v|name` (`u` to `v` times) or `v|name` (exactly
/// `v` times): `None` when `token` does not have that shape (digits, an optional `:` and
/// digits, a bar, a name without bars or colons), else the name and the bounds when they are
/// valid (`u <= v`, `1 <= v`, both below 2^32).
fn split_bounds(token: &str) -> Option<(&str, Option<(u32, u32)>)> {
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let (bounds, name) = token.split_once('|')?;
    if name.is_empty() || name.contains(['|', ':']) {
        return None;
    }
    let (lower, upper) = bounds.split_once(':').unwrap_or((bounds, bounds));
    if !digits(lower) || !digits(upper) {
        return None;
    }
    let valid = match (lower.parse::<u32>(), upper.parse::<u32>()) {
        (Ok(lower), Ok(upper)) if upper >= 1 && lower <= upper => Some((lower, upper)),
        _ => None,
    };
    Some((name, valid))
}

/// The blank-separated tokens of `text`, each with its 1-based column in characters.
fn tokens(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut rest = text;
    let mut column = 1;
    std::iter::from_fn(move || {
        let start = rest.find(|c: char| !c.is_whitespace())?;
        column += rest[..start].chars().count();
        rest = &rest[start..];
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let (token, tail) = rest.split_at(end);
        let at = column;
        column += token.chars().count();
        rest = tail;
        Some((at, token))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// As good as endless (`/dev/zero`): what is taken from it is `NO_END` less its `limit()`.
    fn endless() -> std::io::Take<std::io::Repeat> {
        std::io::Read::take(std::io::repeat(0), NO_END)
    }

    const NO_END: u64 = 1 << 50;

    #[test]
    fn an_endless_line_is_an_error_after_at_most_the_limit_and_a_buffer() {
        let mut input = std::io::BufReader::with_capacity(8192, endless());
        let error = read_lines(&mut input, 1 << 16).unwrap_err();
        assert_eq!((error.line, error.column, error.kind), (1, 1, ParseErrorKind::LineTooLong));
        let taken = NO_END - input.get_ref().limit();
        assert!(taken <= (1 << 16) + 8192, "{taken} bytes read for a line of 64 KiB at most");
        // A line of exactly the limit is read, and so is the next.
        let items: Vec<String> = (0..5000).map(|k| format!("i{k}")).collect();
        let text = format!("{}\ni0\n", items.join(" "));
        let limit = text.find('\n').unwrap();
        let parsed = read_lines(&mut text.as_bytes(), limit).unwrap();
        assert_eq!(parsed.problem.option_count(), 1);
    }

    #[test]
    fn tokens_carry_character_columns() {
        let found: Vec<_> = tokens("  ab\tcé  d").collect();
        assert_eq!(found, [(3, "ab"), (6, "cé"), (10, "d")]);
    }
}
