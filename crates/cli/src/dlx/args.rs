//! The `dlx` command line, as clap derives it; doc comments are the help text.

use std::{ffi::OsString, path::PathBuf};

use clap::{Args, Parser, Subcommand, ValueEnum};

mod commands;
mod tile;

pub use self::commands::{EstimateArgs, MergeArgs, SampleArgs, SplitArgs, StatusArgs};
pub use self::tile::TileArgs;
use crate::job::JobArgs;

/// Solve an exact-cover problem written in Knuth's DLX format.
///
/// Solutions go to standard output: each solution's option lines exactly as written in the
/// input (in input order), solutions separated by a blank line. A summary (solutions, nodes,
/// updates, seconds) goes to standard error, as in `sudoku` (-q leaves it out).
// Flags are independent switches, as clap models them; an enum would not read better.
#[allow(clippy::struct_excessive_bools)]
#[derive(Debug, Parser)]
#[command(
    name = "dlx",
    version,
    after_help = super::help::DLX,
    mut_subcommand("completions", crate::shell::completions_help("dlx")),
    mut_subcommand("man", crate::shell::man_help("dlx")),
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true
)]
pub struct DlxArgs {
    /// Count, enumerate, estimate, sample, split or merge.
    #[command(subcommand)]
    pub command: Option<DlxCommand>,

    /// The problem file; `-` or nothing reads standard input.
    pub file: Option<PathBuf>,

    /// Print only the number of solutions, as one line (`N+` when a limit stopped it early
    /// with more of the tree left to search).
    #[arg(short, long)]
    pub count: bool,

    /// Stop after this many solutions (found, whether printed or not).
    #[arg(short, long, value_name = "N")]
    pub limit: Option<u64>,

