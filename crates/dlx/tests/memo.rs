//! Memoised counting (`Solver::count_memo`): published counts far beyond enumeration (domino
//! tilings of the 2n×2n boards, OEIS A004003), the plain count on every published problem of
//! `counts.rs` and on random problems with secondary items and colours (the brute-force
//! oracle's count), exact counts under a table too small to keep anything for long, and a
//! solver left whole for the next search.

use std::sync::atomic::AtomicBool;

use dancer::{strategy::specs, Memo, MemoError, Problem};
use proptest::prelude::*;

use crate::counts::{
    binary_matrices::binary_matrices, chain::chain, dominoes::dominoes, langford::langford,
    n_queens::queens, pentominoes::pentominoes, set_partitions::set_partitions, toy,
};
use crate::oracle;

fn memo_count(problem: &Problem, memo: &mut Memo) -> u128 {
    problem.solver().count_memo(memo, None).unwrap()
}

#[test]
fn domino_tilings_of_the_2n_by_2n_boards_are_oeis_a004003() {
    // The last two are far beyond enumeration (the 8×8's 12 988 816 take seconds to visit).
    let published: [u128; 6] = [2, 36, 6_728, 12_988_816, 258_584_046_368, 53_060_477_521_960_000];
    let mut memo = Memo::default();
    for (n, &count) in (1..).zip(&published) {
        let board = dominoes(2 * n, 2 * n).unwrap();
        assert_eq!(memo_count(&board, &mut memo), count, "{0}x{0}", 2 * n);
    }
}

#[test]
fn memoised_and_plain_counts_agree_on_the_published_problems() {
    let problems = [
        ("toy (secondary items)", toy()),
        ("8 queens (secondary diagonals)", queens(8).unwrap()),
        ("Langford 8", langford(8).unwrap()),
        ("Bell 8", set_partitions(8).unwrap()),
        ("binary matrices 5/2 (colours)", binary_matrices(5, 2).unwrap()),
        ("pentominoes 3x20", pentominoes(3, 20, false).unwrap()),
        ("dominoes 5x6", dominoes(5, 6).unwrap()),
        ("dominoes 3x5 (none)", dominoes(3, 5).unwrap()),
    ];
    for (name, problem) in problems {
        let plain = u128::from(problem.solver().count());
        let mut memo = Memo::default();
        assert_eq!(memo_count(&problem, &mut memo), plain, "{name}");
        // Again, on the table the first count filled: the root is found at once.
        let mut solver = problem.solver();
        assert_eq!(solver.count_memo(&mut memo, None).unwrap(), plain, "{name}, again");
        assert_eq!(solver.stats().nodes(), 1, "{name}: the root is in the table");
    }
}

#[test]
fn a_tiny_table_evicts_and_counts_stay_exact() {
    for limit in [0, 100, 1_000, 10_000] {
        let mut memo = Memo::new(limit);
        assert_eq!(memo_count(&dominoes(6, 6).unwrap(), &mut memo), 6_728, "{limit} bytes");
        assert!(memo.bytes() <= limit, "{} bytes over a limit of {limit}", memo.bytes());
        if limit >= 1_000 {
            assert!(memo.evictions() > 0, "{limit} bytes: nothing evicted");
        }
        let plain = u128::from(binary_matrices(5, 2).unwrap().solver().count());
        assert_eq!(memo_count(&binary_matrices(5, 2).unwrap(), &mut memo), plain);
    }
}

#[test]
fn a_table_of_another_problem_is_not_used() {
    let mut memo = Memo::default();
    assert_eq!(memo_count(&dominoes(4, 4).unwrap(), &mut memo), 36);
    // Same item names, other options: 4×4 cells with horizontal dominoes only has 1 tiling.
    let mut builder = dancer::ProblemBuilder::new();
    let cells: Vec<_> =
        (0..16).map(|k| builder.primary(format!("r{}_c{}", k / 4, k % 4))).collect();
    for k in (0..16).step_by(2) {
        builder.option([cells[k], cells[k + 1]]);
    }
    assert_eq!(memo_count(&builder.build().unwrap(), &mut memo), 1);
}

