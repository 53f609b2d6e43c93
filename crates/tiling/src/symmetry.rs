//! The symmetries of a tiling, and the piece that fixes them.
//!
//! A symmetry is a turn of the grid and a shift that map the board onto itself (required
//! cells onto required ones, optional onto optional), together with a permutation σ of the
//! pieces: each piece's shapes, turned, must be the shapes of σ(piece), used as many times.
//! σ is the identity on a piece that may be mirrored, and swaps two pieces that may only be
//! turned and are each other's mirror images (the Soma cube's screws) under a turn that
//! mirrors. Pieces of the same shapes and count are matched in order, so σ is a bijection
//! and the symmetries form a group, acting on placements by `g·(Q, cells) = (σ(Q), g(cells))`
//! and so on solutions.

use std::collections::HashMap;

use crate::board::Board;
use crate::geometry::{normalized, shapes, Cell, Turn};
use crate::piece::Count;
use crate::tiling::Tiling;

/// One symmetry: cell `k` goes to `cells[k]`, piece `q` to `pieces[q]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Symmetry {
    pub(crate) cells: Vec<usize>,
    pub(crate) pieces: Vec<usize>,
}

impl Symmetry {
    /// Whether it moves nothing.
    pub(crate) fn is_identity(&self) -> bool {
        self.cells.iter().enumerate().all(|(k, &c)| k == c)
            && self.pieces.iter().enumerate().all(|(q, &r)| q == r)
    }

    /// The image of a placement (piece and cells).
    pub(crate) fn apply(&self, piece: usize, cells: &[usize]) -> (usize, Vec<usize>) {
        let mut moved: Vec<usize> = cells.iter().map(|&c| self.cells[c]).collect();
        moved.sort_unstable();
        (self.pieces[piece], moved)
    }
}

impl Tiling {
    /// The number of symmetries of the tiling (the order of its group): 8 for a square of
    /// pentominoes, 4 for a rectangle, 48 for the Soma cube (its 24 rotations, and as many
    /// mirror images with the screws swapped).
    pub fn symmetry_count(&self) -> usize {
        self.symmetries().len()
    }

    /// The symmetries, the identity first.
    pub(crate) fn symmetries(&self) -> Vec<Symmetry> {
        let signatures: Vec<(Vec<Vec<Cell>>, Count)> = (0..self.pieces.len())
            .map(|q| (self.shape_set(q, Turn::IDENTITY), self.pieces[q].count))
            .collect();
        let mut found = Vec::new();
        for turn in Turn::all(self.board.dimensions()) {
            let Some(cells) = board_image(&self.board, turn) else { continue };
            let mut pieces = vec![usize::MAX; self.pieces.len()];
            let mut taken = vec![false; self.pieces.len()];
            let ok = (0..self.pieces.len()).all(|q| {
                let image = (self.shape_set(q, turn), self.pieces[q].count);
                // The first untaken piece of that signature: pieces alike map in order.
                match (0..self.pieces.len()).find(|&r| !taken[r] && signatures[r] == image) {
                    Some(r) => {
                        (pieces[q], taken[r]) = (r, true);
                        true
                    }
                    None => false,
                }
            });
            // Two turns may act alike (mirroring a board of one row in the plane): one symmetry.
            let symmetry = Symmetry { cells, pieces };
            if ok && !found.contains(&symmetry) {
                found.push(symmetry);
            }
        }
        found
    }

    /// Piece `q`'s shapes turned by `turn`, as a sorted set.
    fn shape_set(&self, q: usize, turn: Turn) -> Vec<Vec<Cell>> {
        let piece = &self.pieces[q];
        let allowed = Turn::allowed(self.board.dimensions(), piece.rotate, piece.reflect);
        let mut set: Vec<Vec<Cell>> = shapes(piece.cells(), &allowed)
            .iter()
            .map(|shape| normalized(&shape.iter().map(|&c| turn.apply(c)).collect::<Vec<_>>()))
            .collect();
        set.sort();
        set
    }

    /// Each placement of each piece, by its cells, to its number.
    pub(crate) fn placement_index(&self) -> Vec<HashMap<Vec<usize>, usize>> {
        self.placements
            .iter()
            .map(|list| list.iter().enumerate().map(|(p, cells)| (cells.clone(), p)).collect())
            .collect()
    }
}

/// Where `turn`, shifted back onto the board's extent, sends each cell, if it maps the board
/// onto itself.
fn board_image(board: &Board, turn: Turn) -> Option<Vec<usize>> {
    let turned: Vec<Cell> = board.cells().iter().map(|&c| turn.apply(c)).collect();
    let (low, _) = board.extent();
    let turned_low = [0, 1, 2].map(|k| turned.iter().map(|c| c[k]).min().unwrap_or(0));
    let mut image = Vec::with_capacity(turned.len());
    for (k, cell) in turned.iter().enumerate() {
        let target = board.index([0, 1, 2].map(|a| cell[a] - turned_low[a] + low[a]))?;
        if board.kind(target) != board.kind(k) {
            return None;
        }
        image.push(target);
    }
    Some(image)
}
