//! One-line puzzles ([`single`]): the line, contest, separated and numbers forms, read with
//! the cells of `cells.rs`; and [`line_shaped`], which tells such a line from a grid row.

use super::alphabet::{self, Alphabet};
use super::cells::{
    cell_value, exact_sqrt, is_separator, offset, scan_row, symbols, tokens, value, Located,
};
use super::{ParseErrorKind, MAX_LINE_BYTES};
use crate::grid::{Grid, MAX_LINE_SIZE, MAX_SIZE};

/// The side of a one-line puzzle of `count` cells, checked against the size asked for.
fn side(count: usize, size: Option<usize>) -> Result<usize, ParseErrorKind> {
    match (exact_sqrt(count), size) {
        (Some(found), Some(expected)) if found != expected => {
            Err(ParseErrorKind::SizeMismatch { found, expected })
        }
        (Some(n), _) => Ok(n),
        (None, Some(size)) => Err(ParseErrorKind::WrongLength { found: count, size }),
        (None, None) => Err(ParseErrorKind::NotSquare(count)),
    }
}

/// N for a contest line: N ≥ 2 whitespace-separated groups of N characters each.
fn contest_size(body: &str) -> Option<usize> {
    let mut groups = body.split_whitespace();
    let k = groups.clone().take(MAX_LINE_SIZE + 1).count();
    ((2..=MAX_LINE_SIZE).contains(&k) && groups.all(|g| g.chars().count() == k)).then_some(k)
}

/// The first field of a line puzzle: everything up to whitespace or `:`.
fn first_field(body: &str) -> &str {
    &body[..body.find(|c: char| c.is_whitespace() || c == ':').unwrap_or(body.len())]
}

/// The part of a line before any `#` comment, trimmed.
fn before_comment(body: &str) -> &str {
    body.find('#').map_or(body, |hash| body[..hash].trim_end())
}

/// Whether a line looks like a one-line puzzle (contest groups, or a first field of N² ≥ 4
/// characters), as opposed to a grid row.
pub(super) fn line_shaped(text: &str) -> bool {
    if text.len() > MAX_LINE_BYTES {
        return false;
    }
    let body = text.trim();
    let field = first_field(body);
    let length = field.chars().count();
    contest_size(before_comment(body)).is_some()
        || (!field.contains(',') && length >= 4 && exact_sqrt(length).is_some())
}

/// Reads one line as a whole puzzle, with what trails it.
pub(super) fn single(
    text: &str,
    size: Option<usize>,
    alphabet: &Alphabet,
) -> Located<(Grid, Option<String>)> {
    if text.len() > MAX_LINE_BYTES {
        return Err((0, ParseErrorKind::LineTooLong));
    }
    let body = text.trim();
    let trailing = |end: &str| {
        let rest = &body[end.len()..];
        (!rest.is_empty()).then(|| rest.to_owned())
    };
    let main = before_comment(body);
    if let Some(k) = contest_size(main) {
        if let Some(expected) = size.filter(|&size| size != k) {
            return Err((offset(text, body), ParseErrorKind::SizeMismatch { found: k, expected }));
        }
        let mut cells = Vec::with_capacity(k * k);
        for group in main.split_whitespace() {
            symbols(text, group, k, false, alphabet, &mut cells)?;
        }
        return Ok((Grid::from_cells(k, cells), trailing(main)));
    }
    // Numbers separated by commas, perhaps with spaces: all the line but a comment.
    if main.contains(',') && scan_row(main, alphabet).all_tokens_cells() {
        return Ok((numbers(text, main, size, alphabet)?, trailing(main)));
    }
    // Single cells separated by blanks, tabs or borders: a grid written on one line.
    if let Some(grid) = separated(text, main, size, alphabet) {
        return Ok((grid?, trailing(main)));
    }
    let field = first_field(body);
    if field.is_empty() {
        // The line starts with `:`, which no puzzle does.
        return Err((
            offset(text, body),
            ParseErrorKind::BadSymbol(body.chars().next().unwrap_or(':')),
        ));
    }
    if field.contains(',') {
        return Ok((numbers(text, field, size, alphabet)?, trailing(field)));
    }
    // A 16x16 in the published 0-f form, when it can be nothing else.
    let hex;
    let alphabet = if alphabet.is_standard() && alphabet::is_hex_16(field) {
        hex = Alphabet::hex();
        &hex
    } else {
        alphabet
    };
    let n = side(field.chars().count(), size).map_err(|kind| (offset(text, field), kind))?;
    if n > MAX_LINE_SIZE {
        return Err((offset(text, field), ParseErrorKind::TooLarge(n)));
    }
    let mut cells = Vec::with_capacity(n * n);
    symbols(text, field, n, false, alphabet, &mut cells)?;
    Ok((Grid::from_cells(n, cells), trailing(field)))
}

/// A grid written on one line with its cells apart (`5 3 . . 7 . . . . 6 . . 1 9 5 ...`):
/// at least two tokens, each a single cell (one symbol, or a number of one or two digits).
/// `None` when `main` (a slice of `text`) is not of that form; an error when it is, but the
/// cells cannot make the grid (their number is not a square: a cell lost, not a 1×1 puzzle
/// with trailing fields).
fn separated(
    text: &str,
    main: &str,
    size: Option<usize>,
    alphabet: &Alphabet,
) -> Option<Located<Grid>> {
    let mut count = 0;
    for (_, token) in tokens(main, false) {
        if token.is_empty() || cell_value(token, alphabet).is_none() {
            return None;
        }
        count += 1;
    }
    if count < 2 {
        return None;
    }
    let base = offset(text, main);
    let read = || {
        let n = side(count, size).map_err(|kind| (base, kind))?;
        if n > MAX_SIZE {
            return Err((base, ParseErrorKind::TooLarge(n)));
        }
        let mut cells = Vec::with_capacity(count);
        for (at, token) in tokens(main, false) {
            let cell = value(token, n, alphabet);
            cells.push(cell.map_err(|(inner, kind)| (base + at + inner, kind))?);
        }
        Ok(Grid::from_cells(n, cells))
    };
    Some(read())
}

/// Reads `part` (a slice of `text`) as N² comma-separated cells.
fn numbers(text: &str, part: &str, size: Option<usize>, alphabet: &Alphabet) -> Located<Grid> {
    let mut count = part.split(',').count();
    // A trailing comma is forgiven when the count is square without it.
    let last_empty =
        part.rsplit(',').next().is_some_and(|last| last.trim_matches(is_separator).is_empty());
    if last_empty && exact_sqrt(count).is_none() && exact_sqrt(count - 1).is_some() {
        count -= 1;
    }
    let n = side(count, size).map_err(|kind| (offset(text, part), kind))?;
    if n > MAX_SIZE {
        return Err((offset(text, part), ParseErrorKind::TooLarge(n)));
    }
    let base = offset(text, part);
    let mut cells = Vec::with_capacity(count);
    for (at, token) in tokens(part, true).take(count) {
        let cell = value(token, n, alphabet);
        cells.push(cell.map_err(|(inner, kind)| (base + at + inner, kind))?);
    }
    Ok(Grid::from_cells(n, cells))
}
