//! The search for grids from 16×16 up to 64×64: candidates as `u64` masks, naked and hidden
//! singles at every node (and locked candidates, when the variant has regions other than rows,
//! columns and boxes: `locked.rs`), branching on the fewest choices among cells' candidates and
//! digits' places (the exact-cover engine's minimum-remaining-values rule), with the choice
//! of a reference solution tried first (see [`tables`]'s `Reference::pattern`).
//!
//! Why not the exact-cover engine: a 64×64 is 16 384 items and 262 144 options, and every
//! forced placement costs the engine hundreds of link updates where a mask costs a few word
//! operations. Why not the bitmask search below 16×16: it copies the whole board at each
//! branch point, which is cheap for 225 cells and not for 4 096 cells and thousands of branch
//! points; here a trail of changes is undone instead. And why the reference: depth-first
//! search without it, in the engine or here, fills a blank 49×49 only after hundreds of
//! thousands of wrong turns and a blank 64×64 not in minutes (docs/PERFORMANCE.md, "Large
//! grids").

mod board;
mod branch;
mod clues;
mod guide;
mod linear;
mod locked;
mod search;
mod tables;
mod tree;

use dancer::run::{Fingerprint, FingerprintHasher};

use self::board::WideBoard;
pub(crate) use self::{clues::WideClues, search::WideSearch, tables::WideTables, tree::WideTree};
use crate::grid::Grid;
use crate::variant::Variant;

impl WideTables {
    /// A solution of the blank grid by formula, when the variant has one (boxes or plain
    /// Latin squares, no jigsaw pieces or extra regions it breaks).
    pub(crate) fn reference_grid(&self) -> Option<Grid> {
        self.reference.as_ref().map(|reference| reference.to_grid(self.size))
    }

    /// The box shape by which [`Transform`](crate::Transform) may shuffle the reference and
    /// keep the rules (1×N for a Latin square); `None` without a reference, or with jigsaw
    /// pieces or extra regions.
    pub(crate) fn reference_shape(&self) -> Option<(usize, usize)> {
        self.reference.as_ref().and_then(|reference| reference.shape)
    }
}

/// The fingerprint of the wide search's tree for `puzzle` of `variant`: the variant's regions
/// and the puzzle's digits (the reference and its relabelling follow from them).
pub(crate) fn fingerprint(variant: &Variant, puzzle: &Grid) -> Fingerprint {
    let mut hash = FingerprintHasher::new();
    // "2": paths name their branch points since the choice became weighed by dead ends (a
    // checkpoint of the earlier tree is refused, not replayed into another).
    hash.bytes(b"dancer-sudoku wide search 2").number(variant.size() as u64);
    for region in variant.regions() {
        hash.number(region.cells.len() as u64);
        for &cell in &region.cells {
            hash.number(cell as u64);
        }
    }
    hash.bytes(puzzle.cells());
    hash.finish()
}

#[cfg(test)]
mod tests;
