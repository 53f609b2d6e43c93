//! Sums too wide to list their digit sets (an innie or outie total across houses, a long cage
//! of a large grid), bounded with what the regions say about their cells.
//!
//! Bounding each cell by the least and greatest digit the others may hold forgets that cells
//! sharing a row cannot all be 9: an outie total of ten cells over two rows has a greatest
//! sum of 9 + 9 + ... only cell by cell, but of 9 + 8 + 7 + ... row by row. So the cells are
//! cut into runs of cells that all share a region or a cage (greedily, once), and each run of
//! k cells counts the k least and the k greatest of its digits, as sigh's Interactive Sudoku
//! Solver bounds its sums by exclusion groups.

use std::ops::Range;

use super::board::{fewer_than, PropBoard};
use super::PropTables;
use crate::grid::Cell;
use crate::model::Model;
use crate::solve::kit::Contradiction;

/// Runs whose bounds a sum keeps on the stack between its two passes.
const RUNS: usize = 6;

/// `cells` in runs whose cells share a region or a cage: the cells reordered run by run, and
/// where each run ends. Greedily, the group holding most of the cells left first: an arrow's
/// body of 32 cells down column 1 and back counts its 7 cells of the column as one run (at
/// least 28), where runs taken in the body's order cut it at each box.
pub(super) fn runs(model: &Model, cells: &[Cell]) -> (Vec<Cell>, Vec<u32>) {
    let groups: Vec<&Vec<Cell>> =
        model.regions.iter().chain(model.cages.iter().map(|cage| &cage.cells)).collect();
    let mut left: Vec<Cell> = cells.to_vec();
    let (mut ordered, mut ends) = (Vec::with_capacity(cells.len()), Vec::new());
    while !left.is_empty() {
        let held = |group: &&Vec<Cell>| left.iter().filter(|cell| group.contains(cell)).count();
        let best = groups.iter().max_by_key(|group| held(group)).filter(|group| held(group) > 1);
        let Some(best) = best else {
            // No two cells left share a group: each is a run of its own.
            for cell in left.drain(..) {
                ordered.push(cell);
                ends.push(ordered.len() as u32);
            }
            break;
        };
        ordered.extend(left.iter().filter(|cell| best.contains(cell)));
        left.retain(|cell| !best.contains(cell));
        ends.push(ordered.len() as u32);
    }
    (ordered, ends)
}

/// Of `mask`'s digits (digit d at bit d − 1): the sum of the `k` least, of the `k` greatest,
/// and the k-th least and k-th greatest themselves; none when it has fewer than `k`.
#[inline]
fn extremes(mask: u64, k: usize) -> Option<(u64, u64, u64, u64)> {
    if k == 0 || fewer_than(mask, k as u32) {
        return None;
    }
    let (mut low, mut high, mut least, mut most) = (mask, mask, 0, 0);
    let (mut kth_least, mut kth_most) = (0, 0);
    for _ in 0..k {
        kth_least = u64::from(low.trailing_zeros()) + 1;
        least += kth_least;
        low &= low - 1;
        let top = high.ilog2();
        kth_most = u64::from(top) + 1;
        most += kth_most;
        high &= !(1 << top);
    }
    Some((least, most, kth_least, kth_most))
}

/// A run's bounds as its sum counts them: the least and the most it adds, and the most that
/// dropping one cell takes off each.
#[derive(Clone, Copy, Default)]
struct Span {
    least: u64,
    most: u64,
    drop_least: u64,
    drop_most: u64,
}