    /// Print only every M-th solution found: the M-th, the 2M-th, ... (Knuth's `m<M>`); all
    /// are counted, and the summary says how many. With several jobs, the M-th is the M-th
    /// reported by any of them; after --resume, numbering goes on from the checkpoint's count.
    #[arg(long, value_name = "M", conflicts_with = "count",
          value_parser = clap::value_parser!(u64).range(1..))]
    pub every: Option<u64>,

    /// Try the options of each item in a random order drawn from seed S (a `ChaCha8`
    /// generator), as Knuth's `s<S>` does: other solutions come first, reproducibly. The tree
    /// is the same in any order, so counts, nodes and updates are too. Resume a checkpoint with
    /// the seed it was made with; parts of a split are of the input's order.
    #[arg(long, value_name = "S", conflicts_with = "parts")]
    pub seed: Option<u64>,

    /// Print JSON lines: `{"options": [...], "lines": [...], "names": [...]}` per solution,
    /// then a summary object `{"solutions", "complete", "stopped", "nodes", "updates",
    /// "max_depth", "seconds", "fingerprint"}` (and `"part"`, `"parts"`, `"split"`,
    /// `"part_digest"`, `"digest"` with --parts, for `dlx merge` to check; `"mems"`
    /// after `"updates"` with -v, `"profile"` after `"max_depth"` with -vv, `"seed"` after
    /// `"fingerprint"` with --seed). The same as --format json.
    #[arg(long)]
    pub json: bool,

    /// Output format: text (option lines, or the count) or json (as --json, the spelling
    /// `sudoku` uses too).
    #[arg(short, long, value_enum, value_name = "FORMAT", conflicts_with = "json")]
    pub format: Option<Format>,

    /// Print the summary on stderr: the default; with -q, the summary and errors only.
    #[arg(short, long)]
    pub stats: bool,

    /// Branch on the leftmost uncovered item instead of the one with fewest options (MRV).
    #[arg(long)]
    pub no_mrv: bool,

    /// Print nothing on standard error but errors (and the summary with --stats): no summary,
    /// no warnings, no progress (the output and the exit status are unchanged). Not with -v,
    /// --profile or --progress, which ask for more there.
    #[arg(short, long, conflicts_with_all = ["verbose", "profile", "progress"])]
    pub quiet: bool,

    /// Count Knuth's mems too (an instrumented search, slower), as DLX1 counts them: the
    /// summary says how many, and so does `"mems"` in the JSON summary. Twice (-vv), also
    /// print the search profile, the nodes at each level, and the deepest level (`"profile"`
    /// in the JSON summary).
    #[arg(short, long, action = clap::ArgAction::Count)]
    pub verbose: u8,

    /// Print the search profile and the mems, as -vv.
    #[arg(long)]
    pub profile: bool,

    /// When to colour help and usage errors: auto (a terminal, unless `NO_COLOR` is set),
    /// always or never.
    #[arg(long, global = true, value_enum, default_value_t, value_name = "WHEN")]
    pub color: crate::shell::ColorWhen,

    /// Worker threads, 1 to 1024 (default: all cores); at most 4 a core, with a warning.
    #[arg(short, long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub jobs: Option<u16>,

    /// Limits, checkpoints, progress.
    #[command(flatten)]
    pub job: JobArgs,

    /// Search only part --part of the split written to FILE by `dlx split`. The whole file is
    /// checked first (every line as the split wrote it, the parts covering the tree exactly),
    /// so give it whole. With --resume, the checkpoint must be of that part.
    #[arg(long, value_name = "FILE", requires = "part")]
    pub parts: Option<PathBuf>,

    /// The part to search, from 0 (with --parts).
    #[arg(long, value_name = "K", requires = "parts")]
    pub part: Option<usize>,

    /// Count with a table of sub-problem counts (memoised, as the DXZ algorithm): once the
    /// same items are left (and the same secondary colours), the number of ways to finish is
    /// looked up instead of searched again. Counts far beyond enumeration where sub-problems
    /// repeat (the 2.4e30 domino tilings of a 16x16 board in two seconds), up to 2^128 - 1. One
    /// thread; no limits or checkpoints; a signal stops it (exit 130). Without --memo or
    /// --no-memo, a plain --count (with any --jobs, but without --limit, --every, --parts, -v,
    /// limits or checkpoints, which need an enumeration) counts a tree of at most 2048 nodes
    /// outright by enumeration; past that it starts again with the table, goes on with it to
    /// the end once it has counted more solutions than nodes (which no enumeration can), and
    /// otherwise, after at most 1024 nodes (fewer when the keys are long), counts by
    /// enumeration from the top on every job.
    #[arg(long, requires = "count", conflicts_with_all = [
        "limit", "every", "parts", "verbose", "profile", "jobs",
        "time_limit", "node_limit", "mems_limit", "checkpoint", "resume",
    ])]
    pub memo: bool,

    /// Count by enumeration, one solution at a time, without first trying --memo's table.
    #[arg(long, requires = "count", conflicts_with = "memo")]
    pub no_memo: bool,

    /// The most memory the table of --memo may take, e.g. 512MiB, 4GiB or 100000000 (bytes):
    /// past it, about half the table is dropped, and counts stay exact (sub-problems dropped
    /// are counted again when met). Held, with a warning, to half the memory the process can
    /// have (the machine's, or its ulimit -v).
    #[arg(long, value_name = "SIZE", requires = "count", conflicts_with = "no_memo",
          value_parser = crate::job::parse_size,
          default_value = "1GiB")]
    pub memo_size: usize,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
