//! Checking a [`Model`] once before it is searched: tables the size of the rectangle,
//! constraints on used cells that can hold at all, a size the engine can take, and symbols
//! that match the regions. A reader learns the [`Part`] at fault, to point at its input.

use std::collections::HashSet;

use super::{Constraints, Line, LineKind, Model, ModelError, Relation, MAX_PLACEMENTS};
use crate::grid::Cell;

/// The part of a [`Model`] that a [`ModelError`] is about, for readers to point at the place
/// in their input that made it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Part {
    /// The number of symbols.
    Symbols,
    /// The model as a whole (its size, its tables).
    Whole,
    /// Region k, and the position in it of the cell at fault, if one is.
    Region(usize, Option<usize>),
    /// Cage k, and the position in it of the cell at fault, if one is.
    Cage(usize, Option<usize>),
    /// The given of a cell.
    Given(Cell),
    /// Relation k, and which of its cells is at fault (`false` for a, `true` for b), if one is.
    Relation(usize, Option<bool>),
    /// Parity mark k.
    Parity(usize),
    /// Candidate set k.
    Candidates(usize),
    /// Line k, and the position in it of the cell at fault, if one is.
    Line(usize, Option<usize>),
}

impl Model {
    /// Checks that every table has the rectangle's size and every constraint names used cells
    /// and can hold at all. Puzzles that are merely unsolvable (contradictory givens) are
    /// valid: their count is 0.
    ///
    /// # Errors
    /// The first problem found, naming the constraint.
    pub fn validate(&self) -> Result<(), ModelError> {
        self.locate_fault().map_err(|(_, error)| error)
    }

    /// [`validate`](Self::validate), with the part of the model at fault, so that a reader can
    /// point at the place in its input that made it.
    pub(crate) fn locate_fault(&self) -> Result<(), (Part, ModelError)> {
        let shape = |why| ModelError::Shape {
            symbols: self.symbols,
            width: self.width,
            height: self.height,
            why,
        };
        if self.symbols == 0 || self.symbols > 64 {
            return Err((Part::Symbols, shape("between 1 and 64 symbols are supported")));
        }
        let too_large = "the puzzle is too large (more than 2^22 cell-digit pairs, or constraints over 2^24 cells)";
        let Some(cells) = self.width.checked_mul(self.height) else {
            return Err((Part::Whole, shape(too_large)));
        };
        if self.used.len() != cells || self.givens.len() != cells {
            let why = "the used cells and the givens must cover the rectangle";
            return Err((Part::Whole, shape(why)));
        }
        // Bounds on the size of the exact cover, so that a hostile line cannot take all memory
        // (a 64x64 grid has 262 144 (cell, digit) pairs, a 33x33 sumo 8 181).
        let used = self.used.iter().filter(|&&used| used).count();
        let constraints = self.regions.iter().map(Vec::len).sum::<usize>()
            + self.constraints().into_iter().map(|list| self.weight(list)).sum::<usize>();
        if used * self.symbols > MAX_PLACEMENTS || constraints > 4 * MAX_PLACEMENTS {
            return Err((Part::Whole, shape(too_large)));
        }
        // The symbols are the digits of a full region: with regions and none as large, the
        // count was mistyped (18 on a 9x9), and every region would let half the digits go
        // unused, a search without end rather than an answer.
        let largest = self.regions.iter().map(Vec::len).max();
        if largest.is_some_and(|largest| largest < self.symbols) {
            let why = "no region has as many cells as there are symbols, and the symbols are \
                       the digits that a full region holds (give the regions' size)";
            return Err((Part::Symbols, shape(why)));
        }
        for (k, region) in self.regions.iter().enumerate() {
            self.check_group(&|| format!("region {}", k + 1), region)
                .map_err(|(at, error)| (Part::Region(k, at), error))?;
        }
        for list in self.constraints() {
            match list {
                Constraints::Cages(cages) => {
                    for (k, cage) in cages.iter().enumerate() {
                        self.check_group(&|| format!("cage {}", k + 1), &cage.cells)
                            .map_err(|(at, error)| (Part::Cage(k, at), error))?;
                    }
                }
                Constraints::Lines(lines) => {
                    for (k, line) in lines.iter().enumerate() {
                        self.check_line(k, line)?;
                    }
                }
                Constraints::Relations(_) | Constraints::Parity(_) | Constraints::Candidates(_) => {
                    // Marks on cells: checked after the givens (`check_marks`).
                }
            }
        }
        self.check_marks()
    }

