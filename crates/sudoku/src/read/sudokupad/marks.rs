//! The drawings of a `SudokuPad` puzzle (`lines`, `arrows`, `overlays`, `underlays`, points as
//! `[row, column]` in cells from the top left corner) read where they are drawn as `SudokuPad`
//! draws f-puzzles' constraints, and only then:
//! - a line of colour #34BBE6 from corner to corner: a diagonal;
//! - a grey (#CFCFCF) line 21 thick from a grey round bulb: a thermometer; 16 thick: a
//!   palindrome; 2 thick between two round end circles: a between line;
//! - a grey (#A1A1A1) arrow from a round circle (or a pill drawn as a thick line): an arrow;
//! - a black arrow 2 thick outside the grid with a number at its tail: a little killer;
//! - a round dot 0.3 wide with a black border on an edge: white (a difference, 1 unless it
//!   says) or black (a ratio, 2 unless it says); an X or V on an edge: a sum of 10 or 5;
//! - a number in font 32 left of a row or above a column: a sandwich sum;
//! - a grey circle (square) 0.7 wide in a cell: odd (even); a round 0.7 circle of digits on a
//!   corner: a quadruple;
//! - a plain coloured cell: skipped as colour.
//!
//! `global`'s `antiknight`, `antiking`, `nonconsecutive`, `antiratio` and `antixv` are the
//! f-puzzles rules of the same names, on the edges without a dot, an X or a V.

use std::collections::BTreeSet;

use serde_json::{Map, Value};

use super::arrows::{arrows, rules};
use super::puzzle::list;
use crate::grid::{Cell, Digit};
use crate::model::{Line, LineKind, Model, Parity, Relation, RelationKind};
use crate::read::fpuzzles::keys::diagonal;

/// A drawn shape (a circle or a rectangle), with its text.
pub(super) struct Shape {
    pub(super) at: String,
    pub(super) center: (f64, f64),
    pub(super) size: (f64, f64),
    pub(super) rounded: bool,
    pub(super) background: String,
    pub(super) border: String,
    pub(super) text: String,
    pub(super) font: f64,
    pub(super) under: bool,
    pub(super) used: bool,
}

/// A drawn line or arrow.
pub(super) struct Stroke {
    pub(super) at: String,
    pub(super) points: Vec<(f64, f64)>,
    pub(super) color: String,
    pub(super) thickness: f64,
}

/// `#abc` and `#AABBCC` alike, lower case and six digits.
fn colour(value: Option<&Value>) -> String {
    let text = value.and_then(Value::as_str).unwrap_or_default().trim().to_ascii_lowercase();
    match text.len() {
        4 if text.starts_with('#') => text.chars().skip(1).fold("#".to_owned(), |mut s, c| {
            s.push(c);
            s.push(c);
            s
        }),
        _ => text,
    }
}

fn number(object: &Map<String, Value>, key: &str) -> f64 {
    object.get(key).and_then(Value::as_f64).unwrap_or(0.0)
}

fn point(value: &Value, at: &str) -> Result<(f64, f64), String> {
    let pair = value.as_array().filter(|p| p.len() == 2);
    pair.and_then(|p| Some((p[0].as_f64()?, p[1].as_f64()?)))
        .ok_or_else(|| format!("{at}: {value} is not a point [row, column]"))
}

pub(super) fn near(a: f64, b: f64) -> bool {
    (a - b).abs() < 0.01
}

/// The cell a point lies in, if inside the grid.
pub(super) fn cell_of((r, c): (f64, f64), size: usize) -> Option<Cell> {
    let n = size as f64;
    ((0.0..n).contains(&r) && (0.0..n).contains(&c)).then(|| index(r) * size + index(c))
}

/// The whole part of a coordinate known to be from 0 to the grid's size.
#[allow(clippy::cast_sign_loss, clippy::cast_possible_truncation)]
pub(super) fn index(x: f64) -> usize {
    x.max(0.0) as usize
}

/// The two orthogonal neighbours whose shared edge has its middle at `center`.
fn edge((r, c): (f64, f64), size: usize) -> Option<(Cell, Cell)> {
    let whole = |x: f64| near(x, x.round());
    let half = |x: f64| near(x - x.floor(), 0.5);
    let (a, b) = if half(r) && whole(c) {
        ((r, c.round() - 0.5), (r, c.round() + 0.5))
    } else if whole(r) && half(c) {
        ((r.round() - 0.5, c), (r.round() + 0.5, c))
    } else {
        return None;
    };
    Some((cell_of(a, size)?, cell_of(b, size)?))
}

