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
//!
//! Long searches, as jobs:
//!
//! - [`Run`] counts or visits solutions on every core (work is handed to idle workers as
//!   [`Subproblem`]s), stops at node, update, time or solution limits or when a flag is
//!   raised, reports [`Progress`] with the fraction of the tree done, and leaves a
//!   [`Checkpoint`] that resumes exactly where it stopped. It runs any search that implements
//!   [`Explore`], not only [`Solver`].
//! - [`Solver::estimate`] is Knuth's Monte Carlo estimate of the tree; [`Solver::split`] and
//!   [`balance`] cut the tree into parts of about equal work that partition the solutions, to
//!   run anywhere; every [`Subproblem`] and [`Checkpoint`] carries the tree's [`Fingerprint`].
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
//! # Errors
//!
//! Building reports a [`BuildError`], parsing a [`ParseError`] with line and column, and
//! committing a clashing option a [`CommitError`]. "No solution" is not an error: it is a count
//! of 0 or `None`.
//!
//! # Crate features
//!
//! - `proptest`: strategies generating random problems, for property tests here and downstream.
//! - `serde`: [`Subproblem`], [`Checkpoint`], [`Fingerprint`] and [`Stop`] as JSON (or any
//!   serde format).
#![deny(missing_docs)]

mod builder;
mod error;
mod explore;
mod format;
mod ids;
mod matrix;
mod problem;
mod run;
mod search;
mod solutions;
mod stats;
#[cfg(feature = "proptest")]
pub mod strategy;
mod subproblem;

pub use crate::{
    builder::ProblemBuilder,
    error::{BuildError, CommitError},
    explore::{Explore, Pause},
    format::{
        parse, read, write, OptionSource, ParseError, ParseErrorKind, ParsedProblem, MAX_LINE_BYTES,
    },
    ids::{ColorId, ItemId, OptionId},
    problem::{Entry, Problem},
    run::{Checkpoint, CoverageError, Outcome, Progress, Region, Run, RunError, Stop, POLL_NODES},
    search::{
        estimate::Estimate,
        memo::{
            Memo, MemoError, MemoProbe, MemoProgress, MemoRun, MEMO_BYTES, MEMO_PROBE_NODES,
            MEMO_PROBE_WORK,
        },
        split::{balance, Part, Piece, Split, SplitError, SAMPLING},
        Heuristic, Solver,
    },
    solutions::Solutions,
    stats::Stats,
    subproblem::{
        BadFingerprint, Branch, Fingerprint, FingerprintHasher, PathError, Share, Subproblem,
    },
};
