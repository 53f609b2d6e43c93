//! Triads: the three cells of a minirow (a row's part of a box) hold three different digits,
//! and so do the three of a minicolumn (a column's part of a band). Counted across a band's
//! nine digits from the words' [facts](super::Fact), bit-parallel: a minirow or minicolumn
//! that only three digits can reach takes those three (each is there, so nowhere else in its
//! row and box, or column and box), and one that three digits certainly fill loses every other
//! digit. Learnt from the triads of tdoku's `solver_dpll_triad_simd.cc` (which keeps them as
//! variables of its own); here they are counts over the digits' words.

use super::super::tables::FILLING;
use super::{BandBoard, Fact, CELLS_OF, CLAIMED, WORDS};
use crate::solve::kit::Contradiction;

/// The cells of columns (9 bits): each column's cell in the three rows of a band.
const fn column_cells(columns: u32) -> u32 {
    columns * (1 | 1 << 9 | 1 << 18)
}

impl BandBoard {
    /// The triads of every band, on a settled board: true if a word changed (the board is
    /// then no longer settled). `Err` when a minirow or minicolumn is left fewer than three
    /// digits, or more than three digits are certain in one.
    pub(super) fn triads(&mut self) -> Result<bool, Contradiction> {
        let possible = Fact::PossibleMinirows.mask() | Fact::PossibleColumns.mask();
        let certain = Fact::CertainMinirows.mask() | Fact::CertainColumns.mask();
        for band in 0..3 {
            // Per bit of the facts, whether at least one, two, three or four digits have it.
            let (mut one, mut two, mut three, mut four) = (0u64, 0, 0, 0);
            let mut word = band;
            while word < WORDS {
                let facts = self.facts[word];
                four |= three & facts;
                three |= two & facts;
                two |= one & facts;
                one |= facts;
                word += 3;
            }
            if three & possible != possible || four & certain != 0 {
                return Err(Contradiction);
            }
            let exactly_three = three & !four;
            // Reached by three digits only (each of them must be there), or filled by three
            // certain ones (no other digit is there): when both, there is nothing to do.
            let reached = Fact::PossibleMinirows.of(exactly_three);
            let filled = Fact::CertainMinirows.of(three);
            let (take_rows, clear_rows) = (reached & !filled, filled & !reached);
            let reached = Fact::PossibleColumns.of(exactly_three);
            let filled = Fact::CertainColumns.of(three);
            let (take_columns, clear_columns) = (reached & !filled, filled & !reached);
            if take_rows | clear_rows | take_columns | clear_columns == 0 {
                continue;
            }
            self.apply_triads(band, [take_rows, clear_rows, take_columns, clear_columns]);
        }
        Ok(self.candidates != self.seen)
    }

    /// Each digit of `band`: into the minirows and minicolumns it reaches of those to take,
    /// out of those to clear that it is not certain in.
    #[inline(never)]
    fn apply_triads(
        &mut self,
        band: usize,
        [take_rows, clear_rows, take_columns, clear_columns]: [u32; 4],
    ) {
        let mut word = band;
        while word < WORDS {
            let facts = self.facts[word];
            let cleared_rows = clear_rows & !Fact::CertainMinirows.of(facts);
            let taken_rows = take_rows & Fact::PossibleMinirows.of(facts);
            let cleared_columns = clear_columns & !Fact::CertainColumns.of(facts);
            let taken_columns = take_columns & Fact::PossibleColumns.of(facts);
            self.candidates[word] &= !CELLS_OF[cleared_rows as usize]
                & FILLING[taken_rows as usize]
                & !column_cells(cleared_columns)
                & CLAIMED[taken_columns as usize];
            // A digit in a column of this band is in no other band's part of it.
            let (one, two) = super::other_words(word);
            self.candidates[one] &= !column_cells(taken_columns);
            self.candidates[two] &= !column_cells(taken_columns);
            word += 3;
        }
    }
}
