//! Checking a grid against a variant's rules without searching: the first repeated digit.

use crate::error::Conflict;
use crate::grid::Grid;
use crate::variant::Variant;

impl Variant {
    /// The first conflict of `grid` (complete or partial): scanning cells in row order, the
    /// first cell whose digit already appears in one of its regions, with the earlier cell.
    /// This reads only the regions, never the exact-cover encoding.
    ///
    /// ```
    /// use dancer_sudoku::{Grid, Variant};
    ///
    /// let mut grid = Grid::empty(9);
    /// grid.set(0, Some(3));
    /// grid.set(4, Some(3));
    /// let conflict = Variant::standard(9)?.check(&grid).unwrap_err();
    /// assert_eq!(conflict.to_string(), "r1c5 repeats 3 of r1c1 in row 1");
    /// # Ok::<(), dancer_sudoku::VariantError>(())
    /// ```
    ///
    /// # Errors
    /// The first [`Conflict`] found.
    ///
    /// # Panics
    /// If the grid's size is not the variant's.
    pub fn check(&self, grid: &Grid) -> Result<(), Conflict> {
        let n = self.size();
        assert_eq!(
            grid.size(),
            n,
            "a {}x{} grid checked against a {n}x{n} variant",
            grid.size(),
            grid.size()
        );
        // first[region * n + digit - 1] is the first cell seen with that digit in that region.
        let mut first = vec![usize::MAX; self.regions().len() * n];
        for (cell, digit) in grid.givens() {
            for &region in self.regions_of(cell) {
                let slot = region as usize * n + usize::from(digit) - 1;
                if first[slot] != usize::MAX {
                    let region = self.regions()[region as usize].to_string();
                    return Err(Conflict { cell, earlier: first[slot], digit, region, size: n });
                }
                first[slot] = cell;
            }
        }
        Ok(())
    }

    /// Whether `grid` is complete and breaks no rule: a solution of this variant.
    pub fn is_solution(&self, grid: &Grid) -> bool {
        grid.size() == self.size() && grid.is_complete() && self.check(grid).is_ok()
    }
}

#[cfg(test)]
mod tests {
    use crate::grid::Grid;
    use crate::variant::Variant;

    #[test]
    fn finds_the_first_conflict_in_any_region() {
        let variant = Variant::standard(4).unwrap().with_diagonals().unwrap();
        let mut grid = Grid::empty(4);
        grid.set(0, Some(1));
        grid.set(15, Some(1));
        let conflict = variant.check(&grid).unwrap_err();
        assert_eq!((conflict.cell, conflict.earlier, conflict.digit), (15, 0, 1));
        assert_eq!(conflict.region, "diagonal 1");
        assert!(Variant::standard(4).unwrap().check(&grid).is_ok());
    }

    #[test]
    fn recognises_solutions() {
        let variant = Variant::standard(4).unwrap();
        let digits = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        assert!(variant.is_solution(&Grid::from_cells(4, digits.to_vec())));
        let mut wrong = digits;
        wrong.swap(0, 1);
        assert!(!variant.is_solution(&Grid::from_cells(4, wrong.to_vec())));
    }
}
