//! Checking digits against a [`Model`], naming the first broken constraint the way a person
//! would look for it (`the cage of 11 at r1c1 sums to 12, not 11`; the checker itself is
//! `violations.rs`), and writing the digits of a model's rectangle in the line format.

use super::Model;
use crate::grid::{symbol, Cell, Digit, MAX_LINE_SIZE};

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
    /// every used cell must hold a digit; a cage with empty cells must still be able to make its
    /// sum. The first of [`violations`](Self::violations).
    ///
    /// # Errors
    /// The first broken constraint: a digit out of range or in an unused cell, a changed
    /// given, a digit twice in a region or cage, a cage's sum, a relation, a parity mark, a
    /// candidate set, an empty cell (when `complete`).
    pub fn broken(&self, digits: &[Option<Digit>], complete: bool) -> Result<(), Broken> {
        match self.violations(digits, complete).into_iter().next() {
            Some(violation) => Err(Broken(violation.text)),
            None => Ok(()),
        }
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
