//! A model drawn in characters: a [`Canvas`] of glyphs that `sudoku show` prints as it is
//! and `sudoku play` colours by their ink and shade.
//!
//! Every cell is an interior of `width` × `height` characters, with one character of edge
//! between neighbours. Pieces (boxes, jigsaw pieces) and the edge of the used cells are heavy
//! box-drawing lines, cage boundaries dotted (`┄ ┆`), other edges blank. A cage's sum sits in
//! the top edge of its first cell; relation marks sit on the edge between their cells (`<`
//! `>` `^` `v`, `|` and `-` for consecutive, `o` for a difference of 1, else its number, `V`
//! `X` for sums of 5 and 10); parity shows in an empty cell (`o` odd, `□` even), extra
//! regions as `░` beside the digit; unused cells stay blank.

use super::canvas::{Canvas, CellSize, Content, Ink};
use super::outline::{Edge, Outline};
use crate::grid::{symbol, Cell, Digit, MAX_LINE_SIZE};
use crate::model::{Model, Parity, RelationKind};

/// Box-drawing characters by their arms (up, right, down, left), each 0 (none), 1 (light) or
/// 2 (heavy), at index up·27 + right·9 + down·3 + left.
const JUNCTIONS: &str =
    " ╴╸╷┐┑╻┒┓╶─╾┌┬┭┎┰┱╺╼━┍┮┯┏┲┳╵┘┙│┤┥╽┧┪└┴┵├┼┽┟╁╅┕┶┷┝┾┿┢╆╈╹┚┛╿┦┩┃┨┫┖┸┹┞╀╃┠╂╉┗┺┻┡╄╇┣╊╋";

fn weight(edge: Edge) -> usize {
    match edge {
        Edge::None | Edge::Thin => 0,
        Edge::Cage => 1,
        Edge::Thick => 2,
    }
}

/// The character where four edges meet.
fn junction(up: Edge, right: Edge, down: Edge, left: Edge) -> char {
    let arms = [weight(up), weight(right), weight(down), weight(left)];
    match arms {
        [1, 0, 1, 0] => '┆',
        [0, 1, 0, 1] => '┄',
        [u, r, d, l] => JUNCTIONS.chars().nth(u * 27 + r * 9 + d * 3 + l).unwrap_or(' '),
    }
}

/// Columns a symbol takes: one up to 35 symbols (1-9, A-Z), else its decimal digits.
pub(super) fn symbol_width(symbols: usize) -> usize {
    if symbols <= MAX_LINE_SIZE {
        1
    } else {
        symbols.to_string().len()
    }
}

/// A digit as `sudoku` writes it in a grid of `symbols` symbols.
pub(crate) fn symbol_text(digit: Digit, symbols: usize) -> String {
    if symbols <= MAX_LINE_SIZE {
        symbol(digit).to_string()
    } else {
        digit.to_string()
    }
}

/// Draws `model` with `contents` (one per cell of its rectangle) in cells of `size`.
pub fn text(model: &Model, outline: &Outline, contents: &[Content], size: CellSize) -> Canvas {
    let (iw, ih) = (size.width.max(1), size.height.max(1));
    let (cw, ch) = (iw + 1, ih + 1);
    let (w, h) = (outline.width(), outline.height());
    let mut canvas = Canvas::blank(w * cw + 1, h * ch + 1);
    for row in 0..=h {
        for col in 0..=w {
            let (x, y) = (col * cw, row * ch);
            let up = if row > 0 { outline.vertical(row - 1, col) } else { Edge::None };
            let down = if row < h { outline.vertical(row, col) } else { Edge::None };
            let left = if col > 0 { outline.horizontal(row, col - 1) } else { Edge::None };
            let right = if col < w { outline.horizontal(row, col) } else { Edge::None };
            let glyph = junction(up, right, down, left);
            canvas.put(
                x,
                y,
                glyph,
                if weight(up.max(right).max(down).max(left)) == 2 { Ink::Line } else { Ink::Cage },
            );
            if col < w {
                let (glyph, ink) = line_glyph(right, true);
                for i in 1..=iw {
                    canvas.put(x + i, y, glyph, ink);
                }
            }
            if row < h {
                let (glyph, ink) = line_glyph(down, false);
                for i in 1..=ih {
                    canvas.put(x, y + i, glyph, ink);
                }
            }
        }
    }
    for cell in (0..w * h).filter(|&cell| outline.used(cell)) {
        let (x, y) = ((cell % w) * cw + 1, (cell / w) * ch + 1);
        let mut content = contents.get(cell).copied().unwrap_or_default();
        content.shade.extra |= outline.extra(cell);
        fill_cell(&mut canvas, model, cell, content, (x, y), (iw, ih));
    }
    for (k, cage) in model.cages.iter().enumerate() {
        if let Some(sum) = cage.sum {
            let head = outline.head(k);
            canvas.text((head % w) * cw + 1, (head / w) * ch, &sum.to_string(), Ink::Sum);
        }
    }
    for relation in &model.relations {
        mark(&mut canvas, relation.a, relation.b, relation.kind, w, (cw, ch), (iw, ih));
    }
    canvas
}

/// The character of an edge segment, horizontal or vertical.
fn line_glyph(edge: Edge, horizontal: bool) -> (char, Ink) {
    match (edge, horizontal) {
        (Edge::Thick, true) => ('━', Ink::Line),
        (Edge::Thick, false) => ('┃', Ink::Line),
        (Edge::Cage, true) => ('┄', Ink::Cage),
        (Edge::Cage, false) => ('┆', Ink::Cage),
        _ => (' ', Ink::Blank),
    }
}

