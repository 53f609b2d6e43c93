//! What `dlx` and `sudoku count`/`enumerate` share for long searches: the options for limits,
//! checkpoints and progress, and turning them into a [`dancer::run::Run`]; the size of a memo's
//! table; the threads and memory a run takes (`machine.rs`).

mod checkpoint_file;
mod machine;
mod progress;
mod saved;

use std::{
    borrow::Cow,
    path::{Path, PathBuf},
    sync::atomic::AtomicBool,
    time::Duration,
};

use clap::{ArgGroup, Args, ValueEnum};
use dancer::run::{Outcome, Run, Stop};

pub use self::checkpoint_file::CheckpointFile;
pub use self::machine::{jobs, jobs_held, memo, memo_bytes, memo_figures, pool, JOBS_PER_CORE};
pub use self::progress::{clock, percent, short, Display};
pub use self::saved::{Saved, Writer};
use crate::Exit;

// Not `///`, which clap would take for the subcommand's about: see `defer`.
#[doc = concat!("Limits, checkpoints and progress: the options of a long search.")]
#[derive(Clone, Debug, Default, Args)]
#[command(group = ArgGroup::new("saving").args(["checkpoint", "resume"]).multiple(true))]
pub struct JobArgs {
    /// Stop after this much time (90s, 15m, 2h, 1h30m...): print what was found so far (a
    /// count gets a `+`) and exit with status 3.
    #[arg(long, value_name = "DURATION", value_parser = parse_duration)]
    pub time_limit: Option<Duration>,

    /// Stop after exactly N search-tree nodes (`1e9` and `1_000_000` are fine), as
    /// --time-limit.
    #[arg(long, value_name = "N", value_parser = parse_count)]
    pub node_limit: Option<u64>,

    /// Stop after about N updates (Knuth's mems, counted as links changed), as --time-limit.
    #[arg(long, value_name = "N", value_parser = parse_count)]
    pub mems_limit: Option<u64>,

    /// Write the state of a run that stops early (a limit, Ctrl-C, SIGTERM) to FILE, so that
    /// --resume FILE continues it. FILE is checked before the search starts: its directory
    /// must exist and take a new file, and FILE must be a regular file or absent (a symbolic
    /// link is followed: its target is written).
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,

    /// Also write the checkpoint this often while searching, so that a crash or a killed job
    /// loses at most that much work.
    #[arg(long, value_name = "DURATION", value_parser = parse_duration, requires = "saving")]
    pub checkpoint_every: Option<Duration>,

    /// With --checkpoint FILE: resume from FILE when it exists, start afresh when it does not,
    /// so that one command runs a search (or a part of a split) the first time and goes on
    /// from where it stopped every time after, as `wget -c` goes on with a download; a finished
    /// run's checkpoint gives its total at once.
    #[arg(long = "continue", requires = "checkpoint")]
    pub continue_run: bool,

    /// Continue the run saved in FILE (made by --checkpoint with the same problem): it finds
    /// exactly the solutions not yet found, and reports totals over the whole run. The run goes
    /// on checkpointing to FILE, unless --checkpoint names another.
    #[arg(long, value_name = "FILE")]
    pub resume: Option<PathBuf>,

    /// Show progress on stderr: the fraction of the search tree done, an ETA, solutions so far
    /// and nodes per second. `--progress=bar` (the default on a terminal) or `--progress=lines`
    /// (one line every --progress-every; the default elsewhere), or `--progress=off`. The value
    /// attaches with `=` only, so `--progress FILE` reads FILE. Without this option, a bar shows
    /// when stderr is a terminal and no solutions are printed to one.
    // require_equals: an optional value that could be the next word would swallow the file.
    #[arg(long, value_name = "HOW", num_args = 0..=1, require_equals = true,
          default_missing_value = "on")]
    pub progress: Option<ProgressMode>,

    /// How often --progress=lines prints a line.
    #[arg(long, value_name = "DURATION", value_parser = parse_duration, default_value = "5s")]
    pub progress_every: Duration,
}

/// How progress is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ProgressMode {
    /// A bar on a terminal, lines elsewhere.
    On,
    /// A bar (on a terminal; nothing elsewhere).
    Bar,
    /// One plain line every --progress-every.
    Lines,
    /// Nothing.
    Off,
}

impl JobArgs {
    /// `run` with these limits and the interrupt flag.
    pub fn limits<'a>(&self, mut run: Run<'a>, interrupt: &'a AtomicBool) -> Run<'a> {
        if let Some(time) = self.time_limit {
            run = run.time_limit(time);
        }
        if let Some(nodes) = self.node_limit {
            run = run.node_limit(nodes);
        }
        if let Some(updates) = self.mems_limit {
            run = run.update_limit(updates);
        }
        run.interrupt(interrupt)
    }

    /// `--continue`: resume from the checkpoint file when it exists. Done once, when the
    /// arguments are read.
    pub fn settle(&mut self) {
        if self.continue_run && self.resume.is_none() {
            self.resume = self.checkpoint.clone().filter(|path| path.exists());
        }
    }

