//! Transforms and canonical forms: transforms keep grids valid and solution counts unchanged,
//! compose and invert; canonical forms are the same across a class, idempotent, reached by
//! their transform, and equal to a brute-force minimum over the whole group written here.

use std::cmp::Ordering;
use std::collections::HashSet;

use dancer_sudoku::{
    canonical, canonical_with_transform, Grid, Rules, Transform, Variant, Verdict,
};
use proptest::prelude::*;
use proptest::test_runner::Config;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::checker::{is_valid_solution, keeps_givens};

/// No shrinking on CI, where a failure is reported rather than explored.
fn config(cases: u32) -> Config {
    let shrink =
        if std::env::var_os("CI").is_some() { 0 } else { Config::default().max_shrink_iters };
    Config { cases, max_shrink_iters: shrink, ..Config::default() }
}

/// Box shapes (rows, columns) tested: 4×4, 6×6 with 2×3 boxes (no transposition), 9×9.
const SHAPES: [(usize, usize); 3] = [(2, 2), (2, 3), (3, 3)];

/// A random valid full grid of `r`×`c` boxes (the solver's blank-grid solution, moved) and a
/// puzzle from it keeping about `keep` cells.
fn random_grid(seed: u64, (r, c): (usize, usize), keep: usize) -> (Grid, Grid) {
    let n = r * c;
    let template = Rules::from_variant(Variant::with_boxes(n, r, c).unwrap());
    let Verdict::Solved(solved) = template.solver().solve(&Grid::empty(n)).unwrap().verdict else {
        panic!("blank grids solve")
    };
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let full = Transform::random(&mut rng, n, r, c).apply(&solved);
    let mut puzzle = full.clone();
    for cell in 0..n * n {
        if rng.random_range(0..n * n) >= keep {
            puzzle.set(cell, None);
        }
    }
    (full, puzzle)
}

/// Whether `t` is an element of the group, checked from its parts alone: lines move with their
/// band or stack, digits are a permutation fixing blank, transposition only for square boxes.
fn is_group_element(t: &Transform, (r, c): (usize, usize)) -> bool {
    let n = r * c;
    let lines = |order: &[usize], width: usize| {
        let mut sorted = order.to_vec();
        sorted.sort_unstable();
        sorted == (0..n).collect::<Vec<_>>()
            && order.chunks(width).all(|g| g.iter().all(|&l| l / width == g[0] / width))
    };
    let mut digits = t.digits().to_vec();
    digits.sort_unstable();
    t.digits()[0] == 0
        && digits == (0..=n as u8).collect::<Vec<_>>()
        && lines(t.rows(), r)
        && lines(t.cols(), c)
        && (!t.transposes() || r == c)
}

/// Every order of `groups` groups of `width` lines that keeps each group together.
fn line_orders(groups: usize, width: usize) -> Vec<Vec<usize>> {
    let within = permutations(width);
    let mut all = Vec::new();
    for order in permutations(groups) {
        let mut partial = vec![Vec::new()];
        for &g in &order {
            partial = partial
                .into_iter()
                .flat_map(|p: Vec<usize>| {
                    within.iter().map(move |w| {
                        let mut q = p.clone();
                        q.extend(w.iter().map(|k| g * width + k));
                        q
                    })
                })
                .collect();
        }
        all.extend(partial);
    }
    all
}

fn permutations(k: usize) -> Vec<Vec<usize>> {
    if k == 0 {
        return vec![Vec::new()];
    }
    let mut all = Vec::new();
    for shorter in permutations(k - 1) {
        for at in 0..k {
            let mut p = shorter.clone();
            p.insert(at, k - 1);
            all.push(p);
        }
    }
    all
}

/// The least row-major reading, blank as 0, digits numbered by first appearance, over every
/// row order, column order and (square boxes) transposition: the definition, by brute force.
fn brute_canonical(grid: &Grid, (box_rows, box_cols): (usize, usize)) -> Vec<u8> {
    let n = grid.size();
    let cells = grid.cells();
    let (rows, cols) = (line_orders(n / box_rows, box_rows), line_orders(n / box_cols, box_cols));
    let mut best = vec![u8::MAX; n * n];
    let mut reading = vec![0; n * n];
    for transpose in [false, true] {
        if transpose && box_rows != box_cols {
            continue;
        }
        for row_order in &rows {
            'cols: for col_order in &cols {
                let (mut label, mut next, mut order) = ([0u8; 65], 1, Ordering::Equal);
                for (k, slot) in reading.iter_mut().enumerate() {
                    let (row, col) = (row_order[k / n], col_order[k % n]);
                    let cell = if transpose { col * n + row } else { row * n + col };
                    let d = usize::from(cells[cell]);
                    if d != 0 && label[d] == 0 {
                        label[d] = next;
                        next += 1;
                    }
                    *slot = label[d];
                    if order == Ordering::Equal {
                        order = (*slot).cmp(&best[k]);
                        if order == Ordering::Greater {
                            continue 'cols;
                        }
                    }
                }
                if order == Ordering::Less {
                    best.clone_from(&reading);
                }
            }
        }
    }
    best
}

