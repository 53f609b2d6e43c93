//! The candidates of a position under every constraint of a [`Model`], and the singles they
//! leave: the logic a hint of `sudoku play` uses for puzzles the logical solver does not know
//! (cages, relations, parity, candidates, several grids).
//!
//! Candidates start from each cell's own marks (given, parity, candidate set) less the
//! digits of its regions and cages, then shrink until nothing changes: a cage keeps in each
//! cell only the digits of the digit sets that can still make its sum, a relation only the
//! digits that some digit of the other cell satisfies.

use crate::grid::{Cell, Digit};
use crate::model::lines::automata::layers;
use crate::model::{digit_sets, Cage, Constraints, ImpliedSum, Line, Model, Relation};

/// Implied sums (innies and outies of up to three regions) of at most this many cells, with at
/// most this many fillings, narrow the candidates as cages do.
const IMPLIED_CELLS: usize = 4;
const IMPLIED_FILLINGS: usize = 64;

/// The most rounds of narrowing: each removes at least one candidate, so this only guards
/// against a bug; a 9×9 settles in a handful.
const ROUNDS: usize = 10_000;

/// Candidates of every cell (a bit per digit; 0 for unused or filled cells).
pub(crate) fn candidates(model: &Model, digits: &[Option<Digit>]) -> Vec<u64> {
    let cells = model.used.len();
    let mut regions_of: Vec<Vec<usize>> = vec![Vec::new(); cells];
    for (k, region) in model.regions.iter().enumerate() {
        for &cell in region {
            regions_of[cell].push(k);
        }
    }
    let mut cages_of: Vec<Vec<usize>> = vec![Vec::new(); cells];
    for (k, cage) in model.cages.iter().enumerate() {
        for &cell in &cage.cells {
            cages_of[cell].push(k);
        }
    }
    let present =
        |cells: &[Cell]| cells.iter().filter_map(|&c| digits[c]).fold(0u64, |m, d| m | bit(d));
    let region_digits: Vec<u64> = model.regions.iter().map(|r| present(r)).collect();
    let cage_digits: Vec<u64> = model.cages.iter().map(|c| present(&c.cells)).collect();
    let mut out: Vec<u64> = (0..cells)
        .map(|cell| {
            if !model.used[cell] || digits[cell].is_some() {
                return 0;
            }
            let mut set = model.allowed(cell).fold(0u64, |m, d| m | bit(d));
            for &k in &regions_of[cell] {
                set &= !region_digits[k];
            }
            for &k in &cages_of[cell] {
                set &= !cage_digits[k];
            }
            set
        })
        .collect();
    let implied = model.implied_sums(IMPLIED_CELLS, IMPLIED_FILLINGS);
    // The lines of pairs (thermometers, whispers, ...) narrow as their relations.
    let pairs = model.relations_with_lines();
    for _ in 0..ROUNDS {
        let before = out.clone();
        for list in model.constraints() {
            match list {
                Constraints::Cages(cages) => {
                    narrow_implied(&implied, digits, &mut out);
                    narrow_cages(cages, model.symbols, digits, &mut out);
                }
                Constraints::Relations(_) => {
                    narrow_relations(&pairs, model.symbols, digits, &mut out);
                }
                Constraints::Lines(lines) => narrow_lines(model, lines, digits, &mut out),
                // Their digits were never candidates (`Model::allowed`).
                Constraints::Parity(_) | Constraints::Candidates(_) => {}
            }
        }
        // Regions and cages together.
        innies_and_outies(model, digits, &mut out);
        locked(model, digits, &mut out);
        if out == before {
            break;
        }
    }
    out
}

/// The bit of digit `d`.
pub(crate) fn bit(d: Digit) -> u64 {
    1u64 << (d - 1)
}

/// Keeps in each empty cell of a cage with a sum only the digits of some digit set that can
/// still complete it: avoiding the cage's digits, adding up to what is left, each digit
/// possible in one of its empty cells and each empty cell able to take one of its digits.
fn narrow_cages(cages: &[Cage], symbols: usize, digits: &[Option<Digit>], out: &mut [u64]) {
    for cage in cages {
        let Some(sum) = cage.sum else { continue };
        let empty: Vec<Cell> =
            cage.cells.iter().copied().filter(|&c| digits[c].is_none()).collect();
        if empty.is_empty() {
            continue;
        }
        let placed: u32 = cage.cells.iter().filter_map(|&c| digits[c]).map(u32::from).sum();
        let used = cage.cells.iter().filter_map(|&c| digits[c]).fold(0u64, |m, d| m | bit(d));
        let Some(left) = sum.checked_sub(placed) else {
            for &cell in &empty {
                out[cell] = 0;
            }
            continue;
        };
        // Too many sets to look at (a huge cage): leave it to the regions.
        let Some(sets) = digit_sets(symbols, empty.len(), left) else { continue };
        let reach = empty.iter().fold(0u64, |m, &c| m | out[c]);
        let keep = sets
            .into_iter()
            .filter(|&set| set & used == 0 && set & !reach == 0)
            .filter(|&set| empty.iter().all(|&c| out[c] & set != 0))
            .fold(0u64, |m, set| m | set);
        for &cell in &empty {
            out[cell] &= keep;
        }
    }
}

