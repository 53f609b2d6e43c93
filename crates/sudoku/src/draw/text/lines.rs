//! The lines of a model (`Model::lines`) in characters, in plain ASCII so that they read the
//! same on any terminal and in any font:
//! - a path through the cells of a line, one step at a time: `-` on the blanks between two
//!   digits of a row (and on the edge between them), `|` on the edge between two digits of a
//!   column (and the blanks above and below a digit in a taller cell), `\` and `/` on the
//!   corner between two diagonal neighbours;
//! - an arrow's circle (or pill) as `(9)` around each of its digits, and its head, `>` `<` `v`
//!   `^`, on its last step; a thermometer's bulb as `{5}`; the ends of a double arrow or a
//!   between line as `(` `)`, of a lockout line as `<` `>`;
//! - a quadruple's digits on the corner it sits on.
//!
//! A clone and the clues outside the grid (little killer, sandwich, x-sum, skyscraper) have
//! no path: they, and every other line, are said in words in the legend ([`legend`]), which
//! `sudoku show` prints under the grid and `sudoku play` beside or under it.

use super::super::canvas::{Canvas, Ink};
use crate::model::{Line, LineKind, Model};

/// Where the rows and columns of cells are on the canvas.
pub(super) struct Frame<'a> {
    /// The model's width in cells.
    pub(super) width: usize,
    /// The row of the edge line above each row of cells (and below the last), where drawn.
    pub(super) lines: &'a [Option<usize>],
    /// The first row of each row of cells.
    pub(super) tops: &'a [usize],
    /// A cell's interior, columns and rows.
    pub(super) inner: (usize, usize),
}

impl Frame<'_> {
    /// The column and row of the middle of cell `cell`'s interior (where its digit is).
    fn middle(&self, cell: usize) -> (usize, usize) {
        let (iw, ih) = self.inner;
        let (r, c) = (cell / self.width, cell % self.width);
        (c * (iw + 1) + 1 + (iw - 1) / 2, self.tops[r] + (ih - 1) / 2)
    }
}

/// Draws every line of `model` that has a picture (see the module's notes).
pub(super) fn draw(canvas: &mut Canvas, model: &Model, frame: &Frame<'_>) {
    // The ends first, then the paths between them, which leave what is drawn alone.
    for line in &model.lines {
        ends(canvas, line, frame);
    }
    for line in &model.lines {
        if has_path(&line.kind) {
            path(canvas, line, frame);
        }
    }
}

/// Whether the kind is drawn as a path through its cells.
fn has_path(kind: &LineKind) -> bool {
    match kind {
        LineKind::Clone
        | LineKind::Quadruple(_)
        | LineKind::LittleKiller(_)
        | LineKind::Sandwich(_)
        | LineKind::XSum(_)
        | LineKind::Skyscraper(_) => false,
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
        | LineKind::Thermometer
        | LineKind::SlowThermometer
        | LineKind::Whispers(_)
        | LineKind::Palindrome => true,
    }
}

/// Whether the glyph at (`x`, `y`) shows nothing a line may not draw over: a blank, an extra
/// region's shade, or an edge between cells (not a digit, a mark, a sum, a marker).
fn free(canvas: &Canvas, x: usize, y: usize) -> bool {
    if x >= canvas.width() || y >= canvas.height() {
        return false;
    }
    let glyph = canvas.get(x, y);
    match glyph.ink {
        Ink::Blank => matches!(glyph.ch, ' ' | '░'),
        Ink::Line | Ink::Cage => true,
        _ => false,
    }
}

/// Puts `ch` at (`x`, `y`) where that is [`free`].
fn trace(canvas: &mut Canvas, x: usize, y: usize, ch: char) {
    if free(canvas, x, y) {
        canvas.put(x, y, ch, Ink::Trace);
    }
}

/// A circle, a bulb or an end: `open` and `close` on either side of the cell's digit.
fn brackets(canvas: &mut Canvas, frame: &Frame<'_>, cell: usize, (open, close): (char, char)) {
    let (iw, _) = frame.inner;
    if iw < 3 {
        return;
    }
    let (x, y) = frame.middle(cell);
    trace(canvas, x - 1, y, open);
    trace(canvas, x + 1, y, close);
}

