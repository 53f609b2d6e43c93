//! [`WideSearch`]: depth-first search on the `u64` masks of a [`WideBoard`], with naked and hidden
//! singles at every node, branching on the fewest choices, the reference solution's first.
//! Its loop has the outline of the bitmask search's, and stays its own for the reason
//! `tree.rs` gives: a trail to undo where the bitmask search copies its board.

use dancer::{run::Pause, Stats};

use super::branch::Choice;
use super::guide::Guide;
use super::{WideBoard, WideClues, WideTables};
use crate::grid::{Cell, Digit, Grid};
use crate::logic::Candidates;
use crate::solve::kit::points::{lowest, Pending};
use crate::solve::kit::Contradiction;

/// A search over the puzzles of one variant from 16×16 up; its buffers are reused from puzzle
/// to puzzle.
#[derive(Clone, Debug)]
pub(crate) struct WideSearch {
    /// The node being searched; its trail goes back to the root.
    pub(super) board: WideBoard,
    /// One frame per open branch point, deepest last: `stack[..depth]`. Room for the deepest
    /// possible search (one branch point per cell) is reserved at the start.
    pub(super) stack: Vec<Frame>,
    pub(super) depth: usize,
    pub(super) pending: Pending,
    /// The digits of the first solution of the last search.
    first: Vec<Digit>,
    pub(super) nodes: u64,
    pub(super) eliminated: u64,
    pub(super) solutions: u64,
    /// The eliminations of the node entered last, to take back with it (see `tree.rs`).
    pub(super) last_eliminated: u64,
    pub(super) max_depth: usize,
    /// The shallowest branch point whose untried choices are this search's, and the choice
    /// (one rotated bit) they stop before there, 0 for none: what is left of a level this
    /// search shared with another (see `tree.rs`).
    pub(super) floor: usize,
    pub(super) until: u64,
    /// The solution the search tries to follow on this puzzle.
    pub(super) guide: Guide,
    /// Each cell's failed placements in this search, which weigh its choices when the
    /// variant has overlapping regions (see `push_frame`).
    pub(super) conflicts: Vec<u32>,
}

/// A branch point: what it chooses between and where the trail stood before it. The masks
/// (all the choices, the one taken last, those not yet tried) are rotated right by `rotation`,
/// the guide's choice, so that the lowest bit is tried first and the others follow in cyclic
/// order: halving the untried choices or stopping before one stays a mask operation.
#[derive(Clone, Copy, Debug)]
pub(super) struct Frame {
    pub(super) choice: Choice,
    pub(super) rotation: u32,
    pub(super) all: u64,
    pub(super) picked: u64,
    pub(super) untried: u64,
    pub(super) mark: usize,
}

impl Frame {
    /// The cell and the digit (from 0) of rotated choice `bit`.
    #[inline]
    pub(super) fn step(&self, tables: &WideTables, bit: u64) -> (usize, usize) {
        self.choice.step(tables, bit.rotate_left(self.rotation))
    }
}

impl WideSearch {
    /// A search for grids of `tables`' variant.
    pub(crate) fn new(tables: &WideTables) -> WideSearch {
        WideSearch {
            board: WideBoard::new(tables),
            stack: Vec::with_capacity(tables.cell_count() + 1),
            depth: 0,
            pending: Pending::Done,
            first: vec![0; tables.cell_count()],
            nodes: 0,
            eliminated: 0,
            solutions: 0,
            last_eliminated: 0,
            max_depth: 0,
            floor: 0,
            until: 0,
            guide: Guide::new(tables),
            conflicts: vec![0; tables.cell_count()],
        }
    }

    /// Forgets the last search: its counters and branch points.
    fn start(&mut self) {
        (self.nodes, self.eliminated, self.solutions, self.max_depth) = (0, 0, 0, 0);
        (self.depth, self.floor, self.until) = (0, 0, 0);
        self.pending = Pending::Done;
        self.conflicts.fill(0);
    }

    /// Places the givens of `puzzle`, rules out `forbidden` (an open cell and a digit), takes
    /// in what the logical solver found (`logic`: the candidates where it stopped, which hold
    /// in every solution of the puzzle), and makes the deductions: the root, entered by the
    /// next walk. `Ok(true)` when that fills the grid; `Err` when they contradict each other.
    pub(crate) fn load(
        &mut self,
        tables: &WideTables,
        puzzle: &Grid,
        forbidden: Option<(Cell, Digit)>,
        logic: Option<&Candidates>,
    ) -> Result<bool, Contradiction> {
        self.start();
        self.guide.fit(tables, puzzle.cells());
        let board = &mut self.board;
        board.clear(tables);
        let mut result = puzzle
            .givens()
            .try_for_each(|(cell, digit)| board.place(tables, cell, usize::from(digit) - 1));
        // Updates count what the deductions eliminate, not what the givens do.
        board.eliminated = 0;
        if let (Ok(()), Some((cell, digit))) = (result, forbidden) {
            let digit = usize::from(digit) - 1;
            result = if board.eliminate(tables, cell, digit) { Ok(()) } else { Err(Contradiction) };
        }
        if let (Ok(()), Some(logic)) = (result, logic) {
            result = board.take_in(tables, logic);
        }
        let result = result.and_then(|()| board.deduce(tables));
        self.root_loaded(result)
    }

