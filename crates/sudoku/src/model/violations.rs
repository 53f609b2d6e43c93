//! Every constraint a set of digits breaks, each with the cells it concerns and its sentence:
//! the model's one checker. [`Model::broken`] is its first violation in words; a player's
//! screen highlights all of them (the region with a digit twice, the cage past its sum, the
//! relation that fails).
//!
//! Independent of the encoding on purpose: the engine's answers are checked against these
//! definitions, not against the exact cover that produced them.

use std::fmt;

use super::lines::automata::completable;
use super::{Cage, Constraints, Line, Model, Parity, Relation};
use crate::grid::{Cell, Digit};

/// Which part of a [`Model`] a [`Violation`] breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ViolationKind {
    /// The digits do not cover the rectangle.
    Shape,
    /// A cell's own content: a digit out of range, in an unused cell, not its given, or (for a
    /// complete grid) no digit.
    Cell(Cell),
    /// Region k holds a digit twice.
    Region(usize),
    /// Cage k holds a digit twice, passes its sum, or cannot reach it any more.
    Cage(usize),
    /// Relation k fails.
    Relation(usize),
    /// Parity mark k fails.
    Parity(usize),
    /// Candidate set k does not allow its cell's digit.
    Candidates(usize),
    /// Line k fails (or, with empty cells, can no longer hold).
    Line(usize),
}

