//! The sentences of [`VariantLogic`](super::VariantLogic)'s constraint steps: the constraint by
//! the name a player finds it by on the grid (the model's names: `model/names.rs`), what it
//! leaves, then what that removes.
//!
//! A cage with few digit sets left says them ("the 3-cell cage of 7 at r1c1 holds 1, 2 and
//! 4"); any other constraint says what it leaves in each cell it narrows: a bound when the
//! digits removed all lie on one side ("the thermometer from r2c3 leaves r4c3 at least 5"),
//! else the digits left.

use super::bits::bits;
use super::text::{and_list, cells as cells_named, digit};
use super::variant::{cage_sets, Source};
use crate::grid::{Cell, Digit};
use crate::model::{Model, RelationKind};

/// A cage with at most this many digit sets left says them.
const MOST_SETS_SAID: usize = 3;

/// A constraint's step: what it says (of [`said`]), then what it removes in going from
/// `before` to `after` (a mask a cell of the model's rectangle).
pub(super) fn explain(model: &Model, said: &str, before: &[u64], after: &[u64]) -> String {
    let eliminations: Vec<(Cell, Digit)> = (0..before.len())
        .filter(|&c| !before[c].is_power_of_two())
        .flat_map(|c| bits(before[c] & !after[c]).map(move |d| (c, d as Digit + 1)))
        .collect();
    format!("{said}: {}", removed_from(model.width, &eliminations))
}

/// What the constraint of `source` says when it narrows `cells` from `before` to `after`:
/// `the 3-cell cage of 7 at r1c1 holds 1, 2 and 4`, `the thermometer from r2c3 leaves r4c3
/// at least 5`.
pub(super) fn said(
    model: &Model,
    source: &Source,
    cells: &[Cell],
    before: &[u64],
    after: &[u64],
) -> String {
    let name = name(model, source, cells);
    if let Source::Cage(k) = source {
        let sets = cage_sets(model, &model.cages[*k], after);
        match sets.len() {
            1 => return format!("{name} holds {}", and_list(&digit_list(sets[0]))),
            2..=MOST_SETS_SAID => {
                let sums: Vec<String> = sets.iter().map(|&set| digit_list(set).join("+")).collect();
                return format!("{name} is {}", sums.join(" or "));
            }
            _ => {}
        }
    }
    let mut changed: Vec<Cell> = cells.to_vec();
    changed.extend((0..before.len()).filter(|c| !cells.contains(c)));
    changed.retain(|&c| !before[c].is_power_of_two() && before[c] != after[c]);
    changed.dedup();
    // Cells left alike go together: `r4c3, r5c2 and r5c3 at least 2`.
    let mut alike: Vec<(String, Vec<String>)> = Vec::new();
    for &c in &changed {
        let what = leaves(before[c], after[c]);
        match alike.iter_mut().find(|(w, _)| *w == what) {
            Some((_, cells)) => cells.push(model.cell_name(c)),
            None => alike.push((what, vec![model.cell_name(c)])),
        }
    }
    let left: Vec<String> =
        alike.iter().map(|(what, cells)| format!("{} {what}", and_list(cells))).collect();
    // Groups apart by commas only: `r5c5 at least 2, r5c6 and r5c7 at most 8`.
    format!("{name} leaves {}", left.join(", "))
}

/// The constraint as a player finds it: `the 3-cell cage of 7 at r1c1`, `the white dot
/// between r1c1 and r1c2`, `the thermometer from r2c3`.
pub(super) fn name(model: &Model, source: &Source, cells: &[Cell]) -> String {
    match source {
        Source::Cage(k) => {
            let size = model.cages[*k].cells.len();
            let named = model.cage_name(*k);
            // `the cage of 7 at r1c1` -> `the 3-cell cage of 7 at r1c1`.
            format!("the {size}-cell {}", named.trim_start_matches("the "))
        }
        Source::Relation(k) => {
            let relation = model.relations[*k];
            let between = |what: &str| {
                format!(
                    "the {what} between {} and {}",
                    model.cell_name(relation.a),
                    model.cell_name(relation.b)
                )
            };
            match relation.kind {
                RelationKind::Consecutive => between("white dot"),
                RelationKind::NotConsecutive => between("missing white dot"),
                RelationKind::NotRatio(2) => between("missing black dot"),
                RelationKind::Sum(10) => between("X"),
                RelationKind::Sum(5) => between("V"),
                RelationKind::Ratio(_) => model.relation_name(*k),
                _ => format!("the sign {}", model.relation_name(*k)),
            }
        }
        Source::Line(k) => {
            let line = &model.lines[*k];
            let first = line.cells.first().map_or_else(String::new, |&c| model.cell_name(c));
            format!("the {} from {first}", line.kind)
        }
        Source::Implied(fillings) => {
            // Every filling has the same total: the first one's.
            let total: u32 = fillings.iter().take(cells.len()).map(|&d| u32::from(d)).sum();
            let terms: Vec<String> = cells.iter().map(|&c| model.cell_name(c)).collect();
            format!("the cages' innies and outies make {} = {total}, which", terms.join(" + "))
        }
        Source::Sum { plus, total } => {
            let named = |cells: &[Cell]| -> Vec<String> {
                cells.iter().map(|&c| model.cell_name(c)).collect()
            };
            let mut terms = named(&cells[..*plus]).join(" + ");
            for minus in named(&cells[*plus..]) {
                terms.push_str(" − ");
                terms.push_str(&minus);
            }
            let sign = if *total < 0 { "−" } else { "" };
            format!("the cages' innies and outies make {terms} = {sign}{}, which", total.abs())
        }
    }
}

