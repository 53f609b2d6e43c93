//! Every documented size works: blank grids of every square box shape up to 64×64, of every
//! size with its default boxes, of rectangular boxes and of Latin squares are solved; counts
//! and enumerations stop at their limits on the largest; generated puzzles of large sizes are
//! unique and solved. Each solution goes through the independent checker.
//!
//! See: the issue "every size the docs promise must work or be refused clearly" (a blank
//! 56×56 and 64×64 did not finish in minutes). No timings here: the figures are in
//! docs/PERFORMANCE.md, "Large grids"; the whole module took 1.85 s in release.

use dancer_sudoku::generate::{rng_for, Options};
use dancer_sudoku::{Generator, Grid, Rules, Variant, Verdict};
use rayon::prelude::*;

use crate::checker::is_valid_solution;

/// Solves `puzzle` and checks the solution independently: a full grid of rows, columns and
/// `rows`×`cols` boxes that keeps every given.
fn solve_and_check(variant: Variant, rows: usize, cols: usize, puzzle: &Grid) {
    let n = variant.size();
    let template = Rules::from_variant(variant);
    let report = template.solver().solve(puzzle).unwrap();
    let Verdict::Solved(solution) = report.verdict else {
        panic!("{n}x{n} with {rows}x{cols} boxes: {:?}", report.verdict);
    };
    assert!(is_valid_solution(solution.cells(), n, rows, cols), "{n}x{n}, {rows}x{cols}");
    for (cell, digit) in puzzle.givens() {
        assert_eq!(solution.get(cell), Some(digit), "{n}x{n}: given {cell} changed");
    }
}

#[test]
fn blank_grids_of_every_square_box_shape_are_solved() {
    (1..=8usize).into_par_iter().for_each(|side| {
        let n = side * side;
        solve_and_check(Variant::with_boxes(n, side, side).unwrap(), side, side, &Grid::empty(n));
    });
}

#[test]
fn blank_grids_of_every_size_with_default_boxes_are_solved() {
    (1..=64usize).into_par_iter().for_each(|n| {
        let variant = Variant::standard(n).unwrap();
        let (rows, cols) = variant.box_shape().unwrap();
        solve_and_check(variant, rows, cols, &Grid::empty(n));
    });
}

#[test]
fn blank_grids_of_rectangular_boxes_and_latin_squares_are_solved() {
    let shapes =
        [(2, 3), (3, 2), (4, 5), (5, 6), (6, 5), (7, 8), (8, 7), (2, 32), (32, 2), (4, 16)];
    shapes.into_par_iter().for_each(|(rows, cols)| {
        let n = rows * cols;
        solve_and_check(Variant::with_boxes(n, rows, cols).unwrap(), rows, cols, &Grid::empty(n));
    });
    // Rows and columns only: the checker's boxes of one row each are rows again.
    solve_and_check(Variant::latin(64).unwrap(), 1, 64, &Grid::empty(64));
}

#[test]
fn nearly_blank_grids_with_scattered_givens_are_solved() {
    // A few givens that no simple pattern shares: the search's reference is relabelled to
    // fit them where it can, and searched around where it cannot.
    for (rows, cols) in [(5, 5), (7, 8), (8, 8)] {
        let n = rows * cols;
        let mut puzzle = Grid::empty(n);
        for (k, cell) in [0, n + 3, 5 * n + 17, n * n - 1, n * n / 2 + 7].into_iter().enumerate() {
            puzzle.set(cell, Some(1 + (k * 7 % n) as u8));
        }
        solve_and_check(Variant::with_boxes(n, rows, cols).unwrap(), rows, cols, &puzzle);
    }
}

#[test]
fn counts_and_enumerations_of_a_blank_64x64_stop_at_their_limit() {
    let template = Rules::from_variant(Variant::standard(64).unwrap());
    let mut solver = template.solver();
    let count = solver.count(&Grid::empty(64), Some(3)).unwrap();
    assert_eq!((count.count, count.complete), (3, false));
    let grids: Vec<Grid> =
        solver.enumerate(&Grid::empty(64)).unwrap().map(Result::unwrap).take(3).collect();
    assert_eq!(grids.len(), 3);
    assert!(grids[0] != grids[1] && grids[1] != grids[2] && grids[0] != grids[2]);
    assert!(grids.iter().all(|grid| is_valid_solution(grid.cells(), 64, 8, 8)));
}

