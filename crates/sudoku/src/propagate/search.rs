//! [`Search`]: depth-first search on candidate bitmasks, with the deductions of
//! [`Board::deduce`] at every node and a branch on the open cell with the fewest candidates.
//!
//! Why not the exact-cover engine for these grids: a branch here copies one [`Board`] (a few
//! hundred bytes) and the deductions then cost word operations, where the engine pays a link
//! update for every option it hides. The engine stays the general path: 16×16 and up, and
//! enumeration (which streams solutions in flat memory).

use dancer::Stats;

use super::{Board, Contradiction, Singles, Tables};
use crate::{Cell, Digit, Grid};

/// A search over the puzzles of one variant; its buffers are reused from puzzle to puzzle.
#[derive(Clone, Debug)]
pub(crate) struct Search {
    /// The node being searched.
    board: Board,
    /// One frame per open branch point, deepest last: `stack[..depth]`. Frames beyond are
    /// kept for reuse, so that a branch copies only the cells of the grid, into place.
    stack: Vec<Frame>,
    depth: usize,
    /// Cells down to one candidate, not yet placed (see [`Board::deduce`]).
    singles: Singles,
    /// The first solution of the last search.
    first: Option<Board>,
    /// Branches tried by the last search (the root counts as one).
    nodes: u64,
    /// Candidates eliminated by the last search.
    eliminated: u64,
    /// The most branch points open at once in the last search.
    max_depth: usize,
}

/// A branch point: the board before the branch, the cell branched on, and its digits not yet
/// tried.
#[derive(Clone, Debug)]
struct Frame {
    board: Board,
    cell: u8,
    untried: u32,
}

impl Search {
    /// A search for grids of `tables`' variant.
    pub(crate) fn new(tables: &Tables) -> Search {
        Search {
            board: Board::blank(tables),
            stack: Vec::new(),
            depth: 0,
            singles: Singles::default(),
            first: None,
            nodes: 0,
            eliminated: 0,
            max_depth: 0,
        }
    }

    /// Places the givens of `puzzle`, rules out `forbidden`, and applies the deductions (locked
    /// candidates only with `locked`): `Ok(true)` when that fills the grid.
    pub(crate) fn deduce(
        &mut self,
        tables: &Tables,
        puzzle: &Grid,
        forbidden: Option<(Cell, Digit)>,
        locked: bool,
    ) -> Result<bool, Contradiction> {
        self.nodes = 1;
        self.max_depth = 0;
        self.first = None;
        self.depth = 0;
        self.singles.clear();
        let forbidden = forbidden.map(|(cell, digit)| {
            (u8::try_from(cell).expect("below 16x16 a cell fits a byte"), 1u32 << (digit - 1))
        });
        let loaded = Board::load(tables, puzzle, forbidden, &mut self.singles);
        let result = loaded.and_then(|mut board| {
            let deduced = board.deduce(tables, &mut self.singles, locked);
            self.board = board;
            deduced
        });
        self.singles.clear();
        self.eliminated = std::mem::take(&mut self.board.eliminated);
        result.map(|()| self.board.is_filled())
    }

    /// Counts the solutions of `puzzle` without `forbidden`, up to `limit` (at least 1), and
    /// keeps the first (see [`first`](Self::first)). `Err` when the deductions from the givens
    /// alone contradict each other (the givens may also break a rule directly: the caller
    /// tells which).
    ///
    /// Locked candidates are looked for at the root only, and only with `locked`: below the
    /// root they cost more than the branches they save (measured on the hardest puzzles), and
    /// the generator's tests, which are mostly settled by singles, measured faster without.
    pub(crate) fn count(
        &mut self,
        tables: &Tables,
        puzzle: &Grid,
        forbidden: Option<(Cell, Digit)>,
        limit: u64,
        locked: bool,
    ) -> Result<u64, Contradiction> {
        self.deduce(tables, puzzle, forbidden, locked)?;
        Ok(self.search(tables, limit, &mut |untried| untried & untried.wrapping_neg()))
    }

