//! The `sudoku` command line, as clap derives it; doc comments are the help text.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

mod convert;
mod generate;
mod show;
mod solve;

pub(crate) use self::convert::{ConvertArgs, ConvertFrom, ConvertTo, EncodeArgs};
pub use self::generate::GenerateArgs;
pub use self::show::{ShowArgs, ShowFormat};
pub use self::solve::SolveArgs;
use crate::{
    job::JobArgs,
    shell::{ColorWhen, ShellCommand},
};

/// Solve, count, enumerate, check and show sudoku puzzles of any size and region shape.
#[derive(Debug, Parser)]
#[command(
    name = "sudoku",
    version,
    after_help = super::help::SUDOKU,
    mut_subcommand("completions", crate::shell::completions_help("sudoku")),
    mut_subcommand("man", crate::shell::man_help("sudoku"))
)]
pub struct SudokuArgs {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,

    /// Nothing on stderr but errors: no summary, notes or notices.
    #[arg(short, long, global = true)]
    pub quiet: bool,

    /// When to colour help and usage errors: auto (a terminal, unless `NO_COLOR` is set),
    /// always or never.
    #[arg(long, global = true, value_enum, default_value_t, value_name = "WHEN")]
    pub color: ColorWhen,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
// Each subcommand's arguments are built only when it is the one run (or for help, completions
// and man pages): building all of them cost a third of a one-puzzle run's instructions. clap
// then applies an argument struct's `///` doc, as an about, after the subcommand's own: those
// structs carry their doc in `#[doc = concat!(..)]`, which clap does not read.
#[command(defer = true)]
pub enum Command {
    /// Solve each puzzle: its solution, or none / invalid / error.
    #[command(after_help = super::help::SOLVE)]
    Solve(SolveArgs),
    /// Count the solutions of each puzzle.
    #[command(after_help = super::help::COUNT)]
    Count {
        /// Stop counting at N solutions and print `N+`.
        #[arg(short, long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
        limit: Option<u64>,
        /// Count with the engine and a table of sub-problem counts (memoised, as the DXZ
        /// algorithm): once the same cells and region digits are left, the number of ways to
        /// finish is looked up instead of searched again. Exact counts of any size, but slower
        /// than the plain count (a blank 6x6: 1.4 times; puzzles with few solutions: 5 to 9
        /// times). One table for the whole input, on one thread; no limits or checkpoints;
        /// a signal stops it (exit 130, the puzzle being counted is not printed).
        #[arg(long, conflicts_with_all = [
            "limit", "jobs", "time_limit", "node_limit", "mems_limit", "checkpoint", "resume",
        ])]
        memo: bool,
        /// The most memory the table of --memo may take, e.g. 512MiB, 4GiB or 100000000
        /// (bytes): past it, about half the table is dropped, and counts stay exact.
        #[arg(long, value_name = "SIZE", requires = "memo", value_parser = crate::job::parse_size,
              default_value = "1GiB")]
        memo_size: usize,
        /// Limits, checkpoints, progress.
        #[command(flatten)]
        job: JobArgs,
        /// Inputs, variant and output options.
        #[command(flatten)]
        common: Common,
    },
    /// Print every solution of each puzzle, one per line, then an empty line (after the
    /// status, none or invalid, when there is no solution).
    #[command(after_help = super::help::ENUMERATE)]
    Enumerate {
        /// At most N solutions per puzzle.
        #[arg(short, long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
        limit: Option<u64>,
        /// Limits, checkpoints, progress.
        #[command(flatten)]
        job: JobArgs,
        /// Inputs, variant and output options.
        #[command(flatten)]
        common: Common,
    },
    /// Check each grid (complete or partial) against the rules: `solved`, `valid`, or
    /// `invalid: <first conflict>`.
    #[command(after_help = super::help::CHECK)]
    Check {
        /// Inputs, variant and output options.
        #[command(flatten)]
        common: Common,
    },
    /// Print each puzzle in another format: a grid that shows its rules (default), a line,
    /// JSON, or a picture (SVG; PNG and PDF when built with the `pictures` feature).
    #[command(after_help = super::help::SHOW)]
    Show(ShowArgs),
    /// Rate each puzzle: `LEVEL STEPS HARDEST ER/EP/ED`, e.g. `hard 54 swordfish 3.8/1.2/1.2`.
    /// Levels: easy (singles), medium (locked candidates, pairs), hard (triples, quads, fish),
    /// expert (skyscraper, kite, empty rectangle, finned fish, wings, colouring, unique
    /// rectangles and loops, BUG, Sue de Coq, ALS moves), extreme (these stall: chains or
    /// search needed).
    #[command(after_help = super::help::RATE)]
    Rate {
        /// The limit on each puzzle's logic.
        #[command(flatten)]
        limit: LogicLimit,
        /// Inputs, variant and output options.
        #[command(flatten)]
        common: Common,
    },
    /// The next logical step of each puzzle, explained: "r4c7 = 5: hidden single — ...".
    #[command(after_help = super::help::HINT)]
    Hint {
        /// The limit on each puzzle's logic.
        #[command(flatten)]
        limit: LogicLimit,
        /// Inputs, variant and output options.
        #[command(flatten)]
        common: Common,
    },
    /// The whole logical path of each puzzle, one step per line, until solved or stuck.
    #[command(after_help = super::help::EXPLAIN)]
    Explain {
        /// The limit on each puzzle's logic.
        #[command(flatten)]
        limit: LogicLimit,
        /// Inputs, variant and output options.
        #[command(flatten)]
        common: Common,
    },
    /// The canonical form of each puzzle: the least equivalent grid under relabelling digits,
    /// swapping rows within bands, bands, columns within stacks, stacks, and transposing
    /// (square boxes). Two puzzles are the same in disguise exactly when these match.
    #[command(after_help = super::help::CANON)]
    Canon {
        /// Inputs, variant and output options.
        #[command(flatten)]
        common: Common,
    },
    /// The true candidates of each puzzle: the digits of each cell that some solution puts
    /// there, as one pencilmark line (N*N*N characters: each cell's digits, `.` for those no
    /// solution has; the form `--from sukaku` and `solve` read). A puzzle with no solution
    /// prints `none`. With --json, `counts` gives each candidate's solutions (up to --cap).
    #[command(name = "true-candidates", after_help = super::help::TRUE_CANDIDATES)]
    TrueCandidates {
        /// Count each candidate's solutions up to K (1: whether it has one; more: a count each).
        #[arg(long, value_name = "K", default_value_t = 1,
              value_parser = clap::value_parser!(u64).range(1..))]
        cap: u64,
        /// Inputs, variant and output options.
        #[command(flatten)]
        common: Common,
    },
    /// Apply a random validity-preserving transformation to each puzzle.
    #[command(after_help = super::help::TRANSFORM)]
    Transform {
        /// Random seed: the same seed and input give the same output. Default: drawn from the
        /// clock and printed on stderr.
        #[arg(long, value_name = "S")]
        seed: Option<u64>,
        /// Inputs, variant and output options.
        #[command(flatten)]
        common: Common,
    },
    /// Generate puzzles with exactly one solution (minimal unless --clues stops earlier).
    #[command(after_help = super::help::GENERATE)]
    Generate(GenerateArgs),
    /// Convert published variant puzzles to the JSON lines form, one object per puzzle (a bad
    /// line becomes {"line": N, "error": ...}, a bad janko puzzle {"key": K, "error": ...}, so
    /// the output stays aligned with the input).
    #[command(after_help = super::help::CONVERT)]
    Convert(ConvertArgs),
    /// Write one puzzle as the exact-cover problem the engine searches, in Knuth's DLX text
    /// format (a blank 9x9: 324 items, 729 options), for `dlx` or Knuth's own programs.
    #[command(after_help = super::help::ENCODE)]
    Encode(EncodeArgs),
    /// Play a puzzle of any variant in the terminal: a file's record, a line, a new one from
    /// the generator, or a saved game. Arrows, hjkl or the mouse move; digits place; Tab
    /// switches to centre and corner pencil marks; ? hints; s saves.
    #[command(after_help = super::help::PLAY)]
    Play(super::play::PlayArgs),
    /// Completions and man pages.
    #[command(flatten)]
    Shell(ShellCommand),
}

