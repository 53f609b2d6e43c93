//! `sudoku show`'s arguments: the batch options with picture formats, files and sheets.

use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::{Common, InputFormat, OutputFormat, VariantArgs};

// Not `///`, which clap would take for the subcommand's about: see `defer`.
#[doc = concat!("`sudoku show`'s arguments: those of every subcommand, with picture formats and options.")]
#[derive(Debug, Args)]
pub struct ShowArgs {
    /// Puzzle files; `-` or none reads standard input.
    pub files: Vec<PathBuf>,

    /// The rules.
    #[command(flatten)]
    pub variant: VariantArgs,

    /// The input format: read every line as FORMAT rather than as the input's first line looks
    /// (a line that is not in it is an error in its place, naming the format).
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub from: Option<InputFormat>,

    /// Output format: grid (the default: borders, cages and their sums, marks), line, json,
    /// or a picture: svg, png, pdf.
    #[arg(short, long, value_enum)]
    pub format: Option<ShowFormat>,

    /// The same as --format json.
    #[arg(long, conflicts_with = "format")]
    pub json: bool,

    /// Worker threads, 1 to 1024 (default: all cores). Output order and content do not depend
    /// on it.
    #[arg(short, long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub jobs: Option<u16>,

    /// Print the summary on stderr (see `solve`).
    #[arg(short, long)]
    pub stats: bool,

    /// Pictures: where they go. For svg and png a directory, one file per puzzle (named after
    /// its input and line, `killer-9x9-3.svg`) or per sheet with --per-page (`page-1.svg`);
    /// for pdf the file. Default: standard output, for one picture (or one PDF).
    #[arg(short, long, value_name = "PATH")]
    pub output: Option<PathBuf>,

    /// Pictures: N puzzles on each sheet of --paper, laid out as large as they fit.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=100))]
    pub per_page: Option<u16>,

    /// Pictures: the sheet for --per-page and PDF: a4 or letter.
    #[arg(long, value_name = "PAPER", default_value = "a4")]
    pub paper: dancer_sudoku::draw::Paper,

    /// Pictures: draw the solution's digits in blue (the record's own, else solved).
    #[arg(long)]
    pub solution: bool,
}

impl ShowArgs {
    /// The options as those of the other subcommands, for the text formats.
    pub fn common(&self) -> Common {
        let format = self.format.map(|format| match format {
            ShowFormat::Line => OutputFormat::Line,
            ShowFormat::Json => OutputFormat::Json,
            _ => OutputFormat::Grid,
        });
        Common {
            files: self.files.clone(),
            variant: self.variant.clone(),
            format,
            from: self.from,
            json: self.json,
            jobs: self.jobs,
            stats: self.stats,
        }
    }
}

/// The formats `sudoku show` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ShowFormat {
    /// One line per puzzle.
    Line,
    /// The puzzle drawn in characters with its rules: box-drawing borders, dotted cages with
    /// their sums, relation marks between cells, parity marks, extra regions shaded.
    Grid,
    /// The JSON lines record, which every subcommand reads.
    Json,
    /// An SVG picture per puzzle (or per sheet with --per-page).
    Svg,
    /// A PNG picture per puzzle or sheet, drawn with a font built in (the `pictures` feature).
    Png,
    /// One printable PDF, a page per puzzle or per sheet (the `pictures` feature).
    Pdf,
}

impl ShowFormat {
    /// Whether this is a picture format.
    pub fn is_picture(self) -> bool {
        matches!(self, ShowFormat::Svg | ShowFormat::Png | ShowFormat::Pdf)
    }
}
