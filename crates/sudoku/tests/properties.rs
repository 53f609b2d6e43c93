//! Property tests of solving: puzzles cut from random valid grids always solve to a grid that
//! keeps their givens, solution counts do not change under the symmetries of sudoku,
//! `Variant::check` agrees with the independent checker, and a solver reused across puzzles
//! repeats itself exactly.
//!
//! Random valid grids come from the library's solution of a blank grid, moved around by a
//! validity-preserving transformation written here (digit relabelling, row and column moves
//! within bands and stacks, band and stack moves, transposition), so that the grids and their
//! validity do not depend on the code under test.

use dancer_sudoku::{Grid, PuzzleSolver, Rules, Variant, Verdict};
use proptest::prelude::*;
use proptest::test_runner::Config;

use crate::checker::{is_valid_solution, keeps_givens};

/// Few cases, so the file runs in seconds; no shrinking on CI, where a failure is reported
/// rather than explored.
fn config(cases: u32) -> Config {
    let shrink =
        if std::env::var_os("CI").is_some() { 0 } else { Config::default().max_shrink_iters };
    Config { cases, max_shrink_iters: shrink, ..Config::default() }
}

/// A box shape (rows, columns) of the sizes tested: 4×4, 6×6 with 2×3 boxes, 9×9.
type Shape = (usize, usize);

/// The library's first solution of the blank grid of `shape`: valid, but always the same.
fn seed_grid((r, c): Shape) -> Vec<u8> {
    let template = Rules::from_variant(Variant::with_boxes(r * c, r, c).unwrap());
    let Verdict::Solved(grid) = template.solver().solve(&Grid::empty(r * c)).unwrap().verdict
    else {
        panic!("the blank {r}x{c}-box grid has solutions")
    };
    assert!(is_valid_solution(grid.cells(), r * c, r, c));
    grid.cells().to_vec()
}

/// A validity-preserving move of an N×N grid: cell (i, j) of the result is
/// `digits[old(rows[i], cols[j])]`, then the grid is transposed if `transpose`.
#[derive(Clone, Debug)]
struct Transform {
    n: usize,
    /// New label of digit d + 1 is `digits[d] + 1`.
    digits: Vec<usize>,
    /// Row `i` of the result is row `rows[i]` of the input.
    rows: Vec<usize>,
    cols: Vec<usize>,
    transpose: bool,
}

impl Transform {
    fn identity(n: usize) -> Transform {
        let id: Vec<usize> = (0..n).collect();
        Transform { n, digits: id.clone(), rows: id.clone(), cols: id, transpose: false }
    }

    fn apply(&self, cells: &[u8]) -> Vec<u8> {
        let n = self.n;
        let mut out = vec![0; n * n];
        for i in 0..n {
            for j in 0..n {
                let d = cells[self.rows[i] * n + self.cols[j]];
                let d = if d == 0 { 0 } else { self.digits[usize::from(d) - 1] as u8 + 1 };
                out[if self.transpose { j * n + i } else { i * n + j }] = d;
            }
        }
        out
    }
}

fn permutation(len: usize) -> impl Strategy<Value = Vec<usize>> {
    Just((0..len).collect::<Vec<_>>()).prop_shuffle()
}

/// An order of `groups` groups of `width` consecutive lines: the groups shuffled, and the
/// lines shuffled within each group (rows within bands, columns within stacks).
fn line_order(groups: usize, width: usize) -> impl Strategy<Value = Vec<usize>> {
    (permutation(groups), prop::collection::vec(permutation(width), groups)).prop_map(
        move |(order, within)| {
            order.iter().flat_map(|&g| within[g].iter().map(move |&k| g * width + k)).collect()
        },
    )
}

/// Any transform of a grid with `r`×`c` boxes; transposition only when boxes are square,
/// since it turns r×c boxes into c×r ones.
fn transform((r, c): Shape) -> impl Strategy<Value = Transform> {
    let n = r * c;
    (permutation(n), line_order(n / r, r), line_order(n / c, c), any::<bool>()).prop_map(
        move |(digits, rows, cols, flip)| Transform {
            n,
            digits,
            rows,
            cols,
            transpose: flip && r == c,
        },
    )
}

fn shape() -> impl Strategy<Value = Shape> {
    prop::sample::select(vec![(2, 2), (2, 3), (3, 3)])
}

/// A random valid full grid of `shape`.
fn full_grid(shape: Shape) -> impl Strategy<Value = Vec<u8>> {
    let seed = seed_grid(shape);
    transform(shape).prop_map(move |t| t.apply(&seed))
}

/// A random full grid with all but `givens` cells blanked, for `givens` in the range.
fn puzzle(shape: Shape, givens: std::ops::RangeInclusive<usize>) -> impl Strategy<Value = Grid> {
    let n = shape.0 * shape.1;
    (full_grid(shape), permutation(n * n), givens).prop_map(move |(mut cells, order, keep)| {
        for &cell in &order[keep.min(n * n)..] {
            cells[cell] = 0;
        }
        Grid::from_cells(n, cells)
    })
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn blanked_valid_grids_solve_keeping_their_givens(
        (shape, full, blanks) in shape().prop_flat_map(|shape| {
            let cells = shape.0 * shape.0 * shape.1 * shape.1;
            // A random density, so nearly blank and nearly full puzzles both come up.
            let blanks = (0.0..=1.0f64)
                .prop_flat_map(move |p| prop::collection::vec(prop::bool::weighted(p), cells));
            (Just(shape), full_grid(shape), blanks)
        })
    ) {
        let n = shape.0 * shape.1;
        prop_assert!(is_valid_solution(&full, n, shape.0, shape.1), "the transform broke {:?}", full);
        let givens: Vec<u8> =
            full.iter().zip(&blanks).map(|(&d, &blank)| if blank { 0 } else { d }).collect();
        let puzzle = Grid::from_cells(n, givens);
        let template = Rules::from_variant(Variant::with_boxes(n, shape.0, shape.1).unwrap());
        let Verdict::Solved(solution) = template.solver().solve(&puzzle).unwrap().verdict else {
            return Err(TestCaseError::fail(format!("{puzzle}: no solution")));
        };
        prop_assert!(is_valid_solution(solution.cells(), n, shape.0, shape.1), "{}", solution);
        prop_assert!(keeps_givens(puzzle.cells(), solution.cells()), "{} -> {}", puzzle, solution);
    }
}

