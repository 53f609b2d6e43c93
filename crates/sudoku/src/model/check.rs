//! Checking digits against a [`Model`], constraint by constraint, naming the first broken one
//! the way a person would look for it (`cage 3 (r1c1 r1c2) sums to 12, not 11`), and writing
//! the digits of a model's rectangle in the line format.
//!
//! Independent of the encoding on purpose: the engine's answers are checked against these
//! definitions, not against the exact cover that produced them.

use std::fmt;

use super::{Model, Parity};
use crate::{symbol, Cell, Digit, MAX_LINE_SIZE};

/// The first constraint a set of digits breaks, in words.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Broken(pub String);

impl Model {
    /// A cell's name: `r{row}c{col}` in the rectangle, from 1.
    pub fn cell_name(&self, cell: Cell) -> String {
        format!("r{}c{}", cell / self.width.max(1) + 1, cell % self.width.max(1) + 1)
    }

    /// Checks `digits` (one per cell of the rectangle, `None` for an empty or unused cell)
    /// against every constraint. Empty cells break nothing unless `complete` is asked, when
    /// every used cell must hold a digit; a cage with empty cells must not exceed its sum yet.
    ///
    /// # Errors
    /// The first broken constraint: a digit out of range or in an unused cell, a changed
    /// given, a digit twice in a region or cage, a cage's sum, a relation, a parity mark, a
    /// candidate set, an empty cell (when `complete`).
    pub fn broken(&self, digits: &[Option<Digit>], complete: bool) -> Result<(), Broken> {
        let fail = |text: String| Err(Broken(text));
        if digits.len() != self.used.len() {
            return fail(format!(
                "{} cells, not the {} of the rectangle",
                digits.len(),
                self.used.len()
            ));
        }
        for (cell, &digit) in digits.iter().enumerate() {
            let name = || self.cell_name(cell);
            match (digit, self.used[cell]) {
                (Some(d), false) => return fail(format!("{} holds {d} but is not used", name())),
                (Some(d), true) if d == 0 || usize::from(d) > self.symbols => {
                    return fail(format!("{} holds {d}, not a digit 1..={}", name(), self.symbols))
                }
                (None, true) if complete => return fail(format!("{} is empty", name())),
                _ => {}
            }
            if let (Some(given), Some(d)) = (self.givens[cell], digit) {
                if given != d {
                    return fail(format!("{} holds {d}, not its given {given}", name()));
                }
            }
        }
        for (k, region) in self.regions.iter().enumerate() {
            if let Some((a, b, d)) = twice(region, digits) {
                let (a, b) = (self.cell_name(a), self.cell_name(b));
                return fail(format!("region {} holds {d} twice ({a} and {b})", k + 1));
            }
        }
        for (k, cage) in self.cages.iter().enumerate() {
            let cells: Vec<String> = cage.cells.iter().map(|&c| self.cell_name(c)).collect();
            let what = format!("cage {} ({})", k + 1, cells.join(" "));
            if let Some((_, _, d)) = twice(&cage.cells, digits) {
                return fail(format!("{what} holds {d} twice"));
            }
            let Some(sum) = cage.sum else { continue };
            let total: u32 = cage.cells.iter().filter_map(|&c| digits[c]).map(u32::from).sum();
            let full = cage.cells.iter().all(|&c| digits[c].is_some());
            if total > sum || (full && total != sum) {
                return fail(format!("{what} sums to {total}, not {sum}"));
            }
        }
        for (k, relation) in self.relations.iter().enumerate() {
            if let (Some(a), Some(b)) = (digits[relation.a], digits[relation.b]) {
                if !relation.kind.holds(a, b) {
                    let (x, y) = (self.cell_name(relation.a), self.cell_name(relation.b));
                    let kind = Kind(relation.kind);
                    return fail(format!("relation {} ({x} {kind} {y}) fails: {a}, {b}", k + 1));
                }
            }
        }
        for &(cell, parity) in &self.parity {
            if let Some(d) = digits[cell] {
                if (d % 2 == 0) != (parity == Parity::Even) {
                    let word = if parity == Parity::Even { "even" } else { "odd" };
                    return fail(format!("{} holds {d}, not {word}", self.cell_name(cell)));
                }
            }
        }
        for &(cell, set) in &self.candidates {
            if let Some(d) = digits[cell] {
                if set >> (d - 1) & 1 == 0 {
                    let allowed: Vec<String> = (1..=64)
                        .filter(|x| set >> (x - 1) & 1 == 1)
                        .map(|x| x.to_string())
                        .collect();
                    let name = self.cell_name(cell);
                    return fail(format!("{name} holds {d}, not one of {}", allowed.join(" ")));
                }
            }
        }
        Ok(())
    }

    /// The digits of the rectangle row by row, one character each (`.` for an empty or
    /// unused cell) up to 35 symbols; beyond, numbers separated by commas (0 for empty).
    pub fn line(&self, digits: &[Option<Digit>]) -> String {
        if self.symbols <= MAX_LINE_SIZE {
            return digits.iter().map(|d| symbol(d.unwrap_or(0))).collect();
        }
        let numbers: Vec<String> = digits.iter().map(|d| d.unwrap_or(0).to_string()).collect();
        numbers.join(",")
    }

    /// [`line`](Self::line), one row of the rectangle per line, with a space between cells
    /// (unused cells blank, so that the sub-grids of a multi-grid puzzle stand out).
    pub fn rows(&self, digits: &[Option<Digit>]) -> String {
        let mut out = String::new();
        for row in digits.chunks(self.width.max(1)).enumerate() {
            let (r, cells) = row;
            let text: Vec<String> = cells
                .iter()
                .enumerate()
                .map(|(c, d)| match (self.used[r * self.width + c], d) {
                    (false, _) => " ".to_owned(),
                    (true, None) => ".".to_owned(),
                    (true, Some(d)) if self.symbols <= MAX_LINE_SIZE => symbol(*d).to_string(),
                    (true, Some(d)) => d.to_string(),
                })
                .collect();
            out.push_str(text.join(" ").trim_end());
            out.push('\n');
        }
        out
    }
}

/// Two cells of `cells` holding the same digit, and the digit.
fn twice(cells: &[Cell], digits: &[Option<Digit>]) -> Option<(Cell, Cell, Digit)> {
    let mut seen: [Option<Cell>; 65] = [None; 65];
    for &cell in cells {
        let Some(d) = digits[cell] else { continue };
        let slot = &mut seen[usize::from(d).min(64)];
        if let Some(first) = *slot {
            return Some((first, cell, d));
        }
        *slot = Some(cell);
    }
    None
}

/// A relation's sign between its two cells' names.
struct Kind(super::RelationKind);

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use super::RelationKind as K;
        match self.0 {
            K::Less => f.write_str("<"),
            K::Consecutive => f.write_str("consecutive with"),
            K::NotConsecutive => f.write_str("not consecutive with"),
            K::Difference(k) => write!(f, "differs by {k} from"),
            K::Sum(k) => write!(f, "adds to {k} with"),
        }
    }
}
