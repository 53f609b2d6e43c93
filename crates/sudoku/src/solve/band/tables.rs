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
/// left (the digit no longer fits the band); from bit [`ON_PERMUTATION_FACTS`] up, the word's
/// facts about minirows (see [`Fact`]): those of them that are the only one of their row
/// (certain), those on a permutation (possible), and how many permutations are left. One lookup
/// does pointing and claiming inside a band: a minirow off every permutation shares a row with
/// the only minirow of a box, or a box with the only minirow of a row, or both through a third
/// (the "locked candidates" of a band, to the end).
pub(super) static ON_PERMUTATION: [u64; 512] = on_permutation();

/// For a digit's possible columns in a band (a 9-bit pattern): in the low half, the cells the
/// digit keeps in the two other bands: every column but those that are the only one of their
/// box in this band (the digit is in that column here, so nowhere else in it); from bit 32, the
/// minirows (of every row) of the boxes that have one column; from bit
/// [`ON_PERMUTATION_FACTS`] ` + ` [`Fact::CertainColumns`], those columns (the digit's certain
/// columns in the band: where it has one column of a box, it is there).
///
/// A minirow alone in its row after the pruning is alone in its box too, so with one column
/// it is one cell: the digit's place in that row and box (a hidden single).
pub(super) static COLUMNS: [u64; 512] = columns();

/// Where the facts of a word begin in an [`ON_PERMUTATION`] or [`COLUMNS`] entry.
pub(super) const ON_PERMUTATION_FACTS: u32 = 32;

/// The facts the band search keeps of each word after its deductions, the fields of a `u64`
/// (each 9 bits wide but [`Fact::Permutations`]): what the triads count across a band's
/// digits and what the branching counts.
#[derive(Clone, Copy, Debug)]
pub(super) enum Fact {
    /// Minirows that are the only one of their row (the digit is there).
    CertainMinirows = 0,
    /// Minirows on a permutation (the digit may be there).
    PossibleMinirows = 9,
    /// The number of permutations left (3 bits).
    Permutations = 18,
    /// Columns that are the only one of their box in the band (the digit is there).
    CertainColumns = 21,
    /// Columns where the digit has a cell in the band.
    PossibleColumns = 30,
}

impl Fact {
    /// The field's nine bits (three for [`Fact::Permutations`]) of `facts`.
    #[inline]
    pub(super) const fn of(self, facts: u64) -> u32 {
        let width = if matches!(self, Fact::Permutations) { 0b111 } else { 0x1FF };
        (facts >> self as u32) as u32 & width
    }

    /// The field's bits in place (nine, or three for [`Fact::Permutations`]).
    pub(super) const fn mask(self) -> u64 {
        let width = if matches!(self, Fact::Permutations) { 0b111 } else { 0x1FF };
        width << self as u32
    }
}

/// For the minirows a digit must fill (9 bits: each is the only one of its row and box): the
/// cells the digit keeps in the band, those minirows' and what lies outside their rows and
/// boxes (nothing of a row or box that two of them share).
pub(super) static FILLING: [u32; 512] = filling();

/// For present minirows (or a stack's present columns, band by band), the permutations that
/// fit them (bit `p` for [`PERMUTATIONS`]`[p]`).
pub(super) static FITTING: [u8; 512] = fitting();

/// For present minirows (or a stack's columns), how many permutations fit them (the bits of
/// [`FITTING`], counted once here: the target has no population count instruction).
pub(super) static FITTING_COUNT: [u8; 512] = {
    let mut table = [0; 512];
    let mut present = 0;
    while present < 512 {
        table[present] = fitting_one(present).count_ones() as u8;
        present += 1;
    }
    table
};

/// The cells of each of [`PERMUTATIONS`].
pub(super) static PERMUTATION_CELLS: [u32; 6] = {
    let mut cells = [0; 6];
    let mut p = 0;
    while p < PERMUTATIONS.len() {
        cells[p] = cells_of_minirows(PERMUTATIONS[p] as usize);
        p += 1;
    }
    cells
};

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

