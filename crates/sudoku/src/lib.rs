//! Sudoku of every size, region shape and constraint as exact cover, searched by the
//! [`dancer`] engine or, for a plain puzzle, by faster searches on candidate bitmasks.
//!
//! # A map of the crate
//!
//! - **Describing a puzzle.** A [`Model`] is the one description of any puzzle: a rectangle
//!   of cells (some unused, for a samurai's five grids), the symbols, regions, givens, killer
//!   [`Cage`]s, [`Relation`]s between cells, [`Parity`] marks and candidates ([`Layout`] names
//!   the multi-grid shapes). A [`Variant`] is the convenient builder of plain rules
//!   ([`Variant::standard`], jigsaw, X, hyper, extra regions); [`Model::from_variant`]
//!   converts it exactly, and [`Model::variant`] is the plain view of a model of regions alone.
//!   [`Model::broken`] checks digits against every constraint, from their definitions.
//! - **Reading formats.** Puzzles in lines, grids and other common layouts:
//!   [`parse_puzzle`], [`read_puzzles`], [`Puzzles`] with an [`Alphabet`]; JSON lines records
//!   ([`Record`]); published collections ([`janko`], [`krazydad_killer`], [`andoku`],
//!   [`sukaku`], ...), each reader in the crate's `read/` folder. Writing: [`line`](line()),
//!   [`pretty`], [`Model::line`], [`Record::to_json`].
//! - **Solving.** One door: [`Rules`] (a rule set, compiled once) makes a [`PuzzleSolver`],
//!   which takes any puzzle of those rules ([`Givens`]: a [`Grid`] read from a line, or the
//!   digits of a model's rectangle) and solves it, proves it unique, counts (with a limit or
//!   [`count_memo`](PuzzleSolver::count_memo)), enumerates and
//!   [`explore`](PuzzleSolver::explore)s it (a [`dancer::run::Run`] on every core, with
//!   limits, progress and checkpoints). Which search
//!   runs is decided in one place ([`Backend`]): the classic 9×9 the band search (a word per
//!   digit and band of three rows), another plain puzzle below [`WIDE_FROM`] (16×16) the
//!   bitmask search, a plain one from there up the wide search, any other the engine on
//!   [`Model::encode`]'s matrix, each solution checked by the model's checker. A [`Template`]
//!   is a plain variant's exact-cover matrix and tables, which the rules build and the
//!   [`Rater`] and [`Generator`] take. The encodings ([`encode`], [`Model::encode`]) name their
//!   items alike, so the matrix a user exports is the one the engine searches.
//! - **Logic and rating.** [`LogicSolver`] applies human techniques ([`TechniqueKind`]) step by
//!   step ([`Path`], [`Step`]); [`Rater`] grades a puzzle ([`Rating`], [`Level`]).
//! - **Generating.** [`Generator`] makes unique plain puzzles (see [`generate`]);
//!   [`Model::generate`] makes killers, marks puzzles and multi-grid layouts.
//! - **Canonical forms.** [`canonical`] and [`Transform`]: the symmetry group of a grid.
//! - **Seeing and playing.** [`draw`] pictures any model (SVG, text, and PNG/PDF with the
//!   `render` feature); [`play`] is the state of a game of any variant (moves, notes, undo,
//!   hints, saving) that the `sudoku play` terminal game drives.
//!
//! # Example
//!
//! A 4×4 killer, from a [`Model`]: the rules of a 4×4 sudoku and four cages, solved, proved
//! unique, counted and enumerated through the calls every puzzle takes.
//!
//! ```
//! use dancer_sudoku::{Backend, Cage, Model, Rules, Variant, Verdict};
//!
//! let mut killer = Model::from_variant(&Variant::standard(4)?);
//! for (cells, sum) in [(vec![0, 1, 4], 6), (vec![2, 3], 7), (vec![5, 6, 9, 10], 10),
//!                      (vec![7, 11], 3), (vec![8, 12, 13], 8), (vec![14, 15], 6)] {
//!     killer.cages.push(Cage { cells, sum: Some(sum) });
//! }
//! let rules = Rules::new(&killer);
//! assert_eq!(rules.backend(), Backend::Propagate);
//! let mut solver = rules.solver();
//! let report = solver.solve_unique(&killer.givens)?;
//! let Verdict::Unique(solution) = report.verdict else { panic!("{:?}", report.verdict) };
//! assert_eq!(killer.line(&solution), "2143341242311324");
//! assert!(killer.broken(&solution, true).is_ok());
//! assert_eq!(solver.count(&killer.givens, None)?.count, 1);
//! assert_eq!(solver.enumerate(&killer.givens)?.count(), 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A classic 9×9 read from a line, the way a batch of plain puzzles is solved: the same door,
//! given a [`Grid`], gives back grids.
//!
//! ```
//! use dancer_sudoku::{parse_puzzle, Backend, Rules, Variant, Verdict};
//!
//! let line = "4..95.1..8.7.2...6..34..9.852...6.3.9...7...4.1.8.3.526.5..93..2...3.4.1..1.84..5";
//! let rules = Rules::from_variant(Variant::standard(9)?);
//! assert_eq!(rules.backend(), Backend::Band);
//! let mut solver = rules.solver();
//! let report = solver.solve_unique(&parse_puzzle(line)?)?;
//! let Verdict::Unique(solution) = report.verdict else { panic!("unique") };
//! assert!(solution.to_string().starts_with("462958173"));
//! assert!(rules.template().unwrap().variant().is_solution(&solution));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! `examples/one_api.rs` reads a killer, a samurai and a classic puzzle from `data/` and
//! solves, counts and enumerates each through the same calls.
#![deny(missing_docs)]

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
pub mod play;
mod rate;
mod read;
mod solve;
mod transform;
mod variant;

