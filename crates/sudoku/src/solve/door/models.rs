//! The door's searches of a model's puzzles (not a plain sudoku's): solved and proved unique by
//! the propagating search (`solve/propagate.rs`), its rules compiled on first use.

use dancer::Stats;

use super::{Back, PuzzleSolver};
use crate::solve::answer::{PuzzleReport, SolveError, Verdict};
use crate::solve::givens::{Givens, SolutionForm, View};
use crate::solve::propagate::{self, PropSearch, PropTables, PropTree};
use crate::solve::rules::checked;
use crate::solve::search::{Checks, PuzzleSearch};

impl<'r> PuzzleSolver<'r> {
    /// `solve` and `solve_unique` of a model's puzzle: by propagation.
    pub(super) fn find_by_propagation<S: SolutionForm>(
        &mut self,
        view: View<'_>,
        unique: bool,
    ) -> Result<PuzzleReport<S>, SolveError> {
        let model = self.rules.model();
        let givens = view.cells(model)?;
        // Compiled (so validated) before the checker reads the givens' cells.
        let (tables, search) = self.propagating()?;
        if let Err(broken) = model.broken(&givens, false) {
            let verdict = Verdict::Invalid(broken);
            return Ok(PuzzleReport { verdict, stats: Stats::default() });
        }
        // A contradiction at the root leaves a dead end for the walk to count.
        let _ = search.load(tables, &givens);
        let mut next = || {
            let (_, found) = search.walk_up_to(tables, 1);
            (found == 1).then(|| search.digits())
        };
        let verdict = match next() {
            None => Verdict::None,
            Some(digits) => {
                let digits = S::from_cells(model.symbols, checked(model, &givens, digits)?);
                match unique {
                    true if next().is_some() => Verdict::Multiple(digits),
                    true => Verdict::Unique(digits),
                    false => Verdict::Solved(digits),
                }
            }
        };
        Ok(PuzzleReport { verdict, stats: search.stats() })
    }

    /// The search of a puzzle's first solutions, for a [`Run`](dancer::run::Run) that stops at one (solve) or two
    /// (uniqueness), at a limit or a signal: [`explore`](Self::explore)'s, but for a model's
    /// puzzle, which the propagating search explores (the engine counts faster, the
    /// propagating search finds and proves faster).
    ///
    /// # Errors
    /// As [`explore`](Self::explore).
    pub fn explore_to_solve<G: Givens + ?Sized>(
        &mut self,
        givens: &G,
    ) -> Result<PuzzleSearch<'_, 'r, G::Solution>, SolveError> {
        if let Back::Plain(_) = self.back {
            return self.explore(givens);
        }
        let model = self.rules.model();
        let givens = givens.view().cells(model)?;
        let (tables, search) = self.propagating()?;
        model.broken(&givens, false).map_err(SolveError::Invalid)?;
        let fingerprint = propagate::fingerprint(model, &givens);
        let tree = PropTree::new(search, tables, &givens, fingerprint);
        Ok(PuzzleSearch::propagating(tree, Checks { model, givens: Some(givens.into_owned()) }))
    }

    /// The propagating search of a model's rules, compiled on first use.
    fn propagating(&mut self) -> Result<(&PropTables, &mut PropSearch), SolveError> {
        let rules = self.rules;
        let Back::Engine(_, compiled) = &mut self.back else {
            unreachable!("only a model's rules search by propagation")
        };
        let compiled = compiled.get_or_insert_with(|| {
            let tables = PropTables::new(rules.model())?;
            let search = PropSearch::new(&tables);
            Ok((tables, search))
        });
        match compiled {
            Ok((tables, search)) => Ok((tables, search)),
            Err(error) => Err(SolveError::Model(error.clone())),
        }
    }
}
