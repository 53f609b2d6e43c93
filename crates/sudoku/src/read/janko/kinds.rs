//! One reader per kind of janko.at problem: the token rows after the header (docs/formats.md,
//! "`janko_puzzlekit`") into a [`Model`].

use super::text::Text;
use crate::error::VariantError;
use crate::grid::Cell;
use crate::model::{Cage, Layout, Model, Parity, Relation, RelationKind};
use crate::variant::Variant;

/// The side N of a square problem of `per_side` × N + `extra` rows (2N for a killer: sums,
/// then cage ids), its rows checked.
fn square(text: &Text, per_side: usize, extra: usize) -> Result<usize, String> {
    let n = text.rows;
    if text.cols != n {
        return Err(format!("problem header '{} {}' is not a square", text.rows, text.cols));
    }
    text.expect_rows(per_side * n + extra, false)?;
    Ok(n)
}

/// A model of `variant`'s regions with the givens of the N rows starting at row `first`.
fn with_givens(
    text: &Text,
    variant: Result<Variant, VariantError>,
    first: usize,
) -> Result<Model, String> {
    let variant = variant.map_err(|e| format!("problem: {e}"))?;
    let mut model = Model::from_variant(&variant);
    let n = model.width;
    for row in 0..n {
        for col in 0..n {
            model.givens[row * n + col] = text.digit(first + row, col, n)?;
        }
    }
    Ok(model)
}

/// The cells of the N rows starting at row `first`, grouped by token in order of first
/// appearance (ids are opaque: a killer's may be 7..40, a jigsaw's skip one).
fn groups<'t>(text: &Text<'t>, first: usize) -> Vec<(&'t str, Vec<Cell>)> {
    let n = text.cols;
    let mut groups: Vec<(&str, Vec<Cell>)> = Vec::new();
    for cell in 0..n * n {
        let token = text.token(first + cell / n, cell % n);
        match groups.iter_mut().find(|(id, _)| *id == token) {
            Some((_, cells)) => cells.push(cell),
            None => groups.push((token, vec![cell])),
        }
    }
    groups
}

/// Plain sudoku: N rows of givens, standard boxes.
pub(super) fn sudoku(text: &Text) -> Result<Model, String> {
    let n = square(text, 1, 0)?;
    with_givens(text, Variant::standard(n), 0)
}

/// Jigsaw: N rows of givens, then N rows of region ids; `x` adds both diagonals.
pub(super) fn jigsaw(text: &Text, x: bool) -> Result<Model, String> {
    let n = square(text, 2, 0)?;
    let pieces = groups(text, n).into_iter().map(|(_, cells)| cells).collect();
    let variant = Variant::jigsaw_pieces(n, pieces)
        .map_err(|e| format!("problem rows {}-{} (regions): {e}", n + 1, 2 * n))?;
    let variant = if x { variant.with_diagonals() } else { Ok(variant) };
    with_givens(text, variant, 0)
}

/// Killer: N rows holding each cage's sum in one of its cells (`-` elsewhere), then N rows of
/// cage ids; no givens; `x` adds both diagonals.
pub(super) fn killer(text: &Text, x: bool) -> Result<Model, String> {
    let n = square(text, 2, 0)?;
    let mut variant = Variant::standard(n).map_err(|e| format!("problem: {e}"))?;
    if x {
        variant = variant.with_diagonals().map_err(|e| format!("problem: {e}"))?;
    }
    let mut model = Model::from_variant(&variant);
    for (id, cells) in groups(text, n) {
        let mut sum = None;
        for &cell in &cells {
            let (row, col) = (cell / n, cell % n);
            if let Some(found) = text.number(row, col)? {
                if sum.is_some() {
                    return Err(text.error(row, col, &format!("a second sum for cage '{id}'")));
                }
                sum = Some(found);
            }
        }
        if sum.is_none() {
            let (row, col) = (n + cells[0] / n, cells[0] % n);
            return Err(text.error(row, col, &format!("cage '{id}' has no sum")));
        }
        model.cages.push(Cage { cells, sum });
    }
    Ok(model)
}

