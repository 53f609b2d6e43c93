//! `sudoku generate`'s arguments.

use clap::Args;

use super::{OutputFormat, VariantArgs};

// Not `///`, which clap would take for the subcommand's about: see `defer`.
#[doc = concat!("`sudoku generate`: how many puzzles, of which variant, with what properties.")]
// Independent command-line flags, each off by default, as `dlx`'s.
#[allow(clippy::struct_excessive_bools)]
#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// How many puzzles.
    #[arg(short = 'n', long, default_value_t = 1, value_name = "N")]
    pub count: u64,

    /// Random seed: the same seed gives the same puzzles, whatever --jobs. Default: drawn from
    /// the clock and printed on stderr, so that a run can be repeated.
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,

    /// Grid size N (default 9, or the size --boxes, --regions or --board imply).
    #[arg(long, value_name = "N")]
    pub size: Option<usize>,

    /// Place givens in symmetric sets: none, rot180, rot90, horizontal, vertical, diagonal,
    /// antidiagonal or dihedral.
    #[arg(long, default_value = "none", value_name = "SYMMETRY")]
    pub symmetry: String,

    /// After the symmetric pass, try every clue alone too, so that no clue can be removed
    /// (this may break the symmetry).
    #[arg(long, conflicts_with = "clues")]
    pub minimal: bool,

    /// Stop removing clues at N clues; a puzzle that cannot get that low is printed anyway and
    /// reported on stderr.
    #[arg(long, value_name = "N")]
    pub clues: Option<usize>,

    /// Keep only puzzles the rater puts at this level: easy, medium, hard, expert or extreme
    /// (extreme ones are rare: many attempts may be needed).
    #[arg(long, value_name = "LEVEL")]
    pub difficulty: Option<String>,

    /// With --difficulty: give up on a puzzle after this many attempts.
    #[arg(long, default_value_t = 10_000, value_name = "N")]
    pub attempts: u64,

    /// Append the solution to each line as `puzzle:solution`.
    #[arg(long)]
    pub with_solution: bool,

    /// Killer sudoku: cages over the whole grid, and givens only where the cages are not
    /// enough. Written as JSON lines records with their solution.
    #[arg(long, conflicts_with = "marks")]
    pub killer: bool,

    /// Marks besides givens: killer, consecutive, even-odd, greater-than, difference, xv,
    /// kropki, sukaku (or givens). Written as JSON lines records with their solution.
    #[arg(long, value_name = "KIND")]
    pub marks: Option<String>,

    /// A multi-grid layout: butterfly, samurai, sohei, windmill, sumo, shogun, gattai-8,
    /// clueless-1, clueless-2. Written as JSON lines records with their solution.
    #[arg(long, value_name = "LAYOUT")]
    pub layout: Option<String>,

    /// The rules.
    #[command(flatten)]
    pub variant: VariantArgs,

    /// Output format: line, or json (grid prints the puzzle with box borders).
    #[arg(short, long, value_enum)]
    pub format: Option<OutputFormat>,

    /// The same as --format json.
    #[arg(long, conflicts_with = "format")]
    pub json: bool,

    /// Stop after this long (90s, 2h, 1h30m): the puzzles made so far are written, whole and
    /// in order, and the exit status is 3. A puzzle still being made is left unfinished.
    #[arg(long, value_name = "DURATION", value_parser = crate::job::parse_duration)]
    pub time_limit: Option<std::time::Duration>,

    /// Worker threads, 1 to 1024 (default: all cores). The puzzles do not depend on it.
    #[arg(short, long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub jobs: Option<u16>,

    /// Print the summary on stderr: puzzles, average clues, seconds, puzzles/s. The default;
    /// with -q, the summary and errors only.
    #[arg(short, long)]
    pub stats: bool,
}
