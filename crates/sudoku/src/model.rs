//! One description for every variant: cells in a rectangle (multi-grid puzzles leave some
//! unused), symbols 1..N, all-different regions, givens, and the constraints that are not
//! regions: killer cages, relations between two cells, parity and candidates. A [`Model`] is
//! checked once ([`Model::validate`]) and searched as exact cover with colours on the engine
//! (`model/encode.rs`), whatever mix of constraints it has.

mod check;
mod constraints;
mod derive;
mod encode;
mod fill;
mod generate;
mod layout;
pub(crate) mod lines;
mod names;
mod plain;
mod reduce;
mod validate;
mod violations;

pub use self::check::Broken;
pub use self::constraints::Constraints;
pub(crate) use self::derive::{ImpliedSum, MOST_REGIONS};
pub use self::encode::{Encoded, Placement, CAGE_FILLINGS};
pub(crate) use self::fill::digit_sets;
pub use self::generate::{Marks, UnknownMarks};
pub use self::layout::{Layout, UnknownLayout};
pub use self::lines::automata::MAX_LINE_STATES;
pub use self::lines::{Line, LineContext, LineKind};
pub(crate) use self::validate::Part;
pub use self::violations::{Violation, ViolationKind};

use crate::grid::{Cell, Digit};
use crate::variant::RegionKind;

/// The most (cell, digit) pairs a [`Model`] may have (and a quarter of the most cells its
/// constraints may list in all): beyond, [`Model::validate`] refuses it as too large.
pub const MAX_PLACEMENTS: usize = 1 << 22;

/// A relation that must hold between the digits `a` and `b` of two cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RelationKind {
    /// `a < b` (a greater-than sign pointing at the first cell).
    Less,
    /// `|a − b| = 1` (a consecutive bar).
    Consecutive,
    /// `|a − b| ≠ 1` (no bar, where every consecutive pair is marked).
    NotConsecutive,
    /// `|a − b| = k` (a Kropki-style difference).
    Difference(u8),
    /// `a + b = k` (XV sudoku: 5 and 10).
    Sum(u8),
    /// `a = k·b` or `b = k·a` (a black Kropki dot: k = 2).
    Ratio(u8),
    /// `a ≠ b` between cells that share no region (anti-king, anti-knight: a chess move apart).
    Different,
    /// `|a − b| ≠ k` (where every dot of difference k is given; k = 1 is
    /// [`NotConsecutive`](RelationKind::NotConsecutive)).
    NotDifference(u8),
    /// `a + b ≠ k` (where every X or V is given).
    NotSum(u8),
    /// Neither digit is k times the other (where every black dot is given).
    NotRatio(u8),
    /// `a = b` (a palindrome's mirrored cells, a clone's).
    Equal,
    /// `|a − b| ≥ k` (neighbours on a whispers line: German whispers k = 5, Dutch k = 4).
    Apart(u8),
    /// `a ≤ b` (a slow thermometer rises or stays, one cell to the next).
    AtMost,
    /// `a = i ⇒ b = v`: an indexer's cell a holding i sends digit v to cell b, the i-th of its
    /// row, column or box (the pair `Indexes(i, v)`).
    Indexes(u8, u8),
}

impl RelationKind {
    /// Whether digits `a` and `b` satisfy the relation.
    pub fn holds(self, first: Digit, second: Digit) -> bool {
        let apart = first.abs_diff(second);
        match self {
            RelationKind::Less => first < second,
            RelationKind::Consecutive => apart == 1,
            RelationKind::NotConsecutive => apart != 1,
            RelationKind::Difference(difference) => apart == difference,
            RelationKind::Sum(total) => u32::from(first) + u32::from(second) == u32::from(total),
            RelationKind::Ratio(factor) => ratio(first, second, factor),
            RelationKind::Different => first != second,
            RelationKind::NotDifference(difference) => apart != difference,
            RelationKind::NotSum(total) => u32::from(first) + u32::from(second) != u32::from(total),
            RelationKind::NotRatio(factor) => !ratio(first, second, factor),
            RelationKind::Equal => first == second,
            RelationKind::Apart(at_least) => apart >= at_least,
            RelationKind::AtMost => first <= second,
            RelationKind::Indexes(index, value) => first != index || second == value,
        }
    }
}

/// Whether one digit is `factor` times the other.
fn ratio(first: Digit, second: Digit, factor: u8) -> bool {
    let (low, high) = (u32::from(first.min(second)), u32::from(first.max(second)));
    high == low * u32::from(factor)
}

/// Two cells whose digits must satisfy a [`RelationKind`], in this order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Relation {
    /// The first cell.
    pub a: Cell,
    /// The second cell.
    pub b: Cell,
    /// What must hold of their digits, first cell's first.
    pub kind: RelationKind,
}

