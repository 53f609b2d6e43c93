//! A [`Model`] that is an ordinary sudoku of some [`Variant`]: one N×N grid, every cell used,
//! rows and columns among its regions, nothing but regions and givens. Such puzzles can go
//! through the [`Solver`](crate::Solver)'s bitmask search and the logic solver, which know
//! variants, not models.

use std::collections::HashSet;

use super::Model;
use crate::{Cell, Grid, Variant};

impl Model {
    /// The variant and givens of this model when it is a plain sudoku (see the module's
    /// notes): its regions are the rows, the columns, pieces that partition the grid (boxes
    /// when they are the standard boxes), and any other N-cell regions as extra regions.
    /// `None` for a model with cages, relations, parity, candidates, unused cells, regions
    /// of fewer than N cells, or without every row and column.
    pub fn as_variant(&self) -> Option<(Variant, Grid)> {
        let n = self.symbols;
        let plain = self.width == n
            && self.height == n
            && self.used.iter().all(|&used| used)
            && self.cages.is_empty()
            && self.relations.is_empty()
            && self.parity.is_empty()
            && self.candidates.is_empty()
            && self.regions.iter().all(|region| region.len() == n);
        if !plain || self.validate().is_err() {
            return None;
        }
        let key = |cells: &[Cell]| {
            let mut key = cells.to_vec();
            key.sort_unstable();
            key
        };
        let lines: HashSet<Vec<Cell>> = (0..n)
            .flat_map(|i| {
                [(0..n).map(|j| i * n + j).collect(), (0..n).map(|j| j * n + i).collect()]
            })
            .collect();
        let mut seen = HashSet::new();
        let mut rest = Vec::new();
        for region in &self.regions {
            let sorted = key(region);
            if !seen.insert(sorted.clone()) {
                continue;
            }
            if !lines.contains(&sorted) {
                rest.push(sorted);
            }
        }
        if seen.iter().filter(|region| lines.contains(*region)).count() != 2 * n {
            return None;
        }
        // The first regions, in order, that partition the grid are its pieces.
        let mut owner = vec![false; n * n];
        let (mut pieces, mut extra) = (Vec::new(), Vec::new());
        for region in rest {
            if pieces.len() < n && region.iter().all(|&cell| !owner[cell]) {
                for &cell in &region {
                    owner[cell] = true;
                }
                pieces.push(region);
            } else {
                extra.push(region);
            }
        }
        let variant = if pieces.len() == n {
            let standard = Variant::standard(n).ok().filter(|standard| {
                let boxes: HashSet<Vec<Cell>> =
                    standard.regions().iter().map(|region| key(&region.cells)).collect();
                pieces.iter().all(|piece| boxes.contains(piece))
            });
            match standard {
                Some(standard) => standard,
                None => Variant::jigsaw_pieces(n, pieces).ok()?,
            }
        } else {
            extra.extend(pieces);
            Variant::latin(n).ok()?
        };
        let variant = if extra.is_empty() { variant } else { variant.with_regions(extra).ok()? };
        let cells = self.givens.iter().map(|given| given.unwrap_or(0)).collect();
        Some((variant, Grid::from_cells(n, cells)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Models of variants come back as the same variants; anything else is not plain.
    #[test]
    fn variants_round_trip_and_constraints_are_not_plain() {
        let standard = Variant::standard(9).unwrap();
        let x = Variant::standard(9).unwrap().with_diagonals().unwrap();
        let jigsaw = Variant::jigsaw(4, "1112122233343444").unwrap();
        for variant in [standard, x, jigsaw, Variant::latin(5).unwrap()] {
            let mut model = Model::from_variant(&variant);
            model.givens[3] = Some(2);
            let (back, grid) = model.as_variant().expect("a variant's model is plain");
            let regions = |v: &Variant| {
                let mut all: Vec<Vec<Cell>> = v
                    .regions()
                    .iter()
                    .map(|r| r.cells.clone())
                    .map(|mut c| {
                        c.sort_unstable();
                        c
                    })
                    .collect();
                all.sort();
                all
            };
            assert_eq!(regions(&back), regions(&variant));
            assert_eq!(back.box_shape(), variant.box_shape());
            assert_eq!(grid.get(3), Some(2));
        }
        let mut killer = Model::from_variant(&Variant::standard(4).unwrap());
        killer.cages.push(super::super::Cage { cells: vec![0, 1], sum: Some(3) });
        assert!(killer.as_variant().is_none());
        let mut rows_only = Model::from_variant(&Variant::standard(4).unwrap());
        rows_only.regions.truncate(4);
        assert!(rows_only.as_variant().is_none(), "columns missing");
    }
}
