//! Reading as the hostile-input corpus of issue 12 found it wanting: one-line grids with
//! separated cells, `\r` line ends, bytes that are not UTF-8, records that follow each other
//! without a blank line; and records read as they arrive, with no more look ahead than needed.
//! See: issue 12.

use std::io::{self, BufRead, Read};

use dancer_sudoku::{puzzles, read_puzzles, Grid, ParseErrorKind as Kind};

const CLASSIC: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn outline(text: &str) -> Vec<Result<usize, (usize, usize, Kind)>> {
    puzzles(text).map(|r| r.map(|p| p.line).map_err(|e| (e.line, e.column, e.kind))).collect()
}

fn classic() -> Grid {
    dancer_sudoku::parse_puzzle(CLASSIC).unwrap().grid
}

/// The classic puzzle's cells joined by `separator`.
fn separated(separator: &str) -> String {
    CLASSIC.chars().map(String::from).collect::<Vec<_>>().join(separator)
}

#[test]
fn a_grid_on_one_line_with_separated_cells_is_that_grid() {
    for separator in [" ", "\t", "  ", " \t "] {
        let read: Vec<_> = puzzles(&separated(separator)).collect();
        assert_eq!(read.len(), 1, "{separator:?}");
        assert_eq!(read[0].as_ref().unwrap().grid, classic(), "{separator:?}");
    }
    // With box borders, and with a comment after it.
    let rows: Vec<String> = (0..9)
        .map(|r| CLASSIC[r * 9..r * 9 + 9].chars().map(String::from).collect::<Vec<_>>().join(" "))
        .collect();
    let bordered = rows.join(" | ") + "  # the classic";
    assert_eq!(puzzles(&bordered).next().unwrap().unwrap().grid, classic());
    // A 16×16 of numbers on one line.
    let numbers: Vec<String> = (0..256).map(|k| ((k * 7 % 16) % 17).to_string()).collect();
    let sixteen = puzzles(&numbers.join(" ")).next().unwrap().unwrap();
    assert_eq!(sixteen.grid.size(), 16);
}

#[test]
fn separated_cells_that_make_no_square_are_an_error_not_a_guess() {
    let lost_one = separated(" ")[2..].to_owned();
    assert_eq!(outline(&lost_one), [Err((1, 1, Kind::NotSquare(80)))]);
    let too_big = separated(" ").replacen('5', "10", 1);
    assert!(matches!(outline(&too_big)[0], Err((1, 1, Kind::DigitTooLarge { .. }))));
    // The line format with trailing fields is unchanged.
    let with_fields = format!("{CLASSIC} 1 2 3");
    let read = puzzles(&with_fields).next().unwrap().unwrap();
    assert_eq!((read.grid, read.extra.as_deref()), (classic(), Some(" 1 2 3")));
}

#[test]
fn a_lone_carriage_return_ends_a_line() {
    let text = format!("{CLASSIC}\r{CLASSIC}\r\r{CLASSIC}\r");
    assert_eq!(outline(&text), [Ok(1), Ok(2), Ok(4)]);
    let grid: String = CLASSIC
        .as_bytes()
        .chunks(9)
        .map(|r| std::str::from_utf8(r).unwrap().to_owned() + "\r")
        .collect();
    let read: Vec<_> = puzzles(&grid).map(Result::unwrap).collect();
    assert_eq!((read.len(), &read[0].grid), (1, &classic()));
}

#[test]
fn a_byte_that_is_not_utf8_spoils_its_record_only() {
    let mut input = format!("# a comment with a bad byte: \u{1}\n{CLASSIC}\n").into_bytes();
    let comment = input.iter().position(|&b| b == 1).unwrap();
    input[comment] = 0xff;
    input.extend_from_slice(&CLASSIC.as_bytes()[..10]);
    input.extend_from_slice(b"\xc3\x28");
    input.extend_from_slice(&CLASSIC.as_bytes()[12..]);
    input.push(b'\n');
    input.extend_from_slice(CLASSIC.as_bytes());
    let read: Vec<_> = read_puzzles(&input[..], None)
        .map(|r| r.map(|p| p.line).map_err(|e| (e.line, e.column, e.kind)))
        .collect();
    assert_eq!(read, [Ok(2), Err((3, 11, Kind::NotUtf8)), Ok(4)]);
}

#[test]
fn records_that_follow_each_other_without_a_blank_line_stay_apart() {
    let rows: String = CLASSIC
        .as_bytes()
        .chunks(9)
        .map(|r| std::str::from_utf8(r).unwrap().to_owned() + "\n")
        .collect();
    // A grid, then a line puzzle; a line puzzle, then a grid; a grid, then a contest line.
    let contest = CLASSIC
        .as_bytes()
        .chunks(9)
        .map(|r| std::str::from_utf8(r).unwrap())
        .collect::<Vec<_>>()
        .join(" ");
    for (text, lines) in [
        (format!("{rows}{CLASSIC}\n"), vec![1, 10]),
        (format!("{CLASSIC}\n{rows}"), vec![1, 2]),
        (format!("{rows}{contest}\n{rows}"), vec![1, 10, 11]),
    ] {
        let read: Vec<_> = puzzles(&text).collect();
        let found: Vec<usize> = read.iter().map(|r| r.as_ref().unwrap().line).collect();
        assert_eq!(found, lines, "{text}");
        assert!(read.iter().all(|r| r.as_ref().unwrap().grid == classic()));
    }
    // A grid missing a row is still one error.
    let short: String = rows.lines().take(8).map(|r| r.to_owned() + "\n").collect();
    assert_eq!(outline(&format!("{short}\n{CLASSIC}")).len(), 2);
}

/// A reader that hands out its input one line at a time and fails if asked for more than
/// `allowed` lines: what a pipe whose writer waits for the answer looks like.
struct Pipe {
    lines: Vec<Vec<u8>>,
    given: usize,
    allowed: usize,
    current: Vec<u8>,
    at: usize,
}

impl Read for Pipe {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(buf.len());
        buf[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for Pipe {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.at == self.current.len() {
            assert!(
                self.given < self.allowed,
                "read past line {}: the reader would block",
                self.given
            );
            self.current = self.lines.get(self.given).cloned().unwrap_or_default();
            self.given += 1;
            self.at = 0;
        }
        Ok(&self.current[self.at..])
    }

    fn consume(&mut self, amount: usize) {
        self.at += amount;
    }
}

#[test]
fn a_record_is_returned_as_soon_as_its_last_line_arrives() {
    let rows: Vec<Vec<u8>> = CLASSIC.as_bytes().chunks(9).map(|r| [r, b"\n"].concat()).collect();
    let mut lines = vec![format!("{CLASSIC}\n").into_bytes()];
    lines.extend(rows.iter().cloned());
    lines.push(format!("{CLASSIC}\n").into_bytes());
    let mut pipe = Pipe { lines, given: 0, allowed: 1, current: Vec::new(), at: 0 };
    let mut reader = read_puzzles(&mut pipe, None);
    // One line: answered without reading the next.
    assert_eq!(reader.next().unwrap().unwrap().line, 1);
    // A grid: answered after its ninth row, without reading on.
    reader_allow(&mut reader, 10);
    assert_eq!(reader.next().unwrap().unwrap().line, 2);
    reader_allow(&mut reader, 11);
    assert_eq!(reader.next().unwrap().unwrap().line, 11);
}

/// Lets the pipe behind `reader` hand out up to `allowed` lines.
fn reader_allow(reader: &mut dancer_sudoku::PuzzleReader<&mut Pipe>, allowed: usize) {
    reader.get_mut().allowed = allowed;
}
