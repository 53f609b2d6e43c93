//! A [`Model`] and the [`Variant`] it may be: a variant converts into a model exactly (every
//! region with its kind), and a plain model (one N×N grid of N symbols, every cell used,
//! nothing but regions of N cells and givens, every row and column among its regions) has a
//! plain view, the variant the bitmask and wide searches, the logical solver, the rater and the
//! canonical forms work on.
//!
//! The plain view is computed from the model: a region's kind is the one the model states
//! ([`Model::kinds`]), so the model of a variant gives back that very variant; a region whose
//! kind is not stated (a JSON lines record states none) is read from its cells by the rule of
//! [`Model::region_kinds`], which is how docs/formats.md says a record's regions are read.

use std::collections::HashSet;

use super::{Constraints, Model};
use crate::grid::{Cell, Grid};
use crate::variant::standard_box_shape;
use crate::variant::{RegionKind, Variant};

impl Model {
    /// The model of a single N×N grid with `variant`'s regions, in its order and each with
    /// its kind, and no givens. Its plain view ([`variant`](Self::variant)) is `variant`.
    pub fn from_variant(variant: &Variant) -> Model {
        let n = variant.size();
        Model {
            width: n,
            height: n,
            symbols: n,
            used: vec![true; n * n],
            regions: variant.regions().iter().map(|region| region.cells.clone()).collect(),
            kinds: variant.regions().iter().map(|region| region.kind).collect(),
            givens: vec![None; n * n],
            ..Model::default()
        }
    }

    /// Whether the model is one N×N grid of N symbols with every cell used.
    fn is_one_grid(&self) -> bool {
        let n = self.symbols;
        self.width == n && self.height == n && self.used.iter().all(|&used| used)
    }

    /// What each region is: its kind as [`kinds`](Self::kinds) states it, or else as read
    /// from its cells. In one N×N grid with every cell used, a region of exactly a row's
    /// cells is that row, of a column's that column; when no region is stated to be a box or
    /// a jigsaw piece, the first of the other regions, in order, that tile the grid (each new
    /// one disjoint from those before it, N of N cells) are its boxes when they are the boxes
    /// of [`Variant::standard`], else its jigsaw pieces. Every other region, and every region
    /// of a model that is not one grid, is an extra region.
    pub fn region_kinds(&self) -> Vec<RegionKind> {
        self.read_kinds().0
    }

    /// [`region_kinds`](Self::region_kinds), and which regions (not stated) repeat the cells
    /// of an earlier one: those add nothing to the plain view. A model that is not one grid
    /// has no plain view, and every region it does not state is an extra one: its regions are
    /// not compared (a samurai has 135).
    fn read_kinds(&self) -> (Vec<RegionKind>, Vec<bool>) {
        let n = self.symbols;
        let one_grid = self.is_one_grid();
        // Every kind stated (a variant's model, or rules that read them once): nothing to
        // read, and no region repeats another unstated.
        if !one_grid || self.kinds.len() >= self.regions.len() {
            let kinds = (0..self.regions.len())
                .map(|k| self.kinds.get(k).copied().unwrap_or(RegionKind::Extra))
                .collect();
            return (kinds, vec![false; self.regions.len()]);
        }
        let stated_tiles =
            self.kinds.iter().any(|kind| matches!(kind, RegionKind::Box | RegionKind::Piece));
        let mut kinds = Vec::with_capacity(self.regions.len());
        let mut repeated = vec![false; self.regions.len()];
        // A linear scan: a few dozen regions, most told apart by their first cell, cost less
        // than hashing each (every killer's encoding names its regions by these kinds).
        let mut seen: Vec<Vec<Cell>> = Vec::with_capacity(self.regions.len());
        let (mut owner, mut tiles) = (vec![false; self.used.len()], Vec::new());
        for (k, region) in self.regions.iter().enumerate() {
            let cells = sorted(region);
            let first = !seen.iter().any(|other| other.first() == cells.first() && *other == cells);
            if let Some(&kind) = self.kinds.get(k) {
                kinds.push(kind);
                seen.push(cells);
                continue;
            }
            repeated[k] = !first;
            let kind = match line_of(&cells, n) {
                _ if !first => RegionKind::Extra,
                Some((kind, _)) => kind,
                None if !stated_tiles
                    && tiles.len() < n
                    && cells.len() == n
                    && cells.iter().all(|&cell| !owner[cell]) =>
                {
                    for &cell in &cells {
                        owner[cell] = true;
                    }
                    tiles.push(k);
                    RegionKind::Piece
                }
                None => RegionKind::Extra,
            };
            kinds.push(kind);
            seen.push(cells);
        }
        let tile = if tiles.len() < n {
            RegionKind::Extra
        } else {
            // Read from the cells rather than from a `Variant::standard`, which builds its
            // tables: this runs for every JSON line a killer's encoding names the regions of.
            let standard = tiles.iter().all(|&k| is_standard_box(&seen[k], n));
            if standard {
                RegionKind::Box
            } else {
                RegionKind::Piece
            }
        };
        for &k in &tiles {
            kinds[k] = tile;
        }
        (kinds, repeated)
    }

