//! `rate`, `hint` and `explain` on a JSON line's puzzle with constraints beyond its regions
//! (killer cages, dots and signs, lines, parity, pencilmarks): the library's
//! [`VariantLogic`], whose steps name their constraint; the output is that of a sudoku's
//! (`advice.rs`).

use dancer_sudoku::{Digit, VariantLogic};

use super::{Long, OutputFormat, RecordJob};

impl RecordJob {
    pub(super) fn rate_variant(
        &mut self,
        logic: &VariantLogic,
        givens: &[Option<Digit>],
        long: Long<'_>,
    ) -> String {
        match self.limited(long, || logic.rate(givens)) {
            (_, Some(stop)) => self.stopped_text(stop),
            (rating, None) => self.rated(rating),
        }
    }

    pub(super) fn hint_variant(
        &mut self,
        logic: &VariantLogic,
        givens: &[Option<Digit>],
        long: Long<'_>,
    ) -> String {
        if let Err(error) = logic.check_unique(givens) {
            return self.unrated(&error);
        }
        let Ok(candidates) = logic.candidates(givens) else {
            return self.unrated(&dancer_sudoku::RateError::NoSolution);
        };
        let next = || logic.next_step(&candidates);
        if let Some(text) = self.next_hint(&candidates, logic.variant(), long, next) {
            return text;
        }
        let nodes = logic.path(givens).map_or(0, |(_, nodes)| nodes);
        self.stuck(nodes, "search")
    }

    pub(super) fn explain_variant(
        &mut self,
        logic: &VariantLogic,
        givens: &[Option<Digit>],
        long: Long<'_>,
    ) -> String {
        if let Err(error) = logic.check_unique(givens) {
            let text = self.unrated(&error);
            return if self.format == OutputFormat::Line { text + "\n" } else { text };
        }
        let (found, stop) = self.limited(long, || logic.path(givens));
        let Ok((path, nodes)) = found else {
            return self.unrated(&dancer_sudoku::RateError::NoSolution);
        };
        let size = logic.variant().size();
        self.explained(&path, (nodes, stop), logic.variant(), size, "search")
    }
}
