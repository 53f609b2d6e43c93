//! Errors of describing a variant, and the conflicts that make givens invalid.

use std::fmt;

use crate::grid::{Cell, Digit, MAX_SIZE};

/// Why a [`Variant`](crate::Variant) could not be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum VariantError {
    /// The size is 0 or too large.
    #[error("grid size {size} is not supported: sizes run from 1 to {MAX_SIZE}")]
    Size {
        /// The size asked for.
        size: usize,
    },
    /// Box rows × columns is not the grid size.
    #[error("{rows}x{cols} boxes do not tile a {size}x{size} grid: need rows x columns = {size}")]
    BoxShape {
        /// The grid size.
        size: usize,
        /// Box height.
        rows: usize,
        /// Box width.
        cols: usize,
    },
    /// A jigsaw layout has the wrong number of cells.
    #[error("the jigsaw layout has {found} cells, expected {expected}")]
    LayoutLength {
        /// N².
        expected: usize,
        /// Labels found.
        found: usize,
    },
    /// A jigsaw has the wrong number of pieces.
    #[error("the jigsaw has {found} regions, expected {expected}")]
    PieceCount {
        /// N.
        expected: usize,
        /// Pieces found.
        found: usize,
    },
    /// A region has the wrong number of cells.
    #[error("{region} has {found} cells, expected {expected}")]
    RegionSize {
        /// The region, as "region 3" or "extra region 1".
        region: String,
        /// N.
        expected: usize,
        /// Cells found.
        found: usize,
    },
    /// A region lists a cell twice.
    #[error("{region} lists {cell} twice")]
    RepeatedCell {
        /// The region.
        region: String,
        /// The cell, as `r1c1`.
        cell: String,
    },
    /// A jigsaw cell belongs to two pieces.
    #[error("{cell} is in jigsaw regions {first} and {second}")]
    CellInTwoPieces {
        /// The cell.
        cell: String,
        /// One piece, from 1.
        first: usize,
        /// The other piece.
        second: usize,
    },
    /// A jigsaw cell belongs to no piece.
    #[error("{cell} is in no jigsaw region")]
    CellInNoPiece {
        /// The cell.
        cell: String,
    },
    /// A cell number outside the grid.
    #[error("cell {cell} is outside a {size}x{size} grid")]
    CellOutOfRange {
        /// The cell number.
        cell: usize,
        /// The grid size.
        size: usize,
    },
    /// Hyper windows need square boxes larger than 1×1.
    #[error(
        "hyper windows need square boxes, which a {size}x{size} grid with these regions lacks"
    )]
    HyperNeedsSquareBoxes {
        /// The grid size.
        size: usize,
    },
}

/// Two cells of one region holding the same digit: the givens break a rule directly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Conflict {
    /// The later cell, in row order.
    pub cell: Cell,
    /// The earlier cell with the same digit.
    pub earlier: Cell,
    /// The repeated digit.
    pub digit: Digit,
    /// The region both are in, as "row 1" or "box 6".
    pub region: String,
    /// The grid size, to name cells.
    pub size: usize,
}

/// As players read it: `r1c5 repeats 3 of r1c1 in row 1`.
impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = |cell: Cell| format!("r{}c{}", cell / self.size + 1, cell % self.size + 1);
        write!(
            f,
            "{} repeats {} of {} in {}",
            name(self.cell),
            self.digit,
            name(self.earlier),
            self.region
        )
    }
}

impl std::error::Error for Conflict {}
