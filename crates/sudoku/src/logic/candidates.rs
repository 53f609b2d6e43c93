//! [`Candidates`]: the pencil marks of a position. Beside each cell's mask it keeps, in step
//! with every change, where each digit may go in each region, which cells have one candidate
//! left and which digits have one place left in each region: singles are then found without a
//! scan, and techniques read "where can 5 go in box 3" as one word.

use std::fmt;
use std::sync::Arc;

use super::bits::{bits, digit_bit, one_bit};
use super::geometry::Geometry;
use super::Step;
use crate::error::Conflict;
use crate::grid::{Cell, Digit, Grid};
use crate::variant::Variant;

/// Candidates of every cell: placed digits and, for blank cells, the digits still possible.
///
/// A candidate mask has bit `d - 1` set when digit `d` is possible; N ≤ 64 makes one `u64`
/// enough for every size.
#[derive(Clone)]
pub struct Candidates {
    geometry: Arc<Geometry>,
    digits: Vec<Digit>,
    marks: Marks,
    unsolved: usize,
}

/// The pencil marks and the indexes derived from them, changed only through [`Marks::strike`].
#[derive(Clone)]
struct Marks {
    /// Each cell's candidates (0 once placed).
    masks: Vec<u64>,
    /// `positions[r * N + d - 1]`: bit `k` set when the `k`-th cell of region `r` may hold `d`
    /// (0 once `d` is placed in `r`).
    positions: Vec<u64>,
    /// A cell bitset: the cells with exactly one candidate.
    naked: Vec<u64>,
    /// Per region, the digits with exactly one place in it.
    lonely: Vec<u64>,
}

impl Marks {
    /// Removes `digit` from `cell`, if it is there, updating every index.
    fn strike(&mut self, geometry: &Geometry, cell: Cell, digit: Digit) {
        let bit = digit_bit(digit);
        let mask = self.masks[cell];
        if mask & bit == 0 {
            return;
        }
        self.masks[cell] = mask & !bit;
        let word = &mut self.naked[cell / 64];
        *word = *word & !(1 << (cell % 64)) | u64::from(one_bit(mask & !bit)) << (cell % 64);
        let (n, slot) = (geometry.size(), usize::from(digit) - 1);
        for &(r, k) in geometry.members(cell) {
            let places = self.positions[r as usize * n + slot] & !(1 << k);
            self.positions[r as usize * n + slot] = places;
            let lonely = &mut self.lonely[r as usize];
            *lonely = *lonely & !bit | u64::from(one_bit(places)) << slot;
        }
    }
}

impl Candidates {
    /// Candidates of `grid` under `variant`: each blank cell may hold any digit not placed in
    /// one of its regions.
    ///
    /// # Errors
    /// The first [`Conflict`] when givens repeat a digit in a region.
    ///
    /// # Panics
    /// If the grid's size is not the variant's.
    pub fn new(variant: &Variant, grid: &Grid) -> Result<Candidates, Conflict> {
        Candidates::with_geometry(variant, Arc::new(Geometry::new(variant)), grid)
    }

