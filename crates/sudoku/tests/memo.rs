//! `PuzzleSolver::count_memo` on grids: the memoised count on the engine equals the plain count
//! (the bitmask or wide search) on puzzles of several sizes and variants with 0, 1 and many
//! solutions, with tables of any size, one table reused over many puzzles; the published blank
//! counts.

use dancer::Memo;
use dancer_sudoku::{Grid, Rules, Variant, Verdict};

/// The `SplitMix64` mixer: a fixed sequence, so that the puzzles are the same on every run.
struct Mix(u64);

impl Mix {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        usize::try_from((z ^ (z >> 31)) % n as u64).unwrap()
    }
}

/// The templates under test, each with how many cells its puzzles leave open at most (so that
/// the plain count stays quick).
fn templates() -> Vec<(Rules, usize)> {
    // A 10×10 jigsaw of horizontal 2×5 pieces.
    let layout: String =
        (0u8..100).map(|cell| char::from(b'a' + cell / 20 * 2 + cell % 10 / 5)).collect();
    vec![
        (Rules::from_variant(Variant::standard(4).unwrap()), 16),
        (Rules::from_variant(Variant::with_boxes(6, 3, 2).unwrap()), 32),
        (Rules::from_variant(Variant::with_boxes(8, 2, 4).unwrap()), 48),
        (Rules::from_variant(Variant::standard(9).unwrap()), 61),
        (Rules::from_variant(Variant::standard(9).unwrap().with_diagonals().unwrap()), 62),
        (Rules::from_variant(Variant::standard(9).unwrap().with_hyper().unwrap()), 62),
        (Rules::from_variant(Variant::jigsaw(10, &layout).unwrap()), 64),
        // From 16×16 up the plain count is the wide search: the memo checks it against the
        // engine.
        (Rules::from_variant(Variant::standard(16).unwrap()), 120),
    ]
}

/// Puzzles of `template`: a solution with more and more cells opened (one solution, then
/// many), and each of those with a digit added that breaks no rule directly (often no
/// solution), and one with a repeated digit (invalid).
fn puzzles(template: &Rules, most_open: usize, mix: &mut Mix) -> Vec<Grid> {
    let n = template.variant().unwrap().size();
    let mut solver = template.solver();
    let Verdict::Solved(full) = solver.solve(&Grid::empty(n)).unwrap().verdict else {
        panic!("a blank {n}x{n} has a solution")
    };
    let mut order: Vec<usize> = (0..n * n).collect();
    for k in (1..order.len()).rev() {
        order.swap(k, mix.below(k + 1));
    }
    let mut puzzles = Vec::new();
    for open in [most_open / 4, most_open / 2, most_open * 3 / 4, most_open] {
        let mut cells = full.cells().to_vec();
        for &cell in &order[..open] {
            cells[cell] = 0;
        }
        puzzles.push(Grid::from_cells(n, cells.clone()));
        for &cell in &order[..open.min(6)] {
            let digit = u8::try_from(1 + mix.below(n)).unwrap();
            let mut added = cells.clone();
            added[cell] = digit;
            let added = Grid::from_cells(n, added);
            if template.variant().unwrap().check(&added).is_ok() {
                puzzles.push(added);
            }
        }
    }
    let mut invalid = full.cells().to_vec();
    invalid[1] = invalid[0];
    puzzles.push(Grid::from_cells(n, invalid));
    puzzles
}

#[test]
fn memoised_counts_equal_plain_counts_on_every_variant() {
    let mut mix = Mix(13);
    let (mut zero, mut one, mut many) = (0, 0, 0);
    for (template, most_open) in templates() {
        let mut solver = template.solver();
        // One table for all the puzzles of a template, as `sudoku count --memo` keeps it.
        let mut memo = Memo::new(64 << 20);
        for puzzle in puzzles(&template, most_open, &mut mix) {
            let plain = solver.count(&puzzle, None).unwrap();
            let memoised =
                solver.count_memo(&puzzle, &mut memo, &dancer::run::MemoRun::new()).unwrap();
            assert!(plain.complete);
            assert_eq!(memoised.count, u128::from(plain.count), "{puzzle}");
            assert_eq!(memoised.invalid, plain.invalid, "{puzzle}");
            match plain.count {
                0 => zero += 1,
                1 => one += 1,
                _ => many += 1,
            }
        }
    }
    // The puzzles cover what they should, or the comparison proves less than it says.
    assert!(zero >= 20 && one >= 10 && many >= 20, "0: {zero}, 1: {one}, many: {many}");
}

#[test]
fn tiny_tables_evict_and_give_the_same_counts() {
    let mut mix = Mix(29);
    for (template, most_open) in templates().into_iter().take(4) {
        let mut solver = template.solver();
        let (mut none, mut tiny) = (Memo::new(0), Memo::new(4 << 10));
        for puzzle in puzzles(&template, most_open, &mut mix) {
            let plain = u128::from(solver.count(&puzzle, None).unwrap().count);
            assert_eq!(
                solver.count_memo(&puzzle, &mut none, &dancer::run::MemoRun::new()).unwrap().count,
                plain
            );
            assert_eq!(
                solver.count_memo(&puzzle, &mut tiny, &dancer::run::MemoRun::new()).unwrap().count,
                plain
            );
        }
        assert_eq!(none.entries(), 0);
        assert!(tiny.evictions() > 0, "a 4 KiB table fills on every template");
    }
}

#[test]
fn a_table_reused_answers_a_puzzle_met_before_at_its_root() {
    let template = Rules::from_variant(Variant::standard(6).unwrap());
    let mut solver = template.solver();
    let mut memo = Memo::new(64 << 20);
    let Verdict::Solved(full) = solver.solve(&Grid::empty(6)).unwrap().verdict else { panic!() };
    let mut cells = full.cells().to_vec();
    cells[..20].fill(0);
    let puzzle = Grid::from_cells(6, cells);
    let first = solver.count_memo(&puzzle, &mut memo, &dancer::run::MemoRun::new()).unwrap();
    assert!(first.count > 1 && first.stats.nodes() > 1);
    let again = solver.count_memo(&puzzle, &mut memo, &dancer::run::MemoRun::new()).unwrap();
    assert_eq!((again.count, again.stats.nodes()), (first.count, 1));
    // Another template's puzzle clears the table, and this one is counted afresh, right.
    let four = Rules::from_variant(Variant::standard(4).unwrap());
    assert_eq!(
        four.solver()
            .count_memo(&Grid::empty(4), &mut memo, &dancer::run::MemoRun::new())
            .unwrap()
            .count,
        288
    );
    let after = solver.count_memo(&puzzle, &mut memo, &dancer::run::MemoRun::new()).unwrap();
    assert_eq!((after.count, after.stats.nodes()), (first.count, first.stats.nodes()));
}

#[test]
fn blank_4x4_has_288_solutions() {
    let template = Rules::from_variant(Variant::standard(4).unwrap());
    let counted = template.solver().count_memo(
        &Grid::empty(4),
        &mut Memo::default(),
        &dancer::run::MemoRun::new(),
    );
    assert_eq!(counted.unwrap().count, 288);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow: 5.5 million sub-problems; run in release")]
fn blank_6x6_has_28_200_960_solutions() {
    let template = Rules::from_variant(Variant::with_boxes(6, 2, 3).unwrap());
    let counted = template.solver().count_memo(
        &Grid::empty(6),
        &mut Memo::default(),
        &dancer::run::MemoRun::new(),
    );
    assert_eq!(counted.unwrap().count, 28_200_960);
}
