//! Printing grids: [`line()`] (one line, what [`Grid`]'s `Display` prints) and [`pretty`] (rows
//! with box borders), both read back by [`parse_puzzle`](crate::parse_puzzle); and the
//! [`Format`] names a command line chooses between.

use std::{
    fmt::{self, Write},
    str::FromStr,
};

use crate::grid::{symbol, Grid, MAX_LINE_SIZE};
use crate::variant::Variant;

/// An output format, by name `line`, `grid` or `json` ([`FromStr`] and `Display`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Format {
    /// One line per grid: [`line()`].
    #[default]
    Line,
    /// Rows with box borders: [`pretty`].
    Grid,
    /// One JSON object per grid (built by the caller).
    Json,
}

impl Format {
    /// Every format, in the order of [`NAMES`](Self::NAMES).
    pub const ALL: [Format; 3] = [Format::Line, Format::Grid, Format::Json];

    /// The names accepted by [`FromStr`], for argument parsers' lists of possible values.
    pub const NAMES: [&'static str; 3] = ["line", "grid", "json"];

    /// The format's name.
    pub fn name(self) -> &'static str {
        match self {
            Format::Line => "line",
            Format::Grid => "grid",
            Format::Json => "json",
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A format name that is not one of [`Format::NAMES`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown format '{0}': use line, grid or json")]
pub struct UnknownFormat(pub String);

/// Reads a name of [`Format::NAMES`], ignoring ASCII case.
impl FromStr for Format {
    type Err = UnknownFormat;

    fn from_str(name: &str) -> Result<Format, UnknownFormat> {
        Format::ALL
            .into_iter()
            .find(|format| format.name().eq_ignore_ascii_case(name))
            .ok_or_else(|| UnknownFormat(name.to_owned()))
    }
}

/// The grid as one line: N² symbols for N ≤ 35 (`.` blank), else N² comma-separated numbers
/// (`0` blank); exactly what [`Grid`]'s `Display` prints.
pub fn line(grid: &Grid) -> String {
    grid.to_string()
}

/// The grid as rows of space-separated cells, ending with a newline. With boxes (a variant of
/// the grid's size with a box shape other than whole rows), `|` separates box columns and a
/// `------+-------+------` line separates box rows; jigsaw and other variants get plain rows.
/// Cells are symbols (`.` blank) for N ≤ 35, else numbers right-aligned in two columns.
///
/// ```
/// use dancer_sudoku::{parse_puzzle, pretty, Grid, Variant};
///
/// let grid = Grid::from_cells(4, vec![1, 0, 0, 4, 0, 4, 1, 0, 0, 1, 4, 0, 4, 0, 0, 1]);
/// let text = pretty(&grid, &Variant::standard(4)?);
/// assert_eq!(text, "1 . | . 4\n. 4 | 1 .\n----+----\n. 1 | 4 .\n4 . | . 1\n");
/// assert_eq!(parse_puzzle(&text)?.grid, grid);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn pretty(grid: &Grid, variant: &Variant) -> String {
    let n = grid.size();
    let boxes = variant.box_shape().filter(|_| variant.size() == n);
    // A border every `band` rows and `stack` columns; none (n) where boxes are whole rows or
    // columns, since a border there would only repeat the row or column structure.
    let within = |k: usize| if k > 1 && k < n { k } else { n };
    let (band, stack) = boxes.map_or((n, n), |(rows, cols)| (within(rows), within(cols)));
    let width = if n <= MAX_LINE_SIZE { 1 } else { 2 };
    let groups = n / stack;
    let group_width = stack * (width + 1) - 1;
    let rule = (0..groups)
        .map(|g| "-".repeat(group_width + usize::from(g > 0) + usize::from(g + 1 < groups)))
        .collect::<Vec<_>>()
        .join("+");
    let mut out = String::with_capacity((n + n / band) * (n * (width + 1) + 2 * groups + 1));
    for (r, row) in grid.cells().chunks(n).enumerate() {
        if r > 0 && r % band == 0 {
            out.push_str(&rule);
            out.push('\n');
        }
        for (c, &digit) in row.iter().enumerate() {
            if c > 0 {
                out.push_str(if c % stack == 0 { " | " } else { " " });
            }
            match (width, digit) {
                (1, _) => out.push(symbol(digit)),
                (_, 0) => out.push_str(" ."),
                // Writing to a String cannot fail.
                _ => write!(out, "{digit:>2}").expect("a String accepts writes"),
            }
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for format in Format::ALL {
            assert_eq!(format.to_string().parse::<Format>(), Ok(format));
        }
        assert_eq!("GRID".parse::<Format>(), Ok(Format::Grid));
        assert_eq!(
            "csv".parse::<Format>().unwrap_err().to_string(),
            "unknown format 'csv': use line, grid or json"
        );
        assert_eq!(Format::ALL.map(Format::name), Format::NAMES);
    }

    #[test]
    fn classic_grid_has_three_by_three_boxes() {
        let line =
            "4..95.1..8.7.2...6..34..9.852...6.3.9...7...4.1.8.3.526.5..93..2...3.4.1..1.84..5";
        let cells = line.chars().map(|c| crate::digit_of(c).unwrap()).collect();
        let text = pretty(&Grid::from_cells(9, cells), &Variant::standard(9).unwrap());
        let expected = "\
4 . . | 9 5 . | 1 . .
8 . 7 | . 2 . | . . 6
. . 3 | 4 . . | 9 . 8
------+-------+------
5 2 . | . . 6 | . 3 .
9 . . | . 7 . | . . 4
. 1 . | 8 . 3 | . 5 2
------+-------+------
6 . 5 | . . 9 | 3 . .
2 . . | . 3 . | 4 . 1
. . 1 | . 8 4 | . . 5
";
        assert_eq!(text, expected);
    }

    #[test]
    fn jigsaw_and_prime_sizes_print_plain_rows() {
        let grid = Grid::from_cells(4, (0..16u8).map(|k| k % 5).collect());
        let jigsaw = Variant::jigsaw(4, "aabb aabb ccdd ccdd").unwrap();
        assert_eq!(pretty(&grid, &jigsaw), ". 1 2 3\n4 . 1 2\n3 4 . 1\n2 3 4 .\n");
        let five = Grid::empty(5);
        assert_eq!(pretty(&five, &Variant::standard(5).unwrap()), ". . . . .\n".repeat(5));
        // A variant of another size draws no boxes rather than wrong ones.
        assert_eq!(pretty(&grid, &Variant::standard(9).unwrap()), pretty(&grid, &jigsaw));
    }

    #[test]
    fn twelve_uses_letters_and_three_by_four_boxes() {
        let grid = Grid::from_cells(12, (0..144u8).map(|k| k % 13).collect());
        let text = pretty(&grid, &Variant::standard(12).unwrap());
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], ". 1 2 3 | 4 5 6 7 | 8 9 A B");
        assert_eq!(lines[3], "--------+---------+--------");
        assert_eq!(lines.len(), 12 + 3);
    }

    #[test]
    fn large_sizes_print_aligned_numbers() {
        let mut grid = Grid::empty(36);
        grid.set(0, Some(36));
        grid.set(1, Some(7));
        let text = pretty(&grid, &Variant::standard(36).unwrap());
        let first = text.lines().next().unwrap();
        assert!(first.starts_with("36  7  .  .  .  . |  .  ."), "{first}");
        assert_eq!(text.lines().nth(6).unwrap().len(), first.len());
        assert!(line(&grid).starts_with("36,7,0,"));
    }
}
