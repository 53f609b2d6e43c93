//! What a [`Run`](super::Run) reports: its [`Outcome`], why it stopped, its [`Progress`] on
//! the way, and why it could not start.

use std::time::Duration;

use super::{Checkpoint, CoverageError};
use crate::stats::Stats;
use crate::subproblem::{Fingerprint, PathError};

/// Why a run stopped before the end of its tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[non_exhaustive]
pub enum Stop {
    /// It entered the number of nodes it was allowed (exactly that many).
    NodeLimit,
    /// It made the number of updates it was allowed (a little more: the workers add theirs up
    /// every [`POLL_NODES`](crate::run::POLL_NODES) nodes).
    UpdateLimit,
    /// Its time ran out (noticed within [`POLL_NODES`](crate::run::POLL_NODES) nodes).
    TimeLimit,
    /// It found the number of solutions it was asked for.
    SolutionLimit,
    /// The interrupt flag was raised.
    Interrupted,
    /// The visitor asked it to stop.
    Visitor,
}

impl Stop {
    /// A word for messages and JSON: `node-limit`, `time-limit`, `interrupted`, ...
    pub fn as_str(self) -> &'static str {
        match self {
            Stop::NodeLimit => "node-limit",
            Stop::UpdateLimit => "update-limit",
            Stop::TimeLimit => "time-limit",
            Stop::SolutionLimit => "solution-limit",
            Stop::Interrupted => "interrupted",
            Stop::Visitor => "visitor",
        }
    }
}

/// A report on a run under way, or finished.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Progress {
    /// Solutions found so far (with those of the runs a checkpoint continues).
    pub solutions: u64,
    /// Nodes entered so far (likewise).
    pub nodes: u64,
    /// Of those, the nodes entered before this run started: the runs a checkpoint continues
    /// (and a plain count's memoised start), whose time `elapsed` leaves out.
    pub nodes_at_start: u64,
    /// Updates made so far (likewise).
    pub updates: u64,
    /// Time since this run started.
    pub elapsed: Duration,
    /// The fraction of the job done, in Knuth's measure (see [`Share`](crate::run::Share)): it
    /// never decreases, and it is 1 exactly when the search is complete.
    pub fraction: f64,
    /// The fraction that was done when this run started (0 unless resuming).
    pub fraction_at_start: f64,
    /// Workers searching (the others wait for work).
    pub busy: usize,
}

impl Progress {
    /// The time left if this run goes on at its pace so far; `None` until it has made some.
    pub fn eta(&self) -> Option<Duration> {
        let done = self.fraction - self.fraction_at_start;
        if done <= 0.0 || self.elapsed.is_zero() {
            return None;
        }
        let left = self.elapsed.as_secs_f64() * (1.0 - self.fraction) / done;
        Duration::try_from_secs_f64(left).ok()
    }

    /// This run's pace: the nodes it entered itself over its own time (the nodes of the runs
    /// a checkpoint continues took their time, not this run's); 0 before any time has passed.
    ///
    /// ```
    /// # use std::time::Duration;
    /// let progress = dancer::run::Progress {
    ///     solutions: 0,
    ///     nodes: 3_000,
    ///     nodes_at_start: 1_000,
    ///     updates: 0,
    ///     elapsed: Duration::from_secs(2),
    ///     fraction: 0.5,
    ///     fraction_at_start: 0.25,
    ///     busy: 1,
    /// };
    /// assert_eq!(progress.nodes_per_second(), 1_000.0);
    /// ```
    pub fn nodes_per_second(&self) -> f64 {
        let seconds = self.elapsed.as_secs_f64();
        if seconds > 0.0 {
            self.nodes.saturating_sub(self.nodes_at_start) as f64 / seconds
        } else {
            0.0
        }
    }
}

/// What a run found.
#[derive(Clone, Debug)]
pub struct Outcome {
    pub(crate) stats: Stats,
    pub(crate) stopped: Option<Stop>,
    pub(crate) checkpoint: Checkpoint,
    pub(crate) elapsed: Duration,
    pub(crate) seconds: f64,
    pub(crate) splits: u64,
}

impl Outcome {
    /// Solutions found (visited, when visiting), with those a resumed checkpoint had.
    pub fn solutions(&self) -> u64 {
        self.stats.solutions()
    }

    /// Counters over all workers, with those a resumed checkpoint had.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// The nodes entered at each level, over all workers and with those of a resumed
    /// checkpoint, when the search was profiled (see
    /// [`Solver::profile`](crate::Solver::profile)); empty otherwise.
    pub fn profile(&self) -> &[u64] {
        self.checkpoint.profile()
    }

    /// Whether the whole tree was searched.
    pub fn is_complete(&self) -> bool {
        self.stopped.is_none()
    }

    /// Why the run stopped early, if it did.
    pub fn stopped(&self) -> Option<Stop> {
        self.stopped
    }

    /// Everything needed to resume the run: what is left (nothing, when it is complete) and
    /// the counts so far.
    pub fn checkpoint(&self) -> &Checkpoint {
        &self.checkpoint
    }

    /// Takes the checkpoint.
    pub fn into_checkpoint(self) -> Checkpoint {
        self.checkpoint
    }

    /// Time this run took.
    pub fn elapsed(&self) -> Duration {
        self.elapsed
    }

    /// Seconds of searching, with those of the runs a resumed checkpoint continues.
    pub fn seconds(&self) -> f64 {
        self.seconds
    }

    /// How many times a worker gave work to a hungry one.
    pub fn splits(&self) -> u64 {
        self.splits
    }
}

/// Why a run could not start. Nothing was searched.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RunError {
    /// The checkpoint belongs to another search tree.
    #[error(
        "the checkpoint is of another problem: its fingerprint is {found}, this one's {expected}"
    )]
    Fingerprint {
        /// This search's.
        expected: Fingerprint,
        /// The checkpoint's.
        found: Fingerprint,
    },
    /// The search cannot be split ([`Explore::splittable`](crate::run::Explore::splittable)), and
    /// the run was asked for what needs that: periodic checkpoints, resumption or subproblems.
    #[error(
        "this search cannot be split (a problem with multiplicities, u:v|name): it runs whole, \
         on one thread, without checkpoints, resumption or parts"
    )]
    Unsplittable,
    /// A subproblem (given, or in the checkpoint) is not in this search's tree.
    #[error("subproblem {index}: {error}")]
    Path {
        /// Its position among the subproblems, from 0.
        index: usize,
        /// What is wrong with its path.
        error: PathError,
    },
    /// The subproblems given overlap, or the checkpoint's pieces do not tile what its job
    /// searches, or their counts do not add up to the checkpoint's: resuming it would give a
    /// wrong total.
    #[error("{0}")]
    Coverage(#[from] CoverageError),
}