fn shapes(puzzle: &Map<String, Value>) -> Result<Vec<Shape>, String> {
    let mut shapes = Vec::new();
    for key in ["overlays", "underlays"] {
        for (k, value) in list(puzzle, key).iter().enumerate() {
            let at = format!("`{key}[{k}]`");
            let object = value.as_object().ok_or_else(|| format!("{at} is not an object"))?;
            let center = point(object.get("center").unwrap_or(&Value::Null), &at)?;
            let text = match object.get("text") {
                Some(Value::String(s)) => s.trim().to_owned(),
                Some(Value::Number(n)) => n.to_string(),
                _ => String::new(),
            };
            shapes.push(Shape {
                at,
                center,
                size: (number(object, "height"), number(object, "width")),
                rounded: object.get("rounded").and_then(Value::as_bool) == Some(true),
                background: colour(object.get("backgroundColor")),
                border: colour(object.get("borderColor")),
                text,
                font: number(object, "fontSize"),
                under: key == "underlays",
                used: false,
            });
        }
    }
    Ok(shapes)
}

pub(super) fn strokes(puzzle: &Map<String, Value>, key: &str) -> Result<Vec<Stroke>, String> {
    let mut strokes = Vec::new();
    for (k, value) in list(puzzle, key).iter().enumerate() {
        let at = format!("`{key}[{k}]`");
        let object = value.as_object().ok_or_else(|| format!("{at} is not an object"))?;
        let points =
            object.get("wayPoints").and_then(Value::as_array).map_or(&[][..], Vec::as_slice);
        let points = points.iter().map(|p| point(p, &at)).collect::<Result<Vec<_>, _>>()?;
        if points.len() < 2 {
            return Err(format!("{at}: a line of fewer than two points"));
        }
        let (color, thickness) = (colour(object.get("color")), number(object, "thickness"));
        strokes.push(Stroke { at, points, color, thickness });
    }
    Ok(strokes)
}

/// The first shape not yet used that passes `test`, marked used.
pub(super) fn find(shapes: &mut [Shape], test: &dyn Fn(&Shape) -> bool) -> Option<usize> {
    let k = shapes.iter().position(|s| !s.used && test(s))?;
    shapes[k].used = true;
    Some(k)
}

/// Reads the drawings and the global rules into `model`.
pub(super) fn read(
    model: &mut Model,
    puzzle: &Map<String, Value>,
    globals: &[&str],
    skipped: &mut BTreeSet<String>,
) -> Result<(), String> {
    let mut shapes = shapes(puzzle)?;
    let pills = lines(model, puzzle, &mut shapes)?;
    arrows(model, puzzle, &mut shapes, &pills)?;
    let (kropki, xv) = marks(model, &mut shapes, skipped)?;
    rules(model, globals, &kropki, &xv);
    model.relations.extend(kropki);
    model.relations.extend(xv);
    Ok(())
}

/// The lines: diagonals, thermometers (with their bulbs), palindromes, between lines (with
/// their end circles); the pills of arrows drawn as thick lines are returned for the arrows.
fn lines(
    model: &mut Model,
    puzzle: &Map<String, Value>,
    shapes: &mut [Shape],
) -> Result<Vec<Vec<Cell>>, String> {
    let size = model.width;
    let cells = |stroke: &Stroke| -> Result<Vec<Cell>, String> {
        let cells: Option<Vec<Cell>> = stroke.points.iter().map(|&p| cell_of(p, size)).collect();
        cells.ok_or_else(|| format!("{}: a line leaving the grid", stroke.at))
    };
    let grey = "#cfcfcf";
    let mut pills: Vec<Vec<Cell>> = Vec::new();
    for stroke in strokes(puzzle, "lines")? {
        let (first, last) = (stroke.points[0], stroke.points[stroke.points.len() - 1]);
        let n = size as f64;
        if stroke.color == "#34bbe6" && stroke.points.len() == 2 {
            let corners = |a: (f64, f64), b: (f64, f64)| {
                near(first.0, a.0) && near(first.1, a.1) && near(last.0, b.0) && near(last.1, b.1)
            };
            if corners((0.0, 0.0), (n, n)) {
                model.regions.push(diagonal(size, false));
                continue;
            }
            if corners((0.0, n), (n, 0.0)) {
                model.regions.push(diagonal(size, true));
                continue;
            }
        }
        if stroke.color == grey && near(stroke.thickness, 21.0) {
            let bulb = |s: &Shape| {
                s.rounded
                    && s.background == grey
                    && near(s.center.0, first.0)
                    && near(s.center.1, first.1)
            };
            if find(shapes, &bulb).is_some() {
                let cells = cells(&stroke)?;
                model.lines.push(Line { kind: LineKind::Thermometer, cells });
                continue;
            }
        }
        if stroke.color == grey && near(stroke.thickness, 16.0) {
            let cells = cells(&stroke)?;
            model.lines.push(Line { kind: LineKind::Palindrome, cells });
            continue;
        }
        if stroke.color == grey && near(stroke.thickness, 2.0) {
            let line = cells(&stroke)?;
            let (a, b) = (line[0], line[line.len() - 1]);
            let circle = |cell: Cell| {
                let center = ((cell / size) as f64 + 0.5, (cell % size) as f64 + 0.5);
                move |s: &Shape| {
                    s.rounded
                        && s.border == grey
                        && near(s.center.0, center.0)
                        && near(s.center.1, center.1)
                }
            };
            if find(shapes, &circle(a)).is_some() && find(shapes, &circle(b)).is_some() {
                model.lines.push(Line { kind: LineKind::Between, cells: line });
                continue;
            }
        }
        if stroke.color == "#a1a1a1" && stroke.thickness > 5.0 {
            pills.push(cells(&stroke)?);
            continue;
        }
        if stroke.color == "#ffffff"
            && pills.last().is_some_and(|p| Ok(p) == cells(&stroke).as_ref())
        {
            continue;
        }
        return Err(format!(
            "{}: a line (colour {}, {} thick) whose meaning cannot be told",
            stroke.at, stroke.color, stroke.thickness
        ));
    }
    Ok(pills)
}