pub use crate::logic::{
    chain_length_extra, tenths, within_limits, Candidates, Level, LogicLimits, LogicSolver,
    LogicStop, Path, ScalePath, ScaleSolver, SeRating, Step, Technique, TechniqueKind, Tenths,
    UnknownLevel, VariantLogic,
};
pub use crate::model::{
    Broken, Cage, Constraints, Encoded, Layout, Line, LineContext, LineKind, Marks, Model,
    ModelError, Parity, Placement, Relation, RelationKind, UnknownLayout, UnknownMarks, Violation,
    ViolationKind, CAGE_FILLINGS, MAX_LINE_STATES, MAX_PLACEMENTS,
};
pub use crate::rate::{ClueBand, RateError, Rater, Rating};
pub use crate::read::{
    flat::{janko_jigsaw, janko_sudoku, krazydad_16x16},
    fpuzzles::{
        fpuzzles, fpuzzles_json, is_fpuzzles, to_fpuzzles, FpuzzlesPuzzle, FpuzzlesWriteError,
        FPUZZLES_MAX_SIZE,
    },
    iss::{is_iss, iss},
    janko::{janko, janko_puzzles, JankoError, JankoKind, UnknownJankoKind},
    json::JsonError,
    line_format::LineFormat,
    published::{andoku, janko_killer, krazydad_killer, sukaku, sukaku_of_grid, ReadError, Record},
    sudokupad::{is_sudokupad, sudokupad},
};
pub use crate::{
    canon::{canonical, canonical_with_transform},
    transform::Transform,
};
pub use crate::{
    encode::Template,
    error::{Conflict, VariantError},
    generate::{Generated, Generator, Symmetry},
    grid::{digit_of, symbol, Cell, Digit, Grid, MAX_LINE_SIZE, MAX_SIZE},
    read::board::BoardError,
    read::regions::{parse_extra_regions, RegionsError},
    solve::strategy::{Backend, WIDE_FROM},
    solve::{
        Givens, PuzzleCount, PuzzleReport, PuzzleSearch, PuzzleSolutions, PuzzleSolver, Rules,
        SolutionForm, SolveError, TrueCandidates, Verdict,
    },
    variant::{Region, RegionKind, Variant},
};
pub use crate::{
    format::{line, pretty, Format, UnknownFormat},
    read::puzzles::{
        parse_puzzle, puzzles, puzzles_sized, read_puzzles, Alphabet, AlphabetError, ParseError,
        ParseErrorKind, Puzzle, PuzzleReader, Puzzles, MAX_LINE_BYTES,
    },
};
