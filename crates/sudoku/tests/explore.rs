//! A puzzle's search as a `dancer::run::Run`: the bitmask search (below 16×16) and the engine (from
//! 16×16 up) count and enumerate on several threads exactly as one search does, with the same
//! counters; the blank 6×6 has its 28 200 960 grids; stopped and resumed searches lose nothing
//! and repeat nothing.

use std::{ops::ControlFlow, sync::Mutex};

use dancer::{
    run::{Checkpoint, Run, RunError, Subproblem},
    OptionId,
};
use dancer_sudoku::{Grid, PuzzleSearch, Rules, Variant};
use proptest::prelude::*;

use crate::checker::{is_valid_solution, keeps_givens};

fn pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap()
}

/// A 16×16 solution: row `r` is the pattern shifted by `4 (r mod 4) + r / 4`.
fn sixteen() -> Grid {
    let cells = (0..256u16)
        .map(|k| {
            let (r, c) = (k / 16, k % 16);
            u8::try_from((r % 4 * 4 + r / 4 + c) % 16 + 1).unwrap()
        })
        .collect();
    Grid::from_cells(16, cells)
}

/// `grid` with the cells where `keep` is false made blank.
fn blanked(grid: &Grid, keep: impl Fn(usize) -> bool) -> Grid {
    let cells = grid.cells().iter().enumerate().map(|(k, &d)| if keep(k) { d } else { 0 });
    Grid::from_cells(grid.size(), cells.collect())
}

/// The count and counters of `puzzle` by one search, and by runs of 1, 2 and 4 threads.
fn check_counts(template: &Rules, puzzle: &Grid, expected: u64) {
    let mut solver = template.solver();
    let mut search = solver.explore(puzzle).unwrap();
    let whole = Run::new().count(&mut search).unwrap();
    assert_eq!(whole.solutions(), expected);
    for threads in [1, 2, 4] {
        let mut solver = template.solver();
        let mut search = solver.explore(puzzle).unwrap();
        let run = Run::new().threads(threads).poll_nodes(5);
        let outcome = pool(threads).install(|| run.count(&mut search).unwrap());
        assert_eq!(outcome.solutions(), expected, "{threads} threads");
        assert_eq!(outcome.stats().nodes(), whole.stats().nodes(), "{threads} threads");
        assert_eq!(outcome.stats().updates(), whole.stats().updates(), "{threads} threads");
    }
    // The plain count agrees (below 16×16 the same search, from 16×16 up the engine's).
    assert_eq!(template.solver().count(puzzle, None).unwrap().count, expected);
}

#[test]
fn blank_grids_count_alike_on_any_number_of_threads() {
    let four = Rules::from_variant(Variant::standard(4).unwrap());
    check_counts(&four, &Grid::empty(4), 288);
    // A 6×6 with its first row given: 28 200 960 / 6! grids.
    let six = Rules::from_variant(Variant::standard(6).unwrap());
    let first_row: Vec<u8> = (1..=6).chain(std::iter::repeat_n(0, 30)).collect();
    check_counts(&six, &Grid::from_cells(6, first_row), 39_168);
}

#[test]
fn the_blank_6x6_has_28_200_960_grids() {
    let six = Rules::from_variant(Variant::standard(6).unwrap());
    let mut solver = six.solver();
    let mut search = solver.explore(&Grid::empty(6)).unwrap();
    let outcome = pool(2).install(|| Run::new().threads(2).count(&mut search).unwrap());
    assert_eq!(outcome.solutions(), 28_200_960);
}

#[test]
fn sixteen_by_sixteen_runs_on_the_wide_search() {
    let template = Rules::from_variant(Variant::standard(16).unwrap());
    let full = sixteen();
    assert!(template.variant().unwrap().is_solution(&full));
    // Two bands' worth of cells open in the first stack: their rows can be permuted.
    let puzzle = blanked(&full, |k| k % 16 >= 4 || k / 16 >= 8);
    let expected = template.solver().count(&puzzle, None).unwrap().count;
    assert!(expected > 1, "{expected} solutions");
    check_counts(&template, &puzzle, expected);
}

