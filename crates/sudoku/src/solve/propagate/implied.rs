//! The innie-outie equations that are not plain sums: a band of rows whose cages reach out of
//! it. Its cells add up to a known total; a cage wholly inside takes its sum out of it, a cage
//! reaching out takes its sum out and gives back its cells outside. So the band's cells in no
//! cage with a sum, less those outside cells, make a known number: a sum with subtracted
//! cells, which the bounds propagator takes with those cells reflected (`bounds.rs`). On
//! cages that all cross the band's edge (the diagonal killer of ISS's `HS_KILLERS`) the plain
//! innie and outie sums see nothing.

use crate::grid::Cell;
use crate::model::{Model, MOST_REGIONS};
use crate::variant::RegionKind;

/// An equation: the digits of `plus` less those of `minus` make `total`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Difference {
    pub(super) plus: Vec<Cell>,
    pub(super) minus: Vec<Cell>,
    pub(super) total: i64,
}

/// The cage with a sum that holds each cell, if any; none when two such cages overlap (the
/// equations would count a cell twice).
fn summed_cages(model: &Model) -> Option<Vec<Option<usize>>> {
    let mut cage_of = vec![None; model.used.len()];
    for (k, cage) in model.cages.iter().enumerate().filter(|(_, cage)| cage.sum.is_some()) {
        for &cell in &cage.cells {
            if cage_of[cell].replace(k).is_some() {
                return None;
            }
        }
    }
    Some(cage_of)
}