impl PropBoard {
    /// A sum by bounds: each run of cells sharing a region holds distinct digits, so it adds
    /// at least its k least digits and at most its k greatest; each cell then lies between the
    /// total less the most the others can add and the total less the least. The cells from
    /// position `flipped` on count reflected (digit d as N + 1 - d: a sum's subtracted cells,
    /// see [`Rule::Bounds`](super::Rule)), by arithmetic on their digits' bounds rather than
    /// their masks reversed. The total is `sum`, or, with `pill` cells, the number they read,
    /// which keeps within the sum's bounds in turn.
    pub(super) fn bounds(
        &mut self,
        tables: &PropTables,
        cells: &[Cell],
        (ends, flipped): (&[u32], usize),
        (sum, pill): (u32, &[Cell]),
    ) -> Result<(), Contradiction> {
        let reflected = tables.n as u64 + 1;
        let low = |mask: u64| u64::from(mask.trailing_zeros()) + 1;
        let high = |mask: u64| 64 - u64::from(mask.leading_zeros());
        // A cell's least and greatest digit as the sum counts it.
        let counted = |mask: u64, at: usize| {
            if at >= flipped {
                (reflected - high(mask), reflected - low(mask))
            } else {
                (low(mask), high(mask))
            }
        };
        let span = |board: &PropBoard, run: Range<usize>| {
            let (k, plain) = (run.len(), run.start < flipped);
            let union = cells[run].iter().fold(0, |union, &cell| union | board.masks[cell]);
            let (least, most, kth_least, kth_most) = extremes(union, k).ok_or(Contradiction)?;
            Ok(if plain {
                Span { least, most, drop_least: kth_least, drop_most: kth_most }
            } else {
                let k = k as u64 * reflected;
                Span {
                    least: k - most,
                    most: k - least,
                    drop_least: reflected - kth_most,
                    drop_most: reflected - kth_least,
                }
            })
        };
        let mut spans = [Span::default(); RUNS];
        let (mut least, mut most, mut start) = (0u64, 0u64, 0usize);
        for (k, &end) in ends.iter().enumerate() {
            let found = span(self, start..end as usize)?;
            if let Some(slot) = spans.get_mut(k) {
                *slot = found;
            }
            least += found.least;
            most += found.most;
            start = end as usize;
        }
        let (lowest, highest) =
            if pill.is_empty() { (u64::from(sum), u64::from(sum)) } else { self.pill_range(pill) };
        if highest < least || lowest > most {
            return Err(Contradiction);
        }
        if !pill.is_empty() {
            self.narrow_pill(tables, pill, least.max(lowest), most.min(highest))?;
        }
        // The bounds cell by cell too: a run's k - 1 greatest may be more than its other
        // cells can hold (when one cell alone holds the 9).
        let (mut plain_least, mut plain_most) = (0u64, 0u64);
        for (at, &cell) in cells.iter().enumerate() {
            let (cell_least, cell_most) = counted(self.masks[cell], at);
            plain_least += cell_least;
            plain_most += cell_most;
        }
        // With N - 1 to spare on both sides, no cell's least or greatest digit can fall
        // outside what the others leave it (most of a long equation's looks, high in the tree).
        let spread = reflected - 2;
        if highest >= least.max(plain_least) + spread && most.min(plain_most) >= lowest + spread {
            return Ok(());
        }
        let mut start = 0;
        for (k, &end) in ends.iter().enumerate() {
            let run = start..end as usize;
            let found = match spans.get(k) {
                Some(&found) => found,
                None => span(self, run.clone())?,
            };
            for at in run {
                let (cell_least, cell_most) = counted(self.masks[cells[at]], at);
                let others_most = (most - found.drop_most).min(plain_most - cell_most);
                let others_least = (least - found.drop_least).max(plain_least - cell_least);
                let floor = lowest.saturating_sub(others_most);
                let Some(ceiling) = highest.checked_sub(others_least) else {
                    return Err(Contradiction);
                };
                let keep = if at >= flipped {
                    range(reflected.saturating_sub(ceiling), reflected.saturating_sub(floor))
                } else {
                    range(floor, ceiling)
                };
                self.restrict(tables, cells[at], keep)?;
            }
            start = end as usize;
        }
        Ok(())
    }
}

impl PropBoard {
    /// The least and the greatest number `pill`'s cells can read (digits below 10).
    fn pill_range(&self, pill: &[Cell]) -> (u64, u64) {
        pill.iter().fold((0, 0), |(least, most), &cell| {
            let mask = self.masks[cell];
            let low = u64::from(mask.trailing_zeros()) + 1;
            let high = 64 - u64::from(mask.leading_zeros());
            (least * 10 + low, most * 10 + high)
        })
    }

    /// Keeps each digit of `pill`'s cells with which the number they read can still lie from
    /// `low` to `high`.
    fn narrow_pill(
        &mut self,
        tables: &PropTables,
        pill: &[Cell],
        low: u64,
        high: u64,
    ) -> Result<(), Contradiction> {
        let (least, most) = self.pill_range(pill);
        let mut weight = 10u64.pow(pill.len() as u32 - 1);
        for &cell in pill {
            let mask = self.masks[cell];
            let own_low = (u64::from(mask.trailing_zeros()) + 1) * weight;
            let own_high = (64 - u64::from(mask.leading_zeros())) * weight;
            let (others_least, others_most) = (least - own_low, most - own_high);
            // weight * digit must lie from low - others_most to high - others_least.
            let floor = low.saturating_sub(others_most).div_ceil(weight);
            let Some(ceiling) = high.checked_sub(others_least) else {
                return Err(Contradiction);
            };
            self.restrict(tables, cell, range(floor, ceiling / weight))?;
            weight /= 10;
        }
        Ok(())
    }
}

/// The digits from `low` to `high` as a mask (none when `low > high`).
pub(super) fn range(low: u64, high: u64) -> u64 {
    let low = low.max(1);
    if low > high || low > 64 {
        return 0;
    }
    let top = if high >= 64 { u64::MAX } else { (1u64 << high) - 1 };
    top & !((1u64 << (low - 1)) - 1)
}
