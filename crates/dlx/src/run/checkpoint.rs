//! [`Checkpoint`]: what a stopped run leaves, enough to resume it exactly, and to check that
//! it is whole before resuming it.

use super::coverage::{Finished, SetAside};
use super::Stop;
use crate::stats::Stats;
use crate::subproblem::{Fingerprint, Subproblem};

/// The state of a stopped (or still running) search: the counts so far and the subproblems
/// not yet searched: one per worker that was searching (the rest of its depth-first search)
/// and those waiting to be taken. Together they cover exactly the part of the tree no worker
/// has entered, so resuming finds each remaining solution once, and the counts add up to an
/// uninterrupted run's.
///
/// It also keeps, apart from what is left, what the job is of (its scope: the whole tree, or
/// the subproblems of a part) and the spans of the tree it has finished, with what each
/// counted. Resuming checks that the subproblems left and the finished spans tile the scope
/// exactly, and that the finished spans' counts add up to the checkpoint's
/// ([`RunError::Coverage`](crate::run::RunError::Coverage)): a subproblem dropped or repeated, or
/// counts changed, are refused rather than resumed to a wrong total.
///
/// With the `serde` feature it is written and read as JSON (`serde_json`), unknown and repeated
/// keys refused, for example:
///
/// ```json
/// {"fingerprint": "8d5a0c1e9b7f2a43", "solutions": 1203, "nodes": 48211, "updates": 991204,
///  "max_depth": 12, "seconds": 1.5, "stopped": "time-limit",
///  "scope": [{"path": [], "open_from": 0, "share": {"from": 0.0, "to": 1.0}}],
///  "remaining": [{"path": [4, 61, 118], "open_from": 0, "share": {"from": 0.31, "to": 1.0}}],
///  "done": [{"from": [], "to": [4, 2, 7], "solutions": 1203, "nodes": 48211,
///            "updates": 991204}]}
/// ```
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
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
    /// Why the run stopped; `None` for a periodic checkpoint of a run that goes on.
    #[cfg_attr(feature = "serde", serde(default))]
    pub(crate) stopped: Option<Stop>,
    /// What the whole job searches: the root, or the subproblems it was given.
    pub(crate) scope: Vec<Subproblem>,
    /// What is left, in the order a single thread would search it.
    pub(crate) remaining: Vec<Subproblem>,
    /// The finished spans of the scope, joined where they touch, in search order.
    pub(crate) done: Vec<Finished>,
    /// Work in the counters that no finished span holds: a memoised probe set aside (see
    /// [`MemoRun::probe`](crate::run::MemoRun::probe)); none, and left out of the file,
    /// otherwise.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "SetAside::is_none"))]
    pub(crate) set_aside: SetAside,
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

    /// What the whole job searches (over every run): the root for a whole problem, the
    /// subproblems given to [`Run::subproblems`](crate::run::Run::subproblems) for a part.
    pub fn scope(&self) -> &[Subproblem] {
        &self.scope
    }

    /// The fraction of the job done, in Knuth's measure (0 to 1).
    pub fn fraction(&self) -> f64 {
        let width = |list: &[Subproblem]| -> f64 {
            list.iter().filter_map(Subproblem::share).map(crate::subproblem::Share::width).sum()
        };
        super::shared::fraction(width(&self.remaining), width(&self.scope))
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