    /// Whether the model is plain: one N×N grid of N symbols, every cell used, nothing but
    /// regions of N cells and givens, with every row and every column among its regions (see
    /// the module's notes). Its plain view is then [`variant`](Self::variant).
    pub fn is_plain(&self) -> bool {
        self.variant().is_some()
    }

    /// The plain view: the variant of a plain model's rules (`None` for any other model).
    /// Its regions are the model's with their kinds ([`region_kinds`](Self::region_kinds)):
    /// the rows in order, then the columns in order, then the boxes or pieces, then the other
    /// regions, each group in the model's order; a region not stated that repeats an earlier
    /// one's cells is left out. The boxes have a shape when the regions stated or read as
    /// boxes are the R×C boxes of [`Variant::with_boxes`]; regions stated as rows, columns or
    /// boxes that are not are no plain sudoku's.
    pub fn variant(&self) -> Option<Variant> {
        let n = self.symbols;
        // A plain sudoku's rules are its regions and givens: any other constraint is the
        // engine's to search, and a kind left out here would be ignored by the plain searches.
        let regions_only = self.constraints().into_iter().all(|list| match list {
            Constraints::Cages(_)
            | Constraints::Relations(_)
            | Constraints::Parity(_)
            | Constraints::Candidates(_)
            | Constraints::Lines(_) => list.is_empty(),
        });
        let plain = self.is_one_grid()
            && regions_only
            && self.regions.iter().all(|region| region.len() == n);
        if !plain || self.validate().is_err() {
            return None;
        }
        let (kinds, repeated) = self.read_kinds();
        let (mut rows, mut columns) = (vec![None; n], vec![None; n]);
        let (mut tiles, mut rest) = (Vec::new(), Vec::new());
        for (k, region) in self.regions.iter().enumerate() {
            let cells = sorted(region);
            match kinds[k] {
                _ if repeated[k] => {}
                kind @ (RegionKind::Row | RegionKind::Column) => {
                    let (read, index) = line_of(&cells, n)?;
                    let lines = if kind == RegionKind::Row { &mut rows } else { &mut columns };
                    if read != kind || lines[index].is_some() {
                        return None;
                    }
                    lines[index] = Some(cells);
                }
                kind @ (RegionKind::Box | RegionKind::Piece) => tiles.push((kind, cells)),
                kind => rest.push((kind, cells)),
            }
        }
        let box_shape = box_shape(&tiles, n)?;
        let lines = |kind, lines: Vec<Option<Vec<Cell>>>| {
            lines.into_iter().map(move |cells| cells.map(|cells| (kind, cells)))
        };
        let mut regions: Vec<(RegionKind, Vec<Cell>)> = lines(RegionKind::Row, rows)
            .chain(lines(RegionKind::Column, columns))
            .collect::<Option<_>>()?;
        regions.extend(tiles);
        regions.extend(rest);
        Variant::from_regions(n, box_shape, regions).ok()
    }

    /// The givens as a grid, for a model of one N×N grid of N symbols with every cell used.
    pub fn givens_grid(&self) -> Option<Grid> {
        let cells = self.givens.iter().map(|given| given.unwrap_or(0)).collect();
        (self.is_one_grid() && self.givens.len() == self.used.len())
            .then(|| Grid::from_cells(self.symbols, cells))
    }
}

/// A region's cells in increasing order.
fn sorted(cells: &[Cell]) -> Vec<Cell> {
    let mut sorted = cells.to_vec();
    sorted.sort_unstable();
    sorted
}

/// Whether `cells` (sorted) are exactly one of the boxes of [`Variant::standard`]`(n)`.
fn is_standard_box(cells: &[Cell], n: usize) -> bool {
    let (rows, cols) = standard_box_shape(n);
    let Some(&first) = cells.first() else { return false };
    let (top, left) = (first / n, first % n);
    cells.len() == n
        && top.is_multiple_of(rows)
        && left.is_multiple_of(cols)
        && cells.iter().enumerate().all(|(k, &cell)| cell == (top + k / cols) * n + left + k % cols)
}