#[test]
fn generated_puzzles_of_large_sizes_are_unique_and_solved() {
    [(5, 5), (6, 7), (8, 8)].into_par_iter().for_each(|(rows, cols)| {
        let n = rows * cols;
        let template = Rules::from_variant(Variant::with_boxes(n, rows, cols).unwrap());
        let made = Generator::new(template.template().unwrap())
            .generate(&mut rng_for(3, 0), &Options::default());
        let made = made.unwrap();
        assert!(is_valid_solution(made.solution.cells(), n, rows, cols), "{n}x{n}");
        assert!(made.clues < n * n * 3 / 5, "{n}x{n}: {} clues", made.clues);
        let report = template.solver().solve_unique(&made.puzzle).unwrap();
        assert_eq!(report.verdict, Verdict::Unique(made.solution), "{n}x{n}");
    });
}

/// Whether both main diagonals of `grid` hold every digit once (the checker knows boxes only).
fn diagonals_hold_every_digit(grid: &Grid) -> bool {
    let n = grid.size();
    let distinct = |cells: Vec<usize>| {
        let mut digits: Vec<_> = cells.into_iter().map(|cell| grid.get(cell)).collect();
        digits.sort_unstable();
        digits.dedup();
        digits.len() == n && digits.iter().all(Option::is_some)
    };
    distinct((0..n).map(|i| i * n + i).collect())
        && distinct((0..n).map(|i| i * n + n - 1 - i).collect())
}

#[test]
fn blank_x_sudoku_grids_are_filled_within_a_few_thousand_nodes() {
    // Diagonals break the plain pattern; with k×k boxes a linear grid over the field of k
    // elements fits them (crates/sudoku/src/solve/wide/linear.rs). Without one, a blank 64×64
    // X-sudoku was not filled in a minute: the node limit makes such a regression a failure,
    // not a hang.
    [4usize, 5, 7, 8].into_par_iter().for_each(|k| {
        let n = k * k;
        let template = Rules::from_variant(Variant::standard(n).unwrap().with_diagonals().unwrap());
        let mut solver = template.solver();
        let found = std::sync::Mutex::new(None);
        let mut search = solver.explore(&Grid::empty(n)).unwrap();
        let run = dancer::run::Run::new().solution_limit(1).node_limit(5_000);
        let outcome = run
            .visit(&mut search, &|search: &dancer_sudoku::PuzzleSearch<'_, '_, Grid>| {
                *found.lock().unwrap() = Some(search.solution().unwrap());
                std::ops::ControlFlow::Continue(())
            })
            .unwrap();
        assert_eq!(outcome.solutions(), 1, "{n}x{n} X: {:?}", outcome.stopped());
        let grid = found.into_inner().unwrap().unwrap();
        assert!(is_valid_solution(grid.cells(), n, k, k), "{n}x{n} X");
        assert!(diagonals_hold_every_digit(&grid), "{n}x{n} X: a diagonal repeats a digit");
    });
}

#[test]
fn generated_x_sudoku_of_large_sizes_are_unique_and_keep_the_diagonals() {
    [7usize, 8].into_par_iter().for_each(|k| {
        let n = k * k;
        let template = Rules::from_variant(Variant::standard(n).unwrap().with_diagonals().unwrap());
        let made = Generator::new(template.template().unwrap())
            .generate(&mut rng_for(5, 0), &Options::default());
        let made = made.unwrap();
        assert!(is_valid_solution(made.solution.cells(), n, k, k), "{n}x{n} X");
        assert!(diagonals_hold_every_digit(&made.solution), "{n}x{n} X");
        let report = template.solver().solve_unique(&made.puzzle).unwrap();
        assert_eq!(report.verdict, Verdict::Unique(made.solution), "{n}x{n} X");
    });
}
