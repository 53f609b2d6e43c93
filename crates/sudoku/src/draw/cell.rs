//! One cell's interior in characters: its digit in the middle, or its pencil marks as a
//! player lays them out (corner marks in the corners, first top-left, then top-right,
//! bottom-left, bottom-right, then inwards; centre marks in a block in the middle, a blank
//! column apart from the corner marks, on as many rows as they need), or a parity mark, or
//! `·`; the markers of a highlighted cell (`[ ]`, `! !`, `* *`, `? ?`) at both ends of its
//! middle row, or, when a corner mark stands there, on the edges at its sides, so that they
//! never hide a mark.

use super::canvas::{Canvas, Content, Ink};
use super::text::symbol_text;
use crate::grid::{symbol, Cell, Digit, MAX_LINE_SIZE};
use crate::model::{Constraints, Model, Parity};

/// Draws `content` into the interior of `iw` × `ih` characters at (`x`, `y`).
pub(super) fn fill(
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
    let mut markers_inside = true;
    let (candidates, parity) = own_marks(model, cell);
    let marked = content.centre != 0 || content.corner != 0;
    // A pencilmark puzzle's candidates take the whole width (the cell was made wide enough).
    let spread_out = content.digit.is_none() && !marked && candidates != u64::MAX;
    let single = n <= MAX_LINE_SIZE;
    let (text, ink) = match content.digit {
        Some(d) => (symbol_text(d, n), content.ink.unwrap_or(Ink::Placed)),
        None if marked && single && iw >= 5 => {
            for (dx, dy, ch) in marks(content.corner, content.centre, n, (iw, ih)) {
                canvas.put(x + dx, y + dy, ch, Ink::Pencil);
                markers_inside &= y + dy != middle || (dx != 0 && dx != iw - 1);
            }
            (String::new(), Ink::Pencil)
        }
        // Narrow cells (or numbers for symbols): the centre marks, else the corner marks,
        // cut to fit; the title of `sudoku play` lists the cursor cell's whole.
        None if content.centre != 0 => (digits_of(content.centre, n), Ink::Pencil),
        None if content.corner != 0 => (digits_of(content.corner, n), Ink::Pencil),
        None if spread_out => (spread(candidates, n), Ink::Pencil),
        None => match parity {
            Some(Parity::Odd) => ("o".to_owned(), Ink::Parity),
            Some(Parity::Even) => ("□".to_owned(), Ink::Parity),
            None => ("·".to_owned(), Ink::Blank),
        },
    };
    let room = if iw >= 3 && !spread_out && markers_inside { iw - 2 } else { iw };
    let text = fit(&text, room);
    let start = x + (iw - text.chars().count()).div_ceil(2).min(iw);
    canvas.text(start, middle, &text, ink);
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
        if markers_inside {
            canvas.put(x, middle, open, Ink::Marker);
            if iw >= 3 {
                canvas.put(x + iw - 1, middle, close, Ink::Marker);
            }
        } else {
            canvas.put(x - 1, middle, open, Ink::Marker);
            canvas.put(x + iw, middle, close, Ink::Marker);
        }
    }
}

/// Where each pencil mark goes in an interior of `iw` (at least 5) × `ih` characters, as
/// (column, row, symbol): see the module's notes. When there are more marks than places, the
/// last place shows `…`.
pub(super) fn marks(
    corner: u64,
    centre: u64,
    n: usize,
    (iw, ih): (usize, usize),
) -> Vec<(usize, usize, char)> {
    let symbols = |set: u64| -> Vec<char> {
        (1..=n.min(MAX_LINE_SIZE))
            .filter(|d| set >> (d - 1) & 1 == 1)
            .map(|d| symbol(d as Digit))
            .collect()
    };
    let (corner, centre) = (symbols(corner), symbols(centre));
    let (top, bottom) = (0, ih - 1);
    // The corners first, then one column in on the top and bottom rows.
    let mut places = vec![(0, top), (iw - 1, top), (0, bottom), (iw - 1, bottom)];
    places.extend([(1, top), (iw - 2, top), (1, bottom), (iw - 2, bottom)]);
    let mut seen = Vec::new();
    places.retain(|place| {
        let new = !seen.contains(place);
        seen.push(*place);
        new
    });
    let mut out = place_all(&corner, &places);
    // The centre block: a blank column apart from the corner marks (and from the markers of
    // the middle row when they stand inside the cell).
    let inner = usize::from(out.iter().any(|&(dx, ..)| dx == 1 || dx == iw - 2));
    let (left, right) = if corner.is_empty() { (1, iw - 2) } else { (2 + inner, iw - 3 - inner) };
    if centre.is_empty() || left > right {
        return out;
    }
    let width = right - left + 1;
    let rows = centre.len().div_ceil(width).min(ih);
    let per_row = centre.len().div_ceil(rows).min(width);
    let first_row = (ih - rows) / 2;
    let mut block = Vec::new();
    for row in 0..rows {
        let count = per_row.min(centre.len().saturating_sub(row * per_row));
        let start = left + (width - count) / 2;
        block.extend((0..count).map(|k| (start + k, first_row + row)));
    }
    out.extend(place_all(&centre, &block));
    out
}

