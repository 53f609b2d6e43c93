//! Constraints along a line of cells, whatever its length: arrows, little killers, sandwiches,
//! renban, zipper lines, ... A [`Line`] is its cells in order and its [`LineKind`]; the kind's
//! definition is [`LineKind::holds`], which the checker applies, and its automaton
//! (`lines/automata.rs`) is what the encoding and the logic use. The two are written apart on
//! purpose: the tests hold one against the other.
//!
//! Clues outside the grid (a sandwich, an X-sum, a skyscraper, a little killer) are lines of
//! the cells they speak of, in order from the clue; a quadruple is the 2 to 4 cells around a
//! corner.
//!
//! Thermometers, slow thermometers, whispers, palindromes and clones are lines too, so that
//! pictures, messages and the f-puzzles writer see them whole, though each means no more than
//! relations between pairs of its cells: [`Line::relations`] gives those pairs, and the
//! encoding and the logic use them rather than the automaton (a binary relation encodes far
//! smaller).

pub(crate) mod automata;
mod pairs;

use std::fmt;

use super::Model;
use crate::grid::{Cell, Digit};
use crate::variant::RegionKind;

/// What must hold of the digits along a [`Line`], in its order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum LineKind {
    /// The first `circle` cells (1 to 3), read as one number in decimal (digits written one
    /// after another: 1, 2 is 12), equal the sum of the other cells (the arrow).
    Arrow {
        /// How many cells the circle (or pill) has.
        circle: usize,
    },
    /// The two ends add up to the sum of the cells between them.
    DoubleArrow,
    /// The digits add up to the value (digits may repeat).
    LittleKiller(u32),
    /// The digits strictly between the first 1 and the first N (the largest digit) add up to
    /// the value (a row or column, from its clue).
    Sandwich(u32),
    /// The first X digits, X being the first digit, add up to the value.
    XSum(u32),
    /// As many digits are larger than every digit before them as the value says (the
    /// skyscrapers seen from the clue).
    Skyscraper(u32),
    /// Distinct digits forming a run of consecutive numbers, in any order.
    Renban,
    /// Every cell between the ends holds a digit strictly between the ends' digits.
    Between,
    /// The ends differ by at least the value, and no cell between them holds a digit from
    /// the smaller end to the larger (ends included).
    Lockout(u8),
    /// Each stretch of the line inside one box (or jigsaw piece) adds up to the same sum.
    RegionSum,
    /// Cells at the same distance from the centre add up to the same value, which the centre
    /// cell of an odd line holds.
    Zipper,
    /// Every three consecutive cells hold one low, one middle and one high digit (1-3, 4-6 and
    /// 7-9 in a 9×9; other sizes as `SudokuSolver` cuts them).
    Entropic,
    /// Every three consecutive cells hold digits of three different remainders mod 3.
    Modular,
    /// Distinct digits, no two of them consecutive numbers.
    Nabner,
    /// The cells around a corner hold every digit listed (a digit listed twice, twice).
    Quadruple(Vec<Digit>),
    /// The digits rise strictly from the bulb (the first cell), one cell to the next.
    Thermometer,
    /// The digits rise or stay from the bulb (the first cell), one cell to the next.
    SlowThermometer,
    /// Neighbours along the line are at least the value apart (German whispers 5, Dutch 4).
    Whispers(u8),
    /// The line reads the same from both ends.
    Palindrome,
    /// The first half of the cells holds the same digits as the second half, in order: cell
    /// i and cell i + m/2 alike (a clone, its cells then its clone's; an even count).
    Clone,
}

/// A constraint on the digits along some cells, in order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Line {
    /// What must hold.
    pub kind: LineKind,
    /// The cells, in the line's order (from the clue, the circle or the bulb).
    pub cells: Vec<Cell>,
}

/// What a line's rule needs of the model beyond its digits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineContext {
    /// The number of symbols N.
    pub symbols: usize,
    /// `ends[i]`: whether a region-sum segment ends after position i (the next cell is in
    /// another box; the last position always ends one).
    pub ends: Vec<bool>,
}

