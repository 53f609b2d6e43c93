//! True candidates: the digits of each cell that some solution puts there, what a setter asks
//! of a puzzle that breaks (f-puzzles' and `SudokuSolver`'s "true candidates"). Found through the
//! door, so on whichever back-end the rules choose: each candidate not yet seen in a solution
//! is tried as one more given, and every solution found marks all of its candidates at once,
//! so a puzzle of U true candidates costs at most U searches, however many the candidates.
//! With a cap above one, each candidate's solutions are counted, up to the cap.

use dancer::Stats;

use super::answer::{SolveError, Verdict};
use super::door::PuzzleSolver;
use super::givens::Givens;
use crate::grid::{Cell, Digit};
use crate::model::Broken;

/// The true candidates of a puzzle: for each cell of the model's rectangle and each digit, how
/// many solutions put the digit there, up to the cap (at least 1 for a true candidate, 0 for
/// a false one; with a cap of 1, whether there is one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrueCandidates {
    symbols: usize,
    cap: u64,
    /// `counts[cell * symbols + digit - 1]`.
    counts: Vec<u64>,
    /// Nodes and updates of all the searches.
    pub stats: Stats,
}

impl TrueCandidates {
    /// How many symbols a cell may hold.
    pub fn symbols(&self) -> usize {
        self.symbols
    }

    /// The cells of the model's rectangle.
    pub fn cells(&self) -> usize {
        self.counts.len() / self.symbols.max(1)
    }

    /// The most solutions counted for one candidate.
    pub fn cap(&self) -> u64 {
        self.cap
    }

    /// The solutions that put `digit` in `cell`, up to the cap.
    ///
    /// # Panics
    /// If the cell is outside the rectangle or the digit not in `1..=symbols`.
    pub fn count(&self, cell: Cell, digit: Digit) -> u64 {
        assert!((1..=self.symbols).contains(&usize::from(digit)), "digit {digit}");
        self.counts[cell * self.symbols + usize::from(digit) - 1]
    }

    /// Whether some solution puts `digit` in `cell`.
    ///
    /// # Panics
    /// As [`count`](Self::count).
    pub fn holds(&self, cell: Cell, digit: Digit) -> bool {
        self.count(cell, digit) > 0
    }

    /// Whether the puzzle has a solution at all.
    pub fn is_solvable(&self) -> bool {
        self.counts.iter().any(|&count| count > 0)
    }

    /// The pencilmark line of the true candidates (the form `--from sukaku` reads): for each
    /// cell, each digit's symbol ([`symbol`](crate::symbol): `1`-`9`, then `A` = 10 ...) where
    /// it is a true candidate, `.` where not (so `symbols` characters a cell; an unused cell of
    /// a multi-grid model is all dots).
    pub fn pencilmarks(&self) -> String {
        let n = self.symbols;
        let mark = |(k, &count): (usize, &u64)| {
            if count > 0 {
                crate::grid::symbol((k % n + 1) as Digit)
            } else {
                '.'
            }
        };
        self.counts.iter().enumerate().map(mark).collect()
    }
}

impl PuzzleSolver<'_> {
    /// The true candidates of the puzzle of `givens`, each counted up to `cap` solutions (a
    /// cap of 0 is taken as 1).
    ///
    /// ```
    /// use dancer_sudoku::{Rules, Variant};
    ///
    /// let rules = Rules::from_variant(Variant::standard(4)?);
    /// let mut solver = rules.solver();
    /// // Four solutions: r1c1 and r1c2 hold 1 and 2 in either order, and so does row 2's
    /// // right half, independently.
    /// let givens = [None, None, Some(3), Some(4), Some(3), Some(4), None, None,
    ///               None, None, Some(4), Some(3), Some(4), Some(3), None, None]
    ///     .map(|d| d.map(|d: u8| d));
    /// let found = solver.true_candidates(&givens, 5)?;
    /// assert_eq!(&found.pencilmarks()[..8], "12..12..");
    /// assert_eq!((found.count(0, 1), found.count(0, 3), found.count(2, 3)), (2, 0, 4));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// Givens that do not fit the rules or break one ([`SolveError::Invalid`]), or a model
    /// that cannot be encoded.
    pub fn true_candidates<G: Givens + ?Sized>(
        &mut self,
        givens: &G,
        cap: u64,
    ) -> Result<TrueCandidates, SolveError> {
        let model = self.rules().model();
        let base = givens.view().cells(model)?;
        let (n, cap) = (model.symbols, cap.max(1));
        let counts = vec![0; base.len() * n];
        let mut found = TrueCandidates { symbols: n, cap, counts, stats: Stats::default() };
        match self.mark(&base, &mut found)? {
            Ok(true) => {}
            Ok(false) => return Ok(found),
            Err(broken) => return Err(SolveError::Invalid(broken)),
        }
        // With a cap, a given's count is the puzzle's, counted once.
        let mut whole = None;
        let mut forced = base.to_vec();
        for cell in (0..base.len()).filter(|&cell| model.used[cell]) {
            if let (Some(given), true) = (base[cell], cap > 1) {
                if whole.is_none() {
                    let counted = self.count(&base[..], Some(cap))?;
                    found.stats += counted.stats;
                    whole = Some(counted.count);
                }
                found.counts[cell * n + usize::from(given) - 1] = whole.unwrap_or(0);
                continue;
            }
            for digit in model.allowed(cell).filter(|_| base[cell].is_none()) {
                let at = cell * n + usize::from(digit) - 1;
                if found.counts[at] >= cap {
                    continue;
                }
                forced[cell] = Some(digit);
                if cap == 1 {
                    // A forced digit that breaks a rule is simply not a true candidate.
                    let _ = self.mark(&forced, &mut found)?;
                } else {
                    let counted = self.count(&forced[..], Some(cap))?;
                    found.stats += counted.stats;
                    found.counts[at] = counted.count;
                }
            }
            forced[cell] = base[cell];
        }
        Ok(found)
    }

    /// Solves `givens` and marks the candidates of the solution found: whether there was
    /// one, or the rule the givens break.
    fn mark(
        &mut self,
        givens: &[Option<Digit>],
        found: &mut TrueCandidates,
    ) -> Result<Result<bool, Broken>, SolveError> {
        let report = self.solve(givens)?;
        found.stats += report.stats;
        let solution = match report.verdict {
            Verdict::Solved(solution) | Verdict::Unique(solution) | Verdict::Multiple(solution) => {
                solution
            }
            Verdict::None => return Ok(Ok(false)),
            Verdict::Invalid(broken) => return Ok(Err(broken)),
        };
        for (cell, digit) in solution.iter().enumerate() {
            if let Some(digit) = digit {
                let at = cell * found.symbols + usize::from(*digit) - 1;
                found.counts[at] = found.counts[at].max(1);
            }
        }
        Ok(Ok(true))
    }
}
