//! How a worker keeps to the run's limits: nodes granted a poll's worth at a time from a shared
//! budget (so a node limit is exact), solutions wanted when counting up to a limit, and
//! solutions handed to the visitor one at a time when their number is limited.

use std::{
    ops::ControlFlow,
    sync::{atomic::Ordering::Relaxed, PoisonError},
};

use super::Worker;
use crate::explore::Explore;
use crate::run::Stop;

impl<T: Explore + Send> Worker<'_, '_, '_, T> {
    /// Nodes this worker may enter before its next poll; `None` when the node limit is spent.
    pub(super) fn grant(&self) -> Option<u64> {
        let chunk = self.shared.job.run.poll_nodes;
        if self.shared.job.run.limits.nodes.is_none() {
            return Some(chunk);
        }
        let take = |left: u64| Some(left - left.min(chunk));
        let left = self.shared.nodes_left.fetch_update(Relaxed, Relaxed, take).unwrap_or(0);
        Some(left.min(chunk)).filter(|&granted| granted > 0)
    }

    pub(super) fn return_grant(&self, unused: u64) {
        if self.shared.job.run.limits.nodes.is_some() && unused > 0 {
            self.shared.nodes_left.fetch_add(unused, Relaxed);
        }
    }

    /// When counting up to a limit: how many more solutions this worker may look for.
    pub(super) fn wanted(&self) -> u64 {
        let Some(limit) = self.shared.job.run.limits.solutions else { return u64::MAX };
        let unpublished = self.stats().solutions() - self.published.solutions();
        let seen = self.shared.solutions_seen.load(Relaxed) + unpublished;
        limit.saturating_sub(seen)
    }

    /// Hands the solution the search stands on to the visitor; `Break` with the reason to stop.
    pub(super) fn visit(&mut self) -> ControlFlow<Stop> {
        let shared = self.shared;
        let visit = shared.job.visit.expect("visiting");
        let Some(limit) = shared.job.run.limits.solutions else {
            return match visit(self.search) {
                ControlFlow::Continue(()) => ControlFlow::Continue(()),
                ControlFlow::Break(()) => ControlFlow::Break(Stop::Visitor),
            };
        };
        let mut visited = shared.visited.lock().unwrap_or_else(PoisonError::into_inner);
        if *visited >= limit {
            // Another worker reached the limit first: this solution stays for a resumed run.
            drop(visited);
            self.search.unsee();
            return ControlFlow::Break(Stop::SolutionLimit);
        }
        *visited += 1;
        let flow = visit(self.search);
        let full = *visited >= limit;
        drop(visited);
        match (flow, full) {
            (ControlFlow::Break(()), _) => ControlFlow::Break(Stop::Visitor),
            (_, true) => ControlFlow::Break(Stop::SolutionLimit),
            _ => ControlFlow::Continue(()),
        }
    }
}
