//! The lines of a model (`Model::lines`) in SVG, under the cell lines: a wide coloured stroke
//! through the cells' centres (one colour per kind: renban purple, between and lockout blue
//! with circles or diamonds at the ends, region-sum blue, zipper pink, entropic orange, modular
//! green, nabner yellow, whispers green, palindrome grey); a thermometer as a grey bulb and a
//! thick grey tube (a slow one's tube hollow, a white line down its middle); a clone as its
//! cells shaded pale orange, both halves alike; an arrow as its circle (or pill) and a thin shaft with its head; a
//! quadruple as a circle on its corner with its digits; the clues outside the grid (little
//! killer, sandwich, x-sum, skyscraper) in a margin made wide for them ([`margin`]). Each is a
//! `g.line` with its kind's JSON name as `data-kind`.

use svg::node::element::{Circle, Group, Polyline, Rectangle};

use super::{num, text, CELL};
use crate::grid::Cell;
use crate::model::{Line, LineKind, Model};

/// The margin around the grid: `base`, or room for a clue when a line has one outside.
pub(super) fn margin(model: &Model, base: f64) -> f64 {
    let outside = model.lines.iter().any(|line| clue_outside(&line.kind));
    if outside {
        CELL * 0.75
    } else {
        base
    }
}

/// Whether the kind's clue is written outside the grid, before its first cell.
fn clue_outside(kind: &LineKind) -> bool {
    match kind {
        LineKind::LittleKiller(_)
        | LineKind::Sandwich(_)
        | LineKind::XSum(_)
        | LineKind::Skyscraper(_) => true,
        LineKind::Arrow { .. }
        | LineKind::DoubleArrow
        | LineKind::Renban
        | LineKind::Between
        | LineKind::Lockout(_)
        | LineKind::RegionSum
        | LineKind::Zipper
        | LineKind::Entropic
        | LineKind::Modular
        | LineKind::Nabner
        | LineKind::Quadruple(_)
        | LineKind::Thermometer
        | LineKind::SlowThermometer
        | LineKind::Whispers(_)
        | LineKind::Palindrome
        | LineKind::Clone => false,
    }
}

/// Line `line`'s picture (`at` gives a cell's top-left corner).
pub(super) fn line(line: &Line, at: impl Fn(Cell) -> (f64, f64)) -> Group {
    let centre = |cell: Cell| {
        let (x, y) = at(cell);
        (x + CELL / 2.0, y + CELL / 2.0)
    };
    let points: Vec<(f64, f64)> = line.cells.iter().map(|&c| centre(c)).collect();
    let group = Group::new().set("class", "line").set("data-kind", line.kind.name());
    let stroke = |colour: &str, width: f64| stroke(&points, colour, width);
    match &line.kind {
        LineKind::Arrow { circle } => arrow(group, &points, *circle),
        LineKind::DoubleArrow => {
            let group = group.add(shaft(&points, 0.4, true));
            let ends = [points[0], points[points.len() - 1]];
            ends.into_iter().fold(group, |group, end| group.add(bulb(end, "#888888")))
        }
        LineKind::Renban => group.add(stroke("#d9b3ff", 10.0)),
        LineKind::Between | LineKind::Lockout(_) => {
            let group = group.add(stroke("#a4c8ec", 8.0));
            let ends = [points[0], points[points.len() - 1]];
            ends.into_iter().fold(group, |group, (x, y)| match line.kind {
                LineKind::Between => group.add(bulb((x, y), "#6d9ed4")),
                _ => group.add(diamond((x, y))),
            })
        }
        LineKind::RegionSum => group.add(stroke("#4f8fd6", 6.0)),
        LineKind::Zipper => group.add(stroke("#f2b6d2", 10.0)),
        LineKind::Entropic => group.add(stroke("#f7c38a", 10.0)),
        LineKind::Modular => group.add(stroke("#9fd39a", 10.0)),
        LineKind::Nabner => group.add(stroke("#f2e27a", 10.0)),
        LineKind::Thermometer | LineKind::SlowThermometer => {
            let (x, y) = points[0];
            let bulb = Circle::new().set("cx", num(x)).set("cy", num(y)).set("r", num(CELL * 0.4));
            let group =
                group.add(bulb.set("fill", THERMOMETER)).add(stroke(THERMOMETER, CELL * 0.35));
            if matches!(line.kind, LineKind::SlowThermometer) {
                // A hollow tube: a slow thermometer may stay level.
                group.add(stroke("white", CELL * 0.12))
            } else {
                group
            }
        }
        LineKind::Whispers(_) => group.add(stroke("#67d066", 8.0)),
        LineKind::Palindrome => group.add(stroke("#a8a8a8", 8.0)),
        LineKind::Clone => line.cells.iter().fold(group, |group, &cell| {
            let (x, y) = at(cell);
            let square = Rectangle::new().set("x", num(x)).set("y", num(y));
            group.add(square.set("width", CELL).set("height", CELL).set("fill", "#fbe3b4"))
        }),
        // Over the cell lines (`over`).
        LineKind::Quadruple(_)
        | LineKind::LittleKiller(_)
        | LineKind::Sandwich(_)
        | LineKind::XSum(_)
        | LineKind::Skyscraper(_) => group,
    }
}

