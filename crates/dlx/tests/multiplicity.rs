//! Multiplicities (Knuth's Algorithm M, his program DLX3): published counts, DLX3's own node
//! and update counts on the same inputs, every search mode, reuse, the text format both ways,
//! and what is refused.

use std::ops::ControlFlow;

use dancer::{
    parse,
    run::{Explore, PathError, Run, RunError, Subproblem},
    Memo, MemoError, OptionId, ParseErrorKind, Problem, ProblemBuilder,
};

use crate::oracle::{self, sorted};

/// n×n 0/1 matrices with every row and column sum `sum`: an option per cell (r, c) over row
/// and column items that must each be covered exactly `sum` times.
fn line_sums(n: usize, sum: u32) -> Problem {
    let mut builder = ProblemBuilder::new();
    let rows: Vec<_> =
        (0..n).map(|r| builder.primary_bounded(format!("r{r}"), sum..=sum)).collect();
    let cols: Vec<_> =
        (0..n).map(|c| builder.primary_bounded(format!("c{c}"), sum..=sum)).collect();
    for &row in &rows {
        for &col in &cols {
            builder.option([row, col]);
        }
    }
    builder.build().expect("a valid problem")
}

/// OEIS A001499 (row and column sums 2): each set of cells counted once, not once per order
/// in which the search could pick them (that would give 90 · 2^8 for n = 4).
#[test]
fn matrices_with_line_sums_two_match_oeis_a001499() {
    for (n, expected) in [(2, 1), (3, 6), (4, 90), (5, 2_040), (6, 67_950), (7, 3_110_940)] {
        assert_eq!(line_sums(n, 2).solver().count(), expected, "n = {n}");
    }
}

/// OEIS A001501 (sums 3), and sums n - 1, which are the complements of permutation matrices:
/// n! of them.
#[test]
fn matrices_with_line_sums_three_and_n_minus_one() {
    for (n, expected) in [(3, 1), (4, 24), (5, 2_040), (6, 297_200)] {
        assert_eq!(line_sums(n, 3).solver().count(), expected, "n = {n}");
    }
    for (n, factorial) in [(2, 2), (3, 6), (4, 24), (5, 120), (6, 720)] {
        assert_eq!(line_sums(n, n as u32 - 1).solver().count(), factorial, "n = {n}");
    }
}

/// The example's two encodings, colours (Algorithm C) and multiplicities (Algorithm M), count
/// the same matrices for every n up to 5 and every line sum.
#[test]
fn colours_and_multiplicities_agree() {
    use crate::counts::binary_matrices::{binary_matrices, line_sums as bounded_line_sums};
    for n in 1..=5 {
        for k in 1..=n {
            let coloured = binary_matrices(n, k).unwrap().solver().count();
            let bounded = bounded_line_sums(n, k as u32).unwrap().solver().count();
            assert_eq!(bounded, coloured, "n = {n}, k = {k}");
        }
    }
}

/// The counters of Knuth's DLX3 (`dlx3 m0 < file`, built with ctangle from programs-orig/dlx3.w)
/// on the same inputs: solutions, nodes and updates.
#[test]
fn nodes_and_updates_match_dlx3() {
    let slack = "0:2|a 1:3|b 2|c | x y\na b\na c x:1\nb c y:2\na x:1\nb\nc y:2\na b c\nb x:2\n";
    let example = "A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n";
    let cases = [
        (line_sums(4, 2), 90, 300, 973),
        (line_sums(5, 2), 2_040, 6_150, 21_913),
        (line_sums(5, 3), 2_040, 6_939, 22_376),
        (line_sums(6, 3), 297_200, 921_078, 3_196_671),
        (parse(slack).unwrap().problem, 38, 75, 101),
        (parse(example).unwrap().problem, 1, 6, 14),
        (
            parse(include_str!("../../../data/dlx/line-sums-5x5.dlx")).unwrap().problem,
            2_040,
            6_150,
            21_913,
        ),
    ];
    for (problem, solutions, nodes, updates) in cases {
        let mut solver = problem.solver();
        assert_eq!(solver.count(), solutions);
        let stats = solver.stats();
        assert_eq!((stats.nodes(), stats.updates()), (nodes, updates), "{problem}");
    }
}

