//! The constraint keys of an f-puzzles puzzle, onto a [`Model`] whose regions and cells are read.
//!
//! Thermometers (one line per branch, from the bulb), whispers and palindromes are lines of
//! their kinds; a clone is one [`LineKind::Clone`] line, its `cells` then its `cloneCells`.
//!
//! Negative rules, as f-puzzles' rules read ("all dots are given") and `SudokuSolver` solves
//! them: `nonconsecutive` forbids consecutive digits across every edge without a Kropki dot;
//! `negative: ["ratio"]` forbids a digit and its double (and each other ratio a black dot of
//! the grid shows) across every edge without a dot; `negative: ["xv"]` forbids sums of 5 and
//! 10 across every edge without an X or a V.

pub(in crate::read) mod lines;

use serde_json::{Map, Value};

use crate::grid::Cell;
use crate::model::{Cage, Line, LineKind, Model, Parity, Relation, RelationKind};
use crate::variant::standard_box_shape;

/// Keys that describe the puzzle or the setter's view and change nothing.
const META: [&str; 10] = [
    "size",
    "grid",
    "title",
    "author",
    "ruleset",
    "solution",
    "highlightConflicts",
    "disabledlogic",
    "truecandidatesoptions",
    "version",
];

/// Keys drawn in f-puzzles that carry no rule of their own.
const COSMETIC: [&str; 5] = ["line", "rectangle", "circle", "text", "cage"];

/// The constraint kinds of f-puzzles that change the answer and are not read yet.
const NOT_YET: [&str; 2] = ["sumdot", "productdot"];

/// Reads every key of `puzzle` into `model`; returns the cosmetic keys it skipped.
pub(super) fn read(model: &mut Model, puzzle: &Map<String, Value>) -> Result<Vec<String>, String> {
    let size = model.width;
    let mut skipped = Vec::new();
    let flag = |key: &str| puzzle.get(key).and_then(Value::as_bool) == Some(true);
    for (key, value) in puzzle {
        let key = key.as_str();
        let empty = matches!(value, Value::Null | Value::Bool(false))
            || value.as_array().is_some_and(Vec::is_empty);
        match key {
            _ if META.contains(&key) || empty => {}
            _ if COSMETIC.contains(&key) => skipped.push(key.to_owned()),
            "diagonal+" if flag(key) => model.regions.push(diagonal(size, true)),
            "diagonal-" if flag(key) => model.regions.push(diagonal(size, false)),
            "disjointgroups" if flag(key) => model.regions.extend(disjoint_groups(size)),
            "antiknight" | "antiking" | "nonconsecutive" if flag(key) => {}
            "extraregion" => {
                for (k, entry) in entries(value, key)?.iter().enumerate() {
                    model.regions.push(cells(entry, size, &format!("{key}[{k}]"))?);
                }
            }
            "killercage" => {
                for (k, entry) in entries(value, key)?.iter().enumerate() {
                    let cells = cells(entry, size, &format!("{key}[{k}]"))?;
                    let sum =
                        entry.get("value").filter(|v| !(v.is_null() || v.as_str() == Some("")));
                    let sum = sum.map(|v| number(v, &format!("{key}[{k}].value")));
                    model.cages.push(Cage { cells, sum: sum.transpose()?.map(|s| s as u32) });
                }
            }
            "odd" | "even" => {
                let parity = if key == "odd" { Parity::Odd } else { Parity::Even };
                for (k, entry) in entries(value, key)?.iter().enumerate() {
                    let where_ = format!("{key}[{k}].cell");
                    let text = entry.get("cell").and_then(Value::as_str);
                    let text = text.ok_or_else(|| format!("`{where_}` is not a cell name"))?;
                    model.parity.push((cell(text, size, &where_)?, parity));
                }
            }
            "difference" | "ratio" | "xv" | "negative" => {}
            "thermometer" | "palindrome" | "whispers" => {
                for (k, entry) in entries(value, key)?.iter().enumerate() {
                    let at = format!("{key}[{k}]");
                    let kind = line_kind(key, entry, &at)?;
                    for cells in lines(entry, size, &at)? {
                        model.lines.push(Line { kind: kind.clone(), cells });
                    }
                }
            }
            "clone" => {
                for (k, entry) in entries(value, key)?.iter().enumerate() {
                    let at = format!("{key}[{k}]");
                    let (first, second) =
                        (cells(entry, size, &at)?, clone_cells(entry, size, &at)?);
                    if first.len() != second.len() {
                        return Err(format!(
                            "`{at}`: {} cells and {} clone cells",
                            first.len(),
                            second.len()
                        ));
                    }
                    let cells = first.into_iter().chain(second).collect();
                    model.lines.push(Line { kind: LineKind::Clone, cells });
                }
            }
            "minimum" | "maximum" => {
                let mut marked = Vec::new();
                for (k, entry) in entries(value, key)?.iter().enumerate() {
                    let at = format!("{key}[{k}].cell");
                    let name = entry.get("cell").and_then(Value::as_str);
                    let name = name.ok_or_else(|| format!("`{at}` is not a cell name"))?;
                    marked.push(cell(name, size, &at)?);
                }
                // Smaller (larger) than each orthogonal neighbour not marked alike, as in a
                // fortress, whose grey cells may touch.
                for (a, b) in edges(size) {
                    let (here, other) = match (marked.contains(&a), marked.contains(&b)) {
                        (true, false) => (a, b),
                        (false, true) => (b, a),
                        _ => continue,
                    };
                    let (a, b) = if key == "minimum" { (here, other) } else { (other, here) };
                    model.relations.push(Relation { a, b, kind: RelationKind::Less });
                }
            }
            _ if lines::KEYS.contains(&key) => lines::read(model, key, value)?,
            _ if NOT_YET.contains(&key) => {
                return Err(format!(
                    "the f-puzzles constraint `{key}` changes the answer and is not read yet"
                ))
            }
            _ => return Err(format!("unknown f-puzzles key `{key}`: it may change the answer")),
        }
    }
    chess(model, puzzle);
    marks(model, puzzle)?;
    Ok(skipped)
}

