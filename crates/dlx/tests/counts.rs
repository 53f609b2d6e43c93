//! Published solution counts: each test compares the engine with a number from the literature
//! (Knuth's TAOCP 7.2.2.1 and his DLX1 runs, or the OEIS), never with one the engine produced.
//! The problems come from the crate's examples, compiled in here, so the examples are checked
//! too. Also the search entry points: `first`, `count_up_to`, `solutions`, `for_each`.

use std::{collections::BTreeSet, ops::ControlFlow};

use dancer::{Heuristic, OptionId, Problem, ProblemBuilder};

#[path = "../examples/binary_matrices.rs"]
#[allow(dead_code, unreachable_pub)]
pub(crate) mod binary_matrices;
#[path = "../examples/chain.rs"]
#[allow(dead_code, unreachable_pub)]
pub(crate) mod chain;
#[path = "../examples/dominoes.rs"]
#[allow(dead_code, unreachable_pub)]
pub(crate) mod dominoes;
#[path = "../examples/langford.rs"]
#[allow(dead_code, unreachable_pub)]
pub(crate) mod langford;
#[path = "../examples/n_queens.rs"]
#[allow(dead_code, unreachable_pub)]
pub(crate) mod n_queens;
#[path = "fixtures/pentominoes.rs"]
#[allow(dead_code, unreachable_pub)]
pub(crate) mod pentominoes;
#[path = "../examples/set_partitions.rs"]
#[allow(dead_code, unreachable_pub)]
pub(crate) mod set_partitions;

use self::{
    binary_matrices::binary_matrices, dominoes::dominoes, langford::langford, n_queens::queens,
    pentominoes::pentominoes, set_partitions::set_partitions,
};

/// Knuth's toy problem (TAOCP 7.2.2.1, (5)): primary items A–E, secondary items F and G.
pub(crate) fn toy() -> Problem {
    let mut builder = ProblemBuilder::new();
    for name in ["A", "B", "C", "D", "E"] {
        builder.primary(name);
    }
    builder.secondary("F");
    builder.secondary("G");
    for option in ["C E F", "A D G", "B C F", "A D", "B G", "D E G"] {
        builder.option_named(option.split(' '));
    }
    builder.build().unwrap()
}

/// The number of solutions, asserting that the iterator, `count` and the stats agree on it.
fn count(problem: &Problem) -> u64 {
    let mut solver = problem.solver();
    let count = solver.count();
    assert_eq!(solver.stats().solutions(), count);
    count
}

/// Whether `solution` of `queens(n)` places n queens no two of which attack each other, read
/// from the options' item names (`r3`, `c5`) rather than trusting the diagonal items.
fn is_queens_solution(problem: &Problem, n: usize, solution: &[OptionId]) -> bool {
    let cells: Vec<(i64, i64)> = solution
        .iter()
        .map(|&o| {
            let names = problem.option_names(o);
            let coordinate = |prefix: char| {
                names.iter().find_map(|s| s.strip_prefix(prefix)?.parse::<i64>().ok()).unwrap()
            };
            (coordinate('r'), coordinate('c'))
        })
        .collect();
    let attack = |(r1, c1): (i64, i64), (r2, c2): (i64, i64)| {
        r1 == r2 || c1 == c2 || (r1 - r2).abs() == (c1 - c2).abs()
    };
    cells.len() == n
        && cells.iter().enumerate().all(|(i, &a)| cells[i + 1..].iter().all(|&b| !attack(a, b)))
}

#[test]
fn toy_problem_has_its_one_solution() {
    let problem = toy();
    let solutions: Vec<Vec<OptionId>> = problem.solver().solutions().collect();
    assert_eq!(solutions.len(), 1);
    let chosen: BTreeSet<usize> = solutions[0].iter().map(|o| o.index()).collect();
    assert_eq!(chosen, BTreeSet::from([0, 3, 4]));
    let mut names: Vec<String> =
        solutions[0].iter().map(|&o| problem.option_names(o).join(" ")).collect();
    names.sort();
    assert_eq!(names, ["A D", "B G", "C E F"]);
    // Three options, each chosen at its own level.
    let mut solver = problem.solver();
    solver.count();
    assert_eq!(solver.stats().max_depth(), 3);
}

#[test]
fn queens_1_to_12() {
    // OEIS A000170.
    let published = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];
    for (n, &expected) in (1..).zip(&published) {
        assert_eq!(count(&queens(n).unwrap()), expected, "{n} queens");
    }
}

