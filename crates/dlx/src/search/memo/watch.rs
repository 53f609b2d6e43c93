//! [`Watch`]: what a memoised walk looks at as it goes (its budgets of nodes and of work on
//! keys, the interrupt flag, when and whom to report to).

use std::{
    sync::atomic::AtomicBool,
    time::{Duration, Instant},
};

use super::run::{MemoProgress, Report};
use super::Table;

/// What a walk looks at as it goes: when to stop, when and whom to report to.
pub(super) struct Watch<'a> {
    pub(super) interrupt: Option<&'a AtomicBool>,
    progress: Option<Report<'a>>,
    started: Instant,
    every: Duration,
    /// The time since the start at which the next report is due.
    next: Duration,
    /// The nodes the walk may enter.
    nodes: u64,
    /// While probing: the work on keys the walk may spend. `None` otherwise, and once the
    /// count has run ahead of its nodes (the probe's budgets are then lifted).
    probe: Option<u64>,
}

impl<'a> Watch<'a> {
    /// A watch on `interrupt`, reporting to `progress` at its interval, for a walk that may
    /// enter `nodes` nodes and, probing, spend `probe` on keys.
    pub(super) fn new(
        interrupt: Option<&'a AtomicBool>,
        progress: Option<(Duration, Report<'a>)>,
        nodes: u64,
        probe: Option<u64>,
    ) -> Watch<'a> {
        let every = progress.map_or(Duration::MAX, |(every, _)| every);
        Watch {
            interrupt,
            progress: progress.map(|(_, report)| report),
            started: Instant::now(),
            every,
            next: every,
            nodes,
            probe,
        }
    }

    /// Whether the walk must stop before entering another node, having entered `nodes`,
    /// spent `work` on keys, the last of which took `key` of it. A probe also stops when 64
    /// more keys like the last would not fit its budget: no count runs ahead of its nodes in
    /// so few, so keys that large (a chain of a million items) end it after a key or two.
    #[inline]
    pub(super) fn out_of_budget(&self, nodes: u64, work: u64, key: u64) -> bool {
        nodes == self.nodes
            || self.probe.is_some_and(|most| work.saturating_add(key.saturating_mul(64)) > most)
    }

    /// Whether the walk works out its own order (`memo/order.rs`, linear in the matrix) before
    /// it starts, its first key costing `first_key`: not for a probe that the budget on keys
    /// stops after that key (a problem of very many items), whose order does not matter.
    #[inline]
    pub(super) fn orders(&self, first_key: u64) -> bool {
        self.probe.is_none_or(|most| first_key.saturating_mul(64) <= most)
    }

    /// After a leaf: a probe whose count has run ahead of its nodes is over, and the count
    /// goes on without budgets.
    #[inline]
    pub(super) fn tally(&mut self, nodes: u64, counted: u128) {
        if self.probe.is_some() && counted > u128::from(nodes) {
            self.probe = None;
            self.nodes = u64::MAX;
        }
    }

    /// Whether a report is wanted now (the clock is read only when reports are).
    pub(super) fn report_due(&self) -> bool {
        self.progress.is_some() && self.started.elapsed() >= self.next
    }

    /// Reports, with the fraction done worked out only now.
    pub(super) fn report(
        &mut self,
        table: &Table,
        nodes: u64,
        counted: u128,
        fraction: impl FnOnce() -> f64,
    ) {
        let Some(report) = self.progress else { return };
        let elapsed = self.started.elapsed();
        self.next = elapsed.saturating_add(self.every);
        let (entries, bytes, hits, evictions) = table.figures();
        let fraction = fraction();
        report(&MemoProgress {
            nodes,
            counted,
            entries,
            bytes,
            hits,
            evictions,
            fraction,
            elapsed,
        });
    }
}