/// The dots, XV marks, sandwich clues, parity marks and quadruples left once the lines and
/// arrows took theirs; the Kropki dots and the XV marks are returned for the negative rules.
fn marks(
    model: &mut Model,
    shapes: &mut [Shape],
    skipped: &mut BTreeSet<String>,
) -> Result<(Vec<Relation>, Vec<Relation>), String> {
    let size = model.width;
    let grey = "#cfcfcf";
    let mut kropki = Vec::new();
    let mut xv = Vec::new();
    for shape in shapes.iter_mut().filter(|s| !s.used) {
        let value = |default: u8| -> Result<u8, String> {
            if shape.text.is_empty() {
                return Ok(default);
            }
            shape
                .text
                .parse()
                .map_err(|_| format!("{}: '{}' is not a number", shape.at, shape.text))
        };
        let square = |w: f64| near(shape.size.0, w) && near(shape.size.1, w);
        let n = size as f64;
        let in_cell = cell_of(shape.center, size).filter(|&c| {
            near(shape.center.0, (c / size) as f64 + 0.5)
                && near(shape.center.1, (c % size) as f64 + 0.5)
        });
        if let (true, true, Some((a, b))) =
            (shape.rounded && square(0.3), shape.border == "#000000", edge(shape.center, size))
        {
            let kind = match shape.background.as_str() {
                "#ffffff" => RelationKind::Difference(value(1)?),
                "#000000" => RelationKind::Ratio(value(2)?),
                _ => return Err(format!("{}: a dot of colour {}", shape.at, shape.background)),
            };
            kropki.push(Relation { a, b, kind });
        } else if let (false, "X" | "x" | "V" | "v", Some((a, b))) =
            (shape.rounded, shape.text.as_str(), edge(shape.center, size))
        {
            let total = if shape.text.eq_ignore_ascii_case("x") { 10 } else { 5 };
            xv.push(Relation { a, b, kind: RelationKind::Sum(total) });
        } else if !shape.rounded && near(shape.font, 32.0) && shape.text.parse::<u32>().is_ok() {
            let (r, c) = shape.center;
            let total = shape.text.parse().unwrap_or(0);
            let line: Vec<Cell> = if near(r, -0.5) && c > 0.0 && c < n && near(c - c.floor(), 0.5) {
                (0..size).map(|row| row * size + index(c)).collect()
            } else if near(c, -0.5) && r > 0.0 && r < n && near(r - r.floor(), 0.5) {
                (0..size).map(|col| index(r) * size + col).collect()
            } else {
                return Err(format!(
                    "{}: a clue '{}' whose meaning cannot be told",
                    shape.at, shape.text
                ));
            };
            model.lines.push(Line { kind: LineKind::Sandwich(total), cells: line });
        } else if let (true, Some(cell), true) =
            (shape.under && square(0.7), in_cell, shape.background == grey)
        {
            model.parity.push((cell, if shape.rounded { Parity::Odd } else { Parity::Even }));
        } else if shape.rounded && square(0.7) && !shape.text.is_empty() {
            let (r, c) = shape.center;
            let corner = |x: f64| near(x, x.round()) && x.round() >= 1.0 && x.round() <= n - 1.0;
            if !(corner(r) && corner(c)) {
                return Err(format!("{}: a circle of digits off a corner", shape.at));
            }
            let top_left = (index(r.round()) - 1) * size + index(c.round()) - 1;
            let digits = shape
                .text
                .split_whitespace()
                .map(|d| d.parse::<Digit>().ok().filter(|&d| d >= 1 && usize::from(d) <= size))
                .collect::<Option<Vec<_>>>()
                .ok_or_else(|| format!("{}: '{}' is not a list of digits", shape.at, shape.text))?;
            let cells = vec![top_left, top_left + 1, top_left + size, top_left + size + 1];
            model.lines.push(Line { kind: LineKind::Quadruple(digits), cells });
        } else if !shape.rounded
            && square(1.0)
            && in_cell.is_some()
            && shape.text.is_empty()
            && !["#cfcfcf", "#cccccc"].contains(&shape.background.as_str())
        {
            skipped.insert("cell colours".to_owned());
        } else {
            return Err(format!(
                "{}: a shape (colour {}, text '{}') whose meaning cannot be told",
                shape.at, shape.background, shape.text
            ));
        }
    }
    Ok((kropki, xv))
}