// Not `///`, which clap would take for the subcommand's about: see `defer`.
#[doc = concat!("`solve`'s limits on each puzzle's search: the flags of `count` and `enumerate`, with the same meaning (a budget per puzzle, not for the whole input).")]
#[derive(Clone, Debug, Default, Args)]
pub struct SolveLimits {
    /// Give up on a puzzle after this much time (90s, 15m, 2h, 1h30m...): it prints `timeout`
    /// in its place, the others go on, and the exit status is 3.
    #[arg(long, value_name = "DURATION", value_parser = crate::job::parse_duration)]
    pub time_limit: Option<std::time::Duration>,

    /// Give up on a puzzle after exactly N search-tree nodes (`1e9` and `1_000_000` are fine),
    /// as --time-limit.
    #[arg(long, value_name = "N", value_parser = crate::job::parse_count)]
    pub node_limit: Option<u64>,
}

// Not `///`, which clap would take for the subcommand's about: see `defer`.
#[doc = concat!("The limit on each puzzle's logic in `rate`, `hint` and `explain`.")]
#[derive(Clone, Debug, Default, Args)]
pub struct LogicLimit {
    /// Give up on a puzzle's logic after this much time (90s, 15m, 2h, 1h30m...): it prints
    /// `timeout` in its place (`explain`: the steps found until then first), the others go on,
    /// and the exit status is 3. The proof that it has one solution, made first, is not
    /// limited. Ctrl-C stops the puzzle in hand alike, printing `stopped`.
    #[arg(long, value_name = "DURATION", value_parser = crate::job::parse_duration)]
    pub time_limit: Option<std::time::Duration>,
}