/// The main diagonal (`diagonal-`, top left to bottom right) or the anti-diagonal.
pub(in crate::read) fn diagonal(size: usize, rising: bool) -> Vec<Cell> {
    (0..size).map(|r| r * size + if rising { size - 1 - r } else { r }).collect()
}

/// The cells at each place of the default boxes, one group per place.
pub(in crate::read) fn disjoint_groups(size: usize) -> Vec<Vec<Cell>> {
    let (rows, cols) = standard_box_shape(size);
    let mut groups = vec![Vec::new(); size];
    for cell in 0..size * size {
        let (r, c) = (cell / size, cell % size);
        groups[r % rows * cols + c % cols].push(cell);
    }
    groups
}

/// Anti-king and anti-knight: a `different` relation between the cells a king's or knight's
/// move apart that share no region (where they do, the region already keeps them apart).
fn chess(model: &mut Model, puzzle: &Map<String, Value>) {
    let flag = |key: &str| puzzle.get(key).and_then(Value::as_bool) == Some(true);
    for (key, king) in [("antiking", true), ("antiknight", false)] {
        if flag(key) {
            let pairs = chess_moves(model, king);
            let different =
                pairs.into_iter().map(|(a, b)| Relation { a, b, kind: RelationKind::Different });
            model.relations.extend(different);
        }
    }
}

/// The pairs of cells a king's (or a knight's) move apart that share no region of `model`,
/// each once: the move goes down a row or two, left or right.
pub(in crate::read) fn chess_moves(model: &Model, king: bool) -> Vec<(Cell, Cell)> {
    let size = model.width;
    let moves: &[(usize, isize)] =
        if king { &[(1, -1), (1, 1)] } else { &[(1, -2), (1, 2), (2, -1), (2, 1)] };
    let mut member = vec![Vec::new(); size * size];
    for (k, region) in model.regions.iter().enumerate() {
        for &cell in region {
            member[cell].push(k);
        }
    }
    let mut pairs = Vec::new();
    for a in 0..size * size {
        for &(dr, dc) in moves {
            let r = a / size + dr;
            let Some(c) = (a % size).checked_add_signed(dc).filter(|&c| c < size && r < size)
            else {
                continue;
            };
            let b = r * size + c;
            if !member[a].iter().any(|k| member[b].contains(k)) {
                pairs.push((a, b));
            }
        }
    }
    pairs
}

