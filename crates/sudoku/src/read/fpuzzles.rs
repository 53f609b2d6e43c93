//! f-puzzles puzzles, as the setters share them: `https://www.f-puzzles.com/?load=PAYLOAD`,
//! `SudokuPad`'s `https://sudokupad.app/fpuzzlesPAYLOAD`, or the bare payload, which is
//! lz-string's `compressToBase64` of the puzzle's JSON (`size`, `grid` of cells, and a list per
//! constraint kind: docs/formats.md, "f-puzzles").
//!
//! The grid (givens, pencilmarks given as constraints, region numbers) is read here; the
//! constraint keys in `fpuzzles/keys.rs`. A key that changes the answer and is not understood
//! is an error naming it; cosmetic keys (lines, shapes, text, plain cages) are skipped and
//! named in [`FpuzzlesPuzzle::skipped`], so that the caller can say so once.

pub(super) mod keys;
mod write;

pub use write::{fpuzzles_json, to_fpuzzles, FpuzzlesWriteError, FPUZZLES_MAX_SIZE};

use serde_json::{Map, Value};

use super::published::{error, ReadError, Record};
use crate::grid::{Cell, Digit};
use crate::model::{Model, Parity};
use crate::variant::{standard_box_shape, Variant};

/// An f-puzzles (or `SudokuPad`, or ISS) puzzle read into a [`Record`], with the cosmetic keys
/// (or types) it skipped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FpuzzlesPuzzle {
    /// The puzzle: its title as the name, the setter's solution when the JSON carries one.
    pub record: Record,
    /// The keys drawn in f-puzzles but meaning nothing to the rules (`line`, `text`, ...), the
    /// ISS types that only steer its search (`SearchPriority`).
    pub skipped: Vec<String>,
}

/// The characters of lz-string's base64 alphabet.
fn is_base64(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '+' | '/' | '=')
}

/// Whether `line` is an f-puzzles puzzle: a link with `load=` or `fpuzzles` before its payload,
/// or a bare payload (every one starts `N4Ig`, the compressed `{"`).
pub fn is_fpuzzles(line: &str) -> bool {
    let line = line.trim();
    line.starts_with("N4Ig") || payload_start(line).is_some()
}

/// Where the payload of a link starts, in bytes: after `load=` (f-puzzles) or `fpuzzles`
/// (`SudokuPad`, whose short ids need its server and are not read here).
fn payload_start(line: &str) -> Option<usize> {
    let lower = line.to_ascii_lowercase();
    if !(lower.starts_with("http") || lower.starts_with("fpuzzles") || lower.starts_with("www.")) {
        return None;
    }
    let after = |mark: &str| lower.rfind(mark).map(|at| at + mark.len());
    after("load=").or_else(|| after("fpuzzles").filter(|&at| lower[at..].starts_with("n4ig")))
}

/// The puzzle of an f-puzzles link or payload.
///
/// # Errors
/// Where the line is not one (bad base64, a broken lz-string stream, JSON that is not an
/// f-puzzles puzzle), a size outside 1..=64, a cell outside the grid, a value out of range, a
/// key that changes the answer and is not read: the column of the payload and what is wrong.
pub fn fpuzzles(line: &str) -> Result<FpuzzlesPuzzle, ReadError> {
    let trimmed = line.trim_start();
    let start = line.len() - trimmed.len() + payload_start(trimmed).unwrap_or(0);
    let column = line[..start].chars().count() + 1;
    let text = decode(&line[start..], column)?;
    let json: Value = serde_json::from_str(&text).map_err(|e| {
        error(column, format!("the payload decodes to text that is not JSON ({e})"))
    })?;
    let Value::Object(puzzle) = json else {
        return Err(error(column, "the payload decodes to JSON that is not an object".into()));
    };
    read(&puzzle).map_err(|message| error(column, message))
}

/// The JSON text of a payload, which ends at white space, `&` or `#` (the rest of a link).
fn decode(rest: &str, column: usize) -> Result<String, ReadError> {
    let end = rest.find(|c: char| c.is_whitespace() || c == '&' || c == '#').unwrap_or(rest.len());
    // A link may have its '+', '/' and '=' percent-encoded, or a '+' read as a space upstream.
    let payload = rest[..end].replace("%2B", "+").replace("%2F", "/").replace("%3D", "=");
    if payload.is_empty() {
        return Err(error(column, "no f-puzzles payload after the link".into()));
    }
    if let Some((at, bad)) = payload.chars().enumerate().find(|&(_, c)| !is_base64(c)) {
        let message = format!("'{bad}' is not a base64 character of an f-puzzles payload");
        return Err(error(column + at, message));
    }
    let units = lz_str::decompress_from_base64(&payload)
        .filter(|units| !units.is_empty())
        .ok_or_else(|| error(column, "the payload is not an lz-string stream".into()))?;
    String::from_utf16(&units)
        .map_err(|_| error(column, "the payload decodes to broken UTF-16 text".into()))
}

