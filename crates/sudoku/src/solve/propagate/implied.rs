//! The innie-outie equations that are not plain sums: a band of rows whose cages reach out of
//! it. Its cells add up to a known total; a cage wholly inside takes its sum out of it, a cage
//! reaching out takes its sum out and gives back its cells outside. So the band's cells in no
//! cage with a sum, less those outside cells, make a known number: a sum with subtracted
//! cells, which the bounds propagator takes with those cells reflected (`bounds.rs`). On
//! cages that all cross the band's edge (the diagonal killer of ISS's `HS_KILLERS`) the plain
//! innie and outie sums see nothing.

use crate::grid::Cell;
use crate::model::{Model, MOST_REGIONS};

/// An equation: the digits of `plus` less those of `minus` make `total`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Difference {
    pub(super) plus: Vec<Cell>,
    pub(super) minus: Vec<Cell>,
    pub(super) total: i64,
}

/// The equations of up to [`MOST_REGIONS`] consecutive disjoint full regions (as the plain
/// innies and outies of `model/derive.rs`: rows 1-3 of a 9x9 are a band) with cells on
/// both sides, of at most `most_cells` cells in all, once each; none when summed cages
/// overlap.
pub(super) fn differences(model: &Model, most_cells: usize) -> Vec<Difference> {
    let (n, cells) = (model.symbols, model.used.len());
    let mut cage_of = vec![None; cells];
    for (k, cage) in model.cages.iter().enumerate().filter(|(_, cage)| cage.sum.is_some()) {
        for &cell in &cage.cells {
            if cage_of[cell].replace(k).is_some() {
                return Vec::new();
            }
        }
    }
    if model.cages.iter().all(|cage| cage.sum.is_none()) {
        return Vec::new();
    }
    let regions = &model.regions;
    let mut found: Vec<Difference> = Vec::new();
    let (mut inside, mut stamp) = (vec![0usize; cells], 0);
    for count in 1..=MOST_REGIONS.min(regions.len()) {
        for start in 0..=regions.len() - count {
            let group = &regions[start..start + count];
            stamp += 1;
            let mut disjoint = group.iter().all(|region| region.len() == n);
            for &cell in group.iter().flatten() {
                disjoint &= inside[cell] != stamp;
                inside[cell] = stamp;
            }
            if !disjoint {
                continue;
            }
            let mut total = i64::try_from(count * n * (n + 1) / 2).unwrap_or(i64::MAX);
            let mut touched: Vec<usize> =
                group.iter().flatten().filter_map(|&cell| cage_of[cell]).collect();
            touched.sort_unstable();
            touched.dedup();
            let mut minus = Vec::new();
            for &k in &touched {
                total -= i64::from(model.cages[k].sum.unwrap_or(0));
                minus.extend(model.cages[k].cells.iter().filter(|&&cell| inside[cell] != stamp));
            }
            let mut plus: Vec<Cell> =
                group.iter().flatten().copied().filter(|&cell| cage_of[cell].is_none()).collect();
            if plus.is_empty() || minus.is_empty() || plus.len() + minus.len() > most_cells {
                continue;
            }
            plus.sort_unstable();
            minus.sort_unstable();
            let equation = Difference { plus, minus, total };
            if !found.contains(&equation) {
                found.push(equation);
            }
        }
    }
    found
}
