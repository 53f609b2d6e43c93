//! Uniform sampling (`Solver::sample`): every draw is a solution by the independent checker,
//! draws are reproducible and do not depend on the table's size, they are uniform by a
//! chi-square test that the naive walk (each viable option equally likely) fails, they keep
//! the committed options, and on random problems with secondary items and colours they are
//! the oracle's solutions.

use std::{
    collections::{BTreeMap, BTreeSet},
    sync::atomic::AtomicBool,
};

use dancer::{strategy::specs, Memo, MemoError, OptionId, Problem};
use proptest::prelude::*;
use rand::{Rng, RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::counts::{
    binary_matrices::binary_matrices, dominoes::dominoes, n_queens::queens,
    pentominoes::pentominoes, toy,
};
use crate::memo::binary_choices;
use crate::oracle::{self, Chosen};

/// `k` draws from a fresh solver of `problem` on `memo`, with a generator seeded by `seed`,
/// each as the sorted indices of its options.
fn draws(problem: &Problem, memo: &mut Memo, seed: u64, k: usize) -> Vec<Chosen> {
    let mut solver = problem.solver();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..k)
        .map(|_| {
            let drawn = solver.sample(memo, &mut || rng.next_u64(), None).unwrap();
            oracle::sorted(&drawn.expect("the problem has solutions"))
        })
        .collect()
}

/// Every solution, by the plain search.
fn all_solutions(problem: &Problem) -> BTreeSet<Chosen> {
    problem.solver().solutions().map(|s| oracle::sorted(&s)).collect()
}

#[test]
fn every_sample_is_a_solution_and_the_solver_is_left_whole() {
    let problems = [
        ("toy (secondary items)", toy()),
        ("8 queens (secondary diagonals)", queens(8).unwrap()),
        ("binary matrices 4/2 (colours)", binary_matrices(4, 2).unwrap()),
        ("dominoes 6x6", dominoes(6, 6).unwrap()),
        ("pentominoes 3x20", pentominoes(3, 20, false).unwrap()),
    ];
    for (name, problem) in problems {
        let plain = problem.solver().count();
        let mut solver = problem.solver();
        let mut memo = Memo::default();
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        for _ in 0..50 {
            let drawn = solver.sample(&mut memo, &mut || rng.next_u64(), None).unwrap().unwrap();
            assert!(oracle::is_solution(&problem, &oracle::sorted(&drawn)), "{name}: {drawn:?}");
        }
        assert_eq!(solver.stats().solutions(), 50, "{name}: one solution per draw");
        assert_eq!(solver.count(), plain, "{name}: the matrix is whole after the draws");
    }
}

#[test]
fn the_same_seed_draws_the_same_solutions_and_another_seed_others() {
    let problem = dominoes(6, 6).unwrap();
    let first = draws(&problem, &mut Memo::default(), 5, 40);
    assert_eq!(draws(&problem, &mut Memo::default(), 5, 40), first);
    // On a table the first draws filled, too: lookups never change a count.
    let mut memo = Memo::default();
    draws(&problem, &mut memo, 6, 40);
    assert_eq!(draws(&problem, &mut memo, 5, 40), first);
    // 6 728 tilings: 40 draws of another seed all equal to these would be a broken source.
    assert_ne!(draws(&problem, &mut Memo::default(), 6, 40), first);
}

#[test]
fn a_tiny_table_draws_the_same_solutions_as_a_large_one() {
    for problem in [dominoes(6, 6).unwrap(), binary_matrices(5, 2).unwrap()] {
        let large = draws(&problem, &mut Memo::default(), 3, 30);
        for limit in [0, 1_000, 10_000] {
            let mut memo = Memo::new(limit);
            assert_eq!(draws(&problem, &mut memo, 3, 30), large, "{limit} bytes");
            assert!(memo.bytes() <= limit);
            if limit > 0 {
                assert!(memo.evictions() > 0, "{limit} bytes: nothing evicted");
            }
        }
    }
}

