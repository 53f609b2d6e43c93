//! [`GridSolver::count_memo`]: a puzzle's exact number of solutions, of any size up to
//! 2^128 - 1, from the engine's memoised count ([`dancer::Memo`]) on the template's matrix.

use std::sync::atomic::AtomicBool;

use dancer::{run::MemoRun, Memo, MemoError, Stats};

use super::GridSolver;
use crate::error::Conflict;
use crate::grid::Grid;

/// The number of solutions of a puzzle, counted with a table of sub-problem counts: always
/// complete, and in 128 bits (a blank 9×9 has about 6.7·10²¹ solutions, more than `u64`
/// holds).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemoCount {
    /// Solutions.
    pub count: u128,
    /// The conflict, when the givens break a rule (the count is then 0).
    pub invalid: Option<Conflict>,
    /// The engine's nodes and updates for this puzzle (a lookup in the table is a node).
    pub stats: Stats,
}

impl GridSolver<'_> {
    /// The number of solutions of `puzzle`, counted by the engine on the template's matrix with
    /// `memo` (see [`dancer::Solver::count_memo`]): below the givens, each sub-problem is
    /// counted once and looked up when the search meets it again. Exact however large.
    ///
    /// One `memo` serves every puzzle of the template: its keys are the items left to cover,
    /// which the givens are part of, so what it learnt on one puzzle holds for the next (a
    /// table given another template's puzzle is cleared first). Below 16×16 the placements the
    /// bitmask deductions find are committed with the givens, as for
    /// [`enumerate`](Self::enumerate).
    ///
    /// Sub-problems repeat on blank and nearly blank small grids (the blank 6×6's 28 200 960
    /// solutions), yet even there [`count`](Self::count) is faster (1.4 times on the blank
    /// 6×6), and a puzzle with few solutions has few sub-problems to share: 5 to 9 times
    /// (docs/PERFORMANCE.md). Its use is an exact count of any size.
    ///
    /// With `interrupt`, the count looks at the flag every few thousand nodes.
    ///
    /// ```
    /// use dancer::Memo;
    /// use dancer_sudoku::{Grid, GridSolver, Template, Variant};
    ///
    /// let template = Template::new(Variant::standard(4)?);
    /// let mut solver = GridSolver::new(&template);
    /// let mut memo = Memo::new(1 << 20);
    /// assert_eq!(solver.count_memo(&Grid::empty(4), &mut memo, None)?.count, 288);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`MemoError::Interrupted`] when `interrupt` was raised (the table keeps what it learnt);
    /// [`MemoError::Overflow`] past `u128::MAX`, which no grid up to 64×64 is known to reach
    /// but nothing rules out.
    ///
    /// # Panics
    /// If the puzzle's size is not the variant's.
    pub fn count_memo(
        &mut self,
        puzzle: &Grid,
        memo: &mut Memo,
        interrupt: Option<&AtomicBool>,
    ) -> Result<MemoCount, MemoError> {
        let mut run = MemoRun::new();
        if let Some(flag) = interrupt {
            run = run.interrupt(flag);
        }
        self.count_memo_with(puzzle, memo, &run)
    }

    /// [`count_memo`](Self::count_memo) as `run` says: stopped by its flag, reporting its
    /// progress.
    ///
    /// # Errors
    /// As `count_memo`.
    ///
    /// # Panics
    /// If the puzzle's size is not the variant's.
    pub fn count_memo_with(
        &mut self,
        puzzle: &Grid,
        memo: &mut Memo,
        run: &MemoRun<'_>,
    ) -> Result<MemoCount, MemoError> {
        self.check_size(puzzle);
        self.last = None;
        let loaded = self.load_engine(puzzle);
        // From 16×16 up `stats` would read the wide search's counters: keep the engine's.
        let engine = self.engine();
        let counted = match loaded {
            Ok(()) => run.count(engine, memo),
            Err(_) => Ok(0),
        };
        let stats = engine.stats();
        self.last = Some(stats);
        let count = counted?;
        Ok(MemoCount { count, invalid: loaded.err(), stats })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encode::Template;
    use crate::variant::Variant;

    #[test]
    fn a_broken_rule_is_invalid_with_no_count() {
        let template = Template::new(Variant::standard(4).unwrap());
        let mut solver = GridSolver::new(&template);
        let mut cells = vec![0; 16];
        (cells[0], cells[1]) = (3, 3);
        let counted = solver.count_memo(&Grid::from_cells(4, cells), &mut Memo::new(0), None);
        let counted = counted.unwrap();
        assert_eq!(counted.count, 0);
        assert!(counted.invalid.is_some());
    }

    #[test]
    fn a_raised_flag_stops_the_count_and_the_solver_counts_again() {
        let template = Template::new(Variant::standard(6).unwrap());
        let mut solver = GridSolver::new(&template);
        let mut memo = Memo::new(64 << 20);
        let raised = AtomicBool::new(true);
        let blank = Grid::empty(6);
        let stopped = solver.count_memo(&blank, &mut memo, Some(&raised));
        assert_eq!(stopped, Err(MemoError::Interrupted));
        // The solver and the table are whole: a puzzle's count after it is the plain one.
        let solved = solver.solve(&blank);
        let crate::GridVerdict::Solved(full) = solved.verdict else { panic!("a 6×6 grid") };
        let mut cells = full.cells().to_vec();
        cells[..14].fill(0);
        let puzzle = Grid::from_cells(6, cells);
        let plain = solver.count(&puzzle, None).count;
        assert!(plain > 1);
        let counted = solver.count_memo(&puzzle, &mut memo, Some(&AtomicBool::new(false)));
        assert_eq!(counted.map(|counted| counted.count), Ok(u128::from(plain)));
    }
}
