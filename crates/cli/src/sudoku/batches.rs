//! Running a batch subcommand's task on every record of one input, batch by batch, on the
//! pool's threads, writing the results in input order.

use std::cell::OnceCell;
use std::io::{IsTerminal, Write};

use rayon::prelude::*;

use super::{
    record::{self, handle, Long, Solvers, Tally, Task},
    rules::{Compiled, Rules},
    stream::{self, Record},
    OutputFormat,
};
use crate::input::Source;

/// Records a thread takes at a time from a batch: small enough to share out a run of hard
/// puzzles, large enough that taking one costs nothing.
const CHUNK: usize = 16;

/// The command's threads (`--jobs`; 0: one per core), started when a batch first needs them.
/// With `--jobs 1`, and for a batch of one record whose search runs on one thread (all but
/// `count` and `enumerate`), the records run on the calling thread: a command that solves one
/// puzzle starts no thread.
pub(super) struct Threads {
    jobs: usize,
    pool: OnceCell<rayon::ThreadPool>,
}

impl Threads {
    pub(super) fn new(jobs: usize) -> Threads {
        Threads { jobs, pool: OnceCell::new() }
    }

    /// The pool, started now if not yet.
    fn pool(&self) -> Result<&rayon::ThreadPool, rayon::ThreadPoolBuildError> {
        if let Some(pool) = self.pool.get() {
            return Ok(pool);
        }
        let pool = rayon::ThreadPoolBuilder::new().num_threads(self.jobs).build()?;
        Ok(self.pool.get_or_init(|| pool))
    }

    /// Whether `batch` of `task` runs on the calling thread.
    fn here(&self, task: Task, batch: &[Record]) -> bool {
        let one_thread = !matches!(task, Task::Count { .. } | Task::Enumerate { .. });
        self.jobs == 1 || (batch.len() == 1 && one_thread)
    }
}

/// Runs `task` on every record of one input.
pub(super) struct Batches<'a> {
    pub(super) task: Task,
    pub(super) format: OutputFormat,
    pub(super) rules: &'a Rules,
    pub(super) threads: &'a Threads,
    pub(super) long: Long<'a>,
    /// `--quiet`: notes about records are left out.
    pub(super) quiet: bool,
}

impl Batches<'_> {
    /// Runs the task on every record of `source` that `next` gives, batch by batch (empty at
    /// the end, `None` when a signal came while waiting for input), writing results in input
    /// order; false when a signal stopped it (records after the first not run are not
    /// printed). `position` says how far the reading is, for the progress bar.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn run(
        &self,
        source: &Source,
        mut next: impl FnMut() -> Option<Vec<Record>>,
        position: Option<&dyn Fn() -> (u64, Option<u64>)>,
        compiled: &mut Compiled,
        tally: &mut Tally,
        out: &mut (dyn Write + Send),
        err: &mut dyn Write,
    ) -> anyhow::Result<bool> {
        let (task, format) = (self.task, self.format);
        let progress = position.and_then(|position| progress_bar(position().1));
        loop {
            let Some(batch) = next() else {
                if let Some(bar) = progress {
                    bar.finish_and_clear();
                }
                return Ok(false);
            };
            if batch.is_empty() {
                break;
            }
            for puzzle in batch.iter().filter_map(stream::Input::puzzle) {
                compiled.prepare(self.rules, puzzle.grid.size());
            }
            let pool =
                if self.threads.here(task, &batch) { None } else { Some(self.threads.pool()?) };
            let jobs = pool.map_or(1, rayon::ThreadPool::current_num_threads);
            let long = Long { single: batch.len() == 1, jobs, ..self.long };
            if matches!(task, Task::Enumerate { .. }) {
                // Solutions stream straight to the output, one puzzle after another; a puzzle's
                // search runs on the pool, which its threads share.
                let mut solvers = Solvers::new(compiled);
                for record in &batch {
                    let mut sink = |text: &str| out.write_all(text.as_bytes());
                    let done = on(pool, || {
                        handle(task, format, source, record, &mut solvers, long, &mut sink)
                    })?;
                    if done.skipped {
                        report(&done, self.quiet, err, tally)?;
                        return Ok(false);
                    }
                    report(&done, self.quiet, err, tally)?;
                }
            } else {
                // Records go in chunks to the pool's threads; a chunk borrows solvers left by
                // an earlier chunk, so a batch builds about one set per thread rather than one
                // per split of the work (rayon's `map_init`), each a copy of the template's links.
                let spare = std::sync::Mutex::new(Vec::new());
                // A chunk's outputs go into one text, each record's ending where its `done` says.
                let run_chunk = |chunk: &[Record]| {
                    let taken = spare.lock().ok().and_then(|mut spare| spare.pop());
                    let mut solvers = taken.unwrap_or_else(|| Solvers::new(compiled));
                    // Room for a classic solution a record, so that the text rarely grows.
                    let mut text = String::with_capacity(chunk.len() * 82);
                    let done = chunk
                        .iter()
                        .map(|record| {
                            let mut sink = |piece: &str| {
                                text.push_str(piece);
                                Ok(())
                            };
                            let done =
                                handle(task, format, source, record, &mut solvers, long, &mut sink);
                            (text.len(), done)
                        })
                        .collect::<Vec<_>>();
                    if let Ok(mut spare) = spare.lock() {
                        spare.push(solvers);
                    }
                    (text, done)
                };
                let chunks: Vec<_> = match pool {
                    Some(pool) => pool.install(|| batch.par_chunks(CHUNK).map(run_chunk).collect()),
                    None => batch.chunks(CHUNK).map(run_chunk).collect(),
                };
                for (text, dones) in chunks {
                    let mut start = 0;
                    for (end, done) in dones {
                        let done = done?;
                        if done.skipped {
                            report(&done, self.quiet, err, tally)?;
                            return Ok(false);
                        }
                        out.write_all(&text.as_bytes()[start..end])?;
                        start = end;
                        report(&done, self.quiet, err, tally)?;
                    }
                }
            }
            out.flush()?;
            if let (Some(bar), Some(position)) = (&progress, position) {
                bar.set_position(position().0);
            }
        }
        if let Some(bar) = progress {
            bar.finish_and_clear();
        }
        Ok(true)
    }
}

