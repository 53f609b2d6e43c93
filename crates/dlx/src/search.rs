//! [`Solver`]: Knuth's Algorithm X (and C, with colours), iterative with an explicit level
//! stack, so the search can stop at a solution and resume, and its depth is limited only by
//! memory.

use std::ops::ControlFlow;

use crate::matrix::{with_mode, Matrix, Mode};
use crate::{CommitError, ItemId, OptionId, Problem, Solutions, Stats};

/// How the search picks the primary item to branch on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Heuristic {
    /// Minimum remaining values: the item with the fewest options left, the leftmost on ties
    /// (exactly DLX1's choice, so the input's item order decides ties).
    #[default]
    Mrv,
    /// The leftmost uncovered primary item, whatever its length.
    First,
}

/// One level of the search: the item branched on and the option node being tried.
#[derive(Clone, Copy, Debug, Default)]
struct Level {
    item: u32,
    choice: u32,
}

/// Where the search resumes; the step names follow Knuth's Algorithm X.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// X2: entering a node of the search tree at `level`.
    Enter,
    /// X8: leaving `level` (a solution was just reported there) for the one above.
    Backtrack,
    /// The whole tree has been searched.
    Done,
}

/// A search over one [`Problem`], reusable: it owns a copy of the links, so options can be
/// committed (a partial solution), the rest searched, and everything undone with
/// [`reset`](Self::reset), without rebuilding or allocating.
///
/// A solution is reported as the committed options followed by the options the search chose.
#[derive(Clone, Debug)]
pub struct Solver<'p> {
    problem: &'p Problem,
    matrix: Matrix,
    heuristic: Heuristic,
    committed: Vec<OptionId>,
    levels: Vec<Level>,
    level: usize,
    phase: Phase,
    stats: Stats,
    solution: Vec<OptionId>,
    /// Updates made by the committed options, and by the search since it last started: what
    /// undoing everything would replay (the second an upper bound), to choose how to reset.
    committed_updates: u64,
    search_updates: u64,
    /// Whether [`shuffle`](Self::shuffle) changed the order of the lists since the last reset.
    shuffled: bool,
}

impl<'p> Solver<'p> {
    /// A solver for `problem`, with nothing committed.
    pub fn new(problem: &'p Problem) -> Solver<'p> {
        // Each level covers at least one primary item, so the depth never exceeds their number.
        let depth = problem.primary_count() + 1;
        Solver {
            problem,
            matrix: problem.matrix.clone(),
            heuristic: Heuristic::default(),
            committed: Vec::new(),
            levels: vec![Level::default(); depth],
            level: 0,
            phase: Phase::Enter,
            stats: Stats::default(),
            solution: Vec::with_capacity(depth + problem.option_count().min(depth)),
            committed_updates: 0,
            search_updates: 0,
            shuffled: false,
        }
    }

    /// The problem being solved.
    pub fn problem(&self) -> &'p Problem {
        self.problem
    }

    /// Sets the branching heuristic for later searches.
    pub fn heuristic(&mut self, heuristic: Heuristic) -> &mut Self {
        self.heuristic = heuristic;
        self
    }

    /// Counters accumulated since the solver was made or [`reset_stats`](Self::reset_stats)
    /// was called, including the updates made by commits.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Zeroes the counters.
    pub fn reset_stats(&mut self) {
        self.stats = Stats::default();
    }

    /// The options committed so far, in order.
    pub fn committed(&self) -> &[OptionId] {
        &self.committed
    }

    /// Commits `option` as part of every solution: its items are covered before the search
    /// starts. Any search in progress is abandoned first.
    ///
    /// # Errors
    /// [`CommitError::UnknownOption`], or [`CommitError::Clash`] when an item of the option is
    /// already covered by a committed option (or purified with another colour); the solver is
    /// then unchanged.
    pub fn commit(&mut self, option: OptionId) -> Result<(), CommitError> {
        self.restart();
        if option.index() >= self.problem.option_count() {
            return Err(CommitError::UnknownOption { option });
        }
        if let Err(item) = self.matrix.option_fits(option.as_u32()) {
            return Err(CommitError::Clash { option, item: ItemId::from_u32(item) });
        }
        // An option with a primary item cannot fit twice, as its items are covered; one with
        // only (coloured) secondary items could, so look for it among the committed ones.
        let entries = self.problem.option(option);
        if !entries.iter().any(|e| self.problem.is_primary(e.item))
            && self.committed.contains(&option)
        {
            return Err(CommitError::Clash { option, item: entries[0].item });
        }
        let updates = self.matrix.commit_option(option.as_u32());
        self.stats.updates += updates;
        self.committed_updates += updates;
        self.committed.push(option);
        Ok(())
    }