/// The marks of a line's special cells: circles, bulbs, ends, a quadruple's digits.
fn ends(canvas: &mut Canvas, line: &Line, frame: &Frame<'_>) {
    let cells = &line.cells;
    let (first, last) = (cells[0], cells[cells.len() - 1]);
    match &line.kind {
        LineKind::Arrow { circle } => {
            for &cell in &cells[..(*circle).min(cells.len())] {
                brackets(canvas, frame, cell, ('(', ')'));
            }
        }
        LineKind::Thermometer | LineKind::SlowThermometer => {
            brackets(canvas, frame, first, ('{', '}'));
        }
        LineKind::DoubleArrow | LineKind::Between => {
            for cell in [first, last] {
                brackets(canvas, frame, cell, ('(', ')'));
            }
        }
        LineKind::Lockout(_) => {
            for cell in [first, last] {
                brackets(canvas, frame, cell, ('<', '>'));
            }
        }
        LineKind::Quadruple(digits) => {
            let Some((r, c)) = corner(cells, frame.width, frame.tops.len()) else { return };
            let Some(y) = frame.lines.get(r).copied().flatten() else { return };
            let text: String = digits.iter().map(|&d| super::symbol_text(d, 35)).collect();
            let x = (c * (frame.inner.0 + 1)).saturating_sub(text.len() / 2);
            for (k, ch) in text.chars().enumerate() {
                if x + k < canvas.width() && canvas.get(x + k, y).ink != Ink::Mark {
                    canvas.put(x + k, y, ch, Ink::Trace);
                }
            }
        }
        LineKind::LittleKiller(_)
        | LineKind::Sandwich(_)
        | LineKind::XSum(_)
        | LineKind::Skyscraper(_)
        | LineKind::Renban
        | LineKind::RegionSum
        | LineKind::Zipper
        | LineKind::Entropic
        | LineKind::Modular
        | LineKind::Nabner
        | LineKind::Whispers(_)
        | LineKind::Palindrome
        | LineKind::Clone => {}
    }
}

/// The corner (row and column of the lines between cells, from 0) that every cell of
/// `cells` touches: on the grid's border when several (a quadruple of two cells at the edge).
fn corner(cells: &[usize], width: usize, height: usize) -> Option<(usize, usize)> {
    let touches = |cell: usize, (r, c): (usize, usize)| {
        (cell / width..=cell / width + 1).contains(&r)
            && (cell % width..=cell % width + 1).contains(&c)
    };
    let first = *cells.first()?;
    let (r, c) = (first / width, first % width);
    let shared: Vec<(usize, usize)> = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
        .into_iter()
        .filter(|&point| cells.iter().all(|&cell| touches(cell, point)))
        .collect();
    let border = |&(r, c): &(usize, usize)| r == 0 || r == height || c == 0 || c == width;
    shared.iter().find(|point| border(point)).or(shared.first()).copied()
}

