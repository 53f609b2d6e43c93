//! A model drawn as SVG, with the `svg` crate: it escapes every text and attribute (captions
//! carry names from input files) and writes attributes in a sorted order, so that the same
//! puzzle gives the same bytes, which the tests and reference images rely on.
//!
//! Cells are [`CELL`] units square. Thin grey cell lines, thick black piece borders (one
//! `line.border` per cell edge), extra regions shaded (`rect.extra`), killer cages as dashed
//! outlines inset from the cell edges (one `path.cage` each) with the sum (`text.sum`) in the
//! top-left corner of the cage's first cell, relation marks on the edge between their cells
//! (one `g.relation` each; a ratio's black dot is `circle.ratio`), parity circles (odd) and squares (even), candidates small in the
//! cell, givens bold, solution digits in blue, a caption below. Unused cells are left out.
//! Digits stay `<text>` in the generic `sans-serif` family, so that they can be searched,
//! selected and read aloud.

mod lines;
mod relations;

use std::fmt::Write as _;

use svg::node::element::{Circle, Group, Line, Path, Rectangle, Text};

use self::relations::relation_mark;
use super::outline::{Edge, Outline};
use super::text::symbol_text;
use crate::grid::{Cell, Digit};
use crate::model::{Constraints, Line as ModelLine, LineKind, Model, Parity};

/// The side of a cell, in SVG units.
pub const CELL: f64 = 40.0;
/// The white space around a grid.
const MARGIN: f64 = 10.0;
/// The height of a caption line.
const CAPTION: f64 = 24.0;
/// How far a cage's outline stands in from the cell edges.
const INSET: f64 = 4.0;

/// One puzzle to draw: the model, the solution to show in colour, and a caption.
#[derive(Clone, Copy, Debug)]
pub struct Figure<'a> {
    /// The puzzle.
    pub model: &'a Model,
    /// Digits to draw where there is no given (the solution), one per cell.
    pub solution: Option<&'a [Option<Digit>]>,
    /// A line under the grid: the puzzle's name, rating, seed.
    pub caption: Option<&'a str>,
}

