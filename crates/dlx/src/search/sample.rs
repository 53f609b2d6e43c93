//! Uniform random sampling of solutions from exact counts: walk down from the root, choosing
//! each option with probability (solutions through it) / (solutions here), the counts read
//! from the memo table of [`Solver::count_memo`].
//!
//! Why it is uniform: at a node S with N(S) solutions below it, the search branches on one
//! item, and every solution below S lies below exactly one of that item's options o, so
//! N(S) = Σ N(S·o). Choosing o with probability N(S·o) / N(S) and going on from S·o, a
//! solution reached through S·o₁·o₂·…·oₖ is drawn with probability
//! N(S·o₁)/N(S) · N(S·o₁·o₂)/N(S·o₁) · … · 1/N(S·o₁…oₖ₋₁) = 1/N(S): the product telescopes,
//! whichever item each node branches on. The counts are exact (`u128`), and the draw below
//! N(S) takes whole random words with rejection, so no rounding or modulo bias creeps in.

use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

use super::{Level, Solver};
use crate::ids::OptionId;
use crate::matrix::{with_mode, Mode};
use crate::search::memo::{Memo, MemoError};

impl Solver<'_> {
    /// Draws one solution below the committed options, uniformly at random among them all:
    /// each of the N solutions is returned with probability exactly 1/N. `None` when there is
    /// no solution. The solution lists the committed options, then the drawn ones.
    ///
    /// The first draw counts the solutions with [`count_memo`](Self::count_memo); each step
    /// down then needs the counts of the chosen item's options, which that count left in
    /// `memo` (a lookup each), so later draws on the same table cost about the depth of a
    /// solution times the length of a list. A count the table dropped (see [`Memo`]) is
    /// counted again, exactly, so the size of the table changes the time and never the
    /// solution drawn.
    ///
    /// `random` supplies uniformly random 64-bit words: the engine has no random source of
    /// its own, so callers choose theirs and its seed. The same words, the same committed
    /// options and the same order of options (see [`shuffle`](Self::shuffle)) draw the same
    /// solution. Each step branches on the item with the fewest options (MRV), whatever
    /// [`heuristic`](Self::heuristic) says, since that is the fewest counts to look up.
    ///
    /// With `interrupt`, the draw looks at the flag at every step and every few thousand
    /// nodes of a count, and stops once it is raised. Nodes and updates in
    /// [`stats`](Self::stats) count the work done (lookups are nodes); solutions count one
    /// per solution drawn.
    ///
    /// ```
    /// # use dancer::{Memo, ProblemBuilder};
    /// use rand::{Rng, SeedableRng};
    /// use rand_chacha::ChaCha8Rng;
    ///
    /// // Domino tilings of a 2×3 board: cells a–f, a b c over d e f; 3 tilings.
    /// let mut builder = ProblemBuilder::new();
    /// for cell in ["a", "b", "c", "d", "e", "f"] {
    ///     builder.primary(cell);
    /// }
    /// for pair in ["a b", "b c", "d e", "e f", "a d", "b e", "c f"] {
    ///     builder.option_named(pair.split(' '));
    /// }
    /// let problem = builder.build()?;
    /// let mut solver = problem.solver();
    /// let mut memo = Memo::default();
    /// let mut rng = ChaCha8Rng::seed_from_u64(7);
    /// let tiling = solver.sample(&mut memo, &mut || rng.next_u64(), None)?.unwrap();
    /// assert_eq!(tiling.len(), 3); // three dominoes cover six cells
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`count_memo`](Self::count_memo): [`MemoError::Overflow`] when the solutions number
    /// more than `u128::MAX`, [`MemoError::Interrupted`] when `interrupt` was raised. The
    /// solver is then as after a finished search, its committed options still committed.
    pub fn sample(
        &mut self,
        memo: &mut Memo,
        random: &mut dyn FnMut() -> u64,
        interrupt: Option<&AtomicBool>,
    ) -> Result<Option<Vec<OptionId>>, MemoError> {
        let solutions = self.stats.solutions;
        // Also what makes `memo` this problem's and gives it room for every level.
        let total = self.count_memo(memo, interrupt);
        self.stats.solutions = solutions;
        let total = total?;
        if total == 0 {
            return Ok(None);
        }
        // Each level of the path covers a primary item: at most that many levels.
        let mut path = Vec::with_capacity(self.problem.primary_count());
        let drawn =
            with_mode!(self.matrix, M => self.draw::<M>(total, memo, random, interrupt, &mut path));
        let mut solution = Vec::with_capacity(self.committed.len() + path.len());
        solution.extend_from_slice(&self.committed);
        let matrix = &self.matrix;
        solution.extend(path.iter().map(|l| OptionId::from_u32(matrix.option_of(l.choice))));
        with_mode!(self.matrix, M => {
            for level in path.iter().rev() {
                self.matrix.uncommit_others::<M>(level.choice);
                self.matrix.uncover::<M>(level.item);
            }
        });
        drawn?;
        self.stats.solutions += 1;
        Ok(Some(solution))
    }

    /// Walks down from the state the matrix is in, which has `count` (more than 0) solutions,
    /// to one of them, pushing each level onto `path` and leaving it covered (also on error:
    /// the caller undoes `path`).
    fn draw<M: Mode>(
        &mut self,
        mut count: u128,
        memo: &mut Memo,
        random: &mut dyn FnMut() -> u64,
        interrupt: Option<&AtomicBool>,
        path: &mut Vec<Level>,
    ) -> Result<(), MemoError> {
        while let Some(item) = self.matrix.choose_mrv::<M>() {
            if interrupt.is_some_and(|flag| flag.load(Relaxed)) {
                return Err(MemoError::Interrupted);
            }
            self.stats.nodes += 1;
            let mut r = uniform_below(count, random);
            self.stats.updates += self.matrix.cover::<M>(item);
            // `rest`: the solutions through the option being tried and the ones after it, so
            // that r < rest throughout, and the last option's count is what is left: it is
            // never looked up (nor is a forced move's).
            let mut rest = count;
            let mut choice = self.matrix.nodes[item as usize].down;
            loop {
                self.stats.updates += self.matrix.commit_others::<M>(choice);
                let next = self.matrix.nodes[choice as usize].down;
                let here = if next == item {
                    rest
                } else {
                    // A count from the state the option leads to: a table hit, usually.
                    match self.count_memo_here::<M>(memo, interrupt) {
                        Ok(here) => here,
                        Err(error) => {
                            self.matrix.uncommit_others::<M>(choice);
                            self.matrix.uncover::<M>(item);
                            return Err(error);
                        }
                    }
                };
                if r < here {
                    count = here;
                    break;
                }
                r -= here;
                rest -= here;
                self.matrix.uncommit_others::<M>(choice);
                choice = next;
            }
            path.push(Level { item, choice });
        }
        Ok(())
    }
}

