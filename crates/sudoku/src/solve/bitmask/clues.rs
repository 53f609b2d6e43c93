//! [`Clues`]: the board of a puzzle's givens, kept up to date as the generator takes clues
//! away and puts them back, so that each test of a removal starts from it instead of placing
//! every given again.

use super::{MaskBoard, Tables, PLACED_SHIFT};
use crate::grid::{Cell, Digit, Grid};
use crate::solve::kit::Contradiction;

/// The givens of a puzzle on a [`MaskBoard`], without deductions: an open cell's candidates are
/// the digits placed in none of its regions. Only for variants of at most 64 regions.
#[derive(Clone, Debug)]
pub(crate) struct Clues {
    pub(super) board: MaskBoard,
    /// The digits placed in each region (bit `d - 1` of entry `r`).
    placed: [u32; 64],
}

impl Clues {
    /// The givens of `puzzle`; `Err` if two of them break a rule. `None` when the variant has
    /// more than 64 regions.
    pub(crate) fn new(tables: &Tables, puzzle: &Grid) -> Option<Result<Clues, Contradiction>> {
        if tables.region_count() > 64 {
            return None;
        }
        Some(MaskBoard::givens(tables, puzzle, None).map(|(board, placed)| Clues { board, placed }))
    }

    /// The digit given in `cell`, if any.
    pub(crate) fn given(&self, cell: Cell) -> Option<Digit> {
        let placed = self.board.cells[cell] >> PLACED_SHIFT;
        (placed != 0).then(|| placed.trailing_zeros() as Digit + 1)
    }

    /// Takes the given out of `cell` (a given): the cell and its peers get back the digit
    /// where no other region of theirs holds it.
    pub(crate) fn remove(&mut self, tables: &Tables, cell: Cell) {
        let bit = self.board.cells[cell] >> PLACED_SHIFT;
        assert!(bit != 0, "cell {cell} has no given to remove");
        let mut regions = tables.region_bits[cell];
        while regions != 0 {
            self.placed[regions.trailing_zeros() as usize] &= !bit;
            regions &= regions - 1;
        }
        let board = &mut self.board;
        board.open += 1;
        board.open_cells |= tables.cell_masks[cell];
        let candidates = tables.all & !MaskBoard::seen(tables, &self.placed, cell);
        board.cells[cell] = candidates;
        // A placed cell's planes are stale (masked by `open_cells`): set all of them.
        for (digit, plane) in board.planes[..tables.size].iter_mut().enumerate() {
            if candidates >> digit & 1 == 0 {
                *plane &= !tables.cell_masks[cell];
            } else {
                *plane |= tables.cell_masks[cell];
            }
        }
        let plane = bit.trailing_zeros() as usize & 15;
        for &peer in tables.peers(super::byte(cell)) {
            let peer = usize::from(peer);
            if board.cells[peer] >> PLACED_SHIFT == 0
                && MaskBoard::seen(tables, &self.placed, peer) & bit == 0
            {
                board.cells[peer] |= bit;
                board.planes[plane] |= tables.cell_masks[peer];
            }
        }
    }

    /// Gives `digit` in `cell` (an open cell) again, as [`MaskBoard::givens`] would have.
    pub(crate) fn restore(&mut self, tables: &Tables, cell: Cell, digit: Digit) {
        let bit = 1u32 << (digit - 1);
        let mut regions = tables.region_bits[cell];
        while regions != 0 {
            self.placed[regions.trailing_zeros() as usize] |= bit;
            regions &= regions - 1;
        }
        let board = &mut self.board;
        board.cells[cell] = bit << PLACED_SHIFT;
        board.open -= 1;
        board.open_cells &= !tables.cell_masks[cell];
        let plane = bit.trailing_zeros() as usize & 15;
        for &peer in tables.peers(super::byte(cell)) {
            board.cells[usize::from(peer)] &= !bit;
            board.planes[plane] &= !tables.cell_masks[usize::from(peer)];
        }
    }
}
