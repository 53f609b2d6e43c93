//! Published counts, plain and up to symmetry.

use dancer_tiling::{sets, Board, Tiling, TilingError};

fn pentominoes(width: usize, height: usize) -> Tiling {
    Tiling::new(Board::rectangle(width, height), sets::pentominoes()).unwrap()
}

/// 3×20: 2 up to symmetry, 8 in all (the group of a rectangle has order 4).
#[test]
fn pentominoes_in_3_by_20() {
    let tiling = pentominoes(20, 3);
    assert_eq!(tiling.count().unwrap(), 8);
    let up_to = tiling.count_up_to_symmetry().unwrap();
    assert_eq!((up_to.orbits, up_to.group), (2, 4));
}

/// 6×10: 2 339 up to symmetry, 9 356 in all.
#[test]
fn pentominoes_in_6_by_10() {
    let tiling = pentominoes(10, 6);
    assert_eq!(tiling.count().unwrap(), 9356);
    assert_eq!(tiling.count_up_to_symmetry().unwrap().orbits, 2339);
}

/// 5×12: 1 010 up to symmetry, 4 040 in all.
#[test]
fn pentominoes_in_5_by_12() {
    let tiling = pentominoes(12, 5);
    assert_eq!(tiling.count().unwrap(), 4040);
    assert_eq!(tiling.count_up_to_symmetry().unwrap().orbits, 1010);
}

/// Dana Scott's 8×8 without its centre 2×2: 65 up to the square's 8 symmetries, 520 in all.
#[test]
fn scotts_board() {
    let board = Board::from_text(
        "........\n........\n........\n...##...\n...##...\n........\n........\n........",
    )
    .unwrap();
    let tiling = Tiling::new(board, sets::pentominoes()).unwrap();
    assert_eq!(tiling.count().unwrap(), 520);
    let up_to = tiling.count_up_to_symmetry().unwrap();
    assert_eq!((up_to.orbits, up_to.group), (65, 8));
}

/// The Soma cube: 11 520 solutions, 240 up to its 48 symmetries, a mirror image counted as
/// the same solution with the two screws swapped.
#[test]
fn soma_cube() {
    let tiling = Tiling::new(Board::cuboid(3, 3, 3), sets::soma()).unwrap();
    assert_eq!(tiling.symmetry_count(), 48);
    assert_eq!(tiling.count().unwrap(), 11_520);
    let up_to = tiling.count_up_to_symmetry().unwrap();
    assert_eq!((up_to.orbits, up_to.group), (240, 48));
    // Up to symmetry, the enumeration gives as many solutions as the count.
    assert_eq!(tiling.solutions(true).unwrap().count(), 240);
}

/// Mirror images: with the screws free to be mirrored, the group is the same but the count
/// doubles (each screw may take the other's shapes).
#[test]
fn soma_with_mirrors_allowed_counts_more() {
    let free: Vec<_> =
        sets::soma().into_iter().map(|(name, piece)| (name, piece.reflect(true))).collect();
    let tiling = Tiling::new(Board::cuboid(3, 3, 3), free).unwrap();
    assert!(tiling.count().unwrap() > 11_520);
}

/// The 12×12 domino tilings, past 2^64 / 300: memoised, exact.
#[test]
fn dominoes_12_by_12() {
    let tiling = Tiling::new(Board::rectangle(12, 12), sets::dominoes()).unwrap();
    assert_eq!(tiling.count().unwrap(), 53_060_477_521_960_000);
    // No piece is used exactly once: refused, not guessed.
    let refused = tiling.count_up_to_symmetry();
    assert!(matches!(refused, Err(TilingError::NoFixingPiece { .. })), "{refused:?}");
    let message = refused.unwrap_err().to_string();
    assert!(message.contains("D is not used exactly once"), "{message}");
}

/// Solutions decode to grids of names; text and SVG show every piece.
#[test]
fn a_solution_prints_as_text_and_svg() {
    let tiling = pentominoes(20, 3);
    let solutions: Vec<_> = tiling.solutions(false).unwrap().collect();
    assert_eq!(solutions.len(), 8);
    let text = solutions[0].to_text(&tiling);
    assert_eq!(text.lines().count(), 3);
    assert!(text.lines().all(|row| row.len() == 20));
    for name in tiling.names() {
        assert_eq!(text.matches(name.as_str()).count(), 5, "{name} in\n{text}");
    }
    let svg = solutions[0].to_svg(&tiling);
    assert_eq!(svg.matches("<rect").count(), 60);
    assert_eq!(svg.matches("<text").count(), 12);
    assert_eq!(tiling.solutions(true).unwrap().count(), 2);
}