    /// As [`new`](Self::new), sharing a geometry already built for `variant`.
    pub(super) fn with_geometry(
        variant: &Variant,
        geometry: Arc<Geometry>,
        grid: &Grid,
    ) -> Result<Candidates, Conflict> {
        let n = geometry.size();
        assert_eq!(grid.size(), n, "a {0}x{0} grid for a {n}x{n} variant", grid.size());
        let all = if n == 64 { u64::MAX } else { (1 << n) - 1 };
        let regions = geometry.region_count();
        let mut placed = vec![0u64; regions];
        for (r, digits) in placed.iter_mut().enumerate() {
            for &cell in geometry.region(r) {
                let bit = digit_bit(grid.cells()[cell]);
                if *digits & bit != 0 {
                    // A repeat: let `check` name the first one, in its own order.
                    return Err(variant.check(grid).expect_err("a repeated digit conflicts"));
                }
                *digits |= bit;
            }
        }
        let masks: Vec<u64> = (0..n * n)
            .map(|cell| match grid.cells()[cell] {
                0 => geometry.members(cell).iter().fold(all, |m, &(r, _)| m & !placed[r as usize]),
                _ => 0,
            })
            .collect();
        let mut positions = vec![0; regions * n];
        for (r, slots) in positions.chunks_exact_mut(n).enumerate() {
            for (k, &cell) in geometry.region(r).iter().enumerate() {
                for d in bits(masks[cell]) {
                    slots[d as usize] |= 1 << k;
                }
            }
        }
        let lonely = positions
            .chunks_exact(n)
            .map(|slots| {
                slots.iter().enumerate().fold(0, |l, (d, &p)| l | u64::from(one_bit(p)) << d)
            })
            .collect();
        let mut naked = vec![0; geometry.words()];
        for cell in (0..n * n).filter(|&c| one_bit(masks[c])) {
            naked[cell / 64] |= 1 << (cell % 64);
        }
        let marks = Marks { masks, positions, naked, lonely };
        let unsolved = grid.cells().len() - grid.given_count();
        Ok(Candidates { geometry, digits: grid.cells().to_vec(), marks, unsolved })
    }

    /// The placed digits so far.
    pub fn grid(&self) -> Grid {
        Grid::from_cells(self.geometry.size(), self.digits.clone())
    }

    /// The side N.
    pub fn size(&self) -> usize {
        self.geometry.size()
    }

    /// Whether every cell holds a digit.
    pub fn is_solved(&self) -> bool {
        self.unsolved == 0
    }

    /// The number of blank cells.
    pub fn unsolved(&self) -> usize {
        self.unsolved
    }

    /// The candidates of `cell`: bit `d - 1` set when digit `d` is possible (0 for placed
    /// cells, and for a blank cell that has lost every candidate, which no valid step causes).
    pub fn candidates(&self, cell: Cell) -> u64 {
        self.marks.masks[cell]
    }

    /// The digit placed in `cell`, if any.
    pub fn digit(&self, cell: Cell) -> Option<Digit> {
        Some(self.digits[cell]).filter(|&d| d != 0)
    }

    /// Applies a step's placements (removing the digit from every peer) and eliminations.
    ///
    /// # Panics
    /// If a placement targets a cell that holds another digit.
    pub fn apply(&mut self, step: &Step) {
        for &(cell, digit) in &step.placements {
            self.place(cell, digit);
        }
        for &(cell, digit) in &step.eliminations {
            self.eliminate(cell, digit);
        }
    }

    // Updates.

    /// Places `digit` in `cell` and removes it from every region of the cell.
    pub(super) fn place(&mut self, cell: Cell, digit: Digit) {
        match self.digits[cell] {
            0 => {}
            d if d == digit => return,
            d => panic!("cannot place {digit} in {cell}: it holds {d}"),
        }
        let (geometry, marks) = (&self.geometry, &mut self.marks);
        for d in bits(marks.masks[cell]) {
            marks.strike(geometry, cell, d as Digit + 1);
        }
        self.digits[cell] = digit;
        self.unsolved -= 1;
        let n = geometry.size();
        for &(r, _) in geometry.members(cell) {
            let region = geometry.region(r as usize);
            for k in bits(marks.positions[r as usize * n + usize::from(digit) - 1]) {
                marks.strike(geometry, region[k as usize], digit);
            }
        }
    }

    /// Removes `digit` from the candidates of `cell`, if it is there.
    pub(super) fn eliminate(&mut self, cell: Cell, digit: Digit) {
        self.marks.strike(&self.geometry, cell, digit);
    }

    // Reading, for the techniques.

    pub(super) fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// The geometry itself, whose pointer tells positions of one layout apart.
    pub(super) fn shared_geometry(&self) -> &Arc<Geometry> {
        &self.geometry
    }

    /// The positions of `digit` in region `r`: bit `k` for the region's `k`-th cell.
    pub(super) fn positions(&self, r: usize, digit: Digit) -> u64 {
        self.marks.positions[r * self.size() + usize::from(digit) - 1]
    }

    /// Every cell's candidate mask.
    pub(super) fn masks(&self) -> &[u64] {
        &self.marks.masks
    }