/// DLX3's example: the one solution, options named as in the input.
#[test]
fn dlx3_example_has_its_one_solution() {
    let text = "| A simple example of color controls\nA B 2:3|C | X Y\nA B X:0 Y:0\n\
                A C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n";
    let parsed = parse(text).unwrap();
    let problem = &parsed.problem;
    assert_eq!(problem.multiplicity(problem.item_id("C").unwrap()), 2..=3);
    assert_eq!(problem.multiplicity(problem.item_id("A").unwrap()), 1..=1);
    assert_eq!(problem.multiplicity(problem.item_id("X").unwrap()), 0..=1);
    let solutions: Vec<Vec<OptionId>> = problem.solver().solutions().collect();
    assert_eq!(solutions.len(), 1);
    let texts: Vec<&str> =
        sorted(&solutions[0]).into_iter().map(|k| parsed.options[k].text.as_str()).collect();
    assert_eq!(texts, ["A C X:1 Y:1", "B X:1", "C Y:1"]);
}

/// `first`, `count_up_to`, the iterator, the visitor and a paused `explore` agree, each solution
/// is valid by the oracle and found once.
#[test]
fn every_search_mode_agrees() {
    let problem = line_sums(5, 2);
    let mut solver = problem.solver();
    let all: Vec<Vec<OptionId>> = solver.solutions().collect();
    assert_eq!(all.len(), 2_040);
    let distinct: std::collections::BTreeSet<_> = all.iter().map(|s| sorted(s)).collect();
    assert_eq!(distinct.len(), all.len(), "a set of options found twice");
    assert!(distinct.iter().all(|chosen| oracle::is_solution(&problem, chosen)));
    assert_eq!(solver.first().as_ref(), all.first());
    assert_eq!(solver.count_up_to(100), 100);
    let mut visited = 0;
    let stopped = solver.for_each(|_| {
        visited += 1;
        if visited == 7 {
            ControlFlow::Break(visited)
        } else {
            ControlFlow::Continue(())
        }
    });
    assert_eq!(stopped, ControlFlow::Break(7));
    // A search paused by budgets of 3 nodes finds the same solutions in the same order.
    solver.restart();
    let mut paused = Vec::new();
    loop {
        match solver.explore(3, 1) {
            dancer::run::Pause::Solution => paused.push(solver.solution().to_vec()),
            dancer::run::Pause::Budget => {}
            dancer::run::Pause::Done => break,
        }
    }
    assert_eq!(paused, all);
}

/// Committed options count against the bounds: committing cell (0, 0) of the sums-2 problem
/// leaves the solutions that contain it, and an option cannot be committed twice.
#[test]
fn commits_use_up_bounds_and_reset_restores() {
    let problem = line_sums(4, 2);
    let all = oracle::brute_force(&problem);
    let mut solver = problem.solver();
    let cell = OptionId::new(0);
    solver.commit(cell).unwrap();
    assert_eq!(solver.count() as usize, oracle::containing(&all, &[0]));
    assert!(solver.solutions().all(|s| s[0] == cell && !s[1..].contains(&cell)));
    assert!(solver.commit(cell).is_err(), "an option is chosen at most once");
    // Row 0 takes a second cell; a third one is over its bound.
    solver.commit(OptionId::new(1)).unwrap();
    assert_eq!(solver.count() as usize, oracle::containing(&all, &[0, 1]));
    assert!(solver.commit(OptionId::new(2)).is_err(), "row 0 is full");
    solver.reset();
    assert_eq!(solver.count(), 90);
    solver.commit_all([OptionId::new(5), OptionId::new(10)]).unwrap();
    assert_eq!(solver.uncommit(), Some(OptionId::new(10)));
    assert_eq!(solver.count() as usize, oracle::containing(&all, &[5]));
}

/// The writer puts DLX3's bounds before the names and the parser reads them back.
#[test]
fn bounds_round_trip_through_the_text_format() {
    let text = "0:2|a 1:3|b 2|c d | x y\na b\na c x:1\nb c y:2\na x:1\nb d\nc y:2\na b c\nb x:2\n";
    let problem = parse(text).unwrap().problem;
    let written = problem.to_string();
    assert!(written.starts_with("0:2|a 1:3|b 2|c d | x y\n"), "{written}");
    let again = parse(&written).unwrap().problem;
    assert_eq!(again, problem);
    assert_eq!(again.fingerprint(), problem.fingerprint());
    assert_eq!(again.solver().count(), problem.solver().count());
    // 1:1 is the default and is written as the bare name.
    assert_eq!(parse("1:1|a\na\n").unwrap().problem.to_string(), "a\na\n");
    // Bounds change the problem and its fingerprint.
    let plain = parse("a b\na b\n").unwrap().problem;
    let bounded = parse("a 2|b\na b\n").unwrap().problem;
    assert_ne!(plain, bounded);
    assert_ne!(plain.fingerprint(), bounded.fingerprint());
}

