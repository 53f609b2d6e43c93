//! The lines that mean no more than relations between pairs of their cells (thermometers,
//! slow thermometers, whispers, palindromes, clones), expanded into those relations.

use super::{Line, LineKind};
use crate::model::{Model, Relation, RelationKind};

impl Line {
    /// The binary [`Relation`]s the line means, for the kinds that are nothing but such
    /// pairs; `None` for the others (arrows, sums, renban, ...), which need the whole line.
    ///
    /// - a thermometer: `a < b` for each cell and the next, from the bulb;
    /// - a slow thermometer: `a ≤ b` likewise;
    /// - whispers of k: `|a − b| ≥ k` for each cell and the next;
    /// - a palindrome: `a = b` for each cell and its mirror (the centre of an odd line alone);
    /// - a clone of 2h cells: `a = b` for cell i and cell i + h.
    ///
    /// Pairs of a cell with itself are left out of the equalities (a clone may overlap its
    /// original); the digits keep the line exactly when they keep every relation returned.
    /// The encoding (`model/encode`) and the logic use these relations instead of the line's
    /// automaton: two cells' relation encodes in N items, an automaton in a layer per cell.
    ///
    /// ```
    /// use dancer_sudoku::{Line, LineKind, Relation, RelationKind};
    ///
    /// let thermometer = Line { kind: LineKind::Thermometer, cells: vec![10, 19, 28] };
    /// let less = |a, b| Relation { a, b, kind: RelationKind::Less };
    /// assert_eq!(thermometer.relations(), Some(vec![less(10, 19), less(19, 28)]));
    /// assert_eq!(Line { kind: LineKind::Renban, cells: vec![0, 1] }.relations(), None);
    /// ```
    pub fn relations(&self) -> Option<Vec<Relation>> {
        let cells = &self.cells;
        let m = cells.len();
        let along = |kind: RelationKind| {
            cells.windows(2).map(|w| Relation { a: w[0], b: w[1], kind }).collect::<Vec<_>>()
        };
        let equal = |pairs: &mut dyn Iterator<Item = (usize, usize)>| {
            pairs
                .filter(|&(a, b)| cells[a] != cells[b])
                .map(|(a, b)| Relation { a: cells[a], b: cells[b], kind: RelationKind::Equal })
                .collect::<Vec<_>>()
        };
        match self.kind {
            LineKind::Thermometer => Some(along(RelationKind::Less)),
            LineKind::SlowThermometer => Some(along(RelationKind::AtMost)),
            LineKind::Whispers(apart) => Some(along(RelationKind::Apart(apart))),
            LineKind::Palindrome => Some(equal(&mut (0..m / 2).map(|i| (i, m - 1 - i)))),
            LineKind::Clone => Some(equal(&mut (0..m / 2).map(|i| (i, i + m / 2)))),
            LineKind::Arrow { .. }
            | LineKind::DoubleArrow
            | LineKind::LittleKiller(_)
            | LineKind::Sandwich(_)
            | LineKind::XSum(_)
            | LineKind::Skyscraper(_)
            | LineKind::Renban
            | LineKind::Between
            | LineKind::Lockout(_)
            | LineKind::RegionSum
            | LineKind::Zipper
            | LineKind::Entropic
            | LineKind::Modular
            | LineKind::Nabner
            | LineKind::Quadruple(_) => None,
        }
    }
}

impl Model {
    /// Every binary relation of the model: its own ([`Model::relations`]), then those its
    /// lines of pairs mean ([`Line::relations`]), line by line. The encoding and the logic
    /// take a model's relations from here, so that a thermometer costs what its `<` signs do.
    pub fn relations_with_lines(&self) -> Vec<Relation> {
        let lines = self.lines.iter().filter_map(Line::relations).flatten();
        self.relations.iter().copied().chain(lines).collect()
    }
}
