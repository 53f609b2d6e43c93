//! [`Counting`]: the count of `dlx --count` as one library call. A small tree counted
//! outright, the table of sub-problems tried ([`MemoRun::probe`]) and kept where it pays, and
//! otherwise an enumeration on every core, with the same numbers and counters as the command.

use std::{sync::atomic::AtomicBool, time::Duration, time::Instant};

use super::{Limits, MemoProbe, MemoProgress, MemoRun, Outcome, Run, RunError, Start};
use crate::search::memo::{Memo, MemoError, MEMO_BYTES};
use crate::search::Solver;
use crate::stats::Stats;

/// Whether a count uses a table of sub-problem counts ([`Solver::count_memo`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum MemoUse {
    /// As `dlx --count` chooses: a tree of at most
    /// [`PLAIN_FIRST_NODES`](super::PLAIN_FIRST_NODES) nodes is enumerated outright; past
    /// that the table is tried ([`MemoRun::probe`]) and kept if the count runs ahead of its
    /// nodes, else the count is an enumeration on the run's threads. Only when the run has
    /// no limit, checkpoint or starting point other than the root and the solver is not
    /// profiling: those need an enumeration, which the count then is.
    #[default]
    Auto,
    /// Always the table (`dlx --count --memo`), on one thread, whatever it costs.
    Always,
    /// Never the table (`dlx --count --no-memo`): an enumeration, as [`Run::count`].
    Never,
}

/// A count as `dlx --count` makes it: a [`Run`] (threads, limits, interrupt, progress,
/// checkpoints) and the choice of the table.
///
/// `dlx --count data/dlx/dominoes8x8.dlx`, as the command prints it (its summary line is
/// `12988816 solutions, 1444 nodes, 6690 updates, ...; memo: 1010 sub-problems (0 MiB), 432
/// found again, 0 evictions`):
///
/// ```
/// use dancer::run::{Counted, Counting, Run};
///
/// let text = std::fs::read_to_string("../../data/dlx/dominoes8x8.dlx")?;
/// let problem = dancer::parse(&text)?.problem;
/// let counted = Counting::new(Run::new().threads(0)).count(&mut problem.solver())?;
/// assert_eq!(counted.solutions(), 12_988_816);
/// assert_eq!((counted.stats().nodes(), counted.stats().updates()), (1444, 6690));
/// let Counted::Memoised { memo, .. } = &counted else { panic!("the table pays on a tiling") };
/// assert_eq!((memo.entries(), memo.hits(), memo.evictions()), (1010, 432, 0));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy)]
pub struct Counting<'a> {
    run: Run<'a>,
    memo: MemoUse,
    memo_bytes: usize,
    memo_progress: Option<(Duration, MemoReport<'a>)>,
}

/// A memoised count's progress callback, callable from any thread.
type MemoReport<'a> = &'a (dyn Fn(&MemoProgress) + Sync);

/// What a [`Counting`] found.
#[derive(Debug)]
pub enum Counted {
    /// Counted with the table: exact, complete.
    Memoised {
        /// The number of solutions.
        solutions: u128,
        /// The counters of the table's walk (a lookup is a node).
        stats: Stats,
        /// The table, for its figures (entries, bytes, hits, evictions).
        memo: Memo,
        /// Seconds, from the call (the probe's first plain nodes included).
        seconds: f64,
    },
    /// Counted by enumeration: the run's outcome (complete, or stopped with its checkpoint).
    /// After a probe that did not pay, its counters include the probe's work.
    Enumerated(Outcome),
}

impl Counted {
    /// The number of solutions (found so far, when an enumeration stopped early).
    pub fn solutions(&self) -> u128 {
        match self {
            Counted::Memoised { solutions, .. } => *solutions,
            Counted::Enumerated(outcome) => u128::from(outcome.solutions()),
        }
    }

    /// The counters.
    pub fn stats(&self) -> Stats {
        match self {
            Counted::Memoised { stats, .. } => *stats,
            Counted::Enumerated(outcome) => outcome.stats(),
        }
    }

    /// Whether the count is complete (a memoised count always is).
    pub fn is_complete(&self) -> bool {
        match self {
            Counted::Memoised { .. } => true,
            Counted::Enumerated(outcome) => outcome.is_complete(),
        }
    }

    /// Seconds of counting (with those of the runs a resumed checkpoint continues).
    pub fn seconds(&self) -> f64 {
        match self {
            Counted::Memoised { seconds, .. } => *seconds,
            Counted::Enumerated(outcome) => outcome.seconds(),
        }
    }
}

