//! What the workers of a [`Run`](super::Run) share: the queue of subproblems, the published
//! counters, and the checkpoints and progress reports made from them.

use std::{
    collections::VecDeque,
    sync::{
        atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed},
        Condvar, Mutex, MutexGuard, PoisonError,
    },
    time::{Duration, Instant},
};

use super::coverage::Done;
use super::snapshot::Snapshot;
use super::worker::Worker;
use super::{Base, Checkpoint, Outcome, Progress, Run, Stop, Visit};
use crate::explore::Explore;
use crate::stats::{add_profile, Stats};
use crate::subproblem::{Fingerprint, Share, Span, Subproblem};

/// A run's settings and what it started from.
pub(crate) struct RunSetup<'j, T> {
    pub(crate) run: &'j Run<'j>,
    pub(crate) started: Instant,
    pub(crate) base: Base<'j>,
    /// The share of the tree the whole job covers (over every run of it).
    pub(crate) total: f64,
    /// What the whole job searches (over every run of it).
    pub(crate) scope: Vec<Subproblem>,
    /// Whether the search names places exactly ([`Explore::splittable`]), so that the
    /// finished spans can be kept.
    pub(crate) exact: bool,
    pub(crate) visit: Option<Visit<'j, T>>,
}

/// A subproblem waiting to be searched, and its span of the tree.
#[derive(Clone, Debug)]
pub(crate) struct Unit {
    pub(crate) subproblem: Subproblem,
    pub(crate) span: Span,
}

/// What the workers share. The hot checks are atomics; everything that moves work between
/// workers goes through `state`'s lock, so that a snapshot sees each piece of work once.
pub(crate) struct Commons<'j, T> {
    pub(super) job: &'j RunSetup<'j, T>,
    pub(super) fingerprint: Fingerprint,
    pub(super) deadline: Option<Instant>,
    pub(super) state: Mutex<State>,
    pub(super) wake: Condvar,
    /// Workers waiting for work: busy ones give some away when this is not 0.
    pub(super) hungry: AtomicUsize,
    /// Set once a stop is decided: every busy worker stops at its next poll.
    pub(super) halting: AtomicBool,
    /// Set while a checkpoint is being taken: busy workers add their place at their next poll.
    pub(super) snapshotting: AtomicBool,
    /// Nodes that may still be entered, handed out a poll's worth at a time (node limit only).
    pub(super) nodes_left: AtomicU64,
    /// Updates and solutions added up by the workers at their polls, for the limits.
    pub(super) updates_seen: AtomicU64,
    pub(super) solutions_seen: AtomicU64,
    /// When the next progress report and checkpoint are due, in nanoseconds from the start.
    pub(super) next_progress: AtomicU64,
    pub(super) next_checkpoint: AtomicU64,
    /// Solutions visited, when their number is limited: visits go one at a time then.
    pub(super) visited: Mutex<u64>,
    /// Held from taking a progress report to handing it over: two workers due one after the
    /// other must not deliver theirs in the other order (progress would go back).
    pub(super) reporting: Mutex<()>,
    pub(super) fraction_at_start: f64,
}

pub(super) struct State {
    pub(super) queue: VecDeque<Unit>,
    /// Workers with a subproblem entered.
    pub(super) busy: usize,
    pub(super) finished: bool,
    pub(super) stop: Option<Stop>,
    pub(super) slots: Vec<Slot>,
    /// What each worker last published of its nodes per level (empty unless profiling): apart
    /// from the slots, which are replaced whole and would drop the vectors.
    pub(super) profiles: Vec<Vec<u64>>,
    /// Where each worker stopped.
    pub(super) halted: Vec<Subproblem>,
    /// The spans of the tree finished so far (with a resumed checkpoint's).
    pub(super) done: Done,
    pub(super) snapshot: Option<Snapshot>,
    pub(super) splits: u64,
    /// The last fraction reported, so that reports never go back.
    pub(super) fraction: f64,
}

/// What one worker last published.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Slot {
    pub(super) stats: Stats,
    /// The width of its share of the tree still to search.
    pub(super) remaining: f64,
    pub(super) busy: bool,
}

