//! The canonical form of a sudoku grid, puzzle or full: the least grid it can be turned into by
//! a [`Transform`], so that two grids are the same grid in disguise exactly when their
//! canonical forms are equal.
//!
//! # The order
//! Grids are compared by their cells read row by row, each row left to right, as numbers with a
//! blank counting as 0; the first differing cell decides. The canonical form is the least grid
//! in this order among `t.apply(grid)` for every `t` in the group of [`Transform`] (with
//! transposition only for square boxes). Since every relabelling is in the group, the least grid
//! numbers its digits in order of first appearance in that reading: the first digit met is 1,
//! the next new one 2, and so on. Blanks sort first, so a canonical puzzle opens with as many
//! blanks as its givens allow. This is the "minlex" form of the sudoku community: the published
//! list of 17-clue puzzles is written in it.
//!
//! # The search
//! The least grid is built row by row, then cell by cell; at each cell only the choices that
//! give the least value are followed, and a partial grid already greater than the best one
//! found is abandoned (see [`search`] for the bookkeeping that keeps ties few).

mod node;
mod search;

use crate::grid::Grid;
use crate::transform::Transform;

/// The canonical form of `grid` with `box_rows`×`box_cols` boxes (see the module doc for the
/// order).
///
/// ```
/// use dancer_sudoku::{canonical, Grid, Transform};
///
/// let puzzle = Grid::from_cells(4, vec![0, 0, 0, 0, 0, 0, 0, 1, 0, 4, 0, 0, 0, 0, 2, 0]);
/// let canon = canonical(&puzzle, 2, 2);
/// assert_eq!(canon.to_string(), ".......1..2..3..");
/// let moved = Transform::rotate90(4, 2, 2).apply(&puzzle);
/// assert_eq!(canonical(&moved, 2, 2), canon);
/// ```
///
/// # Panics
/// If `box_rows * box_cols` is not the grid's size.
pub fn canonical(grid: &Grid, box_rows: usize, box_cols: usize) -> Grid {
    canonical_with_transform(grid, box_rows, box_cols).0
}

/// The canonical form of `grid` (as [`canonical`]) and a transform that maps `grid` to it.
///
/// When the grid has automorphisms several transforms map it to its canonical form; which one
/// is returned is fixed (the same grid always gets the same transform) but otherwise
/// unspecified.
///
/// Grids whose rows and columns repeat no digit (every valid puzzle) take a fast search that
/// leaves columns unplaced while they only decide which digit gets which label; other grids take
/// a slower exhaustive one, still correct.
///
/// # Panics
/// If `box_rows * box_cols` is not the grid's size.
pub fn canonical_with_transform(
    grid: &Grid,
    box_rows: usize,
    box_cols: usize,
) -> (Grid, Transform) {
    let n = grid.size();
    assert_eq!(box_rows * box_cols, n, "{box_rows}x{box_cols} boxes do not tile a {n}x{n} grid");
    let lazy = lines_repeat_no_digit(grid);
    search::CanonSearch::new(grid, (box_rows, box_cols), lazy).run()
}

/// Whether no row and no column holds a digit twice: what the fast search assumes.
fn lines_repeat_no_digit(grid: &Grid) -> bool {
    let n = grid.size();
    let cells = grid.cells();
    (0..n).all(|a| {
        let (mut row, mut col) = (0u128, 0u128);
        (0..n).all(|b| {
            let (r, c) = (cells[a * n + b], cells[b * n + a]);
            let fresh = (r == 0 || row & 1 << r == 0) && (c == 0 || col & 1 << c == 0);
            row |= 1 << r;
            col |= 1 << c;
            fresh
        })
    })
}

#[cfg(test)]
mod tests {
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::encode::Template;
    use crate::solve::{GridSolver, GridVerdict};
    use crate::variant::Variant;

    /// A random valid full grid of `r`×`c` boxes, and a puzzle from it with `keep` givens.
    fn random_puzzle(rng: &mut ChaCha8Rng, (r, c): (usize, usize), keep: usize) -> Grid {
        let n = r * c;
        let template = Template::new(Variant::with_boxes(n, r, c).unwrap());
        let GridVerdict::Solved(seed) = GridSolver::new(&template).solve(&Grid::empty(n)).verdict
        else {
            panic!("blank grids solve")
        };
        let mut grid = Transform::random(rng, n, r, c).apply(&seed);
        for cell in 0..n * n {
            if rng.random_range(0..n * n) >= keep {
                grid.set(cell, None);
            }
        }
        grid
    }

    #[test]
    fn the_fast_search_agrees_with_the_exhaustive_one() {
        let mut rng = ChaCha8Rng::seed_from_u64(17);
        for (shape, keeps) in [((2, 2), 0..=16), ((2, 3), 0..=36), ((3, 3), 10..=81)] {
            for keep in keeps.clone().step_by(2) {
                let puzzle = random_puzzle(&mut rng, shape, keep);
                let fast = search::CanonSearch::new(&puzzle, shape, true).run();
                let slow = search::CanonSearch::new(&puzzle, shape, false).run();
                assert_eq!(fast.0, slow.0, "{puzzle}");
                assert_eq!(fast.1.apply(&puzzle), fast.0);
                assert_eq!(slow.1.apply(&puzzle), slow.0);
            }
        }
    }

    #[test]
    fn repeated_digits_take_the_exhaustive_search() {
        let mut grid = Grid::empty(4);
        grid.set(0, Some(1));
        grid.set(3, Some(1));
        assert!(!lines_repeat_no_digit(&grid));
        let (canon, t) = canonical_with_transform(&grid, 2, 2);
        // The two 1s are in different stacks, so the least last row is 0101.
        assert_eq!(canon.to_string(), ".............1.1");
        assert_eq!(t.apply(&grid), canon);
    }
}
