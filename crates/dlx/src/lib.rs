//! A fast, reusable exact-cover engine: Knuth's Algorithm X on dancing links, with secondary
//! items and colours (his Algorithm C) and multiplicities (his Algorithm M).
//!
//! An exact-cover problem has *items* and *options*, each option a set of items. A solution
//! chooses options so that every *primary* item is in exactly one chosen option and every
//! *secondary* item in at most one. A secondary item may carry a *colour* inside an option:
//! options that give it the same colour may share it (D. E. Knuth, *The Art of Computer
//! Programming* 4B, §7.2.2.1, "Dancing links"; his programs DLX1 and DLX2). A primary item
//! declared with [`ProblemBuilder::primary_bounded`] must instead be in between `u` and `v`
//! chosen options (his DLX3); each set of options is then found once.
//!
//! - [`ProblemBuilder`] declares items and options and builds a validated [`Problem`].
//! - [`Problem::solver`] gives a [`Solver`]: [`first`](Solver::first),
//!   [`count`](Solver::count), [`count_up_to`](Solver::count_up_to), the
//!   [`solutions`](Solver::solutions) iterator and the [`for_each`](Solver::for_each) visitor.
//!   A solver can [`commit`](Solver::commit) options first (a partial solution) and
//!   [`reset`](Solver::reset) to the initial state, so one problem serves many searches.
//! - [`Stats`] counts nodes and updates exactly as DLX1 does; a profiled search
//!   ([`Solver::profiling`]) also counts DLX1's mems and the nodes at each level.
//! - [`Solver::count_memo`] counts with a [`Memo`] table of sub-problem counts, far beyond
//!   enumeration where sub-problems repeat; [`Solver::sample`] draws solutions uniformly at
//!   random from those exact counts.
//! - [`parse`], [`read`] and [`write`](fn@write) read and write Knuth's DLX text format.
//! - A solver borrows its problem; [`Solver::owning`] and [`Problem::into_solver`] make one
//!   that owns it (`Solver<'static>`), to keep in a struct or move to a thread, at the same
//!   speed.
//!
//! Long searches, as jobs, are one topic in the [`run`] module: [`run::Run`] counts or visits
//! solutions on every core with limits, progress and checkpoints; subproblems, fingerprints,
//! estimates, and splitting a tree into parts to run on many machines live there too.
//!
//! The search is iterative (no recursion), the links are `u32` indices into one `Vec`, and
//! nothing is allocated while searching.
//!
//! # Example
//!
//! Knuth's toy problem: primary items A–E, secondary items F and G.
//!
//! ```
//! use dancer::ProblemBuilder;
//!
//! let mut builder = ProblemBuilder::new();
//! for name in ["A", "B", "C", "D", "E"] {
//!     builder.primary(name);
//! }
//! builder.secondary("F");
//! builder.secondary("G");
//! for option in ["C E F", "A D G", "B C F", "A D", "B G", "D E G"] {
//!     builder.option_named(option.split(' '));
//! }
//! let problem = builder.build()?;
//! let mut solver = problem.solver();
//! let solutions: Vec<_> = solver.solutions().collect();
//! assert_eq!(solutions.len(), 1);
//! let mut chosen: Vec<usize> = solutions[0].iter().map(|o| o.index()).collect();
//! chosen.sort();
//! assert_eq!(chosen, [0, 3, 4]); // {C E F}, {A D}, {B G}
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Stopping at the first solution that will do
//!
//! [`Solver::for_each`] visits solutions until the visitor breaks, and returns what it broke
//! with. The 92 solutions of the eight queens, up to the first with a queen in a corner:
//!
//! ```
//! use std::ops::ControlFlow;
//! use dancer::ProblemBuilder;
//!
//! let n = 8;
//! let mut builder = ProblemBuilder::new();
//! let rows = builder.primary_items(n);
//! let columns = builder.primary_items(n);
//! let diagonals = builder.secondary_items(2 * n - 1);
//! let anti_diagonals = builder.secondary_items(2 * n - 1);
//! for r in 0..n {
//!     for c in 0..n {
//!         builder.option([rows[r], columns[c], diagonals[r + c], anti_diagonals[r + n - 1 - c]]);
//!     }
//! }
//! let problem = builder.build()?;
//! let mut solver = problem.solver();
//! let corner = solver.for_each(|solution| {
//!     // Option r·n + c places a queen at row r, column c.
//!     match solution.iter().find(|o| [0, n - 1, n * (n - 1), n * n - 1].contains(&o.index())) {
//!         Some(queen) => ControlFlow::Break(queen.index()),
//!         None => ControlFlow::Continue(()),
//!     }
//! });
//! assert!(matches!(corner, ControlFlow::Break(_)));
//! assert_eq!(solver.count(), 92);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Counting far beyond enumeration
//!
//! A memoised count looks each sub-problem up once: the domino tilings of an 8×8 board are
//! 12 988 816, counted from a few thousand sub-problems.
//!
//! ```
//! use dancer::{Memo, ProblemBuilder};
//!
//! let n = 8;
//! let mut builder = ProblemBuilder::new();
//! let cells = builder.primary_items(n * n);
//! for r in 0..n {
//!     for c in 0..n {
//!         if c + 1 < n {
//!             builder.option([cells[r * n + c], cells[r * n + c + 1]]);
//!         }
//!         if r + 1 < n {
//!             builder.option([cells[r * n + c], cells[(r + 1) * n + c]]);
//!         }
//!     }
//! }
//! let problem = builder.build()?;
//! let count = problem.solver().count_memo(&mut Memo::default(), None)?;
//! assert_eq!(count, 12_988_816);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Sampling uniformly from those counts is [`Solver::sample`] (with an example there); counting
//! and enumerating on every core is [`run::Run`] (examples in [`run`]).
//!
//! # Errors
//!
//! Building reports a [`BuildError`], parsing a [`ParseError`] with line and column, and
//! committing a clashing option a [`CommitError`]. "No solution" is not an error: it is a count
//! of 0 or `None`.
//!
//! # Crate features
//!
//! - `proptest`: strategies generating random problems, for property tests here and downstream.
//! - `serde`: [`run::Subproblem`], [`run::Checkpoint`], [`run::Fingerprint`] and [`run::Stop`]
//!   as JSON (or any serde format).
#![deny(missing_docs)]

mod builder;
mod error;
mod explore;
mod format;
mod ids;
mod matrix;
mod problem;
pub mod run;
mod search;
mod solutions;
mod stats;
#[cfg(feature = "proptest")]
pub mod strategy;
mod subproblem;

pub use crate::{
    builder::ProblemBuilder,
    error::{BuildError, CommitError},
    format::{
        parse, read, write, OptionSource, ParseError, ParseErrorKind, ParsedProblem, MAX_LINE_BYTES,
    },
    ids::{ColorId, ItemId, OptionId},
    problem::{Entry, Problem},
    search::{
        memo::{Memo, MemoError, MEMO_BYTES},
        Heuristic, Solver,
    },
    solutions::Solutions,
    stats::Stats,
};
