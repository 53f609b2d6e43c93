//! One solver API for every puzzle (issues 23, 33): [`Rules`] and [`PuzzleSolver`] solve, prove
//! unique, count (with a limit, with a memo table), enumerate and explore any model, plain or
//! not, and agree with each other, with a filter of all 4×4 grids and with the committed
//! samples' stored solutions; givens that break a rule and unreadable models are told apart.

use std::collections::BTreeSet;

use dancer::{run::MemoRun, run::Run, Memo};
use dancer_sudoku::{Backend, Cage, Grid, Model, Rules, SolveError, Variant, Verdict};
use proptest::prelude::*;

use super::model::{all_grids, four, keeps, puzzles};
use super::variant_samples::samples;

/// Every solution of `model`'s givens, each through every call of the API, which must agree.
fn solutions_by_every_call(model: &Model) -> BTreeSet<Vec<u8>> {
    let rules = Rules::new(model);
    let mut solver = rules.solver();
    let givens = &model.givens;
    if model.broken(givens, false).is_err() {
        assert!(matches!(solver.solve(givens).unwrap().verdict, Verdict::Invalid(_)));
        assert!(solver.count(givens, None).unwrap().invalid.is_some());
        assert!(matches!(solver.explore(givens), Err(SolveError::Invalid(_))));
        assert!(matches!(solver.enumerate(givens), Err(SolveError::Invalid(_))));
        return BTreeSet::new();
    }
    let enumerated: Vec<Vec<u8>> = solver
        .enumerate(givens)
        .expect("givens that break no rule")
        .map(|solution| {
            let solution = solution.expect("every solution keeps the model's rules");
            assert!(model.broken(&solution, true).is_ok());
            solution.into_iter().map(|digit| digit.unwrap_or(0)).collect()
        })
        .collect();
    let set: BTreeSet<Vec<u8>> = enumerated.iter().cloned().collect();
    assert_eq!(set.len(), enumerated.len(), "no solution twice");
    let count = solver.count(givens, None).unwrap();
    assert_eq!((count.count, count.complete, count.invalid), (set.len() as u64, true, None));
    let limited = solver.count(givens, Some(1)).unwrap();
    assert_eq!(limited.count, u64::from(!set.is_empty()));
    let memo = solver.count_memo(givens, &mut Memo::new(1 << 16), &MemoRun::new()).unwrap();
    assert_eq!(memo.count, set.len() as u128);
    // Two workers polling every few nodes, so that work is handed over: the count and counters
    // of one thread (on the engine, both walk on sparse sets as one thread does).
    let mut search = solver.explore(givens).unwrap();
    let outcome = Run::new().threads(2).poll_nodes(3).count(&mut search).unwrap();
    assert_eq!(outcome.solutions(), set.len() as u64);
    let stats = outcome.stats();
    assert_eq!((stats.nodes(), stats.updates()), (count.stats.nodes(), count.stats.updates()));
    let report = solver.solve_unique(givens).unwrap();
    let digits = |solution: &[Option<u8>]| -> Vec<u8> {
        solution.iter().map(|digit| digit.unwrap_or(0)).collect()
    };
    match (&report.verdict, set.len()) {
        (Verdict::None, 0) => {}
        (Verdict::Unique(solution), 1) | (Verdict::Multiple(solution), 2..) => {
            assert!(set.contains(&digits(solution)));
        }
        (verdict, n) => panic!("solve_unique said {verdict:?} of {n} solutions"),
    }
    match (solver.solve(givens).unwrap().verdict, set.len()) {
        (Verdict::None, 0) => {}
        (Verdict::Solved(solution), 1..) => assert!(set.contains(&digits(&solution))),
        (verdict, n) => panic!("solve said {verdict:?} of {n} solutions"),
    }
    set
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    /// On random 4×4 puzzles with cages, relations, parity, candidates and givens, every call
    /// finds exactly the grids of the 288 that keep all the constraints.
    #[test]
    fn every_call_finds_the_filtered_grids(model in puzzles()) {
        let expected: BTreeSet<Vec<u8>> = all_grids()
            .into_iter()
            .filter(|grid| keeps(&model, grid))
            .map(|grid| grid.to_vec())
            .collect();
        prop_assert_eq!(solutions_by_every_call(&model), expected);
    }
}

/// A plain model is solved on its template by the bitmask search, any other by the engine;
/// both through the same calls, with the same answers on the same rules.
#[test]
fn plain_rules_have_a_template_and_others_none() {
    let plain = Rules::new(&four());
    assert!(plain.template().is_some());
    assert_eq!(solutions_by_every_call(&four()).len(), 288);
    let from_variant = Rules::from_variant(Variant::standard(4).unwrap());
    assert_eq!(from_variant.model().regions.len(), 12);
    assert_eq!(from_variant.solver().count(&[None; 16], None).unwrap().count, 288);
    let mut killer = four();
    killer.cages.push(Cage { cells: vec![0, 1], sum: Some(3) });
    assert!(Rules::new(&killer).template().is_none());
    // 1 and 2 in r1c1 r1c2 either way round: 2 of the 12 ordered pairs, 288 / 12 · 2 grids.
    assert_eq!(solutions_by_every_call(&killer).len(), 48);
}