/// What a constraint leaves in a cell: `at least 5`, `at most 4`, `between 3 and 6`, `only 2,
/// 4 or 6`, or `without 5` when fewer digits go than stay.
fn leaves(before: u64, after: u64) -> String {
    let gone = before & !after;
    let low = after.trailing_zeros() as Digit + 1;
    let high = 64 - after.leading_zeros() as Digit;
    let below = (1u64 << (low - 1)) - 1;
    let above = if high >= 64 { 0 } else { !((1u64 << high) - 1) };
    let (under, over) = (gone & below != 0, gone & above != 0);
    // A bound only when every digit of `before` within it is left: `between 4 and 6` beside a
    // placed 5 would say that 5 is possible.
    let within = !(below | above) & before;
    if after.count_ones() > 1 && after == within {
        match (under, over) {
            (true, false) => return format!("at least {}", digit(low)),
            (false, true) => return format!("at most {}", digit(high)),
            // Only a run of digits: `between 4 and 6` without 5 would say that 5 is possible.
            (true, true) if after == !(below | above) => {
                return format!("between {} and {}", digit(low), digit(high));
            }
            _ => {}
        }
    }
    let (word, list) = if gone.count_ones() < after.count_ones() {
        ("without", digit_list(gone))
    } else {
        ("only", digit_list(after))
    };
    match list.as_slice() {
        [init @ .., last] if !init.is_empty() => format!("{word} {} or {last}", init.join(", ")),
        _ => format!("{word} {}", list.join("")),
    }
}

/// What a step removes, digits that leave the same cells together (`7, 8, 9 removed from
/// r3c6, r3c7`), or cells that lose the same digits together when that makes fewer groups
/// (`1, 2 removed from r1c2; 7 from r1c3, r1c4`).
fn removed_from(size: usize, eliminations: &[(Cell, Digit)]) -> String {
    let mut by_digit: Vec<(Vec<Digit>, Vec<Cell>)> = Vec::new();
    let mut digits: Vec<Digit> = eliminations.iter().map(|&(_, d)| d).collect();
    digits.sort_unstable();
    digits.dedup();
    for d in digits {
        let mut cells: Vec<Cell> =
            eliminations.iter().filter(|&&(_, e)| e == d).map(|&(c, _)| c).collect();
        cells.sort_unstable();
        match by_digit.iter_mut().find(|(_, list)| *list == cells) {
            Some((ds, _)) => ds.push(d),
            None => by_digit.push((vec![d], cells)),
        }
    }
    let mut by_cell: Vec<(Vec<Digit>, Vec<Cell>)> = Vec::new();
    let mut cells: Vec<Cell> = eliminations.iter().map(|&(c, _)| c).collect();
    cells.sort_unstable();
    cells.dedup();
    for c in cells {
        let mut lost: Vec<Digit> =
            eliminations.iter().filter(|&&(e, _)| e == c).map(|&(_, d)| d).collect();
        lost.sort_unstable();
        match by_cell.iter_mut().find(|(ds, _)| *ds == lost) {
            Some((_, list)) => list.push(c),
            None => by_cell.push((lost, vec![c])),
        }
    }
    let groups = if by_cell.len() < by_digit.len() { by_cell } else { by_digit };
    let said: Vec<String> = groups
        .iter()
        .enumerate()
        .map(|(k, (ds, list))| {
            let verb = if k == 0 { " removed" } else { "" };
            let ds: Vec<String> = ds.iter().map(|&d| digit(d).to_string()).collect();
            format!("{}{verb} from {}", ds.join(", "), cells_named(size, list))
        })
        .collect();
    said.join("; ")
}

/// The digits of a mask, each as a word.
fn digit_list(mask: u64) -> Vec<String> {
    bits(mask).map(|d| digit(d as Digit + 1).to_string()).collect()
}
