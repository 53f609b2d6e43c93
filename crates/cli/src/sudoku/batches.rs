//! Running a batch subcommand's task on every record of one input, batch by batch, on the
//! pool's threads, writing the results in input order.

use std::io::{IsTerminal, Write};

use rayon::prelude::*;

use super::{
    record::{self, handle, Long, Solvers, Tally, Task},
    rules::{Rules, Templates},
    stream::{self, Record},
    OutputFormat,
};
use crate::input::Source;

/// Records a thread takes at a time from a batch: small enough to share out a run of hard
/// puzzles, large enough that taking one costs nothing.
const CHUNK: usize = 16;

/// Runs `task` on every record of one input.
pub(super) struct Batches<'a> {
    pub(super) task: Task,
    pub(super) format: OutputFormat,
    pub(super) rules: &'a Rules,
    pub(super) pool: &'a rayon::ThreadPool,
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
        templates: &mut Templates,
        tally: &mut Tally,
        out: &mut (dyn Write + Send),
        err: &mut dyn Write,
    ) -> anyhow::Result<bool> {
        let (task, format, pool) = (self.task, self.format, self.pool);
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
                templates.prepare(self.rules, puzzle.grid.size());
            }
            let long = Long { single: batch.len() == 1, ..self.long };
            if matches!(task, Task::Enumerate { .. }) {
                // Solutions stream straight to the output, one puzzle after another; a puzzle's
                // search runs on the pool, which its threads share.
                let mut solvers = Solvers::new(templates);
                for record in &batch {
                    let mut sink = |text: &str| out.write_all(text.as_bytes());
                    let done = pool.install(|| {
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
                let chunks: Vec<Vec<_>> = pool.install(|| {
                    batch
                        .par_chunks(CHUNK)
                        .map(|chunk| {
                            let taken = spare.lock().ok().and_then(|mut spare| spare.pop());
                            let mut solvers = taken.unwrap_or_else(|| Solvers::new(templates));
                            let done = chunk
                                .iter()
                                .map(|record| {
                                    let mut text = String::new();
                                    let mut sink = |piece: &str| {
                                        text.push_str(piece);
                                        Ok(())
                                    };
                                    let done = handle(
                                        task,
                                        format,
                                        source,
                                        record,
                                        &mut solvers,
                                        long,
                                        &mut sink,
                                    );
                                    (text, done)
                                })
                                .collect();
                            if let Ok(mut spare) = spare.lock() {
                                spare.push(solvers);
                            }
                            done
                        })
                        .collect()
                });
                for (text, done) in chunks.into_iter().flatten() {
                    let done = done?;
                    if done.skipped {
                        report(&done, self.quiet, err, tally)?;
                        return Ok(false);
                    }
                    out.write_all(text.as_bytes())?;
                    report(&done, self.quiet, err, tally)?;
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