#[test]
fn bad_bounds_are_refused_with_their_place() {
    let cases = [
        ("a 0|b\na\n", 3, ParseErrorKind::BadBounds("0|b".into())),
        ("a 3:2|b\na\n", 3, ParseErrorKind::BadBounds("3:2|b".into())),
        ("4294967296|a\na\n", 1, ParseErrorKind::BadBounds("4294967296|a".into())),
        ("a | 2|x\na\n", 5, ParseErrorKind::BoundsOnSecondary("2|x".into())),
        ("a :2|b\na\n", 3, ParseErrorKind::MisplacedBar),
    ];
    for (text, column, kind) in cases {
        let error = parse(text).unwrap_err();
        assert_eq!((error.line, error.column, error.kind), (1, column, kind), "{text:?}");
    }
    let mut builder = ProblemBuilder::new();
    let (lower, upper) = (2, 1);
    builder.primary_bounded("a", lower..=upper);
    let error = builder.build().unwrap_err();
    assert_eq!(error, dancer::BuildError::BadBounds { name: "a".into(), lower: 2, upper: 1 });
}

/// A run searches a problem with multiplicities whole, on one worker whatever it is given,
/// with limits; what needs paths of options (checkpoints, resumption, parts, estimates) and
/// the memo are refused with an error, not a wrong answer.
#[test]
fn runs_search_whole_and_what_needs_paths_is_refused() {
    let problem = line_sums(5, 2);
    let mut solver = problem.solver();
    let outcome = Run::new().threads(4).count(&mut solver).unwrap();
    assert_eq!((outcome.solutions(), outcome.is_complete()), (2_040, true));
    assert_eq!(outcome.stats().nodes(), 6_150, "DLX3's nodes, so no work was repeated");
    // Stopped by a node limit: part of the tree is left, and the share says how much.
    let stopped = Run::new().node_limit(3_000).count(&mut problem.solver()).unwrap();
    assert!(!stopped.is_complete());
    let fraction = stopped.checkpoint().fraction();
    assert!(fraction > 0.0 && fraction < 1.0, "{fraction}");
    let save = |_: &dancer::run::Checkpoint| {};
    let every = std::time::Duration::from_secs(1);
    let refused = Run::new().checkpoint_every(every, &save).count(&mut solver);
    assert_eq!(refused.unwrap_err(), RunError::Unsplittable);
    let checkpoint = stopped.checkpoint();
    assert_eq!(
        Run::new().resume(checkpoint).count(&mut solver).unwrap_err(),
        RunError::Unsplittable
    );
    let parts = [Subproblem::subtree(vec![OptionId::new(0)])];
    let refused = Run::new().subproblems(&parts).count(&mut solver);
    assert_eq!(refused.unwrap_err(), RunError::Unsplittable);
    assert_eq!(solver.enter(&parts[0]), Err(PathError::Multiplicities));
    let estimate = solver.estimate_below(&Subproblem::root(), 10, &mut |_| 0);
    assert_eq!(estimate.unwrap_err(), PathError::Multiplicities);
    let mut memo = Memo::default();
    assert_eq!(solver.count_memo(&mut memo, None), Err(MemoError::Multiplicities));
    // The solver still searches whole.
    assert_eq!(solver.count(), 2_040);
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(400))]

    /// On random problems with bounds 0..=4 (lower bounds of 0 included), secondary items and
    /// colours: the engine finds exactly the oracle's solutions, each once, with either
    /// heuristic; the count agrees; the text format round-trips.
    #[test]
    fn solutions_match_the_brute_force_oracle(spec in dancer::strategy::bounded_specs(6, 12)) {
        let problem = spec.build().unwrap();
        let expected = oracle::brute_force(&problem);
        for heuristic in [dancer::Heuristic::Mrv, dancer::Heuristic::First] {
            let mut solver = problem.solver();
            solver.heuristic(heuristic);
            let found: Vec<_> = solver.solutions().map(|s| sorted(&s)).collect();
            let distinct: std::collections::BTreeSet<_> = found.iter().cloned().collect();
            proptest::prop_assert_eq!(distinct.len(), found.len(), "a solution found twice");
            proptest::prop_assert_eq!(&distinct, &expected);
            proptest::prop_assert_eq!(solver.count(), expected.len() as u64);
        }
        let again = parse(&problem.to_string()).unwrap().problem;
        proptest::prop_assert_eq!(&again, &problem);
        // Committing each option of the first solution leaves exactly the solutions with it.
        if let Some(first) = expected.iter().next() {
            let mut solver = problem.solver();
            for (k, &option) in first.iter().enumerate() {
                solver.commit(OptionId::new(option)).unwrap();
                let count = solver.count() as usize;
                proptest::prop_assert_eq!(count, oracle::containing(&expected, &first[..=k]));
            }
            solver.reset();
            proptest::prop_assert_eq!(solver.count(), expected.len() as u64);
        }
    }
}