    /// Commits each option in turn.
    ///
    /// # Errors
    /// As [`commit`](Self::commit); the options this call committed before the failing one are
    /// uncommitted again, so on error the solver is as it was before the call.
    pub fn commit_all(
        &mut self,
        options: impl IntoIterator<Item = OptionId>,
    ) -> Result<(), CommitError> {
        let before = self.committed.len();
        for option in options {
            if let Err(error) = self.commit(option) {
                while self.committed.len() > before {
                    self.uncommit_last();
                }
                return Err(error);
            }
        }
        Ok(())
    }

    /// Uncommits the option committed last (options come off in the reverse order of their
    /// commits, as dancing links require), abandoning any search in progress first. Returns
    /// it, or `None` when nothing is committed.
    pub fn uncommit(&mut self) -> Option<OptionId> {
        self.restart();
        let option = *self.committed.last()?;
        self.uncommit_last();
        Some(option)
    }

    fn uncommit_last(&mut self) {
        if let Some(option) = self.committed.pop() {
            self.matrix.uncommit_option(option.as_u32());
        }
    }

    /// Abandons any search in progress and uncommits every committed option: the links are back
    /// to the problem's initial state. Counters are kept.
    ///
    /// Dancing links restore the exact initial links either way, so this takes the cheaper
    /// way: undo step by step, or, when that would replay more updates than copying the
    /// problem's initial links costs (typical for a puzzle's givens on a small matrix), copy.
    pub fn reset(&mut self) {
        let searched = if self.phase == Phase::Done { 0 } else { self.search_updates };
        if self.shuffled || self.committed_updates + searched > self.matrix.restore_cost() {
            self.matrix.restore_from(&self.problem.matrix);
            self.committed.clear();
            self.level = 0;
            self.phase = Phase::Enter;
        } else {
            self.restart();
            while !self.committed.is_empty() {
                self.uncommit_last();
            }
        }
        self.committed_updates = 0;
        self.search_updates = 0;
        self.shuffled = false;
    }

    /// Resets, then puts the options of every item in a random order, so that searches try
    /// them in that order: the way to draw random solutions (a random full sudoku grid, say).
    /// `random_below(k)` must return a number below `k`; the engine has no random source of its
    /// own, so callers choose theirs (and its seed). The order lasts until the next
    /// [`reset`](Self::reset), which restores the problem's own order.
    ///
    /// ```
    /// # let mut builder = dancer::ProblemBuilder::new();
    /// # let items = builder.primary_items(3);
    /// # for &item in &items { builder.option([item]); builder.option([item]); }
    /// # let problem = builder.build().unwrap();
    /// let mut solver = problem.solver();
    /// let mut state = 7u64;
    /// solver.shuffle(&mut |k| {
    ///     state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    ///     (state >> 33) as usize % k
    /// });
    /// assert_eq!(solver.count(), 8); // the same solutions, found in another order
    /// ```
    pub fn shuffle(&mut self, random_below: &mut dyn FnMut(usize) -> usize) {
        self.reset();
        self.matrix.shuffle_lists(random_below);
        self.shuffled = true;
    }

    /// Abandons any search in progress, keeping the committed options, so that the next
    /// [`next_solution`](Self::next_solution) starts a new search from the top.
    pub fn restart(&mut self) {
        self.search_updates = 0;
        with_mode!(self.matrix, M => self.unwind::<M>());
    }

    /// Undoes the levels of the search in progress, innermost first.
    fn unwind<M: Mode>(&mut self) {
        for level in self.levels[..self.level].iter().rev() {
            self.matrix.uncommit_others::<M>(level.choice);
            self.matrix.uncover::<M>(level.item);
        }
        self.level = 0;
        self.phase = Phase::Enter;
    }

    /// Resumes the search and stops at the next solution, returned as the committed options
    /// followed by the chosen ones; `None` once the search is exhausted (until a restart).
    /// This is the allocation-free primitive the other search methods are built on.
    pub fn next_solution(&mut self) -> Option<&[OptionId]> {
        if self.advance_any(1) == 0 {
            return None;
        }
        self.solution.clear();
        self.solution.extend_from_slice(&self.committed);
        let matrix = &self.matrix;
        let chosen = self.levels[..self.level]
            .iter()
            .map(|l| OptionId::from_u32(matrix.option_of(l.choice)));
        self.solution.extend(chosen);
        Some(&self.solution)
    }