    /// Where checkpoints go: `--checkpoint`, or else the file resumed from (so that a resumed
    /// run stopped again leaves its state where the user will look for it).
    pub fn checkpoint_path(&self) -> Option<&Path> {
        self.checkpoint.as_deref().or(self.resume.as_deref())
    }

    /// The checkpoint file's contents for `checkpoint`, written by `tool` (counting or not),
    /// with this process as its writer and its checkpoint interval, for `dlx status`.
    pub fn saved(&self, tool: &str, counting: bool, checkpoint: &dancer::run::Checkpoint) -> Saved {
        let mut saved = Saved::new(tool, counting, checkpoint.clone());
        let every = self.checkpoint_every.map(|every| every.as_secs_f64());
        saved.writer = Some(Writer::this_process(every));
        saved
    }

    /// The checkpoint file, checked now, before any search (see [`CheckpointFile::prepare`]).
    ///
    /// # Errors
    /// When checkpoints could not be written there.
    pub fn checkpoint_file(&self) -> anyhow::Result<Option<CheckpointFile>> {
        let Some(path) = self.checkpoint_path() else { return Ok(None) };
        let resumed = self.resume.as_deref() == Some(path);
        CheckpointFile::prepare(path, resumed).map(Some)
    }
}

/// The command that resumes this run from `checkpoint`: the command line as given, with its
/// `--checkpoint` and `--resume` replaced by one `--resume CHECKPOINT` (which also goes on
/// checkpointing there), quoted for a POSIX shell.
pub fn resume_command(checkpoint: &Path) -> String {
    resume_words(std::env::args_os().map(|word| word.to_string_lossy().into_owned()), checkpoint)
}

fn resume_words(args: impl IntoIterator<Item = String>, checkpoint: &Path) -> String {
    let mut args = args.into_iter();
    let mut words: Vec<String> = args.next().into_iter().collect();
    let mut placed = false;
    while let Some(word) = args.next() {
        if word == "--" {
            words.push(word);
            words.extend(args.by_ref());
            break;
        }
        let separate = word == "--checkpoint" || word == "--resume";
        if separate || word.starts_with("--checkpoint=") || word.starts_with("--resume=") {
            if separate {
                args.next();
            }
            if !std::mem::replace(&mut placed, true) {
                words.push("--resume".to_owned());
                words.push(checkpoint.to_string_lossy().into_owned());
            }
        } else {
            words.push(word);
        }
    }
    let quoted: Vec<String> = words
        .iter()
        .map(|word| shlex::try_quote(word).map_or_else(|_| word.clone(), Cow::into_owned))
        .collect();
    quoted.join(" ")
}

/// Whether the run stopped at a limit of these options (or was interrupted), as opposed to
/// ending or reaching a solution limit: its count is then partial.
pub fn partial(outcome: &Outcome) -> bool {
    matches!(
        outcome.stopped(),
        Some(Stop::NodeLimit | Stop::UpdateLimit | Stop::TimeLimit | Stop::Interrupted)
    )
}

/// The exit status of a run that stopped early, if it did: 130 when interrupted, 3 at a limit.
pub fn early_exit(outcome: &Outcome) -> Option<Exit> {
    match outcome.stopped()? {
        Stop::Interrupted => Some(Exit::Interrupted),
        Stop::NodeLimit | Stop::UpdateLimit | Stop::TimeLimit => Some(Exit::Stopped),
        _ => None,
    }
}

/// Why a run stopped, for people: "the time limit", "Ctrl-C", ...
pub fn reason(stop: Stop) -> &'static str {
    match stop {
        Stop::NodeLimit => "the node limit",
        Stop::UpdateLimit => "the mems limit",
        Stop::TimeLimit => "the time limit",
        Stop::SolutionLimit => "the solution limit",
        Stop::Interrupted => "an interrupt",
        _ => "the output closing",
    }
}

/// A duration: `90s`, `15m`, `2h`, `1h30m`, `500ms`, or a number of seconds.
///
/// # Errors
/// When it is none of these.
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let text = text.trim();
    if let Ok(seconds) = text.parse::<f64>() {
        return Duration::try_from_secs_f64(seconds).map_err(|e| format!("'{text}': {e}"));
    }
    humantime::parse_duration(text).map_err(|error| {
        format!("'{text}' is not a duration ({error}); write it as 90s, 15m, 2h or 1h30m")
    })
}

/// A count: digits, with `_` between them if wanted, or a power of ten such as `1e9`.
///
/// # Errors
/// When it is not a whole number from 0 to 2^64 - 1.
pub fn parse_count(text: &str) -> Result<u64, String> {
    let digits: String = text.trim().chars().filter(|&c| c != '_').collect();
    if let Ok(count) = digits.parse::<u64>() {
        return Ok(count);
    }
    let whole = |value: f64| value >= 0.0 && value.fract() == 0.0 && value < 2f64.powi(64);
    match digits.parse::<f64>() {
        // A float from `1e9` is exact up to 2^53 and the cast is checked to be in range.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        Ok(value) if digits.contains(['e', 'E']) && whole(value) => Ok(value as u64),
        _ => Err(format!("'{text}' is not a whole number (write 1000000, 1_000_000 or 1e6)")),
    }
}