#[test]
fn eight_queens_matches_dlx1_node_and_update_counts() {
    let problem = queens(8).unwrap();
    let mut solver = problem.solver();
    assert_eq!(solver.count(), 92);
    let stats = solver.stats();
    assert_eq!(
        (stats.nodes(), stats.updates()),
        (1_049, 16_680),
        "DLX1's figures for this item order"
    );
    // Every solution has a queen in each of the eight rows, each chosen at its own level.
    assert_eq!(stats.max_depth(), 8);
}

#[test]
fn queens_solutions_are_distinct_non_attacking_placements() {
    let problem = queens(8).unwrap();
    let mut solver = problem.solver();
    let solutions: Vec<Vec<OptionId>> = solver.solutions().collect();
    assert!(solutions.iter().all(|s| is_queens_solution(&problem, 8, s)));
    let distinct: BTreeSet<BTreeSet<OptionId>> =
        solutions.iter().map(|s| s.iter().copied().collect()).collect();
    assert_eq!(distinct.len(), solutions.len());
    assert_eq!(solutions.len() as u64, solver.count());
}

#[test]
fn langford_pairs() {
    // OEIS A014552 counts 26 and 150 up to reversal; the generator counts both directions.
    assert_eq!(count(&langford(7).unwrap()), 52);
    assert_eq!(count(&langford(8).unwrap()), 300);
    // None exist unless n ≡ 0 or 3 (mod 4).
    assert_eq!(count(&langford(5).unwrap()), 0);
    assert_eq!(count(&langford(6).unwrap()), 0);
}

