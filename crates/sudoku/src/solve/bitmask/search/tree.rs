//! The bitmask search of one puzzle as a [`dancer::run::Explore`]: a path is the placements chosen
//! at the branch points (each written as the template's option for that cell and digit), so
//! that a [`dancer::run::Run`] can pause it, hand half of a branch point's untried choices to another
//! thread, and resume it from a checkpoint.

use dancer::{
    run::Branch, run::Explore, run::Fingerprint, run::PathError, run::Pause, run::Subproblem,
    OptionId, Stats,
};

use super::{lowest, Branching, Choice, Frame, MaskSearch};
use crate::grid::Grid;
use crate::solve::bitmask::{Deductions, MaskBoard, Tables};
use crate::solve::kit::points::{self, BranchPoints, Pending, Point};
use crate::solve::kit::Held;

/// The search tree of one puzzle below 16×16: the root is the board of its givens after the
/// deductions, then every branch point's choices in order, lowest bit first.
#[derive(Debug)]
pub(crate) struct MaskTree<'s, 't> {
    search: Held<'s, MaskSearch>,
    tables: &'t Tables,
    /// The root's board and whether its deductions went through.
    root: MaskBoard,
    root_deduced: bool,
    /// The root's eliminations, counted when it is entered.
    root_eliminated: u64,
    fingerprint: Fingerprint,
}

impl<'s, 't> MaskTree<'s, 't> {
    /// The tree of the puzzle `search` has just loaded with [`MaskSearch::deduce`], whatever came
    /// of it; `fingerprint` names the variant and the puzzle.
    pub(crate) fn new(
        search: &'s mut MaskSearch,
        tables: &'t Tables,
        fingerprint: Fingerprint,
    ) -> Self {
        let root_deduced = search.pending == Pending::Prepared(true);
        let root = search.board.clone();
        let root_eliminated = search.eliminated;
        // The tree counts everything itself, from its root on.
        (search.nodes, search.eliminated, search.solutions, search.max_depth) = (0, 0, 0, 0);
        let mut tree = MaskTree {
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
        let digits = self.search.board.digits(self.tables.cell_count()).collect();
        Grid::from_cells(self.tables.size, digits)
    }

    /// Option `cell * n + digit - 1` of the template: the placement of `step`.
    fn placement(&self, (cell, bit): (u8, u32)) -> OptionId {
        let digit = bit.trailing_zeros() as usize;
        OptionId::new(usize::from(cell) * self.tables.size + digit)
    }

    /// Which choice of `frame` places the option `option`, if any.
    fn choice_of(&self, frame: &Frame, option: OptionId) -> Option<u32> {
        let n = self.tables.size;
        let (cell, digit) = (option.index() / n, option.index() % n);
        let bit = match frame.choice {
            Choice::Digits { cell: here } => (usize::from(here) == cell).then_some(1 << digit)?,
            Choice::Places { region, digit: here } => {
                let cells = &self.tables.region_cells[region * n..][..n];
                let place = cells.iter().position(|&c| usize::from(c) == cell)?;
                (here == 1 << digit).then_some(1 << place)?
            }
        };
        (frame.all & bit != 0).then_some(bit)
    }
}

impl BranchPoints for MaskTree<'_, '_> {
    fn pending(&self) -> Pending {
        self.search.pending
    }

    fn point(&self, level: usize) -> Point {
        let frame = &self.search.stack[level];
        let (all, picked, untried) = (frame.all, frame.picked, frame.untried);
        Point { all: all.into(), picked: picked.into(), untried: untried.into() }
    }

    fn depth(&self) -> usize {
        self.search.depth
    }

    fn floor(&self) -> (usize, u64) {
        (self.search.floor, self.search.until.into())
    }

    fn set_floor(&mut self, floor: usize, until: u64) {
        (self.search.floor, self.search.until) = (floor, narrow(until));
    }

    fn set_untried(&mut self, level: usize, untried: u64) {
        self.search.stack[level].untried = narrow(untried);
    }

    fn option(&self, level: usize, bit: u64) -> OptionId {
        self.placement(self.search.stack[level].step(self.tables, narrow(bit)))
    }
}

/// A mask made of this search's `u32` masks, back in their type.
fn narrow(mask: u64) -> u32 {
    u32::try_from(mask).expect("made of the u32 masks of the bitmask search")
}

impl Explore for MaskTree<'_, '_> {
    fn fingerprint(&self) -> Fingerprint {
        self.fingerprint
    }

    fn fork(&self) -> Self {
        MaskTree {
            search: Held::Own(Box::new(MaskSearch::new(self.tables))),
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
        search.depth = 0;
        search.singles.clear();
        (search.floor, search.until) = (at.open_from(), 0);
        search.board.copy_from(&self.root, tables);
        search.board.eliminated = self.root_eliminated;
        let mut deduced = self.root_deduced;
        for (depth, &option) in path.iter().enumerate() {
            if !deduced || self.search.board.is_filled() {
                self.search.pending = Pending::Done;
                return Err(PathError::BelowLeaf { depth });
            }
            let (choice, all) = self.search.board.choose(tables, Branching::Fewest);
            let board = self.search.board.clone();
            let mut frame = Frame { board, choice, all, picked: 0, untried: 0 };
            let not_in_tree = PathError::NotInTree { depth, option };
            let bit = self.choice_of(&frame, option).ok_or(not_in_tree)?;
            frame.picked = bit;
            // Read as u64 as the other trees' masks are; the results are bits of `all`.
            let wide = (u64::from(all), u64::from(bit));
            let choice_of = |u| self.choice_of(&frame, u).map(u64::from);
            let (untried, until) = points::replayed(at, depth, wide, choice_of)?;
            frame.untried = untried as u32;
            if until != 0 {
                self.search.until = until as u32;
            }
            let (cell, digit) = frame.step(tables, bit);
            let search = &mut *self.search;
            search.board.copy_from(&frame.board, tables);
            let placed = search.board.place(tables, cell, digit, &mut search.singles);
            let result = placed.and_then(|()| {
                search.board.deduce(tables, &mut search.singles, Deductions::HiddenSingles)
            });
            search.singles.clear();
            deduced = result.is_ok();
            // Only the last node's eliminations wait to be counted, when it is entered.
            if depth + 1 < path.len() {
                search.board.eliminated = 0;
            }
            if let Some(slot) = search.stack.get_mut(search.depth) {
                *slot = frame;
            } else {
                search.stack.push(frame);
            }
            search.depth += 1;
            search.max_depth = search.max_depth.max(search.depth);
        }
        self.search.pending = Pending::Prepared(deduced);
        Ok(())
    }

    fn explore(&mut self, budget: u64, wanted: u64) -> Pause {
        self.search.walk(self.tables, budget, wanted.max(1), Branching::Fewest, &mut lowest).0
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
