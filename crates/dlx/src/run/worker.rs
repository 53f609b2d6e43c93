//! One worker of a [`Run`](super::Run): how it takes and gives work, and what it does at each
//! poll (limits, hungry workers, progress, checkpoints).

mod limits;

use std::{
    ops::ControlFlow,
    sync::{atomic::Ordering::Relaxed, PoisonError},
    time::{Duration, Instant},
};

use super::coverage::Counts;
use super::shared::{claim, nanos, width, Commons, EndOnPanic, Slot, State, Unit};
use super::snapshot::{Joining, Snapshot};
use super::{Checkpoint, Stop};
use crate::explore::{Explore, Pause};
use crate::stats::Stats;
use crate::subproblem::{share_of, Point, Span};
use crate::subproblem::{Branch, Subproblem};

/// One worker: its search, and what it last told the others.
pub(super) struct Worker<'w, 's, 'j, T> {
    id: usize,
    search: &'w mut T,
    shared: &'s Commons<'j, T>,
    /// The search's counters and nodes per level when this worker started (a caller's solver
    /// may have some).
    baseline: Stats,
    baseline_profile: Vec<u64>,
    /// Counters already added to the shared totals.
    published: Stats,
    branches: Vec<Branch>,
    /// The span of the tree this worker holds (from the start of the subproblem it took to
    /// the end of what it has not given away), and its counters when it took it.
    holding: Option<(Span, Counts)>,
    spawned: bool,
    /// When this worker next refreshes its slot for the others' progress reports.
    next_publish: Instant,
}

impl<'w, 's, 'j, T: Explore + Send> Worker<'w, 's, 'j, T> {
    pub(super) fn new(id: usize, search: &'w mut T, shared: &'s Commons<'j, T>) -> Self {
        let baseline = search.stats();
        let baseline_profile = search.profile().to_vec();
        Worker {
            id,
            search,
            shared,
            baseline,
            baseline_profile,
            published: Stats::default(),
            branches: Vec::new(),
            holding: None,
            spawned: false,
            next_publish: Instant::now(),
        }
    }