impl Figure<'_> {
    /// Its size in SVG units: (width, height), margins and caption included.
    pub fn size(&self) -> (f64, f64) {
        let caption = if self.caption.is_some() { CAPTION } else { 0.0 };
        let margin = lines::margin(self.model, MARGIN);
        (
            self.model.width as f64 * CELL + 2.0 * margin,
            self.model.height as f64 * CELL + 2.0 * margin + caption,
        )
    }

    /// The figure as one SVG document.
    pub fn document(&self) -> String {
        let (width, height) = self.size();
        let document = svg::Document::new()
            .set("viewBox", format!("0 0 {} {}", num(width), num(height)))
            .set("width", num(width))
            .set("height", num(height))
            .add(Rectangle::new().set("width", "100%").set("height", "100%").set("fill", "white"))
            .add(self.group());
        format!("{document}\n")
    }

    /// The figure as a group at the origin, to place on a page.
    pub fn group(&self) -> Group {
        let model = self.model;
        let outline = Outline::new(model);
        let margin = lines::margin(model, MARGIN);
        let at = |cell: Cell| {
            let (row, col) = (cell / model.width, cell % model.width);
            (margin + col as f64 * CELL, margin + row as f64 * CELL)
        };
        let used: Vec<Cell> = (0..model.used.len()).filter(|&c| model.used[c]).collect();
        let mut group = Group::new().set("class", "puzzle");
        for &cell in used.iter().filter(|&&c| outline.extra(c)) {
            let (x, y) = at(cell);
            group = group.add(square("extra", x, y, CELL).set("fill", "#e2e2e2"));
        }
        for list in model.constraints() {
            match list {
                // Under the cell lines, as a shade of the cell.
                Constraints::Parity(parity) => {
                    for &(cell, parity) in parity {
                        group = group.add(parity_mark(at(cell), parity));
                    }
                }
                // Under the cell lines too, as wide strokes across the cells.
                // A clone's shaded cells first, under the strokes that cross them.
                Constraints::Lines(lines) => {
                    let (shades, strokes): (Vec<&ModelLine>, Vec<&ModelLine>) =
                        lines.iter().partition(|line| line.kind == LineKind::Clone);
                    for line in shades.into_iter().chain(strokes) {
                        group = group.add(lines::line(line, at));
                    }
                }
                // Over the lines, below; candidates with the digits (`digit`).
                Constraints::Cages(_) | Constraints::Relations(_) | Constraints::Candidates(_) => {}
            }
        }
        for &cell in &used {
            let (x, y) = at(cell);
            let rect = square("cell", x, y, CELL).set("fill", "none");
            group = group.add(rect.set("stroke", "#9a9a9a").set("stroke-width", 1));
        }
        group = group.add(borders(&outline, margin));
        for list in model.constraints() {
            match list {
                Constraints::Cages(cages) => {
                    for (k, cage) in cages.iter().enumerate() {
                        group = group.add(cage_outline(&outline, &cage.cells, at));
                        if let Some(sum) = cage.sum {
                            group = cage_sum(group, at(outline.head(k)), sum);
                        }
                    }
                }
                Constraints::Relations(relations) => {
                    for relation in relations {
                        let (a, b, kind) = (relation.a, relation.b, relation.kind);
                        if let Some(mark) = relation_mark(model, a, b, kind, at) {
                            group = group.add(mark);
                        }
                    }
                }
                Constraints::Lines(lines) => {
                    group = lines
                        .iter()
                        .filter_map(|line| lines::over(model, line, at))
                        .fold(group, Group::add);
                }
                // Under the lines, above; candidates with the digits (`digit`).
                Constraints::Parity(_) | Constraints::Candidates(_) => {}
            }
        }
        for &cell in &used {
            group = self.digit(group, cell, at(cell));
        }
        if let Some(caption) = self.caption {
            // Below the margin's clues, when it is wider than the plain one.
            let y = 2.0 * margin - MARGIN + model.height as f64 * CELL + CAPTION - 6.0;
            group =
                group.add(text("caption", margin, y, 14.0, caption).set("text-anchor", "start"));
        }
        group
    }

    /// A cell's given or solution digit, or its candidates.
    fn digit(&self, group: Group, cell: Cell, (x, y): (f64, f64)) -> Group {
        let n = self.model.symbols;
        let size = if n > 35 { 18.0 } else { 26.0 };
        let (cx, cy) = (x + CELL / 2.0, y + CELL / 2.0 + size * 0.36);
        if let Some(d) = self.model.givens[cell] {
            let given = text("given", cx, cy, size, symbol_text(d, n)).set("font-weight", "bold");
            return group.add(given);
        }
        if let Some(d) = self.solution.and_then(|s| s.get(cell).copied().flatten()) {
            return group
                .add(text("solution", cx, cy, size, symbol_text(d, n)).set("fill", "#1f5fbf"));
        }
        let marks = self.model.candidates.iter().filter(|&&(c, _)| c == cell);
        let Some(set) = marks.map(|&(_, set)| set).reduce(|a, b| a & b) else { return group };
        // The candidates at their places in a k×k block of the cell.
        let side = n.isqrt() + usize::from(n.isqrt().pow(2) < n);
        let step = (CELL - 6.0) / side as f64;
        let mut group = group;
        for d in (1..=n.min(64)).filter(|d| set >> (d - 1) & 1 == 1) {
            let (row, col) = ((d - 1) / side, (d - 1) % side);
            let px = x + 3.0 + (col as f64 + 0.5) * step;
            let py = y + 3.0 + (row as f64 + 0.5) * step + step * 0.3;
            group = group.add(text("pencil", px, py, step * 0.8, symbol_text(d as Digit, n)));
        }
        group
    }
}

/// A number as SVG writes it: at most two decimals, no trailing zeros.
fn num(value: f64) -> String {
    let text = format!("{value:.2}");
    text.trim_end_matches('0').trim_end_matches('.').to_owned()
}

fn square(class: &str, x: f64, y: f64, side: f64) -> Rectangle {
    Rectangle::new()
        .set("class", class)
        .set("x", num(x))
        .set("y", num(y))
        .set("width", num(side))
        .set("height", num(side))
}

/// Centred text in the generic sans-serif family.
fn text(class: &str, x: f64, y: f64, size: f64, content: impl Into<String>) -> Text {
    Text::new(xml_text(content.into()))
        .set("class", class)
        .set("x", num(x))
        .set("y", num(y))
        .set("font-size", num(size))
        .set("font-family", "sans-serif")
        .set("text-anchor", "middle")
}

