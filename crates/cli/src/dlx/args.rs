//! The `dlx` command line, as clap derives it; doc comments are the help text.

use std::path::PathBuf;

use clap::Parser;

const EXAMPLES: &str = "\
Examples:
  dlx data/dlx/toy.dlx                 print every solution, option lines as written
  dlx --count data/dlx/queens8.dlx     print only the number of solutions (92)
  dlx --limit 1 problem.dlx            stop after the first solution
  dlx --json problem.dlx | jq .        one JSON object per solution, then a summary
  generate | dlx - > solutions.txt     read the problem from standard input

Input format (Knuth's DLX): lines starting with '|' are comments; the first other line names
the primary items, then '|' and the secondary items; every later line is one option. A
secondary item may carry a colour, 'item:colour'; options may share it when colours agree.

Exit status: 0 solutions found, 1 no solution, 2 bad usage or unreadable input.";

/// Solve an exact-cover problem written in Knuth's DLX format.
///
/// Solutions go to standard output: each solution's option lines exactly as written in the
/// input (in input order), solutions separated by a blank line. A summary (solutions, nodes,
/// updates, seconds) goes to standard error.
// Flags are independent switches, as clap models them; an enum would not read better.
#[allow(clippy::struct_excessive_bools)]
#[derive(Debug, Parser)]
#[command(name = "dlx", version, after_help = EXAMPLES)]
pub struct DlxArgs {
    /// The problem file; `-` or nothing reads standard input.
    pub file: Option<PathBuf>,

    /// Print only the number of solutions, as one line.
    #[arg(short, long)]
    pub count: bool,

    /// Stop after this many solutions.
    #[arg(short, long, value_name = "N")]
    pub limit: Option<u64>,

    /// Print JSON lines: `{"options": [...], "lines": [...]}` per solution, then a summary
    /// object `{"solutions", "complete", "nodes", "updates", "seconds"}`.
    #[arg(short, long)]
    pub json: bool,

    /// Branch on the leftmost uncovered item instead of the one with fewest options (MRV).
    #[arg(long)]
    pub no_mrv: bool,

    /// Print no summary or warnings on standard error.
    #[arg(short, long)]
    pub quiet: bool,
}