    /// Makes the board as loaded (or found contradictory) the root.
    fn root_loaded(&mut self, result: Result<(), Contradiction>) -> Result<bool, Contradiction> {
        self.board.forget_trail();
        self.board.forget_queue();
        self.eliminated = std::mem::take(&mut self.board.eliminated);
        self.pending = Pending::Prepared(result.is_ok());
        if result.is_err() {
            self.nodes = 1;
        }
        result.map(|()| self.board.open == 0)
    }

    /// Counts the solutions of the puzzle just loaded up to `limit` (at least 1), and keeps
    /// the first.
    pub(crate) fn walk_up_to(&mut self, tables: &WideTables, limit: u64) -> u64 {
        self.walk(tables, u64::MAX, limit.max(1), &mut lowest).1
    }

    /// Whether the puzzle of `clues` has a solution without `digit` in `cell` (an open cell),
    /// with what `logic` deduced from the clues taken in when given, searching until about
    /// `budget` candidates have been eliminated below the root: `None` when the budget ran out
    /// first.
    ///
    /// Why eliminations and not nodes: from 36×36 up a node on a sparse grid may place
    /// hundreds of cells, so a budget of nodes was a budget of seconds at some sizes and of
    /// minutes at others.
    pub(crate) fn has_solution_without(
        &mut self,
        tables: &WideTables,
        clues: &WideClues,
        (cell, digit): (Cell, Digit),
        budget: u64,
        logic: Option<&Candidates>,
    ) -> Option<bool> {
        /// Nodes searched between looks at the budget.
        const STRIDE: u64 = 8;
        self.start();
        self.board.copy_from(&clues.board);
        self.guide.fit(tables, &clues.board.digits);
        let board = &mut self.board;
        let removed = board.eliminate(tables, cell, usize::from(digit) - 1);
        let mut result = if removed { Ok(()) } else { Err(Contradiction) };
        if let (Ok(()), Some(logic)) = (result, logic) {
            result = board.take_in(tables, logic);
        }
        let result = result.and_then(|()| board.queue_singles(tables));
        let result = result.and_then(|()| board.deduce(tables));
        if self.root_loaded(result).is_err() {
            return Some(false);
        }
        let root = self.eliminated;
        loop {
            match self.walk(tables, STRIDE, 1, &mut lowest) {
                (_, 1) => return Some(true),
                (Pause::Budget, _) if self.eliminated - root < budget => {}
                (Pause::Budget, _) => return None,
                _ => return Some(false),
            }
        }
    }

    /// Whether naked and hidden singles alone fill the grid from `clues`.
    pub(crate) fn solved_by_singles(&mut self, tables: &WideTables, clues: &WideClues) -> bool {
        self.start();
        self.board.copy_from(&clues.board);
        let board = &mut self.board;
        let result = board.queue_singles(tables).and_then(|()| board.propagate(tables));
        self.root_loaded(result) == Ok(true)
    }

    /// A random solution of the blank grid within `budget` nodes: `Err(())` when the budget
    /// ran out, `Ok(None)` when the variant has no solution. Each branch point's choices are
    /// tried in the random order `random_below` gives (a number below its argument).
    pub(crate) fn random_fill(
        &mut self,
        tables: &WideTables,
        budget: u64,
        random_below: &mut dyn FnMut(usize) -> usize,
    ) -> Result<Option<Vec<Digit>>, ()> {
        if self.load(tables, &Grid::empty(tables.size), None, None).is_err() {
            return Ok(None);
        }
        let mut pick = |untried: u64| {
            let mut rest = untried;
            for _ in 0..random_below(untried.count_ones() as usize) {
                rest &= rest - 1;
            }
            rest & rest.wrapping_neg()
        };
        match self.walk(tables, budget, 1, &mut pick) {
            (_, 1) => Ok(Some(self.first())),
            (Pause::Budget, _) => Err(()),
            _ => Ok(None),
        }
    }

