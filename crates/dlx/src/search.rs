//! [`Solver`]: Knuth's Algorithm X (and C, with colours), iterative with an explicit level
//! stack, so the search can stop at a solution and resume, and its depth is limited only by
//! memory.

use std::sync::Arc;

pub use self::order::Heuristic;
use self::order::Order;
use self::source::Source;
use self::sparse::Sparse;
use crate::error::CommitError;
use crate::ids::{ItemId, OptionId};
use crate::matrix::{with_mode, Matrix, Mode};
use crate::problem::Problem;
use crate::stats::Stats;

/// `Solver::stop` when the options of the floor level run to the end of the list.
const NO_STOP: u32 = u32::MAX;

/// One level of the search: the item branched on and the option node being tried.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Level {
    item: u32,
    choice: u32,
}

/// Where the search resumes; the step names follow Knuth's Algorithm X.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Phase {
    /// X2: entering a node of the search tree at `level` (not yet counted).
    Enter,
    /// X8: leaving `level` (a solution was just reported there) for the one above.
    Backtrack,
    /// The whole tree (or subproblem) has been searched.
    Done,
}

/// A search over one [`Problem`], reusable: it owns a copy of the links, so options can be
/// committed (a partial solution), the rest searched, and everything undone with
/// [`reset`](Self::reset), without rebuilding or allocating.
///
/// A solution is reported as the committed options followed by the options the search chose.
#[derive(Clone, Debug)]
pub struct Solver<'p> {
    problem: Source<'p>,
    matrix: Matrix,
    heuristic: Heuristic,
    committed: Vec<OptionId>,
    levels: Vec<Level>,
    /// Per level, the node at which Algorithm M began tweaking the level's item (0 when it
    /// covered the item as Algorithm X does); empty for problems without multiplicities.
    tweaks: Vec<u32>,
    /// Per level, Algorithm M's branching degree there (for the share of a position).
    scores: Vec<u32>,
    level: usize,
    /// The level at which backtracking ends the search: 0, or more when the levels above were
    /// entered from a [`Subproblem`] whose later options are not this search's to try.
    floor: usize,
    /// The node before which the options of level `floor` stop (`NO_STOP` when they run to the
    /// end of the list): the part of that level this search kept when it gave the rest away.
    /// A node is in one item's list only, so comparing every level's next option with it is
    /// the same as comparing at level `floor` alone.
    stop: u32,
    /// Levels `floor..closed` have no option after the one being tried: what the last look
    /// for work to give away found, still true while the search has not gone back above
    /// `closed`. So a chain of a million forced moves is not scanned at every look.
    closed: usize,
    phase: Phase,
    stats: Stats,
    solution: Vec<OptionId>,
    /// Updates made by the committed options, and by the search since it last started: what
    /// undoing everything would replay (the second an upper bound), to choose how to reset.
    committed_updates: u64,
    search_updates: u64,
    /// The updates of committing the option that leads to the node the search stands before
    /// (phase `Enter`), not yet in `stats`: they are counted when the node is entered. So a
    /// search paused there, and one that enters the same place from a [`Subproblem`], count
    /// the same, whichever of them goes on.
    pending: u64,
    /// The updates of committing the option that led to the node last entered (to take them
    /// back with the node, see `Explore::unsee`).
    last_commit: u64,
    /// Whether searches count mems and nodes per level (an instrumented search).
    profiling: bool,
    /// The mems of that option, as `pending` and `last_commit` hold its updates (profiled
    /// searches only).
    pending_mems: u64,
    last_commit_mems: u64,
    /// Nodes entered at each level while profiling: one entry per possible level, allocated
    /// when profiling is first asked for, so the search never grows it.
    profile: Vec<u64>,
    /// The order [`shuffle`](Self::shuffle) gave the lists, if it changed them, until the next
    /// reset: forks start from it, and the fingerprint names it.
    order: Option<Arc<Order>>,
    /// The sparse-set back-end that complete counts walk the tree with where they can
    /// (`search/walk_sparse.rs`), built at the first such count.
    sparse: Option<Box<Sparse>>,
    /// Whether the problem turned out too large for that back-end, or slower than the links
    /// on its trial (`advance_sparse`); a fork inherits it.
    sparse_unfit: bool,
    /// Whether the search in progress is the sparse back-end's: the links then stand at the
    /// root, and `sync_sparse` brings them to the walk's place when anything else is asked.
    sparse_walk: bool,
}

