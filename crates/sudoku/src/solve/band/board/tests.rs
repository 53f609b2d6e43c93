//! The deductions and the branch choice of [`BandBoard`], on boards built by hand.

use super::*;

/// Digit 1 (words 0, 1, 2) left out of column 0 in bands 1 and 2.
fn column_zero_in_band_zero() -> BandBoard {
    let mut board = BandBoard::blank();
    board.candidates[1] &= !0o001_001_001;
    board.candidates[2] &= !0o001_001_001;
    board
}

#[test]
fn a_column_left_to_one_band_takes_the_box_there_at_any_node() {
    // Any node, not the root only: `settle` is the deductions of every node.
    let mut board = column_zero_in_band_zero();
    assert_eq!(board.settle(), Ok(false));
    // Box 0 of band 0 keeps column 0 for digit 1; the rest of the band is untouched.
    assert_eq!(board.candidates[0], BAND & !0o006_006_006);
}

#[test]
fn a_column_down_to_one_cell_places_it() {
    let mut board = column_zero_in_band_zero();
    board.candidates[0] &= !(1 << 9 | 1 << 18);
    assert_eq!(board.settle(), Ok(false));
    assert_eq!(board.open[0] & 1, 0, "cell 0 placed");
    assert!((1..9).all(|digit| board.candidates[3 * digit] & 1 == 0));
}

/// Digits 4 to 9 out of the cells of a band's minirow 0 (row 0, box 0), or with `column` set,
/// of its minicolumn 0 (column 0, box 0): only 1, 2 and 3 reach it.
fn three_digits_reach(column: bool) -> BandBoard {
    let mut board = BandBoard::blank();
    let cells = if column { 0o001_001_001 } else { 0b111 };
    for digit in 3..9 {
        board.candidates[3 * digit] &= !cells;
    }
    board
}

#[test]
fn a_minirow_only_three_digits_reach_takes_them() {
    let mut board = three_digits_reach(false);
    assert_eq!(board.settle(), Ok(false));
    for digit in 0..3 {
        // The rest of row 0 and of box 0 lose the digit; the minirow and the rest keep it.
        assert_eq!(board.candidates[3 * digit], BAND & !0o000_000_770 & !0o007_007_000);
    }
}

#[test]
fn a_minicolumn_only_three_digits_reach_takes_them() {
    let mut board = three_digits_reach(true);
    assert_eq!(board.settle(), Ok(false));
    for digit in 0..3 {
        // Box 0 keeps column 0 alone; the two other bands lose column 0.
        assert_eq!(board.candidates[3 * digit], BAND & !0o006_006_006);
        assert_eq!(board.candidates[3 * digit + 1], BAND & !0o001_001_001);
        assert_eq!(board.candidates[3 * digit + 2], BAND & !0o001_001_001);
    }
}

#[test]
fn a_minirow_three_digits_fill_loses_the_others() {
    // Digits 1, 2 and 3 are in minirow 0: row 0 has them nowhere else.
    let mut board = BandBoard::blank();
    for digit in 0..3 {
        board.candidates[3 * digit] &= !0o000_000_770;
    }
    assert_eq!(board.settle(), Ok(false));
    for digit in 3..9 {
        assert_eq!(board.candidates[3 * digit] & 0b111, 0, "digit {}", digit + 1);
    }
}

#[test]
fn a_minicolumn_three_digits_fill_loses_the_others() {
    // Digits 1, 2 and 3 are in band 0's part of column 0: the other bands left them none.
    let mut board = BandBoard::blank();
    for digit in 0..3 {
        board.candidates[3 * digit + 1] &= !0o001_001_001;
        board.candidates[3 * digit + 2] &= !0o001_001_001;
    }
    assert_eq!(board.settle(), Ok(false));
    for digit in 3..9 {
        assert_eq!(board.candidates[3 * digit] & 0o001_001_001, 0, "digit {}", digit + 1);
    }
}

#[test]
fn a_minirow_or_minicolumn_two_digits_reach_is_a_contradiction() {
    for column in [false, true] {
        let mut board = three_digits_reach(column);
        board.candidates[6] = BAND & !if column { 0o001_001_001 } else { 0b111 };
        assert_eq!(board.settle(), Err(Contradiction), "column: {column}");
    }
}

#[test]
fn the_branch_is_a_digit_of_two_permutations_in_the_band_with_fewest() {
    let mut board = BandBoard::blank();
    // Digit 5 in band 1 on minirows 0, 1, 4, 5, 6, 8: rows to boxes (0, 1, 2) or (1, 2, 0).
    board.candidates[13] = CELLS_OF[0b101_110_011];
    assert_eq!(board.settle(), Ok(false));
    let branch = board.branch();
    assert_eq!((branch.target, branch.choices), (13, 0b1001));
    board.take(branch);
    assert_eq!(board.candidates[13], CELLS_OF[0b100_010_001]);
    board.take(branch.rest());
    assert_eq!(board.candidates[13], 0, "the other permutation shares no minirow");
}

#[test]
fn the_branch_is_a_stack_when_one_has_fewer() {
    let mut board = BandBoard::blank();
    // Digit 2 in stack 0: band 0 in columns 0 and 1, band 1 in columns 1 and 2, band 2 in
    // columns 0 and 2: bands to columns (0, 1, 2) or (1, 2, 0).
    board.candidates[3] &= !0o004_004_004;
    board.candidates[4] &= !0o001_001_001;
    board.candidates[5] &= !0o002_002_002;
    assert_eq!(board.settle(), Ok(false));
    let branch = board.branch();
    assert_eq!((branch.target, branch.choices), (27 + 3, 0b1001));
    board.take(branch);
    let stack = 0o007_007_007;
    assert_eq!(board.candidates[3] & stack, 0o001_001_001);
    assert_eq!(board.candidates[4] & stack, 0o002_002_002);
    assert_eq!(board.candidates[5] & stack, 0o004_004_004);
}

#[test]
fn a_branch_on_a_cell_places_its_lowest_digit_there() {
    // Kept for completeness (see `first_open_cell`): cell 15 of band 1, every digit.
    let mut board = BandBoard::blank();
    let branch = Branch { target: branch::CELLS + 27 + 15, choices: 0x1FF };
    board.take(branch);
    assert_eq!(board.candidates[1] & 1 << 15, 1 << 15, "digit 1 placed in the cell");
    assert_eq!(board.candidates[1] & 1 << 16, 0, "and gone from the rest of its row");
    assert_eq!(branch.rest().choices, 0x1FE);
}

#[test]
fn a_digits_stacks_gather_three_columns_of_each_band() {
    // Stack `s`'s pattern: bit `3 b + c` for column `3 s + c` of band `b`, at bit `9 s`.
    let mut state = 0x9E37_79B9u32;
    for _ in 0..2000 {
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            state & 0x1FF
        };
        let columns = [next(), next(), next()];
        let mut expected = 0;
        for (band, &cols) in columns.iter().enumerate() {
            for column in 0..9 {
                if cols >> column & 1 != 0 {
                    let (stack, within) = (column / 3, column % 3);
                    expected |= 1 << (9 * stack + 3 * band + within);
                }
            }
        }
        assert_eq!(branch::stacks(columns), expected, "{columns:?}");
    }
}
