//! The one list of the constraint kinds a [`Model`] holds beyond its regions and givens, in
//! the manner of regex-syntax's `HirKind`: [`Model::constraints`] lends each kind's list as a
//! [`Constraints`], and every layer (the reader and writer of JSON lines, the checks, the
//! encoding, the plain-or-not test, the logic, the drawings, the game, the generator) matches
//! it without a wildcard arm. A new kind is a new field of [`Model`] and a new variant here:
//! the compiler then names each place it must reach (docs/design.md, "Adding a constraint").
//!
//! The kinds of two cells (less, consecutive, difference, ...) are one kind here,
//! [`Constraints::Relations`], and a list of their own, [`RelationKind`](super::RelationKind),
//! matched the same way where they differ (holding, naming, reading, drawing).

use super::{Cage, Line, Model, Parity, Relation};
use crate::grid::Cell;

/// The constraints of one kind that a [`Model`] holds beyond its regions and givens,
/// borrowed from its lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Constraints<'m> {
    /// Killer cages ([`Model::cages`]).
    Cages(&'m [Cage]),
    /// Relations between two cells ([`Model::relations`]).
    Relations(&'m [Relation]),
    /// Parity marks ([`Model::parity`]).
    Parity(&'m [(Cell, Parity)]),
    /// Candidate sets ([`Model::candidates`]).
    Candidates(&'m [(Cell, u64)]),
    /// Constraints along lines of cells ([`Model::lines`]).
    Lines(&'m [Line]),
}

impl Constraints<'_> {
    /// The key of the kind's list in a JSON lines record (docs/formats.md).
    pub fn key(self) -> &'static str {
        match self {
            Constraints::Cages(_) => "cages",
            Constraints::Relations(_) => "relations",
            Constraints::Parity(_) => "parity",
            Constraints::Candidates(_) => "candidates",
            Constraints::Lines(_) => "lines",
        }
    }

    /// The kind in words, plural (`parity marks`).
    pub fn name(self) -> &'static str {
        match self {
            Constraints::Cages(_) => "cages",
            Constraints::Relations(_) => "relations",
            Constraints::Parity(_) => "parity marks",
            Constraints::Candidates(_) => "candidates",
            Constraints::Lines(_) => "lines",
        }
    }

    /// How many constraints of the kind the model holds.
    pub fn len(self) -> usize {
        match self {
            Constraints::Cages(list) => list.len(),
            Constraints::Relations(list) => list.len(),
            Constraints::Parity(list) => list.len(),
            Constraints::Candidates(list) => list.len(),
            Constraints::Lines(list) => list.len(),
        }
    }

    /// Whether the model holds none of the kind.
    pub fn is_empty(self) -> bool {
        self.len() == 0
    }
}

impl Model {
    /// Each kind of constraint beyond the regions and givens, with the model's list of it, in
    /// the order the checks, the JSON lines form and the drawings take them.
    ///
    /// ```
    /// use dancer_sudoku::{Cage, Constraints, Model, Variant};
    ///
    /// let mut model = Model::from_variant(&Variant::standard(4)?);
    /// model.cages.push(Cage { cells: vec![0, 1], sum: Some(3) });
    /// let lists = model.constraints();
    /// let held: Vec<&str> =
    ///     lists.iter().filter(|list| !list.is_empty()).map(|list| list.name()).collect();
    /// assert_eq!(held, ["cages"]);
    /// assert!(matches!(model.constraints()[0], Constraints::Cages(cages) if cages.len() == 1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn constraints(&self) -> [Constraints<'_>; 5] {
        // Every field named, so that a new list on the model stops the build here until it
        // is a kind of `Constraints`.
        let Model {
            width: _,
            height: _,
            symbols: _,
            used: _,
            regions: _,
            kinds: _,
            givens: _,
            cages,
            relations,
            parity,
            candidates,
            lines,
        } = self;
        [
            Constraints::Cages(cages),
            Constraints::Relations(relations),
            Constraints::Parity(parity),
            Constraints::Candidates(candidates),
            Constraints::Lines(lines),
        ]
    }
}