/// Whether `cells` (sorted) are exactly a row or a column of an N×N grid, and which.
fn line_of(cells: &[Cell], n: usize) -> Option<(RegionKind, usize)> {
    let first = *cells.first()?;
    if cells.len() != n {
        return None;
    }
    if cells.iter().enumerate().all(|(k, &cell)| cell == first - first % n + k) {
        return Some((RegionKind::Row, first / n));
    }
    let column = cells.iter().enumerate().all(|(k, &cell)| cell == first + k * n);
    (column && first < n).then_some((RegionKind::Column, first))
}

/// The boxes' shape (rows, columns) when `tiles` are boxes: `None` inside when they are
/// pieces; `None` outside when regions called boxes are not the boxes of one shape.
#[allow(clippy::option_option)]
fn box_shape(tiles: &[(RegionKind, Vec<Cell>)], n: usize) -> Option<Option<(usize, usize)>> {
    let boxes: Vec<&Vec<Cell>> =
        tiles.iter().filter(|(kind, _)| *kind == RegionKind::Box).map(|(_, cells)| cells).collect();
    let Some(first) = boxes.first() else { return Some(None) };
    let rows = first.iter().map(|&cell| cell / n).collect::<HashSet<_>>().len();
    let shape = Variant::with_boxes(n, rows, n / rows.max(1)).ok()?;
    let expected: HashSet<Vec<Cell>> = shape
        .regions()
        .iter()
        .filter(|r| r.kind == RegionKind::Box)
        .map(|r| r.cells.clone())
        .collect();
    let distinct: HashSet<&Vec<Cell>> = boxes.iter().copied().collect();
    let fits =
        boxes.len() == n && distinct.len() == n && boxes.iter().all(|b| expected.contains(*b));
    fits.then_some(shape.box_shape())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Cage;

    /// The model of a variant gives back that very variant, box shape and kinds included;
    /// anything else is not plain.
    #[test]
    fn variants_round_trip_exactly_and_constraints_are_not_plain() {
        let variants = [
            Variant::standard(9).unwrap(),
            Variant::standard(9).unwrap().with_diagonals().unwrap(),
            Variant::standard(9).unwrap().with_hyper().unwrap(),
            Variant::with_boxes(6, 3, 2).unwrap(),
            Variant::standard(7).unwrap(),
            Variant::jigsaw(4, "1112122233343444").unwrap(),
            Variant::latin(5).unwrap(),
            Variant::latin(4).unwrap().with_hyper().unwrap(),
            Variant::standard(4).unwrap().with_regions(vec![vec![0, 1, 2, 3]]).unwrap(),
        ];
        for variant in variants {
            let mut model = Model::from_variant(&variant);
            model.givens[3] = Some(2);
            assert_eq!(model.variant().as_ref(), Some(&variant));
            assert_eq!(model.givens_grid().and_then(|grid| grid.get(3)), Some(2));
        }
        let mut killer = Model::from_variant(&Variant::standard(4).unwrap());
        killer.cages.push(Cage { cells: vec![0, 1], sum: Some(3) });
        assert!(killer.variant().is_none());
        let mut rows_only = Model::from_variant(&Variant::standard(4).unwrap());
        rows_only.regions.truncate(4);
        rows_only.kinds.truncate(4);
        assert!(rows_only.variant().is_none(), "columns missing");
    }

    /// Regions of no stated kind (a JSON lines record's) are read from their cells: rows and
    /// columns in order wherever they stand, the first tiling as boxes (standard) or pieces,
    /// the rest extra regions, a repeated region left out.
    #[test]
    fn unstated_regions_are_read_from_their_cells() {
        let x = Variant::standard(9).unwrap().with_diagonals().unwrap();
        let mut model = Model::from_variant(&x);
        model.kinds.clear();
        // Columns before rows, each group backwards; the boxes and diagonals after them.
        model.regions[..18].reverse();
        model.regions.push(model.regions[0].clone());
        let read = model.variant().unwrap();
        let kinds: Vec<RegionKind> = read.regions().iter().map(|r| r.kind).collect();
        let count = |kind| kinds.iter().filter(|&&k| k == kind).count();
        assert_eq!(read.regions().len(), 29);
        assert_eq!((count(RegionKind::Row), count(RegionKind::Column)), (9, 9));
        assert_eq!((count(RegionKind::Box), count(RegionKind::Extra)), (9, 2));
        assert_eq!(read.regions()[0].cells, (0..9).collect::<Vec<_>>());
        assert_eq!(read.box_shape(), Some((3, 3)));
        let jigsaw = Variant::jigsaw(4, "1112122233343444").unwrap();
        let mut model = Model::from_variant(&jigsaw);
        model.kinds.clear();
        assert_eq!(model.variant().as_ref(), Some(&jigsaw));
        // Stated rows that are not rows are no plain sudoku's.
        let mut model = Model::from_variant(&Variant::standard(4).unwrap());
        model.kinds.swap(0, 8);
        assert!(model.variant().is_none());
    }
}