/// The six permutations of three rows onto three boxes, as the minirows they fill (and of
/// three bands onto a stack's three columns, bit `3 b + c`).
pub(super) const PERMUTATIONS: [u16; 6] = {
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
        let facts = (alone as u64) << Fact::CertainMinirows as u32
            | (kept as u64) << Fact::PossibleMinirows as u32
            | (fitting_one(present).count_ones() as u64) << Fact::Permutations as u32;
        table[present] = cells_of_minirows(kept) as u64 | facts << ON_PERMUTATION_FACTS;
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
        let mut certain: u64 = 0;
        let mut k: u32 = 0;
        while k < 3 {
            let stack: u32 = (columns as u32 >> (3 * k)) & 0b111;
            if stack.is_power_of_two() {
                kept &= !(0o001_001_001u32 << (3 * k + stack.trailing_zeros()));
                single |= 0b001_001_001 << k;
                certain |= (stack as u64) << (3 * k);
            }
            k += 1;
        }
        let facts = certain << Fact::CertainColumns as u32;
        table[columns] = kept as u64 | single << 32 | facts << ON_PERMUTATION_FACTS;
        columns += 1;
    }
    table
}

/// The permutations that fit `present` minirows.
const fn fitting_one(present: usize) -> u8 {
    let mut fit = 0;
    let mut p = 0;
    while p < PERMUTATIONS.len() {
        if PERMUTATIONS[p] as usize & present == PERMUTATIONS[p] as usize {
            fit |= 1 << p;
        }
        p += 1;
    }
    fit
}

const fn fitting() -> [u8; 512] {
    let mut table = [0; 512];
    let mut present = 0;
    while present < 512 {
        table[present] = fitting_one(present);
        present += 1;
    }
    table
}

const fn filling() -> [u32; 512] {
    let mut table = [0; 512];
    let mut filled = 0;
    while filled < 512 {
        let mut kept = BAND;
        let mut m = 0;
        while m < 9 {
            if filled & (1 << m) != 0 {
                let row = ROW << (9 * (m / 3));
                let boxed = 0o007_007_007 << (3 * (m % 3));
                kept &= !(row | boxed) | minirow_cells(m);
            }
            m += 1;
        }
        table[filled] = kept;
        filled += 1;
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

    /// An entry's facts, as the band search keeps them of a word.
    fn facts(entry: u64) -> u64 {
        entry >> ON_PERMUTATION_FACTS
    }

    #[test]
    fn a_full_band_keeps_every_cell_and_an_empty_row_keeps_none() {
        let full = ON_PERMUTATION[0o777];
        assert_eq!(full as u32, BAND);
        assert_eq!(Fact::PossibleMinirows.of(facts(full)), 0o777);
        assert_eq!(Fact::CertainMinirows.of(facts(full)), 0);
        assert_eq!(Fact::Permutations.of(facts(full)), 6);
        // Row 1 has nothing: no permutation.
        assert_eq!(ON_PERMUTATION[0o707], 0);
        // Box 0 only in row 0 (minirows 0, 1, 2 of row 0; rows 1 and 2 only in boxes 1, 2):
        // row 0 must take box 0, so its minirows 1 and 2 go; the absent ones (3, 6) are
        // not kept either.
        let gone = minirow_cells(1) | minirow_cells(2) | minirow_cells(3) | minirow_cells(6);
        let entry = ON_PERMUTATION[0o667];
        assert_eq!(entry as u32, BAND & !gone);
        // Row 0 is then down to minirow 0, certain; rows 1 and 2 share boxes 1 and 2 in two
        // ways.
        assert_eq!(Fact::CertainMinirows.of(facts(entry)), 1);
        assert_eq!(Fact::PossibleMinirows.of(facts(entry)), 0o661);
        assert_eq!(Fact::Permutations.of(facts(entry)), 2);
        assert_eq!(u32::from(FITTING[0o667]).count_ones(), 2);
    }

    #[test]
    fn a_column_alone_in_its_box_leaves_the_other_bands() {
        // Columns 0 and 1 in box 0 (two: kept), column 4 alone in box 1, all of box 2.
        let entry = COLUMNS[0b111_010_011];
        assert_eq!(entry as u32, BAND & !(0o001_001_001 << 4));
        assert_eq!((entry >> 32) as u32 & 0x1FF, 0b010_010_010);
        assert_eq!(Fact::CertainColumns.of(facts(entry)), 0b000_010_000);
    }

    #[test]
    fn a_digit_filling_a_minirow_leaves_the_rest_of_its_row_and_box() {
        // Minirow 4: row 1, box 1.
        assert_eq!(FILLING[1 << 4], BAND & !0o000_777_000 & !0o070_070_070 | 0o000_070_000);
        // Two in one row leave the row nothing.
        assert_eq!(FILLING[0b11] & ROW, 0);
        assert_eq!(PERMUTATION_CELLS[0], CELLS_OF[0b100_010_001]);
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
