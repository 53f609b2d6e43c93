//! [`PropSearch`]: depth-first search on a [`PropBoard`], the propagators run to a fixpoint at
//! every node, branching where `branch.rs` says (a cell's candidates or a digit's places in a
//! house). Its loop has the outline of the wide search's (`solve/wide/search.rs`),
//! with the board's propagators where that one has singles.

use dancer::{run::Pause, Stats};

use super::board::PropBoard;
use super::branch::Frame;
use super::PropTables;
use crate::grid::Digit;
use crate::solve::kit::points::{lowest, Pending};
use crate::solve::kit::Contradiction;

/// Dead ends between two halvings of the branch choice's weights.
const DECAY_EVERY: u32 = 1 << 14;

/// A search over the puzzles of one model's rules; its buffers are reused from puzzle to
/// puzzle.
#[derive(Clone, Debug)]
pub(crate) struct PropSearch {
    /// The node being searched; its trail goes back to the root.
    pub(super) board: PropBoard,
    /// One frame per open branch point, deepest last: `stack[..depth]`.
    pub(super) stack: Vec<Frame>,
    pub(super) depth: usize,
    pub(super) pending: Pending,
    pub(super) nodes: u64,
    pub(super) eliminated: u64,
    pub(super) solutions: u64,
    /// The eliminations of the node entered last, to take back with it (see `tree.rs`).
    pub(super) last_eliminated: u64,
    pub(super) max_depth: usize,
    /// What is left of a level this search shared with another (see `solve/wide/search.rs`).
    pub(super) floor: usize,
    pub(super) until: u64,
    /// The lines' room to work.
    scratch: Vec<u8>,
    /// Each cell's dead ends: the placements on it whose propagation failed, which add to
    /// its rules' weights when choosing where to branch.
    pub(super) conflicts: Vec<u32>,
    /// Dead ends left before the weights are halved (`decay`).
    failures_to_decay: u32,
    /// Each open cell's weight for the branch choice, filled by `push_frame`.
    pub(super) weights: Vec<u64>,
    /// The full groups (houses) by their cells' range in the tables' list.
    pub(super) houses: Vec<std::ops::Range<u32>>,
    /// Whether the rules are houses alone (pencilmark puzzles): a cell of two candidates is
    /// then branched on before any digit's places (`branch.rs`).
    pub(super) houses_alone: bool,
    /// Whether the rules are houses and relations between two cells alone (a thermometer
    /// puzzle): a digit's two places are then weighed against a cell of two as against any
    /// other cell (`branch.rs`).
    pub(super) relations_alone: bool,
}

impl PropSearch {
    /// A search for puzzles of `tables`' rules.
    pub(crate) fn new(tables: &PropTables) -> PropSearch {
        PropSearch {
            board: PropBoard::new(tables),
            stack: Vec::with_capacity(tables.cells + 1),
            depth: 0,
            pending: Pending::Done,
            nodes: 0,
            eliminated: 0,
            solutions: 0,
            last_eliminated: 0,
            max_depth: 0,
            floor: 0,
            until: 0,
            scratch: Vec::with_capacity(tables.most_states),
            conflicts: vec![0; tables.cells],
            failures_to_decay: DECAY_EVERY,
            weights: vec![0; tables.cells],
            houses: tables
                .rules
                .iter()
                .filter_map(|rule| match rule {
                    super::Rule::Group { cells, full: true } => Some(cells.clone()),
                    _ => None,
                })
                .collect(),
            houses_alone: (tables.rules.iter()).all(|rule| {
                matches!(rule, super::Rule::Group { .. } | super::Rule::Crossed { .. })
            }),
            relations_alone: (tables.rules.iter()).all(|rule| {
                use super::Rule::{Crossed, Group, Pair};
                matches!(rule, Group { .. } | Crossed { .. } | Pair { .. })
            }),
        }
    }

    /// Forgets the last search: its counters and branch points.
    fn start(&mut self) {
        (self.nodes, self.eliminated, self.solutions, self.max_depth) = (0, 0, 0, 0);
        (self.depth, self.floor, self.until) = (0, 0, 0);
        self.pending = Pending::Done;
    }

    /// Loads the puzzle of `givens` (one a cell of the model's rectangle) and runs the
    /// propagators: the root, entered by the next walk. `Ok(true)` when that solves it; `Err`
    /// when they find no solution.
    pub(crate) fn load(
        &mut self,
        tables: &PropTables,
        givens: &[Option<Digit>],
    ) -> Result<bool, Contradiction> {
        self.start();
        let mut masks = tables.root.clone();
        let mut result = Ok(());
        for (mask, given) in masks.iter_mut().zip(givens) {
            if let Some(digit) = given {
                *mask &= 1 << (digit - 1);
                if *mask == 0 {
                    result = Err(Contradiction);
                }
            }
        }
        if tables.root.iter().zip(givens).any(|(&root, given)| root == 0 && given.is_some()) {
            result = Err(Contradiction);
        }
        self.board.load(tables, &masks);
        let result = result.and_then(|()| self.board.propagate(tables, &mut self.scratch));
        self.board.forget_trail();
        self.eliminated = std::mem::take(&mut self.board.eliminated);
        self.pending = Pending::Prepared(result.is_ok());
        result.map(|()| self.board.is_solved())
    }

