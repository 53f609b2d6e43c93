//! [`Rule::Table`]: cells and the fillings they may take, listed in full (a short line, an
//! implied sum, a straddling equation), kept as support bitsets: for each cell and digit, the
//! fillings (one bit each) that put that digit there. A run ANDs, cell by cell, the union of
//! its candidates' supports: what is left are the fillings that still fit, and a cell keeps
//! the digits whose support meets them. On `HARD_RENBAN` a 3-cell renban has 42 fillings,
//! one word: a run is a few dozen word operations. Against reading the fillings one by one
//! (sorted by the first cell's digit, only those of its candidates): `HARD_RENBAN`'s second
//! 1 005 M → 948 M instructions at 20 000 nodes (`valgrind --tool=callgrind
//! target/release/sudoku solve --jobs 1 --unique --json --node-limit 20000 FILE`).

use super::board::{single, PropBoard};
use super::fillings::{MOST_CELLS, MOST_FILLINGS};
use super::{PropTables, Rule};
use crate::grid::Cell;
use crate::solve::kit::Contradiction;

/// The most words of fillings a table has (every table is built with at most
/// [`MOST_FILLINGS`]).
const MOST_WORDS: usize = MOST_FILLINGS / 64;

impl PropTables {
    /// A table of `cells`' fillings (each a digit mask a cell, one filling after the other;
    /// at most [`MOST_CELLS`] cells and [`MOST_FILLINGS`] fillings, as every caller builds).
    pub(super) fn add_table(&mut self, cells: &[Cell], fillings: impl IntoIterator<Item = u64>) {
        let (k, n) = (cells.len(), self.n);
        let listed: Vec<u64> = fillings.into_iter().collect();
        let count = listed.len().checked_div(k).unwrap_or(0);
        assert!(
            k <= MOST_CELLS && count <= MOST_FILLINGS,
            "a table of {k} cells, {count} fillings"
        );
        let words = count.div_ceil(64).max(1);
        let supports = self.supports.len() as u32;
        // Each cell's digits' fillings, then each digit's fillings anywhere.
        self.supports.resize(self.supports.len() + (k + 1) * n * words, 0);
        let at = supports as usize;
        for (filling, row) in listed.chunks_exact(k.max(1)).enumerate() {
            for (position, &mask) in row.iter().enumerate() {
                let mut digits = mask;
                while digits != 0 {
                    let digit = digits.trailing_zeros() as usize;
                    digits &= digits - 1;
                    if digit < n {
                        let bit = 1 << (filling % 64);
                        for position in [position, k] {
                            self.supports[at + (position * n + digit) * words + filling / 64] |=
                                bit;
                        }
                    }
                }
            }
        }
        let cells = self.list(cells);
        let (fillings, words) = (count as u32, words as u32);
        self.rules.push(Rule::Table { cells, supports, fillings, words });
    }

    /// The supports of a table at `at` of `k` cells, `words` words a digit.
    pub(super) fn supports_of(&self, at: u32, k: usize, words: u32) -> &[u64] {
        let at = at as usize;
        &self.supports[at..at + (k + 1) * self.n * words as usize]
    }
}

impl PropBoard {
    /// Cells and their fillings (`supports`: for each cell and digit, `words` words of the
    /// fillings that put the digit there; `fillings` of them): each cell keeps the digits of
    /// the fillings all of whose digits are still candidates, and a digit every such filling
    /// holds, with several places, leaves every cell that sees them all.
    pub(super) fn table(
        &mut self,
        tables: &PropTables,
        cells: &[usize],
        supports: &[u64],
        (fillings, words): (u32, u32),
    ) -> Result<(), Contradiction> {
        let (k, n, words) = (cells.len(), tables.n, words as usize);
        if k == 0 {
            return Ok(());
        }
        if words == 1 {
            return self.table_of_one_word(tables, cells, supports, fillings);
        }
        let support = |position: usize, digit: usize| {
            let at = (position * n + digit) * words;
            &supports[at..at + words]
        };
        // The fillings that fit: all of them, then each cell's candidates' supports ANDed in.
        let mut live = [u64::MAX; MOST_WORDS];
        let live = &mut live[..words];
        if fillings % 64 != 0 {
            live[words - 1] = (1 << (fillings % 64)) - 1;
        }
        for (position, &cell) in cells.iter().enumerate() {
            let mut any = [0u64; MOST_WORDS];
            let mut digits = self.masks[cell];
            while digits != 0 {
                let digit = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                for (any, &word) in any.iter_mut().zip(support(position, digit)) {
                    *any |= word;
                }
            }
            for (live, any) in live.iter_mut().zip(any) {
                *live &= any;
            }
        }
        if live.iter().all(|&word| word == 0) {
            return Err(Contradiction);
        }
        let meets = |position: usize, digit: usize| {
            support(position, digit).iter().zip(live.iter()).any(|(&s, &l)| s & l != 0)
        };
        let held = |digit: usize| live.iter().zip(support(k, digit)).all(|(&l, &h)| l & !h == 0);
        self.keep_supported(tables, cells, meets, held)
    }

