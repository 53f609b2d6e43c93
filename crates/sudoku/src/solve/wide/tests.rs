//! Unit tests of the wide search: the trail undoes exactly, clue boards stay exact, the
//! reference guides a blank grid without a wrong turn, and the tree as an `Explore` counts
//! what the plain walk counts.

use dancer::run::Run;

use super::{WideBoard, WideClues, WideSearch, WideTables};
use crate::encode::Template;
use crate::grid::Grid;
use crate::solve::kit::points::lowest;
use crate::solve::GridSolver;
use crate::variant::Variant;

/// The parts of a board that describe the position (not its trail or counters).
fn position(board: &WideBoard) -> (Vec<u64>, Vec<u8>, Vec<u64>, Vec<u64>, usize) {
    let b = board;
    (b.candidates.clone(), b.digits.clone(), b.places.clone(), b.placed.clone(), b.open)
}

/// The board of `grid`'s digits placed one by one, without deductions.
fn placed(tables: &WideTables, grid: &Grid) -> WideBoard {
    let mut board = WideBoard::new(tables);
    for (cell, digit) in grid.givens() {
        board.place(tables, cell, usize::from(digit) - 1).unwrap();
    }
    board
}

#[test]
fn undoing_to_a_mark_restores_the_position_exactly() {
    let tables = WideTables::new(&Variant::standard(16).unwrap());
    let mut board = WideBoard::new(&tables);
    board.place(&tables, 0, 3).unwrap();
    board.propagate(&tables).unwrap();
    let (mark, before) = (board.mark(), position(&board));
    for (cell, digit) in [(17, 5), (40, 0), (255, 9), (100, 12)] {
        if board.candidates[cell] >> digit & 1 != 0 {
            let _ = board.place(&tables, cell, digit).and_then(|()| board.propagate(&tables));
        }
    }
    assert_ne!(position(&board), before);
    board.undo_to(&tables, mark);
    assert_eq!(position(&board), before);
}

#[test]
fn clues_taken_out_and_put_back_match_a_board_built_afresh() {
    let variant = Variant::standard(16).unwrap();
    let tables = WideTables::new(&variant);
    let solution = tables.reference_grid().unwrap();
    let mut clues = WideClues::new(&tables, &solution);
    let mut puzzle = solution.clone();
    for cell in [0, 1, 17, 34, 200, 255, 128, 129, 144] {
        clues.remove(&tables, cell);
        puzzle.set(cell, None);
        assert_eq!(position(&clues.board), position(&placed(&tables, &puzzle)), "{cell}");
    }
    for cell in [17, 255] {
        clues.restore(&tables, cell, solution.get(cell).unwrap());
        puzzle.set(cell, solution.get(cell));
        assert_eq!(position(&clues.board), position(&placed(&tables, &puzzle)), "{cell}");
    }
}

#[test]
fn a_blank_grid_is_filled_without_a_wrong_turn() {
    for (rows, cols) in [(4, 4), (3, 7), (5, 5), (8, 8)] {
        let n = rows * cols;
        let variant = Variant::with_boxes(n, rows, cols).unwrap();
        let tables = WideTables::new(&variant);
        let mut search = WideSearch::new(&tables);
        assert_eq!(search.load(&tables, &Grid::empty(n), None, None), Ok(false));
        assert_eq!(search.walk_up_to(&tables, 1), 1);
        let stats = search.stats(1);
        // Every node but the last opened a branch point and none was left: no dead end.
        assert_eq!(stats.nodes(), u64::from(stats.max_depth()) + 1, "{rows}x{cols}");
        let solution = Grid::from_cells(n, search.first());
        assert_eq!(Some(solution), tables.reference_grid(), "{rows}x{cols}");
    }
}

#[test]
fn a_variant_the_patterns_break_has_no_reference_and_is_still_solved() {
    // An extra region of the cells (i, 3i + i / 8 mod 16): the box pattern, the cyclic Latin
    // square and the linear grids tried all repeat a digit in it.
    let cells = (0..16).map(|i| i * 16 + (3 * i + i / 8) % 16).collect();
    let variant = Variant::standard(16).unwrap().with_regions(vec![cells]).unwrap();
    let tables = WideTables::new(&variant);
    assert!(tables.reference_grid().is_none());
    let template = Template::new(variant);
    let report = GridSolver::new(&template).solve(&Grid::empty(16));
    let crate::solve::GridVerdict::Solved(grid) = report.verdict else { panic!("{report:?}") };
    assert!(template.variant().is_solution(&grid));
}

#[test]
fn removal_tests_tell_a_needed_clue_from_a_spare_one() {
    let variant = Variant::standard(16).unwrap();
    let tables = WideTables::new(&variant);
    let solution = tables.reference_grid().unwrap();
    let mut search = WideSearch::new(&tables);
    let mut clues = WideClues::new(&tables, &solution);
    // One clue out of a full grid: the others force it back.
    clues.remove(&tables, 5);
    let digit = solution.get(5).unwrap();
    assert_eq!(
        search.has_solution_without(&tables, &clues, (5, digit), 1 << 20, None),
        Some(false)
    );
    // A rectangle of two digits over two boxes out too: rows 1 and 3 of the pattern are
    // shifted by half the grid, so columns 1 and 9 hold the same two digits the other way
    // round there, and the two can swap.
    let n = 16;
    let rectangle = [0, 8, 2 * n, 2 * n + 8];
    let (a, b) = (solution.get(0).unwrap(), solution.get(8).unwrap());
    assert_eq!((solution.get(2 * n + 8), solution.get(2 * n)), (Some(a), Some(b)));
    for cell in rectangle {
        clues.remove(&tables, cell);
    }
    assert_eq!(search.has_solution_without(&tables, &clues, (0, a), 1 << 20, None), Some(true));
}

