//! ISS's two killer forms, both 9×9 with standard boxes:
//! - `SudoCue`'s `3x3:d:k:` form (`d` adds both diagonals): 81 numbers after `k`, each cell's
//!   `sum × 256 + cage`, a sum of 0 leaving the cell out of every cage;
//! - the short killer string: 81 characters, each cell either its cage's sum (`0`-`9`, `A`-`Z`
//!   for 10-35, `a`-`j` for 36-45) or an arrow to another cell of its cage (`<` `>` `^` `v`, and
//!   the diagonals `` ` `` up left, `'` up right, `,` down left, `.` down right); following the
//!   arrows from any cell ends at the cell holding the sum, within nine steps.
//!
//! A cage sum of 0 is no sum, as in ISS (the cage's digits are only all different).

use std::collections::BTreeMap;

use crate::grid::Cell;
use crate::model::{Cage, Model};
use crate::read::published::ReadError;
use crate::variant::Variant;

/// The characters of a short killer string's arrows.
const ARROWS: [char; 8] = ['<', '>', '^', 'v', '`', '\'', ',', '.'];

/// Whether `text` is a short killer string: 81 characters of sums and arrows, one arrow at
/// least that a classic line never has (`.` alone is the blank of a classic line).
pub(super) fn is_short_killer(text: &str) -> bool {
    text.chars().count() == 81
        && text.chars().any(|c| ARROWS[..7].contains(&c))
        && text.chars().all(|c| ARROWS.contains(&c) || sum(c).is_some())
}

/// The sum a character stands for, when it is one.
fn sum(c: char) -> Option<u32> {
    match c {
        '0'..='9' => c.to_digit(10),
        'A'..='Z' => Some(c as u32 - 'A' as u32 + 10),
        'a'..='j' => Some(c as u32 - 'a' as u32 + 36),
        _ => None,
    }
}

/// A blank classic 9×9, with both diagonals when asked.
fn classic(diagonals: bool) -> Result<Model, ReadError> {
    let fail = |e: crate::VariantError| ReadError { column: 1, message: e.to_string() };
    let mut variant = Variant::standard(9).map_err(fail)?;
    if diagonals {
        variant = variant.with_diagonals().map_err(fail)?;
    }
    Ok(Model::from_variant(&variant))
}

/// The cell an arrow of a short killer string points to, `None` for a sum.
fn step(chars: &[char], cell: usize) -> Result<Option<usize>, ReadError> {
    let (r, c) = ((cell / 9).cast_signed(), (cell % 9).cast_signed());
    let (dr, dc) = match chars[cell] {
        '<' => (0, -1),
        '>' => (0, 1),
        '^' => (-1, 0),
        'v' => (1, 0),
        '`' => (-1, -1),
        '\'' => (-1, 1),
        ',' => (1, -1),
        '.' => (1, 1),
        _ => return Ok(None),
    };
    let (r, c) = (r + dr, c + dc);
    if !((0..9).contains(&r) && (0..9).contains(&c)) {
        let message = format!("the arrow '{}' points outside the grid", chars[cell]);
        return Err(ReadError { column: cell + 1, message });
    }
    Ok(Some((r * 9 + c).cast_unsigned()))
}

/// The cages of a short killer string.
pub(super) fn short_killer(text: &str) -> Result<Model, ReadError> {
    let chars: Vec<char> = text.chars().collect();
    let mut cages: BTreeMap<Cell, Vec<Cell>> = BTreeMap::new();
    for start in 0..81 {
        let mut cell = start;
        let mut steps = 0;
        while let Some(next) = step(&chars, cell)? {
            cell = next;
            steps += 1;
            if steps > 9 {
                let message = "the arrows from this cell go round in a loop".to_owned();
                return Err(ReadError { column: start + 1, message });
            }
        }
        cages.entry(cell).or_default().push(start);
    }
    let mut model = classic(false)?;
    for (root, cells) in cages {
        let total = sum(chars[root]).filter(|&s| s > 0);
        model.cages.push(Cage { cells, sum: total });
    }
    Ok(model)
}

/// The cages of a `SudoCue` killer `3x3:d:k:...`.
pub(super) fn sudocue(text: &str) -> Result<Model, ReadError> {
    let mut parts = Vec::new();
    let mut column = 1;
    for part in text.split(':') {
        parts.push((column, part));
        column += part.chars().count() + 1;
    }
    if parts.last().is_some_and(|(_, p)| p.is_empty()) {
        parts.pop();
    }
    let form = "a SudoCue killer is 3x3:[d]:k: and 81 numbers, sum x 256 + cage";
    if parts.len() != 84 || parts[2].1 != "k" || !matches!(parts[1].1, "" | "d") {
        return Err(ReadError { column: 1, message: form.into() });
    }
    let mut model = classic(parts[1].1 == "d")?;
    let mut cages: BTreeMap<u32, (u32, Vec<Cell>)> = BTreeMap::new();
    for (cell, &(column, value)) in parts[3..].iter().enumerate() {
        let value: u32 = value.parse().map_err(|_| ReadError {
            column,
            message: format!("'{value}' is not a whole number (sum x 256 + cage)"),
        })?;
        let (total, id) = (value / 256, value % 256);
        if total == 0 {
            continue;
        }
        let cage = cages.entry(id).or_insert((total, Vec::new()));
        if cage.0 != total {
            let message = format!("cage {id} has the sums {} and {total}", cage.0);
            return Err(ReadError { column, message });
        }
        cage.1.push(cell);
    }
    model.cages =
        cages.into_values().map(|(total, cells)| Cage { cells, sum: Some(total) }).collect();
    Ok(model)
}
