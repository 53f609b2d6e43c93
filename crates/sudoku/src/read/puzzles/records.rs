//! [`PuzzleReader`]: lines become records (one grid, or one puzzle per line) as they arrive,
//! looking ahead only as far as a grid that a line could start.

use std::{collections::VecDeque, io::BufRead};

use super::alphabet::{self, Alphabet};
use super::lines::{Classic, Fault, Line, LineSource, CLASSIC};
use super::{cells, one_line};
use super::{ParseError, ParseErrorKind, Puzzle};
use crate::grid::{Grid, MAX_SIZE};

/// Reads puzzles from a reader, one `Result` per record; see [`read_puzzles`](super::read_puzzles).
#[derive(Debug)]
pub struct PuzzleReader<R> {
    source: LineSource<R>,
    /// Lines read but not yet used: at most a grid's rows, its borders, and one more.
    ahead: VecDeque<Line>,
    size: Option<usize>,
    /// The symbols the puzzles are written with.
    alphabet: Alphabet,
    /// Inside a run of one-line puzzles: a good line puzzle needs no look ahead.
    in_lines: bool,
    /// Classic lines may be read on the fast path (standard symbols, any size or 9×9).
    fast: bool,
}

impl<R: Clone> Clone for PuzzleReader<R> {
    fn clone(&self) -> Self {
        PuzzleReader {
            source: self.source.clone(),
            ahead: self.ahead.clone(),
            size: self.size,
            alphabet: self.alphabet.clone(),
            in_lines: self.in_lines,
            fast: self.fast,
        }
    }
}

/// What a line is to the record structure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// Blank or a `#` comment: ends a run.
    Gap,
    /// Box borders only: skipped within a run.
    Border,
    /// Anything else, including lines too long or too broken to look at.
    Content,
}

fn kind(line: &Line) -> Kind {
    let text = match &line.text {
        Ok(text) => text.trim(),
        Err(Fault::Encoding { comment: true, .. }) => return Kind::Gap,
        Err(_) => return Kind::Content,
    };
    if text.is_empty() || text.starts_with('#') {
        Kind::Gap
    } else if text.chars().all(|c| matches!(c, '|' | '-' | '+' | '=') || c.is_whitespace()) {
        Kind::Border
    } else {
        Kind::Content
    }
}

/// How many cells `text` has as a grid row (counting a bad cell as one), when a grid could
/// start with it. A grid of another size than the one asked for is still read, to be reported.
fn row_width(text: &str, alphabet: &Alphabet) -> Option<usize> {
    let width = cells::scan_row(text, alphabet).width();
    (2..=MAX_SIZE).contains(&width).then_some(width)
}

/// The error of a line without text.
fn fault(line: &Line, fault: &Fault) -> ParseError {
    let (column, kind) = match fault {
        Fault::Encoding { column, .. } => (*column, ParseErrorKind::NotUtf8),
        Fault::TooLong => (1, ParseErrorKind::LineTooLong),
        Fault::Unreadable(message) => (1, ParseErrorKind::Unreadable(message.clone())),
    };
    ParseError { line: line.number, column, kind }
}

impl<R: BufRead> Iterator for PuzzleReader<R> {
    type Item = Result<Puzzle, ParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.fast && self.ahead.is_empty() {
            // A line of 81 symbols is too wide to be a grid's row: it is a puzzle by itself,
            // whatever came before, so it needs neither look ahead nor the general reading.
            match self.source.next_classic() {
                Classic::Line(line, cells) => {
                    self.in_lines = true;
                    let grid = Grid::from_cells(9, cells.to_vec());
                    return Some(Ok(Puzzle { grid, line, extra: None }));
                }
                Classic::Unreadable(line) => self.ahead.push_back(line),
                Classic::No => {}
            }
        }
        loop {
            match kind(self.peek(0)?) {
                Kind::Gap => self.in_lines = false,
                Kind::Border => {}
                Kind::Content => break,
            }
            self.ahead.pop_front();
        }
        let first = self.ahead.pop_front()?;
        let text = match &first.text {
            Ok(text) => text,
            Err(error) => return Some(Err(fault(&first, error))),
        };
        let alone = self.single(&first, text);
        let width = row_width(text, &self.alphabet);
        // With the size known, a good line puzzle is no row of a grid of that size.
        if width.is_none() || (alone.is_ok() && (self.in_lines || self.size.is_some())) {
            // It cannot start a grid (or a good line puzzle goes on a run of them).
            self.in_lines = true;
            return Some(alone);
        }
        self.ahead.push_front(first);
        let rows = self.gather(width.unwrap_or(0));
        if self.is_grid(&rows) {
            return Some(self.grid(rows.len()));
        }
        self.ahead.pop_front();
        self.in_lines = true;
        Some(alone)
    }
}

impl<R: BufRead> PuzzleReader<R> {
    pub(super) fn new(reader: R, size: Option<usize>) -> PuzzleReader<R> {
        PuzzleReader {
            source: LineSource::new(reader),
            ahead: VecDeque::new(),
            size,
            alphabet: Alphabet::standard(),
            in_lines: false,
            fast: size.is_none_or(|size| size * size == CLASSIC),
        }
    }

    /// The same reader without its fast path for classic lines, which must read alike.
    #[cfg(test)]
    pub(super) fn without_fast_path(mut self) -> Self {
        self.fast = false;
        self
    }

