//! [`Checkpoint`]: what a stopped run leaves, enough to resume it exactly.

use super::Stop;
use crate::{Fingerprint, Stats, Subproblem};

/// The state of a stopped (or still running) search: the counts so far and the subproblems
/// not yet searched: one per worker that was searching (the rest of its depth-first search)
/// and those waiting to be taken. Together they cover exactly the part of the tree no worker
/// has entered, so resuming finds each remaining solution once, and the counts add up to an
/// uninterrupted run's.
///
/// With the `serde` feature it is written and read as JSON (`serde_json`), for example:
///
/// ```json
/// {"fingerprint": "8d5a0c1e9b7f2a43", "solutions": 1203, "nodes": 48211, "updates": 991204,
///  "max_depth": 12, "seconds": 1.5, "total": 1.0, "stopped": "time-limit",
///  "remaining": [{"path": [4, 61, 118], "open_from": 0, "share": {"from": 0.31, "to": 1.0}}]}
/// ```
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Checkpoint {
    /// The tree searched.
    pub(crate) fingerprint: Fingerprint,
    pub(crate) solutions: u64,
    pub(crate) nodes: u64,
    pub(crate) updates: u64,
    #[cfg_attr(feature = "serde", serde(default))]
    pub(crate) max_depth: u32,
    /// Knuth's mems so far, and the nodes entered at each level, when the search was profiled
    /// ([`Solver::profiling`](crate::Solver::profiling)); 0 and empty otherwise, and then left
    /// out of the file (files without them, older ones included, read as 0 and empty).
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "is_zero"))]
    pub(crate) mems: u64,
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Vec::is_empty"))]
    pub(crate) profile: Vec<u64>,
    /// Seconds of searching so far, over every run.
    pub(crate) seconds: f64,
    /// The share of the tree the whole job covers (1 for a whole problem, less for a part).
    pub(crate) total: f64,
    /// Why the run stopped; `None` for a periodic checkpoint of a run that goes on.
    #[cfg_attr(feature = "serde", serde(default))]
    pub(crate) stopped: Option<Stop>,
    /// What is left, in the order a single thread would search it.
    pub(crate) remaining: Vec<Subproblem>,
}

impl Checkpoint {
    /// The fingerprint of the search tree.
    pub fn fingerprint(&self) -> Fingerprint {
        self.fingerprint
    }

    /// Counters so far (solutions, nodes, updates, deepest level, mems).
    pub fn stats(&self) -> Stats {
        Stats::from_counts(self.nodes, self.updates, self.solutions, self.max_depth)
            .with_mems(self.mems)
    }

    /// The nodes entered at each level so far, when the search was profiled (see
    /// [`Solver::profile`](crate::Solver::profile)); empty otherwise.
    pub fn profile(&self) -> &[u64] {
        &self.profile
    }

    /// Solutions found so far.
    pub fn solutions(&self) -> u64 {
        self.solutions
    }

    /// Seconds of searching so far, over every run.
    pub fn seconds(&self) -> f64 {
        self.seconds
    }

    /// Why the run stopped, for a checkpoint taken at a stop.
    pub fn stopped(&self) -> Option<Stop> {
        self.stopped
    }

    /// The subproblems left.
    pub fn remaining(&self) -> &[Subproblem] {
        &self.remaining
    }

    /// The fraction of the job done, in Knuth's measure (0 to 1).
    pub fn fraction(&self) -> f64 {
        let left: f64 =
            self.remaining.iter().filter_map(Subproblem::share).map(crate::Share::width).sum();
        if self.total > 0.0 && self.total.is_finite() {
            (1.0 - left / self.total).clamp(0.0, 1.0)
        } else {
            0.0
        }
    }

    /// Whether nothing is left.
    pub fn is_finished(&self) -> bool {
        self.remaining.is_empty()
    }
}

/// Whether a count is 0, so that a checkpoint of an unprofiled run has no `mems` to mislead.
#[cfg(feature = "serde")]
#[allow(clippy::trivially_copy_pass_by_ref)] // serde passes a reference
fn is_zero(count: &u64) -> bool {
    *count == 0
}
