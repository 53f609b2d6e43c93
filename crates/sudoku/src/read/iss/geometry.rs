//! Where ISS's clues and global rules fall on the grid: windoku windows, little killer
//! diagonals from their first cell, rows and columns from an outside clue, and the rules on
//! every edge or chess move, applied once all the items are read.

use super::types::fail;
use super::Part;
use crate::grid::Cell;
use crate::model::{Model, Relation, RelationKind};
use crate::read::fpuzzles::keys::{chess_moves, edges};
use crate::read::published::ReadError;
use crate::variant::standard_box_shape;

/// The rules ISS applies to the whole grid, gathered before the edges are known.
#[derive(Default)]
#[allow(clippy::struct_excessive_bools)] // Four independent switches, each one ISS type.
pub(super) struct Globals {
    pub(super) king: bool,
    pub(super) knight: bool,
    pub(super) strict_kropki: bool,
    pub(super) strict_xv: bool,
    /// The pairs with a Kropki dot, and those with an X or V, for the strict rules.
    pub(super) dotted: Vec<(Cell, Cell)>,
    pub(super) crossed: Vec<(Cell, Cell)>,
}

/// Windoku's windows: boxes one cell in from the edge, one cell apart (four on a 9×9).
pub(super) fn windows(size: usize) -> Vec<Vec<Cell>> {
    let (tall, wide) = standard_box_shape(size);
    let mut windows = Vec::new();
    if tall < 2 {
        return windows;
    }
    let mut left = 1;
    while left + wide < size {
        let mut top = 1;
        while top + tall < size {
            windows.push(
                (0..size).map(|k| (top + k % tall) * size + left + k / tall).collect::<Vec<_>>(),
            );
            top += tall + 1;
        }
        left += wide + 1;
    }
    windows
}

/// The diagonal of a little killer from its first cell, as ISS numbers them: from the left
/// edge down right (rows but the last), from the top edge down left (columns but the first),
/// from the right edge up left and from the bottom edge up right (neither corner).
pub(super) fn diagonal_from(first: Cell, size: usize) -> Option<Vec<Cell>> {
    let (r, c) = (first / size, first % size);
    let last = size.checked_sub(1)?;
    let (dr, dc): (isize, isize) = if c == 0 && r < last {
        (1, 1)
    } else if r == 0 && c >= 1 {
        (1, -1)
    } else if c == last && (1..last).contains(&r) {
        (-1, -1)
    } else if r == last && (1..last).contains(&c) {
        (-1, 1)
    } else {
        return None;
    };
    let n = size.cast_signed();
    let (mut r, mut c) = (r.cast_signed(), c.cast_signed());
    let mut cells = Vec::new();
    while (0..n).contains(&r) && (0..n).contains(&c) {
        cells.push((r * n + c).cast_unsigned());
        (r, c) = (r + dr, c + dc);
    }
    (cells.len() > 1).then_some(cells)
}

/// The row (`R3`) or column (`C3`) of an outside clue, from the left or top when `forward`,
/// else from the right or bottom.
pub(super) fn full_line(id: &Part, size: usize, forward: bool) -> Result<Vec<Cell>, ReadError> {
    let bad = || fail(id, format!("'{}' is not a row or column such as R1 or C3", id.text));
    let mut chars = id.text.chars();
    let axis = chars.next().ok_or_else(bad)?;
    let index: usize = chars.as_str().parse().map_err(|_| bad())?;
    if !(1..=size).contains(&index) {
        return Err(fail(id, format!("{} is outside the {size}x{size} grid", id.text)));
    }
    let mut cells: Vec<Cell> = match axis {
        'R' | 'r' => (0..size).map(|c| (index - 1) * size + c).collect(),
        'C' | 'c' => (0..size).map(|r| r * size + index - 1).collect(),
        _ => return Err(bad()),
    };
    if !forward {
        cells.reverse();
    }
    Ok(cells)
}

/// The chess rules and the strict rules, on the edges and moves of the whole grid.
pub(super) fn finish(model: &mut Model, globals: &Globals) {
    for (on, king) in [(globals.king, true), (globals.knight, false)] {
        if on {
            let moves = chess_moves(model, king);
            model.relations.extend(moves.into_iter().map(|(a, b)| Relation {
                a,
                b,
                kind: RelationKind::Different,
            }));
        }
    }
    let rules = [
        (
            globals.strict_kropki,
            &globals.dotted,
            [RelationKind::NotConsecutive, RelationKind::NotRatio(2)],
        ),
        (globals.strict_xv, &globals.crossed, [RelationKind::NotSum(5), RelationKind::NotSum(10)]),
    ];
    for (on, marked, nots) in rules {
        if !on {
            continue;
        }
        for (a, b) in edges(model.width) {
            if !marked.iter().any(|&(x, y)| (x, y) == (a, b) || (x, y) == (b, a)) {
                model.relations.extend(nots.iter().map(|&kind| Relation { a, b, kind }));
            }
        }
    }
}
