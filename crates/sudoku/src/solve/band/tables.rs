//! The band search's lookup tables, computed at compile time from their definitions.
//!
//! A band word holds one digit's candidate cells in one band of three rows: bit `9 r + c` for
//! row `r` of the band (0..3) and column `c` (0..9). A *minirow* is the three cells where a row
//! meets a box; in a band, minirow `3 r + k` is row `r`'s part of box `k`. A digit fills one
//! minirow in each row of a band and one in each box, so the minirows it fills are a
//! permutation (row `r` to box `p(r)`): every table below follows from that.

/// The 27 cells of a band.
pub(super) const BAND: u32 = (1 << 27) - 1;
/// The nine cells of a band's first row.
pub(super) const ROW: u32 = 0x1FF;

/// For a row's nine cells (a 9-bit pattern), its minirows that hold a cell (bit `k` for box
/// `k`).
pub(super) static MINIROWS: [u8; 512] = minirows();

/// For the minirows that hold candidates (a 9-bit pattern, bit `3 r + k`): in the low half,
/// the cells of those that lie on a permutation of present minirows, 0 when no permutation is
/// left (the digit no longer fits the band); in the high half, those of them that are the only
/// one of their row. One lookup does pointing and claiming inside a band: a minirow off every
/// permutation shares a row with the only minirow of a box, or a box with the only minirow of a
/// row, or both through a third (the "locked candidates" of a band, to the end).
pub(super) static ON_PERMUTATION: [u64; 512] = on_permutation();

/// For a digit's possible columns in a band (a 9-bit pattern): in the low half, the cells the
/// digit keeps in the two other bands: every column but those that are the only one of their
/// box in this band (the digit is in that column here, so nowhere else in it); in the high
/// half, the minirows (of every row) of the boxes that have one column.
///
/// A minirow alone in its row after the pruning is alone in its box too, so with one column
/// it is one cell: the digit's place in that row and box (a hidden single).
pub(super) static COLUMNS: [u64; 512] = columns();

/// For the columns (9 bits) where a digit can be in this band and in no other: the cells the
/// digit keeps in this band. A stack with one such column keeps that column only (the digit's
/// place in the stack's box of this band is in it); one with two or three keeps nothing (they
/// would need the digit twice in one box).
pub(super) static CLAIMED: [u32; 512] = claimed();

/// For a set of minirows (9 bits), their cells.
pub(super) static CELLS_OF: [u32; 512] = cells_of();

/// For a cell of a band (0..27), the cells a digit placed there leaves in the band: the cell,
/// and everything outside its row and its box.
pub(super) static AFTER_PLACING: [u32; 27] = after_placing();

/// The cells of minirow `m` (`3 r + k`).
const fn minirow_cells(m: usize) -> u32 {
    0b111 << (9 * (m / 3) + 3 * (m % 3))
}

const fn minirows() -> [u8; 512] {
    let mut table = [0; 512];
    let mut row = 0;
    while row < 512 {
        let mut k = 0;
        while k < 3 {
            if row & (0b111 << (3 * k)) != 0 {
                table[row] |= 1 << k;
            }
            k += 1;
        }
        row += 1;
    }
    table
}

/// The six permutations of three rows onto three boxes, as the minirows they fill.
const PERMUTATIONS: [u16; 6] = {
    const fn filled(a: usize, b: usize, c: usize) -> u16 {
        1 << a | 1 << (3 + b) | 1 << (6 + c)
    }
    [
        filled(0, 1, 2),
        filled(0, 2, 1),
        filled(1, 0, 2),
        filled(1, 2, 0),
        filled(2, 0, 1),
        filled(2, 1, 0),
    ]
};

const fn on_permutation() -> [u64; 512] {
    let mut table = [0; 512];
    let mut present = 0;
    while present < 512 {
        let mut kept = 0;
        let mut p = 0;
        while p < PERMUTATIONS.len() {
            if PERMUTATIONS[p] as usize & present == PERMUTATIONS[p] as usize {
                kept |= PERMUTATIONS[p] as usize;
            }
            p += 1;
        }
        let mut alone = 0;
        let mut r = 0;
        while r < 3 {
            let row = (kept >> (3 * r)) & 0b111;
            if row.is_power_of_two() {
                alone |= row << (3 * r);
            }
            r += 1;
        }
        table[present] = cells_of_minirows(kept) as u64 | (alone as u64) << 32;
        present += 1;
    }
    table
}