/// What line `line` draws over the cell lines: a quadruple's circle, a clue outside the grid.
pub(super) fn over(model: &Model, line: &Line, at: impl Fn(Cell) -> (f64, f64)) -> Option<Group> {
    let centre = |cell: Cell| {
        let (x, y) = at(cell);
        (x + CELL / 2.0, y + CELL / 2.0)
    };
    let points: Vec<(f64, f64)> = line.cells.iter().map(|&c| centre(c)).collect();
    let group = Group::new().set("class", "clue").set("data-kind", line.kind.name());
    Some(match &line.kind {
        LineKind::Quadruple(digits) => {
            let n = points.len() as f64;
            let x = points.iter().map(|p| p.0).sum::<f64>() / n;
            let y = points.iter().map(|p| p.1).sum::<f64>() / n;
            let ring = Circle::new().set("cx", num(x)).set("cy", num(y)).set("r", 13);
            let ring = ring.set("fill", "white").set("stroke", "black").set("stroke-width", 1.2);
            let words: Vec<String> = digits.iter().map(u8::to_string).collect();
            let size = if digits.len() > 2 { 7.5 } else { 10.0 };
            group.add(ring).add(text("quadruple", x, y + size * 0.35, size, words.join(" ")))
        }
        LineKind::LittleKiller(value)
        | LineKind::Sandwich(value)
        | LineKind::XSum(value)
        | LineKind::Skyscraper(value) => {
            let (x0, y0) = points[0];
            let (dx, dy) = match points.get(1) {
                Some(&(x1, y1)) => ((x0 - x1) / CELL, (y0 - y1) / CELL),
                None => (-1.0, 0.0),
            };
            let away = CELL / 2.0 + margin(model, 0.0) / 2.0;
            let (x, y) = (x0 + dx * away, y0 + dy * away);
            let group = group.add(text("clue", x, y + 5.0, 14.0, value.to_string()));
            if matches!(line.kind, LineKind::LittleKiller(_)) {
                // A short arrow from the clue along its diagonal.
                let from = (x - dx * 9.0, y - dy * 9.0);
                let to = (x - dx * 15.0, y - dy * 15.0);
                group.add(shaft(&[(x - dx * 4.0, y - dy * 4.0), from, to], 0.0, true))
            } else {
                group
            }
        }
        _ => return None,
    })
}

/// The grey of a thermometer's bulb and tube.
const THERMOMETER: &str = "#c8c8c8";

/// A wide, round-ended stroke through `points` (a dot for one point).
fn stroke(points: &[(f64, f64)], colour: &str, width: f64) -> Polyline {
    let mut list: Vec<String> =
        points.iter().map(|&(x, y)| format!("{},{}", num(x), num(y))).collect();
    if list.len() == 1 {
        list.push(list[0].clone());
    }
    Polyline::new()
        .set("points", list.join(" "))
        .set("fill", "none")
        .set("stroke", colour)
        .set("stroke-width", num(width))
        .set("stroke-linecap", "round")
        .set("stroke-linejoin", "round")
}

/// A thin grey shaft through `points`, starting `skip` cells into its first step (out of a
/// circle), with an arrowhead at its end when `head`.
fn shaft(points: &[(f64, f64)], skip: f64, head: bool) -> Group {
    let mut points = points.to_vec();
    if points.len() >= 2 {
        let ((x0, y0), (x1, y1)) = (points[0], points[1]);
        let length = (x1 - x0).hypot(y1 - y0).max(1.0);
        points[0] = (x0 + (x1 - x0) / length * skip * CELL, y0 + (y1 - y0) / length * skip * CELL);
    }
    let mut group = Group::new().add(stroke(&points, "#888888", 2.0));
    if let (true, [.., (xa, ya), (xb, yb)]) = (head, points.as_slice()) {
        let length = (xb - xa).hypot(yb - ya).max(1.0);
        let (ux, uy) = ((xb - xa) / length, (yb - ya) / length);
        for side in [-1.0, 1.0] {
            let (px, py) = (-uy * side, ux * side);
            let tip = (xb - ux * 8.0 + px * 6.0, yb - uy * 8.0 + py * 6.0);
            group = group.add(stroke(&[tip, (*xb, *yb)], "#888888", 2.0));
        }
    }
    group
}

/// An arrow: its circle (a pill over several cells) and its shaft with a head.
fn arrow(group: Group, points: &[(f64, f64)], circle: usize) -> Group {
    let circle = circle.clamp(1, points.len());
    let pill = &points[..circle];
    let group = if circle == 1 {
        group.add(bulb(pill[0], "#888888"))
    } else {
        group.add(stroke(pill, "#888888", CELL * 0.8)).add(stroke(pill, "white", CELL * 0.8 - 4.0))
    };
    group.add(shaft(&points[circle - 1..], 0.4, true))
}

/// A white circle with a coloured ring on a cell's centre.
fn bulb((x, y): (f64, f64), colour: &str) -> Circle {
    Circle::new()
        .set("cx", num(x))
        .set("cy", num(y))
        .set("r", num(CELL * 0.4))
        .set("fill", "white")
        .set("stroke", colour)
        .set("stroke-width", 2)
}

/// A white diamond on a cell's centre (a lockout line's end).
fn diamond((x, y): (f64, f64)) -> Rectangle {
    let side = CELL * 0.5;
    Rectangle::new()
        .set("x", num(x - side / 2.0))
        .set("y", num(y - side / 2.0))
        .set("width", num(side))
        .set("height", num(side))
        .set("fill", "white")
        .set("stroke", "#6d9ed4")
        .set("stroke-width", 2)
        .set("transform", format!("rotate(45 {} {})", num(x), num(y)))
}