    /// Reads the puzzles as written with `alphabet` (the standard one by default).
    #[must_use]
    pub fn with_alphabet(mut self, alphabet: Alphabet) -> Self {
        self.fast &= alphabet.is_standard();
        self.alphabet = alphabet;
        self
    }

    /// The reader behind, as `BufReader::get_mut` gives it (reading from it directly loses
    /// the lines already read ahead).
    pub fn get_mut(&mut self) -> &mut R {
        self.source.get_mut()
    }

    /// Line `index` of those not yet used, read from the source if need be.
    fn peek(&mut self, index: usize) -> Option<&Line> {
        while self.ahead.len() <= index {
            let line = self.source.next_line()?;
            self.ahead.push_back(line);
        }
        self.ahead.get(index)
    }

    /// The content lines of the run starting at the first line not yet used, as texts (a line
    /// without text as `None`): at most `width` of them, ending before a blank or comment line,
    /// and before a line that is a complete puzzle by itself but no row of a `width`-wide grid.
    fn gather(&mut self, width: usize) -> Vec<Option<String>> {
        let mut rows = Vec::new();
        let mut index = 0;
        while rows.len() < width.max(1) {
            let Some(line) = self.peek(index) else { break };
            match kind(line) {
                Kind::Gap => break,
                Kind::Border => {}
                Kind::Content => {
                    let text = line.text.as_ref().ok().cloned();
                    if let (Some(text), false) = (&text, rows.is_empty()) {
                        let row = cells::scan_row(text, &self.alphabet).count();
                        let alone = one_line::single(text, self.size, &self.alphabet).is_ok();
                        if row != Some(width) && alone {
                            break;
                        }
                    }
                    rows.push(text);
                }
            }
            index += 1;
        }
        rows
    }

    /// Whether the run starting with `rows` is one grid (perhaps a broken one).
    fn is_grid(&self, rows: &[Option<String>]) -> bool {
        let m = rows.len();
        let (Some(Some(first)), true) = (rows.first(), m >= 2) else { return false };
        let scan = cells::scan_row(first, &self.alphabet);
        if self.size.is_none_or(|size| size == m) && scan.fits(m) {
            return true;
        }
        let columns = scan.count();
        if one_line::line_shaped(first) {
            // A good line puzzle starts a run of them; a bad one is more likely a grid row
            // when the run is about as long as the row (a 9×9 missing a row).
            return one_line::single(first, self.size, &self.alphabet).is_err()
                && columns.is_some_and(|c| c >= 2 && c.abs_diff(m) <= 1);
        }
        // Rows of cells that do not fit: a grid with a missing row or a typo in its first row.
        // The second row must be clean, so that two lines of prose start no grid.
        let second_is_row = rows[1].as_deref().is_some_and(|second| {
            !one_line::line_shaped(second)
                && cells::scan_row(second, &self.alphabet).count().is_some()
        });
        (2..=MAX_SIZE).contains(&scan.width()) && second_is_row
    }

    /// Reads the next `total` content lines (with the borders between them) as one grid.
    fn grid(&mut self, total: usize) -> Result<Puzzle, ParseError> {
        let mut rows = Vec::with_capacity(total);
        while rows.len() < total {
            let Some(line) = self.ahead.pop_front() else { break };
            if kind(&line) == Kind::Content {
                rows.push(line);
            }
        }
        let first = rows[0].number;
        let whole = |kind| ParseError { line: first, column: 1, kind };
        let texts: Vec<&str> = rows.iter().map(|r| r.text.as_deref().unwrap_or("")).collect();
        // Rows that all agree on a width other than the row count: name both, rather than
        // call every row ragged.
        let first_row = cells::scan_row(texts[0], &self.alphabet);
        let columns = first_row.count().filter(|&c| c != total && !first_row.fits(total));
        if let Some(columns) = columns {
            let scan = |row: &&str| cells::scan_row(row, &self.alphabet).count();
            if texts[1..].iter().all(|row| scan(row) == Some(columns)) {
                return Err(whole(ParseErrorKind::NotSquareGrid { rows: total, columns }));
            }
        }
        if let Some(expected) = self.size.filter(|&size| size != total) {
            return Err(whole(ParseErrorKind::SizeMismatch { found: total, expected }));
        }
        let mut digits = Vec::with_capacity(total * total);
        for (index, row) in rows.iter().enumerate() {
            let text = match &row.text {
                Ok(text) => text,
                Err(error) => return Err(fault(row, error)),
            };
            let at = |(offset, kind)| ParseError {
                line: row.number,
                column: cells::column(text, offset),
                kind,
            };
            digits.extend(cells::parse_row(text, total, index + 1, &self.alphabet).map_err(at)?);
        }
        Ok(Puzzle { grid: Grid::from_cells(total, digits), line: first, extra: None })
    }

    /// Reads one line as a whole puzzle.
    fn single(&self, line: &Line, text: &str) -> Result<Puzzle, ParseError> {
        match one_line::single(text, self.size, &self.alphabet) {
            Ok((grid, extra)) => Ok(Puzzle { grid, line: line.number, extra }),
            Err((offset, kind)) => {
                // A line of 0-f that is not the unambiguous case: say what it looks like.
                let field = text.trim().split([' ', '\t', ':']).next().unwrap_or("");
                let kind = if self.alphabet.is_standard() && alphabet::looks_hex(field) {
                    ParseErrorKind::LooksHex(Box::new(kind))
                } else {
                    kind
                };
                Err(ParseError { line: line.number, column: cells::column(text, offset), kind })
            }
        }
    }
}
