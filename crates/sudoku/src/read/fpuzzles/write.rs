//! A [`Record`] written as an f-puzzles link: the model's constraints as f-puzzles keys, each
//! in the one form that `read/fpuzzles` reads back to the same constraint (docs/formats.md,
//! "Writing f-puzzles links"). A constraint f-puzzles cannot say is refused by name, never
//! written as something that means something else.
//!
//! The grid, the regions, the cages and the lines are written here; the relations (dots,
//! thermometers, negative rules, chess moves, indexers) in `write/relations.rs`.

mod relations;

use serde_json::{json, Map, Value};

use super::keys::{diagonal, disjoint_groups};
use crate::grid::Cell;
use crate::model::{LineKind, Model, Parity};
use crate::read::published::Record;
use crate::variant::Variant;

/// The largest grid f-puzzles draws.
pub const FPUZZLES_MAX_SIZE: usize = 16;

/// Why a record cannot be written as an f-puzzles link.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot write as f-puzzles: {0}")]
pub struct FpuzzlesWriteError(pub String);

/// The f-puzzles link of a record: `https://www.f-puzzles.com/?load=PAYLOAD`.
///
/// # Errors
/// A model f-puzzles cannot express (not N×N with N symbols, unused cells, a size past 16) or
/// a constraint it has no key for: the error names it.
pub fn to_fpuzzles(record: &Record) -> Result<String, FpuzzlesWriteError> {
    let json = fpuzzles_json(record)?;
    Ok(format!("https://www.f-puzzles.com/?load={}", lz_str::compress_to_base64(&json.to_string())))
}

/// The f-puzzles JSON document of a record (what [`to_fpuzzles`] compresses).
///
/// # Errors
/// As [`to_fpuzzles`].
pub fn fpuzzles_json(record: &Record) -> Result<Value, FpuzzlesWriteError> {
    write(record).map_err(FpuzzlesWriteError)
}

fn write(record: &Record) -> Result<Value, String> {
    let model = &record.model;
    let n = model.width;
    if model.height != n || model.symbols != n {
        return Err(format!(
            "a {}x{} grid of {} symbols: f-puzzles has N×N grids of N digits",
            model.width, model.height, model.symbols
        ));
    }
    if !(1..=FPUZZLES_MAX_SIZE).contains(&n) {
        return Err(format!("size {n}: f-puzzles draws 1 to {FPUZZLES_MAX_SIZE} cells wide"));
    }
    if let Some(cell) = model.used.iter().position(|&used| !used) {
        return Err(format!(
            "{} is not part of the puzzle: f-puzzles uses every cell",
            name(n, cell)
        ));
    }
    model.validate().map_err(|e| e.to_string())?;
    let mut puzzle = Map::new();
    puzzle.insert("size".into(), json!(n));
    puzzle.insert("title".into(), json!(record.name));
    let mut cells = vec![Map::new(); n * n];
    regions(model, &mut puzzle, &mut cells)?;
    for (at, given) in model.givens.iter().enumerate() {
        if let Some(digit) = given {
            cells[at].insert("value".into(), json!(digit));
            cells[at].insert("given".into(), json!(true));
        }
    }
    for &(at, set) in &model.candidates {
        if set == 0 || cells[at].contains_key("givenPencilMarks") {
            return Err(format!(
                "the candidates of {}: f-puzzles gives one non-empty set per cell",
                name(n, at)
            ));
        }
        let marks: Vec<usize> = (1..=n).filter(|d| set >> (d - 1) & 1 == 1).collect();
        cells[at].insert("givenPencilMarks".into(), json!(marks));
    }
    let rows: Vec<Value> = cells.chunks(n).map(|row| json!(row)).collect();
    puzzle.insert("grid".into(), Value::Array(rows));
    for (key, parity) in [("odd", Parity::Odd), ("even", Parity::Even)] {
        let list: Vec<Value> = model
            .parity
            .iter()
            .filter(|&&(_, p)| p == parity)
            .map(|&(at, _)| json!({"cell": name(n, at)}))
            .collect();
        add(&mut puzzle, key, list);
    }
    let cages = model.cages.iter().map(|cage| {
        let mut entry = json!({"cells": names(n, &cage.cells)});
        if let Some(sum) = cage.sum {
            entry["value"] = json!(sum);
        }
        entry
    });
    add(&mut puzzle, "killercage", cages.collect());
    lines(model, &mut puzzle)?;
    relations::write(model, &mut puzzle)?;
    if let Some(solution) = &record.solution {
        puzzle.insert("solution".into(), json!(solution));
    }
    Ok(Value::Object(puzzle))
}