/// Pearson's statistic of `draws` against the uniform distribution on `solutions`; panics
/// on a draw that is not one of them.
fn chi_square(solutions: &BTreeSet<Chosen>, draws: &[Chosen]) -> f64 {
    let mut seen: BTreeMap<&Chosen, u64> = solutions.iter().map(|s| (s, 0)).collect();
    for drawn in draws {
        *seen.get_mut(drawn).expect("a draw is a solution") += 1;
    }
    let expected = draws.len() as f64 / solutions.len() as f64;
    seen.values().map(|&n| (n as f64 - expected).powi(2) / expected).sum()
}

/// The value a chi-square variable of `df` degrees of freedom exceeds with probability 0.001
/// (Wilson and Hilferty's approximation, within 1% from 10 degrees of freedom).
fn critical(df: f64) -> f64 {
    let z = 3.090; // the normal distribution's 0.999 quantile
    let v = 2.0 / (9.0 * df);
    df * (1.0 - v + z * v.sqrt()).powi(3)
}

/// The naive sampler the chi-square test must tell apart: at each step, the first primary
/// item not covered, then one of its options that still leads to a solution, all of them
/// equally likely (not weighted by their solutions). It draws every solution, but one below
/// a small subtree more often than one below a large one.
fn naive_draw(problem: &Problem, memo: &mut Memo, rng: &mut ChaCha8Rng) -> Chosen {
    let mut solver = problem.solver();
    loop {
        let covered: BTreeSet<usize> = solver
            .committed()
            .iter()
            .flat_map(|&o| problem.option(o).iter().map(|e| e.item.index()))
            .collect();
        let Some(item) = (0..problem.primary_count()).find(|i| !covered.contains(i)) else {
            return oracle::sorted(solver.committed());
        };
        let viable: Vec<OptionId> = (0..problem.option_count())
            .map(OptionId::new)
            .filter(|&o| problem.option(o).iter().any(|e| e.item.index() == item))
            .filter(|&o| {
                let fits = solver.commit(o).is_ok();
                let viable = fits && solver.count_memo(memo, None).unwrap() > 0;
                if fits {
                    solver.uncommit();
                }
                viable
            })
            .collect();
        solver.commit(viable[rng.random_range(0..viable.len())]).unwrap();
    }
}

#[test]
fn samples_are_uniform_by_chi_square_and_the_naive_walk_is_not() {
    // 36 domino tilings of the 4×4 board; 90 binary 4×4 matrices with two ones in each line
    // (colours). 200 draws per solution, so each is expected 200 times.
    for (name, problem) in [
        ("dominoes 4x4", dominoes(4, 4).unwrap()),
        ("matrices 4/2", binary_matrices(4, 2).unwrap()),
    ] {
        let solutions = all_solutions(&problem);
        let n = solutions.len();
        let df = (n - 1) as f64;
        let mut memo = Memo::default();
        let uniform = chi_square(&solutions, &draws(&problem, &mut memo, 2024, 200 * n));
        // The control: the same test on the naive walk's draws must fail, or it could not
        // catch a sampler that favours some solutions. Measured, with these seeds: dominoes
        // 27.3 (uniform) against 4 076 (naive), threshold 66.7; matrices 109.9 against
        // 4 526, threshold 136.0.
        let mut rng = ChaCha8Rng::seed_from_u64(2024);
        let naive: Vec<Chosen> =
            (0..200 * n).map(|_| naive_draw(&problem, &mut memo, &mut rng)).collect();
        let naive = chi_square(&solutions, &naive);
        let threshold = critical(df);
        assert!(uniform < threshold, "{name}: chi-square {uniform:.1} ≥ {threshold:.1}");
        assert!(naive > threshold, "{name}: the naive walk passes, {naive:.1} < {threshold:.1}");
    }
}

/// The option of `queens(n)` that puts a queen on row 0, column 0.
fn corner_queen(problem: &Problem) -> OptionId {
    (0..problem.option_count())
        .map(OptionId::new)
        .find(|&o| {
            let names = problem.option_names(o);
            names.iter().any(|n| n == "r0") && names.iter().any(|n| n == "c0")
        })
        .unwrap()
}