/// The puzzle of the decoded JSON.
fn read(puzzle: &Map<String, Value>) -> Result<FpuzzlesPuzzle, String> {
    let size = match puzzle.get("size").and_then(Value::as_u64) {
        Some(size @ 1..=64) => size as usize,
        Some(size) => return Err(format!("size {size}: a grid is 1 to 64 cells wide")),
        None => return Err("no `size` (a whole number): not an f-puzzles puzzle".into()),
    };
    let grid = puzzle.get("grid").and_then(Value::as_array).filter(|rows| rows.len() == size);
    let grid = grid.ok_or_else(|| format!("`grid` is not a list of {size} rows"))?;
    let mut cells = Vec::with_capacity(size * size);
    for (r, row) in grid.iter().enumerate() {
        let row = row.as_array().filter(|row| row.len() == size);
        let row =
            row.ok_or_else(|| format!("`grid` row {} is not a list of {size} cells", r + 1))?;
        for (c, cell) in row.iter().enumerate() {
            let cell = cell
                .as_object()
                .ok_or_else(|| format!("cell r{}c{}: not an object", r + 1, c + 1))?;
            cells.push(cell);
        }
    }
    let mut model = Model::from_variant(&regions(size, &cells)?);
    for (at, cell) in cells.iter().enumerate() {
        read_cell(&mut model, size, at, cell)?;
    }
    let skipped = keys::read(&mut model, puzzle)?;
    model.validate().map_err(|e| e.to_string())?;
    let name = puzzle.get("title").and_then(Value::as_str).unwrap_or_default().to_owned();
    let solution = solution(puzzle, size)?;
    Ok(FpuzzlesPuzzle { record: Record { name, model, solution, generated: None }, skipped })
}

/// Rows, columns and the regions: f-puzzles' default boxes (as tall as the largest divisor of
/// the size at most its square root), each cell moved to the region its `region` names.
fn regions(size: usize, cells: &[&Map<String, Value>]) -> Result<Variant, String> {
    let (rows, cols) = standard_box_shape(size);
    let mut pieces = vec![Vec::new(); size];
    let mut moved = false;
    for (at, cell) in cells.iter().enumerate() {
        let (r, c) = (at / size, at % size);
        let region = match cell.get("region") {
            None | Some(Value::Null) => r / rows * rows + c / cols,
            Some(value) => {
                moved = true;
                let region = value.as_u64().filter(|&k| (k as usize) < size);
                let what =
                    || format!("cell {}: region {value} is not 0 to {}", name(size, at), size - 1);
                region.ok_or_else(what)? as usize
            }
        };
        pieces[region].push(at);
    }
    let variant =
        if moved { Variant::jigsaw_pieces(size, pieces) } else { Variant::standard(size) };
    variant.map_err(|e| e.to_string())
}

/// A cell's given digit, its given pencilmarks (the digits it may hold) and its parity.
fn read_cell(
    model: &mut Model,
    size: usize,
    at: Cell,
    cell: &Map<String, Value>,
) -> Result<(), String> {
    let digit = |value: &Value| -> Result<Digit, String> {
        let digit = value.as_u64().filter(|&d| (1..=size as u64).contains(&d));
        let what = || format!("cell {}: {value} is not a digit from 1 to {size}", name(size, at));
        Ok(digit.ok_or_else(what)? as Digit)
    };
    // A value not `given` is a solver's entry, no part of the puzzle.
    if cell.get("given").and_then(Value::as_bool) == Some(true) {
        if let Some(value) = cell.get("value") {
            model.givens[at] = Some(digit(value)?);
        }
    }
    if let Some(marks) = cell.get("givenPencilMarks").and_then(Value::as_array) {
        let set = marks
            .iter()
            .try_fold(0u64, |set, mark| Ok::<_, String>(set | 1 << (digit(mark)? - 1)))?;
        if set != 0 {
            model.candidates.push((at, set));
        }
    }
    match cell.get("parity").and_then(Value::as_str) {
        Some("Even" | "even") => model.parity.push((at, Parity::Even)),
        Some("Odd" | "odd") => model.parity.push((at, Parity::Odd)),
        _ => {}
    }
    Ok(())
}

/// The setter's solution, when the JSON carries a whole one (`solution`, row by row).
fn solution(puzzle: &Map<String, Value>, size: usize) -> Result<Option<Vec<Digit>>, String> {
    let Some(list) = puzzle.get("solution").and_then(Value::as_array) else { return Ok(None) };
    let digits: Option<Vec<Digit>> = list
        .iter()
        .map(|d| d.as_u64().filter(|&d| (1..=size as u64).contains(&d)).map(|d| d as Digit))
        .collect();
    match digits {
        Some(digits) if digits.len() == size * size => Ok(Some(digits)),
        // f-puzzles writes a partial solution with empty places: no solution to keep.
        _ if list.iter().any(Value::is_null) => Ok(None),
        _ => Err(format!("`solution` is not {} digits from 1 to {size}", size * size)),
    }
}

/// `r4c7`.
fn name(size: usize, cell: Cell) -> String {
    format!("r{}c{}", cell / size + 1, cell % size + 1)
}