    /// Whether `cell` may hold `digit`.
    pub(super) fn has(&self, cell: Cell, digit: Digit) -> bool {
        self.marks.masks[cell] & digit_bit(digit) != 0
    }

    /// The first cell, in row order, with exactly one candidate.
    pub(super) fn first_naked(&self) -> Option<Cell> {
        let (w, word) = self.marks.naked.iter().enumerate().find(|(_, &word)| word != 0)?;
        Some(w * 64 + word.trailing_zeros() as usize)
    }

    /// The digits with exactly one place in region `r`.
    pub(super) fn lonely(&self, r: usize) -> u64 {
        self.marks.lonely[r]
    }
}

/// The grid, then every blank cell's candidates.
impl fmt::Debug for Candidates {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.size();
        let blanks: Vec<String> = (0..n * n)
            .filter(|&c| self.digits[c] == 0)
            .map(|c| format!("r{}c{}:{:b}", c / n + 1, c % n + 1, self.marks.masks[c]))
            .collect();
        f.debug_struct("Candidates")
            .field("grid", &self.grid().to_string())
            .field("blanks", &blanks)
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every index agrees with the masks, recomputed from scratch.
    fn assert_consistent(c: &Candidates) {
        let g = &c.geometry;
        let n = g.size();
        for r in 0..g.region_count() {
            for d in 1..=n as Digit {
                let places = g.region(r).iter().enumerate().filter(|(_, &cell)| c.has(cell, d));
                let expected = places.fold(0, |p, (k, _)| p | 1 << k);
                assert_eq!(c.positions(r, d), expected, "region {r} digit {d}");
                assert_eq!(c.lonely(r) >> (d - 1) & 1 == 1, one_bit(expected), "region {r}");
            }
        }
        let naked = (0..n * n).find(|&cell| one_bit(c.candidates(cell)));
        assert_eq!(c.first_naked(), naked);
    }

    #[test]
    fn candidates_follow_placements_and_eliminations() {
        let variant = Variant::standard(4).unwrap();
        let mut grid = Grid::empty(4);
        grid.set(0, Some(1));
        let mut candidates = Candidates::new(&variant, &grid).unwrap();
        assert_consistent(&candidates);
        assert_eq!(candidates.candidates(1), 0b1110);
        assert_eq!(candidates.candidates(15), 0b1111);
        assert_eq!(candidates.positions(0, 2), 0b1110);
        candidates.place(15, 4);
        assert_eq!((candidates.digit(15), candidates.candidates(15)), (Some(4), 0));
        assert_eq!(candidates.candidates(3), 0b0110);
        assert_eq!(candidates.positions(3, 4), 0);
        candidates.eliminate(5, 2);
        assert_eq!(candidates.positions(1, 2), 0b1101);
        assert_consistent(&candidates);
        candidates.eliminate(3, 2);
        assert_eq!(candidates.first_naked(), Some(3));
        assert_eq!(candidates.lonely(0) & 0b10, 0);
        assert_consistent(&candidates);
        assert_eq!(candidates.unsolved(), 14);
        assert!(!candidates.is_solved());
        let mut bad = grid.clone();
        bad.set(5, Some(1));
        assert_eq!(Candidates::new(&variant, &bad).unwrap_err().region, "box 1");
    }

    #[test]
    fn indexes_stay_consistent_on_a_classic_puzzle() {
        let variant = Variant::standard(9).unwrap().with_diagonals().unwrap();
        let mut grid = Grid::empty(9);
        for (cell, digit) in [(0, 1), (40, 2), (72, 3), (8, 4), (20, 5)] {
            grid.set(cell, Some(digit));
        }
        let mut candidates = Candidates::new(&variant, &grid).unwrap();
        assert_consistent(&candidates);
        assert_eq!(candidates.candidates(10), 0b1_1110_1100);
        candidates.place(1, 6);
        candidates.eliminate(2, 7);
        assert_consistent(&candidates);
        let one = Candidates::new(&Variant::standard(1).unwrap(), &Grid::empty(1)).unwrap();
        assert_eq!((one.first_naked(), one.lonely(0)), (Some(0), 1));
    }
}
