//! What the searches of plain puzzles (the bitmask search, `solve/bitmask/`, and the wide search,
//! `solve/wide/`) share, so that neither names the other: the [`Contradiction`] their deductions
//! end in, the [`Held`] buffers a run's first worker borrows, and their trees' branch points
//! as [`dancer::run::Explore`] positions ([`points`]). Which of them runs is `strategy.rs`'s choice.

use std::ops::{Deref, DerefMut};

pub(crate) mod points;

/// The deductions found that the givens have no solution (or break a rule directly).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Contradiction;

/// A value of this search's own, or one lent by a caller (who keeps its buffers for the next
/// puzzle): the first worker of a run borrows the solver's, the others own theirs.
#[derive(Debug)]
pub(crate) enum Held<'s, T> {
    Lent(&'s mut T),
    Own(Box<T>),
}

impl<T> Deref for Held<'_, T> {
    type Target = T;

    fn deref(&self) -> &T {
        match self {
            Held::Lent(value) => value,
            Held::Own(value) => value,
        }
    }
}

impl<T> DerefMut for Held<'_, T> {
    fn deref_mut(&mut self) -> &mut T {
        match self {
            Held::Lent(value) => value,
            Held::Own(value) => value,
        }
    }
}
