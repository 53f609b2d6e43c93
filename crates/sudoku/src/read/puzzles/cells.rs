//! The cells of one line: grid rows ([`scan_row`] to size them up, [`parse_row`] to read
//! them), and the cell readers that one-line puzzles share (`one_line.rs`).
//!
//! Errors carry a byte offset into the line, turned into a character column by [`column`]
//! only when an error is shown.

use super::alphabet::Alphabet;
use super::{ParseErrorKind, MAX_LINE_BYTES};

/// A result whose error has the byte offset of the fault in the line.
pub(super) type Located<T> = Result<T, (usize, ParseErrorKind)>;

/// The 1-based character column of byte `offset` of `text` (1 if it is not a boundary).
pub(super) fn column(text: &str, offset: usize) -> usize {
    text.get(..offset).map_or(1, |before| before.chars().count() + 1)
}

/// The byte offset of `part`, a slice of `text`, within it.
pub(super) fn offset(text: &str, part: &str) -> usize {
    (part.as_ptr() as usize).saturating_sub(text.as_ptr() as usize)
}

/// Separators between cells of a row; `|` is a box border.
pub(super) fn is_separator(c: char) -> bool {
    c.is_whitespace() || c == '|'
}

/// N when `count` is N² for N ≥ 1.
pub(super) fn exact_sqrt(count: usize) -> Option<usize> {
    // Counts are bounded by the line length, so a short loop beats float rounding worries.
    let mut n = 0;
    while (n + 1) * (n + 1) <= count {
        n += 1;
    }
    (n > 0 && n * n == count).then_some(n)
}

/// The value of a separated cell in its strict form, used to size rows up: empty (a blank
/// between commas), one or two decimal digits, or one symbol. Longer digit strings are left
/// out so that contest groups (`030605000`) never pass for numbers.
pub(super) fn cell_value(token: &str, alphabet: &Alphabet) -> Option<usize> {
    match token.as_bytes() {
        [] => Some(0),
        [a, b] if a.is_ascii_digit() && b.is_ascii_digit() && alphabet.numbers() => {
            Some(usize::from((a - b'0') * 10 + b - b'0'))
        }
        _ => single_char(token).and_then(|c| alphabet.digit_of(c)).map(usize::from),
    }
}

/// The character of a one-character token.
fn single_char(token: &str) -> Option<char> {
    let mut chars = token.chars();
    chars.next().filter(|_| chars.next().is_none())
}

/// How many cells a row would have read each way.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Shape {
    count: usize,
    max: usize,
}

/// A row sized up both ways: one symbol per character, or one cell per separated token.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct RowScan {
    /// Cells are separated by commas, so only tokens count.
    commas: bool,
    /// One symbol per non-separator character, if every such character is a symbol.
    symbols: Option<Shape>,
    /// One cell per token, if every token is a cell.
    tokens: Option<Shape>,
    /// Some token has two digits, so characters would split numbers.
    numbers: bool,
    /// The last comma-separated token is empty (a trailing comma or a blank last cell).
    trailing_empty: bool,
    /// The first character that is neither separator nor symbol.
    bad: Option<usize>,
    /// The number of tokens, valid cells or not.
    loose: usize,
}

impl RowScan {
    /// Whether every separated token of the row is a cell.
    pub(super) fn all_tokens_cells(&self) -> bool {
        self.tokens.is_some()
    }

    /// Whether the row reads as exactly `n` cells of digits up to `n`.
    pub(super) fn fits(&self, n: usize) -> bool {
        let symbols = self.symbols.is_some_and(|s| s.count == n && s.max <= n);
        let extra = usize::from(self.trailing_empty);
        symbols || self.tokens.is_some_and(|s| (s.count == n || s.count == n + extra) && s.max <= n)
    }

    /// The number of cells, read the way that suits the row, if it is a row at all.
    pub(super) fn count(&self) -> Option<usize> {
        let tokens_first = self.commas || (self.numbers && self.tokens.is_some());
        let shape = if tokens_first { self.tokens } else { self.symbols.or(self.tokens) };
        shape.map(|s| s.count)
    }

    /// The number of cells, or of tokens when some are not cells: how wide a row with a typo
    /// was meant to be.
    pub(super) fn width(&self) -> usize {
        self.count().unwrap_or(self.loose)
    }
}

/// The cells of a row as (byte offset, text): comma-separated tokens trimmed of spaces and
/// borders (and possibly empty), or else runs of non-separators.
pub(super) fn tokens(body: &str, commas: bool) -> impl Iterator<Item = (usize, &str)> + '_ {
    let split = move |c: char| if commas { c == ',' } else { is_separator(c) };
    body.split(split)
        .filter(move |token| commas || !token.is_empty())
        .map(|token| token.trim_matches(is_separator))
        .map(move |token| (offset(body, token), token))
}

/// A grid row without its `#` comment.
fn row_body(text: &str) -> &str {
    text.find('#').map_or(text, |hash| &text[..hash])
}

