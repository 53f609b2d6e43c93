//! A model drawn in characters: a [`Canvas`] of glyphs that `sudoku show` prints as it is
//! and `sudoku play` colours by their ink and shade.
//!
//! Every cell is an interior of `width` × `height` characters, with one character of edge
//! between neighbours. Pieces (boxes, jigsaw pieces) and the edge of the used cells are heavy
//! box-drawing lines, cage boundaries dotted (`┄ ┆`), other edges blank. A cage's sum sits in
//! the top edge of its first cell; relation marks sit on the edge between their cells (`<`
//! `>` `^` `v`, `|` and `-` for consecutive, `o` for a difference of 1, else its number, `V`
//! `X` for sums of 5 and 10, `●` for a ratio, a black Kropki dot); lines as paths of `-` `|`
//! `\` `/` from cell to cell with their circles and bulbs (`text/lines.rs`), and in words in a
//! legend; parity shows in an empty cell (`o` odd, `□` even), extra
//! regions as `░` beside the digit; unused cells stay blank. A cell shows its digit, or its
//! pencil marks where a player puts them (`cell.rs`). A compact drawing ([`CellSize::compact`])
//! leaves out the lines between rows of cells that show nothing, so that cells two rows tall,
//! with room for every pencil mark, fit a small terminal.

mod lines;

pub use self::lines::legend;

use super::canvas::{Canvas, CellSize, Content, Ink};
use super::cell;
use super::outline::{Edge, Outline};
use crate::grid::{symbol, Digit, MAX_LINE_SIZE};
use crate::model::{Constraints, Model, Relation, RelationKind};

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
    let cw = iw + 1;
    let (w, h) = (outline.width(), outline.height());
    // The line above each row of cells (and below the last), where one is drawn.
    let mut lines: Vec<Option<usize>> = Vec::with_capacity(h + 1);
    let mut tops = Vec::with_capacity(h);
    let mut y = 0;
    for row in 0..=h {
        let blank = size.compact && row > 0 && row < h && blank_line(model, outline, row);
        lines.push((!blank).then_some(y));
        y += usize::from(!blank);
        if row < h {
            tops.push(y);
            y += ih;
        }
    }
    let mut canvas = Canvas::blank(w * cw + 1, y);
    canvas.geometry.tops.clone_from(&tops);
    canvas.geometry.cell_width = cw;
    for row in 0..=h {
        for col in 0..=w {
            let x = col * cw;
            let up = if row > 0 { outline.vertical(row - 1, col) } else { Edge::None };
            let down = if row < h { outline.vertical(row, col) } else { Edge::None };
            let left = if col > 0 { outline.horizontal(row, col - 1) } else { Edge::None };
            let right = if col < w { outline.horizontal(row, col) } else { Edge::None };
            if let Some(y) = lines[row] {
                let strongest = weight(up.max(right).max(down).max(left));
                let ink = if strongest == 2 { Ink::Line } else { Ink::Cage };
                canvas.put(x, y, junction(up, right, down, left), ink);
                if col < w {
                    let (glyph, ink) = line_glyph(right, true);
                    for i in 1..=iw {
                        canvas.put(x + i, y, glyph, ink);
                    }
                }
            }
            if row < h {
                let (glyph, ink) = line_glyph(down, false);
                for i in 0..ih {
                    canvas.put(x, tops[row] + i, glyph, ink);
                }
            }
        }
    }
    for cell in (0..w * h).filter(|&cell| outline.used(cell)) {
        let (x, y) = ((cell % w) * cw + 1, tops[cell / w]);
        let mut content = contents.get(cell).copied().unwrap_or_default();
        content.shade.extra |= outline.extra(cell);
        cell::fill(&mut canvas, model, cell, content, (x, y), (iw, ih));
    }
    for list in model.constraints() {
        match list {
            Constraints::Cages(cages) => {
                for (k, cage) in cages.iter().enumerate() {
                    if let Some(sum) = cage.sum {
                        let head = outline.head(k);
                        let y = lines[head / w].unwrap_or(tops[head / w]);
                        canvas.text((head % w) * cw + 1, y, &sum.to_string(), Ink::Sum);
                    }
                }
            }
            Constraints::Relations(relations) => {
                for relation in relations {
                    mark(&mut canvas, relation, w, (&lines, &tops), (iw, ih));
                }
            }
            Constraints::Lines(_) => {
                let frame =
                    self::lines::Frame { width: w, lines: &lines, tops: &tops, inner: (iw, ih) };
                self::lines::draw(&mut canvas, model, &frame);
            }
            // Inside their cells (`cell.rs`).
            Constraints::Parity(_) | Constraints::Candidates(_) => {}
        }
    }
    canvas
}