/// One broken constraint: which, the cells to show, and the sentence that says why
/// (`the cage of 11 at r1c1 sums to 12, not 11`), naming regions and cages as the grid
/// shows them ([`Model::region_name`], [`Model::cage_name`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// The constraint.
    pub kind: ViolationKind,
    /// The cells involved: the two cells that repeat a digit, the whole cage, the relation's
    /// pair, the marked cell.
    pub cells: Vec<Cell>,
    /// Why, in words.
    pub text: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl Model {
    /// Every constraint `digits` (one per cell of the rectangle, `None` for an empty or unused
    /// cell) breaks, cells first, then regions, cages, relations, parity marks and candidate
    /// sets, each in the model's order. Empty cells break nothing unless `complete` is asked,
    /// when every used cell must hold a digit. A cage with empty cells is broken when its
    /// digits already pass its sum, or when its empty cells cannot reach the sum even with the
    /// digits that would bring them closest.
    pub fn violations(&self, digits: &[Option<Digit>], complete: bool) -> Vec<Violation> {
        let mut out = Vec::new();
        if digits.len() != self.used.len() {
            let text =
                format!("{} cells, not the {} of the rectangle", digits.len(), self.used.len());
            out.push(Violation { kind: ViolationKind::Shape, cells: Vec::new(), text });
            return out;
        }
        self.cell_violations(digits, complete, &mut out);
        for (k, region) in self.regions.iter().enumerate() {
            if let Some((a, b, d)) = twice(region, digits) {
                let (x, y) = (self.cell_name(a), self.cell_name(b));
                let text = format!("{} holds {d} twice ({x} and {y})", self.region_name(k));
                out.push(Violation { kind: ViolationKind::Region(k), cells: vec![a, b], text });
            }
        }
        for list in self.constraints() {
            match list {
                Constraints::Cages(cages) => self.cage_violations(cages, digits, &mut out),
                Constraints::Relations(list) => self.relation_violations(list, digits, &mut out),
                Constraints::Parity(marks) => self.parity_violations(marks, digits, &mut out),
                Constraints::Candidates(sets) => self.candidate_violations(sets, digits, &mut out),
                Constraints::Lines(lines) => self.line_violations(lines, digits, &mut out),
            }
        }
        out
    }

    /// A cell's own faults: a digit out of range or in an unused cell, a changed given, no
    /// digit in a complete grid.
    fn cell_violations(&self, digits: &[Option<Digit>], complete: bool, out: &mut Vec<Violation>) {
        for (cell, &digit) in digits.iter().enumerate() {
            let name = || self.cell_name(cell);
            let text = match (digit, self.used[cell]) {
                (Some(d), false) => Some(format!("{} holds {d} but is not used", name())),
                (Some(d), true) if d == 0 || usize::from(d) > self.symbols => {
                    Some(format!("{} holds {d}, not a digit 1..={}", name(), self.symbols))
                }
                (None, true) if complete => Some(format!("{} is empty", name())),
                _ => match (self.givens[cell], digit) {
                    (Some(given), Some(d)) if given != d => {
                        Some(format!("{} holds {d}, not its given {given}", name()))
                    }
                    _ => None,
                },
            };
            if let Some(text) = text {
                out.push(Violation { kind: ViolationKind::Cell(cell), cells: vec![cell], text });
            }
        }
    }

    /// The cages `digits` break (see [`cage_fault`](Self::cage_fault)).
    fn cage_violations(&self, cages: &[Cage], digits: &[Option<Digit>], out: &mut Vec<Violation>) {
        for (k, cage) in cages.iter().enumerate() {
            if let Some(text) = self.cage_fault(k, digits) {
                let cells = cage.cells.clone();
                out.push(Violation { kind: ViolationKind::Cage(k), cells, text });
            }
        }
    }

    /// The relations whose two cells hold digits that fail them.
    fn relation_violations(
        &self,
        relations: &[Relation],
        digits: &[Option<Digit>],
        out: &mut Vec<Violation>,
    ) {
        for (k, relation) in relations.iter().enumerate() {
            let (Some(a), Some(b)) = (digits[relation.a], digits[relation.b]) else { continue };
            if !relation.kind.holds(a, b) {
                let text = format!("{} fails: {a}, {b}", self.relation_name(k));
                let cells = vec![relation.a, relation.b];
                out.push(Violation { kind: ViolationKind::Relation(k), cells, text });
            }
        }
    }

    /// The lines whose digits fail them ([`LineKind::holds`](super::LineKind::holds)), or, with
    /// empty cells, that no digits of those cells can complete (by the line's automaton).
    fn line_violations(&self, lines: &[Line], digits: &[Option<Digit>], out: &mut Vec<Violation>) {
        for (k, line) in lines.iter().enumerate() {
            let context = self.line_context(line);
            let along: Vec<Option<Digit>> = line.cells.iter().map(|&c| digits[c]).collect();
            let full: Option<Vec<Digit>> = along.iter().copied().collect();
            let broken = match &full {
                Some(full) => !line.kind.holds(&context, full),
                None => completable(line, &context, &along) == Some(false),
            };
            if broken {
                let shown: Vec<String> =
                    along.iter().map(|d| d.map_or("_".to_owned(), |d| d.to_string())).collect();
                let verb = if full.is_some() { "fails" } else { "cannot hold" };
                let text = format!("{} {verb}: {}", self.line_name(k), shown.join(","));
                let cells = line.cells.clone();
                out.push(Violation { kind: ViolationKind::Line(k), cells, text });
            }
        }
    }

    /// The parity marks whose cell holds a digit of the other parity.
    fn parity_violations(
        &self,
        marks: &[(Cell, Parity)],
        digits: &[Option<Digit>],
        out: &mut Vec<Violation>,
    ) {
        for (k, &(cell, parity)) in marks.iter().enumerate() {
            let Some(d) = digits[cell] else { continue };
            if (d % 2 == 0) != (parity == Parity::Even) {
                let word = if parity == Parity::Even { "even" } else { "odd" };
                let text = format!("{} holds {d}, not {word}", self.cell_name(cell));
                out.push(Violation { kind: ViolationKind::Parity(k), cells: vec![cell], text });
            }
        }
    }

    /// The candidate sets whose cell holds a digit not among them.
    fn candidate_violations(
        &self,
        sets: &[(Cell, u64)],
        digits: &[Option<Digit>],
        out: &mut Vec<Violation>,
    ) {
        for (k, &(cell, set)) in sets.iter().enumerate() {
            let Some(d) = digits[cell] else { continue };
            if set >> (d - 1) & 1 == 0 {
                let allowed: Vec<String> =
                    (1..=64).filter(|x| set >> (x - 1) & 1 == 1).map(|x| x.to_string()).collect();
                let name = self.cell_name(cell);
                let text = format!("{name} holds {d}, not one of {}", allowed.join(" "));
                out.push(Violation { kind: ViolationKind::Candidates(k), cells: vec![cell], text });
            }
        }
    }

    /// Why cage `k` is broken by `digits`, if it is.
    fn cage_fault(&self, k: usize, digits: &[Option<Digit>]) -> Option<String> {
        let cage = &self.cages[k];
        // Named only when broken: a solution's check names nothing.
        let what = || self.cage_name(k);
        if let Some((_, _, d)) = twice(&cage.cells, digits) {
            return Some(format!("{} holds {d} twice", what()));
        }
        let sum = cage.sum?;
        let total: u32 = cage.cells.iter().filter_map(|&c| digits[c]).map(u32::from).sum();
        let empty = cage.cells.iter().filter(|&&c| digits[c].is_none()).count();
        if total > sum || (empty == 0 && total != sum) {
            return Some(format!("{} sums to {total}, not {sum}", what()));
        }
        // The digits the empty cells may still take: those not yet in the cage.
        let n = u32::try_from(self.symbols).unwrap_or(u32::MAX);
        let present: Vec<u32> =
            cage.cells.iter().filter_map(|&c| digits[c]).map(u32::from).collect();
        let free: Vec<u32> = (1..=n).filter(|d| !present.contains(d)).collect();
        if empty == 0 || free.len() < empty {
            return None;
        }
        let least: u32 = free.iter().take(empty).sum();
        let most: u32 = free.iter().rev().take(empty).sum();
        let cells = if empty == 1 { "cell" } else { "cells" };
        if total == 0 && total + most < sum {
            return Some(format!(
                "{}: its {empty} empty {cells} add at most {most}, short of {sum}",
                what()
            ));
        }
        if total + least > sum {
            return Some(format!(
                "{} holds {total} and its {empty} empty {cells} need at least {least} more: past {sum}",
                what()
            ));
        }
        if total + most < sum {
            return Some(format!(
                "{} holds {total} and its {empty} empty {cells} add at most {most}: short of {sum}",
                what()
            ));
        }
        None
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

#[cfg(test)]
mod tests {
    use super::ViolationKind;
    use crate::model::{Cage, Model};
    use crate::variant::Variant;

    /// A 4×4 with one cage of two cells summing to 7 in row 1.
    fn killer() -> Model {
        let mut model = Model::from_variant(&Variant::standard(4).unwrap());
        model.cages.push(Cage { cells: vec![0, 1], sum: Some(7) });
        model
    }

    #[test]
    fn every_broken_constraint_is_listed_with_its_cells() {
        let model = killer();
        let mut digits = vec![None; 16];
        digits[0] = Some(4);
        digits[4] = Some(4);
        let found = model.violations(&digits, false);
        let kinds: Vec<ViolationKind> = found.iter().map(|v| v.kind).collect();
        // Column 1 and box 1 both hold 4 twice; the cage is fine (4 + 3 makes 7).
        assert_eq!(kinds.len(), 2, "{found:?}");
        assert!(found.iter().all(|v| v.cells == [0, 4]));
        assert_eq!(model.broken(&digits, false).unwrap_err().0, found[0].text);
    }

    #[test]
    fn a_cage_that_cannot_reach_or_must_pass_its_sum_is_broken() {
        let model = killer();
        let mut digits = vec![None; 16];
        digits[0] = Some(2);
        // 2 and at most 4: short of 7.
        let found = model.violations(&digits, false);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].kind, ViolationKind::Cage(0));
        assert_eq!(found[0].cells, [0, 1]);
        assert!(found[0].text.contains("short of 7"), "{}", found[0].text);
        digits[0] = Some(3);
        assert!(model.violations(&digits, false).is_empty(), "3 + 4 makes 7");
        let mut model = model;
        model.cages[0].sum = Some(3);
        digits[0] = Some(2);
        // 2 and at least 1 makes 3: fine; a sum of 2 cannot be made with 2 already there.
        assert!(model.violations(&digits, false).is_empty());
        model.cages[0].sum = Some(2);
        assert!(model.violations(&digits, false)[0].text.contains("past 2"));
    }
}
