//! [`Transform`]: the moves that map every valid sudoku with R×C boxes to a valid one, with
//! composition and inverses; [`canonical`](crate::canonical) picks a least grid under them.

use rand::{seq::SliceRandom, Rng, RngExt};

use crate::grid::{Digit, Grid, MAX_SIZE};

/// A validity-preserving transformation of N×N grids with R×C boxes (R rows tall, C columns
/// wide): relabel the digits, permute rows within bands and the bands (of R rows), permute
/// columns within stacks and the stacks (of C columns), and transpose (only when R == C, since
/// transposing turns R×C boxes into C×R ones). Rotations and mirrors are compositions of these.
///
/// Cell (i, j) of [`apply`](Self::apply)'s result holds `digits()[d]` where `d` is cell
/// (`rows()[i]`, `cols()[j]`) of the input, or of the input's transpose when
/// [`transposes`](Self::transposes). Blanks stay blank.
///
/// Every constructor panics unless `box_rows * box_cols == size` with `size` in
/// `1..=MAX_SIZE`; those with other conditions say so.
///
/// ```
/// use dancer_sudoku::{Grid, Transform};
///
/// let grid = Grid::from_cells(4, vec![1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]);
/// let quarter = Transform::rotate90(4, 2, 2);
/// let turned = quarter.apply(&grid);
/// assert_eq!(turned.to_string(), "4231314224131324");
/// assert_eq!(quarter.inverse().apply(&turned), grid);
/// assert_eq!(quarter.then(&quarter), Transform::rotate180(4, 2, 2));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Transform {
    box_rows: usize,
    box_cols: usize,
    /// `digits[d]` is the new digit of `d`; `digits[0] == 0` keeps blanks blank.
    digits: Vec<Digit>,
    /// Row `i` of the result is row `rows[i]` of the (transposed, if `transpose`) input.
    rows: Vec<usize>,
    /// Column `j` of the result is column `cols[j]` of the (transposed) input.
    cols: Vec<usize>,
    transpose: bool,
}

impl Transform {
    /// The transformation that changes nothing.
    ///
    /// # Panics
    /// If `box_rows * box_cols != size` or `size` is outside `1..=MAX_SIZE`.
    pub fn identity(size: usize, box_rows: usize, box_cols: usize) -> Transform {
        assert!((1..=MAX_SIZE).contains(&size), "grid size {size} is outside 1..={MAX_SIZE}");
        assert_eq!(box_rows * box_cols, size, "{box_rows}x{box_cols} boxes do not tile {size}");
        Transform {
            box_rows,
            box_cols,
            digits: (0..=size).map(|d| d as Digit).collect(),
            rows: (0..size).collect(),
            cols: (0..size).collect(),
            transpose: false,
        }
    }

    /// A uniformly random element of the group: every component (digit relabelling, band
    /// order, row order in each band, stack order, column order in each stack, and
    /// transposition when the boxes are square) is drawn uniformly and independently.
    pub fn random<R: Rng + ?Sized>(
        rng: &mut R,
        size: usize,
        box_rows: usize,
        box_cols: usize,
    ) -> Transform {
        let mut t = Transform::identity(size, box_rows, box_cols);
        t.digits[1..].shuffle(rng);
        t.rows = random_lines(rng, size / box_rows, box_rows);
        t.cols = random_lines(rng, size / box_cols, box_cols);
        t.transpose = box_rows == box_cols && rng.random();
        t
    }

    /// A quarter turn clockwise: the first column, read upwards, becomes the first row.
    ///
    /// # Panics
    /// If the boxes are not square.
    pub fn rotate90(size: usize, box_rows: usize, box_cols: usize) -> Transform {
        let mut t = Transform::transpose(size, box_rows, box_cols);
        t.cols.reverse();
        t
    }

    /// A half turn.
    ///
    pub fn rotate180(size: usize, box_rows: usize, box_cols: usize) -> Transform {
        let mut t = Transform::identity(size, box_rows, box_cols);
        t.rows.reverse();
        t.cols.reverse();
        t
    }

    /// The left-right mirror image (as an image editor's "flip horizontally"): the columns in
    /// reverse order.
    ///
    pub fn mirror_horizontal(size: usize, box_rows: usize, box_cols: usize) -> Transform {
        let mut t = Transform::identity(size, box_rows, box_cols);
        t.cols.reverse();
        t
    }