#[test]
fn pentominoes_6x10_up_to_symmetry() {
    // TAOCP 7.2.2.1: 2339 packings of the 6×10 box, once the X is kept in one quarter.
    assert_eq!(count(&pentominoes(6, 10, true).unwrap()), 2_339);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow: run in release, where it takes a few seconds")]
fn pentominoes_6x10_all_orientations() {
    // Four times the restricted count's search: every packing in each of its 4 orientations.
    assert_eq!(count(&pentominoes(6, 10, false).unwrap()), 9_356);
}

#[test]
fn pentominoes_3x20_all_orientations() {
    // The 3×20 box has just 2 packings (Knuth's 7.2.2.1); the X's centre is always in the
    // middle row, so the quarter rule does not apply and each is counted in all 4 orientations.
    assert_eq!(count(&pentominoes(3, 20, false).unwrap()), 8);
}

#[test]
fn bell_numbers() {
    // OEIS A000110.
    let published = [1, 2, 5, 15, 52, 203, 877, 4_140, 21_147, 115_975];
    for (n, &expected) in (1..).zip(&published) {
        let problem = set_partitions(n).unwrap();
        let mut solver = problem.solver();
        assert_eq!(solver.count(), expected, "B({n})");
        // The partition into singletons is the deepest: n options.
        assert_eq!(solver.stats().max_depth() as usize, n);
    }
}

#[test]
fn binary_matrices_5x5_with_line_sums_2() {
    // OEIS A001499: 5×5 0/1 matrices with two 1s in every row and column.
    assert_eq!(count(&binary_matrices(5, 2).unwrap()), 2_040);
}

#[test]
fn binary_matrices_6x6_with_line_sums_3() {
    // OEIS A001501: 6×6 0/1 matrices with three 1s in every row and column.
    assert_eq!(count(&binary_matrices(6, 3).unwrap()), 297_200);
}

/// Tilings of a 1×n strip by squares and dominoes: items are the n cells, options each cell
/// alone and each pair of neighbours. There are Fibonacci F(n + 1) of them.
fn strip(n: usize) -> Problem {
    let mut builder = ProblemBuilder::new();
    let cells = builder.primary_items(n);
    for (k, &cell) in cells.iter().enumerate() {
        builder.option([cell]);
        if let Some(&next) = cells.get(k + 1) {
            builder.option([cell, next]);
        }
    }
    builder.build().unwrap()
}

#[test]
fn fibonacci_tilings() {
    let (mut a, mut b) = (1, 1); // F(1), F(2)
    for n in 1..=25 {
        assert_eq!(count(&strip(n)), b, "F({})", n + 1);
        (a, b) = (b, a + b);
    }
}

#[test]
fn domino_tilings() {
    // OEIS A004003: the 2n×2n boards (the 8×8's 12 988 816 take seconds to enumerate; the
    // larger ones are for memoised counting). OEIS A001835: the 3×2n boards.
    for (n, published) in [(1, 2), (2, 36), (3, 6_728)] {
        assert_eq!(count(&dominoes(2 * n, 2 * n).unwrap()), published, "{0}x{0}", 2 * n);
    }
    for (n, published) in [(1, 3), (2, 11), (3, 41), (4, 153), (5, 571), (6, 2_131), (7, 7_953)] {
        assert_eq!(count(&dominoes(3, 2 * n).unwrap()), published, "3x{}", 2 * n);
        assert_eq!(count(&dominoes(2 * n, 3).unwrap()), published, "{}x3", 2 * n);
    }
    // An odd number of cells has none.
    assert_eq!(count(&dominoes(3, 5).unwrap()), 0);
}

#[test]
fn deep_searches_are_not_limited_by_the_stack() {
    // The all-squares tiling of a 100 000-cell strip is 100 000 levels deep; the search is
    // iterative, so only memory limits its depth.
    let n = 100_000;
    let problem = strip(n);
    let mut solver = problem.solver();
    solver.heuristic(Heuristic::First);
    let first = solver.first().unwrap();
    assert_eq!(first.len(), n);
    assert!(
        first.iter().enumerate().all(|(k, o)| o.index() == 2 * k),
        "squares come first in each list"
    );
    assert_eq!(solver.stats().max_depth() as usize, n);
}

#[test]
fn count_up_to_stops_at_the_limit() {
    let problem = queens(8).unwrap();
    let mut solver = problem.solver();
    assert_eq!(solver.count_up_to(0), 0);
    assert_eq!(solver.count_up_to(10), 10);
    assert_eq!(solver.stats().solutions(), 10, "the search stopped at the tenth solution");
    assert_eq!(solver.count_up_to(92), 92);
    assert_eq!(solver.count_up_to(1_000), 92);
    // A limit larger than the count searches the whole tree, exactly as `count` does.
    solver.reset_stats();
    solver.count_up_to(u64::MAX - 1);
    let full = solver.stats();
    solver.reset_stats();
    solver.count();
    assert_eq!(solver.stats(), full);
}

#[test]
fn first_is_a_valid_solution_or_none() {
    for n in 1..=10 {
        let problem = queens(n).unwrap();
        match problem.solver().first() {
            Some(solution) => assert!(is_queens_solution(&problem, n, &solution), "{n} queens"),
            None => assert!(matches!(n, 2 | 3), "{n} queens has solutions"),
        }
    }
    // `first` restarts: called twice, or after other searches, it gives the same solution.
    let problem = queens(8).unwrap();
    let mut solver = problem.solver();
    let first = solver.first();
    solver.count_up_to(7);
    assert_eq!(solver.first(), first);
    assert_eq!(solver.first(), first);
}

#[test]
fn for_each_visits_every_solution_or_stops_at_break() {
    let problem = langford(7).unwrap();
    let mut solver = problem.solver();
    let mut seen = 0;
    let flow = solver.for_each(|_| {
        seen += 1;
        ControlFlow::<()>::Continue(())
    });
    assert_eq!((flow, seen), (ControlFlow::Continue(()), 52));

    let mut seen = Vec::new();
    let flow = solver.for_each(|solution| {
        seen.push(solution.to_vec());
        if seen.len() == 5 {
            ControlFlow::Break("fifth")
        } else {
            ControlFlow::Continue(())
        }
    });
    assert_eq!(flow, ControlFlow::Break("fifth"));
    assert_eq!(seen.len(), 5);
    // The visitor saw the same solutions, in the same order, as the iterator's first five.
    let from_iterator: Vec<Vec<OptionId>> = solver.solutions().take(5).collect();
    assert_eq!(seen, from_iterator);
}

#[test]
fn problems_without_solutions() {
    // An item no option covers: nothing to search, and `first` is None.
    let mut builder = ProblemBuilder::new();
    let a = builder.primary("a");
    builder.primary("b");
    builder.option([a]);
    let problem = builder.build().unwrap();
    let mut solver = problem.solver();
    assert_eq!(solver.count(), 0);
    assert_eq!(solver.first(), None);
    assert_eq!(solver.solutions().count(), 0);
    // No options at all.
    let mut builder = ProblemBuilder::new();
    builder.primary("a");
    assert_eq!(count(&builder.build().unwrap()), 0);
}
