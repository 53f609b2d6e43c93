//! Pieces used at most k or a to b times: the slot encoding (every engine feature) against
//! Algorithm M and against counting by hand.

use dancer_tiling::{Board, Count, Encoding, Piece, Tiling};

fn tiling(board: Board, pieces: Vec<(&str, Piece)>, encoding: Encoding) -> Tiling {
    let pieces = pieces.into_iter().map(|(n, p)| (n.to_owned(), p));
    Tiling::new(board, pieces).unwrap().encoding(encoding)
}

fn both(board: &Board, pieces: &[(&str, Piece)]) -> (u128, u128) {
    let slots = tiling(board.clone(), pieces.to_vec(), Encoding::Slots).count().unwrap();
    let bounded = tiling(board.clone(), pieces.to_vec(), Encoding::Multiplicities).count().unwrap();
    (slots, bounded)
}

/// A 2×n strip of dominoes and squares (monominoes): each set of placements once.
#[test]
fn dominoes_and_monominoes_in_a_strip() {
    let domino = Piece::from_text("##").unwrap();
    let square = Piece::from_text("#").unwrap();
    let board = Board::rectangle(4, 1);
    // 1×4 by dominoes and squares, any number: tilings of a 1×4 strip = Fibonacci 5.
    let any = [("D", domino.clone().count(Count::ANY)), ("M", square.clone().count(Count::ANY))];
    assert_eq!(both(&board, &any), (5, 5));
    // Exactly two squares: DMM, MDM, MMD: 3.
    let two =
        [("D", domino.clone().count(Count::ANY)), ("M", square.clone().count(Count::exactly(2)))];
    assert_eq!(both(&board, &two), (3, 3));
    // At most two squares: DD, and the 3 above: 4.
    let at_most =
        [("D", domino.clone().count(Count::ANY)), ("M", square.clone().count(Count::at_most(2)))];
    assert_eq!(both(&board, &at_most), (4, 4));
    // One to two dominoes, squares any: 1 (two) + 3 (one): 4.
    let range = [
        ("D", domino.clone().count(Count::range(1, Some(2)))),
        ("M", square.clone().count(Count::ANY)),
    ];
    assert_eq!(both(&board, &range), (4, 4));
    // A piece used at most 0 times is not used: squares alone, one way.
    let none = [("D", domino.count(Count::at_most(0))), ("M", square.count(Count::ANY))];
    assert_eq!(both(&board, &none), (1, 1));
}

/// Packing: optional cells may stay empty. Two dominoes at most in a 2×2 with both cells of
/// one column optional.
#[test]
fn optional_cells_pack() {
    let board = Board::from_text(".o\n.o").unwrap();
    let domino = Piece::from_text("##").unwrap();
    // The left column is covered by one vertical domino (then the right may hold another or
    // stay empty: 2) or by two horizontal ones (1).
    let pieces = [("D", domino.count(Count::at_most(2)))];
    assert_eq!(both(&board, &pieces), (3, 3));
}

/// Tetrominoes, each of the five used twice, in a 5×8 box: the two encodings agree.
#[test]
fn tetrominoes_twice_each_agree() {
    let pieces: Vec<(&str, Piece)> =
        [("I", "####"), ("O", "##/##"), ("T", "###/.#."), ("L", "###/#.."), ("S", ".##/##.")]
            .iter()
            .map(|&(n, p)| (n, Piece::from_text(p).unwrap().count(Count::exactly(2))))
            .collect();
    let (slots, bounded) = both(&Board::rectangle(8, 5), &pieces);
    assert_eq!(slots, bounded);
    assert!(slots > 0);
}