#[test]
fn commits_and_later_searches_see_a_whole_matrix() {
    let problem = queens(8).unwrap();
    let mut solver = problem.solver();
    let mut memo = Memo::default();
    assert_eq!(solver.count_memo(&mut memo, None).unwrap(), 92);
    assert_eq!(solver.count(), 92);
    // Below a committed queen in a corner: 4 solutions, on a table that holds the whole
    // problem's sub-problems too.
    let corner = (0..problem.option_count())
        .map(dancer::OptionId::new)
        .find(|&o| {
            let names = problem.option_names(o);
            names.iter().any(|n| n == "r0") && names.iter().any(|n| n == "c0")
        })
        .unwrap();
    solver.commit(corner).unwrap();
    assert_eq!(solver.count_memo(&mut memo, None).unwrap(), 4);
    assert_eq!(solver.count(), 4);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn memoised_counts_are_the_oracles_with_secondary_items_and_colours(
        spec in specs(10, 24),
        limit in prop::sample::select(&[0usize, 500, 1 << 20][..]),
    ) {
        let problem = spec.build().unwrap();
        let expected = oracle::solutions(&problem).len() as u128;
        let mut memo = Memo::new(limit);
        prop_assert_eq!(memo_count(&problem, &mut memo), expected);
        // Twice on one table: what it learnt the first time is right.
        prop_assert_eq!(memo_count(&problem, &mut memo), expected);
    }
}

/// `n` items, each in two options of its own: 2^n solutions, one sub-problem per level.
pub(crate) fn binary_choices(n: usize) -> Problem {
    let mut builder = dancer::ProblemBuilder::new();
    for item in builder.primary_items(n) {
        builder.option([item]);
        builder.option([item]);
    }
    builder.build().unwrap()
}

#[test]
fn a_count_beyond_u128_is_an_error_and_leaves_the_solver_whole() {
    assert_eq!(memo_count(&binary_choices(127), &mut Memo::default()), 1 << 127);
    let problem = binary_choices(130);
    let mut solver = problem.solver();
    let mut memo = Memo::default();
    assert_eq!(solver.count_memo(&mut memo, None), Err(MemoError::Overflow));
    // Every level undone: committing one option of each of the first 30 items leaves 2^100.
    for item in 0..30 {
        solver.commit(dancer::OptionId::new(2 * item)).unwrap();
    }
    assert_eq!(solver.count_memo(&mut Memo::default(), None), Ok(1 << 100));
}

#[test]
fn a_raised_flag_stops_the_count_and_leaves_the_solver_whole() {
    let problem = queens(10).unwrap();
    let mut solver = problem.solver();
    let raised = AtomicBool::new(true);
    let mut memo = Memo::default();
    assert_eq!(solver.count_memo(&mut memo, Some(&raised)), Err(MemoError::Interrupted));
    assert_eq!(solver.count(), 724);
    // What the table learnt before the stop is right.
    assert_eq!(solver.count_memo(&mut memo, None), Ok(724));
}

/// A count cut short by its node budget reports a lower bound and leaves the solver whole, and
/// the table it filled gives the same count afterwards.
#[test]
fn a_node_budget_stops_the_count_with_a_lower_bound() {
    let problem = langford(9).unwrap();
    let mut solver = problem.solver();
    let mut memo = Memo::default();
    let total = solver.count();
    for budget in [1, 10, 1_000] {
        let Err(MemoError::OutOfNodes { counted }) =
            solver.count_memo_within(&mut memo, None, budget)
        else {
            panic!("{budget} nodes cannot count Langford 9");
        };
        assert!(counted <= u128::from(total), "{counted} of {total}");
        assert_eq!(solver.count(), total);
    }
    assert_eq!(solver.count_memo_within(&mut memo, None, u64::MAX), Ok(u128::from(total)));
}