impl<'p> Solver<'p> {
    /// A solver for `problem`, with nothing committed.
    pub fn new(problem: &'p Problem) -> Solver<'p> {
        Solver::over(Source::Borrowed(problem))
    }

    /// A solver for the problem, borrowed or shared, with nothing committed.
    fn over(problem: Source<'p>) -> Solver<'p> {
        let depth = max_depth(&problem) + 1;
        let tweaks = if problem.has_multiplicities() { vec![0; depth] } else { Vec::new() };
        Solver {
            matrix: problem.matrix.clone(),
            heuristic: Heuristic::default(),
            committed: Vec::new(),
            levels: vec![Level::default(); depth],
            scores: vec![0; tweaks.len()],
            tweaks,
            level: 0,
            floor: 0,
            stop: NO_STOP,
            closed: 0,
            phase: Phase::Enter,
            stats: Stats::default(),
            solution: Vec::with_capacity(depth + problem.option_count().min(depth)),
            committed_updates: 0,
            search_updates: 0,
            pending: 0,
            last_commit: 0,
            profiling: false,
            pending_mems: 0,
            last_commit_mems: 0,
            profile: Vec::new(),
            order: None,
            problem,
            sparse: None,
            sparse_unfit: false,
            sparse_walk: false,
        }
    }

    /// The problem being solved.
    pub fn problem(&self) -> &Problem {
        &self.problem
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

    /// Zeroes the counters, the profile's too.
    pub fn reset_stats(&mut self) {
        self.stats = Stats::default();
        self.profile.fill(0);
    }

    /// The options committed so far, in order.
    pub fn committed(&self) -> &[OptionId] {
        &self.committed
    }

    /// Commits `option` as part of every solution: its items are covered before the search
    /// starts. Any search in progress is abandoned first.
    ///
    /// With multiplicities, a primary item may be in as many committed options as its upper
    /// bound allows, and an option cannot be committed twice (a solution is a set of options).
    ///
    /// # Errors
    /// [`CommitError::UnknownOption`], or [`CommitError::Clash`] when an item of the option is
    /// already covered by a committed option (or purified with another colour), or the option
    /// is committed already and cannot be again; the solver is then unchanged.
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
        // With multiplicities an option may also fit again after its primary items.
        let entries = self.problem.option(option);
        let bounded = self.matrix.has_multiplicities();
        if (bounded || !entries.iter().any(|e| self.problem.is_primary(e.item)))
            && self.committed.contains(&option)
        {
            return Err(CommitError::Clash { option, item: entries[0].item });
        }
        let updates = if bounded {
            let option = option.as_u32();
            with_mode!(self.matrix, M => self.matrix.commit_option_bounded::<M>(option))
        } else {
            self.matrix.commit_option(option.as_u32())
        };
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
            let option = option.as_u32();
            if self.matrix.has_multiplicities() {
                with_mode!(self.matrix, M => self.matrix.uncommit_option_bounded::<M>(option));
            } else {
                self.matrix.uncommit_option(option);
            }
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
        if self.order.is_some() || self.committed_updates + searched > self.matrix.restore_cost() {
            self.matrix.restore_from(&self.problem.matrix);
            self.sparse_walk = false;
            self.committed.clear();
            self.forget_levels();
        } else {
            self.restart();
            while !self.committed.is_empty() {
                self.uncommit_last();
            }
        }
        self.committed_updates = 0;
        self.search_updates = 0;
        self.order = None;
    }

    /// Abandons any search in progress, keeping the committed options, so that the next
    /// [`next_solution`](Self::next_solution) starts a new search from the top.
    pub fn restart(&mut self) {
        // A sparse walk never moved the links: there is nothing to undo.
        self.sparse_walk = false;
        self.search_updates = 0;
        with_mode!(self.matrix, M => self.unwind::<M>());
    }

    /// Undoes the levels of the search in progress, innermost first.
    fn unwind<M: Mode>(&mut self) {
        if self.matrix.has_multiplicities() {
            self.unwind_bounded::<M>();
        } else {
            for level in self.levels[..self.level].iter().rev() {
                self.matrix.uncommit_others::<M>(level.choice);
                self.matrix.uncover::<M>(level.item);
            }
        }
        self.forget_levels();
    }

    /// Forgets the search in progress (its levels, bounds and pending counters), once the links
    /// no longer hold it, so that the next search enters at the top.
    fn forget_levels(&mut self) {
        self.level = 0;
        self.floor = 0;
        self.stop = NO_STOP;
        self.closed = 0;
        self.pending = 0;
        self.pending_mems = 0;
        self.phase = Phase::Enter;
    }

    /// Resumes the search and stops at the next solution, returned as the committed options
    /// followed by the chosen ones; `None` once the search is exhausted (until a restart).
    /// This is the allocation-free primitive the other search methods are built on.
    pub fn next_solution(&mut self) -> Option<&[OptionId]> {
        if self.advance_any(1, u64::MAX) == 0 {
            return None;
        }
        Some(self.gather_solution())
    }

    /// The solution the search stands on, gathered into the reused buffer: the committed
    /// options, then the option chosen at each level.
    fn gather_solution(&mut self) -> &[OptionId] {
        self.solution.clear();
        self.solution.extend_from_slice(&self.committed);
        let matrix = &self.matrix;
        // Algorithm M's null moves (the item itself as the choice) choose no option.
        let chosen = self.levels[..self.level]
            .iter()
            .filter(|l| l.choice != l.item)
            .map(|l| OptionId::from_u32(matrix.option_of(l.choice)));
        self.solution.extend(chosen);
        &self.solution
    }

    /// The solution the search stands on after [`Explore::explore`](crate::run::Explore::explore)
    /// paused at one: the committed options followed by the chosen ones.
    pub fn solution(&self) -> &[OptionId] {
        &self.solution
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
        self.advance_any(limit, u64::MAX)
    }
}

/// The deepest the search can go. Each level of Algorithm X covers a primary item; one of
/// Algorithm M chooses an option (each at most once, and with room in a primary item's upper
/// bound) or makes a primary item inactive.
fn max_depth(problem: &Problem) -> usize {
    if !problem.has_multiplicities() {
        return problem.primary_count();
    }
    let room: u64 = problem.multiplicity.iter().map(|&(_, upper)| u64::from(upper)).sum();
    let chosen = usize::try_from(room).unwrap_or(usize::MAX).min(problem.option_count());
    problem.primary_count() + chosen
}

pub(crate) mod estimate;
pub(crate) mod memo;
mod order;
mod profile;
mod sample;
mod source;
mod sparse;
pub(crate) mod split;
mod tree;
mod walk;
mod walk_m;
mod walk_sparse;

#[cfg(test)]
mod tests;
