//! The arguments of `dlx tile`.

use std::path::PathBuf;

use clap::Args;

// Not `///`, which clap would take for the subcommand's about: see `defer`.
#[doc = concat!("`dlx tile`.")]
// Flags, as clap reads them: each bool is one switch of the command line.
#[allow(clippy::struct_excessive_bools)]
#[derive(Debug, Args)]
pub struct TileArgs {
    /// The tiling file (a board and pieces, docs/tiling.md); `-` or nothing reads standard
    /// input.
    pub file: Option<PathBuf>,

    /// Print only the number of solutions.
    #[arg(short, long)]
    pub count: bool,

    /// Count or print one solution of each class of solutions that the board's symmetries
    /// turn into each other (a piece used once is fixed to one placement of each class).
    #[arg(long)]
    pub up_to_symmetry: bool,

    /// Print the solutions as one SVG picture instead of text.
    #[arg(long)]
    pub svg: bool,

    /// Stop after N solutions.
    #[arg(short, long, value_name = "N")]
    pub limit: Option<u64>,

    /// Worker threads of a count (default: all cores).
    #[arg(short, long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub jobs: Option<u16>,

    /// Nothing on stderr but errors: no summary.
    #[arg(short, long)]
    pub quiet: bool,
}