/// Why a [`Counting`] could not count.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum CountError {
    /// The enumeration could not start (see [`Run::count`]).
    #[error(transparent)]
    Run(#[from] RunError),
    /// The memoised count failed: interrupted (it cannot be resumed), past `u128::MAX`, or a
    /// problem with multiplicities under [`MemoUse::Always`].
    #[error(transparent)]
    Memo(#[from] MemoError),
}

impl<'a> Counting<'a> {
    /// A count under `run`, the table chosen as `dlx --count` chooses ([`MemoUse::Auto`]), of
    /// at most [`MEMO_BYTES`].
    pub fn new(run: Run<'a>) -> Counting<'a> {
        Counting { run, memo: MemoUse::Auto, memo_bytes: MEMO_BYTES, memo_progress: None }
    }

    /// Whether to use the table.
    #[must_use]
    pub fn memo(mut self, memo: MemoUse) -> Self {
        self.memo = memo;
        self
    }

    /// The table's limit in bytes (see [`Memo::new`]).
    #[must_use]
    pub fn memo_bytes(mut self, bytes: usize) -> Self {
        self.memo_bytes = bytes;
        self
    }

    /// Calls `report` about every `every` while the table counts (the run's own progress
    /// callback reports an enumeration).
    #[must_use]
    pub fn memo_progress(
        mut self,
        every: Duration,
        report: &'a (dyn Fn(&MemoProgress) + Sync),
    ) -> Self {
        self.memo_progress = Some((every, report));
        self
    }

    /// Whether [`MemoUse::Auto`] tries the table under this run and `solver`: not when the
    /// count must be an enumeration (limits, checkpoints, a given start, profiling).
    fn probes(&self, solver: &Solver<'_>) -> bool {
        let run = &self.run;
        self.memo == MemoUse::Auto
            && run.limits == Limits::default()
            && run.checkpoints.is_none()
            && matches!(run.start, Start::Root)
            && !solver.is_profiling()
    }

    fn memo_run(&self) -> MemoRun<'a> {
        let mut run = MemoRun::new();
        if let Some(flag) = self.run.interrupt {
            run = run.interrupt(flag);
        }
        if let Some((every, report)) = self.memo_progress {
            run = run.progress(every, report);
        }
        run
    }

    /// Counts the solutions below `solver`'s committed options.
    ///
    /// # Errors
    /// [`CountError::Run`] when the run cannot start (a checkpoint of another problem, ...);
    /// [`CountError::Memo`] when the table's count was interrupted or overflowed, or the
    /// problem has multiplicities under [`MemoUse::Always`].
    pub fn count(&self, solver: &mut Solver<'_>) -> Result<Counted, CountError> {
        let started = Instant::now();
        let memoised = |solutions, solver: &Solver<'_>, memo| Counted::Memoised {
            solutions,
            stats: solver.stats(),
            memo,
            seconds: started.elapsed().as_secs_f64(),
        };
        match self.memo {
            MemoUse::Always => {
                let mut memo = Memo::new(self.memo_bytes);
                let solutions = self.memo_run().count(solver, &mut memo)?;
                Ok(memoised(solutions, solver, memo))
            }
            MemoUse::Auto if self.probes(solver) => {
                let mut memo = Memo::new(self.memo_bytes);
                let rest = match self.memo_run().probe(solver, &mut memo) {
                    Ok(MemoProbe::Counted(solutions)) => {
                        return Ok(memoised(solutions, solver, memo));
                    }
                    Ok(MemoProbe::Behind(rest) | MemoProbe::Enumerated(rest)) => rest,
                    // The table cannot count these: an enumeration from the root does.
                    Err(MemoError::Multiplicities) => return Ok(self.enumerate(solver)?),
                    Err(error) => return Err(error.into()),
                };
                // A count the probe finished needs no threads to report.
                let threads = if rest.is_finished() { 1 } else { self.run.threads };
                let run = Run { threads, ..self.run }.resume(&rest);
                Ok(Counted::Enumerated(run.count(solver)?))
            }
            MemoUse::Auto | MemoUse::Never => Ok(self.enumerate(solver)?),
        }
    }

    fn enumerate(&self, solver: &mut Solver<'_>) -> Result<Counted, RunError> {
        Ok(Counted::Enumerated(self.run.count(solver)?))
    }
}

/// Counts as `dlx --count` does, on every thread of the current rayon pool, stopping when
/// `interrupt` (if any) is raised: [`Counting`] with its defaults.
///
/// # Errors
/// As [`Counting::count`].
pub fn count(
    solver: &mut Solver<'_>,
    interrupt: Option<&AtomicBool>,
) -> Result<Counted, CountError> {
    let mut run = Run::new().threads(0);
    if let Some(flag) = interrupt {
        run = run.interrupt(flag);
    }
    Counting::new(run).count(solver)
}
