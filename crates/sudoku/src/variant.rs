//! [`Variant`]: the rules of a sudoku as data: its size and its regions (rows, columns, boxes
//! or jigsaw pieces, and any extra regions), each holding every digit exactly once.

pub use self::region::{Region, RegionKind};
use crate::error::VariantError;
use crate::grid::{Cell, MAX_SIZE};

mod region;
#[cfg(test)]
mod tests;

/// The box shape of [`Variant::standard`]: the most nearly square boxes, no taller than wide
/// (rows, columns).
pub(crate) fn standard_box_shape(size: usize) -> (usize, usize) {
    let rows = (1..=size).filter(|&r| size.is_multiple_of(r) && r * r <= size).max().unwrap_or(1);
    (rows, size / rows)
}

/// The rules of one kind of sudoku: an N×N grid whose rows, columns, boxes (or jigsaw pieces)
/// and extra regions each hold the digits 1..=N exactly once.
///
/// ```
/// use dancer_sudoku::Variant;
///
/// let classic = Variant::standard(9)?;
/// assert_eq!(classic.box_shape(), Some((3, 3)));
/// let x_hyper = Variant::standard(9)?.with_diagonals()?.with_hyper()?;
/// assert_eq!(x_hyper.regions().len(), 27 + 2 + 4);
/// # Ok::<(), dancer_sudoku::VariantError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variant {
    size: usize,
    box_shape: Option<(usize, usize)>,
    regions: Vec<Region>,
    /// `cell_regions[cell_starts[c]..cell_starts[c + 1]]` are the regions holding cell `c`.
    cell_regions: Vec<u32>,
    cell_starts: Vec<u32>,
}

impl Variant {
    /// Classic rules for side `size`: rows, columns and the most nearly square R×C boxes with
    /// R ≤ C (3×3 for 9, 2×3 for 6, 3×4 for 12, 1×N for a prime N).
    ///
    /// # Errors
    /// If `size` is outside `1..=64`.
    pub fn standard(size: usize) -> Result<Variant, VariantError> {
        check_size(size)?;
        let (rows, cols) = standard_box_shape(size);
        Variant::with_boxes(size, rows, cols)
    }

    /// Rows and columns only: a Latin square, to which regions can be added.
    ///
    /// # Errors
    /// If `size` is outside `1..=64`.
    pub fn latin(size: usize) -> Result<Variant, VariantError> {
        check_size(size)?;
        Variant::lines(size, Vec::new(), RegionKind::Box)
    }

    /// Rows, columns and `rows`×`cols` boxes (`rows` tall, `cols` wide).
    ///
    /// # Errors
    /// If `size` is outside `1..=64` or `rows * cols != size`.
    pub fn with_boxes(size: usize, rows: usize, cols: usize) -> Result<Variant, VariantError> {
        check_size(size)?;
        if rows * cols != size {
            return Err(VariantError::BoxShape { size, rows, cols });
        }
        let boxes = (0..size).map(|b| {
            let (top, left) = (b / (size / cols) * rows, b % (size / cols) * cols);
            (0..size).map(|k| (top + k / cols) * size + left + k % cols).collect()
        });
        let mut variant = Variant::lines(size, boxes, RegionKind::Box)?;
        variant.box_shape = Some((rows, cols));
        Ok(variant)
    }

    /// Rows, columns and jigsaw pieces given as a layout: one piece label per cell in row order
    /// (any characters but blanks; a label's first appearance numbers its piece).
    ///
    /// # Errors
    /// If the layout does not have `size²` labels, does not have exactly `size` pieces, or a
    /// piece does not have `size` cells.
    pub fn jigsaw(size: usize, layout: &str) -> Result<Variant, VariantError> {
        check_size(size)?;
        let labels: Vec<char> = layout.chars().filter(|c| !c.is_whitespace()).collect();
        if labels.len() != size * size {
            return Err(VariantError::LayoutLength { expected: size * size, found: labels.len() });
        }
        let mut names: Vec<char> = Vec::new();
        let mut pieces: Vec<Vec<Cell>> = Vec::new();
        for (cell, label) in labels.into_iter().enumerate() {
            let piece = names.iter().position(|&n| n == label).unwrap_or_else(|| {
                names.push(label);
                pieces.push(Vec::new());
                names.len() - 1
            });
            pieces[piece].push(cell);
        }
        if pieces.len() != size {
            return Err(VariantError::PieceCount { expected: size, found: pieces.len() });
        }
        Variant::jigsaw_pieces(size, pieces)
    }

