//! Pencilmark puzzles (sukaku) and parity marks: a sudoku whose only rules beside its regions
//! narrow cells' candidates is a classic sudoku started from those candidates. [`VariantLogic`]
//! explains it with the classic hints ([`LogicSolver::for_hints`]: Sudoku Explainer's chains to
//! its level 4, and the uniqueness patterns, which hold here since swapping a deadly pattern's
//! digits keeps every cell within its candidates), and rates it as
//! [`Rater`](crate::Rater) rates a classic puzzle: its level by the default techniques, ER/EP/ED
//! by SE's walk from the candidates, as `SukakuExplainer` rates a sukaku.

use super::scale::{ScaleSolver, SeRating};
use super::{Candidates, LogicSolver, Path, Step};
use crate::model::Model;
use crate::variant::Variant;

/// The classic solvers of a model of marks only.
pub(super) struct Marks {
    /// Hints and explanations.
    hints: LogicSolver,
    /// `rate`'s level.
    level: LogicSolver,
    /// `rate`'s ER/EP/ED.
    scale: ScaleSolver,
}

impl Marks {
    /// The solvers, when `model` has no rule but its regions (`variant`), pencilmarks and
    /// parity marks.
    pub(super) fn new(model: &Model, variant: &Variant) -> Option<Marks> {
        let marks_only =
            model.cages.is_empty() && model.relations.is_empty() && model.lines.is_empty();
        marks_only.then(|| Marks {
            hints: LogicSolver::for_hints(variant),
            level: LogicSolver::new(variant),
            scale: ScaleSolver::new(variant),
        })
    }

    /// The next hint from `candidates`.
    pub(super) fn next_step(&self, candidates: &Candidates) -> Option<Step> {
        self.hints.next_step(candidates)
    }

    /// The hints' path from `candidates`.
    pub(super) fn explained(&self, candidates: Candidates) -> Path {
        self.hints.solve_candidates(candidates)
    }

    /// The default techniques' path from `candidates`, which makes `rate`'s level.
    pub(super) fn level_path(&self, candidates: Candidates) -> Path {
        self.level.solve_candidates(candidates)
    }

    /// ER/EP/ED from `candidates`.
    pub(super) fn scale(&self, candidates: Candidates) -> SeRating {
        self.scale.solve_candidates(candidates).rating()
    }
}