/// The count of `puzzle` (up to 1000) and whether it was complete.
fn count(solver: &mut PuzzleSolver<'_>, cells: Vec<u8>) -> (u64, bool) {
    let n = solver.rules().model().symbols;
    let count = solver.count(&Grid::from_cells(n, cells), Some(1000)).unwrap();
    (count.count, count.complete)
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn counts_survive_relabelling_transposing_and_row_moves(
        (puzzle, t) in prop_oneof![
            (puzzle((2, 2), 0..=16), transform((2, 2))),
            // At 25 givens and more, counting a 9×9 up to 1000 stays in milliseconds.
            (puzzle((3, 3), 25..=40), transform((3, 3))),
        ]
    ) {
        let n = puzzle.size();
        let template = Rules::from_variant(Variant::standard(n).unwrap());
        let mut solver = template.solver();
        let original = count(&mut solver, puzzle.cells().to_vec());
        let identity = Transform::identity(n);
        let relabel = Transform { digits: t.digits.clone(), ..identity.clone() };
        let transpose = Transform { transpose: true, ..identity.clone() };
        // Rows within bands only: `t.rows` with its band order undone by a stable sort.
        let mut rows = t.rows.clone();
        let b = template.variant().unwrap().box_shape().unwrap().0;
        rows.sort_by_key(|&r| r / b);
        let within_bands = Transform { rows, ..identity };
        for (name, moved) in
            [("relabel", relabel), ("transpose", transpose), ("rows", within_bands), ("all", t)]
        {
            let cells = moved.apply(puzzle.cells());
            prop_assert_eq!(count(&mut solver, cells.clone()), original, "{}: {:?}", name, cells);
        }
    }
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn check_agrees_with_the_independent_checker(
        (shape, full, a, b) in shape().prop_flat_map(|shape| {
            let cells = shape.0 * shape.0 * shape.1 * shape.1;
            (Just(shape), full_grid(shape), 0..cells, 0..cells)
        }),
        swap: bool,
    ) {
        let n = shape.0 * shape.1;
        let variant = Variant::with_boxes(n, shape.0, shape.1).unwrap();
        let mut cells = full;
        if swap {
            cells.swap(a, b);
        }
        let valid = is_valid_solution(&cells, n, shape.0, shape.1);
        // Swapping two equal digits, or a cell with itself, leaves the grid valid.
        prop_assert_eq!(valid, !swap || a == b || cells[a] == cells[b]);
        let grid = Grid::from_cells(n, cells.clone());
        prop_assert_eq!(variant.is_solution(&grid), valid);
        match variant.check(&grid) {
            Ok(()) => prop_assert!(valid),
            Err(conflict) => {
                prop_assert!(!valid);
                // The conflict names two cells holding its digit, one of them a swapped cell.
                prop_assert_eq!(cells[conflict.cell], conflict.digit);
                prop_assert_eq!(cells[conflict.earlier], conflict.digit);
                prop_assert!([a, b].contains(&conflict.cell) || [a, b].contains(&conflict.earlier));
            }
        }
    }
}

proptest! {
    #![proptest_config(config(128))]

    #[test]
    fn a_reused_solver_repeats_itself(
        a in puzzle((3, 3), 17..=40),
        b in puzzle((3, 3), 0..=81),
        clash in prop::option::of(0usize..81),
    ) {
        let template = Rules::from_variant(Variant::standard(9).unwrap());
        let mut b = b.cells().to_vec();
        // Sometimes B's givens clash in a row, so the solver also goes through a failed load.
        if let Some(cell) = clash {
            let digit = if b[cell] == 0 { 1 } else { b[cell] };
            b[cell] = digit;
            b[cell - cell % 9 + (cell + 1) % 9] = digit;
        }
        let b = Grid::from_cells(9, b);
        let mut solver = template.solver();
        let first = solver.solve_unique(&a).unwrap();
        let first_count = solver.count(&a, Some(10)).unwrap();
        let other = solver.solve_unique(&b).unwrap();
        solver.count(&b, Some(10)).unwrap();
        let again = solver.solve_unique(&a).unwrap();
        prop_assert_eq!(&first, &again, "B was {} ({:?})", b, other.verdict);
        prop_assert_eq!(solver.count(&a, Some(10)).unwrap(), first_count);
        // And a fresh solver agrees with the reused one.
        prop_assert_eq!(template.solver().solve_unique(&a).unwrap(), first.clone());
        let (Verdict::Unique(s) | Verdict::Multiple(s)) = first.verdict else {
            return Err(TestCaseError::fail(format!("{a}: {:?}", first.verdict)));
        };
        prop_assert!(is_valid_solution(s.cells(), 9, 3, 3) && keeps_givens(a.cells(), s.cells()));
    }
}
