//! [`GridSolver::count_memo`]: a puzzle's exact number of solutions, of any size up to
//! 2^128 - 1, from the engine's memoised count ([`dancer::Memo`]) on the template's matrix.

use dancer::{run::MemoRun, ItemId, Memo, MemoError, Stats};

use super::GridSolver;
use crate::error::Conflict;
use crate::grid::Grid;

/// The number of solutions of a puzzle, counted with a table of sub-problem counts: always
/// complete, and in 128 bits (a blank 9×9 has about 6.7·10²¹ solutions, more than `u64`
/// holds).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct MemoCount {
    /// Solutions.
    pub(crate) count: u128,
    /// The conflict, when the givens break a rule (the count is then 0).
    pub(crate) invalid: Option<Conflict>,
    /// The engine's nodes and updates for this puzzle (a lookup in the table is a node).
    pub(crate) stats: Stats,
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
    /// solutions), where the count takes the region items digit by digit and beats
    /// [`count`](Self::count) on one core (1.4 times on the blank 6×6); a puzzle with few
    /// solutions has few sub-problems to share: 5 to 9 times slower (docs/PERFORMANCE.md).
    /// Its use is an exact count of any size.
    ///
    /// With `interrupt`, the count looks at the flag every few thousand nodes.
    ///
    /// # Errors
    /// [`MemoError::Interrupted`] when `interrupt` was raised (the table keeps what it learnt);
    /// [`MemoError::Overflow`] past `u128::MAX`, which no grid up to 64×64 is known to reach
    /// but nothing rules out.
    ///
    /// # Panics
    /// If the puzzle's size is not the variant's.
    #[cfg(test)]
    pub(crate) fn count_memo(
        &mut self,
        puzzle: &Grid,
        memo: &mut Memo,
        interrupt: Option<&std::sync::atomic::AtomicBool>,
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
    pub(crate) fn count_memo_with(
        &mut self,
        puzzle: &Grid,
        memo: &mut Memo,
        run: &MemoRun<'_>,
    ) -> Result<MemoCount, MemoError> {
        self.check_size(puzzle);
        self.last = None;
        memo.prefer_order(&self.memo_order(puzzle));
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

    /// The order in which a memoised count of `puzzle` breaks MRV's ties
    /// ([`Memo::prefer_order`]): on a blank or nearly blank grid (at most N/2 givens), the
    /// region items digit by digit and the cells last, so that the search fills one digit's
    /// places before the next digit's and far fewer sub-problems stand apart (the blank 6×6:
    /// 2.6 million against 5.5 million, half the time and memory; the blank 4×4: 645 against
    /// 1 049); with more givens, the declared order (cells first), which meets fewer there
    /// (a 9×9 of 14 givens: 6.2 million against 7.3 million digit by digit).
    fn memo_order(&self, puzzle: &Grid) -> Vec<ItemId> {
        let n = self.template.variant().size();
        if puzzle.given_count() * 2 > n {
            return Vec::new();
        }
        let regions = self.template.variant().regions().len();
        let digits = (0..n).flat_map(|digit| (0..regions).map(move |r| n * n + r * n + digit));
        digits.chain(0..n * n).map(ItemId::new).collect()
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use super::*;
    use crate::encode::Template;
    use crate::variant::Variant;

    /// A blank grid is counted with its region items digit by digit: the blank 4×4 in 645
    /// sub-problems, against 1 049 in the declared order; past N/2 givens, the walk's order.
    #[test]
    fn a_blank_grid_is_counted_digit_by_digit() {
        let template = Template::new(Variant::standard(4).unwrap());
        let mut solver = GridSolver::new(&template);
        let mut memo = Memo::default();
        assert_eq!(solver.count_memo(&Grid::empty(4), &mut memo, None).unwrap().count, 288);
        assert_eq!(memo.entries(), 645);
        let mut declared = Memo::default();
        assert_eq!(template.problem().solver().count_memo(&mut declared, None), Ok(288));
        assert_eq!(declared.entries(), 1_049);
        let order: Vec<usize> =
            solver.memo_order(&Grid::empty(4)).iter().map(|item| item.index()).collect();
        // Digit 1 of each region (rows, columns, boxes: items 16 + 4r), then digit 2, ...
        let first: Vec<usize> = (0..12).map(|r| 16 + 4 * r).collect();
        assert_eq!(order[..12], first[..]);
        assert_eq!(order[12], 17);
        assert_eq!(order[48..], (0..16).collect::<Vec<_>>()[..]);
        let mut given = Grid::empty(4);
        given.set(0, Some(1));
        assert_eq!(solver.memo_order(&given).len(), 64);
        given.set(5, Some(2));
        given.set(10, Some(3));
        assert!(solver.memo_order(&given).is_empty());
    }

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
        let crate::solve::GridVerdict::Solved(full) = solved.verdict else { panic!("a 6×6 grid") };
        let mut cells = full.cells().to_vec();
        cells[..14].fill(0);
        let puzzle = Grid::from_cells(6, cells);
        let plain = solver.count(&puzzle, None).count;
        assert!(plain > 1);
        let counted = solver.count_memo(&puzzle, &mut memo, Some(&AtomicBool::new(false)));
        assert_eq!(counted.map(|counted| counted.count), Ok(u128::from(plain)));
    }
}
