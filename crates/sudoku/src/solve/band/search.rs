//! [`BandSearch`]: depth-first search on a [`BandBoard`], with its deductions at every node,
//! branching on a cell of two candidates when there is one, lowest digit first.
//!
//! A branch point saves its settled board's candidates and open cells (30 words) on a fixed
//! stack of 81 frames (each branch places a digit in an open cell, so no path is deeper); each
//! later digit is placed on that board again, and the last one frees the frame. No
//! allocation, no recursion.

use dancer::Stats;

use super::board::{BandBoard, Saved};
use crate::grid::Grid;
use crate::solve::kit::Contradiction;

/// The most branch points open at once: one per open cell at most.
const DEPTH: usize = 81;

/// A branch point: the board before it, the cell (band and bit) and the digits not yet tried
/// (bit `d` for digit `d + 1`).
#[derive(Clone, Copy, Debug)]
struct Frame {
    board: Saved,
    band: usize,
    bit: u32,
    untried: u32,
}

/// The band search's buffers and the counters of its last search, reused from puzzle to
/// puzzle.
#[derive(Clone, Debug)]
pub(crate) struct BandSearch {
    board: BandBoard,
    /// [`DEPTH`] frames, made once.
    stack: Box<[Frame]>,
    /// The first solution of the last search.
    first: [u8; 81],
    /// Nodes entered by the last search: the root and one per branch tried.
    nodes: u64,
    /// Word updates the last search ran (see [`BandBoard::updates`]).
    updates: u64,
    /// The most branch points open at once in the last search.
    max_depth: usize,
}

impl BandSearch {
    /// A search with its stack made.
    pub(crate) fn new() -> BandSearch {
        let frame = Frame { board: Saved::default(), band: 0, bit: 0, untried: 0 };
        BandSearch {
            board: BandBoard::blank(),
            stack: vec![frame; DEPTH].into_boxed_slice(),
            first: [0; 81],
            nodes: 0,
            updates: 0,
            max_depth: 0,
        }
    }

    /// Counts the solutions of `puzzle` (a 9×9 of the classic rules) without `forbidden`
    /// (cell, digit), up to `limit` (at least 1), and keeps the first ([`first`](Self::first)).
    /// `Err` when the givens and the deductions from them alone contradict each other (the
    /// caller tells a broken rule from no solution).
    pub(crate) fn count(
        &mut self,
        puzzle: &Grid,
        forbidden: Option<(usize, u8)>,
        limit: u64,
    ) -> Result<u64, Contradiction> {
        (self.nodes, self.updates, self.max_depth) = (1, 0, 0);
        self.first = [0; 81];
        self.board = BandBoard::load(puzzle.cells(), forbidden)?;
        let mut settled = self.board.settle();
        self.updates += self.board.updates();
        settled?;
        let (mut found, mut depth) = (0, 0);
        loop {
            match settled {
                Ok(true) => {
                    if found == 0 {
                        self.board.digits(&mut self.first);
                    }
                    found += 1;
                    if found >= limit {
                        return Ok(found);
                    }
                }
                Ok(false) => {
                    // A branch point: try its lowest digit now, the others from the frame.
                    let (band, bit, digits) = self.board.branch_cell();
                    let digit = digits.trailing_zeros() as usize;
                    let frame = &mut self.stack[depth];
                    *frame = Frame {
                        board: self.board.save(),
                        band,
                        bit,
                        untried: digits & (digits - 1),
                    };
                    depth += 1;
                    self.max_depth = self.max_depth.max(depth);
                    self.board.place_in(3 * digit + band, bit);
                    self.nodes += 1;
                    settled = self.board.settle();
                    self.updates += self.board.updates();
                    continue;
                }
                Err(Contradiction) => {}
            }
            // Back to the deepest branch point, which always has a digit left.
            if depth == 0 {
                return Ok(found);
            }
            let frame = &mut self.stack[depth - 1];
            let digit = frame.untried.trailing_zeros() as usize;
            frame.untried &= frame.untried - 1;
            let (band, bit) = (frame.band, frame.bit);
            self.board.restore(&frame.board);
            if frame.untried == 0 {
                depth -= 1;
            }
            self.board.place_in(3 * digit + band, bit);
            self.nodes += 1;
            settled = self.board.settle();
            self.updates += self.board.updates();
        }
    }

    /// The digits of the first solution of the last [`count`](Self::count) that found one.
    pub(crate) fn first(&self) -> Vec<u8> {
        self.first.to_vec()
    }

    /// The counters of the last search, in the engine's terms: nodes are the root and the
    /// branches tried, updates the word updates (one digit's
    /// deductions in one band) run at those nodes.
    pub(crate) fn stats(&self, solutions: u64) -> Stats {
        let depth = u32::try_from(self.max_depth).unwrap_or(u32::MAX);
        Stats::from_counts(self.nodes, self.updates, solutions, depth)
    }
}
