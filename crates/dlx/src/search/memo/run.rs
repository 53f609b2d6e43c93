//! How a memoised count runs: [`MemoRun`] (the interrupt flag, progress reports), the counts
//! it makes ([`Solver::count_memo`] and kin), and the probe by which a plain count chooses
//! between the table and enumeration ([`MemoRun::probe`]).

use std::{
    sync::atomic::AtomicBool,
    time::{Duration, Instant},
};

use super::walk::Walked;
use super::watch::Watch;
use super::{Memo, MemoError};
use crate::explore::Explore;
use crate::matrix::with_mode;
use crate::run::coverage::SetAside;
use crate::run::{Checkpoint, Run};
use crate::search::{Phase, Solver};
use crate::subproblem::Subproblem;

/// The nodes [`MemoRun::probe`] lets a memoised count enter, at most, before it judges that
/// the table does not pay. Tilings and set partitions run ahead (more solutions counted than
/// nodes entered) within 256 nodes; the margin is fourfold, and a probe that falls behind
/// loses nothing but its keys: the enumeration goes on from where it stopped. Those keys are
/// what a plain `dlx --count` pays where the memo does not: with 4 096 nodes, 4.1% more
/// instructions on 12 queens than `--no-memo`; with 1 024, about 1%.
pub const MEMO_PROBE_NODES: u64 = 1 << 10;

/// The nodes a plain count may enter before [`MemoRun::probe`] tries the table: a tree this
/// small (8 queens: 1 049 nodes) is counted at once, as `--no-memo` counts it, for less than
/// the probe's keys and table would cost (`dlx --count` of 8 queens: 3.70 M instructions with
/// the probe first, 2.43 M without); a larger one is counted again from the top after the
/// probe, so that these nodes are all a problem whose tree is large loses.
pub const PLAIN_FIRST_NODES: u64 = 1 << 11;

/// The work on keys (items visited, words written) a probe may spend, beyond one unit per
/// node of the problem's matrix: keys of a few items cost nothing, but on a chain of a
/// million items each key costs a million, and the probe stops after one (see
/// [`MemoRun::probe`]). A unit
/// (a step along the list of items, about 5 ns on a large problem) is a few percent of what
/// reading a node of the matrix from text costs (about 175 ns), so the keys alone never cost
/// more than a few percent of the reading (the probe's covering comes on top).
pub const MEMO_PROBE_WORK: u64 = 1 << 20;

/// A report on a memoised count under way.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MemoProgress {
    /// Nodes entered so far (a lookup is a node).
    pub nodes: u64,
    /// Solutions in the sub-problems finished so far: a lower bound of the count.
    pub counted: u128,
    /// Sub-problems in the table.
    pub entries: usize,
    /// The bytes they are charged.
    pub bytes: usize,
    /// Lookups that found their sub-problem so far.
    pub hits: u64,
    /// Times the table was full and about half of it was dropped.
    pub evictions: u64,
    /// How much of the search tree lies behind, in Knuth's measure (see
    /// [`Share`](crate::run::Share)), sub-problems found in the table counted as done.
    pub fraction: f64,
    /// Time since the count started.
    pub elapsed: Duration,
}

/// What [`MemoRun::probe`] found out.
#[derive(Clone, Debug, PartialEq)]
pub enum MemoProbe {
    /// The tree had at most [`PLAIN_FIRST_NODES`] nodes and was counted without the table:
    /// the checkpoint is the finished plain count (its counters are `--no-memo`'s), and
    /// [`Run::resume`](crate::run::Run::resume) of it answers at once.
    Enumerated(Checkpoint),
    /// The memoised count is done: the tree was small, or the count ran ahead of its nodes
    /// (more solutions than nodes, which no enumeration can do) and went on to the end.
    Counted(u128),
    /// The table does not pay: the rest is for enumeration. The checkpoint is the whole
    /// tree, with the nodes, updates and seconds of the plain count's first
    /// [`PLAIN_FIRST_NODES`] nodes and of the probe set aside (in the counters, in no finished
    /// span). [`Run::resume`](crate::run::Run::resume) goes on from there, on any number of
    /// threads, and the outcome's totals include that work.
    Behind(Checkpoint),
}

/// A memoised count as a job: the flag that stops it, and the reports it makes on the way.
/// One thread: the running sums of a memoised search cannot be shared out.
///
/// ```
/// use std::cell::Cell;
/// use std::time::Duration;
/// use dancer::{run::MemoRun, Memo, ProblemBuilder};
///
/// // 2^40 ways to pick one of two options for each of 40 items: far beyond enumeration.
/// let mut builder = ProblemBuilder::new();
/// for item in builder.primary_items(40) {
///     builder.option([item]);
///     builder.option([item]);
/// }
/// let problem = builder.build()?;
/// let reports = Cell::new(0);
/// let report = |_: &dancer::run::MemoProgress| reports.set(reports.get() + 1);
/// let run = MemoRun::new().progress(Duration::ZERO, &report);
/// assert_eq!(run.count(&mut problem.solver(), &mut Memo::default())?, 1 << 40);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Default)]
pub struct MemoRun<'a> {
    interrupt: Option<&'a AtomicBool>,
    progress: Option<(Duration, Report<'a>)>,
}