impl LineKind {
    /// Whether `digits` (the line's, in order) keep the rule.
    pub fn holds(&self, context: &LineContext, digits: &[Digit]) -> bool {
        let n = context.symbols;
        let m = digits.len();
        let sum = |part: &[Digit]| part.iter().map(|&d| u32::from(d)).sum::<u32>();
        match self {
            LineKind::Arrow { circle } => {
                let circle = (*circle).min(m);
                sum(&digits[circle..]) == decimal(&digits[..circle])
            }
            LineKind::DoubleArrow => {
                m >= 2 && u32::from(digits[0]) + u32::from(digits[m - 1]) == sum(&digits[1..m - 1])
            }
            LineKind::LittleKiller(total) => sum(digits) == *total,
            LineKind::Sandwich(total) => {
                let first = |digit: usize| digits.iter().position(|&d| usize::from(d) == digit);
                match (first(1), first(n)) {
                    (Some(a), Some(b)) => {
                        let (low, high) = (a.min(b), a.max(b));
                        sum(&digits[(low + 1).min(high)..high]) == *total
                    }
                    _ => false,
                }
            }
            LineKind::XSum(total) => {
                let x = digits.first().map_or(0, |&d| usize::from(d));
                x <= m && sum(&digits[..x]) == *total
            }
            LineKind::Skyscraper(seen) => {
                let mut highest = 0;
                let visible = digits.iter().filter(|&&d| {
                    let taller = d > highest;
                    highest = highest.max(d);
                    taller
                });
                visible.count() as u32 == *seen
            }
            LineKind::Renban => {
                distinct(digits)
                    && digits
                        .iter()
                        .max()
                        .zip(digits.iter().min())
                        .is_none_or(|(&high, &low)| usize::from(high - low) + 1 == m)
            }
            LineKind::Between | LineKind::Lockout(_) if m < 2 => false,
            LineKind::Between => {
                let (low, high) = ends(digits);
                digits[1..m - 1].iter().all(|&d| low < d && d < high)
            }
            LineKind::Lockout(apart) => {
                let (low, high) = ends(digits);
                high - low >= *apart && digits[1..m - 1].iter().all(|&d| d < low || d > high)
            }
            LineKind::RegionSum => {
                let mut sums = Vec::new();
                let mut running = 0;
                for (i, &d) in digits.iter().enumerate() {
                    running += u32::from(d);
                    if context.ends.get(i).copied().unwrap_or(true) || i + 1 == m {
                        sums.push(running);
                        running = 0;
                    }
                }
                sums.windows(2).all(|pair| pair[0] == pair[1])
            }
            LineKind::Zipper => {
                let pairs: Vec<u32> = (0..m / 2)
                    .map(|i| u32::from(digits[i]) + u32::from(digits[m - 1 - i]))
                    .collect();
                let centre = (m % 2 == 1).then(|| u32::from(digits[m / 2]));
                let target = centre.or(pairs.first().copied());
                pairs.iter().all(|&pair| Some(pair) == target)
            }
            LineKind::Entropic => {
                digits
                    .windows(3)
                    .all(|w| distinct(&w.iter().map(|&d| entropy(n, d)).collect::<Vec<_>>()))
                    && digits.windows(2).all(|w| entropy(n, w[0]) != entropy(n, w[1]))
            }
            LineKind::Modular => {
                digits.windows(3).all(|w| distinct(&[w[0] % 3, w[1] % 3, w[2] % 3]))
                    && digits.windows(2).all(|w| w[0] % 3 != w[1] % 3)
            }
            LineKind::Nabner => {
                distinct(digits)
                    && digits.iter().all(|&a| digits.iter().all(|&b| a.abs_diff(b) != 1))
            }
            LineKind::Thermometer => digits.windows(2).all(|w| w[0] < w[1]),
            LineKind::SlowThermometer => digits.windows(2).all(|w| w[0] <= w[1]),
            LineKind::Whispers(apart) => digits.windows(2).all(|w| w[0].abs_diff(w[1]) >= *apart),
            LineKind::Palindrome => digits.iter().eq(digits.iter().rev()),
            LineKind::Clone => m.is_multiple_of(2) && digits[..m / 2] == digits[m / 2..],
            LineKind::Quadruple(wanted) => holds_all(digits, wanted),
        }
    }