    /// Rows, columns and jigsaw pieces given as cell lists; they must partition the grid.
    ///
    /// # Errors
    /// If there are not `size` pieces of `size` cells, a cell is out of range, or a cell is in
    /// two pieces or in none.
    pub fn jigsaw_pieces(size: usize, pieces: Vec<Vec<Cell>>) -> Result<Variant, VariantError> {
        check_size(size)?;
        if pieces.len() != size {
            return Err(VariantError::PieceCount { expected: size, found: pieces.len() });
        }
        let mut owner = vec![usize::MAX; size * size];
        for (k, piece) in pieces.iter().enumerate() {
            for &cell in piece {
                if cell >= size * size {
                    return Err(VariantError::CellOutOfRange { cell, size });
                }
                if owner[cell] != usize::MAX {
                    return Err(VariantError::CellInTwoPieces {
                        cell: cell_name(size, cell),
                        first: owner[cell] + 1,
                        second: k + 1,
                    });
                }
                owner[cell] = k;
            }
        }
        if let Some(cell) = owner.iter().position(|&o| o == usize::MAX) {
            return Err(VariantError::CellInNoPiece { cell: cell_name(size, cell) });
        }
        Variant::lines(size, pieces, RegionKind::Piece)
    }

    /// A variant of side `size` with `regions` in this order, each with its kind, and the
    /// boxes' shape when its boxes are R×C boxes: what a plain [`Model`](crate::Model) reads
    /// as. The caller puts the rows first, then the columns, each in order (the logical
    /// techniques read rows and columns by their place).
    ///
    /// # Errors
    /// As [`with_regions`](Self::with_regions).
    pub(crate) fn from_regions(
        size: usize,
        box_shape: Option<(usize, usize)>,
        regions: Vec<(RegionKind, Vec<Cell>)>,
    ) -> Result<Variant, VariantError> {
        check_size(size)?;
        let mut variant = Variant {
            size,
            box_shape,
            regions: Vec::new(),
            cell_regions: Vec::new(),
            cell_starts: Vec::new(),
        };
        variant.push_regions(regions)?;
        Ok(variant)
    }

    /// Rows and columns plus the given partition regions of `kind`.
    fn lines(
        size: usize,
        parts: impl IntoIterator<Item = Vec<Cell>, IntoIter: ExactSizeIterator>,
        kind: RegionKind,
    ) -> Result<Variant, VariantError> {
        let rows = (0..size).map(|r| (RegionKind::Row, (0..size).map(|c| r * size + c).collect()));
        let cols =
            (0..size).map(|c| (RegionKind::Column, (0..size).map(|r| r * size + c).collect()));
        let parts = parts.into_iter().map(|cells| (kind, cells));
        let mut variant = Variant {
            size,
            box_shape: None,
            regions: Vec::new(),
            cell_regions: Vec::new(),
            cell_starts: Vec::new(),
        };
        variant.push_regions(rows.chain(cols).chain(parts))?;
        Ok(variant)
    }

    /// Adds both main diagonals as regions (sudoku X).
    ///
    /// # Errors
    /// Never for a valid variant; kept fallible like the other additions.
    pub fn with_diagonals(mut self) -> Result<Variant, VariantError> {
        let n = self.size;
        let main = (0..n).map(|k| k * n + k).collect();
        let anti = (0..n).map(|k| k * n + n - 1 - k).collect();
        self.push_regions([(RegionKind::Diagonal, main), (RegionKind::Diagonal, anti)])?;
        Ok(self)
    }

    /// Adds the hyper (windoku) windows: for B×B boxes, the (B−1)² extra B×B windows that start
    /// one cell inside each box and are separated by one line; for 9×9 the four windows at rows
    /// and columns 2–4 and 6–8. A variant without boxes (a jigsaw, a Latin square) of side B²
    /// gets the same windows, which depend on the grid alone.
    ///
    /// # Errors
    /// If the variant has boxes that are not square, or no boxes and a side that is not a
    /// square.
    pub fn with_hyper(mut self) -> Result<Variant, VariantError> {
        let root = self.size.isqrt();
        let b = match self.box_shape {
            Some((r, c)) if r == c && r > 1 => r,
            None if root > 1 && root * root == self.size => root,
            _ => return Err(VariantError::HyperNeedsSquareBoxes { size: self.size }),
        };
        let n = self.size;
        let starts: Vec<usize> = (0..b - 1).map(|k| 1 + k * (b + 1)).collect();
        let mut windows = Vec::new();
        for &top in &starts {
            for &left in &starts {
                let cells = (0..n).map(|k| (top + k / b) * n + left + k % b).collect();
                windows.push((RegionKind::Window, cells));
            }
        }
        self.push_regions(windows)?;
        Ok(self)
    }