// Not `///`, which clap would take for the subcommand's about: see `defer`.
#[doc = concat!("Inputs, variant and output options shared by the subcommands.")]
#[derive(Clone, Debug, Default, Args)]
pub struct Common {
    /// Puzzle files; `-` or none reads standard input.
    pub files: Vec<PathBuf>,

    /// The rules.
    #[command(flatten)]
    pub variant: VariantArgs,

    /// Output format (`show` defaults to grid).
    #[arg(short, long, value_enum)]
    pub format: Option<OutputFormat>,

    /// The input format: read every line as FORMAT rather than as the input's first line looks
    /// (a line that is not in it is an error in its place, naming the format).
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub from: Option<InputFormat>,

    /// The same as --format json (the spelling `dlx` uses too).
    #[arg(long, conflicts_with = "format")]
    pub json: bool,

    /// Worker threads, 1 to 1024 (default: all cores), started when there is work for more than
    /// one (a lone puzzle to solve, check or rate runs without them). Output order and content
    /// do not depend on it.
    #[arg(short, long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub jobs: Option<u16>,

    /// Print the summary on stderr: puzzles, solved (checked, shown, rated, explained or done,
    /// by subcommand), multiple, none, invalid, errors, seconds, puzzles/s. The default, as in
    /// `dlx`; with -q, the summary and errors only.
    #[arg(short, long)]
    pub stats: bool,
}

// Not `///`, which clap would take for the subcommand's about: see `defer`.
#[doc = concat!("The rules: box shape, extra regions, jigsaw layout.")]
#[derive(Clone, Debug, Default, Args)]
pub struct VariantArgs {
    /// Box shape, rows x columns (e.g. 2x3 for 6x6); fixes the size to R*C. Default: the most
    /// nearly square boxes for each puzzle's size.
    #[arg(long, value_name = "RxC")]
    pub boxes: Option<String>,

    /// Sudoku X: both main diagonals also hold every digit once.
    #[arg(long = "x")]
    pub diagonals: bool,

    /// Hyper / windoku: the extra boxes at rows and columns 2-4 and 6-8 (for 9x9).
    #[arg(long)]
    pub hyper: bool,

