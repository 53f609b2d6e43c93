//! Reading puzzles from text: [`puzzles`] reads every puzzle of a text lazily, detecting each
//! record's format (its docs describe the formats and how runs of lines become records);
//! [`parse_puzzle`] reads exactly one. Cells of a line are read in the `cells` submodule, one-line puzzles in `one_line`.

use std::io::BufRead;

use crate::grid::Grid;

mod alphabet;
mod cells;
#[cfg(test)]
mod classic_tests;
mod lines;
mod one_line;
mod records;

pub use self::alphabet::{Alphabet, AlphabetError};
pub use self::records::PuzzleReader;

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
    /// A character that is neither a symbol of the alphabet asked for nor the blank `.`.
    #[error("'{symbol}' is not one of the symbols {symbols} or the blank '.'")]
    NotInAlphabet {
        /// The character.
        symbol: char,
        /// The alphabet, in order.
        symbols: String,
    },
    /// A line of `0`-`9` and `a`-`f` that cannot be read: it looks like a 16×16 written with
    /// the symbols `0`-`f`, which is read as such only when it has 256 cells with a `0` and a
    /// `.` among them.
    #[error("{0} (the line looks like a 16x16 written with the symbols 0-f: read it with the alphabet 0123456789abcdef, --symbols in the sudoku command)")]
    LooksHex(Box<ParseErrorKind>),
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
    /// A line longer than [`MAX_LINE_BYTES`]: found as soon as that many bytes are read
    /// without a line end, and the rest of the line is skipped, not kept.
    #[error(
        "the line is longer than {MAX_LINE_BYTES} bytes (64 KiB), the most a puzzle line may be (past 64 MiB without a line end, the rest of the input is not read)"
    )]
    LineTooLong,
    /// A line that is not UTF-8.
    #[error("the line is not UTF-8 (the first bad byte is here)")]
    NotUtf8,
    /// The input could not be read; nothing after this is.
    #[error("cannot read the input: {0}")]
    Unreadable(String),
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
/// Lines end at `\n`, `\r\n` or a lone `\r`; a leading UTF-8 BOM is ignored. Each line is
/// decoded on its own: a line that is not UTF-8 is an error of its record alone (a `#` comment
/// may hold anything). Blank lines and lines starting with `#` end a *run*; lines made only of
/// `|`, `-`, `+`, `=` and spaces (box borders) are skipped inside a run. A record is then one
/// of:
///
/// - **a grid**: N rows of N cells, one row per line. Cells are symbols written together
///   (`53..7....`) or apart (`5 3 . | . 7 .`), or numbers separated by spaces or commas
///   (`10, 0, 3`, where `3,,5` has a blank between commas); `#` starts a comment.
/// - **one line**:
///   - *line* format: N² symbols (`.`, `0`, `_` blank, `1`-`9`, then `A` = 10 ... `Z` = 35 in
///     either case), then optional trailing fields after whitespace or `:`, kept verbatim in
///     [`Puzzle::extra`];
///   - *contest* format: N groups of N symbols separated by spaces;
///   - *separated* cells: N² single cells (symbols, or numbers up to the size) separated by
///     blanks, tabs or `|` (`5 3 . . 7 . . . . 6 . .` ...), a grid written on one line; a line
///     of separated single cells whose number is not a square is an error, not a guess;
///   - *numbers* line: N² comma-separated cells (how sizes above 35 print on one line).
///
/// A line that could be the first row of an N×N grid (N cells, N from 2 to 64) starts a grid
/// when N rows of N cells follow it, up to the next blank line (borders between them are
/// skipped); a line that is a complete puzzle by itself and cannot be a row of that grid (an
/// 81-symbol line, a contest line) is never taken into it, but starts the next record. A run
/// that is neither a grid nor line puzzles but looks like a broken grid (rows of cells, or
/// lines that fail as line puzzles yet nearly match the row count) is one bad grid, so a
/// batch keeps one result per intended record. Exactly N lines of N symbols each are one N×N
/// grid, never N line puzzles of side √N (sixteen 4×4 puzzles in a run of sixteen lines):
/// [`puzzles_sized`] settles that case.
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
    Puzzles { reader: PuzzleReader::new(text.as_bytes(), None) }
}

/// Like [`puzzles`] for a size the caller knows (say from `--boxes`): records of another size
/// are [`SizeMismatch`](ParseErrorKind::SizeMismatch) errors, and a run of exactly N lines of
/// N symbols is read as line puzzles unless N is `size`.
pub fn puzzles_sized(text: &str, size: usize) -> Puzzles<'_> {
    Puzzles { reader: PuzzleReader::new(text.as_bytes(), Some(size)) }
}

/// Reads puzzles from `reader` as they arrive (see [`puzzles`] for the formats), with the
/// size the caller knows if any. A record is returned as soon as its lines are read: a
/// one-line puzzle at once, a grid after its last row; only a short line that could also be
/// the first row of a grid (a 3×3 or 4×4 line puzzle) waits for the next line or the end of
/// the input. At most a grid's worth of lines is held at a time. A read error ends the
/// records with one [`Unreadable`](ParseErrorKind::Unreadable) error.
pub fn read_puzzles<R: BufRead>(reader: R, size: Option<usize>) -> PuzzleReader<R> {
    PuzzleReader::new(reader, size)
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

/// The iterator of [`puzzles`] and [`puzzles_sized`]: one `Result` per record.
#[derive(Clone, Debug)]
pub struct Puzzles<'a> {
    reader: PuzzleReader<&'a [u8]>,
}

impl Iterator for Puzzles<'_> {
    type Item = Result<Puzzle, ParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.reader.next()
    }
}

impl std::iter::FusedIterator for Puzzles<'_> {}