/// Every committed sample (killers, samurai, sohei, XV, ...) is unique through the API, with
/// its stored solution.
#[test]
fn the_committed_samples_are_unique_with_their_stored_solutions() {
    for (file, records) in samples() {
        for record in records {
            let solutions = solutions_by_every_call(&record.model);
            let stored = record.solution.clone().expect("the samples carry their solutions");
            assert_eq!(
                solutions.into_iter().collect::<Vec<_>>(),
                [stored],
                "{file}: {}",
                record.name
            );
        }
    }
}

/// Givens that break a rule are a verdict of `solve` and `count`, and refuse `explore` and
/// `enumerate`; a model that cannot be encoded is an error of every call.
#[test]
fn broken_givens_and_unreadable_models_are_told_apart() {
    let mut killer = four();
    killer.cages.push(Cage { cells: vec![0, 1], sum: Some(3) });
    killer.givens[0] = Some(4);
    let rules = Rules::new(&killer);
    let mut solver = rules.solver();
    let givens = killer.givens.clone();
    let verdict = solver.solve(&givens).unwrap().verdict;
    assert!(
        matches!(&verdict, Verdict::Invalid(broken) if broken.0.contains("cage")),
        "{verdict:?}"
    );
    assert!(solver.count(&givens, None).unwrap().invalid.is_some());
    assert!(matches!(solver.explore(&givens), Err(SolveError::Invalid(_))));
    assert!(matches!(solver.explore_to_solve(&givens), Err(SolveError::Invalid(_))));
    assert!(matches!(solver.enumerate(&givens), Err(SolveError::Invalid(_))));
    let mut clash = four();
    (clash.givens[0], clash.givens[1]) = (Some(2), Some(2));
    let verdict = Rules::new(&clash).solver().solve(&clash.givens).unwrap().verdict;
    assert!(matches!(verdict, Verdict::Invalid(_)), "{verdict:?}");
    let mut unreadable = killer.clone();
    unreadable.cages.push(Cage { cells: vec![0, 99], sum: Some(5) });
    let rules = Rules::new(&unreadable);
    let mut solver = rules.solver();
    assert!(matches!(solver.solve(&givens), Err(SolveError::Model(_))));
    assert!(matches!(solver.count(&givens, None), Err(SolveError::Model(_))));
    assert!(matches!(solver.explore(&givens), Err(SolveError::Model(_))));
    assert!(matches!(solver.explore_to_solve(&givens), Err(SolveError::Model(_))));
    assert!(matches!(solver.solve_unique(&givens), Err(SolveError::Model(_))));
}

/// The one door takes a grid or a model's digits for any rules, plain or not, and gives each
/// back in its own form: a killer's grid is searched by propagation and comes back as a grid,
/// with the same solution as its digits; a classic puzzle's digits come back as digits.
#[test]
fn the_door_takes_grids_and_digits_whatever_the_back_end() {
    let mut killer = four();
    for (cells, sum) in [(vec![0, 1, 4], 6), (vec![2, 3], 7), (vec![5, 6, 9, 10], 10)] {
        killer.cages.push(Cage { cells, sum: Some(sum) });
    }
    for (cells, sum) in [(vec![7, 11], 3), (vec![8, 12, 13], 8), (vec![14, 15], 6)] {
        killer.cages.push(Cage { cells, sum: Some(sum) });
    }
    let rules = Rules::new(&killer);
    assert_eq!(rules.backend(), Backend::Propagate);
    let mut solver = rules.solver();
    let grid = Grid::empty(4);
    let Verdict::Unique(as_grid) = solver.solve_unique(&grid).unwrap().verdict else {
        panic!("the killer is unique")
    };
    let Verdict::Unique(as_digits) = solver.solve_unique(&killer).unwrap().verdict else {
        panic!("the killer is unique")
    };
    let digits: Vec<Option<u8>> = as_grid.cells().iter().map(|&d| Some(d)).collect();
    assert_eq!(digits, as_digits);
    assert_eq!(solver.count(&grid, None).unwrap().count, 1);
    let grids: Vec<Grid> = solver.enumerate(&grid).unwrap().map(Result::unwrap).collect();
    assert_eq!(grids, [as_grid]);
    let plain = Rules::from_variant(Variant::standard(4).unwrap());
    let Verdict::Solved(digits) = plain.solver().solve(&[None; 16]).unwrap().verdict else {
        panic!("a blank 4×4 has solutions")
    };
    assert!(four().broken(&digits, true).is_ok());
}

/// Givens that do not fit the rules are an error of every call, not a panic: a grid of
/// another size (the plain search used to assert on it), or too few digits.
#[test]
fn givens_that_do_not_fit_the_rules_are_an_error() {
    let rules = Rules::from_variant(Variant::standard(9).unwrap());
    let mut solver = rules.solver();
    let small = Grid::empty(4);
    assert!(matches!(solver.solve(&small), Err(SolveError::Shape(_))));
    assert!(matches!(solver.count(&small, None), Err(SolveError::Shape(_))));
    assert!(matches!(solver.explore(&small), Err(SolveError::Shape(_))));
    assert!(matches!(solver.enumerate(&[None; 16]), Err(SolveError::Shape(_))));
    let mut killer = four();
    killer.cages.push(Cage { cells: vec![0, 1], sum: Some(3) });
    let rules = Rules::new(&killer);
    let error = rules.solver().solve(&Grid::empty(9)).unwrap_err();
    assert_eq!(error.to_string(), "a 9x9 grid given to rules of 4x4 cells and 4 symbols");
}