    /// Searches on, without a budget, until `wanted` more solutions are found or nothing is
    /// left: why it stopped, and the solutions found.
    pub(crate) fn walk_up_to(&mut self, tables: &PropTables, wanted: u64) -> (Pause, u64) {
        self.walk(tables, u64::MAX, wanted.max(1))
    }

    /// Searches on until `wanted` solutions are found in this call (it then stands on the
    /// last), `budget` nodes have been entered (it then stands before the next one, prepared
    /// but not counted), or nothing is left. Returns why it stopped and the solutions found.
    pub(super) fn walk(&mut self, tables: &PropTables, budget: u64, wanted: u64) -> (Pause, u64) {
        let (mut entered, mut found) = (0, 0);
        loop {
            let deduced = match self.pending {
                Pending::Prepared(deduced) => deduced,
                Pending::NextBranch => {
                    let Some(deduced) = self.prepare_next(tables) else {
                        self.pending = Pending::Done;
                        return (Pause::Done, found);
                    };
                    deduced
                }
                Pending::Done => return (Pause::Done, found),
            };
            if entered == budget {
                return (Pause::Budget, found);
            }
            entered += 1;
            self.nodes += 1;
            self.last_eliminated = std::mem::take(&mut self.board.eliminated);
            self.eliminated += self.last_eliminated;
            self.pending = Pending::NextBranch;
            if !deduced {
                continue;
            }
            if self.board.is_solved() {
                self.solutions += 1;
                found += 1;
                if found == wanted {
                    return (Pause::Solution, found);
                }
            } else {
                self.push_frame(tables);
            }
        }
    }

    /// Prepares the next choice of the deepest branch point that has one, leaving the ones
    /// that have none: whether its propagation went through, or `None` when none is left.
    fn prepare_next(&mut self, tables: &PropTables) -> Option<bool> {
        while self.depth > 0 {
            let frame = &mut self.stack[self.depth - 1];
            if frame.untried == 0 {
                self.depth -= 1;
                continue;
            }
            let picked = lowest(frame.untried);
            frame.untried &= !picked;
            frame.picked = picked;
            let frame = *frame;
            return Some(self.descend(tables, &frame, picked));
        }
        None
    }

    /// Goes back to `frame`'s board and places its choice `bit`, then propagates: whether that
    /// went through. The node is prepared, not entered.
    pub(super) fn descend(&mut self, tables: &PropTables, frame: &Frame, bit: u64) -> bool {
        let (cell, keep) = self.step(tables, frame, bit);
        let board = &mut self.board;
        board.undo_to(frame.mark);
        let deduced = board
            .restrict(tables, cell, keep)
            .and_then(|()| board.propagate(tables, &mut self.scratch));
        if deduced.is_err() {
            self.conflicts[cell] = self.conflicts[cell].saturating_add(1);
            self.failures_to_decay -= 1;
            if self.failures_to_decay == 0 {
                self.decay(tables);
            }
        }
        self.pending = Pending::Prepared(deduced.is_ok());
        deduced.is_ok()
    }

    /// Halves the cells' dead ends and the rules' weights (keeping each rule at one at
    /// least), so that the branch choice follows where the search fails now more than where
    /// it failed long ago, as ISS decays its conflict scores: `HARD_RENBAN`'s second took
    /// 479 310 nodes without, 442 156 with (docs/propagation.md).
    fn decay(&mut self, tables: &PropTables) {
        self.failures_to_decay = DECAY_EVERY;
        self.conflicts.iter_mut().for_each(|count| *count >>= 1);
        self.board.halve_weights(tables);
    }

    /// The digits of the board, one a cell of the rectangle (`None` for an unused cell): the
    /// solution, after a walk paused on one.
    pub(crate) fn digits(&self) -> Vec<Option<Digit>> {
        let digit = |mask: u64| (mask != 0).then(|| mask.trailing_zeros() as Digit + 1);
        self.board.masks.iter().map(|&mask| digit(mask)).collect()
    }

    /// The counters of the last search, in the engine's terms: nodes are the branches tried
    /// (the root included), updates the candidates eliminated.
    pub(crate) fn stats(&self) -> Stats {
        let depth = u32::try_from(self.max_depth).unwrap_or(u32::MAX);
        Stats::from_counts(self.nodes, self.eliminated, self.solutions, depth)
    }
}