    /// Adds regions given as cell lists; each must have `size` distinct cells.
    ///
    /// # Errors
    /// If a region has the wrong number of cells, repeats a cell, or names a cell outside the
    /// grid.
    pub fn with_regions(mut self, regions: Vec<Vec<Cell>>) -> Result<Variant, VariantError> {
        self.push_regions(regions.into_iter().map(|cells| (RegionKind::Extra, cells)))?;
        Ok(self)
    }

    fn push_regions(
        &mut self,
        regions: impl IntoIterator<Item = (RegionKind, Vec<Cell>)>,
    ) -> Result<(), VariantError> {
        let n = self.size;
        let regions = regions.into_iter();
        // Room for all at once: grown one by one, a 9×9's 27 regions take four allocations of
        // four sizes, each a fresh allocator page in a one-puzzle run.
        self.regions.reserve(regions.size_hint().0);
        for (kind, mut cells) in regions {
            let number = self.regions.iter().filter(|r| r.kind == kind).count() + 1;
            let region = Region { kind, number, cells: Vec::new() };
            if cells.len() != n {
                return Err(VariantError::RegionSize {
                    region: region.to_string(),
                    expected: n,
                    found: cells.len(),
                });
            }
            if let Some(&cell) = cells.iter().find(|&&cell| cell >= n * n) {
                return Err(VariantError::CellOutOfRange { cell, size: n });
            }
            cells.sort_unstable();
            if let Some(pair) = cells.windows(2).find(|w| w[0] == w[1]) {
                return Err(VariantError::RepeatedCell {
                    region: region.to_string(),
                    cell: cell_name(n, pair[0]),
                });
            }
            self.regions.push(Region { cells, ..region });
        }
        self.index_cells();
        Ok(())
    }

    /// Rebuilds the cell → regions index.
    fn index_cells(&mut self) {
        // Counted, then filled in place: one allocation each instead of a list per cell.
        let cells = self.size * self.size;
        let mut starts = vec![0u32; cells + 1];
        for region in &self.regions {
            for &cell in &region.cells {
                starts[cell + 1] += 1;
            }
        }
        for cell in 0..cells {
            starts[cell + 1] += starts[cell];
        }
        let mut next = starts.clone();
        let mut lists = vec![0u32; starts[cells] as usize];
        for (k, region) in self.regions.iter().enumerate() {
            for &cell in &region.cells {
                lists[next[cell] as usize] = k as u32;
                next[cell] += 1;
            }
        }
        self.cell_starts = starts;
        self.cell_regions = lists;
    }

    /// Whether this is [`Variant::standard`] of its size, region for region (the same as
    /// comparing with one, without building it: every solve of one classic puzzle asks).
    pub fn is_standard(&self) -> bool {
        let n = self.size;
        let (rows, cols) = standard_box_shape(n);
        let kinds = [RegionKind::Row, RegionKind::Column, RegionKind::Box];
        let cell = |kind: RegionKind, i: usize, j: usize| match kind {
            RegionKind::Row => i * n + j,
            RegionKind::Column => j * n + i,
            _ => (i / (n / cols) * rows + j / cols) * n + i % (n / cols) * cols + j % cols,
        };
        self.box_shape == Some((rows, cols))
            && self.regions.len() == kinds.len() * n
            && self.regions.iter().enumerate().all(|(k, region)| {
                let (kind, i) = (kinds[k / n], k % n);
                region.kind == kind
                    && region.number == i + 1
                    && region.cells.len() == n
                    && region.cells.iter().enumerate().all(|(j, &c)| c == cell(kind, i, j))
            })
    }

    /// The side length N.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The box shape (rows, columns) for boxed variants; `None` for jigsaw.
    pub fn box_shape(&self) -> Option<(usize, usize)> {
        self.box_shape
    }

    /// Every region: rows, then columns, then boxes or pieces, then any additions in order.
    pub fn regions(&self) -> &[Region] {
        &self.regions
    }

    /// The indices (into [`regions`](Self::regions)) of the regions holding `cell`.
    pub fn regions_of(&self, cell: Cell) -> &[u32] {
        &self.cell_regions[self.cell_starts[cell] as usize..self.cell_starts[cell + 1] as usize]
    }
}

fn check_size(size: usize) -> Result<(), VariantError> {
    if (1..=MAX_SIZE).contains(&size) {
        Ok(())
    } else {
        Err(VariantError::Size { size })
    }
}

fn cell_name(size: usize, cell: Cell) -> String {
    format!("r{}c{}", cell / size + 1, cell % size + 1)
}