/// A progress callback.
pub(super) type Report<'a> = &'a dyn Fn(&MemoProgress);

impl<'a> MemoRun<'a> {
    /// No flag, no reports.
    pub fn new() -> MemoRun<'a> {
        MemoRun::default()
    }

    /// A run that stops once `interrupt` (if any) is raised.
    fn with_interrupt(interrupt: Option<&'a AtomicBool>) -> MemoRun<'a> {
        let run = MemoRun::new();
        match interrupt {
            Some(flag) => run.interrupt(flag),
            None => run,
        }
    }

    /// Stops the count (with [`MemoError::Interrupted`]) once `flag` is raised; it is read
    /// every thousand nodes or so.
    #[must_use]
    pub fn interrupt(mut self, flag: &'a AtomicBool) -> Self {
        self.interrupt = Some(flag);
        self
    }

    /// Calls `report` about every `every` (looked at every thousand nodes or so).
    #[must_use]
    pub fn progress(mut self, every: Duration, report: &'a dyn Fn(&MemoProgress)) -> Self {
        self.progress = Some((every, report));
        self
    }

    /// The number of solutions below `solver`'s committed options, counted with `memo` (see
    /// [`Solver::count_memo`]).
    ///
    /// # Errors
    /// As [`Solver::count_memo`].
    pub fn count(&self, solver: &mut Solver<'_>, memo: &mut Memo) -> Result<u128, MemoError> {
        match solver.run_memo(memo, &mut self.watch(u64::MAX, None))? {
            Walked::Counted(count) => Ok(count),
            Walked::Paused { .. } => unreachable!("a count without a budget never pauses"),
        }
    }

    /// Counts with `memo` and says whether that pays, as the `dlx` command's plain count
    /// chooses. A tree of at most [`PLAIN_FIRST_NODES`] nodes is counted first, without the
    /// table ([`Enumerated`](MemoProbe::Enumerated)); past that, the count starts memoised, and goes on so to the end once it has counted more
    /// solutions than it entered nodes; it stops, [`Behind`](MemoProbe::Behind), if that has
    /// not happened within [`MEMO_PROBE_NODES`] nodes, or when its keys have cost more than
    /// [`MEMO_PROBE_WORK`] and one unit per node of the matrix, or would with 64 more keys
    /// like the last (a problem of very many items: the probe stops after a key or two).
    /// Deterministic: the same problem gets the same verdict on any machine.
    ///
    /// The probe branches in the order the count would (`memo/order.rs`), so that it judges
    /// the table on the sub-problems the count meets, whatever order the items were declared
    /// in. Where it stops, the enumeration starts afresh from the top, at most
    /// [`PLAIN_FIRST_NODES`] and [`MEMO_PROBE_NODES`] nodes lost, set aside in its counters. A
    /// count the table finishes reports the table's walk alone in the solver's counters.
    ///
    /// # Errors
    /// As [`Solver::count_memo`]: [`MemoError::Multiplicities`] at once for a problem with
    /// multiplicities, which the caller enumerates.
    pub fn probe(&self, solver: &mut Solver<'_>, memo: &mut Memo) -> Result<MemoProbe, MemoError> {
        let started = Instant::now();
        let mut first = SetAside::default();
        if !solver.problem().has_multiplicities() {
            // A count the table finishes reports the table's walk alone; where enumeration
            // follows, these nodes are set aside in its counters with the probe's.
            let stats = solver.stats;
            let mut plain = Run::new().node_limit(PLAIN_FIRST_NODES);
            if let Some(flag) = self.interrupt {
                plain = plain.interrupt(flag);
            }
            if let Ok(outcome) = plain.count(solver) {
                if outcome.is_complete() {
                    return Ok(MemoProbe::Enumerated(outcome.into_checkpoint()));
                }
                let tried = outcome.stats();
                first = SetAside { nodes: tried.nodes(), updates: tried.updates() };
            }
            solver.restart();
            solver.stats = stats;
        }
        let before = solver.stats;
        let size = solver.matrix.nodes.len() as u64;
        let work = MEMO_PROBE_WORK.saturating_add(size);
        match solver.run_memo(memo, &mut self.watch(MEMO_PROBE_NODES, Some(work)))? {
            Walked::Counted(count) => Ok(MemoProbe::Counted(count)),
            Walked::Paused { .. } => {
                // The enumeration starts from the top: where the probe branched in the walk's
                // own order, its place is no place of the plain search's tree. The probe's
                // work (with the option it committed last) is set aside in the counters.
                let after = solver.stats;
                let nodes = after.nodes - before.nodes + first.nodes;
                let updates = after.updates - before.updates + solver.pending + first.updates;
                let checkpoint = Checkpoint {
                    fingerprint: solver.fingerprint(),
                    solutions: 0,
                    nodes,
                    updates,
                    max_depth: after.max_depth,
                    mems: 0,
                    profile: Vec::new(),
                    seconds: started.elapsed().as_secs_f64(),
                    stopped: None,
                    scope: vec![Subproblem::root()],
                    remaining: vec![Subproblem::root()],
                    done: Vec::new(),
                    set_aside: SetAside { nodes, updates },
                };
                solver.restart();
                Ok(MemoProbe::Behind(checkpoint))
            }
        }
    }

    fn watch(&self, nodes: u64, probe: Option<u64>) -> Watch<'a> {
        Watch::new(self.interrupt, self.progress, nodes, probe)
    }
}

