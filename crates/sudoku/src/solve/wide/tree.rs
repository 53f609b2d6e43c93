//! The wide search of one puzzle as a [`dancer::run::Explore`], as `solve/bitmask/search/tree.rs` does
//! for the bitmask search below 16×16: a path is the placements chosen at the branch points,
//! each written as an option that names its branch point too (see `WideTree::placement`).
//!
//! Alike in outline, the two trees are kept apart on purpose: the bitmask tree enters a path by
//! copying boards (`u16` masks, a few hundred bytes) and this one by replaying placements on
//! one board with a trail to undo (`u64` masks, up to 4 096 cells), so every step that touches
//! the board differs, and a tree generic over both would be a trait of a dozen methods for the
//! two shapes of one loop (`wide.rs` says why the boards differ).

use dancer::{
    run::Branch, run::Explore, run::Fingerprint, run::PathError, run::Pause, run::Subproblem,
    OptionId, Stats,
};

use super::branch::Choice;
use super::search::{Frame, WideSearch};
use super::{WideBoard, WideTables};
use crate::grid::Grid;
use crate::solve::kit::points::{self, lowest, BranchPoints, Pending, Point};
use crate::solve::kit::Held;

/// The search tree of one puzzle from 16×16 up: the root is the board of its givens after the
/// deductions, then every branch point's choices in the search's order.
#[derive(Debug)]
pub(crate) struct WideTree<'s, 't> {
    search: Held<'s, WideSearch>,
    tables: &'t WideTables,
    root: WideBoard,
    root_deduced: bool,
    /// The root's eliminations, counted when it is entered.
    root_eliminated: u64,
    fingerprint: Fingerprint,
}

impl<'s, 't> WideTree<'s, 't> {
    /// The tree of the puzzle `search` has just loaded with [`WideSearch::load`], whatever
    /// came of it; `fingerprint` names the variant and the puzzle.
    pub(crate) fn new(
        search: &'s mut WideSearch,
        tables: &'t WideTables,
        fingerprint: Fingerprint,
    ) -> Self {
        let root_deduced = search.pending == Pending::Prepared(true);
        let root = search.board.clone();
        let root_eliminated = search.eliminated;
        (search.nodes, search.eliminated, search.solutions, search.max_depth) = (0, 0, 0, 0);
        let mut tree = WideTree {
            search: Held::Lent(search),
            tables,
            root,
            root_deduced,
            root_eliminated,
            fingerprint,
        };
        tree.enter(&Subproblem::root()).expect("the root is in every tree");
        tree
    }

    /// The solution the search stands on, after a [`Pause::Solution`].
    pub(crate) fn grid(&self) -> Grid {
        Grid::from_cells(self.tables.size, self.search.board.digits.clone())
    }

    /// The option for choice `bit` (rotated) of `frame`: `cell · N + digit − 1` (the
    /// template's option) when it chooses among a cell's candidates, and
    /// `cells · N + (region · N + digit − 1) · N + position` when it chooses among a digit's
    /// places in a region, so that replaying a path opens the same branch points whatever
    /// weights chose them (see `WideSearch::push_frame`).
    fn placement(&self, frame: &Frame, bit: u64) -> OptionId {
        let n = self.tables.size;
        let index = bit.rotate_left(frame.rotation).trailing_zeros() as usize;
        OptionId::new(match frame.choice {
            Choice::Digits { cell } => cell * n + index,
            Choice::Places { region, digit } => {
                self.tables.cell_count() * n + (region * n + digit) * n + index
            }
        })
    }

    /// The branch point an option chooses in, and the position of its choice there (a digit
    /// or a place); `None` for a number no option has (a path from a checkpoint file may
    /// name any).
    fn decode(&self, option: OptionId) -> Option<(Choice, usize)> {
        let (n, cells) = (self.tables.size, self.tables.cell_count());
        let index = option.index();
        if index < cells * n {
            return Some((Choice::Digits { cell: index / n }, index % n));
        }
        let places = index - cells * n;
        let (region, digit) = (places / (n * n), places / n % n);
        (region < self.tables.region_count())
            .then_some((Choice::Places { region, digit }, places % n))
    }

    /// The branch point that `option` chooses in, on the board the path has reached, with its
    /// choices (unrotated): `None` when there is none there (a cell placed already, a digit
    /// its region holds, a single choice).
    fn choice_for(&self, option: OptionId) -> Option<(Choice, u64)> {
        let (board, n) = (&self.search.board, self.tables.size);
        let (choice, _) = self.decode(option)?;
        let choices = match choice {
            Choice::Digits { cell } => board.candidates[cell],
            Choice::Places { region, digit } if board.placed[region] & (1 << digit) == 0 => {
                board.places[region * n + digit]
            }
            Choice::Places { .. } => return None,
        };
        (choices.count_ones() >= 2).then_some((choice, choices))
    }

