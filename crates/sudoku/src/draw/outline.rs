//! What a picture of a [`Model`] needs to know of its shape, worked out once from its regions
//! and cages: which cells form pieces (boxes or jigsaw pieces, outlined thick), which cells
//! belong to an extra region (diagonals, hyper windows, a clueless puzzle's tenth grid:
//! shaded), which cage a cell is in and which cell carries a cage's sum.
//!
//! The model lists regions without saying what they are, so they are told apart by shape: a
//! region in one row (or one column) of consecutive cells is a line and needs no drawing; the
//! connected regions that do not overlap a region kept before them are pieces (rows, columns
//! and boxes come first in every model this crate makes, so boxes win over hyper windows);
//! every other region is extra.

use crate::grid::Cell;
use crate::model::Model;

/// How the edge between two neighbouring cells (or a cell and the outside) is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Edge {
    /// Nothing: both sides unused, or two cells of one piece and one cage.
    None,
    /// A cage's boundary inside a piece (dotted in text, dashed and inset in SVG).
    Cage,
    /// Between two cells of one piece (thin).
    Thin,
    /// A piece's boundary or the edge of the used cells (thick).
    Thick,
}

/// The shape of a model, as pictures draw it.
#[derive(Clone, Debug)]
pub struct Outline {
    width: usize,
    height: usize,
    used: Vec<bool>,
    /// The piece of each cell, if any.
    piece: Vec<Option<usize>>,
    /// Whether each cell is in an extra region.
    extra: Vec<bool>,
    /// The cage of each cell, if any (the last one listed, should cages overlap).
    cage: Vec<Option<usize>>,
    /// The cell of each cage that carries its sum: its first in reading order.
    heads: Vec<Cell>,
    pieces: usize,
}

impl Outline {
    /// The outline of `model`.
    pub fn new(model: &Model) -> Outline {
        let (width, height) = (model.width, model.height);
        let cells = width * height;
        let mut piece = vec![None; cells];
        let mut extra = vec![false; cells];
        let mut pieces = 0;
        for region in &model.regions {
            if is_line(region, width) {
                continue;
            }
            let free = region.iter().all(|&cell| piece[cell].is_none());
            if free && connected(region, width) {
                for &cell in region {
                    piece[cell] = Some(pieces);
                }
                pieces += 1;
            } else {
                for &cell in region {
                    extra[cell] = true;
                }
            }
        }
        let mut cage = vec![None; cells];
        let mut heads = Vec::with_capacity(model.cages.len());
        for (k, c) in model.cages.iter().enumerate() {
            for &cell in &c.cells {
                cage[cell] = Some(k);
            }
            heads.push(c.cells.iter().copied().min().unwrap_or(0));
        }
        let used = model.used.clone();
        Outline { width, height, used, piece, extra, cage, heads, pieces }
    }

    /// Columns of the rectangle.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Rows of the rectangle.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Whether `cell` is part of the puzzle.
    pub fn used(&self, cell: Cell) -> bool {
        self.used[cell]
    }

    /// How many pieces (boxes or jigsaw pieces) were found.
    pub fn pieces(&self) -> usize {
        self.pieces
    }

    /// Whether `cell` is in an extra region (to be shaded).
    pub fn extra(&self, cell: Cell) -> bool {
        self.extra[cell]
    }

    /// The cage `cell` is in.
    pub fn cage(&self, cell: Cell) -> Option<usize> {
        self.cage[cell]
    }

    /// The cell that carries cage `k`'s sum.
    pub fn head(&self, k: usize) -> Cell {
        self.heads[k]
    }

    /// The cell at (`row`, `col`) when both are inside the rectangle (they may be one past
    /// either end, or -1, as the neighbours of a cell on the edge are).
    pub fn at(&self, row: isize, col: isize) -> Option<Cell> {
        let row = usize::try_from(row).ok().filter(|&r| r < self.height)?;
        let col = usize::try_from(col).ok().filter(|&c| c < self.width)?;
        Some(row * self.width + col)
    }

    /// Whether the cell at (`row`, `col`), possibly outside the rectangle, is used.
    fn used_at(&self, row: isize, col: isize) -> Option<Cell> {
        self.at(row, col).filter(|&cell| self.used[cell])
    }

