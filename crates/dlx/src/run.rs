//! Long searches: everything for a search that runs for hours, on every core or on many
//! machines. The everyday types ([`Problem`](crate::Problem), [`Solver`](crate::Solver)) are at
//! the crate's root; this module is the one topic of searches as jobs.
//!
//! - [`Run`] counts or visits solutions on every core, stops at limits or on a flag, reports
//!   [`Progress`], and leaves a [`Checkpoint`] that [`Run::resume`] takes up exactly where it
//!   stopped; the [`Outcome`] says how it ended ([`Stop`]). It runs any search that implements
//!   [`Explore`], not only [`Solver`](crate::Solver).
//! - A [`Subproblem`] is a node of the search tree named by its path ([`Branch`]es) and its
//!   [`Share`] of the tree; every subproblem and checkpoint carries the tree's
//!   [`Fingerprint`], so that work from another problem is refused ([`BadFingerprint`]).
//! - [`Solver::estimate`](crate::Solver::estimate) is Knuth's Monte Carlo [`Estimate`] of the
//!   tree; [`Solver::split`](crate::Solver::split) gives [`Piece`]s and [`balance`] deals them
//!   into [`Part`]s of about equal work that partition the solutions, to run anywhere and add
//!   up afterwards.
//! - [`MemoRun`] runs a memoised count ([`Solver::count_memo`](crate::Solver::count_memo)) as a
//!   job with [`MemoProgress`] reports; [`MemoProbe`] tries memoisation for a while and hands
//!   over to enumeration when it does not pay.
//! - [`Counting`] is the count of `dlx --count` as one call ([`count`] with its defaults):
//!   a small tree outright, the table where it pays, else an enumeration on every core.
//!
//! Enumerating on every core, collecting the solutions (they arrive from whichever worker
//! found them, so sort them to compare):
//!
//! ```
//! use std::{ops::ControlFlow, sync::Mutex};
//! use dancer::{run::Run, ProblemBuilder};
//!
//! // Domino tilings of a 2×3 board: cells a b c over d e f.
//! let mut builder = ProblemBuilder::new();
//! for cell in ["a", "b", "c", "d", "e", "f"] {
//!     builder.primary(cell);
//! }
//! for pair in ["a b", "b c", "d e", "e f", "a d", "b e", "c f"] {
//!     builder.option_named(pair.split(' '));
//! }
//! let problem = builder.build()?;
//! let found = Mutex::new(Vec::new());
//! let outcome = Run::new().threads(2).visit(&mut problem.solver(), &|solver| {
//!     let mut tiling: Vec<usize> = solver.solution().iter().map(|o| o.index()).collect();
//!     tiling.sort();
//!     found.lock().unwrap().push(tiling);
//!     ControlFlow::Continue(())
//! })?;
//! let mut found = found.into_inner()?;
//! found.sort();
//! assert_eq!(found, [[0, 2, 6], [1, 3, 4], [4, 5, 6]]); // {a b, d e, c f}, ...
//! assert_eq!(outcome.solutions(), 3);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # How the work is shared
//!
//! How the work is shared: one worker starts on the whole tree (or on the subproblems it was
//! given). The others start hungry. A busy worker looks, every [`POLL_NODES`] nodes, whether
//! anyone is hungry; if so it gives away the options it has not tried at its shallowest level
//! that has any ([`Explore::split_off`]), the biggest piece of work it holds, and a hungry
//! worker enters that subproblem by replaying its path. So no core idles while another has
//! work it could share, however lopsided the tree, and every node is entered by exactly one
//! worker: counts and counters add up to the sequential search's.
//!
//! With one thread the search is the plain depth-first search, in the same order. With more,
//! each worker still meets its own solutions in depth-first order, but workers run at once, so
//! the order in which solutions of different workers reach a visitor varies from run to run.

mod checkpoint;
mod counting;
pub(crate) mod coverage;
mod outcome;
mod shared;
mod snapshot;
mod worker;

use std::{
    ops::ControlFlow,
    sync::atomic::AtomicBool,
    time::{Duration, Instant},
};