/// Sizes up a grid row without knowing the grid size.
pub(super) fn scan_row(text: &str, alphabet: &Alphabet) -> RowScan {
    if text.len() > MAX_LINE_BYTES {
        return RowScan::default();
    }
    let body = row_body(text);
    let mut scan = RowScan { commas: body.contains(','), ..RowScan::default() };
    if !scan.commas {
        let mut shape = Shape::default();
        for (at, c) in body.char_indices().filter(|&(_, c)| !is_separator(c)) {
            let Some(digit) = alphabet.digit_of(c) else {
                scan.bad = Some(at);
                break;
            };
            shape = Shape { count: shape.count + 1, max: shape.max.max(usize::from(digit)) };
        }
        scan.symbols = scan.bad.is_none().then_some(shape);
    }
    let mut shape = Some(Shape::default());
    for (_, token) in tokens(body, scan.commas) {
        let Some(value) = cell_value(token, alphabet) else {
            shape = None;
            break;
        };
        scan.numbers |= token.len() >= 2;
        scan.trailing_empty = token.is_empty();
        shape = shape.map(|s| Shape { count: s.count + 1, max: s.max.max(value) });
    }
    scan.tokens = shape;
    scan.loose = tokens(body, scan.commas).count();
    scan
}

/// Reads row `row` (from 1) of an `n`×`n` grid.
pub(super) fn parse_row(text: &str, n: usize, row: usize, alphabet: &Alphabet) -> Located<Vec<u8>> {
    if text.len() > MAX_LINE_BYTES {
        return Err((0, ParseErrorKind::LineTooLong));
    }
    let body = row_body(text);
    let scan = scan_row(text, alphabet);
    if let Some(at) = scan.bad {
        return Err((at, bad_symbol(body[at..].chars().next().unwrap_or('?'), alphabet)));
    }
    let ragged = |found| (0, ParseErrorKind::RaggedRow { row, found, expected: n });
    let mut cells = Vec::with_capacity(n + 1);
    if scan.commas || scan.tokens.is_some_and(|s| s.count == n) {
        for (at, token) in tokens(body, scan.commas) {
            cells.push(value(token, n, alphabet).map_err(|(inner, kind)| (at + inner, kind))?);
        }
        if scan.trailing_empty && cells.len() == n + 1 {
            cells.pop();
        }
    } else if scan.symbols.is_some_and(|s| s.count == n) {
        symbols(text, body, n, true, alphabet, &mut cells)?;
    } else {
        return Err(ragged(scan.width()));
    }
    if cells.len() == n {
        Ok(cells)
    } else {
        Err(ragged(cells.len()))
    }
}

/// The digit of a separated cell of an `n`×`n` grid: blank if empty, a decimal number, or a
/// single symbol; the error offset is within `token`.
pub(super) fn value(token: &str, n: usize, alphabet: &Alphabet) -> Located<u8> {
    let number = if token.is_empty() {
        Some(0)
    } else if token.bytes().all(|b| b.is_ascii_digit()) && alphabet.numbers() {
        // Saturating, so that a huge number stays huge and is reported as too large.
        Some(
            token
                .bytes()
                .fold(0usize, |v, b| v.saturating_mul(10).saturating_add(usize::from(b - b'0'))),
        )
    } else {
        single_char(token).and_then(|c| alphabet.digit_of(c)).map(usize::from)
    };
    let Some(number) = number else {
        return Err(match token.char_indices().find(|&(_, c)| alphabet.digit_of(c).is_none()) {
            Some((at, c)) => (at, bad_symbol(c, alphabet)),
            None => (0, ParseErrorKind::BadCell(token.to_owned())),
        });
    };
    if number > n {
        return Err((0, ParseErrorKind::DigitTooLarge { text: token.to_owned(), size: n }));
    }
    Ok(number as u8)
}

/// Appends the digits of `part` (a slice of `text`), one per character, skipping row
/// separators if `skip_separators`.
pub(super) fn symbols(
    text: &str,
    part: &str,
    n: usize,
    skip_separators: bool,
    alphabet: &Alphabet,
    cells: &mut Vec<u8>,
) -> Located<()> {
    let base = offset(text, part);
    for (at, c) in part.char_indices() {
        if skip_separators && is_separator(c) {
            continue;
        }
        let digit = alphabet.digit_of(c).ok_or_else(|| (base + at, bad_symbol(c, alphabet)))?;
        if usize::from(digit) > n {
            return Err((
                base + at,
                ParseErrorKind::DigitTooLarge { text: c.to_string(), size: n },
            ));
        }
        cells.push(digit);
    }
    Ok(())
}

/// The error of a character that is not a symbol of `alphabet`.
pub(super) fn bad_symbol(symbol: char, alphabet: &Alphabet) -> ParseErrorKind {
    match alphabet.symbols() {
        None => ParseErrorKind::BadSymbol(symbol),
        Some(symbols) => ParseErrorKind::NotInAlphabet { symbol, symbols },
    }
}