const fn columns() -> [u64; 512] {
    let mut table = [0; 512];
    let mut columns = 0;
    while columns < 512 {
        let mut kept = BAND;
        let mut single: u64 = 0;
        let mut k: u32 = 0;
        while k < 3 {
            let stack: u32 = (columns as u32 >> (3 * k)) & 0b111;
            if stack.is_power_of_two() {
                kept &= !(0o001_001_001u32 << (3 * k + stack.trailing_zeros()));
                single |= 0b001_001_001 << k;
            }
            k += 1;
        }
        table[columns] = kept as u64 | single << 32;
        columns += 1;
    }
    table
}

const fn claimed() -> [u32; 512] {
    let mut table = [0; 512];
    let mut only: u32 = 0;
    while only < 512 {
        let mut kept = BAND;
        let mut k = 0;
        while k < 3 {
            let stack = (only >> (3 * k)) & 0b111;
            let whole = 0o007_007_007 << (3 * k);
            if stack.is_power_of_two() {
                kept &= !whole | 0o001_001_001 << (3 * k + stack.trailing_zeros());
            } else if stack != 0 {
                kept &= !whole;
            }
            k += 1;
        }
        table[only as usize] = kept;
        only += 1;
    }
    table
}

const fn cells_of_minirows(minirows: usize) -> u32 {
    let mut cells = 0;
    let mut m = 0;
    while m < 9 {
        if minirows & (1 << m) != 0 {
            cells |= minirow_cells(m);
        }
        m += 1;
    }
    cells
}

const fn cells_of() -> [u32; 512] {
    let mut table = [0; 512];
    let mut minirows = 0;
    while minirows < 512 {
        table[minirows] = cells_of_minirows(minirows);
        minirows += 1;
    }
    table
}

const fn after_placing() -> [u32; 27] {
    let mut table = [0; 27];
    let mut cell = 0;
    while cell < 27 {
        let (r, k) = (cell / 9, cell % 9 / 3);
        let row = ROW << (9 * r);
        let boxed = 0o007_007_007 << (3 * k);
        table[cell] = (BAND & !row & !boxed) | 1 << cell;
        cell += 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_band_keeps_every_cell_and_an_empty_row_keeps_none() {
        assert_eq!(ON_PERMUTATION[0o777], u64::from(BAND));
        // Row 1 has nothing: no permutation.
        assert_eq!(ON_PERMUTATION[0o707], 0);
        // Box 0 only in row 0 (minirows 0, 1, 2 of row 0; rows 1 and 2 only in boxes 1, 2):
        // row 0 must take box 0, so its minirows 1 and 2 go; the absent ones (3, 6) are
        // not kept either.
        let gone = minirow_cells(1) | minirow_cells(2) | minirow_cells(3) | minirow_cells(6);
        // Row 0 is then down to minirow 0.
        assert_eq!(ON_PERMUTATION[0o667], u64::from(BAND & !gone) | 1 << 32);
    }

    #[test]
    fn a_column_alone_in_its_box_leaves_the_other_bands() {
        // Columns 0 and 1 in box 0 (two: kept), column 4 alone in box 1, all of box 2.
        let kept = COLUMNS[0b111_010_011];
        assert_eq!(kept, u64::from(BAND & !(0o001_001_001 << 4)) | 0b010_010_010 << 32);
    }

    #[test]
    fn placing_keeps_the_cell_and_what_is_outside_its_row_and_box() {
        // Cell 13: row 1, column 4, box 1.
        let kept = AFTER_PLACING[13];
        assert_eq!(kept.count_ones(), 27 - 9 - 6 + 1);
        assert_ne!(kept & 1 << 13, 0);
        assert_eq!(kept & 1 << 12, 0);
        assert_eq!(kept & 1 << 22, 0);
        assert_ne!(kept & 1 << 19, 0);
        assert_eq!(MINIROWS[0b100_000_010], 0b101);
        assert_eq!(CELLS_OF[0b100_000_001], 0o700_000_007);
    }
}
