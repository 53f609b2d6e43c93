//! A `SudokuPad` puzzle's JSON into a [`Record`]: the grid (`cells`, their `value`s), the
//! `regions`, the `cages` (killer cages with or without a sum, extra regions, disjoint groups,
//! the setter's metadata: `title`, `solution`), the `global` rules, and the drawings
//! (`marks.rs`).

use std::collections::BTreeSet;

use serde_json::{Map, Value};

use super::marks;
use crate::grid::{Cell, Digit};
use crate::model::{Cage, Model};
use crate::read::fpuzzles::FpuzzlesPuzzle;
use crate::read::published::Record;
use crate::variant::{standard_box_shape, Variant};

/// Keys that describe the puzzle or the app and change nothing.
const META: [&str; 6] = ["id", "cellSize", "metadata", "settings", "videos", "duration"];

/// Keys that only change what the solver sees (fog of war), never the answer.
const COSMETIC: [&str; 2] = ["foglight", "triggereffect"];

/// The keys of the drawings, read in `marks.rs`.
const DRAWINGS: [&str; 4] = ["lines", "arrows", "overlays", "underlays"];

/// The rules of `global` read here (the f-puzzles flags `SudokuPad` keeps as words).
pub(super) const GLOBALS: [&str; 6] =
    ["antiknight", "antiking", "nonconsecutive", "disjoint", "antiratio", "antixv"];

/// The puzzle of `SudokuPad`'s JSON.
pub(super) fn read(value: &Value) -> Result<FpuzzlesPuzzle, String> {
    let puzzle = value.as_object().ok_or("the payload is JSON that is not a puzzle object")?;
    let rows = puzzle.get("cells").and_then(Value::as_array).filter(|rows| !rows.is_empty());
    let rows = rows.ok_or("no `cells`: not a SudokuPad puzzle")?;
    let size = rows.len();
    if size > 64 {
        return Err(format!("{size} rows: a grid is 1 to 64 cells wide"));
    }
    let mut skipped = BTreeSet::new();
    for key in puzzle.keys() {
        let key = key.as_str();
        match key {
            "cells" | "regions" | "cages" | "global" => {}
            _ if META.contains(&key) || DRAWINGS.contains(&key) => {}
            _ if COSMETIC.contains(&key) => {
                skipped.insert(key.to_owned());
            }
            _ => return Err(format!("unknown SudokuPad key `{key}`: it may change the answer")),
        }
    }
    let mut model = Model::from_variant(&regions(puzzle, size)?);
    for (r, row) in rows.iter().enumerate() {
        let row = row.as_array().filter(|row| row.len() == size);
        let row = row.ok_or_else(|| format!("`cells` row {} is not {size} cells", r + 1))?;
        for (c, cell) in row.iter().enumerate() {
            read_cell(&mut model, r * size + c, cell, &mut skipped)?;
        }
    }
    let globals: Vec<&str> = list(puzzle, "global").iter().filter_map(Value::as_str).collect();
    if let Some(other) = globals.iter().find(|g| !GLOBALS.contains(g)) {
        return Err(format!("the SudokuPad rule `{other}` (in `global`) is not read"));
    }
    let (name, solution) = cages(&mut model, puzzle, &mut skipped)?;
    marks::read(&mut model, puzzle, &globals, &mut skipped)?;
    model.validate().map_err(|e| e.to_string())?;
    let record = Record { name, model, solution, generated: None };
    Ok(FpuzzlesPuzzle { record, skipped: skipped.into_iter().collect() })
}

/// A list under `key`, empty when absent.
pub(super) fn list<'v>(puzzle: &'v Map<String, Value>, key: &str) -> &'v [Value] {
    puzzle.get(key).and_then(Value::as_array).map_or(&[], Vec::as_slice)
}

/// A cell `[row, column]` (from 0) inside the grid.
pub(super) fn cell(value: &Value, size: usize, at: &str) -> Result<Cell, String> {
    let pair = value.as_array().filter(|p| p.len() == 2);
    let numbers = pair.and_then(|p| Some((p[0].as_u64()?, p[1].as_u64()?)));
    match numbers {
        Some((r, c)) if (r as usize) < size && (c as usize) < size => {
            Ok(r as usize * size + c as usize)
        }
        Some(_) => Err(format!("{at}: {value} is outside the {size}x{size} grid")),
        None => Err(format!("{at}: {value} is not a cell [row, column]")),
    }
}