#[test]
fn samples_below_committed_options_keep_them_first_and_reach_every_solution() {
    let problem = queens(8).unwrap();
    let corner = corner_queen(&problem);
    let mut solver = problem.solver();
    solver.commit(corner).unwrap();
    let below: BTreeSet<Chosen> = solver.solutions().map(|s| oracle::sorted(&s)).collect();
    assert_eq!(below.len(), 4);
    let mut memo = Memo::default();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut seen = BTreeSet::new();
    for _ in 0..200 {
        let drawn = solver.sample(&mut memo, &mut || rng.next_u64(), None).unwrap().unwrap();
        assert_eq!(drawn[0], corner, "the committed option comes first");
        let chosen = oracle::sorted(&drawn);
        assert!(below.contains(&chosen), "{chosen:?} is not below the corner");
        seen.insert(chosen);
    }
    assert_eq!(seen, below, "200 draws of 4 solutions miss one with probability < 1e-24");
    assert_eq!(solver.committed(), [corner]);
    assert_eq!(solver.count(), 4);
}

#[test]
fn no_solution_is_none_and_errors_leave_the_solver_whole() {
    let mut never = || -> u64 { panic!("no random word is needed without a solution") };
    let problem = dominoes(3, 5).unwrap();
    assert_eq!(problem.solver().sample(&mut Memo::default(), &mut never, None), Ok(None));
    // A queen in a corner of the 4×4 board: neither of its two solutions has one.
    let queens = queens(4).unwrap();
    let mut solver = queens.solver();
    let corner = corner_queen(&queens);
    solver.commit(corner).unwrap();
    assert_eq!(solver.count(), 0);
    assert_eq!(solver.sample(&mut Memo::default(), &mut never, None), Ok(None));
    assert_eq!(solver.committed(), [corner]);

    let mut rng = ChaCha8Rng::seed_from_u64(0);
    let huge = binary_choices(130);
    let mut solver = huge.solver();
    let overflow = solver.sample(&mut Memo::default(), &mut || rng.next_u64(), None);
    assert_eq!(overflow, Err(MemoError::Overflow));
    // 2^127 solutions fit: a draw takes a random option of each item.
    let fits = binary_choices(127);
    let drawn = fits.solver().sample(&mut Memo::default(), &mut || rng.next_u64(), None);
    assert_eq!(drawn.unwrap().unwrap().len(), 127);

    let problem = dominoes(6, 6).unwrap();
    let mut solver = problem.solver();
    let raised = AtomicBool::new(true);
    let mut memo = Memo::default();
    let stopped = solver.sample(&mut memo, &mut || rng.next_u64(), Some(&raised));
    assert_eq!(stopped, Err(MemoError::Interrupted));
    assert_eq!(solver.count(), 6_728);
    // Stopped in the walk down, after the count: the table is full, the path undone.
    assert_eq!(solver.count_memo(&mut memo, None), Ok(6_728));
    let raised = AtomicBool::new(false);
    assert!(solver.sample(&mut memo, &mut || rng.next_u64(), Some(&raised)).unwrap().is_some());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn samples_are_oracle_solutions_with_secondary_items_and_colours(
        spec in specs(10, 24),
        limit in prop::sample::select(&[0usize, 500, 1 << 20][..]),
        seed in any::<u64>(),
    ) {
        let problem = spec.build().unwrap();
        let expected = oracle::solutions(&problem);
        let mut solver = problem.solver();
        let mut memo = Memo::new(limit);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..4 {
            let drawn = solver.sample(&mut memo, &mut || rng.next_u64(), None).unwrap();
            prop_assert_eq!(drawn.is_some(), !expected.is_empty());
            if let Some(drawn) = drawn {
                let chosen = oracle::sorted(&drawn);
                prop_assert!(expected.contains(&chosen), "{:?} is not a solution", chosen);
            }
        }
        prop_assert_eq!(solver.count() as usize, expected.len());
    }
}