/// A killer cage: its cells hold distinct digits that add up to `sum` (any sum when `None`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cage {
    /// The cells, as indices into the model's rectangle.
    pub cells: Vec<Cell>,
    /// The total of the cage's digits, when given.
    pub sum: Option<u32>,
}

/// Whether a cell's digit is even or odd.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Parity {
    /// 2, 4, 6, ...
    Even,
    /// 1, 3, 5, ...
    Odd,
}

/// A puzzle of any variant. Cells are numbered row by row in a `width` × `height`
/// rectangle, `row * width + column`; `used[cell]` says whether the cell is part of the
/// puzzle (every cell of a single grid is).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Model {
    /// Columns of the rectangle.
    pub width: usize,
    /// Rows of the rectangle.
    pub height: usize,
    /// The symbols are the digits `1..=symbols`.
    pub symbols: usize,
    /// Which cells of the rectangle are part of the puzzle.
    pub used: Vec<bool>,
    /// Sets of cells whose digits are all different. A region of `symbols` cells holds every
    /// digit once; a smaller one holds no digit twice.
    pub regions: Vec<Vec<Cell>>,
    /// What the regions are, where the model states it: `kinds[k]` is region k's kind (a
    /// row, a box, a diagonal, ...). A model made from a [`Variant`](crate::Variant) states every region's;
    /// the regions past the end of the list (all of them in a JSON lines record, which
    /// carries no kinds) are read from their cells ([`Model::region_kinds`]). Kinds name
    /// regions and give the plain view ([`Model::variant`]); they never change the rules.
    pub kinds: Vec<RegionKind>,
    /// The digit given in each cell of the rectangle, if any.
    pub givens: Vec<Option<Digit>>,
    /// Killer cages.
    pub cages: Vec<Cage>,
    /// Relations between two cells.
    pub relations: Vec<Relation>,
    /// Cells whose digit's parity is known.
    pub parity: Vec<(Cell, Parity)>,
    /// Cells whose digit is one of a few (a Sukaku's pencilmarks), as a bit per digit (bit
    /// `d - 1` for digit `d`).
    pub candidates: Vec<(Cell, u64)>,
    /// Constraints along lines of cells (arrows, sandwiches, renban, ...).
    pub lines: Vec<Line>,
}

/// Why a [`Model`] cannot be searched.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ModelError {
    /// No symbols, more than 64, or a rectangle whose tables do not match its size.
    #[error("the puzzle has {symbols} symbols in a {width}x{height} rectangle: {why}")]
    Shape {
        /// The number of symbols.
        symbols: usize,
        /// The rectangle's width.
        width: usize,
        /// The rectangle's height.
        height: usize,
        /// What does not fit.
        why: &'static str,
    },
    /// A constraint names a cell outside the rectangle or not used by the puzzle.
    #[error("{what} names cell {cell}, which is not a cell of the puzzle")]
    Cell {
        /// The constraint, as "region 3", "cage 7", ...
        what: String,
        /// The cell.
        cell: Cell,
    },
    /// A constraint cannot hold: a region or cage with more cells than symbols or a cell
    /// twice, a relation of a cell with itself, a given digit out of range.
    #[error("{what}: {why}")]
    Impossible {
        /// The constraint.
        what: String,
        /// Why.
        why: String,
    },
}

impl Model {
    /// The digits cell `cell` may hold by its own marks: its given, parity and candidates.
    pub fn allowed(&self, cell: Cell) -> impl Iterator<Item = Digit> + '_ {
        let n = self.symbols;
        // A bit per digit, as candidate sets have them.
        let mut marks = u64::MAX;
        for list in self.constraints() {
            match list {
                // Constraints between cells: they rule out no digit of one cell on its own.
                Constraints::Cages(_) | Constraints::Relations(_) | Constraints::Lines(_) => {}
                Constraints::Parity(parity) => {
                    for &(_, parity) in parity.iter().filter(|&&(c, _)| c == cell) {
                        marks &= match parity {
                            Parity::Even => EVEN_DIGITS,
                            Parity::Odd => !EVEN_DIGITS,
                        };
                    }
                }
                Constraints::Candidates(sets) => {
                    for &(_, set) in sets.iter().filter(|&&(c, _)| c == cell) {
                        marks &= set;
                    }
                }
            }
        }
        let given = self.givens[cell];
        (1..=n as Digit).filter(move |&digit| {
            given.is_none_or(|given| given == digit) && marks >> (digit - 1) & 1 == 1
        })
    }
}

/// The bits of the even digits 2, 4, 6, ... (bit `d - 1` for digit `d`).
const EVEN_DIGITS: u64 = 0xAAAA_AAAA_AAAA_AAAA;
