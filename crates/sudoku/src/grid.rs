//! [`Grid`]: the digits of a sudoku of any size, blank or filled, and their symbols.

use std::fmt;

/// The largest grid size: 64 symbols still fit in a `u8` digit and a `u64` candidate mask.
pub const MAX_SIZE: usize = 64;

/// The largest size whose symbols fit one character each in the line format: 1-9 then A-Z.
pub const MAX_LINE_SIZE: usize = 35;

/// A cell, numbered row by row from 0: cell `r * size + c` is row `r`, column `c`.
pub type Cell = usize;

/// A digit `1..=size`; 0 means blank where a `u8` cell value is stored.
pub type Digit = u8;

/// An N×N grid of digits `1..=N`, some cells possibly blank.
///
/// `Display` prints the line format: N² symbols, `.` for blank (see [`symbol`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    size: usize,
    cells: Vec<Digit>,
}

impl Grid {
    /// An empty grid of side `size`.
    ///
    /// # Panics
    /// If `size` is 0 or greater than [`MAX_SIZE`].
    pub fn empty(size: usize) -> Grid {
        assert!((1..=MAX_SIZE).contains(&size), "grid size {size} is outside 1..={MAX_SIZE}");
        Grid { size, cells: vec![0; size * size] }
    }

    /// A grid from its cells in row order, 0 for blank.
    ///
    /// # Panics
    /// If `size` is outside `1..=MAX_SIZE`, the number of cells is not `size²`, or a digit
    /// exceeds `size`. Parsers check these first and report errors with positions.
    pub fn from_cells(size: usize, cells: Vec<Digit>) -> Grid {
        assert!((1..=MAX_SIZE).contains(&size), "grid size {size} is outside 1..={MAX_SIZE}");
        assert_eq!(cells.len(), size * size, "a {size}x{size} grid has {} cells", size * size);
        // The largest digit, rather than `all`, so that the check runs many cells at a time.
        let largest = cells.iter().copied().max().unwrap_or(0);
        assert!(usize::from(largest) <= size, "digit out of range for size {size}");
        Grid { size, cells }
    }

    /// The side length N.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The cells in row order, 0 for blank.
    pub fn cells(&self) -> &[Digit] {
        &self.cells
    }

    /// The digit in `cell`, if any.
    pub fn get(&self, cell: Cell) -> Option<Digit> {
        Some(self.cells[cell]).filter(|&d| d != 0)
    }

    /// Sets `cell` to `digit` (or blank with `None`).
    ///
    /// # Panics
    /// If the cell or digit is out of range.
    pub fn set(&mut self, cell: Cell, digit: Option<Digit>) {
        let digit = digit.unwrap_or(0);
        assert!(usize::from(digit) <= self.size, "digit {digit} is out of range");
        self.cells[cell] = digit;
    }

    /// The filled cells with their digits.
    pub fn givens(&self) -> impl Iterator<Item = (Cell, Digit)> + '_ {
        self.cells.iter().enumerate().filter(|&(_, &d)| d != 0).map(|(cell, &d)| (cell, d))
    }

    /// The number of filled cells.
    pub fn given_count(&self) -> usize {
        self.cells.iter().filter(|&&d| d != 0).count()
    }

    /// Whether no cell is blank.
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|&d| d != 0)
    }

    /// The name of a cell as players write it: `r1c5` (rows and columns from 1).
    pub fn cell_name(&self, cell: Cell) -> String {
        format!("r{}c{}", cell / self.size + 1, cell % self.size + 1)
    }

    /// The grid in the line format, as `Display` prints it.
    pub fn to_line(&self) -> String {
        self.to_string()
    }
}

/// The line-format symbol of `digit`: `.` for 0, `1`-`9`, then `A` = 10 ... `Z` = 35.
///
/// # Panics
/// If `digit` exceeds [`MAX_LINE_SIZE`].
pub fn symbol(digit: Digit) -> char {
    match digit {
        0 => '.',
        1..=9 => char::from(b'0' + digit),
        10..=35 => char::from(b'A' + digit - 10),
        _ => panic!("digit {digit} has no single-character symbol"),
    }
}

/// The line-format symbol of a digit up to [`MAX_LINE_SIZE`], as a byte: arithmetic rather
/// than a table or a `char`, so that a row of cells converts many at a time.
fn symbol_byte(digit: Digit) -> u8 {
    // After `9` come 7 characters (`:` to `@`) before `A`.
    let letter = u8::from(digit > 9) * 7;
    if digit == 0 {
        b'.'
    } else {
        b'0' + digit + letter
    }
}

/// The digit of a line-format symbol: `.`, `0` and `_` are blank (0); `1`-`9`; `A`/`a` = 10
/// ... `Z`/`z` = 35. `None` for any other character.
pub fn digit_of(symbol: char) -> Option<Digit> {
    match symbol {
        '.' | '0' | '_' => Some(0),
        '1'..='9' => Some(symbol as u8 - b'0'),
        'A'..='Z' => Some(symbol as u8 - b'A' + 10),
        'a'..='z' => Some(symbol as u8 - b'a' + 10),
        _ => None,
    }
}

/// The line format for sizes up to [`MAX_LINE_SIZE`]; larger grids print their numbers
/// separated by commas, which the grid format reads back.
impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.size <= MAX_LINE_SIZE {
            // The symbols are ASCII: written as bytes, a chunk at a time, without a `String`.
            let mut chunk = [0; 256];
            for cells in self.cells.chunks(chunk.len()) {
                for (byte, &digit) in chunk.iter_mut().zip(cells) {
                    *byte = symbol_byte(digit);
                }
                let text = std::str::from_utf8(&chunk[..cells.len()]).map_err(|_| fmt::Error)?;
                f.write_str(text)?;
            }
            return Ok(());
        }
        let numbers: Vec<String> = self.cells.iter().map(u8::to_string).collect();
        f.write_str(&numbers.join(","))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symbols_round_trip() {
        for digit in 0..=35 {
            assert_eq!(digit_of(symbol(digit)), Some(digit));
        }
        assert_eq!(digit_of('g'), Some(16));
        assert_eq!(digit_of('_'), Some(0));
        assert_eq!(digit_of('#'), None);
    }

    #[test]
    fn line_and_cell_names() {
        let mut grid = Grid::empty(4);
        grid.set(5, Some(3));
        assert_eq!(grid.to_string(), ".....3..........");
        assert_eq!(grid.cell_name(5), "r2c2");
        assert_eq!(grid.givens().collect::<Vec<_>>(), [(5, 3)]);
        assert!(!grid.is_complete());
    }

    #[test]
    fn large_grids_print_numbers() {
        let mut grid = Grid::empty(36);
        grid.set(0, Some(36));
        assert!(grid.to_string().starts_with("36,0,0"));
    }
}
