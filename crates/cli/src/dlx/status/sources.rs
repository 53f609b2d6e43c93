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

/// Reads the summaries in `files` (missing files are noted, not errors: no part done yet).
pub(super) fn read_done(
    files: &[PathBuf],
    first: &Part,
    known: &mut [Known],
    notes: &mut Vec<String>,
) {
    for path in files {
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
pub(super) fn read_logs(pattern: &str, known: &mut [Known]) {
    for (k, slot) in known.iter_mut().enumerate() {
        let path = PathBuf::from(pattern.replace("{}", &k.to_string()));
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
        let fields: Vec<&str> = line.splitn(header.len(), '\t').collect();
        let number = |i: usize| fields.get(i).and_then(|f| f.trim().parse::<f64>().ok());
        let (Some(started), Some(took), Some(exit), Some(signal)) =
            (number(start), number(runtime), number(exit), number(signal))
        else {
            notes.push(format!("{}:{}: not a job log line", path.display(), index + 2));
            continue;
        };
        let Some(part) = fields.get(command).and_then(|c| part_of(c)) else { continue };
        let Some(slot) = known.get_mut(part) else { continue };
        let ended = SystemTime::UNIX_EPOCH + Duration::from_secs_f64((started + took).max(0.0));
        #[allow(clippy::cast_possible_truncation)] // statuses and signals are small integers
        let job = ParallelJob { exit: exit as i32, signal: signal as i32, ended };
        if slot.job.as_ref().is_none_or(|held| held.ended <= ended) {
            slot.job = Some(job);
        }
    }
    Ok(())
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

    #[test]
    fn the_part_of_a_command_is_the_word_after_part() {
        assert_eq!(part_of("dlx --count --json --parts p.jsonl --part 17 q.dlx"), Some(17));
        assert_eq!(part_of("dlx --part=3 q.dlx"), Some(3));
        assert_eq!(part_of("dlx --parts p.jsonl q.dlx"), None);
        assert_eq!(part_of("sh -c 'dlx --part 5 x'"), Some(5));
    }
}
