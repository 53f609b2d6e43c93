//! [`Search`]: depth-first search on candidate bitmasks, with the deductions of
//! [`Board::deduce`] at every node and a branch on the open cell with the fewest candidates.
//!
//! Why not the exact-cover engine for these grids: a branch here copies one [`Board`] (a few
//! hundred bytes) and the deductions then cost word operations, where the engine pays a link
//! update for every option it hides. The engine stays the general path: 16×16 and up, and
//! enumeration (which streams solutions in flat memory).

use dancer::Stats;

use super::{Board, Clues, Contradiction, Deductions, Singles, Tables};
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

/// A branch point: the board before the branch, what it chooses between, and the choices not
/// yet tried (one bit each).
#[derive(Clone, Debug)]
struct Frame {
    board: Board,
    choice: Choice,
    untried: u32,
}

/// What the search branches on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Branching {
    /// The fewest choices, a cell's digits or a digit's places in a region (see
    /// [`Search::choose`]).
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

    /// Forgets the last search: its counters, its first solution and its branch points.
    fn start(&mut self) {
        self.nodes = 1;
        self.max_depth = 0;
        self.first = None;
        self.depth = 0;
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
        let loaded = Board::load(tables, puzzle, forbidden, &mut self.singles);
        let result = loaded.and_then(|mut board| {
            let deduced = board.deduce(tables, &mut self.singles, level);
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
        let first_digit = &mut |untried: u32| untried & untried.wrapping_neg();
        Ok(self.search(tables, limit, Branching::Fewest, first_digit))
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
        let first_digit = &mut |untried: u32| untried & untried.wrapping_neg();
        started.is_ok() && self.search(tables, 1, Branching::Fewest, first_digit) == 1
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
        (self.search(tables, 1, Branching::Cells, &mut pick) == 1).then(|| self.first(tables))
    }

    /// Searches from the board [`deduce`](Self::deduce) left, up to `limit` solutions, with
    /// hidden singles at each node, branching as `branching` says and taking each branch
    /// point's choices in the order `pick` gives (it returns one bit of its argument, the
    /// choices not yet tried).
    fn search(
        &mut self,
        tables: &Tables,
        limit: u64,
        branching: Branching,
        pick: &mut impl FnMut(u32) -> u32,
    ) -> u64 {
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
                let (choice, untried) = self.choose(tables, branching);
                if let Some(frame) = self.stack.get_mut(self.depth) {
                    frame.board.copy_from(&self.board, tables);
                    (frame.choice, frame.untried) = (choice, untried);
                } else {
                    self.stack.push(Frame { board: self.board.clone(), choice, untried });
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
            let picked = pick(untried);
            frame.untried = untried & !picked;
            let (cell, bit) = match frame.choice {
                Choice::Digits { cell } => (cell, picked),
                Choice::Places { region, digit } => {
                    let place = picked.trailing_zeros() as usize;
                    (tables.region_cells[region * tables.size + place], digit)
                }
            };
            self.board.copy_from(&frame.board, tables);
            self.nodes += 1;
            let placed = self.board.place(tables, cell, bit, &mut self.singles);
            let deduced = placed.and_then(|()| {
                self.board.deduce(tables, &mut self.singles, Deductions::HiddenSingles)
            });
            // Boards are saved with no eliminations of their own, so none is counted twice.
            self.eliminated += std::mem::take(&mut self.board.eliminated);
            if deduced.is_ok() {
                return true;
            }
            self.singles.clear();
        }
        false
    }

    /// What to branch on: the fewest choices among the open cells' candidates and the digits'
    /// places in each region, the first found on ties (cells before regions), as the
    /// exact-cover engine's choice of the item with the fewest options would be. Only called
    /// on a board that is not filled, after the deductions, so every open cell has two
    /// candidates or more.
    ///
    /// Why places too: on a nearly empty grid no cell may have two candidates while a digit
    /// has two places; branching on cells only made some near-empty hyper puzzles take seconds
    /// and millions of branches (the engine: milliseconds). A cell with two candidates, the
    /// usual case in a search, is taken at once: no place count can beat it.
    ///
    /// With [`Branching::Cells`] only cells are considered.
    fn choose(&self, tables: &Tables, branching: Branching) -> (Choice, u32) {
        let (mut best, mut best_candidates, mut best_count) = (0, 0, u32::MAX);
        for cell in 0..tables.cell_count() {
            let candidates = self.board.candidates(cell);
            if candidates == 0 {
                continue;
            }
            let rest = candidates & (candidates - 1);
            if rest & rest.wrapping_sub(1) == 0 {
                return (Choice::Digits { cell: cell as u8 }, candidates);
            }
            let count = candidates.count_ones();
            if count < best_count {
                (best, best_candidates, best_count) = (cell, candidates, count);
            }
        }
        let places = match branching {
            Branching::Fewest => self.fewer_places(tables, best_count),
            Branching::Cells => None,
        };
        places.unwrap_or((Choice::Digits { cell: best as u8 }, best_candidates))
    }

    /// The first digit with the fewest places in a region, fewer than `than`, and those
    /// places; digits already placed do not count.
    fn fewer_places(&self, tables: &Tables, than: u32) -> Option<(Choice, u32)> {
        let n = tables.size;
        let mut best = None;
        let mut best_count = than;
        let count = |region: usize, digit: usize| match &tables.peer_masks {
            Some(_) => {
                let mask = tables.region_masks[region];
                (self.board.planes[digit & 15] & mask & self.board.open_cells).count_ones()
            }
            None => tables.region_cells[region * n..][..n]
                .iter()
                .filter(|&&cell| self.board.candidates(usize::from(cell)) >> digit & 1 != 0)
                .count() as u32,
        };
        'regions: for region in 0..tables.region_count() {
            for digit in 0..n {
                let places = count(region, digit);
                if places != 0 && places < best_count {
                    (best, best_count) = (Some((region, digit)), places);
                    if places <= 2 {
                        break 'regions;
                    }
                }
            }
        }
        let (region, digit) = best?;
        let digit = 1 << digit;
        let cells = &tables.region_cells[region * n..][..n];
        let places = cells.iter().enumerate().fold(0, |places, (i, &cell)| {
            let here = self.board.candidates(usize::from(cell)) & digit != 0;
            places | u32::from(here) << i
        });
        Some((Choice::Places { region, digit }, places))
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