// Each subcommand's arguments are built only when it is the one run (or for help, completions
// and man pages), as `sudoku`'s are (see there why argument structs' docs use `concat!`).
#[command(defer = true)]
pub enum DlxCommand {
    /// Count the solutions: `dlx count [OPTIONS] [FILE]` is `dlx --count [OPTIONS] [FILE]`,
    /// as `sudoku count` counts.
    #[command(disable_help_flag = true, after_help = super::help::COUNT)]
    Count(Forward),
    /// Print every solution: `dlx enumerate [OPTIONS] [FILE]` is `dlx [OPTIONS] [FILE]`, as
    /// `sudoku enumerate` prints them.
    #[command(disable_help_flag = true, after_help = super::help::ENUMERATE)]
    Enumerate(Forward),
    /// Estimate the search tree from random paths (Knuth's method): nodes, updates and
    /// solutions with their standard errors, and the expected run time.
    #[command(after_help = super::help::ESTIMATE)]
    Estimate(EstimateArgs),
    /// Draw solutions uniformly at random (each of the N with probability 1/N, from exact
    /// memoised counts, as --count --memo makes them) and print them as `dlx` prints solutions.
    #[command(after_help = super::help::SAMPLE)]
    Sample(SampleArgs),
    /// Split the search into parts of about equal estimated work, one JSON line each, to run
    /// anywhere with `dlx --parts FILE --part K` and add up with `dlx merge`.
    #[command(after_help = super::help::SPLIT)]
    Split(SplitArgs),
    /// Add up the summaries of parts (`dlx --count --json --parts ... --part K`) into the
    /// total, printed alone; refuses missing, repeated, unfinished, damaged or foreign parts
    /// (of another problem, or of another split).
    #[command(after_help = super::help::MERGE)]
    Merge(MergeArgs),
    /// How far a split search has got: each part done, running (how far, how fast), stopped,
    /// silent (its process gone), failed (the error its log ends with) or not started, from
    /// what the parts leave; the solutions so far and the time left.
    #[command(after_help = super::help::STATUS)]
    Status(StatusArgs),
    /// Count or print the tilings of a board by pieces (a `.tile` file: docs/tiling.md), in
    /// all or up to the board's symmetries, as text or SVG.
    #[command(after_help = super::help::TILE)]
    Tile(TileArgs),
    /// Completions and man pages.
    #[command(flatten)]
    Shell(crate::shell::ShellCommand),
}

// Not `///`, which clap would take for the subcommand's about: see `defer`.
#[doc = concat!("`dlx count` and `dlx enumerate`: the words that follow, read as `dlx`'s own options.")]
#[derive(Debug, Args)]
pub struct Forward {
    /// `dlx`'s options and the problem file, as `dlx --help` lists them.
    #[arg(value_name = "OPTIONS] [FILE", trailing_var_arg = true, allow_hyphen_values = true)]
    pub args: Vec<OsString>,
}

/// `dlx --format`: what `--json` says, in `sudoku`'s spelling.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Text: option lines as written, a count, or a table.
    Text,
    /// JSON lines, as --json.
    Json,
}

impl DlxArgs {
    /// The arguments as the run reads them: `dlx count ...` and `dlx enumerate ...` parsed as
    /// `dlx --count ...` and `dlx ...` (help and errors as for those), and every `--format
    /// json` as `--json`.
    #[must_use]
    pub fn settled(mut self) -> DlxArgs {
        let forwarded = match &mut self.command {
            Some(DlxCommand::Count(forward)) => Some((Some("--count"), forward)),
            Some(DlxCommand::Enumerate(forward)) => Some((None, forward)),
            _ => None,
        };
        if let Some((flag, forward)) = forwarded {
            let mut words = vec![OsString::from("dlx")];
            words.extend(flag.map(OsString::from));
            words.append(&mut forward.args);
            return crate::shell::parse_from::<DlxArgs>(&words).settled();
        }
        let json = |format: Option<Format>| format == Some(Format::Json);
        self.json |= json(self.format);
        self.job.settle();
        match &mut self.command {
            Some(DlxCommand::Estimate(estimate)) => estimate.json |= json(estimate.format),
            Some(DlxCommand::Sample(sample)) => sample.json |= json(sample.format),
            Some(DlxCommand::Merge(merge)) => merge.json |= json(merge.format),
            Some(DlxCommand::Status(status)) => status.json |= json(status.format),
            _ => {}
        }
        self
    }

    /// Whether the summary goes to stderr: unless --quiet, or when --stats asks for it.
    pub fn summary(&self) -> bool {
        !self.quiet || self.stats
    }
}
