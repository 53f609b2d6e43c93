//! What `dlx status` reads of each part: its summary among the done files, its latest
//! checkpoint (a directory of them, or a pattern with `{}` for the part's number), the error
//! line its log ends with, and GNU parallel's job log. Files of another split are set aside
//! with a note; damaged ones too.

use std::{
    fs,
    io::{Read, Seek, SeekFrom},
    path::{Path, PathBuf},
    time::{Duration, SystemTime},
};

use anyhow::Context;
use dancer::run::Part;

use super::{super::merge::Line, Progress};
use crate::input::{Lines, Source, MAX_DOCUMENT, MAX_JSON_LINE};
use crate::job::Saved;

/// What is known of one part.
#[derive(Clone, Debug, Default)]
pub(super) struct Known {
    /// Its summary: a complete one if any, else the last read.
    pub(super) summary: Option<Line>,
    /// Its latest checkpoint.
    pub(super) checkpoint: Option<Seen>,
    /// The last error line of its log, and when the log was last written.
    pub(super) log_error: Option<(String, SystemTime)>,
    /// Its latest run in GNU parallel's job log.
    pub(super) job: Option<ParallelJob>,
}

/// A checkpoint file as read, and when it was written.
#[derive(Clone, Debug)]
pub(super) struct Seen {
    pub(super) saved: Saved,
    pub(super) modified: SystemTime,
}

/// One run of a part in GNU parallel's job log.
#[derive(Clone, Debug)]
pub(super) struct ParallelJob {
    pub(super) exit: i32,
    pub(super) signal: i32,
    pub(super) ended: SystemTime,
}

impl Seen {
    /// Whether the process that wrote it still runs: on this host, whether it is there; on
    /// another, whether it wrote within `silent_after` (by default three checkpoint intervals
    /// and a minute).
    pub(super) fn alive(
        &self,
        host: &str,
        progress: &Progress,
        silent_after: Option<Duration>,
    ) -> bool {
        let Some(writer) = &self.saved.writer else { return false };
        if writer.host == host && Path::new("/proc/self").exists() {
            return Path::new(&format!("/proc/{}", writer.pid)).exists();
        }
        let every = writer.every.map_or(Duration::ZERO, Duration::from_secs_f64);
        let limit = silent_after.unwrap_or(every * 3 + Duration::from_secs(60));
        progress.age <= limit
    }
}

/// Refuses what is not a regular file (a FIFO, a socket, a device, a directory), before
/// opening it: opening a FIFO that nothing writes to waits for ever, and runs leave regular
/// files only. See: issue 32.
///
/// # Errors
/// A path that cannot be looked at (missing, say), or that is not a regular file.
pub(super) fn regular(path: &Path) -> anyhow::Result<()> {
    let shown = path.display();
    let kind = fs::metadata(path).with_context(|| format!("cannot read {shown}"))?.file_type();
    if kind.is_file() {
        return Ok(());
    }
    let what = if kind.is_dir() { "a directory" } else { other_kind(kind) };
    let why = if what.starts_with("a FIFO") {
        ": opening one waits for ever when nothing writes to it"
    } else {
        ""
    };
    anyhow::bail!(
        "{shown}: {what}, not a regular file (dlx status reads the files runs leave){why}"
    )
}

#[cfg(unix)]
fn other_kind(kind: fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    match kind {
        kind if kind.is_fifo() => "a FIFO (named pipe)",
        kind if kind.is_socket() => "a socket",
        kind if kind.is_char_device() || kind.is_block_device() => "a device",
        _ => "not a file",
    }
}

#[cfg(not(unix))]
fn other_kind(_: fs::FileType) -> &'static str {
    "not a file"
}

/// Reads the summaries in `files` (missing files are noted, not errors: no part done yet).
pub(super) fn read_done(
    files: &[PathBuf],
    first: &Part,
    known: &mut [Known],
    notes: &mut Vec<String>,
) {
    for path in files {
        if let Err(error) = regular(path) {
            notes.push(format!("{error:#}"));
            continue;
        }
        let source = Source::File(path.clone());
        let reader = match source.open() {
            Ok(reader) => reader,
            Err(error) => {
                notes.push(format!("{error:#}"));
                continue;
            }
        };
        for (number, line) in Lines::new(reader, MAX_JSON_LINE) {
            let place = format!("{source}:{number}");
            let line = match line {
                Ok(line) => line,
                Err(fault) => {
                    notes.push(format!(
                        "{place}: {}",
                        fault.message(MAX_JSON_LINE, "a line of JSON")
                    ));
                    break;
                }
            };
            match super::super::merge::summary(&line, &place) {
                Ok(Some(line)) if line.split != first.split => {
                    notes.push(format!(
                        "{place}: a summary of another split ({}), left out",
                        line.split
                    ));
                }
                Ok(Some(line)) => {
                    let Some(slot) = usize::try_from(line.part).ok().and_then(|k| known.get_mut(k))
                    else {
                        notes.push(format!("{place}: there is no part {}", line.part));
                        continue;
                    };
                    if line.complete || slot.summary.as_ref().is_none_or(|held| !held.complete) {
                        slot.summary = Some(line);
                    }
                }
                Ok(None) => {}
                Err(problem) => notes.push(problem),
            }
        }
    }
}

