//! Random small boards: counting up to symmetry against the plain count and a brute-force
//! canonical form.

use std::collections::HashSet;

use dancer_tiling::{Board, CellKind, Count, Piece, Tiling};
use proptest::prelude::*;

/// A board of `width` × `height` with the cells in `holes` (by number) taken out, made
/// symmetric or not by the strategy.
fn board(width: i32, height: i32, holes: &[usize]) -> Board {
    let cells = (0..height)
        .flat_map(|y| (0..width).map(move |x| (x, y)))
        .enumerate()
        .filter_map(|(k, (x, y))| (!holes.contains(&k)).then_some(([x, y, 0], CellKind::Required)));
    Board::new(cells)
}

/// The F pentomino (no symmetry of its own) once, with dominoes and squares any number of
/// times to fill the rest, or trominoes.
fn pieces(filler: usize) -> Vec<(String, Piece)> {
    let f = ("F".to_owned(), Piece::from_text(".##/##./.#.").unwrap());
    let fillers = [
        vec![("D", "##", Count::ANY)],
        vec![("V", "##/#.", Count::ANY), ("M", "#", Count::at_most(1))],
        vec![("I", "###", Count::ANY), ("M", "#", Count::ANY)],
    ];
    std::iter::once(f)
        .chain(
            fillers[filler % fillers.len()]
                .iter()
                .map(|&(n, p, c)| (n.to_owned(), Piece::from_text(p).unwrap().count(c))),
        )
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// With a piece that has no symmetry of its own fixed, no solution is symmetric, so the
    /// orbits times the group's order are all the solutions.
    #[test]
    fn orbits_times_the_group_are_the_count(
        width in 3i32..6, height in 3i32..5, hole in proptest::option::of(0usize..30), filler in 0usize..3,
    ) {
        let holes: Vec<usize> = hole.into_iter().collect();
        let tiling = Tiling::new(board(width, height, &holes), pieces(filler)).unwrap();
        let up_to = tiling.count_up_to_symmetry().unwrap();
        prop_assert_eq!(up_to.orbits * up_to.group as u128, tiling.count().unwrap());
        prop_assert_eq!(up_to.stabilised, 0);
        // And the enumeration up to symmetry gives one solution per orbit.
        prop_assert_eq!(tiling.solutions(true).unwrap().count() as u128, up_to.orbits);
    }

    /// With symmetric pieces only (dominoes once each, named apart, and squares), some
    /// solutions are symmetric: the orbits are those a brute-force canonical form counts.
    #[test]
    fn orbits_match_a_canonical_form(width in 2usize..5, height in 2usize..4, squares in 0u32..3) {
        let domino = Piece::from_text("##").unwrap();
        let pieces = vec![
            ("A".to_owned(), domino.clone()),
            ("S".to_owned(), Piece::from_text("#").unwrap().count(Count::ANY)),
            ("B".to_owned(), domino.count(Count::at_most(squares))),
        ];
        let tiling = Tiling::new(Board::rectangle(width, height), pieces).unwrap();
        let up_to = tiling.count_up_to_symmetry().unwrap();
        prop_assert_eq!(up_to.orbits, brute_force_orbits(&tiling));
    }
}

/// The orbits of all solutions under the board's turns, by a canonical form: the least list
/// of placements (name, cells) among the images (pieces map to themselves here: every piece
/// may be mirrored).
fn brute_force_orbits(tiling: &Tiling) -> u128 {
    let board = tiling.board();
    let (w, h) = (
        board.cells().iter().map(|c| c[0]).max().unwrap() + 1,
        board.cells().iter().map(|c| c[1]).max().unwrap() + 1,
    );
    let mut forms = HashSet::new();
    for solution in tiling.solutions(false).unwrap() {
        let mut least: Option<Vec<(String, Vec<usize>)>> = None;
        for (swap, fx, fy) in (0..8).map(|k| (k & 4 != 0, k & 1 != 0, k & 2 != 0)) {
            if swap && w != h {
                continue;
            }
            let turn = |k: usize| {
                let [x, y, _] = board.cells()[k];
                let (x, y) = (if fx { w - 1 - x } else { x }, if fy { h - 1 - y } else { y });
                let (x, y) = if swap { (y, x) } else { (x, y) };
                board.index([x, y, 0]).unwrap()
            };
            let mut image: Vec<(String, Vec<usize>)> = solution
                .placements
                .iter()
                .map(|(q, cells)| {
                    let mut moved: Vec<usize> = cells.iter().map(|&c| turn(c)).collect();
                    moved.sort_unstable();
                    (tiling.names()[*q].clone(), moved)
                })
                .collect();
            image.sort();
            if least.as_ref().is_none_or(|l| image < *l) {
                least = Some(image);
            }
        }
        forms.insert(least.unwrap());
    }
    forms.len() as u128
}
