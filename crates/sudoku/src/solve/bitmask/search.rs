//! [`MaskSearch`]: depth-first search on candidate bitmasks, with the deductions of
//! [`MaskBoard::deduce`] at every node and a branch on the open cell with the fewest candidates.
//!
//! Why not the exact-cover engine for these grids: a branch here copies one [`MaskBoard`] (a few
//! hundred bytes) and the deductions then cost word operations, where the engine pays a link
//! update for every option it hides. The engine stays the general path: 16×16 and up, and
//! enumeration (which streams solutions in flat memory).

mod branch;
pub(crate) mod tree;

use dancer::{run::Pause, Stats};

use super::{Clues, Deductions, MaskBoard, Singles, Tables};
use crate::grid::{Cell, Digit, Grid};
use crate::solve::kit::{points::Pending, Contradiction};

/// A search over the puzzles of one variant; its buffers are reused from puzzle to puzzle.
#[derive(Clone, Debug)]
pub(crate) struct MaskSearch {
    /// The node being searched.
    board: MaskBoard,
    /// One frame per open branch point, deepest last: `stack[..depth]`. Frames beyond are
    /// kept for reuse, so that a branch copies only the cells of the grid, into place.
    stack: Vec<Frame>,
    depth: usize,
    /// Cells down to one candidate, not yet placed (see [`MaskBoard::deduce`]).
    singles: Singles,
    /// What comes next.
    pending: Pending,
    /// The first solution of the last search.
    first: Option<MaskBoard>,
    /// Branches tried by the last search (the root counts as one).
    nodes: u64,
    /// Candidates eliminated by the last search.
    eliminated: u64,
    /// Solutions found by the last search.
    solutions: u64,
    /// The eliminations of the node entered last, to take back with it (see `tree.rs`).
    last_eliminated: u64,
    /// The most branch points open at once in the last search.
    max_depth: usize,
    /// The shallowest branch point whose untried choices are this search's, and the choice
    /// (one bit) they stop before there, 0 for none: what is left of a level this search
    /// shared with another (see `tree.rs`). Branch points above have no untried choices.
    floor: usize,
    until: u32,
}

/// A branch point: the board before the branch, what it chooses between (all the choices,
/// the one taken last, and those not yet tried, one bit each; tried lowest first except in a
/// random fill).
#[derive(Clone, Debug)]
struct Frame {
    board: MaskBoard,
    choice: Choice,
    all: u32,
    picked: u32,
    untried: u32,
}

impl Frame {
    /// The cell and the digit's bit of choice `bit`.
    fn step(&self, tables: &Tables, bit: u32) -> (u8, u32) {
        match self.choice {
            Choice::Digits { cell } => (cell, bit),
            Choice::Places { region, digit } => {
                let place = bit.trailing_zeros() as usize;
                (tables.region_cells[region * tables.size + place], digit)
            }
        }
    }
}

/// What the search branches on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Branching {
    /// The fewest choices, a cell's digits or a digit's places in a region (see
    /// [`MaskSearch::choose`]).
    Fewest,
    /// The open cell with the fewest candidates. For filling a blank grid: there the place
    /// counts are all high and computing them tripled the cost of a fill.
    Cells,
}

/// What a branch point chooses between.
#[derive(Clone, Copy, Debug)]
enum Choice {
    /// The digits of one cell (bit `d - 1` for digit `d`).
    Digits { cell: u8 },
    /// The places of one digit (given by its bit) in one region: bit `i` for the region's
    /// `i`-th cell.
    Places { region: usize, digit: u32 },
}

impl MaskSearch {
    /// A search for grids of `tables`' variant.
    pub(crate) fn new(tables: &Tables) -> MaskSearch {
        MaskSearch {
            board: MaskBoard::blank(tables),
            stack: Vec::new(),
            depth: 0,
            singles: Singles::default(),
            pending: Pending::Done,
            first: None,
            nodes: 0,
            eliminated: 0,
            solutions: 0,
            last_eliminated: 0,
            max_depth: 0,
            floor: 0,
            until: 0,
        }
    }

    /// Forgets the last search: its counters, its first solution and its branch points. The
    /// root is counted as it is entered, or here when it is all there is (a contradiction).
    fn start(&mut self) {
        self.nodes = 0;
        self.solutions = 0;
        self.max_depth = 0;
        self.first = None;
        self.depth = 0;
        self.floor = 0;
        self.until = 0;
        self.pending = Pending::Done;
        self.singles.clear();
    }

    /// Places the givens of `puzzle`, rules out `forbidden`, and applies the deductions up to
    /// `level`: `Ok(true)` when that fills the grid.
    pub(crate) fn deduce(
        &mut self,
        tables: &Tables,
        puzzle: &Grid,
        forbidden: Option<(Cell, Digit)>,
        level: Deductions,
    ) -> Result<bool, Contradiction> {
        self.start();
        let forbidden = forbidden.map(|(cell, digit)| {
            (u8::try_from(cell).expect("below 16x16 a cell fits a byte"), 1u32 << (digit - 1))
        });
        let loaded = MaskBoard::load(tables, puzzle, forbidden, &mut self.singles);
        let result = loaded.and_then(|mut board| {
            let deduced = board.deduce(tables, &mut self.singles, level);
            self.board = board;
            deduced
        });
        self.singles.clear();
        self.eliminated = std::mem::take(&mut self.board.eliminated);
        // The root: entered next, or a dead end by itself.
        self.pending = Pending::Prepared(result.is_ok());
        if result.is_err() {
            self.nodes = 1;
        }
        result.map(|()| self.board.is_filled())
    }