/// The dots and XV marks between two cells, then the negative rules on the edges without one.
fn marks(model: &mut Model, puzzle: &Map<String, Value>) -> Result<(), String> {
    let size = model.width;
    let mut kropki: Vec<Relation> = Vec::new();
    let mut xv: Vec<Relation> = Vec::new();
    for (key, default) in [("difference", 1), ("ratio", 2), ("xv", 0)] {
        let Some(value) = puzzle.get(key).filter(|v| !v.is_null()) else { continue };
        for (k, entry) in entries(value, key)?.iter().enumerate() {
            let at = format!("{key}[{k}]");
            let [a, b] = cells(entry, size, &at)?[..] else {
                return Err(format!("`{at}.cells` is not two cells"));
            };
            let given =
                entry.get("value").filter(|v| !matches!(v, Value::String(s) if s.is_empty()));
            let kind = if key == "xv" {
                match given.and_then(Value::as_str) {
                    Some("X" | "x") => RelationKind::Sum(10),
                    Some("V" | "v") => RelationKind::Sum(5),
                    _ => return Err(format!("`{at}.value` is not X or V")),
                }
            } else {
                let value = given.map(|v| number(v, &format!("{at}.value"))).transpose()?;
                let value = u8::try_from(value.unwrap_or(default))
                    .map_err(|_| format!("`{at}.value` is too large"))?;
                match key {
                    "difference" => RelationKind::Difference(value),
                    _ if value < 2 => return Err(format!("`{at}.value`: a ratio is at least 2")),
                    _ => RelationKind::Ratio(value),
                }
            };
            let list = if key == "xv" { &mut xv } else { &mut kropki };
            list.push(Relation { a, b, kind });
        }
    }
    let negative = |what: &str| {
        puzzle
            .get("negative")
            .and_then(Value::as_array)
            .is_some_and(|list| list.iter().any(|v| v.as_str() == Some(what)))
    };
    let mut not_kropki = Vec::new();
    if puzzle.get("nonconsecutive").and_then(Value::as_bool) == Some(true) {
        not_kropki.push(RelationKind::NotConsecutive);
    }
    if negative("ratio") {
        not_kropki.push(RelationKind::NotRatio(2));
        for dot in &kropki {
            if let RelationKind::Ratio(k) = dot.kind {
                if !not_kropki.contains(&RelationKind::NotRatio(k)) {
                    not_kropki.push(RelationKind::NotRatio(k));
                }
            }
        }
    }
    let not_xv = if negative("xv") {
        vec![RelationKind::NotSum(5), RelationKind::NotSum(10)]
    } else {
        Vec::new()
    };
    for (marked, nots) in [(&kropki, &not_kropki), (&xv, &not_xv)] {
        if nots.is_empty() {
            continue;
        }
        for (a, b) in edges(size) {
            if !marked.iter().any(|m| (m.a, m.b) == (a, b) || (m.a, m.b) == (b, a)) {
                model.relations.extend(nots.iter().map(|&kind| Relation { a, b, kind }));
            }
        }
    }
    model.relations.extend(kropki);
    model.relations.extend(xv);
    Ok(())
}

/// The kind of a line of pairs: a thermometer rises from its bulb, one cell to the next; a
/// palindrome reads the same from both ends; on whispers, neighbours are at least `value` (5)
/// apart.
fn line_kind(key: &str, entry: &Value, at: &str) -> Result<LineKind, String> {
    Ok(match key {
        "thermometer" => LineKind::Thermometer,
        "whispers" => {
            let apart =
                entry.get("value").map(|v| number(v, &format!("{at}.value"))).transpose()?;
            let apart = u8::try_from(apart.unwrap_or(5))
                .map_err(|_| format!("`{at}.value` is too large"))?;
            LineKind::Whispers(apart)
        }
        _ => LineKind::Palindrome,
    })
}

