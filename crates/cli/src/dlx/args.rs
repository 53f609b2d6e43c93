//! The `dlx` command line, as clap derives it; doc comments are the help text.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

use crate::job::JobArgs;

const EXAMPLES: &str = "\
Examples:
  dlx data/dlx/toy.dlx                 print every solution, option lines as written
  dlx --count data/dlx/queens8.dlx     print only the number of solutions (92)
  dlx --limit 1 problem.dlx            stop after the first solution
  dlx --json problem.dlx | jq .        one JSON object per solution, then a summary
  dlx -vv --count problem.dlx          mems too, and the nodes at each level (as DLX1 v129)
  dlx --seed 7 --limit 1 problem.dlx   one solution, tried in a random order (seed 7)
  dlx --every 1000 problem.dlx         print the 1000th, 2000th, ... solution, count them all
  dlx --count --memo tiling.dlx        count with a table of sub-problems (beyond enumeration)
  dlx sample -n 5 --seed 7 tiling.dlx  five solutions drawn uniformly at random (seed 7)
  dlx -q problem.dlx > solutions.txt   nothing on stderr but errors (no summary, no warnings)
  generate | dlx - > solutions.txt     read the problem from standard input

Long runs:
  dlx --count --progress big.dlx                       fraction done, ETA, solutions so far
  dlx --count --time-limit 2h --checkpoint c.json big.dlx   stop after 2h (exit 3), resumable
  dlx --count --resume c.json --checkpoint c.json big.dlx   go on from there
  dlx estimate big.dlx                                 how big is the tree, how long will it take
  dlx split --parts 64 big.dlx > parts.jsonl           64 parts of about equal work, then:
  seq 0 63 | xargs -P 8 -I{} dlx --count --json --parts parts.jsonl --part {} big.dlx > done.jsonl
  dlx merge done.jsonl                                 the total (refuses missing or repeated parts)

Input format (Knuth's DLX): lines starting with '|' are comments; the first other line names
the primary items, then '|' and the secondary items; every later line is one option. A
secondary item may carry a colour, 'item:colour'; options may share it when colours agree.
(A problem file named like a subcommand is read as ./estimate, ./sample, ./split, ./merge,
./completions or ./man.)

With more than one job, solutions are printed in an order that varies from run to run (each
job's in search order); --jobs 1 prints them in DLX1's order. Counts and totals never vary.
--seed S changes only the order in which options are tried: the same seed gives the same
order, so with --jobs 1 the same solutions in the same order; any seed gives the same count,
nodes and updates. A checkpoint made with a seed is resumed with the same one (another is
refused); the parts of `dlx split` are run without one.

Exit status: 0 solutions found, 1 no solution, 2 bad usage or unreadable input, 3 stopped at
--time-limit, --node-limit or --mems-limit, 130 stopped by Ctrl-C or SIGTERM (a second one
ends the program at once).";

/// Solve an exact-cover problem written in Knuth's DLX format.
///
/// Solutions go to standard output: each solution's option lines exactly as written in the
/// input (in input order), solutions separated by a blank line. A summary (solutions, nodes,
/// updates, seconds) goes to standard error.
// Flags are independent switches, as clap models them; an enum would not read better.
#[allow(clippy::struct_excessive_bools)]
#[derive(Debug, Parser)]
#[command(
    name = "dlx",
    version,
    after_help = EXAMPLES,
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true
)]
pub struct DlxArgs {
    /// Estimate, sample, split or merge instead of solving.
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
    /// "max_depth", "seconds", "fingerprint"}` (and `"part"`, `"parts"` with --parts; `"mems"`
    /// after `"updates"` with -v, `"profile"` after `"max_depth"` with -vv, `"seed"` after
    /// `"fingerprint"` with --seed).
    #[arg(long)]
    pub json: bool,

    /// Branch on the leftmost uncovered item instead of the one with fewest options (MRV).
    #[arg(long)]
    pub no_mrv: bool,

    /// Print nothing on standard error but errors: no summary, no warnings, no progress (the
    /// output and the exit status are unchanged). Not with -v, --profile or --progress, which
    /// ask for more there.
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

    /// Worker threads, 1 to 1024 (default: all cores).
    #[arg(short, long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub jobs: Option<u16>,

    /// Limits, checkpoints, progress.
    #[command(flatten)]
    pub job: JobArgs,

    /// Search only part --part of the split written to FILE by `dlx split`. With --resume,
    /// the checkpoint must be of that part.
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
    /// limits or checkpoints, which need an enumeration) starts with the table: it goes on
    /// with it to the end once it has counted more solutions than nodes (which no enumeration
    /// can), and otherwise, after at most 4096 nodes (fewer when the keys are long), counts the
    /// rest by enumeration from where it stopped, on every job.
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
    /// are counted again when met).
    #[arg(long, value_name = "SIZE", requires = "count", conflicts_with = "no_memo",
          value_parser = crate::job::parse_size,
          default_value = "1GiB")]
    pub memo_size: usize,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum DlxCommand {
    /// Estimate the search tree from random paths (Knuth's method): nodes, updates and
    /// solutions with their standard errors, and the expected run time.
    Estimate(EstimateArgs),
    /// Draw solutions uniformly at random (each of the N with probability 1/N, from exact
    /// memoised counts, as --count --memo makes them) and print them as `dlx` prints solutions.
    Sample(SampleArgs),
    /// Split the search into parts of about equal estimated work, one JSON line each, to run
    /// anywhere with `dlx --parts FILE --part K` and add up with `dlx merge`.
    Split(SplitArgs),
    /// Add up the summaries of parts (`dlx --count --json --parts ... --part K`) into the
    /// total, printed alone; refuses missing, repeated, unfinished or foreign parts.
    Merge(MergeArgs),
    /// Completions and man pages.
    #[command(flatten)]
    Shell(crate::shell::ShellCommand),
}

/// `dlx estimate`.
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
    /// "stderr_solutions", "samples", "seed", "jobs", "seconds"}`.
    #[arg(long)]
    pub json: bool,

    /// Estimate the tree of branching on the leftmost item (as `dlx --no-mrv` searches).
    #[arg(long)]
    pub no_mrv: bool,

    /// Print no warnings on standard error.
    #[arg(short, long)]
    pub quiet: bool,
}

/// `dlx sample`.
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
    /// [...]}`, as `dlx --json` does.
    #[arg(long)]
    pub json: bool,

    /// Print nothing on standard error but errors: no summary, no warnings.
    #[arg(short, long)]
    pub quiet: bool,
}

/// `dlx split`.
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

    /// Print no summary or warnings on standard error.
    #[arg(short, long)]
    pub quiet: bool,
}

/// `dlx merge`.
#[derive(Debug, Args)]
pub struct MergeArgs {
    /// Files of summary lines (other JSON lines, such as solutions, are skipped); `-` or
    /// nothing reads standard input.
    pub files: Vec<PathBuf>,

    /// Print `{"solutions", "parts", "fingerprint", "nodes", "updates", "seconds"}`.
    #[arg(long)]
    pub json: bool,

    /// Print no summary on standard error.
    #[arg(short, long)]
    pub quiet: bool,
}
