//! Reading puzzles from text: [`puzzles`] reads every puzzle of a text lazily, detecting each
//! record's format (its docs describe the formats and how runs of lines become records);
//! [`parse_puzzle`] reads exactly one. Cells of a line are read in the `cells` submodule.

use std::iter::FusedIterator;

use crate::{Grid, MAX_SIZE};

mod cells;

/// The longest line read, in bytes: far above any puzzle (a 64×64 numbers line is about
/// 16 KiB) yet small enough that garbage is rejected at once, unscanned.
pub const MAX_LINE_BYTES: usize = 1 << 16;

/// One puzzle read from text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The givens.
    pub grid: Grid,
    /// The line (from 1) where the puzzle starts: its first row for a grid.
    pub line: usize,
    /// What followed a line-format puzzle on its line, verbatim with its leading separator
    /// (`":1:6524…"`, `"  3 # note"`); trailing whitespace dropped; `None` when nothing did,
    /// and for grids. A contest line keeps a trailing `#` comment here.
    pub extra: Option<String>,
}

/// Why a record could not be read, and where: `Display` prints `line:column: message`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{line}:{column}: {kind}")]
pub struct ParseError {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, in characters: the offending character or cell, or 1 when the
    /// whole record is at fault.
    pub column: usize,
    /// What is wrong.
    pub kind: ParseErrorKind,
}

/// What is wrong with a record.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// A character that is neither a digit symbol nor a blank.
    #[error("'{0}' is not a sudoku symbol: digits are 1-9 then A-Z, blanks are . 0 _")]
    BadSymbol(char),
    /// A separated cell that is neither a number nor a single symbol.
    #[error("'{0}' is not a cell: write a number or a single symbol")]
    BadCell(String),
    /// A symbol or number above the grid size, such as `A` (10) in a 9×9.
    #[error("'{text}' is not a digit of a {size}x{size} sudoku ({})", digit_range(*.size))]
    DigitTooLarge {
        /// The symbol or number as written.
        text: String,
        /// The grid size.
        size: usize,
    },
    /// A one-line puzzle whose cell count is not a square.
    #[error("{0} cells do not make a square grid (a 9x9 line has 81)")]
    NotSquare(usize),
    /// A one-line puzzle whose cell count is not a square, when the size was given.
    #[error("{found} cells where a {size}x{size} puzzle has {}", .size * .size)]
    WrongLength {
        /// Cells found.
        found: usize,
        /// The size asked for.
        size: usize,
    },
    /// A grid row with the wrong number of cells.
    #[error("row {row} has {found} cells where the grid needs {expected}")]
    RaggedRow {
        /// The row, from 1 (border lines not counted).
        row: usize,
        /// Cells found.
        found: usize,
        /// Cells needed: the number of rows.
        expected: usize,
    },
    /// Every row has the same number of cells, but not as many as there are rows.
    #[error("the grid has {rows} rows of {columns} cells, but a sudoku is square")]
    NotSquareGrid {
        /// Rows found.
        rows: usize,
        /// Cells in every row.
        columns: usize,
    },
    /// A puzzle of another size than the one asked for.
    #[error("a {found}x{found} puzzle where {expected}x{expected} was asked for")]
    SizeMismatch {
        /// The size read.
        found: usize,
        /// The size asked for.
        expected: usize,
    },
    /// A size beyond what the format can hold.
    #[error("{0}x{0} is too large: one-symbol cells go up to 35x35, numbers up to 64x64")]
    TooLarge(usize),
    /// A line longer than [`MAX_LINE_BYTES`].
    #[error("the line is {0} bytes long; no puzzle line exceeds {MAX_LINE_BYTES}")]
    LineTooLong(usize),
    /// No puzzle where exactly one was expected.
    #[error("no puzzle found")]
    Empty,
    /// A second puzzle where exactly one was expected.
    #[error("a second puzzle starts here, where only one was expected")]
    MorePuzzles,
}

/// The digits of a size, as users write them: `1 to 9`, `1-9 and A-G`, `1 to 64`.
fn digit_range(size: usize) -> String {
    match size {
        10..=35 => format!("digits are 1-9 and A-{}", crate::symbol(size as u8)),
        _ => format!("digits are 1 to {size}"),
    }
}