/// The `lines` of an entry (a thermometer may branch: one line from the bulb each).
fn lines(entry: &Value, size: usize, at: &str) -> Result<Vec<Vec<Cell>>, String> {
    let list = entry.get("lines").and_then(Value::as_array);
    let list = list.ok_or_else(|| format!("`{at}.lines` is not a list of lines"))?;
    let mut lines = Vec::with_capacity(list.len());
    for (j, line) in list.iter().enumerate() {
        let names =
            line.as_array().ok_or_else(|| format!("`{at}.lines[{j}]` is not a list of cells"))?;
        let line: Result<Vec<Cell>, String> = names
            .iter()
            .enumerate()
            .map(|(i, name)| {
                let at = format!("{at}.lines[{j}][{i}]");
                cell(name.as_str().ok_or_else(|| format!("`{at}` is not a cell name"))?, size, &at)
            })
            .collect();
        lines.push(line?);
    }
    Ok(lines)
}

/// The `cloneCells` of a clone, in the order of its `cells`.
fn clone_cells(entry: &Value, size: usize, at: &str) -> Result<Vec<Cell>, String> {
    let list = entry.get("cloneCells").and_then(Value::as_array);
    let list = list.ok_or_else(|| format!("`{at}.cloneCells` is not a list of cells"))?;
    list.iter()
        .enumerate()
        .map(|(j, name)| {
            let at = format!("{at}.cloneCells[{j}]");
            cell(name.as_str().ok_or_else(|| format!("`{at}` is not a cell name"))?, size, &at)
        })
        .collect()
}

/// Every pair of orthogonal neighbours, the left or upper cell first.
pub(in crate::read) fn edges(size: usize) -> impl Iterator<Item = (Cell, Cell)> {
    (0..size * size).flat_map(move |a| {
        let right = (a % size + 1 < size).then_some((a, a + 1));
        let down = (a + size < size * size).then_some((a, a + size));
        right.into_iter().chain(down)
    })
}

/// The list of a constraint key.
fn entries<'v>(value: &'v Value, key: &str) -> Result<&'v Vec<Value>, String> {
    value.as_array().ok_or_else(|| format!("`{key}` is not a list"))
}

/// The `cells` of an entry, as cells of the grid.
fn cells(entry: &Value, size: usize, at: &str) -> Result<Vec<Cell>, String> {
    let list = entry.get("cells").and_then(Value::as_array);
    let list = list.filter(|list| !list.is_empty());
    let list = list.ok_or_else(|| format!("`{at}.cells` is not a list of cells"))?;
    list.iter()
        .enumerate()
        .map(|(j, name)| {
            let at = format!("{at}.cells[{j}]");
            cell(name.as_str().ok_or_else(|| format!("`{at}` is not a cell name"))?, size, &at)
        })
        .collect()
}

/// The row and column (from 1) of a cell named `R4C7` (either case), wherever it is.
pub(super) fn row_column(name: &str) -> Option<(usize, usize)> {
    let upper = name.to_ascii_uppercase();
    let (r, c) = upper.strip_prefix('R')?.split_once('C')?;
    Some((r.parse().ok()?, c.parse().ok()?))
}

/// A cell named `R4C7` (either case), inside the grid.
fn cell(name: &str, size: usize, at: &str) -> Result<Cell, String> {
    match row_column(name) {
        Some((r, c)) if (1..=size).contains(&r) && (1..=size).contains(&c) => {
            Ok((r - 1) * size + c - 1)
        }
        Some(_) => Err(format!("`{at}`: {name} is outside the {size}x{size} grid")),
        None => Err(format!("`{at}`: '{name}' is not a cell name such as R1C1")),
    }
}

/// A whole number written as a number or a string (`"17"`).
fn number(value: &Value, at: &str) -> Result<u64, String> {
    let parsed = match value {
        Value::Number(n) => n.as_u64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    };
    parsed.ok_or_else(|| format!("`{at}`: {value} is not a whole number"))
}