/// A number drawn uniformly from `0..n` (`n` > 0), from two words of `random` per try: the
/// bits above those of n − 1 are masked off, and a number of n or more is thrown away and
/// another drawn (fewer than two tries on average). Taking the remainder mod n instead would
/// favour the small numbers whenever n does not divide 2^128. `n` = 1 takes no words.
fn uniform_below(n: u128, random: &mut dyn FnMut() -> u64) -> u128 {
    assert!(n > 0, "no number is below 0");
    if n == 1 {
        return 0;
    }
    let mask = u128::MAX >> (n - 1).leading_zeros();
    loop {
        let high = u128::from(random());
        let drawn = (high << 64 | u128::from(random())) & mask;
        if drawn < n {
            return drawn;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::uniform_below;

    #[test]
    fn draws_at_or_above_n_are_thrown_away_not_folded() {
        // n = 3: mask 0b11; the low word 3 is out of range and is drawn again, where a
        // remainder would have made it 0.
        let mut words = [0, 3, 0, 2].into_iter();
        assert_eq!(uniform_below(3, &mut || words.next().unwrap()), 2);
        assert_eq!(words.len(), 0, "two tries, two words each");
        // Above 2^64 the high word counts, and bits above the mask are dropped.
        let n = (1u128 << 64) + 5;
        let mut words = [u64::MAX, 4].into_iter();
        assert_eq!(uniform_below(n, &mut || words.next().unwrap()), (1 << 64) + 4);
        // (3·2^64 + 7) masked is 2^64 + 7, not below n: drawn again; (2·2^64 + 1) masked is 1.
        let mut words = [3, 7, 2, 1].into_iter();
        assert_eq!(uniform_below(n, &mut || words.next().unwrap()), 1);
    }

    #[test]
    fn the_extremes_take_what_they_need() {
        let mut words = std::iter::empty();
        assert_eq!(uniform_below(1, &mut || words.next().unwrap()), 0, "no word for n = 1");
        let mut words = [u64::MAX, u64::MAX - 1].into_iter();
        assert_eq!(uniform_below(u128::MAX, &mut || words.next().unwrap()), u128::MAX - 1);
        let mut words = [u64::MAX, u64::MAX, 9, 9].into_iter();
        assert_eq!(uniform_below(u128::MAX, &mut || words.next().unwrap()), (9 << 64) + 9);
    }
}