/// Lazily reads every puzzle of `text`, detecting each record's format. A bad record yields
/// one `Err` and reading goes on with the next, so a batch keeps one result per record.
///
/// # Records
///
/// Lines are split at `\n` (a trailing `\r` is dropped, a leading UTF-8 BOM ignored). Blank
/// lines and lines starting with `#` end a *run*; lines made only of `|`, `-`, `+`, `=` and
/// spaces (box borders) are skipped inside a run. A run is then read one of two ways:
///
/// - **one grid**: N rows of N cells, one row per line. Cells are symbols written together
///   (`53..7....`) or apart (`5 3 . | . 7 .`), or numbers separated by spaces or commas
///   (`10, 0, 3`, where `3,,5` has a blank between commas); `#` starts a comment.
/// - **one puzzle per line**, each line being:
///   - *line* format: N² symbols (`.`, `0`, `_` blank, `1`-`9`, then `A` = 10 ... `Z` = 35 in
///     either case), then optional trailing fields after whitespace or `:`, kept verbatim in
///     [`Puzzle::extra`];
///   - *contest* format: N groups of N symbols separated by spaces;
///   - *numbers* line: N² comma-separated numbers (how sizes above 35 print on one line).
///
/// A run is one grid when its first row has as many cells as the run has rows. Otherwise it
/// is read line by line, except that a run which cannot be line puzzles but looks like a
/// broken grid (rows of cells, or lines that fail as line puzzles yet nearly match the row
/// count) is reported as one bad grid, so a batch keeps one result per intended record.
/// Exactly N lines of N symbols each are one N×N grid, never N line puzzles of side √N
/// (sixteen 4×4 puzzles in a run of sixteen lines): [`puzzles_sized`] settles that case.
///
/// ```
/// use dancer_sudoku::puzzles;
///
/// let text = "# a line, then a grid\n1..4.41..14.4..1:1:1234341221434321\n\n\
///             1 . | . 4\n. 4 | 1 .\n----+----\n. 1 | 4 .\n4 . | . 1\n";
/// let read: Vec<_> = puzzles(text).collect::<Result<_, _>>()?;
/// assert_eq!((read[0].line, read[0].extra.as_deref()), (2, Some(":1:1234341221434321")));
/// assert_eq!((read[1].line, &read[1].grid), (4, &read[0].grid));
/// # Ok::<(), dancer_sudoku::ParseError>(())
/// ```
pub fn puzzles(text: &str) -> Puzzles<'_> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    Puzzles { cursor: Cursor { rest: text, number: 0 }, size: None, in_lines: false }
}

/// Like [`puzzles`] for a size the caller knows (say from `--boxes`): records of another size
/// are [`SizeMismatch`](ParseErrorKind::SizeMismatch) errors, and a run of exactly N lines of
/// N symbols is read as line puzzles unless N is `size`.
pub fn puzzles_sized(text: &str, size: usize) -> Puzzles<'_> {
    Puzzles { size: Some(size), ..puzzles(text) }
}

/// Exactly one puzzle, for arguments and tests.
///
/// # Errors
/// The record's error; [`Empty`](ParseErrorKind::Empty) at 1:1 for a text with no puzzle;
/// [`MorePuzzles`](ParseErrorKind::MorePuzzles) at the start of a second record.
pub fn parse_puzzle(text: &str) -> Result<Puzzle, ParseError> {
    let mut records = puzzles(text);
    let puzzle = records.next().unwrap_or(Err(ParseError {
        line: 1,
        column: 1,
        kind: ParseErrorKind::Empty,
    }))?;
    match records.next() {
        None => Ok(puzzle),
        Some(Ok(second)) => {
            Err(ParseError { line: second.line, column: 1, kind: ParseErrorKind::MorePuzzles })
        }
        Some(Err(error)) => Err(error),
    }
}

/// The iterator of [`puzzles`]: one `Result` per record.
#[derive(Clone, Debug)]
pub struct Puzzles<'a> {
    cursor: Cursor<'a>,
    size: Option<usize>,
    /// Inside a run being read one puzzle per line.
    in_lines: bool,
}

impl Iterator for Puzzles<'_> {
    type Item = Result<Puzzle, ParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let mut ahead = self.cursor;
            let line = ahead.next_line()?;
            match kind(line.text) {
                Kind::Gap => self.in_lines = false,
                Kind::Border => {}
                Kind::Content if self.in_lines => {
                    self.cursor = ahead;
                    return Some(self.single(line));
                }
                Kind::Content => {
                    let (rows, end) = run(self.cursor);
                    if self.is_grid(&rows) {
                        return Some(self.grid(&rows, end));
                    }
                    // Read this line again, now as the first of a run of line puzzles.
                    self.in_lines = true;
                    continue;
                }
            }
            self.cursor = ahead;
        }
    }
}

impl FusedIterator for Puzzles<'_> {}

