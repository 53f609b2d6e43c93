//! Sudoku of every size and region shape as exact cover, searched by the [`dancer`] engine or,
//! below 16×16, by a faster depth-first search on candidate bitmasks.
//!
//! - [`Variant`]: the rules as data: size N (1 to 64), rows, columns, R×C boxes or jigsaw
//!   pieces, and extra regions (diagonals, hyper windows, any N-cell regions).
//! - [`Template`]: the exact-cover problem of a variant, built once (see [`encode`] for the
//!   item and option numbering).
//! - [`Solver`]: [`solve`](Solver::solve), [`solve_unique`](Solver::solve_unique),
//!   [`count`](Solver::count), [`enumerate`](Solver::enumerate), and
//!   [`count_memo`](Solver::count_memo) for exact counts beyond 64 bits. Below 16×16 the first three
//!   run a depth-first search on candidate bitmasks with singles at every node; from 16×16 up,
//!   and for `enumerate`, the engine searches the template's matrix, reset between puzzles.
//!   Every result carries the search's [`Stats`](dancer::Stats) (see [`Solver::stats`]).
//! - [`Grid`]: the digits; [`Variant::check`] names the first broken rule.
//!
//! # Example
//!
//! ```
//! use dancer_sudoku::{Grid, Outcome, Solver, Template, Variant};
//!
//! let puzzle = "4..95.1..8.7.2...6..34..9.852...6.3.9...7...4.1.8.3.526.5..93..2...3.4.1..1.84..5";
//! let cells = puzzle.bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect();
//! let template = Template::new(Variant::standard(9)?);
//! let mut solver = Solver::new(&template);
//! let report = solver.solve_unique(&Grid::from_cells(9, cells));
//! let Outcome::Unique(solution) = report.outcome else { panic!("unique") };
//! assert!(solution.to_string().starts_with("462958173"));
//! assert!(template.variant().is_solution(&solution));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

mod board;
mod canon;
mod check;
pub mod draw;
pub mod encode;
mod error;
mod format;
pub mod generate;
mod grid;
mod logic;
mod model;
mod parse;
pub mod play;
mod points;
mod propagate;
mod rate;
mod regions;
mod solve;
mod transform;
mod variant;
mod wide;

pub use crate::logic::{
    Candidates, Level, LogicSolver, Path, Step, Technique, TechniqueKind, UnknownLevel,
};
pub use crate::model::{
    andoku, janko, janko_jigsaw, janko_killer, janko_puzzles, janko_sudoku, krazydad_16x16,
    krazydad_killer, sukaku, Broken, Cage, Encoded, JankoError, JankoKind, JsonError, Layout,
    Marks, Model, ModelError, Parity, Placement, ReadError, Record, Relation, RelationKind,
    UnknownJankoKind, UnknownLayout, UnknownMarks, Violation, ViolationKind, CAGE_FILLINGS,
    MAX_PLACEMENTS,
};
pub use crate::rate::{ClueBand, RateError, Rater, Rating};
pub use crate::{
    board::BoardError,
    encode::Template,
    error::{Conflict, VariantError},
    generate::{Generated, Generator, Symmetry},
    grid::{digit_of, symbol, Cell, Digit, Grid, MAX_LINE_SIZE, MAX_SIZE},
    regions::{parse_extra_regions, RegionsError},
    solve::{Count, Grids, MemoCount, Outcome, PuzzleSearch, Report, Solver, WIDE_FROM},
    variant::{Region, RegionKind, Variant},
};
pub use crate::{
    canon::{canonical, canonical_with_transform},
    transform::Transform,
};
pub use crate::{
    format::{line, pretty, Format, UnknownFormat},
    parse::{
        parse_puzzle, puzzles, puzzles_sized, read_puzzles, Alphabet, AlphabetError, ParseError,
        ParseErrorKind, Puzzle, PuzzleReader, Puzzles, MAX_LINE_BYTES,
    },
};