/// The equations of up to [`MOST_REGIONS`] consecutive disjoint full regions (as the plain
/// innies and outies of `model/derive.rs`: rows 1-3 of a 9x9 are a band) with cells on
/// both sides, of at most `most_cells` cells in all, once each; none when summed cages
/// overlap.
pub(super) fn differences(model: &Model, most_cells: usize) -> Vec<Difference> {
    let (n, cells) = (model.symbols, model.used.len());
    let Some(cage_of) = summed_cages(model) else { return Vec::new() };
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

/// Most cells of an equation whose cells all lie in cages with sums: wider ones bound little
/// and cost a propagator run at every change of any of their cells.
const MOST_CAGED: usize = 6;

/// The innie-outie equations where whole cages do not fit the houses: houses taken one by
/// one in order (rows down and up, columns right and left, boxes or jigsaw pieces in order),
/// each cage joining the pieces once more than half of it lies in the houses so far. The
/// houses' cells outside the pieces less the pieces' cells outside the houses make the
/// houses' total less the pieces' sums. Kept when small on both sides, as sigh's Interactive
/// Sudoku Solver keeps its innie-outie sums: at most N cells, no more than 2 on one side
/// ([`MOST_CAGED`] when every cell is in a cage). On a killer whose cages all straddle
/// houses (ISS's `MATHEMAGIC_KILLERS`) no band holds whole cages, so the plain innies and
/// outies of [`differences`] see nothing.
///
/// And, for each full house, the cages sticking out of it by one cell: the house's cells in
/// no cage wholly inside it and not in that cage, less the cell outside, make the house's
/// total less those cages' sums.
pub(super) fn overlaps(model: &Model) -> Vec<Difference> {
    let (n, cells) = (model.symbols, model.used.len());
    let Some(cage_of) = summed_cages(model) else { return Vec::new() };
    let summed: Vec<usize> =
        (0..model.cages.len()).filter(|&k| model.cages[k].sum.is_some()).collect();
    if summed.is_empty() {
        return Vec::new();
    }
    let house_total = i64::try_from(n * (n + 1) / 2).unwrap_or(i64::MAX);
    let mut found: Vec<Difference> = Vec::new();
    let mut keep = |mut plus: Vec<Cell>, mut minus: Vec<Cell>, mut total: i64| {
        // One equation, whichever side the houses were grown from: the wider side added.
        if (plus.len(), &minus) < (minus.len(), &plus) {
            (plus, minus, total) = (minus, plus, -total);
        }
        let caged = plus.iter().chain(&minus).all(|&cell| cage_of[cell].is_some());
        let size = plus.len() + minus.len();
        let small = size > 0 && size <= n && plus.len().min(minus.len()) <= 2;
        if small && (!caged || size <= MOST_CAGED) {
            let equation = Difference { plus, minus, total };
            if !found.contains(&equation) {
                found.push(equation);
            }
        }
    };
    for family in house_orders(model) {
        let (mut inside, mut piece) = (vec![false; cells], vec![false; cells]);
        let mut joined = vec![false; model.cages.len()];
        let mut total = 0i64;
        for (count, &region) in family.iter().enumerate().take(family.len().saturating_sub(1)) {
            for &cell in &model.regions[region] {
                inside[cell] = true;
            }
            total += house_total;
            for &k in &summed {
                let cage = &model.cages[k].cells;
                let held = cage.iter().filter(|&&cell| inside[cell]).count();
                if !joined[k] && 2 * held > cage.len() {
                    joined[k] = true;
                    total -= i64::from(model.cages[k].sum.unwrap_or(0));
                    for &cell in cage {
                        piece[cell] = true;
                    }
                }
            }
            // One house alone: its plain innies and the cages sticking out of it below.
            if count == 0 {
                continue;
            }
            let plus: Vec<Cell> = (0..cells).filter(|&c| inside[c] && !piece[c]).collect();
            let minus: Vec<Cell> = (0..cells).filter(|&c| piece[c] && !inside[c]).collect();
            keep(plus, minus, total);
        }
    }
    for region in model.regions.iter().filter(|region| region.len() == n) {
        let within = |k: usize| model.cages[k].cells.iter().filter(|c| region.contains(c)).count();
        let whole: Vec<usize> =
            summed.iter().copied().filter(|&k| within(k) == model.cages[k].cells.len()).collect();
        let rest = house_total
            - whole.iter().map(|&k| i64::from(model.cages[k].sum.unwrap_or(0))).sum::<i64>();
        for &k in summed.iter().filter(|&&k| within(k) + 1 == model.cages[k].cells.len()) {
            let cage = &model.cages[k].cells;
            let mut plus: Vec<Cell> = region
                .iter()
                .copied()
                .filter(|cell| {
                    !cage.contains(cell) && !whole.contains(&cage_of[*cell].unwrap_or(usize::MAX))
                })
                .collect();
            plus.sort_unstable();
            let minus: Vec<Cell> =
                cage.iter().copied().filter(|cell| !region.contains(cell)).collect();
            keep(plus, minus, rest - i64::from(model.cages[k].sum.unwrap_or(0)));
        }
    }
    found
}

/// Most cells of an equation listed as a table of its fillings (exact for the equation
/// alone, where bounds see only each cell's least and greatest digit), and most fillings.
pub(super) const TABLE_CELLS: usize = 3;
pub(super) const TABLE_FILLINGS: usize = 128;

/// The fillings of a small equation, a digit mask a cell, one filling after the other: the
/// digits its cells may hold together (distinct where they share a region or a cage) that
/// make its total; none when it has more than [`TABLE_CELLS`] cells or
/// [`TABLE_FILLINGS`] fillings.
pub(super) fn fillings(model: &Model, equation: &Difference) -> Option<Vec<u64>> {
    let cells: Vec<Cell> = equation.plus.iter().chain(&equation.minus).copied().collect();
    let k = cells.len();
    // Every digit of every cell is tried: 6 561 ways on a 9x9, too many past 10x10.
    if k == 0 || k > TABLE_CELLS || model.symbols.pow(k as u32) > 10_000 {
        return None;
    }
    let shares = |a: Cell, b: Cell| {
        model
            .regions
            .iter()
            .chain(model.cages.iter().map(|cage| &cage.cells))
            .any(|group| group.contains(&a) && group.contains(&b))
    };
    let apart: Vec<Vec<bool>> =
        (0..k).map(|i| (0..k).map(|j| j < i && shares(cells[i], cells[j])).collect()).collect();
    let n = u32::try_from(model.symbols).unwrap_or(u32::MAX);
    let sign = |i: usize| if i < equation.plus.len() { 1 } else { -1 };
    let (mut digits, mut out) = (vec![1u32; k], Vec::new());
    loop {
        let made: i64 = (0..k).map(|i| sign(i) * i64::from(digits[i])).sum();
        let distinct = (0..k).all(|i| (0..i).all(|j| !apart[i][j] || digits[i] != digits[j]));
        if made == equation.total && distinct {
            if out.len() == TABLE_FILLINGS * k {
                return None;
            }
            out.extend(digits.iter().map(|&d| 1u64 << (d - 1)));
        }
        // The next digits, the last cell fastest; done when the first wraps.
        let mut at = k;
        loop {
            if at == 0 {
                return Some(out);
            }
            at -= 1;
            if digits[at] < n {
                digits[at] += 1;
                break;
            }
            digits[at] = 1;
        }
    }
}

/// The full houses in the orders [`overlaps`] grows its unions in: rows top to bottom and
/// back, columns left to right and back, boxes (or jigsaw pieces) in the model's order.
fn house_orders(model: &Model) -> Vec<Vec<usize>> {
    let n = model.symbols;
    let kinds = model.region_kinds();
    let of_kind = |wanted: &[RegionKind]| -> Vec<usize> {
        (0..model.regions.len())
            .filter(|&r| wanted.contains(&kinds[r]) && model.regions[r].len() == n)
            .collect()
    };
    let mut orders = Vec::new();
    for kind in [RegionKind::Row, RegionKind::Column] {
        let mut houses = of_kind(&[kind]);
        houses.sort_by_key(|&r| model.regions[r].iter().min().copied());
        if houses.len() > 1 {
            orders.push(houses.iter().rev().copied().collect());
            orders.push(houses);
        }
    }
    let boxes = of_kind(&[RegionKind::Box, RegionKind::Piece]);
    if boxes.len() > 1 {
        orders.push(boxes);
    }
    orders
}

#[cfg(test)]
mod tests {
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::{differences, fillings, overlaps, Difference};
    use crate::model::{Cage, Model};
    use crate::variant::Variant;

    /// A 9×9 of cages up to 5 cells grown at random over a valid grid (distinct digits in
    /// each), with their sums: most straddle houses, as a hard killer's do.
    fn straddling(seed: u64) -> (Model, Vec<i64>) {
        let grid: Vec<i64> = (0..81i64).map(|c| (c / 9 % 3 * 3 + c / 27 + c % 9) % 9 + 1).collect();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut next = |below: usize| rng.random_range(0..below);
        let mut cage_of = vec![usize::MAX; 81];
        let mut model = Model::from_variant(&Variant::standard(9).unwrap());
        for start in 0..81 {
            if cage_of[start] != usize::MAX {
                continue;
            }
            let (k, mut cells) = (model.cages.len(), vec![start]);
            cage_of[start] = k;
            let size = 2 + next(4);
            for _ in 0..20 {
                let from = cells[next(cells.len())];
                let to = [from + 1, from + 9, from.wrapping_sub(1)][next(3)];
                let fits = to < 81
                    && cage_of[to] == usize::MAX
                    && (to / 9 == from / 9 || to % 9 == from % 9);
                if fits && cells.len() < size && cells.iter().all(|&c| grid[c] != grid[to]) {
                    cage_of[to] = k;
                    cells.push(to);
                }
            }
            let sum = u32::try_from(cells.iter().map(|&c| grid[c]).sum::<i64>()).unwrap();
            model.cages.push(Cage { cells, sum: Some(sum) });
        }
        (model, grid)
    }

    #[test]
    fn every_equation_holds_on_the_grid_its_sums_came_from() {
        let (mut found, mut two_sided) = (0, 0);
        for seed in 0..40 {
            let (model, grid) = straddling(seed);
            for equation in overlaps(&model).into_iter().chain(differences(&model, 18)) {
                let side = |cells: &[usize]| cells.iter().map(|&c| grid[c]).sum::<i64>();
                let made = side(&equation.plus) - side(&equation.minus);
                assert_eq!(made, equation.total, "seed {seed}: {equation:?}");
                assert!(equation.plus.len() + equation.minus.len() <= 9, "{equation:?}");
                found += 1;
                two_sided += usize::from(!equation.minus.is_empty() && !equation.plus.is_empty());
            }
        }
        assert!(found > 400 && two_sided > 100, "{found} equations, {two_sided} two-sided");
    }

    #[test]
    fn a_house_with_a_cage_one_cell_out_makes_an_equation() {
        // Row 1: a cage of r1c1-r1c4 and r2c1 (sum 20), the rest in cages of their own far
        // away: r1c5..r1c9 less r2c1 make 45 - 20 = 25.
        let mut model = Model::from_variant(&Variant::standard(9).unwrap());
        model.cages.push(Cage { cells: vec![0, 1, 2, 3, 9], sum: Some(20) });
        let equations = overlaps(&model);
        let wanted = equations.iter().find(|e| e.minus == [9]).expect("the row's equation");
        assert_eq!((wanted.plus.as_slice(), wanted.total), ([4, 5, 6, 7, 8].as_slice(), 25));
    }

    #[test]
    fn a_small_equation_lists_the_fillings_brute_force_finds() {
        // r1c1 + r1c5 - r2c2 = 4: r1c1 and r1c5 share row 1, r1c1 and r2c2 box 1; r1c5 and
        // r2c2 share nothing, so they may repeat.
        let model = Model::from_variant(&Variant::standard(9).unwrap());
        let equation = Difference { plus: vec![0, 4], minus: vec![10], total: 4 };
        let listed = fillings(&model, &equation).expect("few fillings");
        let mut expected = Vec::new();
        for a in 1..=9u32 {
            for b in 1..=9u32 {
                for c in 1..=9u32 {
                    if a + b == c + 4 && a != b && a != c {
                        expected.extend([1u64 << (a - 1), 1 << (b - 1), 1 << (c - 1)]);
                    }
                }
            }
        }
        assert_eq!(listed, expected);
        assert!(expected.chunks(3).any(|f| f[1] == f[2]), "r1c5 and r2c2 repeat somewhere");
        let wide = Difference { plus: vec![0, 4, 40], minus: vec![10, 20], total: 4 };
        assert_eq!(fillings(&model, &wide), None);
    }
}
