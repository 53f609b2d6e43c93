//! [`WideClues`]: the board of a puzzle's givens from 16×16 up, kept up to date as the
//! generator takes clues away and puts them back, so that each test of a removal starts from
//! a copy of it instead of placing thousands of givens again.

use super::{WideBoard, WideTables};
use crate::grid::{Cell, Digit, Grid};

/// The givens of a puzzle on a [`WideBoard`], without deductions: an open cell's candidates are
/// the digits placed in none of its regions, and the board has no trail.
#[derive(Clone, Debug)]
pub(crate) struct WideClues {
    pub(super) board: WideBoard,
}

impl WideClues {
    /// Every cell of `solution` (a solution of the variant) given.
    pub(crate) fn new(tables: &WideTables, solution: &Grid) -> WideClues {
        let mut board = WideBoard::new(tables);
        for (cell, digit) in solution.givens() {
            board.place(tables, cell, usize::from(digit) - 1).expect("a solution never clashes");
        }
        board.forget_trail();
        board.forget_queue();
        board.eliminated = 0;
        WideClues { board }
    }

    /// The digit given in `cell`, if any.
    pub(crate) fn given(&self, cell: Cell) -> Option<Digit> {
        Some(self.board.digits[cell]).filter(|&digit| digit != 0)
    }

    /// The clues as a grid.
    pub(crate) fn grid(&self, tables: &WideTables) -> Grid {
        Grid::from_cells(tables.size, self.board.digits.clone())
    }

    /// The digits placed in the regions of `cell`.
    fn seen(&self, tables: &WideTables, cell: Cell) -> u64 {
        tables
            .slots(cell)
            .iter()
            .fold(0, |seen, slot| seen | self.board.placed[slot.region as usize])
    }

    /// Takes the given out of `cell` (a given): the cell gets back every digit its regions no
    /// longer hold, and each open peer the removed digit when none of its regions holds it.
    pub(crate) fn remove(&mut self, tables: &WideTables, cell: Cell) {
        let digit = usize::from(self.board.digits[cell]);
        assert!(digit != 0, "cell {cell} has no given to remove");
        let (digit, n) = (digit - 1, tables.size);
        let board = &mut self.board;
        board.digits[cell] = 0;
        board.open += 1;
        for slot in tables.slots(cell) {
            board.placed[slot.region as usize] &= !(1 << digit);
        }
        let candidates = tables.all & !self.seen(tables, cell);
        self.give_back(tables, cell, candidates);
        for slot in tables.slots(cell) {
            for index in 0..n {
                let peer = tables.cell_at(slot.region as usize, index);
                let board = &self.board;
                let open = board.digits[peer] == 0 && board.candidates[peer] >> digit & 1 == 0;
                if open && self.seen(tables, peer) >> digit & 1 == 0 {
                    self.give_back(tables, peer, 1 << digit);
                }
            }
        }
    }

    /// Adds `digits` to the candidates of `cell`, an open cell, and the cell to their places.
    fn give_back(&mut self, tables: &WideTables, cell: Cell, digits: u64) {
        let (board, n) = (&mut self.board, tables.size);
        board.candidates[cell] |= digits;
        let mut rest = digits;
        while rest != 0 {
            let digit = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            for slot in tables.slots(cell) {
                board.places[slot.region as usize * n + digit] |= 1 << slot.index;
            }
        }
    }

    /// Gives `digit` in `cell` (an open cell, whose digit in the solution it is) again.
    pub(crate) fn restore(&mut self, tables: &WideTables, cell: Cell, digit: Digit) {
        let placed = self.board.place(tables, cell, usize::from(digit) - 1);
        // Clues of one solution leave every open cell its own digit and every region a place
        // for each digit it lacks (where the solution has it), so nothing empties.
        placed.expect("the clues of a solution never clash");
        self.board.forget_trail();
        self.board.forget_queue();
        self.board.eliminated = 0;
    }
}
