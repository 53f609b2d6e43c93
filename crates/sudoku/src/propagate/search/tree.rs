//! The bitmask search of one puzzle as a [`dancer::Explore`]: a path is the placements chosen
//! at the branch points (each written as the template's option for that cell and digit), so
//! that a [`dancer::Run`] can pause it, hand half of a branch point's untried choices to another
//! thread, and resume it from a checkpoint.

use std::ops::{Deref, DerefMut};

use dancer::{Branch, Explore, Fingerprint, OptionId, PathError, Pause, Stats, Subproblem};

use super::{lowest, Branching, Choice, Frame, Pending, Search};
use crate::propagate::{Board, Deductions, Tables};
use crate::Grid;

/// A value of this search's own, or one lent by a caller (who keeps its buffers for the next
/// puzzle): the first worker of a run borrows the solver's, the others own theirs.
#[derive(Debug)]
pub(crate) enum Held<'s, T> {
    Lent(&'s mut T),
    Own(Box<T>),
}

impl<T> Deref for Held<'_, T> {
    type Target = T;

    fn deref(&self) -> &T {
        match self {
            Held::Lent(value) => value,
            Held::Own(value) => value,
        }
    }
}

impl<T> DerefMut for Held<'_, T> {
    fn deref_mut(&mut self) -> &mut T {
        match self {
            Held::Lent(value) => value,
            Held::Own(value) => value,
        }
    }
}

/// The search tree of one puzzle below 16×16: the root is the board of its givens after the
/// deductions, then every branch point's choices in order, lowest bit first.
#[derive(Debug)]
pub(crate) struct MaskTree<'s, 't> {
    search: Held<'s, Search>,
    tables: &'t Tables,
    /// The root's board and whether its deductions went through.
    root: Board,
    root_deduced: bool,
    /// The root's eliminations, counted when it is entered.
    root_eliminated: u64,
    fingerprint: Fingerprint,
}

impl<'s, 't> MaskTree<'s, 't> {
    /// The tree of the puzzle `search` has just loaded with [`Search::deduce`], whatever came
    /// of it; `fingerprint` names the variant and the puzzle.
    pub(crate) fn new(
        search: &'s mut Search,
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
    fn option(&self, (cell, bit): (u8, u32)) -> OptionId {
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

    /// Choice `bit` of `frame` at level `level`, as a [`Branch`].
    fn branch(&self, level: usize, frame: &Frame, bit: u32) -> Branch {
        let count = u64::from(frame.all.count_ones());
        let index = u64::from((frame.all & (bit - 1)).count_ones());
        let until = if level == self.search.floor { self.search.until } else { 0 };
        let end =
            if until == 0 { count } else { u64::from((frame.all & (until - 1)).count_ones()) };
        Branch { index, count, end }
    }

    /// The subproblem of the path through the first `depth` frames' choices, the last one
    /// replaced by `last` when given, with its branches.
    fn subproblem(
        &self,
        depth: usize,
        last: Option<u32>,
        branches: &mut Vec<Branch>,
    ) -> Subproblem {
        branches.clear();
        let mut path = Vec::with_capacity(depth);
        for (level, frame) in self.search.stack[..depth].iter().enumerate() {
            let bit = if level + 1 == depth { last.unwrap_or(frame.picked) } else { frame.picked };
            path.push(self.option(frame.step(self.tables, bit)));
            branches.push(self.branch(level, frame, bit));
        }
        let open_from = self.search.floor.min(depth);
        let until = self.search.until;
        let until = (until != 0 && open_from < depth)
            .then(|| self.option(self.search.stack[open_from].step(self.tables, until)));
        Subproblem::new(path, open_from, until).expect("the floor is within the path")
    }
}

impl Explore for MaskTree<'_, '_> {
    fn fingerprint(&self) -> Fingerprint {
        self.fingerprint
    }

    fn fork(&self) -> Self {
        MaskTree {
            search: Held::Own(Box::new(Search::new(self.tables))),
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
            if depth >= at.open_from() {
                frame.untried = all & !(bit | (bit - 1));
            }
            if depth == at.open_from() {
                if let Some(until) = at.until() {
                    let error = PathError::Until { depth, option: until };
                    let stop = self.choice_of(&frame, until).filter(|&u| u > bit).ok_or(error)?;
                    frame.untried &= stop - 1;
                    self.search.until = stop;
                }
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
        let search = &*self.search;
        match search.pending {
            Pending::Done => None,
            Pending::Prepared(_) => Some(self.subproblem(search.depth, None, branches)),
            Pending::NextBranch => {
                let deepest = search.stack[..search.depth].iter().rposition(|f| f.untried != 0)?;
                let next = lowest(search.stack[deepest].untried);
                Some(self.subproblem(deepest + 1, Some(next), branches))
            }
        }
    }

    /// Gives away the later half of the untried choices of the shallowest branch point that
    /// has any (all of them when there is one), keeping the earlier half.
    fn split_off(&mut self, branches: &mut Vec<Branch>) -> Option<Subproblem> {
        if self.search.pending == Pending::Done {
            return None;
        }
        let search = &*self.search;
        let level = search.stack[..search.depth].iter().position(|f| f.untried != 0)?;
        let untried = search.stack[level].untried;
        let mut kept = 0;
        for _ in 0..untried.count_ones() / 2 {
            kept |= lowest(untried & !kept);
        }
        let given = untried & !kept;
        // Its options at `level` are this search's remaining ones there: open from it.
        let path = self.subproblem(level + 1, Some(lowest(given)), branches).path().to_vec();
        let until = (level == search.floor && search.until != 0)
            .then(|| self.option(search.stack[level].step(self.tables, search.until)));
        let subproblem = Subproblem::new(path, level, until).expect("the level is within the path");
        let search = &mut *self.search;
        search.stack[level].untried = kept;
        (search.floor, search.until) =
            if kept == 0 { (level + 1, 0) } else { (level, lowest(given)) };
        Some(subproblem)
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
