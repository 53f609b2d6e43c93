//! The DLX format reader: every error carries the line and column of its cause.

use std::{collections::HashMap, fmt};

use crate::{BuildError, Entry, ItemId, Problem, ProblemBuilder};

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
    // A byte order mark from some editors is not part of the first item's name.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut reader = Reader::default();
    let mut last_line = 0;
    for (k, raw) in text.lines().enumerate() {
        let line = raw.strip_suffix('\r').unwrap_or(raw);
        last_line = k + 1;
        let content = line.trim_start();
        if content.is_empty() || content.starts_with('|') {
            continue;
        }
        if reader.items_read {
            reader.option_line(k + 1, line)?;
        } else {
            reader.item_line(k + 1, line)?;
        }
    }
    if !reader.items_read {
        return Err(ParseError {
            line: last_line.max(1),
            column: 1,
            kind: ParseErrorKind::NoItems,
        });
    }
    let problem = reader.builder.build().map_err(|e| ParseError {
        line: 1,
        column: 1,
        kind: ParseErrorKind::Build(e),
    })?;
    Ok(ParsedProblem { problem, options: reader.options })
}

/// Parsing state: items go into the builder as they are read, options are checked by name here
/// so that errors point at the offending token.
#[derive(Default)]
struct Reader {
    builder: ProblemBuilder,
    items_read: bool,
    index: HashMap<String, ItemId>,
    primary_count: usize,
    options: Vec<OptionSource>,
    seen: Vec<ItemId>,
}

impl Reader {
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
            if token.contains('|') {
                return error(column, ParseErrorKind::MisplacedBar);
            }
            if token.contains(':') {
                return error(column, ParseErrorKind::ColonInItemName(token.to_owned()));
            }
            if self.index.contains_key(token) {
                return error(column, ParseErrorKind::DuplicateItem(token.to_owned()));
            }
            let item = if secondary {
                self.builder.secondary(token)
            } else {
                self.primary_count += 1;
                self.builder.primary(token)
            };
            self.index.insert(token.to_owned(), item);
        }
        if self.primary_count == 0 {
            let column = tokens(text).next().map_or(1, |(column, _)| column);
            return error(column, ParseErrorKind::NoPrimaryItems);
        }
        self.items_read = true;
        Ok(())
    }

    fn option_line(&mut self, line: usize, text: &str) -> Result<(), ParseError> {
        let error = |column, kind| Err(ParseError { line, column, kind });
        let mut entries = Vec::new();
        self.seen.clear();
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
            let Some(&item) = self.index.get(name) else {
                return error(column, ParseErrorKind::UnknownItem(name.to_owned()));
            };
            if self.seen.contains(&item) {
                return error(column, ParseErrorKind::DuplicateItemInOption(name.to_owned()));
            }
            self.seen.push(item);
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

    #[test]
    fn tokens_carry_character_columns() {
        let found: Vec<_> = tokens("  ab\tcé  d").collect();
        assert_eq!(found, [(3, "ab"), (6, "cé"), (10, "d")]);
    }
}
