//! The f-puzzles keys read into lines ([`Line`]) and into the relations of issue 34
//! (indexers), as `SudokuSolver` reads them:
//! - `arrow`: each of an entry's `lines` starts in its circle (`cells`, 1 to 3 cells read as
//!   one number); one line per arrow, the circle's cells first;
//! - `littlekillersum`: the clue `cell` outside the grid, its `direction` (`DR`, `DL`, `UR`,
//!   `UL`) and the `cells` on the diagonal (computed from the direction when absent);
//! - `sandwichsum`, `xsum`, `skyscraper`: the clue `cell` outside the grid (`R0C3` above column
//!   3, `R10C3` below it on a 9×9, `R3C0` left of row 3, `R3C10` right of it): the row or
//!   column, read from the clue;
//! - `quadruple`: the `cells` around a corner and the `values` they hold;
//! - `doublearrow`, `renban`, `betweenline`, `lockoutline` (its `value`, else 4 on a 9×9 and
//!   (N − 1)/2 elsewhere, an assumption: `SudokuSolver` has no lockout line), `regionsumline`,
//!   `zipperline`, `entropicline`, `modularline`, `nabner`: the cells of each of `lines`;
//! - `slowthermometer`: a slow thermometer along each of its lines, from the bulb;
//! - `rowindexer`, `columnindexer`, `boxindexer`: each cell sends its digit's index: a digit
//!   X in r{r}c{c} of a column indexer puts c in r{r}c{X} (`Indexes` relations to each cell
//!   of the row); a row indexer puts r in r{X}c{c}; a box indexer puts the cell's place in
//!   its box at the X-th cell of the box (places in reading order).

use serde_json::Value;

use super::{cells, entries, lines, number};
use crate::grid::{Cell, Digit};
use crate::model::{Line, LineKind, Model, Relation, RelationKind};
use crate::variant::RegionKind;

/// The keys this module reads.
pub(super) const KEYS: [&str; 20] = [
    "arrow",
    "doublearrow",
    "littlekillersum",
    "sandwichsum",
    "xsum",
    "skyscraper",
    "quadruple",
    "renban",
    "betweenline",
    "lockoutline",
    "regionsumline",
    "zipperline",
    "entropicline",
    "modularline",
    "nabner",
    "slowthermometer",
    "rowindexer",
    "columnindexer",
    "boxindexer",
    "lockout",
];

/// Reads key `key` (one of [`KEYS`]) of value `value` into `model`.
pub(super) fn read(model: &mut Model, key: &str, value: &Value) -> Result<(), String> {
    let size = model.width;
    for (k, entry) in entries(value, key)?.iter().enumerate() {
        let at = format!("{key}[{k}]");
        match key {
            "arrow" => {
                let circle = cells(entry, size, &at)?;
                for arrow in lines(entry, size, &at)? {
                    let shaft = arrow.iter().filter(|c| !circle.contains(c));
                    let cells = circle.iter().chain(shaft).copied().collect();
                    let kind = LineKind::Arrow { circle: circle.len() };
                    model.lines.push(Line { kind, cells });
                }
            }
            "littlekillersum" | "sandwichsum" | "xsum" | "skyscraper" => {
                let Some(value) = clue(entry, &at)? else { continue };
                let (line, kind) = match key {
                    "littlekillersum" => {
                        (diagonal(entry, size, &at)?, LineKind::LittleKiller(value))
                    }
                    "sandwichsum" => (outside(entry, size, &at)?, LineKind::Sandwich(value)),
                    "xsum" => (outside(entry, size, &at)?, LineKind::XSum(value)),
                    _ => (outside(entry, size, &at)?, LineKind::Skyscraper(value)),
                };
                model.lines.push(Line { kind, cells: line });
            }
            "quadruple" => {
                let around = cells(entry, size, &at)?;
                let list = entry.get("values").and_then(Value::as_array);
                let list = list.ok_or_else(|| format!("`{at}.values` is not a list of digits"))?;
                let digits = list
                    .iter()
                    .enumerate()
                    .map(|(j, d)| digit(d, size, &format!("{at}.values[{j}]")))
                    .collect::<Result<Vec<Digit>, String>>()?;
                model.lines.push(Line { kind: LineKind::Quadruple(digits), cells: around });
            }
            "slowthermometer" => {
                for cells in lines(entry, size, &at)? {
                    model.lines.push(Line { kind: LineKind::SlowThermometer, cells });
                }
            }
            "rowindexer" | "columnindexer" | "boxindexer" => {
                for cell in cells(entry, size, &at)? {
                    indexer(model, key, cell);
                }
            }
            _ => {
                let kind = match key {
                    "doublearrow" => LineKind::DoubleArrow,
                    "renban" => LineKind::Renban,
                    "betweenline" => LineKind::Between,
                    "regionsumline" => LineKind::RegionSum,
                    "zipperline" => LineKind::Zipper,
                    "entropicline" => LineKind::Entropic,
                    "modularline" => LineKind::Modular,
                    "nabner" => LineKind::Nabner,
                    _ => {
                        let default =
                            if size == 9 { 4 } else { (size as u64).saturating_sub(1) / 2 };
                        let given =
                            entry.get("value").filter(|v| !v.is_null() && v.as_str() != Some(""));
                        let apart = given.map(|v| number(v, &format!("{at}.value"))).transpose()?;
                        let apart = u8::try_from(apart.unwrap_or(default))
                            .map_err(|_| format!("`{at}.value` is too large"))?;
                        LineKind::Lockout(apart)
                    }
                };
                for line in lines(entry, size, &at)? {
                    model.lines.push(Line { kind: kind.clone(), cells: line });
                }
            }
        }
    }
    Ok(())
}