/// Keeps in each empty cell of a line only the digits some path of its automaton through the
/// line's digits and candidates uses (forward and backward reachability: exact for the line
/// alone). A line whose automaton is too large is left to the other constraints; a line of
/// pairs is narrowed as its relations.
fn narrow_lines(model: &Model, lines: &[Line], digits: &[Option<Digit>], out: &mut [u64]) {
    for line in lines.iter().filter(|line| line.relations().is_none()) {
        let allowed = |i: usize| {
            let cell = line.cells[i];
            digits[cell].map_or(out[cell], bit)
        };
        let Ok(layers) = layers(line, &model.line_context(line), &allowed) else { continue };
        for (k, &position) in layers.order.iter().enumerate() {
            let cell = line.cells[position];
            if digits[cell].is_none() {
                out[cell] &= layers.digits(k);
            }
        }
    }
}

/// Keeps in each empty cell of an implied sum only the digits of the fillings that its cells'
/// digits and candidates still allow.
fn narrow_implied(implied: &[ImpliedSum], digits: &[Option<Digit>], out: &mut [u64]) {
    for sum in implied {
        let mut keep = vec![0u64; sum.cells.len()];
        for filling in sum.fillings.chunks(sum.cells.len()) {
            let fits = sum.cells.iter().zip(filling).all(|(&cell, &d)| match digits[cell] {
                Some(placed) => placed == d,
                None => out[cell] & bit(d) != 0,
            });
            if fits {
                for (k, &d) in filling.iter().enumerate() {
                    keep[k] |= bit(d);
                }
            }
        }
        for (k, &cell) in sum.cells.iter().enumerate() {
            if digits[cell].is_none() {
                out[cell] &= keep[k];
            }
        }
    }
}

/// The one-cell innie and outie of each full region: when the cages wholly inside a region
/// leave one cell of it, that cell holds the region's total less their sums; when the cages
/// reaching into a region cover it and one cell outside, that cell holds their sums less the
/// total.
fn innies_and_outies(model: &Model, digits: &[Option<Digit>], out: &mut [u64]) {
    let n = model.symbols;
    if model.cages.is_empty() || model.cages.iter().any(|cage| cage.sum.is_none()) {
        return;
    }
    let total = (n * (n + 1) / 2) as u64;
    let mut cage_of = vec![None; model.used.len()];
    for (k, cage) in model.cages.iter().enumerate() {
        for &cell in &cage.cells {
            cage_of[cell] = Some(k);
        }
    }
    let sum_of = |k: usize| u64::from(model.cages[k].sum.unwrap_or(0));
    for region in model.regions.iter().filter(|r| r.len() == n) {
        let inside = |k: usize| model.cages[k].cells.iter().all(|c| region.contains(c));
        let mut touching: Vec<usize> = region.iter().filter_map(|&c| cage_of[c]).collect();
        touching.sort_unstable();
        touching.dedup();
        if region.iter().any(|&c| cage_of[c].is_none()) {
            continue;
        }
        let within: Vec<usize> = touching.iter().copied().filter(|&k| inside(k)).collect();
        let left: Vec<Cell> = region
            .iter()
            .copied()
            .filter(|&c| !cage_of[c].is_some_and(|k| within.contains(&k)))
            .collect();
        let inner: u64 = within.iter().map(|&k| sum_of(k)).sum();
        if let [cell] = left[..] {
            keep_only(out, digits, cell, total.checked_sub(inner));
        }
        let outside: Vec<Cell> = touching
            .iter()
            .flat_map(|&k| model.cages[k].cells.iter().copied())
            .filter(|c| !region.contains(c))
            .collect();
        let reaching: u64 = touching.iter().map(|&k| sum_of(k)).sum();
        if let [cell] = outside[..] {
            keep_only(out, digits, cell, reaching.checked_sub(total));
        }
    }
}

/// Keeps only digit `value` (nothing when it is not a digit) among an empty cell's candidates.
fn keep_only(out: &mut [u64], digits: &[Option<Digit>], cell: Cell, value: Option<u64>) {
    if digits[cell].is_some() {
        return;
    }
    let allowed = match value {
        Some(d) if (1..=64).contains(&d) => bit(d as Digit),
        _ => 0,
    };
    out[cell] &= allowed;
}