/// `text` with every character that XML 1.0 forbids (control characters but tab, line feed and
/// carriage return; U+FFFE and U+FFFF) or discourages (DEL and the C1 controls) written as its
/// code, `\u{1}`: the `svg` crate escapes markup but not these, and one of them in a caption
/// (names come from input files) would make the whole document unreadable. The code keeps what
/// the user gave visible, in ASCII.
fn xml_text(text: String) -> String {
    let allowed = |c: char| matches!(c, '\t' | '\n' | '\r' | ' '..='~' | '\u{A0}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..);
    if text.chars().all(allowed) {
        return text;
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if allowed(c) {
            out.push(c);
        } else {
            let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
        }
    }
    out
}

/// The thick edges, one line per cell edge.
fn borders(outline: &Outline, margin: f64) -> Group {
    let mut group =
        Group::new().set("stroke", "black").set("stroke-width", 3).set("stroke-linecap", "square");
    let line = |x1: f64, y1: f64, x2: f64, y2: f64| {
        Line::new()
            .set("class", "border")
            .set("x1", num(x1))
            .set("y1", num(y1))
            .set("x2", num(x2))
            .set("y2", num(y2))
    };
    let (w, h) = (outline.width(), outline.height());
    for row in 0..=h {
        for col in 0..=w {
            let (x, y) = (margin + col as f64 * CELL, margin + row as f64 * CELL);
            if col < w && outline.horizontal(row, col) == Edge::Thick {
                group = group.add(line(x, y, x + CELL, y));
            }
            if row < h && outline.vertical(row, col) == Edge::Thick {
                group = group.add(line(x, y, x, y + CELL));
            }
        }
    }
    group
}

/// A cage's dashed outline, [`INSET`] inside its cells: each side of a cell on the cage's
/// boundary, its ends moved to meet the next side at a convex or concave corner.
fn cage_outline(outline: &Outline, cells: &[Cell], at: impl Fn(Cell) -> (f64, f64)) -> Path {
    let width = outline.width().cast_signed();
    let inside = |row: isize, col: isize| outline.at(row, col).is_some_and(|c| cells.contains(&c));
    let mut path = String::new();
    for &cell in cells {
        let (r, c) = (cell.cast_signed() / width, cell.cast_signed() % width);
        let (x, y) = at(cell);
        // For each side: whether the neighbour across it is outside, and how to draw it.
        // Top and bottom run left to right; left and right run top to bottom.
        for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
            if inside(r + dr, c + dc) {
                continue;
            }
            // The side's two ends: step along it (-1 then +1) and look at the cell beside this
            // one and the one diagonally across the side.
            let along = |step: isize| -> f64 {
                let (sr, sc) = if dr == 0 { (step, 0) } else { (0, step) };
                if !inside(r + sr, c + sc) {
                    INSET
                } else if inside(r + sr + dr, c + sc + dc) {
                    -INSET
                } else {
                    0.0
                }
            };
            let (start, end) = (along(-1), along(1));
            let (x1, y1, x2, y2) = match (dr, dc) {
                (-1, _) => (x + start, y + INSET, x + CELL - end, y + INSET),
                (1, _) => (x + start, y + CELL - INSET, x + CELL - end, y + CELL - INSET),
                (_, -1) => (x + INSET, y + start, x + INSET, y + CELL - end),
                _ => (x + CELL - INSET, y + start, x + CELL - INSET, y + CELL - end),
            };
            let _ = write!(path, "M{} {}L{} {}", num(x1), num(y1), num(x2), num(y2));
        }
    }
    Path::new()
        .set("class", "cage")
        .set("d", path)
        .set("fill", "none")
        .set("stroke", "#303030")
        .set("stroke-width", 1.2)
        .set("stroke-dasharray", "4 3")
}

/// A cage's sum in the top-left corner of the cell at (`x`, `y`), on a white patch.
fn cage_sum(group: Group, (x, y): (f64, f64), sum: u32) -> Group {
    let label = sum.to_string();
    let wide = 3.0 + 6.2 * label.len() as f64;
    let back = Rectangle::new().set("class", "sum-back").set("fill", "white");
    let back = back
        .set("x", num(x + 2.0))
        .set("y", num(y + 2.0))
        .set("width", num(wide))
        .set("height", 11);
    group.add(back).add(text("sum", x + 3.5, y + 11.5, 10.0, label).set("text-anchor", "start"))
}

/// A parity mark: a grey circle for odd, a grey square for even.
fn parity_mark((x, y): (f64, f64), parity: Parity) -> svg::node::element::Element {
    let fill = "#d4d4d4";
    match parity {
        Parity::Odd => Circle::new()
            .set("class", "parity odd")
            .set("cx", num(x + CELL / 2.0))
            .set("cy", num(y + CELL / 2.0))
            .set("r", num(CELL * 0.36))
            .set("fill", fill)
            .into(),
        Parity::Even => square("parity even", x + CELL * 0.16, y + CELL * 0.16, CELL * 0.68)
            .set("fill", fill)
            .into(),
    }
}
