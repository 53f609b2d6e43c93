//! The arguments of `dlx`'s subcommands: estimate, sample, split, merge, status.

use std::path::PathBuf;

use clap::Args;

use super::Format;

// Not `///`, which clap would take for the subcommand's about: see `defer`.
#[doc = concat!("`dlx estimate`.")]
#[derive(Debug, Args)]
pub struct EstimateArgs {
    /// The problem file; `-` or nothing reads standard input.
    pub file: Option<PathBuf>,

    /// Random paths to walk.
    #[arg(long, value_name = "N", default_value_t = 1000)]
    pub samples: u64,

    /// Random seed of the paths: the same seed gives the same estimate. (The options are not
    /// shuffled as `dlx --seed` does: the tree is the same in any order.)
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub seed: u64,

    /// The worker threads the run time is estimated for (default: all cores).
    #[arg(short, long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub jobs: Option<u16>,

    /// Print `{"nodes", "updates", "solutions", "stderr_nodes", "stderr_updates",
    /// "stderr_solutions", "samples", "seed", "jobs", "seconds"}`. The same as --format json.
    #[arg(long)]
    pub json: bool,

    /// Output format: text (a table) or json (as --json).
    #[arg(short, long, value_enum, value_name = "FORMAT", conflicts_with = "json")]
    pub format: Option<Format>,

    /// Estimate the tree of branching on the leftmost item (as `dlx --no-mrv` searches).
    #[arg(long)]
    pub no_mrv: bool,

    /// Print no warnings on standard error.
    #[arg(short, long)]
    pub quiet: bool,
}

// Not `///`, which clap would take for the subcommand's about: see `defer`.
#[doc = concat!("`dlx sample`.")]
#[derive(Debug, Args)]
pub struct SampleArgs {
    /// The problem file; `-` or nothing reads standard input.
    pub file: Option<PathBuf>,

    /// Solutions to draw, each independently (one may come more than once).
    #[arg(short = 'n', long = "samples", value_name = "K", default_value_t = 1,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub samples: u64,

    /// Random seed of the draws (a `ChaCha8` generator): the same seed gives the same
    /// solutions in the same order, whatever --memo-size.
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub seed: u64,

    /// The most memory the table of counts may take, as for --memo: past it, about half is
    /// dropped and counted again when needed (slower, never another draw).
    #[arg(long, value_name = "SIZE", value_parser = crate::job::parse_size, default_value = "1GiB")]
    pub memo_size: usize,

    /// Print one JSON object per solution, `{"options": [...], "lines": [...], "names":
    /// [...]}`, as `dlx --json` does. The same as --format json.
    #[arg(long)]
    pub json: bool,

    /// Output format: text (option lines as written) or json (as --json).
    #[arg(short, long, value_enum, value_name = "FORMAT", conflicts_with = "json")]
    pub format: Option<Format>,

    /// Print nothing on standard error but errors (and the summary with --stats): no summary,
    /// no warnings.
    #[arg(short, long)]
    pub quiet: bool,

    /// Print the summary on stderr: the default; with -q, the summary and errors only.
    #[arg(short, long)]
    pub stats: bool,
}

// Not `///`, which clap would take for the subcommand's about: see `defer`.
#[doc = concat!("`dlx split`.")]
#[derive(Debug, Args)]
pub struct SplitArgs {
    /// The problem file; `-` or nothing reads standard input.
    pub file: Option<PathBuf>,

    /// The number of parts.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub parts: u32,

    /// Subtrees per part: more balance the parts better and take longer to split.
    #[arg(long, value_name = "K", default_value_t = 8,
          value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub pieces: u32,

    /// Random paths estimating each subtree, at most: more balance the parts better (on
    /// pentominoes, 32 left parts up to 3 times apart, 256 within 1.5, 1024 within 1.25), but
    /// the paths of all the estimates walk at most about 2% of the tree, so a small tree gets
    /// fewer.
    #[arg(long, value_name = "N", default_value_t = 256)]
    pub samples: u64,

    /// Random seed of the paths: the same seed gives the same parts. The parts are of the
    /// tree in the input's order of options, run without `dlx --seed`.
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub seed: u64,