/// Reads the checkpoints in `where_`: a pattern with `{}` for the part number, or a directory
/// whose `.json` files each name their part.
pub(super) fn read_checkpoints(
    where_: &str,
    first: &Part,
    known: &mut [Known],
    notes: &mut Vec<String>,
) -> anyhow::Result<()> {
    let paths: Vec<PathBuf> = if where_.contains("{}") {
        (0..known.len()).map(|k| PathBuf::from(where_.replace("{}", &k.to_string()))).collect()
    } else {
        let entries =
            fs::read_dir(where_).with_context(|| format!("cannot read the directory {where_}"))?;
        let mut paths: Vec<PathBuf> = entries
            .filter_map(Result::ok)
            .map(|entry| entry.path())
            .filter(|path| path.extension().is_some_and(|e| e == "json"))
            .collect();
        paths.sort();
        paths
    };
    for path in paths {
        let Ok(meta) = fs::metadata(&path) else { continue };
        if let Err(error) = regular(&path) {
            notes.push(format!("{error:#}"));
            continue;
        }
        let saved = match Saved::read(&path, "dlx") {
            Ok(saved) => saved,
            Err(error) => {
                notes.push(format!("{error:#}"));
                continue;
            }
        };
        let shown = path.display();
        let Some(part) = &saved.part else {
            notes.push(format!("{shown}: a checkpoint of a whole problem, not of a part"));
            continue;
        };
        if part.split != first.split {
            notes
                .push(format!("{shown}: a checkpoint of another split ({}), left out", part.split));
            continue;
        }
        let modified = meta.modified().unwrap_or(SystemTime::UNIX_EPOCH);
        let Some(slot) = known.get_mut(part.part) else { continue };
        if slot.checkpoint.as_ref().is_none_or(|held| held.modified < modified) {
            slot.checkpoint = Some(Seen { saved, modified });
        }
    }
    Ok(())
}

/// The most of a log read: its end, where the last run wrote.
const LOG_TAIL: u64 = 64 * 1024;

/// Reads each part's log (`pattern` with `{}` for its number) for the error its last run
/// ended with: the last line `dlx: ...` that is not a warning or a progress line.
pub(super) fn read_logs(pattern: &str, known: &mut [Known], notes: &mut Vec<String>) {
    for (k, slot) in known.iter_mut().enumerate() {
        let path = PathBuf::from(pattern.replace("{}", &k.to_string()));
        if !path.exists() {
            continue;
        }
        if let Err(error) = regular(&path) {
            notes.push(format!("{error:#}"));
            continue;
        }
        let Ok(mut file) = fs::File::open(&path) else { continue };
        let Ok(meta) = file.metadata() else { continue };
        let _ = file.seek(SeekFrom::Start(meta.len().saturating_sub(LOG_TAIL)));
        let mut tail = Vec::new();
        if file.take(LOG_TAIL).read_to_end(&mut tail).is_err() {
            continue;
        }
        let text = String::from_utf8_lossy(&tail);
        let error = text.lines().rev().find(|line| {
            line.starts_with("dlx: ")
                && !line.starts_with("dlx: warning:")
                && !line.contains("% done")
        });
        if let Some(line) = error {
            let when = meta.modified().unwrap_or(SystemTime::UNIX_EPOCH);
            slot.log_error = Some((format!("{line} ({})", path.display()), when));
        }
    }
}

/// Reads GNU parallel's job log (`--joblog`): for each part (the `--part K` of its command),
/// its latest run's exit status and signal.
pub(super) fn read_joblog(
    path: &Path,
    known: &mut [Known],
    notes: &mut Vec<String>,
) -> anyhow::Result<()> {
    regular(path)?;
    let text = Source::File(path.to_owned()).read_to_string(MAX_DOCUMENT, "a job log")?;
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap_or_default().split('\t').collect();
    let column = |name: &str| header.iter().position(|&h| h == name);
    let (Some(start), Some(runtime), Some(exit), Some(signal), Some(command)) = (
        column("Starttime"),
        column("JobRuntime"),
        column("Exitval"),
        column("Signal"),
        column("Command"),
    ) else {
        anyhow::bail!(
            "{}: not a GNU parallel job log (its first line names no Exitval, Signal, Command...)",
            path.display()
        );
    };
    for (index, line) in lines.enumerate() {
        let place = format!("{}:{}", path.display(), index + 2);
        let fields: Vec<&str> = line.splitn(header.len(), '\t').collect();
        let number = |i: usize| fields.get(i).and_then(|f| f.trim().parse::<f64>().ok());
        let (Some(started), Some(took), Some(exit), Some(signal)) =
            (number(start), number(runtime), number(exit), number(signal))
        else {
            notes.push(format!("{place}: not a job log line"));
            continue;
        };
        let Some(part) = fields.get(command).and_then(|c| part_of(c)) else { continue };
        let Some(slot) = known.get_mut(part) else { continue };
        let job = match parallel_job(started, took, exit, signal) {
            Ok(job) => job,
            Err(why) => {
                notes.push(format!("{place}: {why}: the line is left out"));
                continue;
            }
        };
        if slot.job.as_ref().is_none_or(|held| held.ended <= job.ended) {
            slot.job = Some(job);
        }
    }
    Ok(())
}