/// A size in bytes: a whole number with an optional unit, B, KB, MB, GB, TB (powers of 1000)
/// or KiB, MiB, GiB, TiB (of 1024), in any case: `--memo-size` of `dlx` and `sudoku count`.
///
/// # Errors
/// When it is none of these, or more than `usize` holds.
pub fn parse_size(text: &str) -> Result<usize, String> {
    let trimmed = text.trim();
    let split = trimmed.find(|c: char| !c.is_ascii_digit() && c != '_').unwrap_or(trimmed.len());
    let (digits, unit) = trimmed.split_at(split);
    let digits: String = digits.chars().filter(|&c| c != '_').collect();
    let bad = || format!("'{text}' is not a size (write 512MiB, 4GiB, 1GB or a number of bytes)");
    let number: u64 = digits.parse().map_err(|_| bad())?;
    let scale: u64 = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 1,
        "k" | "kb" => 1_000,
        "m" | "mb" => 1_000_000,
        "g" | "gb" => 1_000_000_000,
        "t" | "tb" => 1_000_000_000_000,
        "kib" => 1 << 10,
        "mib" => 1 << 20,
        "gib" => 1 << 30,
        "tib" => 1 << 40,
        _ => return Err(bad()),
    };
    let bytes = number.checked_mul(scale).ok_or_else(bad)?;
    usize::try_from(bytes)
        .map_err(|_| format!("'{text}' is more memory than this machine can address"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_resume_command_replaces_checkpoint_and_resume_by_one_resume() {
        let words = |line: &str| line.split(' ').map(str::to_owned).collect::<Vec<_>>();
        let path = Path::new("saved state.json");
        assert_eq!(
            resume_words(words("dlx --count --checkpoint c.json --time-limit 2h q.dlx"), path),
            "dlx --count --resume 'saved state.json' --time-limit 2h q.dlx"
        );
        assert_eq!(
            resume_words(words("sudoku count --resume=a.json --checkpoint=b.json p.txt"), path),
            "sudoku count --resume 'saved state.json' p.txt"
        );
        // --checkpoint-every is another option; after `--` every word is kept.
        assert_eq!(
            resume_words(words("dlx --checkpoint-every 5m --checkpoint c -- --resume"), path),
            "dlx --checkpoint-every 5m --resume 'saved state.json' -- --resume"
        );
    }

    #[test]
    fn durations_in_the_usual_spellings() {
        assert_eq!(parse_duration("90s"), Ok(Duration::from_secs(90)));
        assert_eq!(parse_duration("2h"), Ok(Duration::from_secs(7200)));
        assert_eq!(parse_duration("1h30m"), Ok(Duration::from_secs(5400)));
        assert_eq!(parse_duration("1.5"), Ok(Duration::from_millis(1500)));
        assert_eq!(parse_duration("250ms"), Ok(Duration::from_millis(250)));
        for bad in ["", "soon", "-3", "5 parsecs"] {
            assert!(parse_duration(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn counts_with_separators_and_powers_of_ten() {
        assert_eq!(parse_count("1_000_000"), Ok(1_000_000));
        assert_eq!(parse_count("1e9"), Ok(1_000_000_000));
        assert_eq!(parse_count("18446744073709551615"), Ok(u64::MAX));
        for bad in ["", "-1", "1.5", "1e-3", "1e30", "many", "2.5e0"] {
            assert!(parse_count(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn sizes_in_decimal_and_binary_units() {
        assert_eq!(parse_size("100000000"), Ok(100_000_000));
        assert_eq!(parse_size("512MiB"), Ok(512 << 20));
        assert_eq!(parse_size("4 gib"), Ok(4 << 30));
        assert_eq!(parse_size("64kb"), Ok(64_000));
        assert_eq!(parse_size("1_000B"), Ok(1_000));
        for bad in ["", "MiB", "1.5GiB", "-1", "4 parsecs", "99999999999999999999"] {
            assert!(parse_size(bad).is_err(), "{bad}");
        }
    }
}

/// `count` things in `seconds` as a rate for a summary: whole numbers from 10 a second up, else
/// three significant digits, so that a long run of few puzzles does not read `0` a second.
pub fn per_second(count: u64, seconds: f64) -> String {
    let rate = count as f64 / seconds.max(1e-9);
    if count == 0 || rate >= 10.0 {
        return format!("{rate:.0}");
    }
    // Clamped: a count of at least 1 over any time a run takes has a rate above 1e-9.
    let digits = usize::try_from((2 - rate.log10().floor() as i32).clamp(1, 9)).unwrap_or(9);
    format!("{rate:.digits$}")
}

#[cfg(test)]
mod rate_tests {
    use super::per_second;

    #[test]
    fn slow_rates_keep_three_digits_fast_ones_none() {
        assert_eq!(per_second(0, 3.0), "0");
        assert_eq!(per_second(3109, 1.0), "3109");
        assert_eq!(per_second(53, 10.0), "5.30");
        assert_eq!(per_second(1, 20.0), "0.0500");
        assert_eq!(per_second(2, 3600.0), "0.000556");
        assert_eq!(per_second(10, 1.0), "10");
    }
}
