//! Puzzles made on worker threads and written in index order as soon as each is ready, with
//! the command's thread free to watch: a signal or `--time-limit` stops the run at once, with
//! the puzzles before the first one missing written whole (one puzzle of a hard kind can take
//! minutes, and waiting for it would make a signal look ignored), and a note on stderr says
//! when a puzzle takes long.
//!
//! Workers are plain threads that are not joined: when the run stops early, a worker still
//! inside a puzzle is left to the end of the process, which follows at once.

use std::{
    collections::BTreeMap,
    io::Write,
    sync::{
        atomic::{AtomicBool, AtomicU64, Ordering::Relaxed},
        mpsc, Arc,
    },
    time::{Duration, Instant},
};

use crate::sudoku::GenerateArgs;

/// How far ahead of the last puzzle written the workers may go, so that one slow puzzle does
/// not let the others fill memory.
const WINDOW: u64 = 1024;

/// How often the command's thread looks at the signal flag and the clock.
const POLL: Duration = Duration::from_millis(50);

/// When the first note about a slow puzzle is written; each next one waits four times longer.
const FIRST_NOTE: Duration = Duration::from_secs(5);

/// How many puzzles a run makes, on how many threads, and what stops it besides its end.
pub(super) struct Watch {
    /// Puzzles `0..count` are made.
    pub(super) count: u64,
    /// Worker threads (at least one runs).
    pub(super) jobs: usize,
    pub(super) interrupt: &'static AtomicBool,
    pub(super) deadline: Option<Instant>,
    /// `-q`: no notes.
    pub(super) quiet: bool,
}

impl Watch {
    /// `generate`'s count and threads, stopped by `interrupt` or its time limit from `started`.
    pub(super) fn new(
        args: &GenerateArgs,
        interrupt: &'static AtomicBool,
        started: Instant,
        quiet: bool,
    ) -> Watch {
        let deadline = args.time_limit.map(|limit| started + limit);
        Watch { count: args.count, jobs: super::jobs(args.jobs), interrupt, deadline, quiet }
    }
}

/// How a run ended: with every puzzle, or before puzzle `next` (which was not written).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Ending {
    Done,
    Interrupted { next: u64 },
    TimeLimit { next: u64 },
}

/// What a worker is given: the next index to make (`None`: stop), and where to put a puzzle
/// made (false: nobody takes puzzles any more).
pub(super) type Next<'a> = &'a mut dyn FnMut() -> Option<u64>;
pub(super) type Put<'a, T> = &'a mut dyn FnMut(u64, T) -> bool;

/// The streams a run writes: puzzles to `out`, notes to `err`.
pub(super) struct Streams<'a> {
    pub(super) out: &'a mut dyn Write,
    pub(super) err: &'a mut dyn Write,
}