    /// [`Self::table`] for at most 64 fillings, the most common: one word a cell and digit.
    fn table_of_one_word(
        &mut self,
        tables: &PropTables,
        cells: &[usize],
        supports: &[u64],
        fillings: u32,
    ) -> Result<(), Contradiction> {
        let n = tables.n;
        let mut live = u64::MAX >> (64 - fillings.max(1));
        for (position, &cell) in cells.iter().enumerate() {
            let (mut any, mut digits) = (0u64, self.masks[cell]);
            while digits != 0 {
                any |= supports[position * n + digits.trailing_zeros() as usize];
                digits &= digits - 1;
            }
            live &= any;
        }
        if live == 0 {
            return Err(Contradiction);
        }
        let anywhere = &supports[cells.len() * n..];
        let meets = |position: usize, digit: usize| supports[position * n + digit] & live != 0;
        self.keep_supported(tables, cells, meets, |digit| live & !anywhere[digit] == 0)
    }

    /// Each cell keeps its digits `meets` says some filling that fits puts there; then the
    /// digits `held` says every such filling holds, in more than one place (a placed one has
    /// left its peers already), leave every cell that sees all their places.
    fn keep_supported(
        &mut self,
        tables: &PropTables,
        cells: &[usize],
        meets: impl Fn(usize, usize) -> bool,
        held: impl Fn(usize) -> bool,
    ) -> Result<(), Contradiction> {
        let (mut placed, mut union) = (0u64, 0u64);
        for (position, &cell) in cells.iter().enumerate() {
            let (mut keep, mut digits) = (0u64, self.masks[cell]);
            while digits != 0 {
                let digit = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                if meets(position, digit) {
                    keep |= 1 << digit;
                }
            }
            self.restrict(tables, cell, keep)?;
            union |= keep;
            if single(keep) {
                placed |= keep;
            }
        }
        let (mut every, mut digits) = (0u64, union & !placed);
        while digits != 0 {
            let digit = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            if held(digit) {
                every |= 1 << digit;
            }
        }
        if every != 0 {
            self.required(tables, cells, every, None)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::board::PropBoard;
    use super::super::{PropTables, Rule};
    use crate::model::{Line, LineKind, Model};
    use crate::variant::Variant;

    /// The cell of row `r`, column `c` (from 1) of a 9×9.
    fn at(r: usize, c: usize) -> usize {
        (r - 1) * 9 + c - 1
    }

    /// Each cell's digits of the fillings that fit `masks`, read filling by filling.
    fn by_hand(fillings: &[[u64; 3]], masks: &[u64; 3]) -> Option<[u64; 3]> {
        let fits = fillings.iter().filter(|f| (0..3).all(|i| masks[i] & f[i] != 0));
        let kept = fits.fold([0u64; 3], |kept, f| [kept[0] | f[0], kept[1] | f[1], kept[2] | f[2]]);
        (kept[0] != 0).then_some(kept)
    }

    /// A xorshift step: pseudo-random words for the tests.
    fn next(seed: &mut u64) -> u64 {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed
    }

    /// Runs a table of `listed` on cells in three different rows, columns and boxes under
    /// 2 000 pseudo-random choices of candidates, against reading the fillings one by one.
    fn check_against_by_hand(listed: &[[u64; 3]]) {
        let model = Model::from_variant(&Variant::standard(9).unwrap());
        let mut tables = PropTables::new(&model).unwrap();
        let cells = [0, 31, 62];
        tables.add_table(&cells, listed.iter().flatten().copied());
        let id = tables.rules.len() - 1;
        let mut board = PropBoard::new(&tables);
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..2000 {
            let mut masks = [0u64; 3];
            for mask in &mut masks {
                let word = next(&mut seed);
                *mask = word & 0x1ff | 1 << (word >> 60 & 7);
            }
            let mut all = vec![0x1ff; 81];
            for (&cell, &mask) in cells.iter().zip(&masks) {
                all[cell] = mask;
            }
            board.load(&tables, &all);
            let result = board.run(&tables, id as u32, &mut Vec::new());
            match by_hand(listed, &masks) {
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

    fn digits(filling: [u32; 3]) -> [u64; 3] {
        filling.map(|d| 1u64 << (d - 1))
    }

    #[test]
    fn a_table_of_one_word_keeps_what_every_filling_read_in_turn_keeps() {
        // Fillings in no order, digits repeated within some.
        let listed: Vec<[u64; 3]> =
            [[5, 2, 7], [2, 9, 4], [5, 3, 3], [9, 1, 1], [2, 2, 2], [3, 8, 6]].map(digits).into();
        check_against_by_hand(&listed);
    }

    #[test]
    fn a_table_of_several_words_keeps_what_every_filling_read_in_turn_keeps() {
        // 200 pseudo-random fillings: four words, the last one partly used.
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let listed: Vec<[u64; 3]> =
            (0..200).map(|_| digits([0, 1, 2].map(|_| (next(&mut seed) % 9) as u32 + 1))).collect();
        check_against_by_hand(&listed);
    }

    #[test]
    fn a_digit_every_fitting_filling_holds_leaves_the_cells_that_see_its_places() {
        // r1c1, r1c5, r5c9 hold 1, 2, 9 or 2, 1, 9 (or 3, 4, 5 while r5c9 may be a 5): once
        // r5c9 is not a 5, 1 and 2 are in r1c1 and r1c5, and leave the rest of row 1.
        let model = Model::from_variant(&Variant::standard(9).unwrap());
        let mut tables = PropTables::new(&model).unwrap();
        let cells = [at(1, 1), at(1, 5), at(5, 9)];
        let listed = [[1, 2, 9], [2, 1, 9], [3, 4, 5]].map(digits);
        tables.add_table(&cells, listed.iter().flatten().copied());
        let id = tables.rules.len() as u32 - 1;
        let mut board = PropBoard::new(&tables);
        let mut all = vec![0x1ff; 81];
        all[at(5, 9)] = 0x1ff & !(1 << 4);
        board.load(&tables, &all);
        board.run(&tables, id, &mut Vec::new()).unwrap();
        for cell in 0..81 {
            let lost = 0b11 & !board.masks[cell];
            // The rest of row 1 loses both; r5c9, a 9 now, too.
            let row = cell / 9 == 0 && ![at(1, 1), at(1, 5)].contains(&cell);
            let expected = if row || cell == at(5, 9) { 0b11 } else { 0 };
            assert_eq!(lost, expected, "cell {cell}");
        }
        assert_eq!(board.masks[at(5, 9)], 1 << 8);
    }

    #[test]
    fn a_short_renban_is_its_table_and_its_runs_are_never_queued() {
        let mut model = Model::from_variant(&Variant::standard(9).unwrap());
        let short = vec![at(1, 1), at(2, 2), at(3, 3)];
        let long: Vec<usize> = (1..=5).map(|c| at(9, c)).collect();
        for cells in [short.clone(), long.clone()] {
            model.lines.push(Line { kind: LineKind::Renban, cells });
        }
        let tables = PropTables::new(&model).unwrap();
        let runs_of = |cell: usize| {
            (tables.watchers(cell).iter().copied())
                .find(|&id| matches!(tables.rules[id as usize], Rule::Renban { .. }))
                .expect("a renban reads its cells")
        };
        let queued = |cell: usize| tables.queued_ids(cell).contains(&runs_of(cell));
        assert!(!queued(short[1]));
        assert!(queued(long[1]));
        let table = |cell: usize| {
            (tables.queued_ids(cell).iter())
                .any(|&id| matches!(tables.rules[id as usize], Rule::Table { .. }))
        };
        assert!(table(short[1]) && !table(long[1]));
    }
}