    /// What a kind's constraints count towards the bound on the size of the exact cover:
    /// their cells, or a symbol's worth for each mark.
    fn weight(&self, list: Constraints<'_>) -> usize {
        match list {
            Constraints::Cages(cages) => cages.iter().map(|cage| cage.cells.len()).sum(),
            Constraints::Lines(lines) => lines.iter().map(|line| line.cells.len()).sum(),
            Constraints::Relations(_) | Constraints::Parity(_) | Constraints::Candidates(_) => {
                list.len() * self.symbols
            }
        }
    }

    /// Whether `cell` is a used cell of the rectangle.
    fn is_used(&self, cell: Cell) -> bool {
        self.used.get(cell).copied().unwrap_or(false)
    }

    /// A region or cage: some cells, each used and once, no more than the symbols. On error,
    /// the position of the first cell at fault, if one is.
    fn check_group(
        &self,
        what: &dyn Fn() -> String,
        group: &[Cell],
    ) -> Result<(), (Option<usize>, ModelError)> {
        if group.is_empty() {
            return Err((None, impossible(what(), "it has no cells".to_owned())));
        }
        if let Some(at) = group.iter().position(|&cell| !self.is_used(cell)) {
            return Err((Some(at), ModelError::Cell { what: what(), cell: group[at] }));
        }
        if let Some(at) = first_repeat(group) {
            return Err((
                Some(at),
                impossible(what(), format!("cell {} appears twice", group[at])),
            ));
        }
        if group.len() > self.symbols {
            let why =
                format!("{} cells cannot hold distinct digits of {}", group.len(), self.symbols);
            return Err((None, impossible(what(), why)));
        }
        Ok(())
    }

    /// The givens, relations, parity marks and candidate sets: on used cells, digits among the
    /// symbols.
    fn check_marks(&self) -> Result<(), (Part, ModelError)> {
        let used = |cell: Cell| self.is_used(cell);
        let not_used = |what: String, cell| ModelError::Cell { what, cell };
        for (cell, given) in self.givens.iter().enumerate() {
            if let Some(digit) = *given {
                if !used(cell) {
                    return Err((Part::Given(cell), not_used(format!("the given {digit}"), cell)));
                }
                if digit == 0 || usize::from(digit) > self.symbols {
                    let why = format!("digit {digit} is not a symbol 1..={}", self.symbols);
                    let what = format!("the given of cell {cell}");
                    return Err((Part::Given(cell), impossible(what, why)));
                }
            }
        }
        for list in self.constraints() {
            match list {
                // Groups, checked with the regions.
                Constraints::Cages(_) | Constraints::Lines(_) => {}
                Constraints::Relations(relations) => {
                    for (k, relation) in relations.iter().enumerate() {
                        self.check_relation(k, relation)?;
                    }
                }
                Constraints::Parity(parity) => {
                    for (k, &(cell, _)) in parity.iter().enumerate() {
                        if !used(cell) {
                            let what = "a parity mark".to_owned();
                            return Err((Part::Parity(k), not_used(what, cell)));
                        }
                    }
                }
                Constraints::Candidates(sets) => {
                    for (k, &(cell, set)) in sets.iter().enumerate() {
                        self.check_candidates(cell, set).map_err(|e| (Part::Candidates(k), e))?;
                    }
                }
            }
        }
        Ok(())
    }

    /// Relation `k`: between two used cells.
    fn check_relation(&self, k: usize, relation: &Relation) -> Result<(), (Part, ModelError)> {
        let what = || format!("relation {}", k + 1);
        for (second, cell) in [(false, relation.a), (true, relation.b)] {
            if !self.is_used(cell) {
                let part = Part::Relation(k, Some(second));
                return Err((part, ModelError::Cell { what: what(), cell }));
            }
        }
        if relation.a == relation.b {
            let why = "a cell is related to itself".to_owned();
            return Err((Part::Relation(k, None), impossible(what(), why)));
        }
        Ok(())
    }