pub use self::checkpoint::Checkpoint;
pub use self::counting::{count, CountError, Counted, Counting, MemoUse};
use self::coverage::{Counts, Done, SetAside};
pub use self::coverage::{CoverageError, Region};
pub use self::outcome::{Outcome, Progress, RunError, Stop};
use self::shared::{Commons, RunSetup, Unit};
pub use crate::explore::{Explore, Pause};
pub use crate::search::estimate::Estimate;
pub use crate::search::memo::{
    MemoProbe, MemoProgress, MemoRun, MEMO_PROBE_NODES, MEMO_PROBE_WORK, PLAIN_FIRST_NODES,
};
pub use crate::search::split::{balance, Part, Piece, Split, SplitError, SAMPLING};
use crate::stats::Stats;
use crate::subproblem::{share_of, Point, Span};
pub use crate::subproblem::{
    BadFingerprint, Branch, Fingerprint, FingerprintHasher, PathError, Share, Subproblem,
};

/// How many nodes a worker enters between two looks at the world (limits, hungry workers,
/// progress, checkpoints). Few enough that a hungry worker waits well under a millisecond on
/// most problems; many enough that looking costs nothing measurable.
pub const POLL_NODES: u64 = 1024;

/// A search as a job: threads, limits, progress, checkpoints. Configure it, then call
/// [`count`](Self::count) or [`visit`](Self::visit) with a search.
///
/// ```
/// use dancer::{run::Run, ProblemBuilder};
///
/// // All 2-element subsets of 8 items pair them up in 7 · 5 · 3 · 1 ways.
/// let mut builder = ProblemBuilder::new();
/// let items = builder.primary_items(8);
/// for a in 0..8 {
///     for b in a + 1..8 {
///         builder.option([items[a], items[b]]);
///     }
/// }
/// let problem = builder.build()?;
/// let outcome = Run::new().threads(2).count(&mut problem.solver())?;
/// assert_eq!(outcome.solutions(), 105);
/// assert!(outcome.is_complete());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy)]
pub struct Run<'a> {
    threads: usize,
    poll_nodes: u64,
    limits: Limits,
    interrupt: Option<&'a AtomicBool>,
    progress: Option<(Duration, Report<'a>)>,
    checkpoints: Option<(Duration, Save<'a>)>,
    start: Start<'a>,
}

/// Where a search stops early. Every limit counts this run only, not the runs a checkpoint
/// continues.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Limits {
    pub(crate) nodes: Option<u64>,
    pub(crate) updates: Option<u64>,
    pub(crate) time: Option<Duration>,
    pub(crate) solutions: Option<u64>,
}

/// A progress callback.
type Report<'a> = &'a (dyn Fn(&Progress) + Sync);
/// A checkpoint callback.
type Save<'a> = &'a (dyn Fn(&Checkpoint) + Sync);
/// A solution visitor.
pub(crate) type Visit<'a, T> = &'a (dyn Fn(&T) -> ControlFlow<()> + Sync);

/// What a run searches.
#[derive(Clone, Copy)]
pub(crate) enum Start<'a> {
    Root,
    Subproblems(&'a [Subproblem]),
    Resume(&'a Checkpoint),
}

impl Default for Run<'_> {
    fn default() -> Self {
        Run::new()
    }
}