/// Every solution grid of `puzzle`, as strings, from a run of `threads` threads in slices of
/// at most `slice` nodes resumed from each other's checkpoints.
fn sliced(template: &Rules, puzzle: &Grid, threads: usize, slice: u64) -> Vec<String> {
    let found = Mutex::new(Vec::new());
    let visit = |search: &PuzzleSearch<'_, '_, Grid>| {
        found.lock().unwrap().push(search.solution().unwrap().to_string());
        ControlFlow::Continue(())
    };
    let pool = pool(threads);
    let mut checkpoint: Option<Checkpoint> = None;
    loop {
        let mut solver = template.solver();
        let mut search = solver.explore(puzzle).unwrap();
        let mut run = Run::new().threads(threads).poll_nodes(2).node_limit(slice);
        if let Some(checkpoint) = &checkpoint {
            run = run.resume(checkpoint);
        }
        let outcome = pool.install(|| run.visit(&mut search, &visit)).unwrap();
        if outcome.is_complete() {
            return found.into_inner().unwrap();
        }
        checkpoint = Some(outcome.into_checkpoint());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn stopped_and_resumed_searches_find_each_solution_once(
        keep in proptest::collection::vec(proptest::bool::weighted(0.35), 36),
        slice in 1u64..40,
    ) {
        let template = Rules::from_variant(Variant::standard(6).unwrap());
        // Givens from a known 6×6 grid, so that every puzzle has a solution.
        let full = Grid::from_cells(6, crate::checker::cells(
            "123456456123231564564231312645645312", 6));
        let puzzle = blanked(&full, |k| keep[k]);
        let whole = sliced(&template, &puzzle, 1, u64::MAX);
        prop_assert!(!whole.is_empty());
        prop_assert_eq!(&sliced(&template, &puzzle, 1, slice), &whole);
        let mut parallel = sliced(&template, &puzzle, 2, slice);
        let mut expected = whole.clone();
        parallel.sort();
        expected.sort();
        prop_assert_eq!(parallel, expected);
        for grid in &whole {
            let cells = crate::checker::cells(grid, 6);
            prop_assert!(is_valid_solution(&cells, 6, 2, 3));
            prop_assert!(keeps_givens(puzzle.cells(), &cells));
        }
    }
}

#[test]
fn a_broken_rule_is_a_conflict_and_no_solution_is_an_empty_tree() {
    let template = Rules::from_variant(Variant::standard(4).unwrap());
    let mut solver = template.solver();
    let twice = Grid::from_cells(4, [1, 1].into_iter().chain([0; 14]).collect());
    assert!(solver.explore(&twice).is_err());
    // Consistent givens with no solution: r1c1 can hold none of 1-4 (row 1 has 1, 2, 3 and
    // column 1 has 4), which the deductions find at the root.
    let dead = Grid::from_cells(4, [0, 1, 2, 3, 4].into_iter().chain([0; 11]).collect());
    assert!(template.variant().unwrap().check(&dead).is_ok());
    let mut search = solver.explore(&dead).unwrap();
    let outcome = Run::new().count(&mut search).unwrap();
    assert_eq!((outcome.solutions(), outcome.stats().nodes()), (0, 1));
    assert!(outcome.is_complete());
}

#[test]
fn a_path_naming_no_option_of_the_grid_is_an_error_at_every_size() {
    // Checkpoint files and parts are read from disk: any number can stand in a path. The wide
    // search (from 16×16 up) once indexed its cells with one at a branch point on a digit's
    // places and panicked (found by the fuzz harness: option 8 489 of a 16×16, whose options
    // end at 4 095; they now go on past N³ with the places of a digit in a region, up to
    // N³ + 3N·N² for rows, columns and boxes). Each step of a real path is replaced in turn
    // by a number past them all.
    for n in [4, 9, 16, 25] {
        let template = Rules::from_variant(Variant::standard(n).unwrap());
        let mut solver = template.solver();
        let mut search = solver.explore(&Grid::empty(n)).unwrap();
        let stopped = Run::new().node_limit(30).count(&mut search).unwrap();
        let path = stopped.checkpoint().remaining()[0].path().to_vec();
        assert!(path.len() > 5, "{n}x{n}: {} steps", path.len());
        for depth in 0..path.len() {
            for option in [n * n * n * 4, n * n * n * 8 + 1, u32::MAX as usize] {
                let mut bad = path[..=depth].to_vec();
                bad[depth] = OptionId::new(option);
                let given = [Subproblem::new(bad, 0, None).unwrap()];
                let mut search = solver.explore(&Grid::empty(n)).unwrap();
                let ran = Run::new().subproblems(&given).count(&mut search);
                assert!(
                    matches!(ran, Err(RunError::Path { index: 0, .. })),
                    "{n}x{n}, step {depth}: {ran:?}"
                );
            }
        }
    }
}