    /// A random solution of the blank grid, or `None` if the variant has none: the search
    /// tries each branch point's digits in the random order `random_below` gives (it must
    /// return a number below its argument).
    pub(crate) fn random_fill(
        &mut self,
        tables: &Tables,
        random_below: &mut dyn FnMut(usize) -> usize,
    ) -> Option<Vec<Digit>> {
        let blank = Grid::empty(tables.size);
        self.deduce(tables, &blank, None, false).ok()?;
        let mut pick = |untried: u32| {
            let k = random_below(untried.count_ones() as usize);
            let mut rest = untried;
            for _ in 0..k {
                rest &= rest - 1;
            }
            rest & rest.wrapping_neg()
        };
        (self.search(tables, 1, &mut pick) == 1).then(|| self.first(tables))
    }

    /// Searches from the board [`deduce`](Self::deduce) left, up to `limit` solutions, taking
    /// each branch point's digits in the order `pick` chooses (it returns one bit of its
    /// argument, the digits not yet tried).
    fn search(&mut self, tables: &Tables, limit: u64, pick: &mut impl FnMut(u32) -> u32) -> u64 {
        let mut count = 0;
        let mut at_node = true;
        while at_node {
            if self.board.is_filled() {
                if count == 0 {
                    self.first = Some(self.board.clone());
                }
                count += 1;
                if count >= limit {
                    break;
                }
            } else {
                let (cell, untried) = self.choose(tables);
                if let Some(frame) = self.stack.get_mut(self.depth) {
                    frame.board.copy_from(&self.board, tables.cell_count());
                    (frame.cell, frame.untried) = (cell, untried);
                } else {
                    self.stack.push(Frame { board: self.board.clone(), cell, untried });
                }
                self.depth += 1;
                self.max_depth = self.max_depth.max(self.depth);
            }
            at_node = self.next_branch(tables, pick);
        }
        self.depth = 0;
        count
    }

    /// Moves to the next branch whose deductions do not contradict themselves, backtracking as
    /// needed; false when the tree is exhausted.
    fn next_branch(&mut self, tables: &Tables, pick: &mut impl FnMut(u32) -> u32) -> bool {
        while self.depth > 0 {
            let frame = &mut self.stack[self.depth - 1];
            let untried = frame.untried;
            if untried == 0 {
                self.depth -= 1;
                continue;
            }
            let bit = pick(untried);
            frame.untried = untried & !bit;
            let cell = frame.cell;
            self.board.copy_from(&frame.board, tables.cell_count());
            self.nodes += 1;
            let placed = self.board.place(tables, cell, bit, &mut self.singles);
            let deduced = placed.and_then(|()| self.board.deduce(tables, &mut self.singles, false));
            // Boards are saved with no eliminations of their own, so none is counted twice.
            self.eliminated += std::mem::take(&mut self.board.eliminated);
            if deduced.is_ok() {
                return true;
            }
            self.singles.clear();
        }
        false
    }

    /// The open cell with the fewest candidates (the first with two, if any) and those
    /// candidates. Only called on a board that is not filled, after the deductions, so every
    /// open cell has two candidates or more.
    fn choose(&self, tables: &Tables) -> (u8, u32) {
        let (mut best, mut best_candidates, mut best_count) = (0, 0, u32::MAX);
        for cell in 0..tables.cell_count() {
            let candidates = self.board.candidates(cell);
            if candidates == 0 {
                continue;
            }
            let rest = candidates & (candidates - 1);
            if rest & rest.wrapping_sub(1) == 0 {
                return (cell as u8, candidates);
            }
            let count = candidates.count_ones();
            if count < best_count {
                (best, best_candidates, best_count) = (cell, candidates, count);
            }
        }
        (best as u8, best_candidates)
    }

    /// The digits of the first solution of the last [`count`](Self::count), or of the last
    /// [`deduce`](Self::deduce) (0 for the cells it left open).
    pub(crate) fn first(&self, tables: &Tables) -> Vec<Digit> {
        self.first.as_ref().unwrap_or(&self.board).digits(tables.cell_count()).collect()
    }

    /// The candidates of `cell` on the current board (0 once placed).
    #[cfg(test)]
    pub(crate) fn candidates(&self, cell: Cell) -> u32 {
        self.board.candidates(cell)
    }

    /// The counters of the last search, in the engine's terms: nodes are the branches tried
    /// (the root included), updates the candidates eliminated.
    pub(crate) fn stats(&self, solutions: u64) -> Stats {
        let depth = u32::try_from(self.max_depth).unwrap_or(u32::MAX);
        Stats::from_counts(self.nodes, self.eliminated, solutions, depth)
    }
}
