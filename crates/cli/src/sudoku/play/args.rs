//! `sudoku play`'s arguments: where the puzzle comes from (a file, a line, the generator, a
//! saved game), where the game is saved, and the rules of a plain puzzle.

use std::path::PathBuf;

use clap::Args;

use crate::sudoku::args::{InputFormat, VariantArgs};

// Not `///`, which clap would take for the subcommand's about: see `defer`.
#[doc = concat!("`sudoku play`'s arguments.")]
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The puzzle: a file in any format `sudoku` reads (a puzzle line, a grid, a JSON lines
    /// model, an autopear .sdk preset with --board its .board), `-` for standard input, or the
    /// puzzle itself as a line.
    #[arg(value_name = "FILE|PUZZLE", conflicts_with_all = ["new", "resume"])]
    pub puzzle: Option<String>,

    /// The input format: read the puzzle (each line of the file) as FORMAT rather than as it
    /// looks: line, json, fpuzzles, sudokupad, iss.
    #[arg(long, value_enum, value_name = "FORMAT", conflicts_with_all = ["new", "resume"])]
    pub from: Option<InputFormat>,

    /// Which record of the file to play, from 1.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    pub record: u64,

    /// A new puzzle from the generator: plain (--size, --difficulty and the rules), --killer,
    /// --marks KIND or --layout NAME.
    #[arg(long, conflicts_with = "resume")]
    pub new: bool,

    /// With --new: a killer.
    #[arg(long, requires = "new")]
    pub killer: bool,

    /// With --new: marks besides givens: killer, consecutive, even-odd, greater-than,
    /// difference, xv, sukaku.
    #[arg(long, value_name = "KIND", requires = "new")]
    pub marks: Option<String>,

    /// With --new: a multi-grid layout: butterfly, samurai, sohei, windmill, sumo, shogun,
    /// gattai-8, clueless-1, clueless-2.
    #[arg(long, value_name = "LAYOUT", requires = "new")]
    pub layout: Option<String>,

    /// With --new: the grid's size (default 9, or what the rules imply).
    #[arg(long, value_name = "N", requires = "new")]
    pub size: Option<usize>,

    /// With --new (plain puzzles): easy, medium, hard, expert or extreme.
    #[arg(long, value_name = "LEVEL", requires = "new")]
    pub difficulty: Option<String>,

    /// With --new: the generator's seed (default: from the clock, shown in the title).
    #[arg(long, value_name = "S", requires = "new")]
    pub seed: Option<u64>,

    /// Resume the game saved in FILE (placements, pencil marks, undo history, clock).
    #[arg(long, value_name = "FILE")]
    pub resume: Option<PathBuf>,

    /// Where `s` saves the game (default: the --resume file, else sudoku-play.json).
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,

    /// The rules of a plain puzzle.
    #[command(flatten)]
    pub variant: VariantArgs,
}
