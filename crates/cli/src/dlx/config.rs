//! A search's flags as one configuration, made once (as ripgrep's `hiargs` makes its
//! `HiArgs` from the parsed `LowArgs`): what `dlx [FILE]` prints, in which order it branches,
//! whether a count may use the table, what goes to standard error. The search
//! (`solve.rs`), the memoised count (`memo.rs`) and their reports read this and never the
//! flags, so that a rule such as "-q silences the progress" or "--profile is -vv" is written
//! once, here.

use std::path::Path;

use dancer::{run::MemoUse, Heuristic};

use super::DlxArgs;
use crate::job::{JobArgs, ProgressMode};

/// `dlx [FILE]`'s search, settled from its flags.
// Independent switches, as the flags they come from.
#[allow(clippy::struct_excessive_bools)]
#[derive(Debug)]
pub(super) struct Search<'a> {
    /// The problem file (`None`: standard input).
    pub(super) file: Option<&'a Path>,
    /// Only the number of solutions is printed (`--count`).
    pub(super) counting: bool,
    /// JSON lines out (`--json`, `--format json`).
    pub(super) json: bool,
    /// Nothing on standard error but errors, and the summary when asked (`-q`).
    pub(super) quiet: bool,
    /// The summary line goes to standard error: unless `-q`, or when `--stats` asks.
    pub(super) summary: bool,
    /// The solutions to stop after.
    pub(super) limit: Option<u64>,
    /// Every how many solutions found one is printed (1: all).
    pub(super) every: u64,
    /// The seed of the random order of options, if any.
    pub(super) seed: Option<u64>,
    /// How the item to branch on is chosen.
    pub(super) heuristic: Heuristic,
    /// 0: no mems; 1: mems (`-v`); 2: the profile too (`-vv`, `--profile`).
    pub(super) verbosity: u8,
    /// Whether a count uses the table of sub-problem counts: always (`--memo`), where it pays
    /// (a plain `--count`) or never.
    pub(super) memo: MemoUse,
    /// The most bytes the table may take, as asked (held to the machine's when the table
    /// may be used).
    pub(super) memo_size: usize,
    /// The worker threads asked for (`None`: every core).
    pub(super) jobs: Option<usize>,
    /// The progress display's mode, `Off` under `-q`.
    pub(super) progress: Option<ProgressMode>,
    /// The part of a split to search: its file and its number.
    pub(super) part: Option<(&'a Path, usize)>,
    /// Limits, checkpoints and resumption.
    pub(super) job: &'a JobArgs,
}

impl<'a> Search<'a> {
    /// The search that `args` (settled: see [`DlxArgs::settled`]) asks for.
    pub(super) fn new(args: &'a DlxArgs) -> Search<'a> {
        let verbosity = if args.profile { args.verbose.max(2) } else { args.verbose };
        let memo = if args.memo {
            MemoUse::Always
        } else if probes(args, verbosity) {
            MemoUse::Auto
        } else {
            MemoUse::Never
        };
        Search {
            file: args.file.as_deref(),
            counting: args.count,
            json: args.json,
            quiet: args.quiet,
            summary: args.summary(),
            limit: args.limit,
            every: args.every.unwrap_or(1),
            seed: args.seed,
            heuristic: heuristic(args.no_mrv),
            verbosity,
            memo,
            memo_size: args.memo_size,
            jobs: args.jobs.map(usize::from),
            progress: if args.quiet { Some(ProgressMode::Off) } else { args.job.progress },
            part: args.parts.as_deref().zip(args.part),
            job: &args.job,
        }
    }
}

/// `--no-mrv`'s choice of the item to branch on (also for `estimate` and `split`).
pub(super) fn heuristic(no_mrv: bool) -> Heuristic {
    if no_mrv {
        Heuristic::First
    } else {
        Heuristic::Mrv
    }
}

/// Whether a `--count` without `--memo` lets the library try the table ([`MemoUse::Auto`]):
/// unless `--no-memo` says not to, or an option asks for what only enumeration gives (a
/// solution limit, `--every`, parts, time, node and mems limits, checkpoints, `-v`). `--jobs`
/// and `--progress` do not matter: the probe runs on one thread, and an enumeration after it
/// on `--jobs` threads.
fn probes(args: &DlxArgs, verbosity: u8) -> bool {
    let job = &args.job;
    args.count
        && !args.memo
        && !args.no_memo
        && args.limit.is_none()
        && args.every.is_none()
        && args.parts.is_none()
        && verbosity == 0
        && job.time_limit.is_none()
        && job.node_limit.is_none()
        && job.mems_limit.is_none()
        && job.checkpoint.is_none()
        && job.resume.is_none()
}

#[cfg(test)]
mod tests {
    use clap::Parser;
    use dancer::run::MemoUse;

    use super::Search;
    use crate::dlx::DlxArgs;

    fn memo_of(words: &[&str]) -> MemoUse {
        let args = DlxArgs::parse_from(words).settled();
        Search::new(&args).memo
    }

    #[test]
    fn a_plain_count_probes_the_table_and_what_needs_enumeration_does_not() {
        assert_eq!(memo_of(&["dlx", "--count"]), MemoUse::Auto);
        assert_eq!(memo_of(&["dlx", "--count", "--jobs", "2", "--progress", "bar"]), MemoUse::Auto);
        assert_eq!(memo_of(&["dlx", "--count", "--memo"]), MemoUse::Always);
        assert_eq!(memo_of(&["dlx"]), MemoUse::Never);
        for flag in [
            &["--no-memo"][..],
            &["--limit", "3"],
            &["--profile"],
            &["-v"],
            &["--time-limit", "1s"],
            &["--node-limit", "9"],
            &["--mems-limit", "9"],
            &["--checkpoint", "c.json"],
            &["--resume", "c.json"],
        ] {
            let words: Vec<&str> = ["dlx", "--count"].iter().chain(flag).copied().collect();
            assert_eq!(memo_of(&words), MemoUse::Never, "{words:?}");
        }
    }

    #[test]
    fn quiet_silences_the_progress_and_profile_is_the_second_verbosity() {
        let args = DlxArgs::parse_from(["dlx", "-q", "--count"]).settled();
        let search = Search::new(&args);
        assert_eq!(search.progress, Some(crate::job::ProgressMode::Off));
        assert!(!search.summary);
        let args = DlxArgs::parse_from(["dlx", "-q", "--stats"]).settled();
        assert!(Search::new(&args).summary);
        for (words, verbosity) in
            [(&["dlx", "--profile"][..], 2), (&["dlx", "-v"], 1), (&["dlx", "-vvv"], 3)]
        {
            let args = DlxArgs::parse_from(words).settled();
            assert_eq!(Search::new(&args).verbosity, verbosity, "{words:?}");
        }
    }
}