    /// Which choice (rotated) of `frame` places the option `option`, if any.
    fn choice_of(&self, frame: &Frame, option: OptionId) -> Option<u64> {
        let (choice, position) = self.decode(option)?;
        (choice == frame.choice).then_some(())?;
        let bit = (1u64 << position).rotate_right(frame.rotation);
        (frame.all & bit != 0).then_some(bit)
    }
}

impl BranchPoints for WideTree<'_, '_> {
    fn pending(&self) -> Pending {
        self.search.pending
    }

    fn point(&self, level: usize) -> Point {
        let frame = &self.search.stack[level];
        Point { all: frame.all, picked: frame.picked, untried: frame.untried }
    }

    fn depth(&self) -> usize {
        self.search.depth
    }

    fn floor(&self) -> (usize, u64) {
        (self.search.floor, self.search.until)
    }

    fn set_floor(&mut self, floor: usize, until: u64) {
        (self.search.floor, self.search.until) = (floor, until);
    }

    fn set_untried(&mut self, level: usize, untried: u64) {
        self.search.stack[level].untried = untried;
    }

    fn option(&self, level: usize, bit: u64) -> OptionId {
        self.placement(&self.search.stack[level], bit)
    }
}

impl Explore for WideTree<'_, '_> {
    fn fingerprint(&self) -> Fingerprint {
        self.fingerprint
    }

    fn fork(&self) -> Self {
        let mut search = WideSearch::new(self.tables);
        search.guide.clone_from(&self.search.guide);
        WideTree {
            search: Held::Own(Box::new(search)),
            tables: self.tables,
            root: self.root.clone(),
            root_deduced: self.root_deduced,
            root_eliminated: self.root_eliminated,
            fingerprint: self.fingerprint,
        }
    }

    fn enter(&mut self, at: &Subproblem) -> Result<(), PathError> {
        let (tables, path) = (self.tables, at.path());
        let search = &mut *self.search;
        (search.depth, search.floor, search.until) = (0, at.open_from(), 0);
        search.board.copy_from(&self.root);
        search.board.eliminated = self.root_eliminated;
        let mut deduced = self.root_deduced;
        for (depth, &option) in path.iter().enumerate() {
            if !deduced || self.search.board.open == 0 {
                self.search.pending = Pending::Done;
                return Err(PathError::BelowLeaf { depth });
            }
            let not_in_tree = PathError::NotInTree { depth, option };
            let Some((choice, choices)) = self.choice_for(option) else {
                self.search.pending = Pending::Done;
                return Err(not_in_tree);
            };
            self.search.push_choice(tables, choice, choices);
            let mut frame = self.search.stack[depth];
            let Some(bit) = self.choice_of(&frame, option) else {
                self.search.pending = Pending::Done;
                return Err(not_in_tree);
            };
            frame.picked = bit;
            let replay =
                points::replayed(at, depth, (frame.all, bit), |u| self.choice_of(&frame, u));
            let (untried, until) = replay.inspect_err(|_| self.search.pending = Pending::Done)?;
            frame.untried = untried;
            if until != 0 {
                self.search.until = until;
            }
            self.search.stack[depth] = frame;
            // Only the last node's eliminations wait to be counted, when it is entered: the
            // nodes above it were counted by whoever entered them.
            self.search.board.eliminated = 0;
            deduced = self.search.descend(tables, &frame, bit);
        }
        self.search.pending = Pending::Prepared(deduced);
        Ok(())
    }

    fn explore(&mut self, budget: u64, wanted: u64) -> Pause {
        self.search.walk(self.tables, budget, wanted.max(1), &mut lowest).0
    }

    fn position(&self, branches: &mut Vec<Branch>) -> Option<Subproblem> {
        points::position(self, branches)
    }

    fn split_off(&mut self, branches: &mut Vec<Branch>) -> Option<Subproblem> {
        points::split_off(self, branches)
    }

    fn unsee(&mut self) {
        let search = &mut *self.search;
        assert_eq!(search.pending, Pending::NextBranch, "unsee is only possible on a solution");
        search.pending = Pending::Prepared(true);
        search.nodes -= 1;
        search.solutions -= 1;
        search.eliminated -= search.last_eliminated;
        search.board.eliminated = search.last_eliminated;
    }

    fn stats(&self) -> Stats {
        self.search.stats(self.search.solutions)
    }
}