/// `marks` in `places`, in order; `…` in the last place when they do not all fit.
fn place_all(marks: &[char], places: &[(usize, usize)]) -> Vec<(usize, usize, char)> {
    let mut out: Vec<(usize, usize, char)> =
        marks.iter().zip(places).map(|(&ch, &(dx, dy))| (dx, dy, ch)).collect();
    if marks.len() > places.len() {
        if let Some(last) = out.last_mut() {
            last.2 = '…';
        }
    }
    out
}

/// The digits of a set of marks, smallest first.
fn digits_of(set: u64, symbols: usize) -> String {
    (1..=symbols.min(64))
        .filter(|d| set >> (d - 1) & 1 == 1)
        .map(|d| symbol_text(d as Digit, symbols))
        .collect()
}

/// The marks the model puts in `cell` itself: its candidates (every digit when it has no
/// set) and its parity.
fn own_marks(model: &Model, cell: Cell) -> (u64, Option<Parity>) {
    let (mut candidates, mut parity) = (u64::MAX, None);
    for list in model.constraints() {
        match list {
            // Drawn on the edges between cells and on the outline (`text.rs`, `outline.rs`).
            Constraints::Cages(_) | Constraints::Relations(_) | Constraints::Lines(_) => {}
            Constraints::Parity(marks) => {
                parity = marks.iter().find(|&&(c, _)| c == cell).map(|&(_, parity)| parity);
            }
            Constraints::Candidates(sets) => {
                let own = sets.iter().filter(|&&(c, _)| c == cell);
                candidates = own.fold(candidates, |all, &(_, set)| all & set);
            }
        }
    }
    (candidates, parity)
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

#[cfg(test)]
mod tests {
    use super::marks;

    /// The interior of a cell with these marks, as rows of characters.
    fn cell(corner: &[u8], centre: &[u8], (iw, ih): (usize, usize)) -> Vec<String> {
        let set = |ds: &[u8]| ds.iter().fold(0u64, |s, &d| s | 1 << (d - 1));
        let mut rows = vec![vec![' '; iw]; ih];
        for (dx, dy, ch) in marks(set(corner), set(centre), 9, (iw, ih)) {
            assert_eq!(rows[dy][dx], ' ', "two marks at ({dx}, {dy})");
            rows[dy][dx] = ch;
        }
        rows.into_iter().map(|row| row.into_iter().collect()).collect()
    }

    #[test]
    fn every_mark_of_a_9x9_has_its_place_in_a_cell_of_7x2() {
        assert_eq!(cell(&[], &[1, 2, 3, 4, 5, 6, 7, 8, 9], (7, 2)), [" 12345 ", " 6789  "]);
        assert_eq!(cell(&[1, 2, 3, 4], &[5, 6], (7, 2)), ["1 56  2", "3     4"]);
        assert_eq!(cell(&[1, 9], &[2, 3, 4, 5, 6, 7], (7, 2)), ["1 234 9", "  567  "]);
        assert_eq!(cell(&[5], &[], (7, 2)), ["5      ", "       "]);
        assert_eq!(cell(&[], &[5], (7, 2)), ["   5   ", "       "]);
    }

    #[test]
    fn a_cell_of_7x3_holds_nine_centre_marks_beside_corner_marks() {
        let all = [1, 2, 3, 4, 5, 6, 7, 8, 9];
        assert_eq!(cell(&[1, 2, 3, 4], &all, (7, 3)), ["1 123 2", "  456  ", "3 789 4"]);
        assert_eq!(cell(&[], &[4, 6], (7, 3)), ["       ", "  46   ", "       "]);
        // Eight corner marks leave the middle column.
        let eight = cell(&[1, 2, 3, 4, 5, 6, 7, 8], &[9], (7, 3));
        assert_eq!(eight, ["15   62", "   9   ", "37   84"]);
    }

    #[test]
    fn more_marks_than_places_end_in_an_ellipsis() {
        let all = [1, 2, 3, 4, 5, 6, 7, 8, 9];
        assert_eq!(cell(&all, &[], (7, 1)), ["13   …2"]);
        assert_eq!(cell(&[], &all, (7, 1)), [" 1234… "]);
    }
}