/// A run of a job log line from its `Starttime` and `JobRuntime` (seconds: since 1970, and
/// long), `Exitval` and `Signal`; or which of them is not what it should be.
fn parallel_job(started: f64, took: f64, exit: f64, signal: f64) -> Result<ParallelJob, String> {
    let seconds = |name: &str, value: f64| {
        Duration::try_from_secs_f64(value)
            .map_err(|_| format!("its {name} {value} is not a number of seconds from 0 to 2^64"))
    };
    let ended = seconds("Starttime", started)?
        .checked_add(seconds("JobRuntime", took)?)
        .and_then(|since| SystemTime::UNIX_EPOCH.checked_add(since))
        .ok_or_else(|| {
            format!("its Starttime {started} and JobRuntime {took} end past the last time there is")
        })?;
    let whole = |name: &str, value: f64| {
        // A whole number in range, so the cast is exact.
        #[allow(clippy::cast_possible_truncation)]
        let cast = value as i32;
        if value.fract() == 0.0 && (f64::from(i32::MIN)..=f64::from(i32::MAX)).contains(&value) {
            Ok(cast)
        } else {
            Err(format!("its {name} {value} is not a whole number"))
        }
    };
    Ok(ParallelJob { exit: whole("Exitval", exit)?, signal: whole("Signal", signal)?, ended })
}

/// The part number of a command: the word after `--part`, or after `--part=`.
fn part_of(command: &str) -> Option<usize> {
    let mut words = command.split_whitespace();
    while let Some(word) = words.next() {
        if word == "--part" {
            return words.next()?.trim_matches(['\'', '"']).parse().ok();
        }
        if let Some(value) = word.strip_prefix("--part=") {
            return value.trim_matches(['\'', '"']).parse().ok();
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// See: issue 32 (a start time or runtime of `inf` or past 2^64 seconds panicked).
    #[test]
    fn a_job_log_line_out_of_range_is_an_error_naming_its_field() {
        let job = parallel_job(1_700_000_000.0, 0.5, 2.0, 0.0).unwrap();
        assert_eq!((job.exit, job.signal), (2, 0));
        let ended = job.ended.duration_since(SystemTime::UNIX_EPOCH).unwrap();
        assert_eq!(ended, Duration::from_secs_f64(1_700_000_000.5));
        for (started, took, exit, signal, field) in [
            (f64::INFINITY, 0.1, 0.0, 0.0, "Starttime inf"),
            (1.85e19, 0.1, 0.0, 0.0, "Starttime 18500000000000000000"),
            (-1.0, 0.1, 0.0, 0.0, "Starttime -1"),
            (f64::NAN, 0.1, 0.0, 0.0, "Starttime NaN"),
            (1.0, f64::INFINITY, 0.0, 0.0, "JobRuntime inf"),
            (1.0, 1.85e19, 0.0, 0.0, "JobRuntime 18500000000000000000"),
            (1e19, 1e19, 0.0, 0.0, "Starttime 10000000000000000000 and JobRuntime"),
            (1e19, 0.0, 0.0, 0.0, "end past the last time there is"),
            (1.0, 0.1, 1e30, 0.0, "Exitval 1000000000000000000000000000000"),
            (1.0, 0.1, 0.0, 2.5, "Signal 2.5"),
        ] {
            let why = parallel_job(started, took, exit, signal).unwrap_err();
            assert!(why.contains(field), "{why}");
        }
    }

    #[test]
    fn the_part_of_a_command_is_the_word_after_part() {
        assert_eq!(part_of("dlx --count --json --parts p.jsonl --part 17 q.dlx"), Some(17));
        assert_eq!(part_of("dlx --part=3 q.dlx"), Some(3));
        assert_eq!(part_of("dlx --parts p.jsonl q.dlx"), None);
        assert_eq!(part_of("sh -c 'dlx --part 5 x'"), Some(5));
    }
}
