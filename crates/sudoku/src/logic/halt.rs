//! Limits on a logical walk: a deadline and a flag a signal handler sets. The chains of Sudoku
//! Explainer's levels 3 and 4 can take minutes on the hardest pencilmark puzzles, and a person
//! waiting for a rating, a hint or the game's `?` must be able to give up.
//!
//! The limits hold for the thread that runs [`within_limits`]'s closure: the walks check them
//! between steps, and the forcing chains before each run of implications (a run takes
//! microseconds; a technique without runs, as the X-chains or the exclusions, is not cut, so a
//! limit is kept to within a few hundredths of a second). Once a limit is reached,
//! every later run finds nothing at once, the technique in hand comes back empty-handed, and
//! the walk ends without taking the step it was looking for: every step kept was found whole.
//! A thread-local rather than an argument, because the checks sit deep in the chains, below
//! the [`Technique`](super::Technique) trait that every technique shares.

use std::cell::Cell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// When a logical walk must stop: at a deadline, or once a flag is set (by a signal handler,
/// say). The default has no limit.
#[derive(Clone, Copy, Debug, Default)]
pub struct LogicLimits {
    /// Stop at this instant.
    pub deadline: Option<Instant>,
    /// Stop once this is true.
    pub interrupt: Option<&'static AtomicBool>,
}

/// Why a walk stopped before its end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogicStop {
    /// The deadline passed.
    TimeLimit,
    /// The flag was set.
    Interrupted,
}

/// The limits of this thread's walk and whether one was reached.
#[derive(Clone, Copy)]
struct Watch {
    limits: LogicLimits,
    stop: Option<LogicStop>,
    /// Checks since the clock was last read: it is read on every 16th.
    ticks: u32,
}

thread_local! {
    static WATCH: Cell<Option<Watch>> = const { Cell::new(None) };
}

/// Runs `f` with `limits` on this thread's logic, and says which stopped it, if one did (its
/// result is then partial: a walk's path ends early, a step search may find nothing). Limits
/// nest: an inner call keeps the outer's too.
pub fn within_limits<R>(limits: LogicLimits, f: impl FnOnce() -> R) -> (R, Option<LogicStop>) {
    let outer = WATCH.get();
    let mut inner = limits;
    if let Some(outer) = outer {
        inner.deadline = match (inner.deadline, outer.limits.deadline) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        inner.interrupt = inner.interrupt.or(outer.limits.interrupt);
    }
    WATCH.set(Some(Watch { limits: inner, stop: None, ticks: 0 }));
    let result = f();
    let stop = WATCH.get().and_then(|watch| watch.stop);
    // An outer walk stops too when the inner one stopped at a limit they share.
    WATCH.set(outer.map(|outer| Watch { stop: outer.stop.or(stop), ..outer }));
    (result, stop)
}

/// Whether this thread's walk must stop (always false outside [`within_limits`]).
pub(crate) fn halted() -> bool {
    let Some(mut watch) = WATCH.get() else { return false };
    if watch.stop.is_some() {
        return true;
    }
    if watch.limits.interrupt.is_some_and(|flag| flag.load(Ordering::Relaxed)) {
        watch.stop = Some(LogicStop::Interrupted);
    } else if let Some(deadline) = watch.limits.deadline {
        watch.ticks += 1;
        if watch.ticks >= 16 {
            watch.ticks = 0;
            if Instant::now() >= deadline {
                watch.stop = Some(LogicStop::TimeLimit);
            }
        }
    }
    WATCH.set(Some(watch));
    watch.stop.is_some()
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    static FLAG: AtomicBool = AtomicBool::new(false);

    #[test]
    fn nothing_halts_outside_limits_or_without_any() {
        assert!(!halted());
        let (checks, stop) = within_limits(LogicLimits::default(), || (0..100).all(|_| !halted()));
        assert!(checks && stop.is_none());
    }

    #[test]
    fn a_past_deadline_halts_within_sixteen_checks_and_stays_halted() {
        let limits = LogicLimits { deadline: Some(Instant::now()), interrupt: None };
        let (first, stop) = within_limits(limits, || {
            let first = (1..=16).find(|_| halted());
            assert!(halted() && halted());
            first
        });
        assert_eq!((first, stop), (Some(16), Some(LogicStop::TimeLimit)));
        // And the thread is free again afterwards.
        assert!(!halted());
    }

    #[test]
    fn a_set_flag_halts_at_once_and_an_inner_stop_reaches_the_outer_walk() {
        let later = Some(Instant::now() + Duration::from_secs(3600));
        let outer = LogicLimits { deadline: later, interrupt: Some(&FLAG) };
        let ((inner, outer_halted), stop) = within_limits(outer, || {
            let (_, inner) = within_limits(LogicLimits::default(), || {
                assert!(!halted());
                FLAG.store(true, Ordering::Relaxed);
                halted()
            });
            (inner, halted())
        });
        FLAG.store(false, Ordering::Relaxed);
        assert_eq!(inner, Some(LogicStop::Interrupted));
        assert!(outer_halted);
        assert_eq!(stop, Some(LogicStop::Interrupted));
    }

    #[test]
    #[cfg_attr(debug_assertions, ignore = "slow: a minute; run in release")]
    fn a_walk_cut_short_is_the_start_of_the_whole_walk() {
        use crate::logic::{LogicSolver, ScaleSolver};
        use crate::read::puzzles::parse_puzzle;
        use crate::variant::Variant;

        // The Easter Monster: every step nested chains, a second or two for each whole walk.
        let line =
            "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";
        let grid = parse_puzzle(line).unwrap().grid;
        let variant = Variant::standard(9).unwrap();
        let (hints, scale) = (LogicSolver::for_hints(&variant), ScaleSolver::new(&variant));
        let explained = |steps: &[crate::logic::Step]| -> Vec<String> {
            steps.iter().map(|step| step.explanation.clone()).collect()
        };
        let started = Instant::now();
        let whole = explained(&hints.solve(&grid).unwrap().steps);
        // A quarter of the whole walk's time: the cut comes part way, whatever the machine.
        let limits =
            LogicLimits { deadline: Some(Instant::now() + started.elapsed() / 4), interrupt: None };
        let (cut, stop) = within_limits(limits, || hints.solve(&grid).unwrap());
        assert_eq!(stop, Some(LogicStop::TimeLimit));
        let cut = explained(&cut.steps);
        assert!(cut.len() < whole.len() && !cut.is_empty(), "{} of {}", cut.len(), whole.len());
        assert_eq!(cut[..], whole[..cut.len()]);

        let started = Instant::now();
        let whole = scale.solve(&grid).unwrap().steps;
        let limits =
            LogicLimits { deadline: Some(Instant::now() + started.elapsed() / 4), interrupt: None };
        let (cut, stop) = within_limits(limits, || scale.solve(&grid).unwrap().steps);
        assert_eq!(stop, Some(LogicStop::TimeLimit));
        assert!(cut.len() < whole.len(), "{} of {}", cut.len(), whole.len());
        assert_eq!(cut[..], whole[..cut.len()]);
    }
}
