//! The constraint strings of sigh's Interactive Sudoku Solver (ISS): `.Type~arg~arg...` items,
//! one after another (`.~R1C1_5~R2C3_1_2` gives digits or candidates, `.Cage~15~R1C1~R1C2` a
//! killer cage, `.Shape~6x6` the size), blanks between them ignored as ISS ignores them; and
//! its two killer forms, `SudoCue`'s `3x3::k:...` and the 81-character short killer string
//! (`iss/killer.rs`). The types are read in `iss/types.rs` and `iss/lines.rs`: each type whose meaning exists in
//! a [`Model`] is read; a type that changes the answer and has none here is an error naming
//! it (docs/formats.md, "ISS constraint strings").

mod geometry;
mod killer;
mod lines;
mod types;

use super::fpuzzles::FpuzzlesPuzzle;
use super::published::{ReadError, Record};
use crate::grid::Cell;
use crate::variant::{standard_box_shape, Variant};

/// One part of an item (its type or an argument) and the column it starts at, from 1.
#[derive(Clone, Debug)]
pub(super) struct Part {
    pub(super) text: String,
    pub(super) column: usize,
}

/// An item `.Type~arg~...`: its type (empty for givens) and its arguments.
#[derive(Clone, Debug)]
pub(super) struct Item {
    pub(super) kind: Part,
    pub(super) args: Vec<Part>,
}

/// Whether `line` is an ISS puzzle: a constraint string (`.~` givens first, or a first type
/// that ISS knows), a `SudoCue` killer (`3x3:`) or a short killer string.
pub fn is_iss(line: &str) -> bool {
    let text = line.trim();
    if text.starts_with("3x3:") || killer::is_short_killer(text) {
        return true;
    }
    if !text.starts_with('.') {
        return false;
    }
    // ISS skips empty items (`..Cage~...`).
    let rest = text.trim_start_matches(['.', ' ', '\t']);
    let kind: String = rest.chars().take_while(char::is_ascii_alphanumeric).collect();
    let after = rest[kind.len()..].chars().find(|c| !c.is_whitespace());
    // A type with its arguments, or a long one alone (`.AntiKnight`); a classic line (`.5..`)
    // has no type, and a 16x16 line's `.X.` or `.V.` no arguments.
    let alone = kind.len() > 2 && matches!(after, None | Some('.'));
    // Every type starts with a letter: a classic line (`.5..`, the common case) is no type,
    // without a look-up in the known types.
    if !kind.starts_with(|c: char| c.is_ascii_alphabetic()) {
        return kind.is_empty() && after == Some('~');
    }
    types::known(&kind) && (after == Some('~') || alone)
}

/// The puzzle of an ISS line.
///
/// # Errors
/// An item that does not start with `.`, an unknown type, a type without a meaning here that
/// changes the answer, a cell outside the grid (`R0C1`, `RaC1` on a 9×9), a value out of range,
/// an argument that is not a number: the column of the item or argument and what is wrong.
pub fn iss(line: &str) -> Result<FpuzzlesPuzzle, ReadError> {
    let lead = line.chars().take_while(|c| c.is_whitespace()).count();
    let text = line.trim();
    let at = |column: usize| lead + column;
    let shift = |e: ReadError| ReadError { column: at(e.column), message: e.message };
    let (model, skipped) = if text.starts_with("3x3:") {
        (killer::sudocue(text).map_err(shift)?, Vec::new())
    } else if killer::is_short_killer(text) {
        (killer::short_killer(text).map_err(shift)?, Vec::new())
    } else {
        let items = items(text).map_err(shift)?;
        types::read(&items).map_err(shift)?
    };
    model.validate().map_err(|e| ReadError { column: at(1), message: e.to_string() })?;
    let record = Record { name: String::new(), model, solution: None, generated: None };
    Ok(FpuzzlesPuzzle { record, skipped })
}

/// The items of a constraint string, blanks dropped, each part with its column.
fn items(text: &str) -> Result<Vec<Item>, ReadError> {
    let chars: Vec<(usize, char)> = text
        .chars()
        .enumerate()
        .filter(|(_, c)| !c.is_whitespace())
        .map(|(k, c)| (k + 1, c))
        .collect();
    match chars.first() {
        Some((_, '.')) => {}
        Some(&(column, _)) => {
            return Err(ReadError {
                column,
                message: "an ISS constraint string starts with '.'".into(),
            })
        }
        None => return Err(ReadError { column: 1, message: "no ISS constraints".into() }),
    }
    let mut items = Vec::new();
    for piece in chars.split(|&(_, c)| c == '.').skip(1) {
        let start = piece.first().map_or(0, |&(k, _)| k);
        let mut parts = piece.split(|&(_, c)| c == '~').map(|part| Part {
            text: part.iter().map(|&(_, c)| c).collect(),
            column: part.first().map_or(start, |&(k, _)| k),
        });
        let kind = parts.next().unwrap_or(Part { text: String::new(), column: start });
        items.push(Item { kind, args: parts.collect() });
    }
    Ok(items)
}

/// The standard variant of `size` as ISS draws it: boxes where the size has a factor pair
/// (2×3 boxes for 6, 3×3 for 9), none for a prime (a Latin square).
pub(super) fn standard(size: usize) -> Result<Variant, String> {
    let variant =
        if standard_box_shape(size).0 < 2 { Variant::latin(size) } else { Variant::standard(size) };
    variant.map_err(|e| e.to_string())
}

/// A cell named as ISS names them: `R`, the row, `C`, the column, each one character of base 17
/// (1-9, then a-g for 10-16), either case.
pub(super) fn cell(part: &Part, size: usize) -> Result<Cell, ReadError> {
    let bad = |message: String| ReadError { column: part.column, message };
    let chars: Vec<char> = part.text.chars().collect();
    let [r, row, c, col] = chars[..] else {
        return Err(bad(format!("'{}' is not a cell such as R1C1", part.text)));
    };
    if !(r.eq_ignore_ascii_case(&'R') && c.eq_ignore_ascii_case(&'C')) {
        return Err(bad(format!("'{}' is not a cell such as R1C1", part.text)));
    }
    let index = |x: char| x.to_digit(17).filter(|&d| d >= 1).map(|d| d as usize - 1);
    match (index(row), index(col)) {
        (Some(r), Some(c)) if r < size && c < size => Ok(r * size + c),
        (Some(_), Some(_)) => Err(bad(format!("{} is outside the {size}x{size} grid", part.text))),
        _ => Err(bad(format!("'{}' is not a cell such as R1C1", part.text))),
    }
}

/// A whole number argument (may be negative in ISS: refused by the caller where it must not).
pub(super) fn number(part: &Part, what: &str) -> Result<i64, ReadError> {
    part.text.parse().map_err(|_| ReadError {
        column: part.column,
        message: format!("{what} '{}' is not a whole number", part.text),
    })
}