impl<'a> Run<'a> {
    /// One thread, no limits, the whole tree.
    pub fn new() -> Run<'a> {
        Run {
            threads: 1,
            poll_nodes: POLL_NODES,
            limits: Limits::default(),
            interrupt: None,
            progress: None,
            checkpoints: None,
            start: Start::Root,
        }
    }

    /// Searches with `threads` workers (0: as many as the current rayon pool has threads).
    /// Workers beyond the first are rayon tasks of the current pool (call inside
    /// `ThreadPool::install` to pick one); they start only once the search has lasted
    /// [`POLL_NODES`] nodes, so small searches never pay for them.
    #[must_use]
    pub fn threads(mut self, threads: usize) -> Self {
        self.threads = if threads == 0 { rayon::current_num_threads() } else { threads };
        self
    }

    /// Sets how many nodes a worker enters between two looks at the world (default
    /// [`POLL_NODES`], at least 1): fewer makes limits, hand-overs and reports more prompt on a
    /// problem whose nodes are slow, and costs more on one whose nodes are fast.
    #[must_use]
    pub fn poll_nodes(mut self, nodes: u64) -> Self {
        self.poll_nodes = nodes.max(1);
        self
    }

    /// Stops after exactly `nodes` nodes.
    #[must_use]
    pub fn node_limit(mut self, nodes: u64) -> Self {
        self.limits.nodes = Some(nodes);
        self
    }

    /// Stops after about `updates` updates (Knuth's "mems" budget, in this crate's unit).
    #[must_use]
    pub fn update_limit(mut self, updates: u64) -> Self {
        self.limits.updates = Some(updates);
        self
    }

    /// Stops once `time` has passed.
    #[must_use]
    pub fn time_limit(mut self, time: Duration) -> Self {
        self.limits.time = Some(time);
        self
    }

    /// Stops after `solutions` solutions: exactly that many are visited; a count may pass it
    /// by a few when several threads find the last ones at once.
    #[must_use]
    pub fn solution_limit(mut self, solutions: u64) -> Self {
        self.limits.solutions = Some(solutions);
        self
    }

    /// Stops when `flag` is raised (by a Ctrl-C handler, say), as at a limit.
    #[must_use]
    pub fn interrupt(mut self, flag: &'a AtomicBool) -> Self {
        self.interrupt = Some(flag);
        self
    }

    /// Calls `report` about every `every` while searching (from a worker thread), and once at
    /// the end.
    #[must_use]
    pub fn progress(mut self, every: Duration, report: &'a (dyn Fn(&Progress) + Sync)) -> Self {
        self.progress = Some((every, report));
        self
    }

    /// Calls `save` with a checkpoint about every `every` while searching, so that a crash
    /// loses at most that much work. Workers go on searching while it runs; taking the
    /// snapshot holds up hungry workers for at most [`POLL_NODES`] nodes of the others.
    #[must_use]
    pub fn checkpoint_every(
        mut self,
        every: Duration,
        save: &'a (dyn Fn(&Checkpoint) + Sync),
    ) -> Self {
        self.checkpoints = Some((every, save));
        self
    }

    /// Searches these subproblems instead of the whole tree (a part of a split, say). They must
    /// not overlap ([`RunError::Coverage`]): a solution below two of them would count twice.
    #[must_use]
    pub fn subproblems(mut self, subproblems: &'a [Subproblem]) -> Self {
        self.start = Start::Subproblems(subproblems);
        self
    }

    /// Continues a stopped run from its checkpoint: its counts are carried on, and the
    /// solutions found are exactly those the stopped run had not reached. The checkpoint is
    /// checked first: its subproblems left and finished spans must tile what the job searches,
    /// and the finished spans' counts add up to its counts ([`RunError::Coverage`]).
    #[must_use]
    pub fn resume(mut self, checkpoint: &'a Checkpoint) -> Self {
        self.start = Start::Resume(checkpoint);
        self
    }

    /// Counts the solutions of `search`'s tree.
    ///
    /// # Errors
    /// When the checkpoint or a subproblem does not belong to the tree, the subproblems
    /// overlap, or the checkpoint does not hold together (see [`resume`](Self::resume)).
    pub fn count<T: Explore + Send>(&self, search: &mut T) -> Result<Outcome, RunError> {
        self.go(search, None)
    }

    /// Calls `visit` with the search standing on each solution (read it from the search),
    /// from whichever worker found it, until it returns `Break` or the run stops.
    ///
    /// # Errors
    /// As [`count`](Self::count).
    pub fn visit<T: Explore + Send>(
        &self,
        search: &mut T,
        visit: &(dyn Fn(&T) -> ControlFlow<()> + Sync),
    ) -> Result<Outcome, RunError> {
        self.go(search, Some(visit))
    }

    fn go<T: Explore + Send>(
        &self,
        search: &mut T,
        visit: Option<Visit<'_, T>>,
    ) -> Result<Outcome, RunError> {
        let started = Instant::now();
        // A search that cannot be split runs whole on one worker (no one could take work).
        let one_worker;
        let mut run = self;
        if !search.splittable() {
            if self.checkpoints.is_some() || !matches!(self.start, Start::Root) {
                return Err(RunError::Unsplittable);
            }
            one_worker = Run { threads: 1, ..*self };
            run = &one_worker;
        }
        let (scope, units, base, done) = match self.start {
            Start::Root => {
                let unit = Unit { subproblem: Subproblem::root(), span: Span::whole() };
                (vec![unit.clone()], vec![unit], Base::default(), Done::default())
            }
            Start::Subproblems(given) => {
                let units = place(search, given.to_vec())?;
                coverage::check_scope(&spans(&units))?;
                (units.clone(), units, Base::default(), Done::default())
            }
            Start::Resume(checkpoint) => resume(search, checkpoint)?,
        };
        let width =
            |unit: &Unit| unit.subproblem.share().map_or(0.0, crate::subproblem::Share::width);
        let (total, remaining) = (scope.iter().map(width).sum(), units.iter().map(width).sum());
        let total = if total > 0.0 && f64::is_finite(total) { total } else { remaining };
        let scope = scope.into_iter().map(|unit| unit.subproblem).collect();
        let exact = search.splittable();
        let job = RunSetup { run, started, base, total, scope, exact, visit };
        let shared = Commons::new(&job, search.fingerprint(), units, done);
        shared.work(search);
        Ok(shared.finish())
    }
}