    /// The upside-down mirror image ("flip vertically"): the rows in reverse order.
    ///
    pub fn mirror_vertical(size: usize, box_rows: usize, box_cols: usize) -> Transform {
        let mut t = Transform::identity(size, box_rows, box_cols);
        t.rows.reverse();
        t
    }

    /// The reflection in the main diagonal: rows become columns.
    ///
    /// # Panics
    /// If the boxes are not square.
    pub fn transpose(size: usize, box_rows: usize, box_cols: usize) -> Transform {
        assert_eq!(box_rows, box_cols, "only square boxes survive transposition");
        Transform { transpose: true, ..Transform::identity(size, box_rows, box_cols) }
    }

    /// The reflection in the anti-diagonal (top right to bottom left).
    ///
    /// # Panics
    /// If the boxes are not square.
    pub fn antitranspose(size: usize, box_rows: usize, box_cols: usize) -> Transform {
        let mut t = Transform::transpose(size, box_rows, box_cols);
        t.rows.reverse();
        t.cols.reverse();
        t
    }

    /// This, then bands `a` and `b` swapped (numbered from 0, top to bottom):
    /// `Transform::identity(9, 3, 3).swap_bands(0, 2)`.
    ///
    /// # Panics
    /// If a band is out of range.
    #[must_use]
    pub fn swap_bands(mut self, a: usize, b: usize) -> Transform {
        swap_groups(&mut self.rows, self.box_rows, a, b);
        self
    }

    /// This, then rows `i` and `j` (from 0) of band `band` swapped.
    ///
    /// # Panics
    /// If an index is out of range.
    #[must_use]
    pub fn swap_rows_in_band(mut self, band: usize, i: usize, j: usize) -> Transform {
        swap_within(&mut self.rows, self.box_rows, band, i, j);
        self
    }

    /// This, then stacks `a` and `b` swapped (numbered from 0, left to right).
    ///
    /// # Panics
    /// If a stack is out of range.
    #[must_use]
    pub fn swap_stacks(mut self, a: usize, b: usize) -> Transform {
        swap_groups(&mut self.cols, self.box_cols, a, b);
        self
    }

    /// This, then columns `i` and `j` (from 0) of stack `stack` swapped.
    ///
    /// # Panics
    /// If an index is out of range.
    #[must_use]
    pub fn swap_columns_in_stack(mut self, stack: usize, i: usize, j: usize) -> Transform {
        swap_within(&mut self.cols, self.box_cols, stack, i, j);
        self
    }

    /// Relabels the digits: digit `d` becomes `perm[d - 1]`.
    ///
    /// # Panics
    /// If `perm` is not a permutation of `1..=size`.
    pub fn relabel(size: usize, box_rows: usize, box_cols: usize, perm: &[Digit]) -> Transform {
        let mut t = Transform::identity(size, box_rows, box_cols);
        let mut sorted = perm.to_vec();
        sorted.sort_unstable();
        assert!(sorted == t.digits[1..], "{perm:?} is not a permutation of 1..={size}");
        t.digits[1..].copy_from_slice(perm);
        t
    }

    /// A transform from its parts, for the canonical search; the parts are trusted.
    pub(crate) fn from_parts(
        (box_rows, box_cols): (usize, usize),
        digits: Vec<Digit>,
        rows: Vec<usize>,
        cols: Vec<usize>,
        transpose: bool,
    ) -> Transform {
        let t = Transform { box_rows, box_cols, digits, rows, cols, transpose };
        debug_assert!(t.is_valid(), "{t:?}");
        t
    }

    /// Whether the parts are a group element: lines move only with their band or stack.
    fn is_valid(&self) -> bool {
        let mut digits = self.digits.clone();
        digits.sort_unstable();
        digits.iter().enumerate().all(|(k, &d)| usize::from(d) == k)
            && self.digits.len() == self.size() + 1
            && self.digits[0] == 0
            && is_line_order(&self.rows, self.box_rows)
            && is_line_order(&self.cols, self.box_cols)
            && (!self.transpose || self.box_rows == self.box_cols)
    }

    /// The side length N.
    pub fn size(&self) -> usize {
        self.rows.len()
    }

    /// The box shape (rows, columns) the transform respects.
    pub fn box_shape(&self) -> (usize, usize) {
        (self.box_rows, self.box_cols)
    }

    /// The relabelling: `digits()[d]` is the new digit of `d`, and `digits()[0]` is 0.
    pub fn digits(&self) -> &[Digit] {
        &self.digits
    }

    /// Row `i` of the result comes from row `rows()[i]` (after any transposition).
    pub fn rows(&self) -> &[usize] {
        &self.rows
    }