/// Runs `op` on `pool`'s threads, or on this one without a pool.
fn on<R: Send>(pool: Option<&rayon::ThreadPool>, op: impl FnOnce() -> R + Send) -> R {
    match pool {
        Some(pool) => pool.install(op),
        None => op(),
    }
}

/// Passes a record's message to stderr and its counts to the tally.
/// Under `quiet`, only an error's message: a note (a search stopped at a limit) is left out.
fn report(
    done: &record::Done,
    quiet: bool,
    err: &mut dyn Write,
    tally: &mut Tally,
) -> std::io::Result<()> {
    let note = done.tally.errors == 0;
    if let Some(message) = done.err.as_ref().filter(|_| !(quiet && note)) {
        writeln!(err, "sudoku: {message}")?;
    }
    *tally += done.tally;
    Ok(())
}

/// A progress bar on stderr for a large file (of `size` bytes), only when a person is watching
/// it. It counts the bytes read, which records are read from in order.
fn progress_bar(size: Option<u64>) -> Option<indicatif::ProgressBar> {
    let size = size.filter(|&size| size >= 1 << 20)?;
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = indicatif::ProgressBar::new(size);
    let style = indicatif::ProgressStyle::with_template(
        "{bar:40} {bytes}/{total_bytes}, {bytes_per_sec}, eta {eta}",
    );
    if let Ok(style) = style {
        bar.set_style(style);
    }
    Some(bar)
}

#[cfg(test)]
mod tests {
    use dancer_sudoku::{Grid, Puzzle};

    use super::*;

    fn batch(records: usize) -> Vec<Record> {
        let puzzle = Puzzle { grid: Grid::empty(9), line: 1, extra: None };
        (0..records).map(|_| stream::Input::Puzzle(Ok(puzzle.clone()))).collect()
    }

    #[test]
    fn one_puzzle_or_one_job_runs_on_the_calling_thread() {
        let (solve, count) = (Task::Solve { unique: false }, Task::Count { limit: None });
        let all = Threads::new(0);
        assert!(all.here(solve, &batch(1)));
        assert!(!all.here(solve, &batch(2)));
        // A count or an enumeration of one puzzle may share its search among the threads.
        assert!(!all.here(count, &batch(1)));
        let one = Threads::new(1);
        assert!(one.here(solve, &batch(100)) && one.here(count, &batch(1)));
        assert!(all.pool.get().is_none() && one.pool.get().is_none(), "no pool started");
        assert_eq!(Threads::new(3).pool().unwrap().current_num_threads(), 3);
    }
}