    /// Jigsaw regions instead of boxes: a layout of N*N region labels (one line or N lines),
    /// given inline or as a file.
    #[arg(long, value_name = "LAYOUT|FILE")]
    pub regions: Option<String>,

    /// Extra regions, one per line: N cells written r1c1 r1c2 ... (or a layout of N*N labels
    /// with '.' for cells in no extra region).
    #[arg(long, value_name = "FILE")]
    pub extra_regions: Option<PathBuf>,

    /// The rules from a .board file (ROWS, COLUMNS and BLOCKS, as the autopear app writes
    /// them): rows and columns plus every block.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["boxes", "regions"])]
    pub board: Option<PathBuf>,

    /// The symbols the puzzles are written with, digit 1 first (e.g. 0123456789abcdef for a
    /// 16x16 published with 0-f); the blank is then '.' only, and cells are single symbols.
    /// Default: 1-9 then A-Z, blanks . 0 _ (a 256-cell line of 0-9, a-f and '.' with a '0' in
    /// it is read as 0-f by itself). Output keeps the default symbols.
    #[arg(long, value_name = "SYMBOLS")]
    pub symbols: Option<String>,
}

/// How results are printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum OutputFormat {
    /// One line per puzzle.
    Line,
    /// A grid with box borders per puzzle, followed by a blank line.
    Grid,
    /// JSON lines: {"line", "status", "solution", "count", "complete", "stopped", "nodes",
    /// "updates", "micros", "error"}.
    Json,
}

impl SudokuArgs {
    /// The arguments as the run reads them: `--json` as `--format json`, and `stats` true
    /// wherever the summary is printed (unless --quiet, or with --stats).
    #[must_use]
    pub fn settled(mut self) -> SudokuArgs {
        let quiet = self.quiet;
        let settle = |format: &mut Option<OutputFormat>, json: bool, stats: &mut bool| {
            if json {
                *format = Some(OutputFormat::Json);
            }
            *stats |= !quiet;
        };
        match &mut self.command {
            Command::Count { job, common, .. } | Command::Enumerate { job, common, .. } => {
                job.settle();
                settle(&mut common.format, common.json, &mut common.stats);
            }
            Command::Solve(SolveArgs { common, .. })
            | Command::Check { common }
            | Command::Rate { common, .. }
            | Command::Hint { common, .. }
            | Command::Explain { common, .. }
            | Command::Canon { common }
            | Command::TrueCandidates { common, .. }
            | Command::Transform { common, .. } => {
                settle(&mut common.format, common.json, &mut common.stats);
            }
            Command::Generate(generate) => {
                settle(&mut generate.format, generate.json, &mut generate.stats);
            }
            Command::Show(show) => {
                if show.json {
                    show.format = Some(ShowFormat::Json);
                }
                show.stats |= !quiet;
            }
            Command::Convert(_) | Command::Encode(_) | Command::Shell(_) | Command::Play(_) => {}
        }
        self
    }
}

/// The input formats `--from` names (`convert --from` names the same ones alike).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum InputFormat {
    /// Puzzle lines and grids in the usual formats, never records.
    Line,
    /// JSON lines records.
    Json,
    /// f-puzzles links and payloads (and `SudokuPad`'s `fpuzzles` links).
    Fpuzzles,
    /// `SudokuPad` links and payloads (`scl`, `ctc`, `fpuzzles`).
    Sudokupad,
    /// ISS constraint strings, its killer forms and its pencilmark lines.
    Iss,
}

impl InputFormat {
    /// The record format of the lines, `None` for puzzle lines.
    pub fn records(self) -> Option<dancer_sudoku::LineFormat> {
        use dancer_sudoku::LineFormat;
        match self {
            InputFormat::Line => None,
            InputFormat::Json => Some(LineFormat::Json),
            InputFormat::Fpuzzles => Some(LineFormat::Fpuzzles),
            InputFormat::Sudokupad => Some(LineFormat::Sudokupad),
            InputFormat::Iss => Some(LineFormat::Iss),
        }
    }
}