/// Whether the line above row `row` of cells shows nothing (every edge along it thin or
/// none, no relation mark or line crossing it), so that a compact drawing may leave it out.
fn blank_line(model: &Model, outline: &Outline, row: usize) -> bool {
    let w = outline.width();
    let thin = (0..w).all(|col| matches!(outline.horizontal(row, col), Edge::None | Edge::Thin));
    let marked = model.constraints().into_iter().any(|list| match list {
        Constraints::Relations(relations) => relations.iter().any(|relation| {
            let (a, b) = (relation.a.min(relation.b), relation.a.max(relation.b));
            b == a + w && b / w == row
        }),
        Constraints::Lines(_) => self::lines::crosses(model, row),
        // A cage's edges show on the line already (not thin); the others are inside cells.
        Constraints::Cages(_) | Constraints::Parity(_) | Constraints::Candidates(_) => false,
    });
    thin && !marked
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

/// A relation's mark on the edge between its two cells (nothing when they are not
/// neighbours, or for "not consecutive", which is the absence of a bar).
fn mark(
    canvas: &mut Canvas,
    relation: &Relation,
    width: usize,
    (lines, tops): (&[Option<usize>], &[usize]),
    (iw, ih): (usize, usize),
) {
    let (a, b, kind) = (relation.a, relation.b, relation.kind);
    let cw = iw + 1;
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
        // No mark: rules of the whole grid (all dots given, chess moves), lines not drawn yet.
        RelationKind::NotConsecutive
        | RelationKind::Different
        | RelationKind::NotDifference(_)
        | RelationKind::NotSum(_)
        | RelationKind::NotRatio(_)
        | RelationKind::Equal
        | RelationKind::Apart(_)
        | RelationKind::AtMost
        | RelationKind::Indexes(..) => return,
        RelationKind::Difference(1) => 'o',
        // A black dot, whatever its factor (the SVG writes a factor other than 2 in it).
        RelationKind::Ratio(_) => '●',
        RelationKind::Difference(k) | RelationKind::Sum(k) if k > 9 && k != 10 => '+',
        RelationKind::Sum(5) => 'V',
        RelationKind::Sum(10) => 'X',
        RelationKind::Difference(k) | RelationKind::Sum(k) => char::from(b'0' + k % 10),
    };
    let (x, y) = if across {
        (ca.max(cb) * cw, tops[ra] + (ih - 1) / 2)
    } else {
        let row = ra.max(rb);
        (ca * cw + 1 + (iw - 1) / 2, lines[row].unwrap_or(tops[row]))
    };
    canvas.put(x, y, glyph, Ink::Mark);
}

/// The puzzle as `sudoku show` prints it: its givens (and `solution`'s digits elsewhere, when
/// given) in cells [`CellSize::show`] wide, and under the grid its lines in words, one a
/// line ([`legend`]).
pub fn grid_text(model: &Model, solution: Option<&[Option<Digit>]>) -> String {
    let outline = Outline::new(model);
    let contents = Content::of_puzzle(model, solution);
    let mut out = text(model, &outline, &contents, CellSize::show(model)).to_string();
    for words in legend(model) {
        out.push_str(&words);
        out.push('\n');
    }
    out
}
