//! Killer cages drawn over a full solution: a partition of the used cells into connected
//! groups of orthogonal neighbours whose digits differ, each summing to its digits' total.

use rand::{Rng, RngExt};

use super::shuffle;
use crate::grid::{Cell, Digit};
use crate::model::{Cage, Model, CAGE_FILLINGS};

/// Cage sizes a new cage aims at, in proportion: mostly 2 to 4, some 5 and 6 (published
/// killers' cages are 2 to 4 cells in the main). A cage only grows while the engine can place
/// it whole ([`placed_whole`]), which rules out most of 5 cells and all of 6 on 9×9.
const SIZES: [(usize, u32); 5] = [(2, 30), (3, 35), (4, 25), (5, 8), (6, 2)];

/// The used cells next to `cell` (up, down, left, right) in `model`'s rectangle.
pub(super) fn neighbours(model: &Model, cell: Cell) -> impl Iterator<Item = Cell> + '_ {
    let (row, col) = (cell / model.width, cell % model.width);
    let up = row.checked_sub(1).map(|r| r * model.width + col);
    let down = (row + 1 < model.height).then(|| cell + model.width);
    let left = col.checked_sub(1).map(|c| row * model.width + c);
    let right = (col + 1 < model.width).then(|| cell + 1);
    [up, down, left, right].into_iter().flatten().filter(|&c| model.used[c])
}

/// A size drawn from [`SIZES`], no larger than the symbols allow.
fn target<R: Rng + ?Sized>(rng: &mut R, symbols: usize) -> usize {
    let total: u32 = SIZES.iter().map(|&(_, weight)| weight).sum();
    let mut pick = rng.random_range(0..total);
    for &(size, weight) in &SIZES {
        if pick < weight {
            return size.min(symbols);
        }
        pick -= weight;
    }
    2
}

/// Cages over every used cell of `model`, filled by `solution`: [`redraw`] with no cages yet.
pub(super) fn draw<R: Rng + ?Sized>(
    model: &Model,
    solution: &[Option<Digit>],
    rng: &mut R,
) -> Vec<Cage> {
    redraw(model, &[], solution, rng)
}

/// `cages` (disjoint, over some used cells of `model`) completed with new cages over the other
/// used cells. Each new cage starts at the free cell with the fewest free neighbours (so that
/// few cells end up cut off) and grows by random free neighbours whose digit it does not hold
/// yet, up to a size drawn from [`SIZES`], while it stays [`placed_whole`]. A cell left alone
/// joins a neighbouring cage that lacks its digit and stays placed whole with it; only a cell
/// no cage can take stays a cage of one.
pub(super) fn redraw<R: Rng + ?Sized>(
    model: &Model,
    cages: &[Cage],
    solution: &[Option<Digit>],
    rng: &mut R,
) -> Vec<Cage> {
    let cells = model.used.len();
    let mut owner: Vec<Option<usize>> = vec![None; cells];
    let mut groups: Vec<Vec<Cell>> = cages.iter().map(|cage| cage.cells.clone()).collect();
    for (k, group) in groups.iter().enumerate() {
        for &cell in group {
            owner[cell] = Some(k);
        }
    }
    let mut order: Vec<Cell> =
        (0..cells).filter(|&c| model.used[c] && owner[c].is_none()).collect();
    shuffle(&mut order, rng);
    let free_around = |owner: &[Option<usize>], cell: Cell| {
        neighbours(model, cell).filter(|&c| owner[c].is_none()).count()
    };
    loop {
        let start = order
            .iter()
            .copied()
            .filter(|&c| owner[c].is_none())
            .min_by_key(|&c| free_around(&owner, c));
        let Some(start) = start else { break };
        let size = target(rng, model.symbols);
        let k = groups.len();
        let mut group = vec![start];
        owner[start] = Some(k);
        while group.len() < size {
            let mut frontier: Vec<Cell> = group
                .iter()
                .flat_map(|&cell| neighbours(model, cell))
                .filter(|&c| owner[c].is_none())
                .filter(|&c| group.iter().all(|&g| solution[g] != solution[c]))
                .filter(|&c| {
                    let digits = group.iter().chain([&c]).map(|&g| solution[g].unwrap_or(0));
                    placed_whole(model.symbols, &digits.collect::<Vec<_>>())
                })
                .collect();
            frontier.sort_unstable();
            frontier.dedup();
            if frontier.is_empty() {
                break;
            }
            let next = frontier[rng.random_range(0..frontier.len())];
            owner[next] = Some(k);
            group.push(next);
        }
        groups.push(group);
    }
    adopt_singletons(model, solution, &mut groups, &mut owner);
    groups
        .into_iter()
        .filter(|group| !group.is_empty())
        .map(|cells| cage_of(cells, solution))
        .collect()
}