impl Solver<'_> {
    /// The number of solutions below the committed options, as [`count`](Self::count) finds
    /// them, but with each sub-problem counted once and looked up in `memo` afterwards (see
    /// the module's notes): exponentially many solutions can be counted where they share
    /// sub-problems, as tilings do. Nodes and updates count the search that was made (a
    /// lookup is a node); solutions in [`stats`](Self::stats) saturate at `u64::MAX`.
    ///
    /// With `interrupt`, the count looks at the flag every thousand nodes or so and stops once
    /// it is raised. [`MemoRun`] also reports progress.
    ///
    /// # Errors
    /// [`MemoError::Overflow`] when the count exceeds `u128::MAX`; [`MemoError::Interrupted`]
    /// when `interrupt` was raised. The solver is then as after a finished search.
    /// [`MemoError::Multiplicities`] at once for a problem with multiplicities.
    pub fn count_memo(
        &mut self,
        memo: &mut Memo,
        interrupt: Option<&AtomicBool>,
    ) -> Result<u128, MemoError> {
        let run = MemoRun::with_interrupt(interrupt);
        run.count(self, memo)
    }

    /// [`count_memo`](Self::count_memo), entering at most `budget` nodes. What was learnt
    /// stays in `memo`, so a later count goes quickly back to where this one stopped.
    ///
    /// # Errors
    /// As `count_memo`, and [`MemoError::OutOfNodes`] when the budget ran out, with the
    /// solutions counted so far.
    pub fn count_memo_within(
        &mut self,
        memo: &mut Memo,
        interrupt: Option<&AtomicBool>,
        budget: u64,
    ) -> Result<u128, MemoError> {
        let run = MemoRun::with_interrupt(interrupt);
        match self.run_memo(memo, &mut run.watch(budget, None))? {
            Walked::Counted(count) => Ok(count),
            Walked::Paused { counted } => {
                self.restart();
                Err(MemoError::OutOfNodes { counted })
            }
        }
    }

    /// Counts with `memo` ([`MemoRun::probe`]) and says whether memoising pays: how the `dlx`
    /// command chooses between a memoised and a plain count.
    ///
    /// # Errors
    /// As [`MemoRun::probe`].
    pub fn probe_memo(
        &mut self,
        memo: &mut Memo,
        interrupt: Option<&AtomicBool>,
    ) -> Result<MemoProbe, MemoError> {
        let run = MemoRun::with_interrupt(interrupt);
        run.probe(self, memo)
    }

    /// The memoised count from the state the matrix is in, with nothing else done: the steps
    /// of [`sample`](Self::sample), which walks down itself.
    pub(in crate::search) fn count_memo_here<M: crate::matrix::Mode>(
        &mut self,
        memo: &mut Memo,
        interrupt: Option<&AtomicBool>,
    ) -> Result<u128, MemoError> {
        let run = MemoRun::with_interrupt(interrupt);
        match self.walk_memo::<M>(memo, &mut run.watch(u64::MAX, None))? {
            Walked::Counted(count) => Ok(count),
            Walked::Paused { .. } => unreachable!("a count without a budget never pauses"),
        }
    }

    /// Starts a memoised walk from the top under `watch`. Counted (or failed), the solver is
    /// as after a finished search; paused, it stands before the next node.
    fn run_memo(&mut self, memo: &mut Memo, watch: &mut Watch<'_>) -> Result<Walked, MemoError> {
        self.restart();
        if self.problem.has_multiplicities() {
            return Err(MemoError::Multiplicities);
        }
        memo.belong_to(self.problem.fingerprint());
        let walked = with_mode!(self.matrix, M => self.walk_memo::<M>(memo, watch));
        match walked {
            Ok(Walked::Paused { .. }) => self.phase = Phase::Enter,
            Ok(Walked::Counted(count)) => {
                self.level = 0;
                self.phase = Phase::Done;
                self.stats.solutions += u64::try_from(count).unwrap_or(u64::MAX);
            }
            Err(_) => {
                self.level = 0;
                self.phase = Phase::Done;
            }
        }
        walked
    }
}
