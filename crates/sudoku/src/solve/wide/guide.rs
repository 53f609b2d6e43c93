//! [`Guide`]: the solution the wide search tries to follow on one puzzle: the variant's
//! reference under the validity-preserving transformation, among a few tried, that agrees
//! best with the givens, its digits relabelled to match them.

use super::branch::Choice;
use super::WideTables;
use crate::grid::Digit;

/// Transformations of the reference tried against the givens, the first being none.
///
/// Why several: relabelling alone fits any givens that the reference has on distinct digits
/// where the puzzle does too, but two givens that share a reference digit and differ in the
/// puzzle (two in five, on a 64×64 with five scattered givens) leave the search to repair
/// the guide, and it cannot: with one try (no shuffle) the 64×64 of five scattered givens
/// in `tests/sizes.rs` was not solved in 300 s; with these tries it takes 3 526 nodes.
const TRIES: usize = 64;

/// A guide for the puzzles of one variant; empty when the variant has no reference.
#[derive(Clone, Debug)]
pub(super) struct Guide {
    /// Each cell's digit (from 0).
    digits: Vec<u8>,
    /// `places[r * n + d]`: the index, among region `r`'s cells, of the one holding `d`.
    places: Vec<u8>,
    /// The row and column of the reference that each row and column is taken from.
    rows: Vec<usize>,
    cols: Vec<usize>,
    best_rows: Vec<usize>,
    best_cols: Vec<usize>,
}

impl Guide {
    /// An empty guide for `tables`' variant (no givens fitted yet).
    pub(super) fn new(tables: &WideTables) -> Guide {
        let (n, with) = (tables.size, tables.reference.is_some());
        let sized = |len: usize| if with { vec![0; len] } else { Vec::new() };
        let lines = || if with { (0..n).collect() } else { Vec::new() };
        Guide {
            digits: sized(n * n),
            places: sized(tables.region_count() * n),
            rows: lines(),
            cols: lines(),
            best_rows: lines(),
            best_cols: lines(),
        }
    }

    /// Fits the guide to the givens of `grid` (0 for blank cells).
    pub(super) fn fit(&mut self, tables: &WideTables, grid: &[Digit]) {
        let Some(reference) = &tables.reference else { return };
        let n = tables.size;
        let identity =
            |lines: &mut Vec<usize>| lines.iter_mut().enumerate().for_each(|(k, l)| *l = k);
        identity(&mut self.best_rows);
        identity(&mut self.best_cols);
        let givens = grid.iter().any(|&digit| digit != 0);
        if let (true, Some((band, stack))) = (givens, reference.shape) {
            // A fixed seed: the guide, and so the search tree, depends on the puzzle only.
            let mut random = Xorshift(0x9E37_79B9_7F4A_7C15);
            let mut fewest = usize::MAX;
            for attempt in 0..TRIES {
                identity(&mut self.rows);
                identity(&mut self.cols);
                if attempt > 0 {
                    random.shuffle_lines(&mut self.rows, band);
                    random.shuffle_lines(&mut self.cols, stack);
                }
                let conflicts = Guide::relabel(tables, grid, &self.rows, &self.cols).1;
                if conflicts < fewest {
                    fewest = conflicts;
                    self.best_rows.copy_from_slice(&self.rows);
                    self.best_cols.copy_from_slice(&self.cols);
                }
                if fewest == 0 {
                    break;
                }
            }
        }
        let (labels, _) = Guide::relabel(tables, grid, &self.best_rows, &self.best_cols);
        for (cell, digit) in self.digits.iter_mut().enumerate() {
            let from = self.best_rows[cell / n] * n + self.best_cols[cell % n];
            *digit = labels[reference.digit(from)];
        }
        for region in 0..tables.region_count() {
            for index in 0..n {
                let digit = usize::from(self.digits[tables.cell_at(region, index)]);
                self.places[region * n + digit] = index as u8;
            }
        }
    }

    /// The puzzle's digit (from 0) for each of the transformed reference's, each taking the
    /// digit given where it first stands unless that digit is taken, the rest paired in
    /// order; and the givens that disagree with the guide so labelled.
    fn relabel(
        tables: &WideTables,
        grid: &[Digit],
        rows: &[usize],
        cols: &[usize],
    ) -> ([u8; 64], usize) {
        const NONE: u8 = u8::MAX;
        let (n, reference) = (tables.size, tables.reference.as_ref().expect("fitted"));
        let (mut labels, mut used, mut conflicts) = ([NONE; 64], 0u64, 0);
        for (cell, &digit) in grid.iter().enumerate().filter(|(_, &digit)| digit != 0) {
            let mine = reference.digit(rows[cell / n] * n + cols[cell % n]);
            let (theirs, bit) = (digit - 1, 1u64 << (digit - 1));
            if labels[mine] == NONE && used & bit == 0 {
                (labels[mine], used) = (theirs, used | bit);
            } else if labels[mine] != theirs {
                conflicts += 1;
            }
        }
        for label in labels.iter_mut().take(n).filter(|label| **label == NONE) {
            let free = (!used).trailing_zeros();
            (*label, used) = (free as u8, used | 1 << free);
        }
        (labels, conflicts)
    }

    /// The choice of a branch point to try first (see [`first_choice`](super::branch)): the
    /// guide's digit for a cell, the guide's cell for a digit's places; 0 without a guide.
    #[inline]
    pub(super) fn first_choice(&self, tables: &WideTables, choice: Choice) -> u32 {
        if self.digits.is_empty() {
            return 0;
        }
        match choice {
            Choice::Digits { cell } => u32::from(self.digits[cell]),
            Choice::Places { region, digit } => {
                u32::from(self.places[region * tables.size + digit])
            }
        }
    }
}

/// Marsaglia's xorshift: a few random permutations need no more than this.
struct Xorshift(u64);

impl Xorshift {
    fn below(&mut self, bound: usize) -> usize {
        let x = &mut self.0;
        *x ^= *x << 13;
        *x ^= *x >> 7;
        *x ^= *x << 17;
        ((u128::from(*x) * bound as u128) >> 64) as usize
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for k in (1..items.len()).rev() {
            items.swap(k, self.below(k + 1));
        }
    }

    /// Shuffles `lines` (rows or columns) as the rules allow: the groups of `group` lines
    /// (bands or stacks) among themselves, and the lines within each group.
    fn shuffle_lines(&mut self, lines: &mut [usize], group: usize) {
        let mut order: Vec<usize> = (0..lines.len() / group).collect();
        self.shuffle(&mut order);
        for (k, &from) in order.iter().enumerate() {
            for (line, within) in lines[k * group..][..group].iter_mut().zip(0..) {
                *line = from * group + within;
            }
            self.shuffle(&mut lines[k * group..][..group]);
        }
    }
}
