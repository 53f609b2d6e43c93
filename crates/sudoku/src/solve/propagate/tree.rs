//! The propagating search of one puzzle as a [`dancer::run::Explore`], so that a
//! [`Run`](dancer::run::Run) stops it at limits and signals, reports its progress and spreads
//! it over threads: a path is the placements chosen at the branch points, each written as the
//! option `cell · N + digit − 1` when the branch point chose among a cell's candidates,
//! as `cells · N + (house · N + digit − 1) · N + position` when it chose among a digit's places
//! in a house, and as `cells · N + houses · N² + 2 (cell · N + digit − 1) + 0 or 1` when it
//! placed or removed a cell's digit, so that replaying a path opens the same branch points
//! (their order of choices differs). Entering a path replays it on the root's board, as the wide
//! search's tree does (`solve/wide/tree.rs`, whose branch points it shares through
//! `solve/kit/points.rs`).

use dancer::{
    run::Branch, run::Explore, run::Fingerprint, run::PathError, run::Pause, run::Subproblem,
    OptionId, Stats,
};

use super::board::PropBoard;
use super::branch::{Choice, Frame};
use super::{PropSearch, PropTables};
use crate::grid::Digit;
use crate::solve::kit::points::{self, BranchPoints, Pending, Point};
use crate::solve::kit::Held;

/// The search tree of one puzzle: the root is the board of its givens after propagation,
/// then every branch point's choices in the search's order.
#[derive(Debug)]
pub(crate) struct PropTree<'s, 't> {
    search: Held<'s, PropSearch>,
    tables: &'t PropTables,
    root: PropBoard,
    root_deduced: bool,
    /// The root's eliminations, counted when it is entered.
    root_eliminated: u64,
    fingerprint: Fingerprint,
}

impl<'s, 't> PropTree<'s, 't> {
    /// The tree of the puzzle of `givens`, loaded into `search`; `fingerprint` names the rules
    /// and the puzzle.
    pub(crate) fn new(
        search: &'s mut PropSearch,
        tables: &'t PropTables,
        givens: &[Option<Digit>],
        fingerprint: Fingerprint,
    ) -> Self {
        let root_deduced = search.load(tables, givens).is_ok();
        let root = search.board.clone();
        let root_eliminated = search.eliminated;
        (search.nodes, search.eliminated, search.solutions, search.max_depth) = (0, 0, 0, 0);
        let mut tree = PropTree {
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

    /// The digits of the solution the search stands on, after a [`Pause::Solution`].
    pub(crate) fn digits(&self) -> Vec<Option<Digit>> {
        self.search.digits()
    }

    /// Where the options of split cells begin: after the cells' candidates and the houses'
    /// places.
    fn splits_start(&self) -> usize {
        let n = self.tables.n;
        self.tables.cells * n + self.search.houses.len() * n * n
    }

    /// The option for choice `bit` of `frame`.
    fn placement(&self, frame: &Frame, bit: u64) -> OptionId {
        let (n, index) = (self.tables.n, bit.trailing_zeros() as usize);
        OptionId::new(match frame.choice {
            Choice::Candidates => frame.cell * n + index,
            Choice::Places { digit } => {
                self.tables.cells * n + (frame.cell * n + digit as usize) * n + index
            }
            Choice::Split { digit } => {
                self.splits_start() + 2 * (frame.cell * n + digit as usize) + index
            }
        })
    }

    /// Which choice of `frame` places the option `option`, if any.
    fn choice_of(&self, frame: &Frame, option: OptionId) -> Option<u64> {
        let (n, index) = (self.tables.n, option.index());
        let bit = match frame.choice {
            Choice::Candidates => {
                let (cell, digit) = (index / n, index % n);
                (index < self.tables.cells * n && cell == frame.cell).then_some(1u64 << digit)?
            }
            Choice::Places { digit: ours } => {
                let places = index.checked_sub(self.tables.cells * n)?;
                let (house, digit, position) = (places / (n * n), places / n % n, places % n);
                let same = house == frame.cell && digit == ours as usize;
                (index < self.splits_start() && same).then_some(1u64 << position)?
            }
            Choice::Split { digit: ours } => {
                let split = index.checked_sub(self.splits_start())?;
                let (cell, digit) = (split / 2 / n, split / 2 % n);
                (cell == frame.cell && digit == ours as usize).then_some(1u64 << (split % 2))?
            }
        };
        (frame.all & bit != 0).then_some(bit)
    }

    /// Opens the branch point that `option` chooses in, on the board the path has reached:
    /// whether there is one (a cell with candidates to choose, or a digit with places).
    fn open_for(&mut self, option: OptionId) -> bool {
        let (tables, n, index) = (self.tables, self.tables.n, option.index());
        let splits = self.splits_start();
        let search = &mut *self.search;
        if index < tables.cells * n {
            let cell = index / n;
            if search.board.masks[cell].count_ones() < 2 {
                return false;
            }
            search.push_frame_at(cell);
        } else if index < splits {
            let places = index - tables.cells * n;
            let (house, digit) = (places / (n * n), (places / n % n) as u32);
            search.push_places_at(tables, house, digit);
            if search.stack[search.depth - 1].all.count_ones() < 2 {
                search.depth -= 1;
                return false;
            }
        } else {
            let (cell, digit) = ((index - splits) / 2 / n, (index - splits) / 2 % n);
            let mask = search.board.masks.get(cell).copied().unwrap_or(0);
            if mask.count_ones() < 2 || mask >> digit & 1 == 0 {
                return false;
            }
            search.push_split_at(cell, digit as u32);
        }
        true
    }
}

impl BranchPoints for PropTree<'_, '_> {
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

impl Explore for PropTree<'_, '_> {
    fn fingerprint(&self) -> Fingerprint {
        self.fingerprint
    }

    fn fork(&self) -> Self {
        let search = PropSearch::new(self.tables);
        PropTree {
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
            if !deduced || self.search.board.is_solved() {
                self.search.pending = Pending::Done;
                return Err(PathError::BelowLeaf { depth });
            }
            let not_in_tree = PathError::NotInTree { depth, option };
            // A path from a checkpoint file may name any number: no cell of the puzzle, or
            // one placed already.
            if !self.open_for(option) {
                self.search.pending = Pending::Done;
                return Err(not_in_tree);
            }
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
            // Only the last node's eliminations wait to be counted, when it is entered.
            self.search.board.eliminated = 0;
            deduced = self.search.descend(tables, &frame, bit);
        }
        self.search.pending = Pending::Prepared(deduced);
        Ok(())
    }

    fn explore(&mut self, budget: u64, wanted: u64) -> Pause {
        self.search.walk(self.tables, budget, wanted.max(1)).0
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
        self.search.stats()
    }
}
