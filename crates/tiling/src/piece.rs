//! [`Piece`]: a shape of cells, the turns it may take and how many times it is used.

use crate::error::TilingError;
use crate::geometry::{normalized, Cell};

/// How many times a piece is used: from `low` to `high` copies (no bound when `high` is
/// `None`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Count {
    /// The fewest copies.
    pub low: u32,
    /// The most copies, if bounded.
    pub high: Option<u32>,
}

impl Count {
    /// Exactly once (the default).
    pub const ONCE: Count = Count { low: 1, high: Some(1) };
    /// Any number of times, none included.
    pub const ANY: Count = Count { low: 0, high: None };

    /// Exactly `k` times.
    pub fn exactly(k: u32) -> Count {
        Count { low: k, high: Some(k) }
    }

    /// At most `k` times.
    pub fn at_most(k: u32) -> Count {
        Count { low: 0, high: Some(k) }
    }

    /// From `low` to `high` times.
    pub fn range(low: u32, high: Option<u32>) -> Count {
        Count { low, high }
    }
}

impl Default for Count {
    fn default() -> Count {
        Count::ONCE
    }
}

/// A piece: its cells (a polyomino in the plane, a polycube in space), whether it may be
/// turned and mirrored, and how many times it is used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    cells: Vec<Cell>,
    /// Whether the piece may be rotated.
    pub rotate: bool,
    /// Whether the piece may be mirrored (turned over, in the plane).
    pub reflect: bool,
    /// How many times it is used.
    pub count: Count,
}

impl Piece {
    /// A piece of these cells, turned and mirrored freely, used once.
    pub fn new(cells: impl IntoIterator<Item = Cell>) -> Piece {
        let cells: Vec<Cell> = cells.into_iter().collect();
        Piece { cells: normalized(&cells), rotate: true, reflect: true, count: Count::ONCE }
    }

    /// A piece drawn as text: rows separated by newlines or `/`, `#` (or any letter) a cell,
    /// `.` or a blank none; layers in space separated by `+` rows.
    ///
    /// ```
    /// use dancer_tiling::Piece;
    ///
    /// let f = Piece::from_text(".##/##./.#.")?;
    /// assert_eq!(f.cells().len(), 5);
    /// # Ok::<(), dancer_tiling::TilingError>(())
    /// ```
    ///
    /// # Errors
    /// [`TilingError::Picture`] for a picture with no cell.
    pub fn from_text(text: &str) -> Result<Piece, TilingError> {
        let (mut cells, mut y, mut z) = (Vec::new(), 0, 0);
        for row in text.split(['\n', '/']) {
            if row.trim() == "+" {
                (y, z) = (0, z + 1);
                continue;
            }
            for (x, ch) in (0..).zip(row.chars()) {
                if !matches!(ch, '.' | ' ' | '\r') {
                    cells.push([x, y, z]);
                }
            }
            y += 1;
        }
        if cells.is_empty() {
            return Err(TilingError::Picture {
                line: 1,
                column: 1,
                what: "a piece with no cell".into(),
            });
        }
        Ok(Piece::new(cells))
    }

    /// The cells, moved to the origin and sorted.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The piece with rotations allowed or not.
    #[must_use]
    pub fn rotate(mut self, yes: bool) -> Piece {
        self.rotate = yes;
        self
    }

    /// The piece with mirror images allowed or not.
    #[must_use]
    pub fn reflect(mut self, yes: bool) -> Piece {
        self.reflect = yes;
        self
    }

    /// The piece used `count` times.
    #[must_use]
    pub fn count(mut self, count: Count) -> Piece {
        self.count = count;
        self
    }
}