    /// Searches on until `wanted` solutions are found in this call (it then stands on the
    /// last), `budget` nodes have been entered (it then stands before the next one, prepared
    /// but not counted), or nothing is left, taking each branch point's choices in the order
    /// `pick` gives (one bit of its argument, the untried choices). Returns why it stopped and
    /// the solutions found.
    pub(super) fn walk(
        &mut self,
        tables: &WideTables,
        budget: u64,
        wanted: u64,
        pick: &mut impl FnMut(u64) -> u64,
    ) -> (Pause, u64) {
        let (mut entered, mut found) = (0, 0);
        loop {
            let deduced = match self.pending {
                Pending::Prepared(deduced) => deduced,
                Pending::NextBranch => {
                    let Some(deduced) = self.prepare_next(tables, pick) else {
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
            if self.board.open == 0 {
                if self.solutions == 0 {
                    self.first.copy_from_slice(&self.board.digits);
                }
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

    /// Opens a branch point on the current board. With overlapping regions (windows,
    /// diagonals, jigsaw pieces, extra regions) the choices are weighed by their cells' dead
    /// ends so far, as the propagating search weighs them: a blank 16×16 Windoku took more than
    /// 3.7 million nodes (20 s) and no solution by the fewest choices alone, 3 744 with the
    /// weights, and ISS's hardest 16×16 X puzzle 162 847 nodes, 36 250 with them. A plain grid
    /// keeps the unweighted choice, whose early exit at two choices is cheaper.
    pub(super) fn push_frame(&mut self, tables: &WideTables) {
        let (choice, choices) = if tables.overlaps.is_empty() {
            self.board.choose(tables)
        } else {
            self.board.choose_weighted(tables, &self.conflicts)
        };
        self.push_choice(tables, choice, choices);
    }

    /// Opens a branch point on `choice`, whose choices are `choices` (unrotated).
    pub(super) fn push_choice(&mut self, tables: &WideTables, choice: Choice, choices: u64) {
        let rotation = self.guide.first_choice(tables, choice);
        let all = choices.rotate_right(rotation);
        let mark = self.board.mark();
        let frame = Frame { choice, rotation, all, picked: 0, untried: all, mark };
        if let Some(slot) = self.stack.get_mut(self.depth) {
            *slot = frame;
        } else {
            self.stack.push(frame);
        }
        self.depth += 1;
        self.max_depth = self.max_depth.max(self.depth);
    }

    /// Prepares the next choice of the deepest branch point that has one, leaving the ones
    /// that have none: whether its deductions went through, or `None` when none is left.
    fn prepare_next(
        &mut self,
        tables: &WideTables,
        pick: &mut impl FnMut(u64) -> u64,
    ) -> Option<bool> {
        while self.depth > 0 {
            let frame = &mut self.stack[self.depth - 1];
            if frame.untried == 0 {
                self.depth -= 1;
                continue;
            }
            let picked = pick(frame.untried);
            frame.untried &= !picked;
            frame.picked = picked;
            let frame = *frame;
            return Some(self.descend(tables, &frame, picked));
        }
        None
    }

    /// Goes back to `frame`'s board and makes its choice `bit` with the deductions: whether
    /// they went through. The node is prepared, not entered.
    pub(super) fn descend(&mut self, tables: &WideTables, frame: &Frame, bit: u64) -> bool {
        let (cell, digit) = frame.step(tables, bit);
        let board = &mut self.board;
        board.undo_to(tables, frame.mark);
        let deduced = board.place(tables, cell, digit).and_then(|()| board.deduce(tables));
        board.forget_queue();
        if deduced.is_err() {
            self.conflicts[cell] = self.conflicts[cell].saturating_add(1);
        }
        self.pending = Pending::Prepared(deduced.is_ok());
        deduced.is_ok()
    }

    /// The next solution of the puzzle last loaded, for enumerating: the search then stands on
    /// it, and goes on from there at the next call.
    pub(crate) fn next_solution(&mut self, tables: &WideTables) -> Option<&[Digit]> {
        let (_, found) = self.walk(tables, u64::MAX, 1, &mut lowest);
        (found == 1).then_some(&self.board.digits[..])
    }

    /// The candidates the last search eliminated, its root's included.
    pub(crate) fn updates(&self) -> u64 {
        self.eliminated
    }

    /// The solutions found since the puzzle was loaded.
    pub(crate) fn solutions(&self) -> u64 {
        self.solutions
    }

    /// The digits of the first solution of the last search, or of the board as loaded when
    /// there was none.
    pub(crate) fn first(&self) -> Vec<Digit> {
        if self.solutions == 0 {
            return self.board.digits.clone();
        }
        self.first.clone()
    }

    /// The counters of the last search, in the engine's terms: nodes are the branches tried
    /// (the root included), updates the candidates eliminated.
    pub(crate) fn stats(&self, solutions: u64) -> Stats {
        let depth = u32::try_from(self.max_depth).unwrap_or(u32::MAX);
        Stats::from_counts(self.nodes, self.eliminated, solutions, depth)
    }
}