/// The solution count of `puzzle`, up to 1000.
fn count(puzzle: &Grid, (r, c): (usize, usize)) -> u64 {
    let template = Rules::from_variant(Variant::with_boxes(r * c, r, c).unwrap());
    template.solver().count(puzzle, Some(1000)).unwrap().count
}

fn shape() -> impl Strategy<Value = (usize, usize)> {
    prop::sample::select(SHAPES.to_vec())
}

proptest! {
    #![proptest_config(config(96))]

    #[test]
    fn canonical_forms_agree_across_a_class(
        shape in shape(), seed: u64, moved: u64, density in 0usize..=100,
    ) {
        let n = shape.0 * shape.1;
        let (full, puzzle) = random_grid(seed, shape, n * n * density / 100);
        let t = Transform::random(&mut ChaCha8Rng::seed_from_u64(moved), n, shape.0, shape.1);
        for grid in [full, puzzle] {
            let (canon, to_canon) = canonical_with_transform(&grid, shape.0, shape.1);
            prop_assert_eq!(&canonical(&t.apply(&grid), shape.0, shape.1), &canon, "{}", grid);
            prop_assert!(is_group_element(&to_canon, shape), "{:?}", to_canon);
            prop_assert_eq!(&to_canon.apply(&grid), &canon);
            prop_assert_eq!(&canonical(&canon, shape.0, shape.1), &canon, "idempotent");
        }
    }

    #[test]
    fn canonical_forms_are_the_brute_force_minimum(
        shape in prop::sample::select(vec![(2, 2), (2, 3), (3, 2)]), seed: u64,
        density in 0usize..=100,
    ) {
        let n = shape.0 * shape.1;
        let (full, puzzle) = random_grid(seed, shape, n * n * density / 100);
        for grid in [full, puzzle] {
            let canon = canonical(&grid, shape.0, shape.1);
            prop_assert_eq!(canon.cells(), &brute_canonical(&grid, shape)[..], "{}", grid);
        }
    }

    #[test]
    fn transforms_keep_counts_and_solutions(
        shape in shape(), seed: u64, moved: u64, density in 30usize..=100,
    ) {
        let n = shape.0 * shape.1;
        // At 9×9 keep 25 givens or more, so counting to 1000 stays quick.
        let density = if n == 9 { density.max(31) } else { density };
        let (full, puzzle) = random_grid(seed, shape, n * n * density / 100);
        let t = Transform::random(&mut ChaCha8Rng::seed_from_u64(moved), n, shape.0, shape.1);
        let (moved_full, moved_puzzle) = (t.apply(&full), t.apply(&puzzle));
        prop_assert!(is_valid_solution(moved_full.cells(), n, shape.0, shape.1), "{}", moved_full);
        prop_assert!(keeps_givens(moved_puzzle.cells(), moved_full.cells()));
        prop_assert_eq!(count(&moved_puzzle, shape), count(&puzzle, shape), "{}", puzzle);
        prop_assert_eq!(&t.then(&t.inverse()), &Transform::identity(n, shape.0, shape.1));
        prop_assert_eq!(&t.inverse().apply(&moved_puzzle), &puzzle);
    }
}

#[test]
fn named_transforms_behave() {
    let (full, _) = random_grid(5, (3, 3), 0);
    let (n, r, c) = (9, 3, 3);
    let id = Transform::identity(n, r, c);
    let quarter = Transform::rotate90(n, r, c);
    assert_eq!(quarter.then(&quarter).then(&quarter).then(&quarter), id);
    let half = Transform::rotate180(n, r, c);
    assert_eq!(quarter.then(&quarter), half);
    for flip in [Transform::mirror_horizontal(n, r, c), Transform::mirror_vertical(n, r, c)] {
        assert_eq!(flip.then(&flip), id);
    }
    let flips = Transform::mirror_horizontal(n, r, c).then(&Transform::mirror_vertical(n, r, c));
    assert_eq!(flips, half);
    assert_eq!(Transform::transpose(n, r, c).then(&half), Transform::antitranspose(n, r, c));
    let named = [
        quarter,
        Transform::rotate180(n, r, c),
        Transform::transpose(n, r, c),
        Transform::antitranspose(n, r, c),
        Transform::identity(n, r, c).swap_bands(0, 2),
        Transform::identity(n, r, c).swap_rows_in_band(1, 0, 2),
        Transform::identity(n, r, c).swap_stacks(1, 2),
        Transform::identity(n, r, c).swap_columns_in_stack(2, 0, 1),
        Transform::relabel(n, r, c, &[9, 8, 7, 6, 5, 4, 3, 2, 1]),
    ];
    for t in &named {
        assert!(is_valid_solution(t.apply(&full).cells(), n, r, c), "{t:?}");
        assert_eq!(canonical(&t.apply(&full), r, c), canonical(&full, r, c));
    }
    // The quarter turn moves the bottom-left cell to the top left, the top left to top right.
    let turned = named[0].apply(&full);
    assert_eq!((turned.cells()[0], turned.cells()[8]), (full.cells()[72], full.cells()[0]));
    let swapped = Transform::identity(n, r, c).swap_bands(0, 2).apply(&full);
    assert_eq!(swapped.cells()[..9], full.cells()[54..63]);
    let reversed = Transform::relabel(n, r, c, &[9, 8, 7, 6, 5, 4, 3, 2, 1]).apply(&full);
    assert!(reversed.cells().iter().zip(full.cells()).all(|(&a, &b)| a + b == 10));
    let oblong =
        Transform::mirror_horizontal(6, 2, 3).then(&Transform::identity(6, 2, 3).swap_bands(0, 1));
    assert_eq!(oblong.then(&oblong.inverse()), Transform::identity(6, 2, 3));
}

