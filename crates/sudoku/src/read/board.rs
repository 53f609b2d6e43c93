//! Reading `.board` files (the geometry files of the autopear sudoku app): `KEY: value` lines
//! with `ROWS`, `COLUMNS`, `MINIMUM`, `MAXIMUM` and `BLOCKS:`, a list of regions written
//! `[(row, col), ...],` one per line and ended by `;` (cells from 0; `#` starts a comment).

use crate::error::VariantError;
use crate::grid::{Cell, MAX_SIZE};
use crate::variant::Variant;

/// Why a `.board` text could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BoardError {
    /// A required key is missing or malformed.
    #[error("line {line}: {message}")]
    Syntax {
        /// The line, from 1 (0 when the whole file is concerned).
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// The blocks do not make a valid variant.
    #[error(transparent)]
    Variant(#[from] VariantError),
}

impl Variant {
    /// The variant a `.board` text describes: rows, columns and every block. Blocks that
    /// partition the grid become its boxes (or jigsaw pieces); the others (such as hyper
    /// windows) become extra regions.
    ///
    /// # Errors
    /// A missing or malformed key or block, a grid that is not square, symbols other than
    /// 1..=N, or blocks that do not form valid regions.
    pub fn from_board(text: &str) -> Result<Variant, BoardError> {
        let syntax = |line, message: &str| BoardError::Syntax { line, message: message.to_owned() };
        let (mut rows, mut cols, mut min, mut max) = (None, None, Some(1), None);
        let mut blocks: Vec<Vec<(usize, usize)>> = Vec::new();
        let mut in_blocks = false;
        for (k, raw) in text.lines().enumerate() {
            let number = k + 1;
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            if in_blocks {
                blocks.push(cells_of(line).map_err(|message| syntax(number, &message))?);
                in_blocks = !line.ends_with(';');
                continue;
            }
            let Some((key, value)) = line.split_once(':') else {
                return Err(syntax(number, "expected KEY: value"));
            };
            let value = value.trim();
            let number_value =
                || value.parse::<usize>().map_err(|_| syntax(number, "expected a number"));
            match key.trim().to_ascii_uppercase().as_str() {
                "ROWS" => rows = Some(number_value()?),
                "COLUMNS" => cols = Some(number_value()?),
                "MINIMUM" => min = Some(number_value()?),
                "MAXIMUM" => max = Some(number_value()?),
                "BLOCKS" => in_blocks = value.is_empty() || !value.ends_with(';'),
                _ => {}
            }
        }
        let size = match (rows, cols) {
            (Some(r), Some(c)) if r == c => r,
            (Some(_), Some(_)) => {
                return Err(syntax(0, "ROWS and COLUMNS differ: only square grids are sudoku"))
            }
            _ => return Err(syntax(0, "ROWS and COLUMNS are required")),
        };
        // Before anything is sized by it: ROWS comes from the file.
        if !(1..=MAX_SIZE).contains(&size) {
            let message = format!("ROWS {size}: grids have 1 to {MAX_SIZE} rows");
            return Err(BoardError::Syntax { line: 0, message });
        }
        if min != Some(1) || max.is_some_and(|m| m != size) {
            return Err(syntax(0, "symbols must run from MINIMUM 1 to MAXIMUM = ROWS"));
        }
        let mut regions: Vec<Vec<Cell>> = Vec::new();
        for block in blocks {
            if block.iter().any(|&(r, c)| r >= size || c >= size) {
                return Err(syntax(0, "a block has a cell outside the grid"));
            }
            regions.push(block.into_iter().map(|(r, c)| r * size + c).collect());
        }
        // Greedily pick blocks that do not overlap; if they tile the grid they are its pieces.
        let mut taken = vec![false; size * size];
        let (mut pieces, mut extra) = (Vec::new(), Vec::new());
        for region in regions {
            if region.iter().all(|&cell| !taken[cell]) && pieces.len() < size {
                for &cell in &region {
                    taken[cell] = true;
                }
                pieces.push(region);
            } else {
                extra.push(region);
            }
        }
        let variant = if taken.iter().all(|&t| t) {
            Variant::jigsaw_pieces(size, pieces)?
        } else {
            extra.extend(pieces);
            Variant::latin(size)?
        };
        Ok(variant.with_regions(extra)?)
    }
}

/// The `(row, col)` pairs of one block line, `[(0, 0), (0, 1), ...]` with an optional `,` or
/// `;` after it: each pair two whole numbers from 0 (commas between pairs may be left out).
fn cells_of(line: &str) -> Result<Vec<(usize, usize)>, String> {
    let expected = || format!("expected a block [(row, col), ...], not '{line}'");
    let inner = line.trim_end_matches([',', ';']).trim();
    let inner = inner.strip_prefix('[').and_then(|i| i.strip_suffix(']')).ok_or_else(expected)?;
    let mut cells = Vec::new();
    let mut rest = inner.trim();
    while !rest.is_empty() {
        let open = rest.strip_prefix('(').ok_or_else(expected)?;
        let (pair, after) = open.split_once(')').ok_or_else(expected)?;
        let (row, col) = pair.split_once(',').ok_or_else(expected)?;
        let number = |text: &str| {
            let text = text.trim();
            match text.parse::<usize>() {
                Ok(value) if text.bytes().all(|b| b.is_ascii_digit()) => Ok(value),
                _ => Err(format!("'{text}' is not a row or column (whole numbers from 0)")),
            }
        };
        cells.push((number(row)?, number(col)?));
        rest = after.trim_start();
        rest = rest.strip_prefix(',').unwrap_or(rest).trim_start();
    }
    if cells.is_empty() {
        return Err(expected());
    }
    Ok(cells)
}

#[cfg(test)]
mod tests {
    use crate::variant::{RegionKind, Variant};

    const HYPER: &str = "NAME: Hyper 4\nROWS: 4\nCOLUMNS: 4\nMINIMUM: 1\nMAXIMUM: 4\nBLOCKS:\n\
        [(0, 0), (0, 1), (1, 0), (1, 1)], #Out\n[(1, 1), (1, 2), (2, 1), (2, 2)], #In\n\
        [(0, 2), (0, 3), (1, 2), (1, 3)],\n[(2, 0), (2, 1), (3, 0), (3, 1)],\n\
        [(2, 2), (2, 3), (3, 2), (3, 3)];\nCOLORS: #FFFFFF\n";

    #[test]
    fn partition_blocks_become_pieces_and_the_rest_extra_regions() {
        let variant = Variant::from_board(HYPER).unwrap();
        let kinds: Vec<RegionKind> = variant.regions().iter().map(|r| r.kind).collect();
        assert_eq!(kinds.iter().filter(|&&k| k == RegionKind::Piece).count(), 4);
        assert_eq!(kinds.iter().filter(|&&k| k == RegionKind::Extra).count(), 1);
        assert_eq!(variant.regions().last().unwrap().cells, [5, 6, 9, 10]);
    }

    #[test]
    fn malformed_boards_are_errors() {
        assert!(Variant::from_board("ROWS: 4\nCOLUMNS: 5\n").is_err());
        assert!(Variant::from_board("ROWS: 4\n").is_err());
        assert!(Variant::from_board("ROWS: 2\nCOLUMNS: 2\nBLOCKS:\n[(0, 0), (5, 5)];\n").is_err());
        assert!(Variant::from_board("ROWS: 2\nCOLUMNS: 2\nBLOCKS:\n[(0, 0)]\n").is_err());
    }

    // See: issue 12. `(-2, 2)` was read as `(2, 2)`; huge sizes panicked or allocated
    // gigabytes before any check.
    #[test]
    fn coordinates_are_whole_numbers_and_sizes_are_checked_first() {
        let board =
            |rows: &str, block: &str| format!("ROWS: {rows}\nCOLUMNS: {rows}\nBLOCKS:\n{block};\n");
        let error = Variant::from_board(&board("4", "[(-2, 2), (0, 1), (1, 0), (1, 1)]"));
        assert!(error.unwrap_err().to_string().contains("'-2' is not a row or column"));
        for bad in ["[(0 0)]", "[(0, 1), 2]", "[(0, x)]", "[]", "[(0, 1)(1, 1"] {
            assert!(Variant::from_board(&board("2", bad)).is_err(), "{bad}");
        }
        for rows in ["4000000000", "100000", "65", "0"] {
            let message = Variant::from_board(&board(rows, "[(0, 0)]")).unwrap_err().to_string();
            assert!(message.contains("grids have 1 to 64 rows"), "{rows}: {message}");
        }
    }
}
