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

#[test]
fn the_branch_is_where_the_cells_of_two_candidates_crowd() {
    let mut board = BandBoard::blank();
    // Band 0 has one such cell, band 1 three: in its row 1, two in box 2 and one in box 0.
    board.pairs = [1, 1 << 9 | 1 << 15 | 1 << 16, 0];
    assert_eq!(board.pairs[1].count_ones(), 3);
    let (band, bit, digits) = board.branch_cell();
    assert_eq!((band, bit, digits), (1, 1 << 15, 0x1FF));
}

#[test]
fn the_densest_cell_is_in_the_fullest_row_then_box() {
    // Row 0 has two cells, row 2 three: one in box 0 and two in box 1, which has three in
    // all against box 0's two.
    let cells = 1 << 4 | 1 << 18 | 1 << 21 | 1 << 22 | 1 << 1;
    assert_eq!(densest(cells), 1 << 21);
    // Ties go to the first row and box.
    assert_eq!(densest(1 << 9 | 1 << 18), 1 << 9);
}