/// Adds `key` with `list` when the list is not empty.
fn add(puzzle: &mut Map<String, Value>, key: &str, list: Vec<Value>) {
    if !list.is_empty() {
        puzzle.insert(key.into(), Value::Array(list));
    }
}

/// Rows, columns, the boxes or jigsaw pieces (a `region` per cell), diagonals, disjoint
/// groups, and the rest as extra regions.
fn regions(
    model: &Model,
    puzzle: &mut Map<String, Value>,
    cells: &mut [Map<String, Value>],
) -> Result<(), String> {
    let n = model.width;
    let sorted = |cells: &[Cell]| {
        let mut cells = cells.to_vec();
        cells.sort_unstable();
        cells
    };
    let mut left: Vec<Vec<Cell>> = model.regions.iter().map(|r| sorted(r)).collect();
    let take = |wanted: &[Cell], left: &mut Vec<Vec<Cell>>| -> bool {
        let wanted = sorted(wanted);
        left.iter().position(|r| *r == wanted).map(|k| left.remove(k)).is_some()
    };
    for k in 0..n {
        let row: Vec<Cell> = (0..n).map(|c| k * n + c).collect();
        let column: Vec<Cell> = (0..n).map(|r| r * n + k).collect();
        if !take(&row, &mut left) || !take(&column, &mut left) {
            return Err(format!("row or column {}: f-puzzles has every row and column", k + 1));
        }
    }
    let standard = Model::from_variant(&Variant::standard(n).map_err(|e| e.to_string())?);
    let boxes = &standard.regions[2 * n..];
    let has = |left: &[Vec<Cell>], region: &[Cell]| left.contains(&sorted(region));
    if boxes.iter().all(|b| has(&left, b)) {
        for b in boxes {
            take(b, &mut left);
        }
    } else {
        // The first regions of N cells that tile the grid are its pieces.
        let mut owner: Vec<Option<usize>> = vec![None; n * n];
        let mut pieces = 0;
        let mut k = 0;
        while k < left.len() && pieces < n {
            if left[k].len() == n && left[k].iter().all(|&c| owner[c].is_none()) {
                for &c in &left[k] {
                    owner[c] = Some(pieces);
                }
                pieces += 1;
                left.remove(k);
            } else {
                k += 1;
            }
        }
        if pieces < n {
            return Err("no boxes or jigsaw pieces tile the grid: f-puzzles needs them".into());
        }
        for (at, piece) in owner.iter().enumerate() {
            cells[at].insert("region".into(), json!(piece.unwrap_or(0)));
        }
    }
    for (key, rising) in [("diagonal+", true), ("diagonal-", false)] {
        if take(&diagonal(n, rising), &mut left) {
            puzzle.insert(key.into(), json!(true));
        }
    }
    let groups = disjoint_groups(n);
    if n > 1 && groups.iter().all(|g| has(&left, g)) {
        for g in &groups {
            take(g, &mut left);
        }
        puzzle.insert("disjointgroups".into(), json!(true));
    }
    // The extra regions in the model's order and cell order.
    let mut extra = Vec::new();
    for region in &model.regions {
        if let Some(k) = left.iter().position(|r| *r == sorted(region)) {
            left.remove(k);
            extra.push(json!({"cells": names(n, region)}));
        }
    }
    add(puzzle, "extraregion", extra);
    Ok(())
}