impl<'j, T: Explore + Send> Commons<'j, T> {
    pub(crate) fn new(
        job: &'j RunSetup<'j, T>,
        fingerprint: Fingerprint,
        units: Vec<Unit>,
        done: Done,
    ) -> Commons<'j, T> {
        let run = job.run;
        let remaining: f64 = units.iter().map(|unit| width(&unit.subproblem)).sum();
        let mut state = State {
            queue: units.into(),
            busy: 0,
            finished: false,
            stop: None,
            slots: vec![Slot::default(); run.threads.max(1)],
            profiles: vec![Vec::new(); run.threads.max(1)],
            halted: Vec::new(),
            done,
            snapshot: None,
            splits: 0,
            fraction: 0.0,
        };
        let fraction_at_start = fraction(remaining, job.total);
        state.fraction = fraction_at_start;
        if run.limits.solutions == Some(0) {
            state.stop = Some(Stop::SolutionLimit);
        }
        let nanos = |every: Option<Duration>| every.map_or(u64::MAX, nanos);
        Commons {
            job,
            fingerprint,
            deadline: run.limits.time.and_then(|time| job.started.checked_add(time)),
            state: Mutex::new(state),
            wake: Condvar::new(),
            hungry: AtomicUsize::new(0),
            halting: AtomicBool::new(false),
            snapshotting: AtomicBool::new(false),
            nodes_left: AtomicU64::new(run.limits.nodes.unwrap_or(u64::MAX)),
            updates_seen: AtomicU64::new(0),
            solutions_seen: AtomicU64::new(0),
            next_progress: AtomicU64::new(nanos(run.progress.map(|(every, _)| every))),
            next_checkpoint: AtomicU64::new(nanos(run.checkpoints.map(|(every, _)| every))),
            visited: Mutex::new(0),
            reporting: Mutex::new(()),
            fraction_at_start,
        }
    }

    pub(super) fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Runs the workers: the first on this thread, the others as rayon tasks once it has
    /// searched long enough to need them.
    pub(crate) fn work(&self, search: &mut T) {
        if self.job.run.threads <= 1 {
            Worker::new(0, search, self).work(None);
        } else {
            rayon::in_place_scope(|scope| Worker::new(0, search, self).work(Some(scope)));
        }
    }

    /// Decides to stop (the first reason given wins) and wakes everyone.
    pub(super) fn raise(&self, stop: Stop) {
        let mut state = self.lock();
        state.stop.get_or_insert(stop);
        state.snapshot = None;
        self.snapshotting.store(false, Relaxed);
        self.halting.store(true, Relaxed);
        self.wake.notify_all();
    }

    /// The counters over every worker and the checkpoint's base.
    pub(super) fn stats(&self, state: &State) -> Stats {
        self.stats_of(&state.slots)
    }

    fn stats_of(&self, slots: &[Slot]) -> Stats {
        let mut stats = self.job.base.stats;
        for slot in slots {
            stats += slot.stats;
        }
        stats
    }

    /// The nodes per level over `profiles` (one per worker) and the checkpoint's base.
    fn profile_of(&self, profiles: &[Vec<u64>]) -> Vec<u64> {
        let mut profile = self.job.base.profile.to_vec();
        for worker in profiles {
            add_profile(&mut profile, worker);
        }
        profile
    }

    pub(super) fn seconds(&self) -> f64 {
        self.job.base.seconds + self.job.started.elapsed().as_secs_f64()
    }

    /// A checkpoint of `places` (where busy workers stand) and the waiting queue, with the
    /// workers' counters `slots`, nodes per level `profiles` and the finished spans `done`.
    pub(super) fn checkpoint(
        &self,
        state: &State,
        (places, slots, profiles, done): (Vec<Subproblem>, &[Slot], &[Vec<u64>], &Done),
        stopped: Option<Stop>,
    ) -> Checkpoint {
        let mut remaining = places;
        remaining.extend(state.queue.iter().map(|unit| unit.subproblem.clone()));
        // Shares are disjoint intervals in search order: sorted, a single thread resumes in the
        // order the search would have taken.
        remaining.sort_by(|a, b| from(a).total_cmp(&from(b)));
        let stats = self.stats_of(slots);
        Checkpoint {
            fingerprint: self.fingerprint,
            solutions: stats.solutions(),
            nodes: stats.nodes(),
            updates: stats.updates(),
            max_depth: stats.max_depth(),
            mems: stats.mems(),
            profile: self.profile_of(profiles),
            seconds: self.seconds(),
            stopped,
            scope: self.job.scope.clone(),
            remaining,
            done: done.to_list(),
            set_aside: self.job.base.set_aside,
        }
    }

    /// Completes the snapshot under way if every busy worker has added its place.
    pub(super) fn complete_snapshot(&self, state: &mut State) -> Option<Checkpoint> {
        if state.snapshot.as_ref()?.pending.iter().any(|&pending| pending) {
            return None;
        }
        let snapshot = state.snapshot.take()?;
        self.snapshotting.store(false, Relaxed);
        self.wake.notify_all();
        let parts = (snapshot.places, &snapshot.slots[..], &snapshot.profiles[..], &snapshot.done);
        Some(self.checkpoint(state, parts, None))
    }

    /// A progress report from the published slots.
    pub(super) fn progress(&self, state: &mut State) -> Progress {
        let stats = self.stats(state);
        let queued: f64 = state.queue.iter().map(|unit| width(&unit.subproblem)).sum();
        let searching: f64 = state.slots.iter().filter(|s| s.busy).map(|s| s.remaining).sum();
        // Only an exhausted search is done: a huge tree can leave shares too small to add up.
        let fraction = fraction(queued + searching, self.job.total).min(1.0 - f64::EPSILON);
        state.fraction = state.fraction.max(fraction);
        Progress {
            solutions: stats.solutions(),
            nodes: stats.nodes(),
            nodes_at_start: self.job.base.stats.nodes(),
            updates: stats.updates(),
            elapsed: self.job.started.elapsed(),
            fraction: state.fraction,
            fraction_at_start: self.fraction_at_start,
            busy: state.busy,
        }
    }

    /// The outcome, once every worker has returned.
    pub(crate) fn finish(&self) -> Outcome {
        let elapsed = self.job.started.elapsed();
        let mut state = self.lock();
        let halted = std::mem::take(&mut state.halted);
        // A stop with nothing left (a limit reached at the very last solution) is an end.
        let left = !halted.is_empty() || !state.queue.is_empty();
        let stopped = state.stop.filter(|_| left);
        let stats = self.stats(&state);
        let parts = (halted, &state.slots[..], &state.profiles[..], &state.done);
        let checkpoint = self.checkpoint(&state, parts, stopped);
        if let Some((_, report)) = self.job.run.progress {
            let fraction = match stopped {
                None => 1.0,
                Some(_) => checkpoint.fraction().max(state.fraction).min(1.0 - f64::EPSILON),
            };
            report(&Progress {
                solutions: stats.solutions(),
                nodes: stats.nodes(),
                nodes_at_start: self.job.base.stats.nodes(),
                updates: stats.updates(),
                elapsed,
                fraction,
                fraction_at_start: self.fraction_at_start,
                busy: 0,
            });
        }
        Outcome {
            stats,
            stopped,
            checkpoint,
            elapsed,
            seconds: self.job.base.seconds + elapsed.as_secs_f64(),
            splits: state.splits,
        }
    }
}

