//! [`GridSearch`]: the search of one puzzle's solutions as a [`dancer::run::Explore`], so that a
//! [`dancer::run::Run`] counts or enumerates them on every core, with limits, progress and
//! checkpoints, whichever search the size calls for.

use dancer::{
    run::{Branch, Explore, Fingerprint, FingerprintHasher, PathError, Pause, Subproblem},
    Stats,
};

use super::GridSolver;
use crate::error::Conflict;
use crate::grid::Grid;
use crate::solve::bitmask::search::tree::MaskTree;
use crate::solve::bitmask::{search::MaskSearch, Deductions};
use crate::solve::strategy::Plain;
use crate::solve::wide::{self, WideTree};

/// The search of one puzzle's solutions, from [`GridSolver::explore`]: the band and bitmask
/// back-ends hand it the bitmask search's tree, the wide back-end its own (see
/// [`GridSolver`]). The door's [`PuzzleSearch`](super::PuzzleSearch) wraps it.
#[derive(Debug)]
pub(crate) struct GridSearch<'s, 't> {
    inner: Inner<'s, 't>,
}

// The bitmask tree keeps its root board inline (a kilobyte or so): one is made per puzzle and
// never moved about, so boxing it would only add an allocation.
#[allow(clippy::large_enum_variant)]
#[derive(Debug)]
enum Inner<'s, 't> {
    Masks(MaskTree<'s, 't>),
    Wide(WideTree<'s, 't>),
}

impl<'t> GridSolver<'t> {
    /// The search of `puzzle`'s solutions, with the solver's buffers lent to it.
    ///
    /// # Errors
    /// The conflict, when the givens break a rule.
    ///
    /// # Panics
    /// If the puzzle's size is not the variant's.
    pub(crate) fn explore(&mut self, puzzle: &Grid) -> Result<GridSearch<'_, 't>, Conflict> {
        self.check_size(puzzle);
        let template = self.template;
        if let Some(loaded) = self.load_wide(puzzle, None) {
            if loaded.is_err() {
                template.variant().check(puzzle)?;
            }
        }
        let (search, tables) = match &mut self.plain {
            Plain::Wide(search, tables, _) => {
                let fingerprint = wide::fingerprint(template.variant(), puzzle);
                let tree = WideTree::new(search, tables, fingerprint);
                return Ok(GridSearch { inner: Inner::Wide(tree) });
            }
            Plain::Band(_, masks) => {
                let tables = template.tables().expect("the classic 9×9 has bitmask tables");
                (masks.get_or_insert_with(|| MaskSearch::new(tables)), tables)
            }
            Plain::Bitmask(search, tables) => (search, *tables),
        };
        if search.deduce(tables, puzzle, None, Deductions::LockedCandidates).is_err() {
            // A contradiction from the givens: a broken rule, or no solution (a dead root).
            template.variant().check(puzzle)?;
        }
        let mut hash = FingerprintHasher::new();
        hash.bytes(b"dancer-sudoku bitmask search").number(template.problem().fingerprint().bits());
        hash.bytes(puzzle.cells());
        let tree = MaskTree::new(search, tables, hash.finish());
        Ok(GridSearch { inner: Inner::Masks(tree) })
    }
}

impl GridSearch<'_, '_> {
    /// The solution the search stands on, after it paused at one ([`Pause::Solution`]).
    pub(crate) fn grid(&self) -> Grid {
        match &self.inner {
            Inner::Masks(tree) => tree.grid(),
            Inner::Wide(tree) => tree.grid(),
        }
    }
}

impl Explore for GridSearch<'_, '_> {
    fn fingerprint(&self) -> Fingerprint {
        match &self.inner {
            Inner::Masks(tree) => tree.fingerprint(),
            Inner::Wide(tree) => tree.fingerprint(),
        }
    }

    fn fork(&self) -> Self {
        let inner = match &self.inner {
            Inner::Masks(tree) => Inner::Masks(tree.fork()),
            Inner::Wide(tree) => Inner::Wide(tree.fork()),
        };
        GridSearch { inner }
    }

    fn enter(&mut self, at: &Subproblem) -> Result<(), PathError> {
        match &mut self.inner {
            Inner::Masks(tree) => tree.enter(at),
            Inner::Wide(tree) => tree.enter(at),
        }
    }

    fn explore(&mut self, budget: u64, wanted: u64) -> Pause {
        match &mut self.inner {
            Inner::Masks(tree) => tree.explore(budget, wanted),
            Inner::Wide(tree) => tree.explore(budget, wanted),
        }
    }

    fn position(&self, branches: &mut Vec<Branch>) -> Option<Subproblem> {
        match &self.inner {
            Inner::Masks(tree) => tree.position(branches),
            Inner::Wide(tree) => tree.position(branches),
        }
    }

    fn split_off(&mut self, branches: &mut Vec<Branch>) -> Option<Subproblem> {
        match &mut self.inner {
            Inner::Masks(tree) => tree.split_off(branches),
            Inner::Wide(tree) => tree.split_off(branches),
        }
    }

    fn unsee(&mut self) {
        match &mut self.inner {
            Inner::Masks(tree) => tree.unsee(),
            Inner::Wide(tree) => tree.unsee(),
        }
    }

    fn stats(&self) -> Stats {
        match &self.inner {
            Inner::Masks(tree) => tree.stats(),
            Inner::Wide(tree) => tree.stats(),
        }
    }
}
