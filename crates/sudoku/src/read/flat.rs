//! Readers of the one-line flat files of plain variants beside the killers: janko.at's jigsaws
//! (`janko_jigsaw.txt`) and sudokus up to 16×16 (`janko_sudoku_16x16.txt`), and krazydad's
//! 16×16 sudokus (`krazydad_16x16.txt`, no solutions). Their layouts are in docs/formats.md.
//! Symbols are `1`–`9` then `A`... (or `a`...), `.` blank.

use super::janko::JANKO_JIGSAW_X;
use super::published::{error, fields, number, ReadError, Record};
use crate::grid::{digit_of, Digit};
use crate::model::Model;
use crate::variant::Variant;

/// A line of `janko_jigsaw.txt`: `N key source givens regions solution`, each N² symbols; the
/// regions are piece ids `1`–`9`, `A`... The 15 jigsaw-X keys (651–655, 661–665, 671–675)
/// also have both diagonals, as janko.at publishes them.
///
/// # Errors
/// A missing field, a size out of range, a grid of the wrong length, a bad symbol or pieces
/// that do not partition the grid.
pub fn janko_jigsaw(line: &str) -> Result<Record, ReadError> {
    let fields = fields(line);
    let [(_, size), (_, key), _, (givens_at, givens), (regions_at, regions), (solution_at, solution)] =
        fields[..]
    else {
        return Err(error(1, "expected N, key, source, givens, regions, solution".to_owned()));
    };
    let n: usize = number(1, size)?;
    let mut variant = Variant::jigsaw(n, regions).map_err(|e| error(regions_at, e.to_string()))?;
    if JANKO_JIGSAW_X.contains(&key) {
        variant = variant.with_diagonals().map_err(|e| error(regions_at, e.to_string()))?;
    }
    record(key, &variant, (givens_at, givens), Some((solution_at, solution)))
}

/// A line of `janko_sudoku_16x16.txt`: `N key source puzzle solution` (N² symbols each), with
/// standard boxes.
///
/// # Errors
/// A missing field, a size out of range, a grid of the wrong length or a bad symbol.
pub fn janko_sudoku(line: &str) -> Result<Record, ReadError> {
    let fields = fields(line);
    let [(_, size), (_, key), _, puzzle, solution] = fields[..] else {
        return Err(error(1, "expected N, key, source, puzzle, solution".to_owned()));
    };
    let n: usize = number(1, size)?;
    let variant = Variant::standard(n).map_err(|e| error(1, e.to_string()))?;
    record(key, &variant, puzzle, Some(solution))
}

/// A line of `krazydad_16x16.txt`: `difficulty volume book number puzzle`, the puzzle 256
/// symbols `0`–`9`, `a`–`f` standing for 1 to 16 (`.` blank); named
/// `difficulty-volume-book-number`. There is no solution.
///
/// # Errors
/// A missing field, a puzzle of the wrong length or a bad symbol.
pub fn krazydad_16x16(line: &str) -> Result<Record, ReadError> {
    let fields = fields(line);
    let [(_, level), (_, volume), (_, book), (_, index), (at, puzzle)] = fields[..] else {
        return Err(error(1, "expected difficulty, volume, book, number, puzzle".to_owned()));
    };
    let variant = Variant::standard(16).map_err(|e| error(1, e.to_string()))?;
    // Shift krazydad's 0-based hexadecimal symbols onto ours, keeping the columns.
    let shifted: String = puzzle
        .chars()
        .map(|c| match c.to_digit(16) {
            Some(d) => crate::symbol(d as Digit + 1),
            None if c == '.' => '.',
            None => '?',
        })
        .collect();
    let name = format!("{level}-{volume}-{book}-{index}");
    record(&name, &variant, (at, &shifted), None)
}

/// The record of a puzzle of `variant` with its givens and solution written in symbols.
fn record(
    name: &str,
    variant: &Variant,
    (givens_at, givens): (usize, &str),
    solution: Option<(usize, &str)>,
) -> Result<Record, ReadError> {
    let n = variant.size();
    let mut model = Model::from_variant(variant);
    let givens = symbols(givens_at, givens, n, true)?;
    for (slot, digit) in model.givens.iter_mut().zip(givens) {
        *slot = (digit != 0).then_some(digit);
    }
    let solution = solution.map(|(at, text)| symbols(at, text, n, false)).transpose()?;
    Ok(Record { name: name.to_owned(), model, solution, generated: None })
}

/// N² symbols of digits 1..=n (and `.` for blank, as 0, when `blanks`).
fn symbols(column: usize, text: &str, n: usize, blanks: bool) -> Result<Vec<Digit>, ReadError> {
    let count = text.chars().count();
    if count != n * n {
        return Err(error(column, format!("{count} symbols, not the {} of a {n}x{n}", n * n)));
    }
    text.chars()
        .enumerate()
        .map(|(k, c)| match digit_of(c) {
            Some(0) if blanks => Ok(0),
            Some(d) if d != 0 && usize::from(d) <= n => Ok(d),
            _ => Err(error(column + k, format!("'{c}' is not a symbol of a {n}x{n}"))),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Lines made here in each layout read into their variant, givens and solution; bad
    /// fields are named by their column.
    #[test]
    fn flat_lines_read_with_their_places() {
        let jigsaw = janko_jigsaw("4 9_4x4 - 1...............  1112122233343444 1234341221434321");
        let record = jigsaw.unwrap();
        assert_eq!((record.name.as_str(), record.model.regions.len()), ("9_4x4", 12));
        assert_eq!(record.model.givens[0], Some(1));
        assert_eq!(record.solution.as_deref().map(<[u8]>::len), Some(16));
        let x = janko_jigsaw("6 651_6x6 - ....................................  111222111222333444333444555666555666 123456456123231564564231312645645312");
        assert_eq!(x.unwrap().model.regions.len(), 20, "jigsaw-X: both diagonals");
        let sudoku =
            janko_sudoku(&format!("16 1_16x16 - G{} {}", ".".repeat(255), "1".repeat(256)));
        assert_eq!(sudoku.unwrap().model.givens[0], Some(16));
        let kd = krazydad_16x16(&format!("IM 1 2 3 0f{}", ".".repeat(254))).unwrap();
        assert_eq!(
            (kd.name.as_str(), kd.model.givens[0], kd.model.givens[1]),
            ("IM-1-2-3", Some(1), Some(16))
        );
        let column = |read: Result<Record, ReadError>| read.unwrap_err().column;
        assert_eq!(column(janko_sudoku("4 k - 1..x............ 1234341221434321")), 10);
        assert_eq!(column(janko_sudoku("4 k - 1... 1234341221434321")), 7, "too short");
        assert_eq!(column(krazydad_16x16(&format!("IM 1 2 3 g{}", ".".repeat(255)))), 10);
        assert_eq!(column(janko_jigsaw("4 k - 1")), 1);
    }
}