#[test]
#[should_panic(expected = "square boxes")]
fn oblong_boxes_do_not_rotate_a_quarter_turn() {
    let _ = Transform::rotate90(6, 2, 3);
}

#[test]
fn the_288_grids_of_the_4x4_fall_into_two_classes() {
    let template = Rules::from_variant(Variant::standard(4).unwrap());
    let mut solver = template.solver();
    let grids: Vec<Grid> = solver.enumerate(&Grid::empty(4)).unwrap().map(Result::unwrap).collect();
    assert_eq!(grids.len(), 288);
    let classes: HashSet<Grid> = grids.iter().map(|g| canonical(g, 2, 2)).collect();
    assert_eq!(classes.len(), 2, "{classes:?}");
    for class in &classes {
        assert!(is_valid_solution(class.cells(), 4, 2, 2) && class.cells()[..4] == [1, 2, 3, 4]);
    }
}

#[test]
fn a_9x9_puzzle_is_the_brute_force_minimum() {
    let (_, puzzle) = random_grid(9, (3, 3), 24);
    assert_eq!(canonical(&puzzle, 3, 3).cells(), &brute_canonical(&puzzle, (3, 3))[..]);
}

/// The 17-clue list (../shared/data).
fn seventeen_clue_lines() -> Vec<Grid> {
    let text = crate::fixtures::read(&crate::fixtures::shared("puzzles/tdoku_17_clue.txt"));
    let cells = |line: &str| line.bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect();
    text.lines().filter(|l| l.len() == 81).map(|l| Grid::from_cells(9, cells(l))).collect()
}

#[test]
#[ignore = "needs ../shared/data"]
fn the_17_clue_list_is_its_own_canonical_form() {
    let puzzles = seventeen_clue_lines();
    // The list is published in minlex form (the order defined here): its first 1000 lines are
    // fixed points, and distinct puzzles keep distinct forms.
    let forms: Vec<Grid> = puzzles[..1000].iter().map(|p| canonical(p, 3, 3)).collect();
    assert_eq!(forms, puzzles[..1000]);
    assert_eq!(forms.iter().collect::<HashSet<_>>().len(), 1000);
    // Line 3769 is not stored in minlex form: the brute force finds a smaller one, as does the
    // search.
    let odd = &puzzles[3768];
    let canon = canonical(odd, 3, 3);
    assert!(canon.cells() < odd.cells());
    assert_eq!(canon.cells(), &brute_canonical(odd, (3, 3))[..]);
}

#[test]
fn sixteen_by_sixteen_grids_canonicalise() {
    let shape = (4, 4);
    let (full, puzzle) = random_grid(16, shape, 120);
    let t = Transform::random(&mut ChaCha8Rng::seed_from_u64(16), 16, 4, 4);
    for grid in [full, puzzle] {
        let (canon, to_canon) = canonical_with_transform(&grid, 4, 4);
        assert_eq!(to_canon.apply(&grid), canon);
        assert_eq!(canonical(&t.apply(&grid), 4, 4), canon);
    }
}

/// Grids of few givens tie on every order of their blank rows: a blank 25×25 ran for hours
/// and a 16×16 with one given for seconds (issue 32). Equal rows of a band and blank bands
/// are now taken once; the form is still the same across the class.
#[test]
fn sparse_and_blank_large_grids_have_their_form_at_once_and_it_is_a_class_invariant() {
    for n in [16usize, 25] {
        let blank = Grid::empty(n);
        let b = n.isqrt();
        assert_eq!(canonical(&blank, b, b), blank);
        let mut rng = ChaCha8Rng::seed_from_u64(n as u64);
        for givens in [1, 2, 3, 6] {
            let mut grid = Grid::empty(n);
            for k in 0..givens {
                // Distinct digits in distinct rows and columns: a valid puzzle.
                let (row, col) = (k * 3 % n, (k * 7 + 1) % n);
                grid.set(row * n + col, Some(u8::try_from(k + 1).unwrap()));
            }
            let canon = canonical(&grid, b, b);
            assert_eq!(canon.given_count(), givens);
            for _ in 0..3 {
                let moved = Transform::random(&mut rng, n, b, b).apply(&grid);
                assert_eq!(canonical(&moved, b, b), canon, "{n}x{n} with {givens} givens");
            }
            let (form, transform) = canonical_with_transform(&grid, b, b);
            assert_eq!(transform.apply(&grid), form);
        }
    }
}