    pub(super) fn work<'scope>(mut self, scope: Option<&rayon::Scope<'scope>>)
    where
        's: 'scope,
        T: 'scope,
    {
        let _unwinding = EndOnPanic(self.shared);
        while let Some(unit) = self.take() {
            // Every subproblem was checked before the run or made by a search of this tree.
            self.search.enter(&unit.subproblem).expect("a subproblem of this tree");
            if !self.search_unit(scope) {
                break;
            }
        }
    }

    /// This run's counters.
    fn stats(&self) -> Stats {
        since(self.search.stats(), self.baseline)
    }

    /// Publishes this run's nodes per level, for checkpoints and the outcome. Only where those
    /// read the slots' counters: a copy of a few dozen words, never per node.
    fn publish_profile(&self, state: &mut State) {
        let profile = &mut state.profiles[self.id];
        profile.clear();
        let before = self.baseline_profile.iter().chain(std::iter::repeat(&0));
        profile.extend(self.search.profile().iter().zip(before).map(|(now, then)| now - then));
    }

    /// Waits for a subproblem; `None` once the run is over.
    fn take(&mut self) -> Option<Unit> {
        let shared = self.shared;
        let mut state = shared.lock();
        loop {
            if state.stop.is_some() || state.finished {
                return None;
            }
            // While a checkpoint is taken, work stays where it is.
            if state.snapshot.is_none() {
                if let Some(unit) = state.queue.pop_front() {
                    state.busy += 1;
                    let stats = self.stats();
                    let remaining = width(&unit.subproblem);
                    state.slots[self.id] = Slot { stats, remaining, busy: true };
                    self.holding = Some((unit.span.clone(), Counts::of(stats)));
                    return Some(unit);
                }
                if state.busy == 0 {
                    state.finished = true;
                    shared.wake.notify_all();
                    return None;
                }
            }
            shared.hungry.fetch_add(1, Relaxed);
            state = shared.wake.wait(state).unwrap_or_else(PoisonError::into_inner);
            shared.hungry.fetch_sub(1, Relaxed);
        }
    }

    /// Searches the entered subproblem to its end (true) or until the run stops (false).
    fn search_unit<'scope>(&mut self, scope: Option<&rayon::Scope<'scope>>) -> bool
    where
        's: 'scope,
        T: 'scope,
    {
        let visiting = self.shared.job.visit.is_some();
        loop {
            let Some(grant) = self.grant() else { return self.halt(Stop::NodeLimit) };
            let before = self.search.stats().nodes();
            let mut left = grant;
            let pause = loop {
                let wanted = if visiting { 1 } else { self.wanted() };
                if wanted == 0 {
                    self.return_grant(left);
                    return self.halt(Stop::SolutionLimit);
                }
                let pause = self.search.explore(left, wanted);
                left = grant - (self.search.stats().nodes() - before);
                if pause == Pause::Solution && visiting {
                    if let ControlFlow::Break(stop) = self.visit() {
                        self.return_grant(left);
                        return self.halt(stop);
                    }
                    continue;
                }
                break pause;
            };
            self.return_grant(left);
            match pause {
                Pause::Done => {
                    self.finish_unit();
                    return true;
                }
                Pause::Solution => return self.halt(Stop::SolutionLimit),
                Pause::Budget => {
                    if !self.poll(scope) {
                        return false;
                    }
                }
            }
        }
    }

    /// The look at the world between two budgets; false when the run stops.
    fn poll<'scope>(&mut self, scope: Option<&rayon::Scope<'scope>>) -> bool
    where
        's: 'scope,
        T: 'scope,
    {
        let shared = self.shared;
        let limits = shared.job.run.limits;
        let stats = self.stats();
        if let Some(limit) = limits.updates {
            let delta = stats.updates() - self.published.updates;
            let total = shared.updates_seen.fetch_add(delta, Relaxed) + delta;
            self.published.updates = stats.updates();
            if total >= limit {
                return self.halt(Stop::UpdateLimit);
            }
        }
        if limits.solutions.is_some() && shared.job.visit.is_none() {
            let delta = stats.solutions() - self.published.solutions;
            shared.solutions_seen.fetch_add(delta, Relaxed);
            self.published.solutions = stats.solutions();
        }
        if shared.job.run.interrupt.is_some_and(|flag| flag.load(Relaxed)) {
            return self.halt(Stop::Interrupted);
        }
        let now = Instant::now();
        if shared.deadline.is_some_and(|deadline| now >= deadline) {
            return self.halt(Stop::TimeLimit);
        }
        if shared.halting.load(Relaxed) {
            self.stop_here();
            return false;
        }
        if shared.snapshotting.load(Relaxed) {
            self.join_snapshot();
        } else if shared.hungry.load(Relaxed) > 0 {
            self.give_work();
        }
        if let (Some(scope), false) = (scope, self.spawned) {
            self.spawn(scope);
        }
        self.timers(now);
        true
    }

    /// Starts the other workers, each on a fork of this search.
    fn spawn<'scope>(&mut self, scope: &rayon::Scope<'scope>)
    where
        's: 'scope,
        T: 'scope,
    {
        self.spawned = true;
        let shared = self.shared;
        for id in 1..shared.job.run.threads {
            let mut fork = self.search.fork();
            scope.spawn(move |_| Worker::new(id, &mut fork, shared).work(None));
        }
    }

    /// Progress reports and checkpoints, when due; one worker claims each.
    fn timers(&mut self, now: Instant) {
        let shared = self.shared;
        let at = nanos(now.duration_since(shared.job.started));
        if let Some((every, report)) = shared.job.run.progress {
            if claim(&shared.next_progress, at, every) {
                let place = self.locate();
                let in_order = shared.reporting.lock().unwrap_or_else(PoisonError::into_inner);
                let mut state = shared.lock();
                state.slots[self.id].stats = self.stats();
                state.slots[self.id].remaining = place.as_ref().map_or(0.0, width);
                let progress = shared.progress(&mut state);
                drop(state);
                report(&progress);
                drop(in_order);
            }
        }
        if let Some((every, _)) = shared.job.run.checkpoints {
            if claim(&shared.next_checkpoint, at, every) {
                self.begin_snapshot();
            }
        }
        // Others' reports read this worker's slot: keep it fresh while reports are wanted.
        if let Some((every, _)) = shared.job.run.progress {
            if now >= self.next_publish {
                self.next_publish = now + (every / 4).min(Duration::from_millis(250));
                let place = self.locate();
                let mut state = shared.lock();
                state.slots[self.id].stats = self.stats();
                state.slots[self.id].remaining = place.as_ref().map_or(0.0, width);
            }
        }
    }

    /// Where this search stands, with its share of the tree.
    fn locate(&mut self) -> Option<Subproblem> {
        let place = self.search.position(&mut self.branches)?;
        let share = share_of(&self.branches, place.open_from());
        Some(place.with_share(share))
    }

    /// Where this search stands, and the span of the tree it has finished up to there (from
    /// the start of the subproblem it holds), with what that counted.
    fn locate_finished(&mut self) -> (Option<Subproblem>, Option<(Span, Counts)>) {
        let place = self.locate();
        if !self.shared.job.exact {
            return (place, None);
        }
        let finished = self.holding.as_ref().map(|(span, start)| {
            let to = if place.is_some() { Point::left(&self.branches) } else { span.to.clone() };
            (Span { from: span.from.clone(), to }, Counts::of(self.stats()).since(*start))
        });
        (place, finished)
    }

    /// Gives a hungry worker the untried options of this search's shallowest open level.
    fn give_work(&mut self) {
        let Some(given) = self.search.split_off(&mut self.branches) else { return };
        let share = share_of(&self.branches, given.open_from());
        // What is given away is the end of the span this worker holds.
        let span = Span::of(&self.branches, given.open_from());
        if let Some((holding, _)) = &mut self.holding {
            debug_assert!(!self.shared.job.exact || span.to == holding.to, "{span:?} {holding:?}");
            holding.to = span.from.clone();
        }
        let place = self.locate();
        let shared = self.shared;
        let mut state = shared.lock();
        state.queue.push_back(Unit { subproblem: given.with_share(share), span });
        state.splits += 1;
        state.slots[self.id].remaining = place.as_ref().map_or(0.0, width);
        shared.wake.notify_one();
    }

    fn begin_snapshot(&mut self) {
        let shared = self.shared;
        let mut state = shared.lock();
        if state.snapshot.is_some() || state.stop.is_some() {
            return;
        }
        state.snapshot = Some(Snapshot::new(&state));
        shared.snapshotting.store(true, Relaxed);
        drop(state);
        self.join_snapshot();
    }

    /// Adds this worker's place to the checkpoint under way.
    fn join_snapshot(&mut self) {
        let (place, finished) = self.locate_finished();
        let shared = self.shared;
        let mut state = shared.lock();
        let stats = self.stats();
        state.slots[self.id].stats = stats;
        self.publish_profile(&mut state);
        let held = &mut *state;
        let Some(snapshot) = held.snapshot.as_mut() else { return };
        let profile = &held.profiles[self.id];
        if !snapshot.join(self.id, Joining { place, finished, stats, profile }) {
            return;
        }
        let done = shared.complete_snapshot(held);
        drop(state);
        self.save(done);
    }

    fn save(&self, checkpoint: Option<Checkpoint>) {
        if let (Some(checkpoint), Some((_, save))) = (checkpoint, self.shared.job.run.checkpoints) {
            save(&checkpoint);
        }
    }

    /// The entered subproblem is exhausted.
    fn finish_unit(&mut self) {
        let (_, finished) = self.locate_finished();
        self.holding = None;
        let shared = self.shared;
        let mut state = shared.lock();
        state.busy -= 1;
        let stats = self.stats();
        state.slots[self.id] = Slot { stats, remaining: 0.0, busy: false };
        self.publish_profile(&mut state);
        if let Some((span, counts)) = finished.clone() {
            state.done.add(span, counts);
        }
        let mut done = None;
        let held = &mut *state;
        if let Some(snapshot) = held.snapshot.as_mut() {
            // Its share is done: nothing left of it, all of it in its counters and finished
            // (unless it joined before, with a place that holds the rest).
            let profile = &held.profiles[self.id];
            snapshot.join(self.id, Joining { place: None, finished, stats, profile });
            done = shared.complete_snapshot(held);
        }
        drop(state);
        self.save(done);
    }

    /// Stops the run for `stop` and leaves this worker's place for the checkpoint.
    fn halt(&mut self, stop: Stop) -> bool {
        self.shared.raise(stop);
        self.stop_here();
        false
    }

    fn stop_here(&mut self) {
        let (place, finished) = self.locate_finished();
        self.holding = None;
        let shared = self.shared;
        let mut state = shared.lock();
        state.halted.extend(place);
        if let Some((span, counts)) = finished {
            state.done.add(span, counts);
        }
        state.busy -= 1;
        state.slots[self.id] = Slot { stats: self.stats(), remaining: 0.0, busy: false };
        self.publish_profile(&mut state);
        shared.wake.notify_all();
    }
}

/// `now - earlier`, counter by counter (the deepest level is `now`'s).
fn since(now: Stats, earlier: Stats) -> Stats {
    Stats::from_counts(
        now.nodes() - earlier.nodes(),
        now.updates() - earlier.updates(),
        now.solutions() - earlier.solutions(),
        now.max_depth(),
    )
    .with_mems(now.mems() - earlier.mems())
}