    /// The kind's name in JSON lines records (docs/formats.md) and in the checker's sentences.
    pub fn name(&self) -> &'static str {
        match self {
            LineKind::Arrow { .. } => "arrow",
            LineKind::DoubleArrow => "double-arrow",
            LineKind::LittleKiller(_) => "little-killer",
            LineKind::Sandwich(_) => "sandwich",
            LineKind::XSum(_) => "x-sum",
            LineKind::Skyscraper(_) => "skyscraper",
            LineKind::Renban => "renban",
            LineKind::Between => "between",
            LineKind::Lockout(_) => "lockout",
            LineKind::RegionSum => "region-sum",
            LineKind::Zipper => "zipper",
            LineKind::Entropic => "entropic",
            LineKind::Modular => "modular",
            LineKind::Nabner => "nabner",
            LineKind::Quadruple(_) => "quadruple",
            LineKind::Thermometer => "thermometer",
            LineKind::SlowThermometer => "slow-thermometer",
            LineKind::Whispers(_) => "whispers",
            LineKind::Palindrome => "palindrome",
            LineKind::Clone => "clone",
        }
    }

    /// The kind's number (a sum, a count, a difference, the circle's size), where it has one.
    pub fn value(&self) -> Option<u32> {
        match self {
            LineKind::Arrow { circle } => Some(*circle as u32),
            LineKind::LittleKiller(v)
            | LineKind::Sandwich(v)
            | LineKind::XSum(v)
            | LineKind::Skyscraper(v) => Some(*v),
            LineKind::Lockout(v) | LineKind::Whispers(v) => Some(u32::from(*v)),
            LineKind::DoubleArrow
            | LineKind::Thermometer
            | LineKind::SlowThermometer
            | LineKind::Palindrome
            | LineKind::Clone
            | LineKind::Renban
            | LineKind::Between
            | LineKind::RegionSum
            | LineKind::Zipper
            | LineKind::Entropic
            | LineKind::Modular
            | LineKind::Nabner
            | LineKind::Quadruple(_) => None,
        }
    }

    /// The fewest and the most cells a line of the kind may have.
    pub fn cells_allowed(&self) -> (usize, usize) {
        match self {
            LineKind::Arrow { .. }
            | LineKind::DoubleArrow
            | LineKind::Between
            | LineKind::Lockout(_)
            | LineKind::Clone => (2, usize::MAX),
            LineKind::Quadruple(wanted) => (wanted.len().max(1), 4),
            LineKind::LittleKiller(_)
            | LineKind::Sandwich(_)
            | LineKind::XSum(_)
            | LineKind::Skyscraper(_)
            | LineKind::Renban
            | LineKind::RegionSum
            | LineKind::Zipper
            | LineKind::Entropic
            | LineKind::Modular
            | LineKind::Nabner
            | LineKind::Thermometer
            | LineKind::SlowThermometer
            | LineKind::Whispers(_)
            | LineKind::Palindrome => (1, usize::MAX),
        }
    }
}

impl fmt::Display for LineKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineKind::Quadruple(wanted) => {
                let digits: Vec<String> = wanted.iter().map(u8::to_string).collect();
                write!(f, "quadruple of {}", digits.join(","))
            }
            LineKind::Arrow { .. } => f.write_str("arrow"),
            other => match other.value() {
                Some(value) => write!(f, "{} {value}", other.name()),
                None => f.write_str(other.name()),
            },
        }
    }
}

/// The digits written one after another in decimal (1, 2 is 12; 12, 3 is 123).
pub(crate) fn decimal(digits: &[Digit]) -> u32 {
    digits.iter().fold(0u32, |number, &d| {
        let shift = if d >= 10 { 100 } else { 10 };
        number.saturating_mul(shift).saturating_add(u32::from(d))
    })
}

/// The smaller and the larger of a line's two ends.
fn ends(digits: &[Digit]) -> (Digit, Digit) {
    let (a, b) = (digits[0], digits[digits.len() - 1]);
    (a.min(b), a.max(b))
}

/// Whether `digits` hold every digit of `wanted` (a digit listed twice, twice).
fn holds_all(digits: &[Digit], wanted: &[Digit]) -> bool {
    let mut left = digits.to_vec();
    wanted.iter().all(|w| match left.iter().position(|d| d == w) {
        Some(at) => {
            left.swap_remove(at);
            true
        }
        None => false,
    })
}

/// Whether no digit repeats.
fn distinct(digits: &[Digit]) -> bool {
    digits.iter().enumerate().all(|(i, d)| !digits[..i].contains(d))
}

/// The group (0 low, 1 middle, 2 high) of digit `d` on an entropic line of `n` symbols:
/// thirds, the middle one smaller when N is 3k + 2 and larger when 3k + 1 (`SudokuSolver`).
pub(crate) fn entropy(n: usize, d: Digit) -> u8 {
    let (small, large) = (n / 3, n.div_ceil(3));
    let sizes = if n % 3 == 1 { [small, large] } else { [large, small] };
    let d = usize::from(d);
    if d <= sizes[0] {
        0
    } else if d <= sizes[0] + sizes[1] {
        1
    } else {
        2
    }
}

impl Model {
    /// What line `line`'s rule needs of the model: the symbols, and where its stretches inside
    /// one box or jigsaw piece end.
    pub fn line_context(&self, line: &Line) -> LineContext {
        let kinds = self.region_kinds();
        let boxed = |cell: Cell| {
            self.regions.iter().enumerate().position(|(k, region)| {
                matches!(kinds.get(k), Some(RegionKind::Box | RegionKind::Piece))
                    && region.contains(&cell)
            })
        };
        let boxes: Vec<Option<usize>> = line.cells.iter().map(|&c| boxed(c)).collect();
        let ends = (0..boxes.len())
            .map(|i| i + 1 == boxes.len() || boxes[i].is_none() || boxes[i] != boxes[i + 1])
            .collect();
        LineContext { symbols: self.symbols, ends }
    }
}

#[cfg(test)]
mod tests;
