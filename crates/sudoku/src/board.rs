//! Reading `.board` files (the geometry files of the autopear sudoku app): `KEY: value` lines
//! with `ROWS`, `COLUMNS`, `MINIMUM`, `MAXIMUM` and `BLOCKS:`, a list of regions written
//! `[(row, col), ...],` one per line and ended by `;` (cells from 0; `#` starts a comment).

use crate::{Cell, Variant, VariantError};

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
                blocks.push(
                    cells_of(line)
                        .ok_or_else(|| syntax(number, "expected a block [(row, col), ...]"))?,
                );
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

/// The `(row, col)` pairs of one block line.
fn cells_of(line: &str) -> Option<Vec<(usize, usize)>> {
    let inner = line.trim_end_matches([',', ';']).trim();
    let inner = inner.strip_prefix('[')?.strip_suffix(']')?;
    let numbers: Option<Vec<usize>> = inner
        .split(|c: char| !c.is_ascii_digit())
        .filter(|t| !t.is_empty())
        .map(|t| t.parse().ok())
        .collect();
    let numbers = numbers?;
    (numbers.len() % 2 == 0 && !numbers.is_empty())
        .then(|| numbers.chunks(2).map(|p| (p[0], p[1])).collect())
}

#[cfg(test)]
mod tests {
    use crate::{RegionKind, Variant};

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
}
