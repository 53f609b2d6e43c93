//! [`BandSearch`]: depth-first search on a [`BandBoard`], with its deductions at every node,
//! branching on how a digit fills a band or a stack ([`BandBoard::branch`]), first
//! permutation first.
//!
//! A branch point saves its settled board (candidates, open cells and the words' facts) on a
//! fixed stack of [`DEPTH`] frames; each later choice is taken on that board again, and the
//! last one frees the frame. No allocation, no recursion.

use dancer::Stats;

use super::board::{BandBoard, Branch, Saved};
use crate::grid::Grid;
use crate::solve::kit::Contradiction;

/// The most branch points open at once. A branch on a digit's permutations in a band or stack
/// leaves it one, so the path below never branches on that digit there again: at most 54 such
/// branches (9 digits, 3 bands, 3 stacks), and 81 on cells (which a settled board that is not
/// solved never needs: see [`BandBoard::branch`]).
const DEPTH: usize = 54 + 81;

/// A branch point: the board before it and the choices not yet tried.
#[derive(Clone, Copy, Debug, Default)]
struct Frame {
    board: Saved,
    untried: Branch,
}

/// The band search's buffers and the counters of its last search, reused from puzzle to
/// puzzle.
#[derive(Clone, Debug)]
pub(crate) struct BandSearch {
    board: BandBoard,
    /// The branch points, deepest last, in room for [`DEPTH`] made once (so that a search
    /// never allocates, and a solver made for one puzzle does not fill frames it never uses);
    /// frames are reused from search to search.
    stack: Vec<Frame>,
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
        BandSearch {
            board: BandBoard::blank(),
            stack: Vec::with_capacity(DEPTH),
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
    ///
    /// A first solution too is searched by permutations with the triads (until 2026-12 it was
    /// searched by cells of two candidates, so that the solution printed for a puzzle with
    /// several stayed what it had been; by permutations it is found in fewer nodes: first
    /// 1 000 forum-hardest puzzles, 107.1 nodes a puzzle down to 69.9, tdoku 67.9).
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
        // Frames below `depth` are open branch points; those above are kept for reuse.
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
                    // A branch point: take its first choice now, the others from the frame.
                    let branch = self.board.branch();
                    if depth == self.stack.len() {
                        debug_assert!(depth < DEPTH, "deeper than a search can go");
                        self.stack.push(Frame::default());
                    }
                    let frame = &mut self.stack[depth];
                    self.board.save(&mut frame.board);
                    frame.untried = branch.rest();
                    depth += 1;
                    self.max_depth = self.max_depth.max(depth);
                    self.board.take(branch);
                    self.nodes += 1;
                    settled = self.board.settle();
                    self.updates += self.board.updates();
                    continue;
                }
                Err(Contradiction) => {}
            }
            // Back to the deepest branch point, which always has a choice left.
            if depth == 0 {
                return Ok(found);
            }
            let frame = &mut self.stack[depth - 1];
            let branch = frame.untried;
            frame.untried = branch.rest();
            self.board.restore(&frame.board);
            if frame.untried.choices == 0 {
                depth -= 1;
            }
            self.board.take(branch);
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
