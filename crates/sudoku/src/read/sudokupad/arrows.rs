//! The arrows of a `SudokuPad` puzzle (an f-puzzles arrow: a grey arrow from its circle; a
//! little killer: a black arrow outside the grid beside its number), and the global rules.

use serde_json::{Map, Value};

use super::marks::{cell_of, find, index, near, strokes, Shape};
use crate::grid::Cell;
use crate::model::{Line, LineKind, Model, Relation, RelationKind};
use crate::read::fpuzzles::keys::{chess_moves, edges};

/// Reads the arrows into `model`, marking the circles and clues they use; `pills` are the
/// circles drawn as thick lines (bent pills), cells in order.
pub(super) fn arrows(
    model: &mut Model,
    puzzle: &Map<String, Value>,
    shapes: &mut [Shape],
    pills: &[Vec<Cell>],
) -> Result<(), String> {
    let size = model.width;
    for stroke in strokes(puzzle, "arrows")? {
        let (first, second) = (stroke.points[0], stroke.points[1]);
        if stroke.color == "#a1a1a1" {
            let start = cell_of(first, size)
                .ok_or_else(|| format!("{}: an arrow starting outside the grid", stroke.at))?;
            let circle = match pills.iter().find(|pill| pill.contains(&start)) {
                Some(pill) => pill.clone(),
                None => circle(shapes, start, size)
                    .ok_or_else(|| format!("{}: an arrow without its circle", stroke.at))?,
            };
            let mut cells = circle.clone();
            for &point in &stroke.points[1..] {
                let cell = cell_of(point, size)
                    .ok_or_else(|| format!("{}: an arrow leaving the grid", stroke.at))?;
                if !cells.contains(&cell) {
                    cells.push(cell);
                }
            }
            let kind = LineKind::Arrow { circle: circle.len() };
            model.lines.push(Line { kind, cells });
        } else if stroke.color == "#000000" && stroke.points.len() == 2 {
            let step = |a: f64, b: f64| if b > a { 1.0 } else { -1.0 };
            let (dr, dc) = (step(first.0, second.0), step(first.1, second.1));
            let clue = (first.0 - 0.3 * dr, first.1 - 0.3 * dc);
            let text =
                |s: &Shape| !s.rounded && near(s.center.0, clue.0) && near(s.center.1, clue.1);
            let k = find(shapes, &text)
                .ok_or_else(|| format!("{}: a black arrow without its clue", stroke.at))?;
            let Ok(total) = shapes[k].text.parse::<u32>() else { continue };
            let n = size as f64;
            let (mut r, mut c) = (clue.0 + dr, clue.1 + dc);
            let mut cells = Vec::new();
            while (0.0..n).contains(&r) && (0.0..n).contains(&c) {
                cells.push(index(r) * size + index(c));
                (r, c) = (r + dr, c + dc);
            }
            if cells.is_empty() {
                return Err(format!(
                    "{}: a little killer whose diagonal misses the grid",
                    stroke.at
                ));
            }
            model.lines.push(Line { kind: LineKind::LittleKiller(total), cells });
        } else {
            return Err(format!(
                "{}: an arrow (colour {}) whose meaning cannot be told",
                stroke.at, stroke.color
            ));
        }
    }
    Ok(())
}

/// The cells of the arrow circle (or straight pill, 0.83 wide plus a cell for each cell more)
/// that holds `start`, marked used.
fn circle(shapes: &mut [Shape], start: Cell, size: usize) -> Option<Vec<Cell>> {
    let center = |cell: Cell| ((cell / size) as f64 + 0.5, (cell % size) as f64 + 0.5);
    let covers = |s: &Shape, cell: Cell| {
        let (dr, dc) = ((s.size.0 - 0.83) / 2.0, (s.size.1 - 0.83) / 2.0);
        let (r, c) = center(cell);
        (r - s.center.0).abs() <= dr + 0.01 && (c - s.center.1).abs() <= dc + 0.01
    };
    let holds = |s: &Shape| s.rounded && s.border == "#a1a1a1" && covers(s, start);
    let k = find(shapes, &holds)?;
    Some((0..size * size).filter(|&cell| covers(&shapes[k], cell)).collect())
}

/// The global rules: chess moves apart different; no consecutive digits (nor in ratio 2 and
/// each ratio a dot shows) across the edges without a Kropki dot; no sums of 5 and 10 across
/// the edges without an X or V.
pub(super) fn rules(model: &mut Model, globals: &[&str], kropki: &[Relation], xv: &[Relation]) {
    for (name, king) in [("antiking", true), ("antiknight", false)] {
        if globals.contains(&name) {
            let pairs = chess_moves(model, king);
            model.relations.extend(pairs.into_iter().map(|(a, b)| Relation {
                a,
                b,
                kind: RelationKind::Different,
            }));
        }
    }
    let mut not_kropki = Vec::new();
    if globals.contains(&"nonconsecutive") {
        not_kropki.push(RelationKind::NotConsecutive);
    }
    if globals.contains(&"antiratio") {
        not_kropki.push(RelationKind::NotRatio(2));
        for dot in kropki {
            if let RelationKind::Ratio(k) = dot.kind {
                if !not_kropki.contains(&RelationKind::NotRatio(k)) {
                    not_kropki.push(RelationKind::NotRatio(k));
                }
            }
        }
    }
    let not_xv = if globals.contains(&"antixv") {
        vec![RelationKind::NotSum(5), RelationKind::NotSum(10)]
    } else {
        Vec::new()
    };
    for (marked, nots) in [(kropki, &not_kropki), (xv, &not_xv)] {
        if nots.is_empty() {
            continue;
        }
        for (a, b) in edges(model.width) {
            if !marked.iter().any(|m| (m.a, m.b) == (a, b) || (m.a, m.b) == (b, a)) {
                model.relations.extend(nots.iter().map(|&kind| Relation { a, b, kind }));
            }
        }
    }
}
