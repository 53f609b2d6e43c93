//! Expanding a node of the tree as the search would: entering it, going down the forced moves
//! below it in one pass, and listing the children of the node they lead to, with their shares.

use super::super::{Level, Solver};
use crate::explore::Explore;
use crate::ids::OptionId;
use crate::matrix::{with_mode, Mode, COVERED};
use crate::search::Heuristic;
use crate::subproblem::{Share, Subproblem};

/// What is below a node.
pub(super) enum Below {
    /// The node is a solution.
    Solution,
    /// The node has no options for the item the search would choose.
    DeadEnd,
    /// Its children, in search order.
    Children(Vec<Subproblem>),
}

/// What [`Solver::expand`] found below a node.
pub(super) struct Expansion {
    /// The forced moves it took down from the node, in order.
    pub(super) forced: Vec<OptionId>,
    /// What is below the node they lead to.
    pub(super) below: Below,
}

impl Solver<'_> {
    /// Enters the node `at` leads to as the search would, counting it, and goes on down the
    /// forced moves below it (an item with one option left) while `descend` agrees to the
    /// option, counting each node: a line of forced moves of any depth costs its length once.
    /// Says which options it took, and what is below the node they lead to.
    pub(super) fn expand(
        &mut self,
        at: &Subproblem,
        descend: &mut dyn FnMut(OptionId) -> bool,
    ) -> Expansion {
        let mut branches = Vec::new();
        self.enter(at).expect("a piece made by the search is in its tree");
        self.position(&mut branches);
        let share = crate::subproblem::share_of(&branches, at.path().len());
        let expansion = with_mode!(self.matrix, M => self.children::<M>(at.path(), share, descend));
        self.restart();
        expansion
    }

    fn children<M: Mode>(
        &mut self,
        path: &[OptionId],
        share: Share,
        descend: &mut dyn FnMut(OptionId) -> bool,
    ) -> Expansion {
        let mut forced = Vec::new();
        loop {
            let chosen = match self.heuristic {
                Heuristic::Mrv => self.matrix.choose_mrv::<M>(),
                Heuristic::First => self.matrix.choose_first(),
            };
            // A solution is left for the piece's own search to count.
            let Some(item) = chosen else { return Expansion { forced, below: Below::Solution } };
            // Entering the node counts it, and the updates of the option that led to it.
            self.stats.nodes += 1;
            self.stats.updates += std::mem::take(&mut self.pending);
            let count = self.matrix.len[item as usize] & !COVERED;
            if count == 0 {
                self.stats.updates += 1;
                return Expansion { forced, below: Below::DeadEnd };
            }
            let first = self.matrix.nodes[item as usize].down;
            let option = OptionId::from_u32(self.matrix.option_of(first));
            if count == 1 && descend(option) {
                // X5-X6 as the search does them, the next node counting the option's updates.
                let covered = self.matrix.cover::<M>(item);
                self.stats.updates += covered;
                self.levels[self.level] = Level { item, choice: first };
                self.pending = self.matrix.commit_others::<M>(first);
                self.search_updates += covered + self.pending;
                self.level += 1;
                self.stats.max_depth = self.stats.max_depth.max(self.level as u32);
                forced.push(option);
                continue;
            }
            self.stats.updates += self.matrix.cover::<M>(item);
            let width = (share.to - share.from) / f64::from(count);
            let mut children = Vec::with_capacity(count as usize);
            let mut choice = first;
            // The children's own updates are counted by the searches that enter them.
            while choice != item {
                let mut child = Vec::with_capacity(path.len() + forced.len() + 1);
                child.extend_from_slice(path);
                child.extend_from_slice(&forced);
                child.push(OptionId::from_u32(self.matrix.option_of(choice)));
                let from = share.from + width * children.len() as f64;
                let to = from + width;
                children.push(Subproblem::subtree(child).with_share(Share { from, to }));
                choice = self.matrix.nodes[choice as usize].down;
            }
            self.matrix.uncover::<M>(item);
            self.stats.max_depth = self.stats.max_depth.max(self.level as u32 + 1);
            return Expansion { forced, below: Below::Children(children) };
        }
    }
}