/// Ends the run when the worker that holds it unwinds (a panic in the search or in a
/// visitor): the other workers wait for work while any is busy, and the panicking one stays
/// busy forever, so without this they would wait forever and the panic would never reach the
/// caller (rayon's scope hands it on once every task of the scope has returned, so this must
/// be dropped inside the scope: each worker holds one).
pub(super) struct EndOnPanic<'s, 'j, T>(pub(super) &'s Commons<'j, T>);

impl<T> Drop for EndOnPanic<'_, '_, T> {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            return;
        }
        let shared = self.0;
        let mut state = shared.state.lock().unwrap_or_else(PoisonError::into_inner);
        state.finished = true;
        state.snapshot = None;
        shared.snapshotting.store(false, Relaxed);
        shared.halting.store(true, Relaxed);
        shared.wake.notify_all();
    }
}

/// Claims a timer due at `at` (nanoseconds from the start): true for the one worker that moves
/// it on by `every`.
pub(super) fn claim(next: &AtomicU64, at: u64, every: Duration) -> bool {
    let due = next.load(Relaxed);
    at >= due
        && next.compare_exchange(due, at.saturating_add(nanos(every)), Relaxed, Relaxed).is_ok()
}

pub(super) fn nanos(duration: Duration) -> u64 {
    u64::try_from(duration.as_nanos()).unwrap_or(u64::MAX)
}

pub(super) fn width(unit: &Subproblem) -> f64 {
    unit.share().map_or(0.0, Share::width)
}

pub(super) fn from(unit: &Subproblem) -> f64 {
    unit.share().map_or(0.0, |share| share.from)
}

/// The fraction done when `remaining` of `total` is left.
pub(super) fn fraction(remaining: f64, total: f64) -> f64 {
    if total > 0.0 && total.is_finite() {
        (1.0 - remaining / total).clamp(0.0, 1.0)
    } else {
        0.0
    }
}
