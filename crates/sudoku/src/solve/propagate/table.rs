//! [`Rule::Table`]: cells and the fillings they may take, listed in full (a short line, an
//! implied sum, a straddling equation). The fillings are kept sorted by their first cell's
//! digit, with where each digit's fillings start, so that a run reads only the fillings whose
//! first digit is still a candidate: on `HARD_RENBAN` a 3-cell renban has 42 fillings, and its
//! first cell seldom keeps more than a few of the nine digits.

use super::board::PropBoard;
use super::fillings::MOST_CELLS;
use super::{PropTables, Rule};
use crate::grid::Cell;
use crate::solve::kit::Contradiction;

impl PropTables {
    /// A table of `cells`' fillings (each a digit mask a cell, one filling after the other).
    pub(super) fn add_table(&mut self, cells: &[Cell], fillings: impl IntoIterator<Item = u64>) {
        let k = cells.len().max(1);
        let listed: Vec<u64> = fillings.into_iter().collect();
        let mut rows: Vec<&[u64]> = listed.chunks_exact(k).collect();
        // Stable: fillings of one first digit keep their order.
        rows.sort_by_key(|row| row[0].trailing_zeros());
        let start = self.sets.len() as u32;
        let digit_starts = self.table_starts.len() as u32;
        let mut next = 0u32;
        for digit in 0..=self.n as u32 {
            while (next as usize) < rows.len() && rows[next as usize][0].trailing_zeros() < digit {
                next += 1;
            }
            self.table_starts.push(next);
        }
        for row in rows {
            self.sets.extend_from_slice(row);
        }
        let cells = self.list(cells);
        let fillings = start..self.sets.len() as u32;
        self.rules.push(Rule::Table { cells, fillings, digit_starts });
    }

    /// Where the fillings of each first digit start (counted in fillings), `n + 1` of them
    /// from `at`.
    pub(super) fn digit_starts(&self, at: u32) -> &[u32] {
        &self.table_starts[at as usize..=at as usize + self.n]
    }
}

impl PropBoard {
    /// Cells and their fillings: each cell keeps the digits of the fillings all of whose
    /// digits are still candidates; `starts` says where each first digit's fillings begin.
    pub(super) fn table(
        &mut self,
        tables: &PropTables,
        cells: &[usize],
        fillings: &[u64],
        starts: &[u32],
    ) -> Result<(), Contradiction> {
        // Implied sums come as tables of at most 4 cells, lines of at most 16 (`tables.rs`,
        // `fillings.rs`); a longer one would be left to the other rules.
        let k = cells.len();
        if k > MOST_CELLS || k == 0 {
            return Ok(());
        }
        let mut kept = [0u64; MOST_CELLS];
        let kept = &mut kept[..k];
        let mut firsts = self.masks[cells[0]];
        while firsts != 0 {
            let digit = firsts.trailing_zeros() as usize;
            firsts &= firsts - 1;
            let (from, to) = (starts[digit] as usize, starts[digit + 1] as usize);
            for filling in fillings[from * k..to * k].chunks_exact(k) {
                let mut fits = cells[1..].iter().zip(&filling[1..]);
                if fits.all(|(&cell, &digit)| self.masks[cell] & digit != 0) {
                    for (keep, &digit) in kept.iter_mut().zip(filling) {
                        *keep |= digit;
                    }
                }
            }
        }
        if kept[0] == 0 {
            return Err(Contradiction);
        }
        for (&cell, &keep) in cells.iter().zip(kept.iter()) {
            self.restrict(tables, cell, keep)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::board::PropBoard;
    use super::super::PropTables;
    use crate::model::Model;
    use crate::variant::Variant;

    /// Each cell's digits of the fillings that fit `masks`, read filling by filling.
    fn by_hand(fillings: &[[u64; 3]], masks: &[u64; 3]) -> Option<[u64; 3]> {
        let fits = fillings.iter().filter(|f| (0..3).all(|i| masks[i] & f[i] != 0));
        let kept = fits.fold([0u64; 3], |kept, f| [kept[0] | f[0], kept[1] | f[1], kept[2] | f[2]]);
        (kept[0] != 0).then_some(kept)
    }

    #[test]
    fn a_table_sorted_by_its_first_digit_keeps_what_every_filling_read_in_turn_keeps() {
        let model = Model::from_variant(&Variant::standard(9).unwrap());
        let mut tables = PropTables::new(&model).unwrap();
        // Cells in three different rows, columns and boxes; fillings in no order, two first
        // digits shared, 1 and others first in none.
        let cells = [0, 31, 62];
        let listed: Vec<[u64; 3]> =
            [[5, 2, 7], [2, 9, 4], [5, 3, 3], [9, 1, 1], [2, 2, 2], [3, 8, 6]]
                .iter()
                .map(|f| f.map(|d: u32| 1u64 << (d - 1)))
                .collect();
        tables.add_table(&cells, listed.iter().flatten().copied());
        let id = tables.rules.len() - 1;
        let mut board = PropBoard::new(&tables);
        // Every choice of candidates among a few digits in each cell (a pseudo-random walk).
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..2000 {
            let mut masks = [0u64; 3];
            for mask in &mut masks {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                *mask = seed & 0x1ff | 1 << (seed >> 60 & 7);
            }
            let mut all = vec![0x1ff; 81];
            for (&cell, &mask) in cells.iter().zip(&masks) {
                all[cell] = mask;
            }
            board.load(&tables, &all);
            let result = board.run(&tables, id as u32, &mut Vec::new());
            match by_hand(&listed, &masks) {
                None => assert!(result.is_err(), "{masks:?}"),
                Some(kept) => {
                    result.unwrap();
                    for i in 0..3 {
                        assert_eq!(board.masks[cells[i]], masks[i] & kept[i], "{masks:?}");
                    }
                }
            }
        }
    }
}
