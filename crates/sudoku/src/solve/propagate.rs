//! The propagating search: what solves and proves unique the puzzles of a model with cages,
//! relations, lines, parity or pencilmarks ([`Backend::Propagate`](super::Backend)), the way the
//! variant solvers people use do (sigh's Interactive Sudoku Solver, Rangsk's `SudokuSolver`).
//!
//! Each cell's candidates are a `u64` mask; every rule of the model is a propagator over a few
//! cells that takes candidates in and gives eliminations out, and at every node they run to a
//! fixpoint:
//!
//! - a region or a cage's cells hold distinct digits: a placed digit leaves its peers, and in
//!   a full region a digit with one place goes there (naked and hidden singles);
//! - a cage's sum keeps the digit sets of its size and total that its cells can still hold,
//!   and each cell's digits of those sets; a digit every set holds, with one place left, goes
//!   there; past a few thousand sets, the least and greatest totals bound each cell;
//! - a relation between two cells keeps each cell's digits that some digit of the other
//!   allows (a table per kind);
//! - a line (arrow, little killer, sandwich, renban, ...) keeps each cell's digits on some
//!   path of its automaton through the candidates (forward and backward over the unrolled
//!   automaton of `model/lines/automata.rs`): exact for the line alone; a short line with few
//!   fillings is a table of them instead, its cells that share a region or a cage holding
//!   distinct digits (`fillings.rs`);
//! - a sandwich or X-sum clue on a full house keeps the digits of the ways the house can
//!   still split around its crusts or its X (`splits.rs`): the automaton alone does not know
//!   that the house holds each digit once;
//! - a renban keeps the runs of digits it can still hold, and a digit all of them hold goes
//!   to its one place on the line or leaves every cell that sees all its places (`renban.rs`,
//!   `peers.rs`);
//! - the sums the cages imply (innies and outies) are tables of their fillings, and the
//!   equations of cages straddling houses (houses grown one by one, the cages mostly inside
//!   joining: `implied.rs`) are bounded sums, or tables when of at most 3 cells.
//!
//! Then it branches on the open cell with the fewest candidates for its weight, or on a
//! digit's two places in a house (`branch.rs`). Cheap propagators (regions,
//! relations) run before costly ones (sums, lines), each at most once per change of its cells.
//!
//! Why not the exact-cover engine for these: the engine checks one step ahead (Algorithm C
//! purges clashing colours when it commits an option), never bounds a partial sum or narrows a
//! line on the candidates left, so on a hard killer or a long arrow it searches millions of
//! nodes that propagation never enters. The engine stays the reference: it counts, keeps the
//! memo, runs in parallel and writes DLX; a property test holds the two to the same solutions.

mod board;
mod bounds;
mod branch;
mod fillings;
mod group_sum;
mod implied;
mod line_rules;
mod narrow;
mod peers;
mod propagators;
mod renban;
mod search;
mod splits;
mod sum_bits;
mod sums;
mod table;
mod tables;
mod tree;
mod watches;

use std::ops::Range;

use dancer::run::{Fingerprint, FingerprintHasher};

pub(crate) use self::narrow::narrow;
pub(crate) use self::search::PropSearch;
pub(crate) use self::sums::implied;
pub(crate) use self::tables::PropTables;
pub(crate) use self::tree::PropTree;
use crate::grid::Digit;
use crate::model::Model;