    /// Column `j` of the result comes from column `cols()[j]` (after any transposition).
    pub fn cols(&self) -> &[usize] {
        &self.cols
    }

    /// Whether the input is transposed before its rows and columns move.
    pub fn transposes(&self) -> bool {
        self.transpose
    }

    /// The transformed grid.
    ///
    /// # Panics
    /// If the grid's size is not the transform's.
    pub fn apply(&self, grid: &Grid) -> Grid {
        let n = self.size();
        assert_eq!(grid.size(), n, "a {0}x{0} grid given to a {n}x{n} transform", grid.size());
        let cells = grid.cells();
        let mut out = Vec::with_capacity(n * n);
        for &r in &self.rows {
            out.extend(self.cols.iter().map(|&c| {
                let cell = if self.transpose { c * n + r } else { r * n + c };
                self.digits[usize::from(cells[cell])]
            }));
        }
        Grid::from_cells(n, out)
    }

    /// The composition: `self` first, then `other`, so that
    /// `self.then(&other).apply(g) == other.apply(&self.apply(g))`.
    ///
    /// # Panics
    /// If the two transforms have different sizes or box shapes.
    #[must_use]
    pub fn then(&self, other: &Transform) -> Transform {
        let shapes = [(self.size(), self.box_shape()), (other.size(), other.box_shape())];
        assert_eq!(shapes[0], shapes[1], "composing transforms of different shapes");
        // A transposition in `other` swaps the roles of `self`'s row and column orders, since
        // transposing after permuting equals permuting (rows for columns) after transposing.
        let (rows, cols) =
            if other.transpose { (&self.cols, &self.rows) } else { (&self.rows, &self.cols) };
        Transform {
            box_rows: self.box_rows,
            box_cols: self.box_cols,
            digits: self.digits.iter().map(|&d| other.digits[usize::from(d)]).collect(),
            rows: other.rows.iter().map(|&i| rows[i]).collect(),
            cols: other.cols.iter().map(|&j| cols[j]).collect(),
            transpose: self.transpose != other.transpose,
        }
    }

    /// The transform that undoes this one: `t.then(&t.inverse())` is the identity.
    #[must_use]
    pub fn inverse(&self) -> Transform {
        let (rows, cols) =
            if self.transpose { (&self.cols, &self.rows) } else { (&self.rows, &self.cols) };
        let mut digits = vec![0; self.digits.len()];
        for (d, &to) in self.digits.iter().enumerate() {
            digits[usize::from(to)] = d as Digit;
        }
        Transform {
            box_rows: self.box_rows,
            box_cols: self.box_cols,
            digits,
            rows: invert(rows),
            cols: invert(cols),
            transpose: self.transpose,
        }
    }
}

/// The inverse permutation.
fn invert(order: &[usize]) -> Vec<usize> {
    let mut inverse = vec![0; order.len()];
    for (i, &to) in order.iter().enumerate() {
        inverse[to] = i;
    }
    inverse
}

/// A uniform order of `groups` groups of `width` consecutive lines: the groups shuffled, and
/// the lines shuffled within each group.
fn random_lines<R: Rng + ?Sized>(rng: &mut R, groups: usize, width: usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..groups).collect();
    order.shuffle(rng);
    let mut lines = Vec::with_capacity(groups * width);
    for g in order {
        let start = lines.len();
        lines.extend(g * width..(g + 1) * width);
        lines[start..].shuffle(rng);
    }
    lines
}

/// Whether `order` permutes lines only within groups of `width` and whole groups.
fn is_line_order(order: &[usize], width: usize) -> bool {
    let mut seen = vec![false; order.len()];
    order.chunks(width).all(|group| {
        group.iter().all(|&line| {
            line < seen.len()
                && line / width == group[0] / width
                && !std::mem::replace(&mut seen[line], true)
        })
    })
}

fn swap_groups(order: &mut [usize], width: usize, a: usize, b: usize) {
    let groups = order.len() / width;
    assert!(a < groups && b < groups, "groups {a} and {b}: there are {groups}");
    for k in 0..width {
        order.swap(a * width + k, b * width + k);
    }
}

fn swap_within(order: &mut [usize], width: usize, group: usize, i: usize, j: usize) {
    let groups = order.len() / width;
    assert!(group < groups && i < width && j < width, "line {i} or {j} of group {group}");
    order.swap(group * width + i, group * width + j);
}

#[cfg(test)]
mod tests;