    /// The edge between cells `a` and `b` (either may be outside the rectangle or unused).
    fn between(&self, a: Option<Cell>, b: Option<Cell>) -> Edge {
        match (a, b) {
            (None, None) => Edge::None,
            (Some(_), None) | (None, Some(_)) => Edge::Thick,
            (Some(a), Some(b)) => {
                let pieced = self.piece[a].is_some() || self.piece[b].is_some();
                if pieced && self.piece[a] != self.piece[b] {
                    Edge::Thick
                } else if self.cage[a] != self.cage[b] {
                    Edge::Cage
                } else {
                    Edge::Thin
                }
            }
        }
    }

    /// The edge above the cell at (`row`, `col`): between it and the cell at (`row` − 1,
    /// `col`). `row` may be the height (the bottom edge of the last row).
    pub fn horizontal(&self, row: usize, col: usize) -> Edge {
        let (r, c) = (row.cast_signed(), col.cast_signed());
        self.between(self.used_at(r - 1, c), self.used_at(r, c))
    }

    /// The edge left of the cell at (`row`, `col`). `col` may be the width.
    pub fn vertical(&self, row: usize, col: usize) -> Edge {
        let (r, c) = (row.cast_signed(), col.cast_signed());
        self.between(self.used_at(r, c - 1), self.used_at(r, c))
    }

    /// Whether `a` and `b` are in one cage.
    pub fn same_cage(&self, a: Option<Cell>, b: Option<Cell>) -> bool {
        match (a, b) {
            (Some(a), Some(b)) => self.cage[a].is_some() && self.cage[a] == self.cage[b],
            _ => false,
        }
    }
}

/// Whether `region` is consecutive cells of one row or one column.
fn is_line(region: &[Cell], width: usize) -> bool {
    let width = width.max(1);
    let mut cells = region.to_vec();
    cells.sort_unstable();
    let row = cells.windows(2).all(|w| w[1] == w[0] + 1 && w[0] / width == w[1] / width);
    let col = cells.windows(2).all(|w| w[1] == w[0] + width);
    row || col
}

/// Whether `region` is connected through cells sharing an edge.
fn connected(region: &[Cell], width: usize) -> bool {
    let Some(&first) = region.first() else { return false };
    let mut seen = vec![first];
    let mut stack = vec![first];
    while let Some(cell) = stack.pop() {
        let (row, col) = (cell / width, cell % width);
        for &other in region {
            let (r, c) = (other / width, other % width);
            if row.abs_diff(r) + col.abs_diff(c) == 1 && !seen.contains(&other) {
                seen.push(other);
                stack.push(other);
            }
        }
    }
    seen.len() == region.len()
}

#[cfg(test)]
mod tests {
    use super::{Edge, Outline};
    use crate::model::{Layout, Model};
    use crate::variant::Variant;

    #[test]
    fn boxes_are_pieces_and_windows_and_diagonals_are_extra() {
        let variant = Variant::standard(9).unwrap().with_hyper().unwrap().with_diagonals().unwrap();
        let outline = Outline::new(&Model::from_variant(&variant));
        assert_eq!(outline.pieces(), 9);
        assert!(outline.extra(10), "r2c2 is in a window");
        assert!(outline.extra(0), "r1c1 is on a diagonal");
        assert!(!outline.extra(1));
        assert_eq!(outline.vertical(0, 3), Edge::Thick);
        assert_eq!(outline.vertical(0, 2), Edge::Thin);
        assert_eq!(outline.horizontal(9, 0), Edge::Thick);
    }

    #[test]
    fn a_samurai_has_41_boxes_and_unused_cells_have_no_edges() {
        let outline = Outline::new(&Layout::Samurai.model());
        assert_eq!(outline.pieces(), 41);
        // r1c10 is unused, and so is the cell below it.
        assert_eq!(outline.horizontal(1, 9), Edge::None);
        assert_eq!(outline.vertical(0, 9), Edge::Thick);
        let clueless = Outline::new(&Layout::Clueless1.model());
        assert!(clueless.extra(28), "r2c2 is the centre of the first box");
        assert!(!clueless.extra(0));
    }
}