/// Makes puzzles `0..watch.count` on `watch.jobs` threads, each running `worker` once (with state of its
/// own: a generator, a rater), and gives them to `take` in index order; `out` is flushed
/// whenever no more puzzles are ready.
///
/// # Errors
/// An error of `take` (a failed write, a puzzle that cannot be made), which stops the run, or
/// a failed write.
pub(super) fn in_order<T: Send + 'static>(
    worker: impl Fn(Next<'_>, Put<'_, T>) + Send + Sync + 'static,
    watch: &Watch,
    streams: &mut Streams<'_>,
    mut take: impl FnMut(u64, T, &mut Streams<'_>) -> anyhow::Result<()>,
) -> anyhow::Result<Ending> {
    let (count, jobs) = (watch.count, watch.jobs);
    let next = Arc::new(AtomicU64::new(0));
    let written = Arc::new(AtomicU64::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let worker = Arc::new(worker);
    let (sender, made) = mpsc::channel::<(u64, T)>();
    for _ in 0..jobs.max(1) {
        let (next, written, stop, worker) =
            (Arc::clone(&next), Arc::clone(&written), Arc::clone(&stop), Arc::clone(&worker));
        let interrupt = watch.interrupt;
        let sender = sender.clone();
        std::thread::spawn(move || {
            let mut next_index = || {
                let index = next.fetch_add(1, Relaxed);
                while index >= written.load(Relaxed) + WINDOW {
                    if stop.load(Relaxed) || interrupt.load(Relaxed) {
                        return None;
                    }
                    std::thread::sleep(Duration::from_millis(5));
                }
                let stopped = stop.load(Relaxed) || interrupt.load(Relaxed);
                (index < count && !stopped).then_some(index)
            };
            let mut put = |index, puzzle| sender.send((index, puzzle)).is_ok();
            worker(&mut next_index, &mut put);
        });
    }
    drop(sender);
    let ending = collect(count, &made, watch, streams, &written, &mut take);
    // Workers take no new puzzle; one inside a puzzle finishes it, or the process ends first.
    stop.store(true, Relaxed);
    ending
}

/// The command's side of [`in_order`]: puzzles written in order as they come, the watch kept.
fn collect<T>(
    count: u64,
    made: &mpsc::Receiver<(u64, T)>,
    watch: &Watch,
    streams: &mut Streams<'_>,
    written: &AtomicU64,
    take: &mut impl FnMut(u64, T, &mut Streams<'_>) -> anyhow::Result<()>,
) -> anyhow::Result<Ending> {
    let mut waiting: BTreeMap<u64, T> = BTreeMap::new();
    let mut expected = 0;
    let mut since = Instant::now();
    let mut note = FIRST_NOTE;
    while expected < count {
        match made.recv_timeout(POLL) {
            Ok((index, puzzle)) => {
                waiting.insert(index, puzzle);
                waiting.extend(made.try_iter());
                while let Some(puzzle) = waiting.remove(&expected) {
                    take(expected, puzzle, streams)?;
                    expected += 1;
                    written.store(expected, Relaxed);
                    (since, note) = (Instant::now(), FIRST_NOTE);
                }
                streams.out.flush()?;
                continue;
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            // Workers stop taking puzzles once the signal is seen, so they may all be gone
            // before this thread looks at the flag: that is the interrupt, not a failure.
            Err(mpsc::RecvTimeoutError::Disconnected) if watch.interrupt.load(Relaxed) => {}
            // Every worker stopped otherwise (a panic): what is missing was not made.
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                anyhow::bail!("puzzle {expected}: the worker making it stopped")
            }
        }
        if watch.interrupt.load(Relaxed) {
            return Ok(Ending::Interrupted { next: expected });
        }
        if watch.deadline.is_some_and(|deadline| Instant::now() >= deadline) {
            return Ok(Ending::TimeLimit { next: expected });
        }
        let waited = since.elapsed();
        if waited >= note && !watch.quiet {
            writeln!(
                streams.err,
                "sudoku: still making puzzle {expected} after {} s (Ctrl-C stops with the puzzles made so far; --time-limit bounds a run)",
                waited.as_secs()
            )?;
            note *= 4;
        }
    }
    Ok(Ending::Done)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn watch(
        (count, jobs): (u64, usize),
        interrupt: &'static AtomicBool,
        deadline: Option<Instant>,
    ) -> Watch {
        Watch { count, jobs, interrupt, deadline, quiet: true }
    }

    /// Puzzle `i` is `i * i`, made slowly in reverse-ish order by several threads.
    fn squares(count: u64, jobs: usize) -> Vec<u64> {
        static NEVER: AtomicBool = AtomicBool::new(false);
        let worker = |next: Next<'_>, put: Put<'_, u64>| {
            while let Some(index) = next() {
                std::thread::sleep(Duration::from_micros((index * 7919) % 300));
                if !put(index, index * index) {
                    return;
                }
            }
        };
        let mut seen = Vec::new();
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let mut streams = Streams { out: &mut out, err: &mut err };
        let ending =
            in_order(worker, &watch((count, jobs), &NEVER, None), &mut streams, |i, p, _| {
                assert_eq!(p, i * i);
                seen.push(i);
                Ok(())
            });
        assert_eq!(ending.unwrap(), Ending::Done);
        seen
    }

    #[test]
    fn puzzles_come_in_index_order_whatever_the_threads() {
        for jobs in [1, 2, 5] {
            assert_eq!(squares(300, jobs), (0..300).collect::<Vec<_>>(), "{jobs} jobs");
        }
        assert_eq!(squares(0, 3), Vec::<u64>::new());
    }

    #[test]
    fn a_puzzle_that_never_ends_does_not_hold_up_a_time_limit() {
        static NEVER: AtomicBool = AtomicBool::new(false);
        // Puzzle 3 never comes: the run stops at the deadline with 0, 1 and 2 written.
        let worker = |next: Next<'_>, put: Put<'_, u64>| {
            while let Some(index) = next() {
                if index == 3 {
                    loop {
                        std::thread::sleep(Duration::from_secs(3600));
                    }
                }
                if !put(index, index) {
                    return;
                }
            }
        };
        let deadline = Some(Instant::now() + Duration::from_millis(300));
        let mut seen = Vec::new();
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let mut streams = Streams { out: &mut out, err: &mut err };
        let ending =
            in_order(worker, &watch((10, 1), &NEVER, deadline), &mut streams, |i, _, _| {
                seen.push(i);
                Ok(())
            });
        assert_eq!(ending.unwrap(), Ending::TimeLimit { next: 3 });
        assert_eq!(seen, [0, 1, 2]);
    }

    /// The workers see the signal and leave before the command's thread looks at the flag:
    /// the run is interrupted, not failed (it was exit 2, "the worker making it stopped").
    #[test]
    fn workers_gone_on_a_signal_end_the_run_as_interrupted() {
        static RAISED: AtomicBool = AtomicBool::new(false);
        let worker = |next: Next<'_>, put: Put<'_, u64>| {
            while let Some(index) = next() {
                if index == 2 {
                    RAISED.store(true, Relaxed);
                }
                if !put(index, index) {
                    return;
                }
            }
        };
        let mut seen = Vec::new();
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let mut streams = Streams { out: &mut out, err: &mut err };
        let ending = in_order(worker, &watch((50, 1), &RAISED, None), &mut streams, |i, _, _| {
            seen.push(i);
            Ok(())
        });
        assert_eq!(ending.unwrap(), Ending::Interrupted { next: 3 });
        assert_eq!(seen, [0, 1, 2]);
    }

    #[test]
    fn a_signal_stops_the_run_inside_a_puzzle() {
        static RAISED: AtomicBool = AtomicBool::new(false);
        let worker = |next: Next<'_>, put: Put<'_, u64>| {
            while let Some(index) = next() {
                if index == 1 {
                    RAISED.store(true, Relaxed);
                    loop {
                        std::thread::sleep(Duration::from_secs(3600));
                    }
                }
                if !put(index, index) {
                    return;
                }
            }
        };
        let mut seen = Vec::new();
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let mut streams = Streams { out: &mut out, err: &mut err };
        let ending = in_order(worker, &watch((5, 1), &RAISED, None), &mut streams, |i, _, _| {
            seen.push(i);
            Ok(())
        });
        assert_eq!(ending.unwrap(), Ending::Interrupted { next: 1 });
        assert_eq!(seen, [0]);
    }
}