#[test]
fn the_tree_counts_what_the_walk_counts_over_threads() {
    let variant = Variant::standard(16).unwrap();
    let template = Template::new(variant);
    let tables = template.wide().unwrap();
    // The first 40 cells of the pattern open: each column of rows 1 and 2 can swap its two
    // digits, and whole cosets of columns must swap together (16 solutions).
    let mut puzzle = tables.reference_grid().unwrap();
    for cell in 0..40 {
        puzzle.set(cell, None);
    }
    let mut plain = WideSearch::new(tables);
    plain.load(tables, &puzzle, None, None).unwrap();
    let count = plain.walk(tables, u64::MAX, u64::MAX, &mut lowest).1;
    assert_eq!(count, 16);
    let mut solver = GridSolver::new(&template);
    for threads in [1, 2] {
        let mut search = solver.explore(&puzzle).unwrap();
        let outcome = Run::new().threads(threads).poll_nodes(4).count(&mut search).unwrap();
        assert_eq!(outcome.solutions(), count, "{threads} threads");
        assert_eq!(outcome.stats().nodes(), plain.stats(count).nodes(), "{threads} threads");
    }
    assert_eq!(solver.count(&puzzle, None).count, count);
    assert_eq!(solver.enumerate(&puzzle).unwrap().count() as u64, count);
}

#[test]
fn diagonals_with_square_boxes_get_a_linear_reference_that_keeps_them() {
    // The box pattern repeats a digit on a diagonal; a linear grid fits (see linear.rs).
    for n in [16, 25, 49, 64] {
        let variant = Variant::standard(n).unwrap().with_diagonals().unwrap();
        let reference = WideTables::new(&variant).reference_grid();
        let reference = reference.unwrap_or_else(|| panic!("{n}x{n} X: no reference"));
        assert!(variant.is_solution(&reference), "{n}x{n} X");
    }
}

#[test]
fn a_digit_locked_in_a_window_and_a_row_leaves_the_rest_of_both_at_every_node() {
    // Hyper windows of a 16×16: 4×4 blocks from r2c2, 5 apart.
    let variant = Variant::standard(16).unwrap().with_hyper().unwrap();
    let tables = WideTables::new(&variant);
    let window = variant.regions().iter().find(|region| region.cells.contains(&17)).cloned();
    let window: Vec<usize> = window.into_iter().flat_map(|region| region.cells).collect();
    assert!(window.contains(&17) && window.len() == 16);
    // Digit 1 taken out of the window's cells but for its row r2: in the window it can only
    // be in row 2, so row 2's other cells lose it; and the row does not hold it elsewhere.
    let mut board = WideBoard::new(&tables);
    for &cell in window.iter().filter(|&&cell| cell / 16 != 1) {
        assert!(board.eliminate(&tables, cell, 0));
    }
    let mut singles = board.clone();
    singles.propagate(&tables).unwrap();
    let outside = (16..32).filter(|cell| !window.contains(cell));
    assert!(outside.clone().all(|cell| singles.candidates[cell] & 1 != 0), "singles alone");
    board.deduce(&tables).unwrap();
    assert!(outside.clone().all(|cell| board.candidates[cell] & 1 == 0));
    assert!(window.iter().filter(|&&c| c / 16 == 1).all(|&c| board.candidates[c] & 1 != 0));
    // A plain 16×16 has no extra regions: the pass is not made there.
    assert!(WideTables::new(&Variant::standard(16).unwrap()).overlaps.is_empty());
}

#[test]
fn a_blank_16x16_windoku_is_filled_when_dead_ends_weigh_the_choices() {
    // By the fewest choices alone this search passed 3.7 million nodes without a solution;
    // with each cell's dead ends weighing its choices it takes a few thousand.
    let variant = Variant::standard(16).unwrap().with_hyper().unwrap();
    let tables = WideTables::new(&variant);
    let mut search = WideSearch::new(&tables);
    assert_eq!(search.load(&tables, &Grid::empty(16), None, None), Ok(false));
    let (_, found) = search.walk(&tables, 100_000, 1, &mut lowest);
    assert_eq!(found, 1, "no solution in 100 000 nodes");
    assert!(variant.is_solution(&Grid::from_cells(16, search.first())));
}

#[test]
fn paths_that_choose_among_places_replay_over_threads() {
    // A 16×16 Windoku with its first four rows open: the weighed choices often pick a digit's
    // places in a region, and a helper thread must open the same branch point from the path.
    let variant = Variant::standard(16).unwrap().with_hyper().unwrap();
    let template = Template::new(variant);
    let tables = template.wide().unwrap();
    let mut search = WideSearch::new(tables);
    search.load(tables, &Grid::empty(16), None, None).unwrap();
    assert_eq!(search.walk(tables, 100_000, 1, &mut lowest).1, 1);
    let mut puzzle = Grid::from_cells(16, search.first());
    for cell in 0..64 {
        puzzle.set(cell, None);
    }
    let mut plain = WideSearch::new(tables);
    plain.load(tables, &puzzle, None, None).unwrap();
    let count = plain.walk(tables, u64::MAX, u64::MAX, &mut lowest).1;
    assert!(count > 1, "{count}");
    let mut solver = GridSolver::new(&template);
    for threads in [1, 2, 3] {
        let mut search = solver.explore(&puzzle).unwrap();
        let outcome = Run::new().threads(threads).poll_nodes(2).count(&mut search).unwrap();
        assert_eq!(outcome.solutions(), count, "{threads} threads");
    }
}