/// The regions: the default boxes when they are the ones drawn, else irregular pieces.
fn regions(puzzle: &Map<String, Value>, size: usize) -> Result<Variant, String> {
    let mut pieces = Vec::new();
    for (k, region) in list(puzzle, "regions").iter().enumerate() {
        let cells = region.as_array().ok_or_else(|| format!("`regions[{k}]` is not a list"))?;
        let at = format!("`regions[{k}]`");
        let mut piece = cells.iter().map(|c| cell(c, size, &at)).collect::<Result<Vec<_>, _>>()?;
        piece.sort_unstable();
        pieces.push(piece);
    }
    pieces.sort();
    let standard = Variant::standard(size).map_err(|e| e.to_string())?;
    let (rows, cols) = standard_box_shape(size);
    let mut boxes: Vec<Vec<Cell>> = vec![Vec::new(); size];
    for cell in 0..size * size {
        boxes[cell / size / rows * rows + cell % size / cols].push(cell);
    }
    boxes.sort();
    if pieces == boxes {
        return Ok(standard);
    }
    if pieces.is_empty() {
        return Variant::latin(size).map_err(|e| e.to_string());
    }
    Variant::jigsaw_pieces(size, pieces).map_err(|e| format!("`regions`: {e}"))
}

/// A cell's given digit; its pencil marks (notes, not rules) are skipped.
fn read_cell(
    model: &mut Model,
    at: Cell,
    cell: &Value,
    skipped: &mut BTreeSet<String>,
) -> Result<(), String> {
    let size = model.width;
    let name = || format!("r{}c{}", at / size + 1, at % size + 1);
    let Some(cell) = cell.as_object() else {
        return Err(format!("cell {}: not an object", name()));
    };
    for key in cell.keys() {
        match key.as_str() {
            "value" => {
                let value = &cell[key];
                let digit = match value {
                    Value::Number(n) => n.as_u64(),
                    Value::String(s) => s.trim().parse().ok(),
                    _ => None,
                };
                match digit {
                    Some(d @ 1..=64) if d as usize <= size => model.givens[at] = Some(d as Digit),
                    _ => {
                        return Err(format!("cell {}: {value} is not a digit 1 to {size}", name()))
                    }
                }
            }
            "pencilMarks" | "centremarks" | "pm" | "cm" | "c" | "hl" => {
                skipped.insert("cells' notes".to_owned());
            }
            other => return Err(format!("cell {}: unknown key `{other}`", name())),
        }
    }
    Ok(())
}

/// The cages: killer cages, extra regions and disjoint groups into `model`; the name and the
/// solution from the metadata cages (`title: ...`, `solution: ...`); plain cages skipped.
fn cages(
    model: &mut Model,
    puzzle: &Map<String, Value>,
    skipped: &mut BTreeSet<String>,
) -> Result<(String, Option<Vec<Digit>>), String> {
    let size = model.width;
    let (mut name, mut solution) = (String::new(), None);
    for (k, cage) in list(puzzle, "cages").iter().enumerate() {
        let at = format!("`cages[{k}]`");
        let cage = cage.as_object().ok_or_else(|| format!("{at} is not an object"))?;
        let cells = cage.get("cells").and_then(Value::as_array).map_or(&[][..], Vec::as_slice);
        let text = match cage.get("value") {
            Some(Value::String(s)) => s.trim().to_owned(),
            Some(Value::Number(n)) => n.to_string(),
            _ => String::new(),
        };
        if cells.is_empty() {
            // Metadata: `key: value`.
            if let Some((key, value)) = text.split_once(':') {
                match key.trim() {
                    "title" => value.trim().clone_into(&mut name),
                    "solution" => solution = digits(value.trim(), size),
                    _ => {}
                }
            }
            continue;
        }
        let cells = cells.iter().map(|c| cell(c, size, &at)).collect::<Result<Vec<_>, _>>()?;
        let unique = cage.get("unique").and_then(Value::as_bool) == Some(true);
        let style = cage.get("style").and_then(Value::as_str);
        let kind = cage.get("type").and_then(Value::as_str);
        match (style, kind, unique) {
            (Some("extraregion"), _, _) | (_, Some("disjoint"), true) => model.regions.push(cells),
            (None | Some("killer"), None, true) => {
                let sum = match (cage.get("sum").and_then(Value::as_u64), text.as_str()) {
                    (Some(sum), _) => Some(sum),
                    (None, "") => None,
                    (None, text) => Some(
                        text.parse::<u64>()
                            .map_err(|_| format!("{at}: the cage's value '{text}' is not a sum"))?,
                    ),
                };
                let sum = sum
                    .map(u32::try_from)
                    .transpose()
                    .map_err(|_| format!("{at}: sum too large"))?;
                model.cages.push(Cage { cells, sum });
            }
            (None, None, false) if cage.get("hidden").and_then(Value::as_bool) != Some(true) => {
                skipped.insert("cages without a rule".to_owned());
            }
            _ => {
                let what = style.or(kind).unwrap_or("hidden");
                return Err(format!("{at}: a cage of style `{what}` whose meaning is not read"));
            }
        }
    }
    Ok((name, solution))
}

/// A whole solution written digit by digit, `None` when it is not one.
fn digits(text: &str, size: usize) -> Option<Vec<Digit>> {
    let digits: Option<Vec<Digit>> = text
        .chars()
        .map(|c| c.to_digit(10).filter(|&d| d >= 1 && d as usize <= size).map(|d| d as Digit))
        .collect();
    digits.filter(|d| d.len() == size * size)
}