/// The probe that chooses `dlx --count`'s method: small trees are counted outright without
/// the table, in the plain search's nodes; tilings and set partitions run ahead of their nodes
/// and are counted to the end, Langford pairs and pentominoes do not, and leave the search to
/// enumeration from the top, which finds the same total in the plain search's nodes, the
/// first plain nodes' and the probe's; the verdict depends on the problem only.
#[test]
fn the_probe_tells_tilings_from_puzzles() {
    use dancer::run::MemoProbe::{Behind, Counted, Enumerated};
    use dancer::run::{MEMO_PROBE_NODES, PLAIN_FIRST_NODES};
    let probe = |problem: &Problem| problem.solver().probe_memo(&mut Memo::default(), None);
    let counted = |problem: Problem| match probe(&problem) {
        Ok(Counted(count)) => count,
        other => panic!("{other:?}"),
    };
    assert_eq!(counted(dominoes(8, 8).unwrap()), 12_988_816);
    // 8 queens: 1 049 nodes, counted before the table is tried, with DLX1's counters.
    let Ok(Enumerated(done)) = probe(&queens(8).unwrap()) else { panic!("8 queens") };
    assert!(done.is_finished());
    assert_eq!(
        (done.solutions(), done.stats().nodes(), done.stats().updates()),
        (92, 1_049, 16_680)
    );
    // OEIS A004003(8).
    assert_eq!(counted(dominoes(16, 16).unwrap()), 2_444_888_770_250_892_795_802_079_170_816);
    assert_eq!(counted(set_partitions(12).unwrap()), 4_213_597);
    for (name, problem, total) in [
        ("Langford 11", langford(11).unwrap(), 35_584),
        ("pentominoes 6x10", pentominoes(6, 10, false).unwrap(), 9_356),
    ] {
        let Ok(Behind(rest)) = probe(&problem) else { panic!("{name}: the table pays?") };
        assert_eq!(rest.stats().nodes(), PLAIN_FIRST_NODES + MEMO_PROBE_NODES, "{name}");
        let outcome = dancer::run::Run::new().threads(2).resume(&rest).count(&mut problem.solver());
        let outcome = outcome.unwrap();
        assert_eq!(outcome.solutions(), total, "{name}");
        let mut plain = problem.solver();
        plain.count();
        let nodes = plain.stats().nodes() + PLAIN_FIRST_NODES + MEMO_PROBE_NODES;
        assert_eq!(outcome.stats().nodes(), nodes, "{name}: the plain search's and the probe's");
    }
}

/// The probe on problems of very many items (issue 21: a chain of 200 001 items took 47 s
/// and 1.97 GB, where enumeration takes 0.45 s): every key costs as much as the items left,
/// so the probe stops after its first node, and the enumeration counts from the top, with the
/// first plain nodes' and the probe's node and seconds in its totals.
#[test]
fn the_probe_on_a_chain_of_many_items_stops_after_one_node() {
    use dancer::run::MemoProbe::Behind;
    for n in [200_001, 1_000_000] {
        let problem = chain(n).unwrap();
        let mut memo = Memo::default();
        let Ok(Behind(rest)) = problem.solver().probe_memo(&mut memo, None) else {
            panic!("a chain of {n} items is counted by enumeration")
        };
        // The budget is 2^20 units of key work and one per node of the matrix (about 4n
        // nodes), and each key costs about n: 64 more would not fit after the first.
        let probed = rest.stats().nodes() - dancer::run::PLAIN_FIRST_NODES;
        assert_eq!(probed, 1, "{n} items: the probe entered {probed} nodes");
        assert!(memo.entries() <= 1, "{n} items: {} keys stored", memo.entries());
        let outcome = dancer::run::Run::new().resume(&rest).count(&mut problem.solver()).unwrap();
        assert_eq!(outcome.solutions(), u64::from(n % 2 == 0));
        // The plain search's nodes and updates, and the probe's set aside.
        let mut plain = problem.solver();
        plain.count();
        let set_aside = dancer::run::PLAIN_FIRST_NODES + 1;
        assert_eq!(outcome.stats().nodes(), plain.stats().nodes() + set_aside, "{n} items");
        let updates = plain.stats().updates() + rest.stats().updates();
        assert_eq!(outcome.stats().updates(), updates, "{n} items");
        assert!(outcome.seconds() >= rest.seconds() && rest.seconds() > 0.0);
    }
}