/// One propagator and the cells it reads.
#[derive(Clone, Debug)]
pub(super) enum Rule {
    /// Distinct digits (`full`: as many cells as symbols, so each digit once).
    Group { cells: Range<u32>, full: bool },
    /// Locked candidates: where a full group crosses others (`crossings` in the tables'
    /// list). Apart from the group's rule, so that it waits for the cheap rules' fixpoint
    /// (run with every change of a row, it took 37% of a killer's time).
    /// `widest`: the most cells of the group in one crossing.
    Crossed { cells: Range<u32>, crossings: Range<u32>, widest: u32 },
    /// A cage's sum, as the digit sets that make it (`sets` in the tables' list), and the
    /// groups it crosses in two cells or more (`crossings`), where a digit its sets all hold
    /// may be locked.
    Sum { cells: Range<u32>, sets: Range<u32>, crossings: Range<u32> },
    /// A sum with too many digit sets to list: bounds on its total, its cells in runs that
    /// share a region (`runs` in the tables' list of where each run ends); the cells from
    /// position `flipped` on are subtracted, counted as N + 1 less their digit (the sum grown
    /// by N + 1 for each).
    /// With `pill` cells, the last ones of `cells`, the total is not `sum` but the number they
    /// read in decimal (an arrow's circle or pill: `bounds.rs`).
    Bounds { cells: Range<u32>, sum: u32, runs: Range<u32>, flipped: u32, pill: u32 },
    /// A sum of `sum` over cells in groups of distinct digits, each ending where `runs` (in
    /// the tables' list) says: a long little killer (`group_sum.rs`).
    GroupSum { cells: Range<u32>, runs: Range<u32>, sum: u32 },
    /// A relation between cells `a` and `b`, its table at `table` in the tables' pairs.
    Pair { a: u32, b: u32, table: u32 },
    /// Cells and their `fillings`, as the fillings that put each digit in each cell: `words`
    /// words a cell and digit at `supports` in the tables' list (`table.rs`).
    Table { cells: Range<u32>, supports: u32, fillings: u32, words: u32 },
    /// A line, by its number in the tables' lines.
    Line { line: u32 },
    /// A sandwich or X-sum clue on a full house, as the ways the house may split (`splits`
    /// in the tables' list).
    Splits { cells: Range<u32>, splits: Range<u32> },
    /// A renban line: its cells hold distinct consecutive digits (`renban.rs`). When
    /// `tabled`, a table of its fillings says all it would and more (`table.rs`): it then runs
    /// once, from the load, and only makes its cells peers.
    Renban { cells: Range<u32>, tabled: bool },
}

impl Rule {
    /// Whether the propagator is cheap (a few word operations a cell, or a short list of
    /// fillings), so that it runs in the order queued before the costly ones (bounds, lines,
    /// splits, locked candidates), one of which runs at each fixpoint of the cheap. Sums,
    /// tables and renbans run with the cheap ones since peers took the placements over: their
    /// contradictions then come before a costly rule's work (callgrind, instructions a node:
    /// `EXTREME_KILLERS`' third 158 K → 84 K, `HARD_RENBAN`'s second 77 K → 53 K;
    /// docs/propagation.md).
    pub(super) fn is_cheap(&self) -> bool {
        matches!(
            self,
            Rule::Group { .. }
                | Rule::Pair { .. }
                | Rule::Sum { .. }
                | Rule::Table { .. }
                | Rule::Renban { .. }
                | Rule::GroupSum { .. }
        )
    }
}

/// Where a full group crosses another group in two cells or more: the crossing cells, as
/// positions in the full group, and the other group's cells outside it. A digit whose places
/// in the full group all lie in the crossing leaves those cells (locked candidates).
#[derive(Clone, Debug)]
pub(super) struct Crossing {
    pub(super) inside: u64,
    pub(super) outside: Range<u32>,
}

/// The fingerprint of the propagating search's tree for `model`'s rules and `givens`: every
/// list of the model, in order.
pub(crate) fn fingerprint(model: &Model, givens: &[Option<Digit>]) -> Fingerprint {
    let mut hash = FingerprintHasher::new();
    hash.bytes(b"dancer-sudoku propagating search");
    for number in [model.width, model.height, model.symbols] {
        hash.number(number as u64);
    }
    let cells = |hash: &mut FingerprintHasher, cells: &[usize]| {
        hash.number(cells.len() as u64);
        for &cell in cells {
            hash.number(cell as u64);
        }
    };
    hash.bytes(&model.used.iter().map(|&used| u8::from(used)).collect::<Vec<u8>>());
    for region in &model.regions {
        cells(&mut hash, region);
    }
    hash.bytes(&givens.iter().map(|digit| digit.unwrap_or(0)).collect::<Vec<u8>>());
    for cage in &model.cages {
        cells(&mut hash, &cage.cells);
        hash.number(cage.sum.map_or(u64::MAX, u64::from));
    }
    for relation in &model.relations {
        hash.number(relation.a as u64).number(relation.b as u64);
        hash.bytes(format!("{:?}", relation.kind).as_bytes());
    }
    for &(cell, parity) in &model.parity {
        hash.number(cell as u64).bytes(format!("{parity:?}").as_bytes());
    }
    for &(cell, set) in &model.candidates {
        hash.number(cell as u64).number(set);
    }
    for line in &model.lines {
        hash.bytes(format!("{:?}", line.kind).as_bytes());
        cells(&mut hash, &line.cells);
    }
    hash.finish()
}

#[cfg(test)]
mod queue_tests;
#[cfg(test)]
mod tests;