/// Whether a cage holding `digits` (distinct) has at most [`CAGE_FILLINGS`] fillings, so that
/// [`Model::encode`] places it whole: digit by digit, a cage of 5 or 6 cells made a single
/// uniqueness test of a 9×9 take up to 9 s, against milliseconds.
fn placed_whole(symbols: usize, digits: &[Digit]) -> bool {
    let size = digits.len();
    let sum: usize = digits.iter().map(|&d| usize::from(d)).sum();
    // sets[k][s]: the sets of k digits so far adding up to s.
    let mut sets = vec![vec![0usize; sum + 1]; size + 1];
    sets[0][0] = 1;
    for digit in 1..=symbols {
        for k in (1..=size).rev() {
            for s in (digit..=sum).rev() {
                sets[k][s] += sets[k - 1][s - digit];
            }
        }
    }
    let orders: usize = (1..=size).product();
    sets[size][sum].saturating_mul(orders) <= CAGE_FILLINGS
}

/// The cage of `cells` (sorted) with the sum of their digits in `solution`.
fn cage_of(mut cells: Vec<Cell>, solution: &[Option<Digit>]) -> Cage {
    cells.sort_unstable();
    let sum = cells.iter().map(|&c| u32::from(solution[c].unwrap_or(0))).sum();
    Cage { cells, sum: Some(sum) }
}

/// Moves each cage of one cell into the smallest neighbouring cage (another lone cell first)
/// that lacks its digit and would still be [`placed_whole`] with it. Before this check, a cell
/// joining a cage of 4 could make a cage of 5 with many fillings, which the encoder lists digit
/// by digit: one 9×9 killer then took 6.4 s to find a second solution of its first cages.
fn adopt_singletons(
    model: &Model,
    solution: &[Option<Digit>],
    groups: &mut [Vec<Cell>],
    owner: &mut [Option<usize>],
) {
    for k in 0..groups.len() {
        let &[cell] = groups[k].as_slice() else { continue };
        let home = neighbours(model, cell)
            .filter_map(|c| owner[c])
            .filter(|&g| g != k)
            .filter(|&g| groups[g].iter().all(|&c| solution[c] != solution[cell]))
            .filter(|&g| {
                let digits = groups[g].iter().chain([&cell]).map(|&c| solution[c].unwrap_or(0));
                placed_whole(model.symbols, &digits.collect::<Vec<_>>())
            })
            .min_by_key(|&g| groups[g].len());
        if let Some(home) = home {
            groups[k].clear();
            groups[home].push(cell);
            owner[cell] = Some(home);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::rng_for;
    use crate::model::Layout;

    #[test]
    fn a_cage_is_placed_whole_only_with_few_fillings() {
        // 1+2+3+4+5: one set, 120 orders; 8+9: one set, 2 orders.
        assert!(placed_whole(9, &[1, 2, 3, 4, 5]));
        assert!(placed_whole(9, &[8, 9]));
        // Five digits adding up to 25 come in 12 sets: 1 440 fillings.
        assert!(!placed_whole(9, &[1, 3, 5, 7, 9]));
        // Six cells have 720 orders of any one set.
        assert!(!placed_whole(9, &[1, 2, 3, 4, 5, 6]));
    }

    #[test]
    fn drawn_cages_partition_the_used_cells_into_connected_cages_of_distinct_digits() {
        let model = Layout::Sohei.model();
        let encoded = model.encode().unwrap();
        let solution = encoded.grid(&dancer::Solver::new(encoded.problem()).first().unwrap());
        for index in 0..4 {
            let cages = draw(&model, &solution, &mut rng_for(2, index));
            let mut covered = vec![0; model.used.len()];
            for cage in &cages {
                cage.cells.iter().for_each(|&c| covered[c] += 1);
                let mut digits: Vec<_> = cage.cells.iter().map(|&c| solution[c]).collect();
                digits.sort_unstable();
                digits.dedup();
                assert_eq!(digits.len(), cage.cells.len(), "{cage:?} repeats a digit");
                let sum: u32 = cage.cells.iter().map(|&c| u32::from(solution[c].unwrap())).sum();
                assert_eq!(cage.sum, Some(sum));
                assert!(connected(&model, &cage.cells), "{cage:?} is not connected");
            }
            let partition = (0..covered.len()).all(|c| covered[c] == usize::from(model.used[c]));
            assert!(partition, "the cages do not partition the used cells");
            let single = cages.iter().filter(|cage| cage.cells.len() == 1).count();
            assert!(single * 20 < cages.len(), "{single} cages of one cell");
        }
    }

    /// Whether `cells` are connected through orthogonal neighbours among themselves.
    fn connected(model: &Model, cells: &[Cell]) -> bool {
        let mut seen = vec![cells[0]];
        let mut next = 0;
        while next < seen.len() {
            let cell = seen[next];
            next += 1;
            for c in neighbours(model, cell) {
                if cells.contains(&c) && !seen.contains(&c) {
                    seen.push(c);
                }
            }
        }
        seen.len() == cells.len()
    }
}