/// The path of a line from cell to cell; an arrow's last step carries its head.
fn path(canvas: &mut Canvas, line: &Line, frame: &Frame<'_>) {
    let (iw, _) = frame.inner;
    let width = frame.width;
    let start = match line.kind {
        LineKind::Arrow { circle } => circle.clamp(1, line.cells.len()) - 1,
        _ => 0,
    };
    let steps = line.cells[start..].windows(2);
    let count = steps.len();
    for (k, pair) in steps.enumerate() {
        let (from_cell, to_cell) = (pair[0], pair[1]);
        let head = matches!(line.kind, LineKind::Arrow { .. }) && k + 1 == count;
        let (ra, ca) = (from_cell / width, from_cell % width);
        let (rb, cb) = (to_cell / width, to_cell % width);
        let ((xa, ya), (xb, yb)) = (frame.middle(from_cell), frame.middle(to_cell));
        if ra == rb && ca.abs_diff(cb) == 1 {
            // Across: the blanks from one digit to the other, the edge between; the head
            // first, beside the last digit.
            if head {
                let (x, ch) = if cb > ca { (xb - 1, '>') } else { (xb + 1, '<') };
                trace(canvas, x, yb, ch);
            }
            let (from, to) = (xa.min(xb) + 1, xa.max(xb));
            for x in from..to {
                trace(canvas, x, ya, '-');
            }
        } else if ca == cb && ra.abs_diff(rb) == 1 {
            // Down or up: the blanks of the taller cells and the edge line between.
            let (from, to) = (ya.min(yb) + 1, ya.max(yb));
            let edge = frame.lines[ra.max(rb)];
            for y in from..to {
                let ch = if head && Some(y) == edge {
                    if rb > ra {
                        'v'
                    } else {
                        '^'
                    }
                } else {
                    '|'
                };
                trace(canvas, xa, y, ch);
            }
        } else if ca.abs_diff(cb) == 1 && ra.abs_diff(rb) == 1 {
            // Diagonal: the corner between the two cells.
            let Some(row) = frame.lines[ra.max(rb)] else { continue };
            let column = ca.max(cb) * (iw + 1);
            let falling = (rb > ra) == (cb > ca);
            let ch = match (head, rb > ra) {
                (true, true) => 'v',
                (true, false) => '^',
                (false, _) if falling => '\\',
                (false, _) => '/',
            };
            trace(canvas, column, row, ch);
        }
        // Cells further apart are joined in the legend only.
    }
}

/// Each line of `model` in words, one a line, its cells named as the checker names them:
/// `arrow (r1c1) -> r2c2 r3c3`, `thermometer r2c3 r3c3 r4c3`, `clone r1c1 r1c2 = r5c5 r5c6`,
/// `sandwich 12 r1c3-r9c3` (a clue outside the grid: the row or column, or the diagonal, from
/// the clue), `quadruple of 1,2 at r4c4 r4c5 r5c4 r5c5`.
pub fn legend(model: &Model) -> Vec<String> {
    model.lines.iter().map(|line| words(model, line)).collect()
}

/// One line in words (see [`legend`]).
fn words(model: &Model, line: &Line) -> String {
    let names = |cells: &[usize]| -> String {
        cells.iter().map(|&c| model.cell_name(c)).collect::<Vec<_>>().join(" ")
    };
    let cells = &line.cells;
    let (first, last) = (model.cell_name(cells[0]), model.cell_name(cells[cells.len() - 1]));
    match &line.kind {
        LineKind::Arrow { circle } => {
            let circle = (*circle).min(cells.len());
            format!("arrow ({}) -> {}", names(&cells[..circle]), names(&cells[circle..]))
        }
        LineKind::Clone => {
            let (one, other) = cells.split_at(cells.len() / 2);
            format!("clone {} = {}", names(one), names(other))
        }
        LineKind::Quadruple(_) => format!("{} at {}", line.kind, names(cells)),
        LineKind::LittleKiller(_)
        | LineKind::Sandwich(_)
        | LineKind::XSum(_)
        | LineKind::Skyscraper(_) => format!("{} {first}-{last}", line.kind),
        LineKind::DoubleArrow
        | LineKind::Renban
        | LineKind::Between
        | LineKind::Lockout(_)
        | LineKind::RegionSum
        | LineKind::Zipper
        | LineKind::Entropic
        | LineKind::Modular
        | LineKind::Nabner
        | LineKind::Thermometer
        | LineKind::SlowThermometer
        | LineKind::Whispers(_)
        | LineKind::Palindrome => format!("{} {}", line.kind, names(cells)),
    }
}

/// Whether a line draws on the edge line above row `row` of cells (a path crossing it, a
/// quadruple's digits on it), so that a compact drawing keeps that line.
pub(super) fn crosses(model: &Model, row: usize) -> bool {
    let (w, h) = (model.width.max(1), model.height);
    model.lines.iter().any(|line| match &line.kind {
        LineKind::Quadruple(_) => corner(&line.cells, w, h).is_some_and(|(r, _)| r == row),
        kind if has_path(kind) => line.cells.windows(2).any(|pair| {
            let (ra, rb) = (pair[0] / w, pair[1] / w);
            ra.abs_diff(rb) == 1 && ra.max(rb) == row
        }),
        _ => false,
    })
}