    /// Counts the solutions of `puzzle` without `forbidden`, up to `limit` (at least 1), and
    /// keeps the first (see [`first`](Self::first)). `Err` when the deductions from the givens
    /// alone contradict each other (the givens may also break a rule directly: the caller
    /// tells which).
    ///
    /// The deductions go up to `root` at the root and to hidden singles below it: locked
    /// candidates below the root cost more than the branches they save (measured on the
    /// hardest puzzles).
    pub(crate) fn count(
        &mut self,
        tables: &Tables,
        puzzle: &Grid,
        forbidden: Option<(Cell, Digit)>,
        limit: u64,
        root: Deductions,
    ) -> Result<u64, Contradiction> {
        self.deduce(tables, puzzle, forbidden, root)?;
        Ok(self.walk(tables, u64::MAX, limit, Branching::Fewest, &mut lowest).1)
    }

    /// Whether the puzzle of `clues` has a solution without `digit` in `cell` (an open cell):
    /// the generator's test for a removed clue. Starts from the board of `clues` rather than
    /// placing the givens again.
    pub(crate) fn has_solution_without(
        &mut self,
        tables: &Tables,
        clues: &Clues,
        cell: Cell,
        digit: Digit,
    ) -> bool {
        self.start();
        self.board.copy_from(&clues.board, tables);
        self.board.dirty = tables.all_regions;
        let cell = u8::try_from(cell).expect("below 16x16 a cell fits a byte");
        let bit = 1 << (digit - 1);
        let started = self
            .board
            .eliminate(tables, cell, bit, &mut self.singles)
            .and_then(|_| self.board.has_room_for(tables, cell, bit))
            .and_then(|()| self.board.push_singles(tables, &mut self.singles))
            .and_then(|()| self.board.deduce(tables, &mut self.singles, Deductions::HiddenSingles));
        self.singles.clear();
        self.eliminated = std::mem::take(&mut self.board.eliminated);
        if started.is_err() {
            self.nodes = 1;
            return false;
        }
        self.pending = Pending::Prepared(true);
        self.walk(tables, u64::MAX, 1, Branching::Fewest, &mut lowest).1 == 1
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
        self.deduce(tables, &blank, None, Deductions::HiddenSingles).ok()?;
        let mut pick = |untried: u32| {
            let k = random_below(untried.count_ones() as usize);
            let mut rest = untried;
            for _ in 0..k {
                rest &= rest - 1;
            }
            rest & rest.wrapping_neg()
        };
        let found = self.walk(tables, u64::MAX, 1, Branching::Cells, &mut pick).1;
        (found == 1).then(|| self.first(tables))
    }

    /// Searches on, with hidden singles at each node, branching as `branching` says and taking
    /// each branch point's choices in the order `pick` gives (it returns one bit of its
    /// argument, the choices not yet tried), until `wanted` solutions are found in this call
    /// (it then stands on the last), `budget` nodes have been entered (it then stands before
    /// the next one, prepared but not counted), or nothing is left. Returns why it stopped
    /// and the solutions found.
    fn walk(
        &mut self,
        tables: &Tables,
        budget: u64,
        wanted: u64,
        branching: Branching,
        pick: &mut impl FnMut(u32) -> u32,
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
            if self.board.is_filled() {
                if self.solutions == 0 {
                    self.first = Some(self.board.clone());
                }
                self.solutions += 1;
                found += 1;
                if found == wanted {
                    return (Pause::Solution, found);
                }
            } else {
                let (choice, all) = self.board.choose(tables, branching);
                if let Some(frame) = self.stack.get_mut(self.depth) {
                    frame.board.copy_from(&self.board, tables);
                    (frame.choice, frame.all, frame.picked, frame.untried) = (choice, all, 0, all);
                } else {
                    let board = self.board.clone();
                    self.stack.push(Frame { board, choice, all, picked: 0, untried: all });
                }
                self.depth += 1;
                self.max_depth = self.max_depth.max(self.depth);
            }
        }
    }

    /// Prepares the next branch of the deepest branch point that has one, leaving the ones
    /// that have none: whether its deductions went through, or `None` when no branch is left.
    fn prepare_next(&mut self, tables: &Tables, pick: &mut impl FnMut(u32) -> u32) -> Option<bool> {
        while self.depth > 0 {
            let frame = &mut self.stack[self.depth - 1];
            if frame.untried == 0 {
                self.depth -= 1;
                continue;
            }
            let picked = pick(frame.untried);
            frame.untried &= !picked;
            frame.picked = picked;
            let (cell, bit) = frame.step(tables, picked);
            // Boards are saved with no eliminations of their own, so none is counted twice.
            self.board.copy_from(&frame.board, tables);
            let placed = self.board.place(tables, cell, bit, &mut self.singles);
            let deduced = placed.and_then(|()| {
                self.board.deduce(tables, &mut self.singles, Deductions::HiddenSingles)
            });
            self.singles.clear();
            self.pending = Pending::Prepared(deduced.is_ok());
            return Some(deduced.is_ok());
        }
        None
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

/// The lowest untried choice: the order of every search but a random fill.
fn lowest(untried: u32) -> u32 {
    untried & untried.wrapping_neg()
}
