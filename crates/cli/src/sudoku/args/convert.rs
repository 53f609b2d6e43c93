//! `sudoku convert`'s and `sudoku encode`'s arguments: the published formats read, the forms
//! written.

use std::path::PathBuf;

use clap::{Args, ValueEnum};
use dancer_sudoku::JankoKind;

use super::VariantArgs;

// Not `///`, which clap would take for the subcommand's about: see `defer`.
#[doc = concat!("`sudoku convert`'s arguments.")]
#[derive(Debug, Args)]
pub struct ConvertArgs {
    /// The format of the input.
    #[arg(long, value_enum)]
    pub from: ConvertFrom,
    /// With `--from janko`: the kind of puzzle (samurai, killer, even-odd, ... or a directory
    /// name such as `SamuraiSudoku`); by default taken from a file named `<Kind>_puzzles.json`.
    #[arg(long, value_name = "KIND")]
    pub kind: Option<JankoKind>,
    /// With `--from janko`: the published solutions (`{"solutions": {...}}`), written into
    /// each record; by default `../solutions/<Kind>_solutions.json` beside a
    /// `<Kind>_puzzles.json`, when it exists.
    #[arg(long, value_name = "FILE")]
    pub solutions: Option<PathBuf>,
    /// The format of the output: JSON lines records, or f-puzzles links
    /// (`https://www.f-puzzles.com/?load=...`; a puzzle f-puzzles cannot express is an error
    /// in its place, naming what it cannot say).
    #[arg(long, value_enum, default_value = "json")]
    pub to: ConvertTo,
    /// The file; `-` or none reads standard input.
    pub file: Option<PathBuf>,
    /// With `--from puzzles`: the rules of the puzzles.
    #[command(flatten)]
    pub variant: VariantArgs,
}

// Not `///`, which clap would take for the subcommand's about: see `defer`.
#[doc = concat!("`sudoku encode`'s arguments.")]
#[derive(Debug, Args)]
pub struct EncodeArgs {
    /// A file of one puzzle, in any puzzle format or the JSON lines form; `-` or none reads
    /// standard input.
    pub file: Option<PathBuf>,
    /// The rules of a puzzle that is not in the JSON lines form (which carries its own).
    #[command(flatten)]
    pub variant: VariantArgs,
}

/// The published formats `sudoku convert` reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ConvertFrom {
    /// `janko_killer.txt`: `N key source cages solution` (cages as `sum:cell,cell;...`).
    JankoKiller,
    /// `krazydad_killer_9x9.txt`: `title cages81 sums solution81` (a cage letter per cell).
    KrazydadKiller,
    /// `andoku_variants_9x9.txt`: `layout extra level index givens81 regions81|- solution81`.
    Andoku,
    /// A `janko_puzzlekit` file, `<Kind>_puzzles.json` (`{"puzzles": {key: {"problem": ...}}}`) of
    /// any kind but skyscraper: one record per key, in the file's order.
    Janko,
    /// `janko_jigsaw.txt`: `N key source givens regions solution` (N² symbols each).
    JankoJigsaw,
    /// `janko_sudoku_16x16.txt`: `N key source puzzle solution` (N² symbols each).
    JankoSudoku,
    /// `krazydad_16x16.txt`: `difficulty volume book number puzzle256` (symbols 0-9a-f).
    #[value(name = "krazydad-16x16")]
    Krazydad16x16,
    /// Pencilmark puzzles (Sukaku) as tdoku writes them: N³ characters per line (729 for a
    /// 9×9), N per cell, the k-th `k` when k is a candidate and `.` when not.
    Sukaku,
    /// f-puzzles links (`https://www.f-puzzles.com/?load=...`), `SudokuPad`'s
    /// (`https://sudokupad.app/fpuzzles...`) or their bare payloads, one a line.
    Fpuzzles,
    /// `SudokuPad` links and payloads (`scl`, `ctc`, `fpuzzles`), one a line.
    Sudokupad,
    /// ISS constraint strings, ISS's killer forms and pencilmark lines, one a line.
    Iss,
    /// Puzzles in any of the usual formats, under the variant options (`--x`, `--boxes`, ...);
    /// `line` is the same, as the other subcommands' `--from` names it.
    #[value(alias = "line")]
    Puzzles,
    /// JSON lines records (the form `convert` writes), or f-puzzles links, one a line.
    Json,
}

/// The formats `sudoku convert` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ConvertTo {
    /// JSON lines records, one object per puzzle.
    Json,
    /// f-puzzles links, one per puzzle.
    Fpuzzles,
}