    /// Searches on until it has found `wanted` solutions (at least one) or reached the end of
    /// the tree, and returns the number found. It stops at the last one found, so a caller
    /// asking for one can read it from the level stack.
    ///
    /// Two loops instead of a state machine: one goes down, choosing and covering an item and
    /// trying its first option, until a solution or a dead end; the other goes up until a level
    /// has another option to try. Without a phase to dispatch on at every step, the compiler
    /// jumps straight from one to the other.
    fn advance<M: Mode>(&mut self, wanted: u64) -> u64 {
        if self.phase == Phase::Done {
            return 0;
        }
        // Disjoint borrows of the fields the loop uses, so that the compiler knows the calls
        // into the matrix leave the level stack where it is (no reload of its address).
        let matrix = &mut self.matrix;
        let levels = &mut self.levels[..];
        let heuristic = self.heuristic;
        let mut level = self.level;
        let (mut nodes, mut updates, mut found) = (0u64, 0u64, 0u64);
        let mut max_depth = self.stats.max_depth as usize;
        let mut going_down = self.phase == Phase::Enter;
        let phase = 'search: loop {
            if going_down {
                loop {
                    // X2: a new node; X3: choose an item, or record a solution.
                    nodes += 1;
                    let chosen = match heuristic {
                        Heuristic::Mrv => matrix.choose_mrv::<M>(),
                        Heuristic::First => matrix.choose_first(),
                    };
                    let Some(item) = chosen else {
                        found += 1;
                        if found == wanted {
                            break 'search Phase::Backtrack;
                        }
                        break;
                    };
                    if matrix.len[item as usize] == 0 {
                        // A dead end. DLX1 covers the item, finds no option (X5) and uncovers
                        // it (X7); only the item's own unlinking changes a link, so count that
                        // update and skip the two calls.
                        updates += 1;
                        break;
                    }
                    // X4: cover the item; X5: try its first option (it has one), committing
                    // the option's other items, and go deeper.
                    updates += matrix.cover::<M>(item);
                    let choice = matrix.nodes[item as usize].down;
                    levels[level] = Level { item, choice };
                    updates += matrix.commit_others::<M>(choice);
                    level += 1;
                    max_depth = max_depth.max(level);
                }
            }
            going_down = true;
            // X8: leave levels until one has another option; X6: undo the option tried there
            // and try the next, or X7: uncover the item once its options are exhausted.
            loop {
                if level == 0 {
                    break 'search Phase::Done;
                }
                level -= 1;
                let Level { item, choice } = levels[level];
                matrix.uncommit_others::<M>(choice);
                let next = matrix.nodes[choice as usize].down;
                if next == item {
                    matrix.uncover::<M>(item);
                    continue;
                }
                levels[level].choice = next;
                updates += matrix.commit_others::<M>(next);
                level += 1;
                break;
            }
        };
        self.level = level;
        self.phase = phase;
        self.stats.nodes += nodes;
        self.stats.updates += updates;
        self.search_updates += updates;
        self.stats.solutions += found;
        self.stats.max_depth = max_depth as u32;
        found
    }

    /// The first solution, if any, searching from the top.
    pub fn first(&mut self) -> Option<Vec<OptionId>> {
        self.restart();
        self.next_solution().map(<[OptionId]>::to_vec)
    }

    /// The number of solutions.
    pub fn count(&mut self) -> u64 {
        self.count_up_to(u64::MAX)
    }

    /// The number of solutions, stopping once `limit` are found.
    pub fn count_up_to(&mut self, limit: u64) -> u64 {
        self.restart();
        // Straight to the search, which counts them without stopping at each one: a count
        // never looks at the solutions (set partitions find one every other node).
        if limit == 0 {
            return 0;
        }
        self.advance_any(limit)
    }

    fn advance_any(&mut self, wanted: u64) -> u64 {
        with_mode!(self.matrix, M => self.advance::<M>(wanted))
    }

    /// A lazy iterator over the solutions, searching from the top.
    pub fn solutions(&mut self) -> Solutions<'_, 'p> {
        self.restart();
        Solutions::new(self)
    }

    /// Calls `visit` with each solution until it returns `Break`, searching from the top.
    /// Returns the `Break` value, or `Continue(())` when every solution was visited.
    pub fn for_each<B>(
        &mut self,
        mut visit: impl FnMut(&[OptionId]) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        self.restart();
        while let Some(solution) = self.next_solution() {
            visit(solution)?;
        }
        ControlFlow::Continue(())
    }
}

#[cfg(test)]
mod tests;