/// The clue's `value`, `None` when it is empty (a clue cell left blank).
fn clue(entry: &Value, at: &str) -> Result<Option<u32>, String> {
    let Some(value) = entry.get("value").filter(|v| !v.is_null() && v.as_str() != Some("")) else {
        return Ok(None);
    };
    let value = number(value, &format!("{at}.value"))?;
    u32::try_from(value).map(Some).map_err(|_| format!("`{at}.value` is too large"))
}

/// A digit 1..=size.
fn digit(value: &Value, size: usize, at: &str) -> Result<Digit, String> {
    let d = number(value, at)?;
    match Digit::try_from(d) {
        Ok(d) if (1..=size).contains(&usize::from(d)) => Ok(d),
        _ => Err(format!("`{at}`: {d} is not a digit from 1 to {size}")),
    }
}

/// The row and column (from 0; -1 and `size` outside) of a clue cell `R0C3` (0 to size + 1).
fn clue_cell(entry: &Value, size: usize, at: &str) -> Result<(isize, isize), String> {
    let name = entry.get("cell").and_then(Value::as_str);
    let name = name.ok_or_else(|| format!("`{at}.cell` is not a cell name"))?;
    match super::row_column(name) {
        Some((r, c)) if r <= size + 1 && c <= size + 1 => {
            Ok((r.cast_signed() - 1, c.cast_signed() - 1))
        }
        _ => {
            Err(format!("`{at}.cell`: '{name}' is not a cell in or around the {size}x{size} grid"))
        }
    }
}

/// The row or column a clue outside the grid reads, from the clue.
fn outside(entry: &Value, size: usize, at: &str) -> Result<Vec<Cell>, String> {
    let (r, c) = clue_cell(entry, size, at)?;
    let n = size.cast_signed();
    let inside = |x: isize| (0..n).contains(&x);
    let line: Vec<(isize, isize)> = match (r, c) {
        (-1, c) if inside(c) => (0..n).map(|r| (r, c)).collect(),
        (r, c) if r == n && inside(c) => (0..n).rev().map(|r| (r, c)).collect(),
        (r, -1) if inside(r) => (0..n).map(|c| (r, c)).collect(),
        (r, c) if c == n && inside(r) => (0..n).rev().map(|c| (r, c)).collect(),
        _ => return Err(format!("`{at}.cell` is not beside a row or column of the grid")),
    };
    Ok(line.into_iter().map(|(r, c)| (r * n + c).cast_unsigned()).collect())
}

/// A little killer's diagonal: its `cells`, or the cells from its clue in its `direction`.
fn diagonal(entry: &Value, size: usize, at: &str) -> Result<Vec<Cell>, String> {
    if entry.get("cells").and_then(Value::as_array).is_some_and(|list| !list.is_empty()) {
        return cells(entry, size, at);
    }
    let (mut r, mut c) = clue_cell(entry, size, at)?;
    let direction = entry.get("direction").and_then(Value::as_str).unwrap_or_default();
    let (dr, dc) = match direction {
        "DR" => (1, 1),
        "DL" => (1, -1),
        "UR" => (-1, 1),
        "UL" => (-1, -1),
        _ => return Err(format!("`{at}.direction`: '{direction}' is not DR, DL, UR or UL")),
    };
    let n = size.cast_signed();
    let mut line = Vec::new();
    loop {
        (r, c) = (r + dr, c + dc);
        if !((0..n).contains(&r) && (0..n).contains(&c)) {
            break;
        }
        line.push((r * n + c).cast_unsigned());
    }
    if line.is_empty() {
        return Err(format!("`{at}`: the diagonal from its clue misses the grid"));
    }
    Ok(line)
}

/// The relations of an indexer cell (see the module's notes).
pub(in crate::read) fn indexer(model: &mut Model, key: &str, cell: Cell) {
    let n = model.width;
    let (r, c) = (cell / n, cell % n);
    // The cells the digit indexes, and the cell's own index among them.
    let (targets, own): (Vec<Cell>, usize) = match key {
        "columnindexer" => ((0..n).map(|x| r * n + x).collect(), c),
        "rowindexer" => ((0..n).map(|x| x * n + c).collect(), r),
        _ => {
            let kinds = model.region_kinds();
            let region = model.regions.iter().enumerate().find(|(k, region)| {
                matches!(kinds.get(*k), Some(RegionKind::Box | RegionKind::Piece))
                    && region.contains(&cell)
            });
            let Some((_, region)) = region else { return };
            let mut sorted = region.clone();
            sorted.sort_unstable();
            let own = sorted.iter().position(|&x| x == cell).unwrap_or(0);
            (sorted, own)
        }
    };
    for (index, &target) in targets.iter().enumerate() {
        if target != cell && index < 255 && own < 255 {
            let kind = RelationKind::Indexes(index as u8 + 1, own as u8 + 1);
            model.relations.push(Relation { a: cell, b: target, kind });
        }
    }
}