/// Locked candidates: when a digit's places in a full region all lie in another region (a
/// box's in one row, a row's in one box) or in one cage, that digit is there, so it leaves
/// the other cells of that region or cage.
fn locked(model: &Model, digits: &[Option<Digit>], out: &mut [u64]) {
    let n = model.symbols;
    let groups: Vec<&[Cell]> = model
        .regions
        .iter()
        .map(Vec::as_slice)
        .chain(model.cages.iter().map(|cage| cage.cells.as_slice()))
        .collect();
    for region in model.regions.iter().filter(|r| r.len() == n) {
        for d in 1..=n.min(64) as Digit {
            if region.iter().any(|&c| digits[c] == Some(d)) {
                continue;
            }
            let places: Vec<Cell> =
                region.iter().copied().filter(|&c| out[c] & bit(d) != 0).collect();
            if places.len() < 2 {
                continue;
            }
            for group in &groups {
                if std::ptr::eq(*group, region.as_slice())
                    || !places.iter().all(|c| group.contains(c))
                {
                    continue;
                }
                for &cell in group.iter().filter(|c| !places.contains(c)) {
                    out[cell] &= !bit(d);
                }
            }
        }
    }
}

/// Keeps in each empty cell of a relation only the digits that a digit of the other cell (its
/// own, or a candidate) satisfies.
fn narrow_relations(
    relations: &[Relation],
    symbols: usize,
    digits: &[Option<Digit>],
    out: &mut [u64],
) {
    let n = symbols.min(64) as Digit;
    let options = |cell: Cell, out: &[u64]| digits[cell].map_or(out[cell], bit);
    for relation in relations {
        let (a, b) = (relation.a, relation.b);
        for (this, other, first) in [(a, b, true), (b, a, false)] {
            if digits[this].is_some() {
                continue;
            }
            let theirs = options(other, out);
            let mut keep = 0u64;
            for d in (1..=n).filter(|&d| out[this] & bit(d) != 0) {
                let fits = (1..=n).filter(|&e| theirs & bit(e) != 0).any(|e| {
                    if first {
                        relation.kind.holds(d, e)
                    } else {
                        relation.kind.holds(e, d)
                    }
                });
                if fits {
                    keep |= bit(d);
                }
            }
            out[this] = keep;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::candidates;
    use crate::model::Model;
    use crate::model::{Cage, Relation, RelationKind};
    use crate::variant::Variant;

    #[test]
    fn cages_and_relations_narrow_the_candidates() {
        let mut model = Model::from_variant(&Variant::standard(4).unwrap());
        // r1c1 + r1c2 = 3: only 1 and 2.
        model.cages.push(Cage { cells: vec![0, 1], sum: Some(3) });
        // r2c1 < r2c2.
        model.relations.push(Relation { a: 4, b: 5, kind: RelationKind::Less });
        let mut digits = vec![None; 16];
        // r3c2 = 2: column 2 has its 2.
        digits[9] = Some(2);
        let found = candidates(&model, &digits);
        // r1c2 may not be 2 (its column has it): 1 only; r1c1 keeps both digits of the cage's
        // one set (the single is for the hint to find, not the candidates).
        assert_eq!(found[1], 0b0001);
        assert_eq!(found[0], 0b0011);
        // Box 1's innies: the cage holds 3 of its 10, so r2c1 + r2c2 = 7: 3 and 4. r2c1 < r2c2
        // makes r2c1 3 and r2c2 4.
        assert_eq!(found[4], 0b0100);
        assert_eq!(found[5], 0b1000);
    }

    /// A black Kropki dot keeps in each of its cells the digits with a double or a half among
    /// the other's: no 3 in a 4×4, and only 2 beside a 4.
    #[test]
    fn a_black_dot_keeps_the_digits_in_its_ratio() {
        let mut model = Model::from_variant(&Variant::standard(4).unwrap());
        model.relations.push(Relation { a: 0, b: 1, kind: RelationKind::Ratio(2) });
        let mut digits = vec![None; 16];
        let found = candidates(&model, &digits);
        assert_eq!((found[0], found[1], found[2]), (0b1011, 0b1011, 0b1111));
        digits[1] = Some(4);
        assert_eq!(candidates(&model, &digits)[0], 0b0010);
    }

    /// A line keeps in each cell the digits some completion of it uses: a little killer of 3
    /// on r1c1 and r2c2 (digits may repeat) keeps 1 and 2; an arrow from r1c1 through r2c2
    /// and r3c3, once r2c2 holds 3, keeps 4 in its circle and 1 on r3c3.
    #[test]
    fn a_line_keeps_the_digits_of_its_completions() {
        use crate::model::{Line, LineKind};
        let mut model = Model::from_variant(&Variant::standard(4).unwrap());
        model.lines.push(Line { kind: LineKind::LittleKiller(3), cells: vec![0, 5] });
        let mut digits = vec![None; 16];
        let found = candidates(&model, &digits);
        assert_eq!((found[0], found[5], found[10]), (0b0011, 0b0011, 0b1111));
        model.lines[0] = Line { kind: LineKind::Arrow { circle: 1 }, cells: vec![0, 5, 10] };
        digits[5] = Some(3);
        let found = candidates(&model, &digits);
        assert_eq!((found[0], found[10]), (0b1000, 0b0001));
    }
}
