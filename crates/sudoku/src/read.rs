//! Readers of every format, each writer beside its reader:
//!
//! - `puzzles.rs` + `puzzles/`: puzzles in lines and grids (line, contest, separated, numbers
//!   and grid records, with an [`Alphabet`](puzzles::Alphabet)), every error at its line and
//!   column;
//! - `board.rs`: the `.board` geometry files of the autopear app, into a
//!   [`Variant`](crate::variant::Variant);
//! - `regions.rs`: extra regions (`--extra-regions`);
//! - `published.rs`: the [`Record`](published::Record) every published collection reads into,
//!   and the one-line killer, andoku and sukaku formats; `flat.rs`: janko.at's and krazydad's
//!   flat files of plain variants; `janko.rs` + `janko/`: `janko_puzzlekit`'s kinds;
//! - `json.rs` + `json/`: the JSON lines form of a record, read strictly and written;
//!   `line_format.rs`: a record line read in a format the user names (`--from`);
//! - `fpuzzles.rs` + `fpuzzles/`: f-puzzles and `SudokuPad` links and payloads;
//! - `sudokupad.rs` + `sudokupad/`: `SudokuPad`'s own `scl` and `ctc` links and payloads;
//! - `iss.rs` + `iss/`: the constraint strings and killer forms of sigh's Interactive Sudoku
//!   Solver.
//!
//! The layouts are documented in docs/formats.md.

pub(crate) mod board;
pub(crate) mod flat;
pub(crate) mod fpuzzles;
pub(crate) mod iss;
pub(crate) mod janko;
pub(crate) mod json;
pub(crate) mod line_format;
pub(crate) mod published;
pub(crate) mod puzzles;
pub(crate) mod regions;
pub(crate) mod sudokupad;