impl<'a> Puzzles<'a> {
    /// Whether the run starting with `rows` (at most `MAX_SIZE + 1` of them) is one grid.
    fn is_grid(&self, rows: &[Line<'_>]) -> bool {
        let m = rows.len();
        if m < 2 {
            return false;
        }
        let first = cells::scan_row(rows[0].text);
        if self.size.is_none_or(|size| size == m) && first.fits(m) {
            return true;
        }
        let columns = first.count();
        if cells::line_shaped(rows[0].text) {
            // A good line puzzle starts a run of them; a bad one is more likely a grid row
            // when the run is about as long as the row (a 9×9 missing a row).
            return cells::single(rows[0].text, self.size).is_err()
                && columns.is_some_and(|c| c >= 2 && c.abs_diff(m) <= 1);
        }
        // Rows of cells that do not fit: a grid with a missing row or a typo in its first row.
        // The second row must be clean, so that two lines of prose start no grid.
        let second_is_row =
            !cells::line_shaped(rows[1].text) && cells::scan_row(rows[1].text).count().is_some();
        (2..=MAX_SIZE).contains(&first.width()) && second_is_row
    }

    /// Reads the run starting with `rows` as one grid; `end` is where [`run`] stopped.
    fn grid(&mut self, rows: &[Line<'a>], mut end: Cursor<'a>) -> Result<Puzzle, ParseError> {
        let mut total = rows.len();
        if total > MAX_SIZE {
            // Too many rows for any grid: only count the rest, to report and skip them.
            loop {
                let mut ahead = end;
                match ahead.next_line().map(|line| kind(line.text)) {
                    None | Some(Kind::Gap) => break,
                    Some(line) => total += usize::from(line == Kind::Content),
                }
                end = ahead;
            }
        }
        self.cursor = end;
        let first = rows[0].number;
        let whole = |kind| ParseError { line: first, column: 1, kind };
        // Rows that all agree on a width other than the row count: name both, rather than
        // call every row ragged.
        let first_row = cells::scan_row(rows[0].text);
        let columns = first_row.count().filter(|&c| c != total && !first_row.fits(total));
        if let Some(columns) = columns {
            if rows[1..].iter().all(|row| cells::scan_row(row.text).count() == Some(columns)) {
                return Err(whole(ParseErrorKind::NotSquareGrid { rows: total, columns }));
            }
        }
        if total > MAX_SIZE {
            return Err(whole(ParseErrorKind::TooLarge(total)));
        }
        if let Some(expected) = self.size.filter(|&size| size != total) {
            return Err(whole(ParseErrorKind::SizeMismatch { found: total, expected }));
        }
        let mut digits = Vec::with_capacity(total * total);
        for (index, row) in rows.iter().enumerate() {
            let at = |(offset, kind)| ParseError {
                line: row.number,
                column: cells::column(row.text, offset),
                kind,
            };
            digits.extend(cells::parse_row(row.text, total, index + 1).map_err(at)?);
        }
        Ok(Puzzle { grid: Grid::from_cells(total, digits), line: first, extra: None })
    }

    /// Reads one line as a whole puzzle.
    fn single(&self, line: Line<'_>) -> Result<Puzzle, ParseError> {
        match cells::single(line.text, self.size) {
            Ok((grid, extra)) => Ok(Puzzle { grid, line: line.number, extra }),
            Err((offset, kind)) => Err(ParseError {
                line: line.number,
                column: cells::column(line.text, offset),
                kind,
            }),
        }
    }
}

/// One line of text, without its line ending.
#[derive(Clone, Copy, Debug)]
struct Line<'a> {
    /// From 1.
    number: usize,
    text: &'a str,
}

/// The unread text and the number of the last line read; copied to look ahead.
#[derive(Clone, Copy, Debug)]
struct Cursor<'a> {
    rest: &'a str,
    number: usize,
}

impl<'a> Cursor<'a> {
    /// Reads the next line (a copy of the cursor looks ahead).
    fn next_line(&mut self) -> Option<Line<'a>> {
        if self.rest.is_empty() {
            return None;
        }
        let (text, rest) = self.rest.split_once('\n').unwrap_or((self.rest, ""));
        self.rest = rest;
        self.number += 1;
        Some(Line { number: self.number, text: text.strip_suffix('\r').unwrap_or(text) })
    }
}

/// What a line is to the record structure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// Blank or a `#` comment: ends a run.
    Gap,
    /// Box borders only: skipped within a run.
    Border,
    /// Anything else, including lines too long to look at.
    Content,
}

fn kind(text: &str) -> Kind {
    if text.len() > MAX_LINE_BYTES {
        return Kind::Content;
    }
    let text = text.trim();
    if text.is_empty() || text.starts_with('#') {
        Kind::Gap
    } else if text.chars().all(|c| matches!(c, '|' | '-' | '+' | '=') || c.is_whitespace()) {
        Kind::Border
    } else {
        Kind::Content
    }
}

/// The content lines of the run starting at `cursor`, at most `MAX_SIZE + 1` (enough to
/// tell every grid apart), and where the scan stopped: at the gap ending the run, or at the
/// first content line past the limit.
fn run(mut cursor: Cursor<'_>) -> (Vec<Line<'_>>, Cursor<'_>) {
    let mut rows = Vec::new();
    let mut ahead = cursor;
    while let Some(line) = ahead.next_line() {
        match kind(line.text) {
            Kind::Gap => break,
            Kind::Content if rows.len() > MAX_SIZE => break,
            Kind::Content => rows.push(line),
            Kind::Border => {}
        }
        cursor = ahead;
    }
    (rows, cursor)
}