/// A cell's interior: markers and shading in its first and last columns, the digit (or the
/// pencil marks, or a parity mark, or `·`) in the middle.
fn fill_cell(
    canvas: &mut Canvas,
    model: &Model,
    cell: Cell,
    content: Content,
    (x, y): (usize, usize),
    (iw, ih): (usize, usize),
) {
    let n = model.symbols;
    let shade = content.shade;
    for dy in 0..ih {
        for dx in 0..iw {
            let glyph = &mut canvas.glyphs[(y + dy) * canvas.width + x + dx];
            glyph.shade = shade;
            if shade.extra {
                glyph.ch = '░';
            }
        }
    }
    let middle = y + (ih - 1) / 2;
    let candidates = model
        .candidates
        .iter()
        .filter(|&&(c, _)| c == cell)
        .fold(u64::MAX, |all, &(_, set)| all & set);
    // A pencilmark puzzle's candidates take the whole width (the cell was made wide enough).
    let spread_out = content.digit.is_none() && content.centre == 0 && candidates != u64::MAX;
    let (text, ink) = match content.digit {
        Some(d) => (symbol_text(d, n), content.ink.unwrap_or(Ink::Placed)),
        None if content.centre != 0 => (digits_of(content.centre, n), Ink::Pencil),
        None if spread_out => (spread(candidates, n), Ink::Pencil),
        None => match model.parity.iter().find(|&&(c, _)| c == cell) {
            Some((_, Parity::Odd)) => ("o".to_owned(), Ink::Parity),
            Some((_, Parity::Even)) => ("□".to_owned(), Ink::Parity),
            None => ("·".to_owned(), Ink::Blank),
        },
    };
    let room = if iw >= 3 && !spread_out { iw - 2 } else { iw };
    let text = fit(&text, room);
    let start = x + (iw - text.chars().count()).div_ceil(2).min(iw);
    canvas.text(start, middle, &text, ink);
    if content.corner != 0 && ih >= 3 {
        canvas.text(x, y, &fit(&digits_of(content.corner, n), iw), Ink::Pencil);
    }
    let marker = if shade.cursor {
        Some(('[', ']'))
    } else if shade.wrong {
        Some(('?', '?'))
    } else if shade.conflict {
        Some(('!', '!'))
    } else if shade.hint {
        Some(('*', '*'))
    } else {
        None
    };
    if let Some((open, close)) = marker {
        canvas.put(x, middle, open, Ink::Marker);
        if iw >= 3 {
            canvas.put(x + iw - 1, middle, close, Ink::Marker);
        }
    }
}

/// The digits of a set of marks, smallest first.
fn digits_of(set: u64, symbols: usize) -> String {
    (1..=symbols.min(64))
        .filter(|d| set >> (d - 1) & 1 == 1)
        .map(|d| symbol_text(d as Digit, symbols))
        .collect()
}

/// The candidates of a pencilmark puzzle, each at its own place (`1··4·····`).
fn spread(set: u64, symbols: usize) -> String {
    (1..=symbols.min(MAX_LINE_SIZE))
        .map(|d| if set >> (d - 1) & 1 == 1 { symbol(d as Digit) } else { '·' })
        .collect()
}

/// `text` in at most `room` characters, `…` in the last when cut.
fn fit(text: &str, room: usize) -> String {
    if text.chars().count() <= room {
        return text.to_owned();
    }
    let mut cut: String = text.chars().take(room.saturating_sub(1)).collect();
    cut.push('…');
    cut
}

/// A relation's mark on the edge between its two cells (nothing when they are not
/// neighbours, or for "not consecutive", which is the absence of a bar).
fn mark(
    canvas: &mut Canvas,
    a: Cell,
    b: Cell,
    kind: RelationKind,
    width: usize,
    (cw, ch): (usize, usize),
    (iw, ih): (usize, usize),
) {
    let (ra, ca, rb, cb) = (a / width, a % width, b / width, b % width);
    let across = ra == rb && ca.abs_diff(cb) == 1;
    let down = ca == cb && ra.abs_diff(rb) == 1;
    if !(across || down) {
        return;
    }
    let first = a == a.min(b);
    let glyph = match kind {
        RelationKind::Less if across => {
            if first {
                '<'
            } else {
                '>'
            }
        }
        RelationKind::Less => {
            if first {
                '^'
            } else {
                'v'
            }
        }
        RelationKind::Consecutive => {
            if across {
                '|'
            } else {
                '-'
            }
        }
        RelationKind::NotConsecutive => return,
        RelationKind::Difference(1) => 'o',
        RelationKind::Difference(k) | RelationKind::Sum(k) if k > 9 && k != 10 => '+',
        RelationKind::Sum(5) => 'V',
        RelationKind::Sum(10) => 'X',
        RelationKind::Difference(k) | RelationKind::Sum(k) => char::from(b'0' + k % 10),
    };
    let (x, y) = if across {
        (ca.max(cb) * cw, ra * ch + 1 + (ih - 1) / 2)
    } else {
        (ca * cw + 1 + (iw - 1) / 2, ra.max(rb) * ch)
    };
    canvas.put(x, y, glyph, Ink::Mark);
}

/// The puzzle as `sudoku show` prints it: its givens (and `solution`'s digits elsewhere, when
/// given) in cells [`CellSize::show`] wide.
pub fn grid_text(model: &Model, solution: Option<&[Option<Digit>]>) -> String {
    let outline = Outline::new(model);
    let contents = Content::of_puzzle(model, solution);
    text(model, &outline, &contents, CellSize::show(model)).to_string()
}