/// Consecutive: N rows of givens, then N rows of bar masks (1 right, 2 down, 4 left, 8 up).
/// The rows and columns are the only regions (a Latin square); a bar makes its two cells
/// consecutive and every unbarred neighbour pair is not consecutive. Each bar is marked on
/// both of its cells; the two marks must agree.
pub(super) fn consecutive(text: &Text) -> Result<Model, String> {
    let n = square(text, 2, 0)?;
    let mut model = with_givens(text, Variant::latin(n), 0)?;
    let mut masks = Vec::with_capacity(n * n);
    for cell in 0..n * n {
        let (row, col) = (n + cell / n, cell % n);
        match text.number(row, col)? {
            Some(mask) if mask < 16 => masks.push(mask),
            _ => {
                let token = text.token(row, col);
                return Err(text.error(row, col, &format!("'{token}' is not a bar mask 0..15")));
            }
        }
    }
    let (right, down, left, up) = (1, 2, 4, 8);
    for cell in 0..n * n {
        let (row, col) = (cell / n, cell % n);
        let mark = |bit: u32| masks[cell] & bit != 0;
        let place = |why: &str| text.error(n + row, col, why);
        if (mark(right) && col + 1 == n) || (mark(left) && col == 0) {
            return Err(place("a bar points off the grid"));
        }
        if (mark(down) && row + 1 == n) || (mark(up) && row == 0) {
            return Err(place("a bar points off the grid"));
        }
        let mut pair = |other: Cell, bit: u32, back: u32, side: &str| {
            if mark(bit) != (masks[other] & back != 0) {
                return Err(place(&format!("the bar {side} is not marked on the other cell")));
            }
            let kind =
                if mark(bit) { RelationKind::Consecutive } else { RelationKind::NotConsecutive };
            model.relations.push(Relation { a: cell, b: other, kind });
            Ok(())
        };
        if col + 1 < n {
            pair(cell + 1, right, left, "to the right")?;
        }
        if row + 1 < n {
            pair(cell + n, down, up, "below")?;
        }
    }
    Ok(model)
}

/// Even-odd: N rows of a given digit, `E` (even), `O` (odd) or `-` per cell; standard boxes.
pub(super) fn even_odd(text: &Text) -> Result<Model, String> {
    let n = square(text, 1, 0)?;
    let mut model =
        Model::from_variant(&Variant::standard(n).map_err(|e| format!("problem: {e}"))?);
    for cell in 0..n * n {
        let (row, col) = (cell / n, cell % n);
        match text.token(row, col) {
            "E" => model.parity.push((cell, Parity::Even)),
            "O" => model.parity.push((cell, Parity::Odd)),
            token => {
                model.givens[cell] = text.digit(row, col, n).map_err(|_| {
                    text.error(
                        row,
                        col,
                        &format!("'{token}' is not a digit 1..{n}, 'E', 'O' or '-'"),
                    )
                })?;
            }
        }
    }
    Ok(model)
}

/// Margin (edge sums): 4 rows of 9 clues (top, bottom, left, right; `-` for none), each the sum
/// of the three cells nearest its edge in its column or row, then 9 rows of givens.
pub(super) fn margin(text: &Text) -> Result<Model, String> {
    let n = square(text, 1, 4)?;
    if n != 9 {
        return Err(format!("problem header '{n} {n}': margin sudoku is 9 9"));
    }
    let mut model = with_givens(text, Variant::standard(9), 4)?;
    let at = |row: usize, col: usize| row * 9 + col;
    for side in 0..4 {
        for i in 0..9 {
            let Some(sum) = text.number(side, i)? else { continue };
            let cells = (0..3)
                .map(|k| match side {
                    0 => at(k, i),
                    1 => at(8 - k, i),
                    2 => at(i, k),
                    _ => at(i, 8 - k),
                })
                .collect();
            model.cages.push(Cage { cells, sum: Some(sum) });
        }
    }
    Ok(model)
}

/// A multi-grid puzzle of `layout`: its rectangle's rows of givens, `-` for blank and unused
/// cells alike (the layout says which are used); a given on an unused cell is an error.
pub(super) fn multi(text: &Text, layout: Layout) -> Result<Model, String> {
    let (rows, cols) = layout.shape();
    if (text.rows, text.cols) != (rows, cols) {
        let found = format!("{} {}", text.rows, text.cols);
        return Err(format!("problem header '{found}': a {layout} is '{rows} {cols}'"));
    }
    text.expect_rows(rows, false)?;
    let mut model = layout.model();
    for cell in 0..rows * cols {
        let (row, col) = (cell / cols, cell % cols);
        let given = text.digit(row, col, 9)?;
        if given.is_some() && !model.used[cell] {
            return Err(text.error(row, col, &format!("a given outside the {layout}'s grids")));
        }
        model.givens[cell] = given;
    }
    Ok(model)
}