    /// Split the tree of branching on the leftmost item (run the parts with --no-mrv too).
    #[arg(long)]
    pub no_mrv: bool,

    /// Print no summary or warnings on standard error (but the summary with --stats).
    #[arg(short, long)]
    pub quiet: bool,

    /// Print the summary on stderr: the default; with -q, the summary and errors only.
    #[arg(short, long)]
    pub stats: bool,
}

// Not `///`, which clap would take for the subcommand's about: see `defer`.
#[doc = concat!("`dlx merge`.")]
#[derive(Debug, Args)]
pub struct MergeArgs {
    /// Files of summary lines (other JSON lines, such as solutions, are skipped); `-` or
    /// nothing reads standard input.
    pub files: Vec<PathBuf>,

    /// Print `{"solutions", "parts", "fingerprint", "split", "nodes", "updates", "seconds"}`.
    /// The same as --format json.
    #[arg(long)]
    pub json: bool,

    /// Output format: text (the total) or json (as --json).
    #[arg(short, long, value_enum, value_name = "FORMAT", conflicts_with = "json")]
    pub format: Option<Format>,

    /// Print no summary on standard error (but with --stats).
    #[arg(short, long)]
    pub quiet: bool,

    /// Print the summary on stderr: the default; with -q, the summary and errors only.
    #[arg(short, long)]
    pub stats: bool,
}

// Not `///`, which clap would take for the subcommand's about: see `defer`.
#[doc = concat!("`dlx status`.")]
#[derive(Debug, Args)]
pub struct StatusArgs {
    /// The parts file that `dlx split` wrote.
    pub parts: PathBuf,

    /// Files of the parts' summaries, as for `dlx merge` (`done.jsonl`, `part-*.json`); a file
    /// that does not exist yet is noted, not an error.
    pub done: Vec<PathBuf>,

    /// The parts' checkpoints: a directory (every .json file in it; each names its part) or a
    /// pattern with {} for the part's number (`checkpoints/part-{}.json`).
    #[arg(long, value_name = "DIR|PATTERN")]
    pub checkpoints: Option<String>,

    /// Each part's log (its standard error), a pattern with {} for the part's number
    /// (`part-{}.log` for the Slurm script, `results/1/{}/stderr` for GNU parallel's
    /// --results): a part whose log ends with an error, later than its checkpoint, failed.
    #[arg(long, value_name = "PATTERN")]
    pub logs: Option<String>,

    /// GNU parallel's job log (--joblog FILE): each part's last exit status and signal.
    #[arg(long, value_name = "FILE")]
    pub joblog: Option<PathBuf>,

    /// How long a part on another host may go without a checkpoint before it is reported
    /// silent rather than running (default: three of its checkpoint intervals and a minute).
    /// On this host, its process is looked up instead.
    #[arg(long, value_name = "DURATION", value_parser = crate::job::parse_duration)]
    pub silent_after: Option<std::time::Duration>,

    /// Print one JSON object: `{"parts", "split", "fingerprint", "done": [K...], "running",
    /// "stopped", "silent", "failed", "not_started", "solutions_at_least", "cpu_seconds_left",
    /// "wall_seconds_left", "unfinished": [{"part", "state", "why", "fraction", ...}]}`. The
    /// same as --format json.
    #[arg(long)]
    pub json: bool,

    /// Output format: text (the table) or json (as --json).
    #[arg(short, long, value_enum, value_name = "FORMAT", conflicts_with = "json")]
    pub format: Option<Format>,

    /// No notes on standard error about the files read (damaged, of another split, missing).
    #[arg(short, long)]
    pub quiet: bool,
}

impl SampleArgs {
    /// Whether the summary goes to stderr: unless --quiet, or when --stats asks for it.
    pub fn summary(&self) -> bool {
        !self.quiet || self.stats
    }
}

impl SplitArgs {
    /// Whether the summary goes to stderr: unless --quiet, or when --stats asks for it.
    pub fn summary(&self) -> bool {
        !self.quiet || self.stats
    }
}

impl MergeArgs {
    /// Whether the summary goes to stderr: unless --quiet, or when --stats asks for it.
    pub fn summary(&self) -> bool {
        !self.quiet || self.stats
    }
}