    /// Line `k`: used cells, as many as its kind takes, its digits among the symbols. (Its
    /// automaton's size is checked when it is encoded.)
    fn check_line(&self, k: usize, line: &Line) -> Result<(), (Part, ModelError)> {
        let what = || format!("line {} ({})", k + 1, line.kind.name());
        if let Some(at) = line.cells.iter().position(|&cell| !self.is_used(cell)) {
            let error = ModelError::Cell { what: what(), cell: line.cells[at] };
            return Err((Part::Line(k, Some(at)), error));
        }
        let (fewest, most) = line.kind.cells_allowed();
        let count = line.cells.len();
        let why = if count < fewest || count > most {
            Some(format!("{count} cells, where the kind takes {fewest} to {most}"))
        } else {
            match &line.kind {
                LineKind::Arrow { circle } if *circle == 0 || *circle > 3 || *circle >= count => {
                    Some(format!(
                        "a circle of {circle} cells, where 1 to 3 and an arrow are needed"
                    ))
                }
                LineKind::Clone if count % 2 == 1 => {
                    Some(format!("{count} cells, where a clone pairs its two halves"))
                }
                LineKind::Quadruple(wanted) => wanted
                    .iter()
                    .find(|&&d| d == 0 || usize::from(d) > self.symbols)
                    .map(|d| format!("digit {d} is not a symbol 1..={}", self.symbols)),
                _ => None,
            }
        };
        match why {
            Some(why) => Err((Part::Line(k, None), impossible(what(), why))),
            None => Ok(()),
        }
    }

    /// A candidate set: on a used cell, digits among the symbols.
    fn check_candidates(&self, cell: Cell, set: u64) -> Result<(), ModelError> {
        if !self.is_used(cell) {
            return Err(ModelError::Cell { what: "a candidate set".to_owned(), cell });
        }
        // Digits beyond the symbols would be dropped without a word.
        if self.symbols < 64 && set >> self.symbols != 0 {
            let digit = 64 - set.leading_zeros();
            let why = format!("digit {digit} is not a symbol 1..={}", self.symbols);
            let what = format!("the candidates of cell {cell}");
            return Err(impossible(what, why));
        }
        Ok(())
    }
}

/// The position of the first cell of `group` that an earlier one repeats. A group of up to
/// 64 cells (any group that can be valid: no puzzle has more symbols) is scanned pairwise,
/// with no table to build: every puzzle's regions and cages are checked at each encoding,
/// and a hash set per group cost a killer 4% of its solving (callgrind). Longer groups, only
/// in a broken model, take the set, so that a hostile one costs linear time.
fn first_repeat(group: &[Cell]) -> Option<usize> {
    if group.len() <= 64 {
        return (1..group.len()).find(|&at| group[..at].contains(&group[at]));
    }
    let mut seen = HashSet::with_capacity(group.len());
    group.iter().position(|&cell| !seen.insert(cell))
}

fn impossible(what: String, why: String) -> ModelError {
    ModelError::Impossible { what, why }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first repeat as a hash set finds it, the way groups were checked before.
    fn by_set(group: &[Cell]) -> Option<usize> {
        let mut seen = HashSet::new();
        group.iter().position(|&cell| !seen.insert(cell))
    }

    #[test]
    fn the_pairwise_scan_finds_the_repeat_the_set_finds() {
        let mut state = 7u64;
        for len in [0, 1, 2, 9, 63, 64, 65, 200] {
            for _ in 0..50 {
                let group: Vec<Cell> = (0..len)
                    .map(|_| {
                        state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                        (state >> 33) as usize % (2 * len + 1)
                    })
                    .collect();
                assert_eq!(first_repeat(&group), by_set(&group), "{group:?}");
            }
        }
        assert_eq!(first_repeat(&[3, 1, 4, 1, 5]), Some(3));
        assert_eq!(first_repeat(&[3, 1, 4]), None);
    }
}