/// The lines: arrows from their circle, clues outside the grid, the rest as cell lists.
fn lines(model: &Model, puzzle: &mut Map<String, Value>) -> Result<(), String> {
    let n = model.width;
    let mut keys: Vec<(&str, Vec<Value>)> = Vec::new();
    let mut push = |key: &'static str, entry: Value| match keys.iter_mut().find(|(k, _)| *k == key)
    {
        Some((_, list)) => list.push(entry),
        None => keys.push((key, vec![entry])),
    };
    for line in &model.lines {
        let cells = &line.cells;
        let what = || format!("the {:?} line {}", line.kind, names(n, cells).join("-"));
        let plain = |key| (key, json!({"lines": [names(n, cells)]}));
        let (key, entry) = match &line.kind {
            LineKind::Arrow { circle } => {
                let circle = (*circle).min(cells.len());
                if cells[circle..].iter().any(|c| cells[..circle].contains(c)) {
                    return Err(format!("{}: its shaft crosses its circle", what()));
                }
                ("arrow", json!({"cells": names(n, &cells[..circle]), "lines": [names(n, cells)]}))
            }
            LineKind::LittleKiller(sum) => {
                let (clue, direction) = little_killer(n, cells)
                    .ok_or_else(|| format!("{}: a little killer runs along a diagonal", what()))?;
                let entry = json!({"cell": clue, "direction": direction,
                    "cells": names(n, cells), "value": sum});
                ("littlekillersum", entry)
            }
            LineKind::Sandwich(v) | LineKind::XSum(v) | LineKind::Skyscraper(v) => {
                let clue = outside_clue(n, cells).ok_or_else(|| {
                    format!("{}: a clue outside the grid reads a whole row or column", what())
                })?;
                let key = match line.kind {
                    LineKind::Sandwich(_) => "sandwichsum",
                    LineKind::XSum(_) => "xsum",
                    _ => "skyscraper",
                };
                (key, json!({"cell": clue, "value": v}))
            }
            LineKind::Quadruple(digits) => {
                ("quadruple", json!({"cells": names(n, cells), "values": digits}))
            }
            LineKind::Lockout(apart) => {
                ("lockoutline", json!({"lines": [names(n, cells)], "value": apart}))
            }
            LineKind::DoubleArrow => plain("doublearrow"),
            LineKind::Renban => plain("renban"),
            LineKind::Between => plain("betweenline"),
            LineKind::RegionSum => plain("regionsumline"),
            LineKind::Zipper => plain("zipperline"),
            LineKind::Entropic => plain("entropicline"),
            LineKind::Modular => plain("modularline"),
            LineKind::Nabner => plain("nabner"),
            LineKind::Thermometer => plain("thermometer"),
            LineKind::SlowThermometer => plain("slowthermometer"),
            LineKind::Palindrome => plain("palindrome"),
            LineKind::Whispers(apart) => {
                ("whispers", json!({"lines": [names(n, cells)], "value": apart}))
            }
            LineKind::Clone => {
                let (first, second) = cells.split_at(cells.len() / 2);
                ("clone", json!({"cells": names(n, first), "cloneCells": names(n, second)}))
            }
        };
        push(key, entry);
    }
    for (key, list) in keys {
        add(puzzle, key, list);
    }
    Ok(())
}

/// A little killer's clue cell and direction: the cell before the diagonal's first.
fn little_killer(n: usize, cells: &[Cell]) -> Option<(String, &'static str)> {
    let (r, c) = ((cells[0] / n).cast_signed(), (cells[0] % n).cast_signed());
    let (dr, dc) = match cells.get(1) {
        Some(&next) => ((next / n).cast_signed() - r, (next % n).cast_signed() - c),
        // One cell: a corner's, read from outside the corner.
        None => (if r == 0 { 1 } else { -1 }, if c == 0 { 1 } else { -1 }),
    };
    if dr.abs() != 1 || dc.abs() != 1 {
        return None;
    }
    let straight = cells.iter().enumerate().all(|(i, &cell)| {
        let i = i.cast_signed();
        (cell / n).cast_signed() == r + i * dr && (cell % n).cast_signed() == c + i * dc
    });
    let direction = match (dr, dc) {
        (1, 1) => "DR",
        (1, -1) => "DL",
        (-1, 1) => "UR",
        _ => "UL",
    };
    straight.then(|| (format!("R{}C{}", r - dr + 1, c - dc + 1), direction))
}

/// The clue cell outside the grid from which `cells` is a whole row or column, read inwards.
fn outside_clue(n: usize, cells: &[Cell]) -> Option<String> {
    (0..n).find_map(|k| {
        let down: Vec<Cell> = (0..n).map(|r| r * n + k).collect();
        let right: Vec<Cell> = (0..n).map(|c| k * n + c).collect();
        let up: Vec<Cell> = down.iter().rev().copied().collect();
        let left: Vec<Cell> = right.iter().rev().copied().collect();
        let k = k + 1;
        [(down, (0, k)), (up, (n + 1, k)), (right, (k, 0)), (left, (k, n + 1))]
            .into_iter()
            .find(|(line, _)| line == cells)
            .map(|(_, (r, c))| format!("R{r}C{c}"))
    })
}

/// `R4C7`.
fn name(n: usize, cell: Cell) -> String {
    format!("R{}C{}", cell / n + 1, cell % n + 1)
}

fn names(n: usize, cells: &[Cell]) -> Vec<String> {
    cells.iter().map(|&c| name(n, c)).collect()
}
