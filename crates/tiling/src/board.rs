//! [`Board`]: the cells to cover (and those that may stay empty), in the plane or in space.

use std::collections::HashMap;

use crate::error::TilingError;
use crate::geometry::Cell;

/// Whether a board's cell must be covered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CellKind {
    /// Covered by exactly one piece.
    Required,
    /// Covered by at most one piece: the pieces pack the board rather than tile it.
    Optional,
}

/// The cells pieces are placed on: a set of grid cells, each required or optional, in two
/// dimensions (squares) or three (cubes). Cells are numbered in reading order: by layer
/// (`z`), then row (`y`), then column (`x`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    cells: Vec<Cell>,
    kinds: Vec<CellKind>,
    index: HashMap<Cell, usize>,
    dimensions: usize,
}

impl Board {
    /// A board of the given cells (repeats ignored); three-dimensional when some cell has
    /// `z ≠ 0`.
    pub fn new(cells: impl IntoIterator<Item = (Cell, CellKind)>) -> Board {
        let mut list: Vec<(Cell, CellKind)> = cells.into_iter().collect();
        list.sort_by_key(|&([x, y, z], _)| (z, y, x));
        list.dedup_by_key(|(cell, _)| *cell);
        let dimensions = if list.iter().any(|(c, _)| c[2] != 0) { 3 } else { 2 };
        let cells: Vec<Cell> = list.iter().map(|&(c, _)| c).collect();
        let index = cells.iter().enumerate().map(|(k, &c)| (c, k)).collect();
        Board { kinds: list.into_iter().map(|(_, kind)| kind).collect(), cells, index, dimensions }
    }

    /// A `width` × `height` rectangle, every cell required.
    pub fn rectangle(width: usize, height: usize) -> Board {
        Board::cuboid(width, height, 1)
    }

    /// A `width` × `height` × `depth` box, every cell required (a rectangle when `depth` is
    /// 1). A box of depth 1 is planar: its pieces turn in the plane only.
    pub fn cuboid(width: usize, height: usize, depth: usize) -> Board {
        let cells = (0..depth).flat_map(|z| {
            (0..height)
                .flat_map(move |y| (0..width).map(move |x| (cell(x, y, z), CellKind::Required)))
        });
        let mut board = Board::new(cells);
        if depth > 1 {
            board.dimensions = 3;
        }
        board
    }

    /// A board drawn as text: one line per row, `.` a cell to cover, `o` a cell that may stay
    /// empty, `#` or a blank a hole (no cell). The layers of a board in space are separated
    /// by a line holding only `+`. Leading and trailing blank lines are ignored.
    ///
    /// ```
    /// use dancer_tiling::Board;
    ///
    /// // Scott's board: 8×8 without its centre 2×2.
    /// let board = Board::from_text("........\n........\n........\n...##...\n...##...\n........\n........\n........")?;
    /// assert_eq!(board.len(), 60);
    /// # Ok::<(), dancer_tiling::TilingError>(())
    /// ```
    ///
    /// # Errors
    /// [`TilingError::Picture`] for any other character (with its line and column), and for a
    /// board with no cell.
    pub fn from_text(text: &str) -> Result<Board, TilingError> {
        Board::from_lines(text.lines().enumerate().map(|(k, line)| (k + 1, line)))
    }

    /// The board of numbered picture lines (as in a `dlx tile` file).
    pub(crate) fn from_lines<'a>(
        lines: impl IntoIterator<Item = (usize, &'a str)>,
    ) -> Result<Board, TilingError> {
        let mut cells = Vec::new();
        let (mut z, mut y, mut layered) = (0, 0, false);
        let lines: Vec<(usize, &str)> = lines.into_iter().collect();
        let first = lines.iter().position(|(_, l)| !l.trim().is_empty()).unwrap_or(lines.len());
        let last = lines.iter().rposition(|(_, l)| !l.trim().is_empty()).map_or(first, |k| k + 1);
        for &(number, line) in &lines[first..last] {
            if line.trim() == "+" {
                (z, y, layered) = (z + 1, 0, true);
                continue;
            }
            for (x, ch) in line.chars().enumerate() {
                let kind = match ch {
                    '.' => CellKind::Required,
                    'o' => CellKind::Optional,
                    '#' | ' ' => continue,
                    _ => {
                        let what =
                            format!("'{ch}' in a board (. a cell, o an optional cell, # a hole)");
                        return Err(TilingError::Picture { line: number, column: x + 1, what });
                    }
                };
                cells.push((cell(x, y, z), kind));
            }
            y += 1;
        }
        if cells.is_empty() {
            let line = lines.first().map_or(1, |&(n, _)| n);
            return Err(TilingError::Picture {
                line,
                column: 1,
                what: "a board with no cell".into(),
            });
        }
        let mut board = Board::new(cells);
        if layered {
            board.dimensions = 3;
        }
        Ok(board)
    }

    /// The number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether the board has no cell (never, for a board read from text).
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The cells, in reading order.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The kind of cell `k`.
    pub fn kind(&self, k: usize) -> CellKind {
        self.kinds[k]
    }

    /// The number of the cell at `cell`, if it is on the board.
    pub fn index(&self, cell: Cell) -> Option<usize> {
        self.index.get(&cell).copied()
    }

    /// 2 for a board in the plane, 3 in space.
    pub fn dimensions(&self) -> usize {
        self.dimensions
    }

    /// The number of required cells.
    pub fn required(&self) -> usize {
        self.kinds.iter().filter(|&&k| k == CellKind::Required).count()
    }

    /// The least and greatest coordinates along each axis.
    pub(crate) fn extent(&self) -> (Cell, Cell) {
        let low = [0, 1, 2].map(|k| self.cells.iter().map(|c| c[k]).min().unwrap_or(0));
        let high = [0, 1, 2].map(|k| self.cells.iter().map(|c| c[k]).max().unwrap_or(0));
        (low, high)
    }
}

fn cell(x: usize, y: usize, z: usize) -> Cell {
    [x, y, z].map(|v| i32::try_from(v).unwrap_or(i32::MAX))
}