/// What a job resumed from `checkpoint` starts from, checked: its scope, the subproblems left,
/// the counts so far, the spans finished.
fn resume<'c, T: Explore>(
    search: &mut T,
    checkpoint: &'c Checkpoint,
) -> Result<(Vec<Unit>, Vec<Unit>, Base<'c>, Done), RunError> {
    let expected = search.fingerprint();
    if checkpoint.fingerprint != expected {
        let found = checkpoint.fingerprint;
        return Err(RunError::Fingerprint { expected, found });
    }
    let scope = place(search, checkpoint.scope.clone()).map_err(|error| match error {
        RunError::Path { index, error } => CoverageError::Scope { index, error }.into(),
        other => other,
    })?;
    let joined = coverage::check_scope(&spans(&scope))?;
    let units = place(search, checkpoint.remaining.clone())?;
    let stats = checkpoint.stats();
    let finished = (&checkpoint.done[..], checkpoint.set_aside);
    coverage::check(&joined, &spans(&units), finished, Counts::of(stats))?;
    let base = Base {
        stats,
        profile: &checkpoint.profile,
        seconds: checkpoint.seconds,
        set_aside: checkpoint.set_aside,
    };
    Ok((scope, units, base, Done::from_list(&checkpoint.done)))
}

fn spans(units: &[Unit]) -> Vec<Span> {
    units.iter().map(|unit| unit.span.clone()).collect()
}

/// What a resumed checkpoint brings: counts, nodes per level and time so far, and the work in
/// those counts that no finished span holds.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Base<'a> {
    pub(crate) stats: Stats,
    pub(crate) profile: &'a [u64],
    pub(crate) seconds: f64,
    pub(crate) set_aside: SetAside,
}

/// Checks every subproblem by entering it, and gives each its share and span of the tree,
/// from where the search stands once entered (shares read from a file are not trusted).
fn place<T: Explore>(search: &mut T, subproblems: Vec<Subproblem>) -> Result<Vec<Unit>, RunError> {
    let mut branches = Vec::new();
    let mut units = Vec::with_capacity(subproblems.len());
    for (index, subproblem) in subproblems.into_iter().enumerate() {
        search.enter(&subproblem).map_err(|error| RunError::Path { index, error })?;
        let (share, span) = match search.position(&mut branches) {
            Some(at) => (share_of(&branches, at.open_from()), Span::of(&branches, at.open_from())),
            // Nothing left to search there (never, for a subproblem just entered).
            None => (
                crate::subproblem::Share { from: 0.0, to: 0.0 },
                Span { from: Point::End, to: Point::End },
            ),
        };
        units.push(Unit { subproblem: subproblem.with_share(share), span });
    }
    Ok(units)
}
