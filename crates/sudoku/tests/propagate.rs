//! The propagating search (`Backend::Propagate`) against brute force: on random 4×4 models of
//! every kind of constraint (cages, relations, parity, candidates, lines), the solutions it
//! finds, one thread or two, are exactly the grids of the 288 that the model's checker
//! accepts, and its verdicts agree. See: issue 35, item 1.

use dancer::run::{Explore, Pause, Run};
use dancer_sudoku::{Backend, Line, LineKind, Model, Rules, SolveError, Verdict};
use proptest::prelude::*;

use crate::implied::tiled;
use crate::lines::lined;
use crate::model::{all_grids, four, puzzles};

/// The grids of the 288 that keep `model`'s givens and rules, by its checker.
fn kept(model: &Model) -> Vec<Vec<Option<u8>>> {
    let grids = all_grids().into_iter().map(|grid| grid.map(Some).to_vec());
    let givens = |grid: &Vec<Option<u8>>| {
        model.givens.iter().zip(grid).all(|(given, digit)| given.is_none() || given == digit)
    };
    grids.filter(|grid| givens(grid) && model.broken(grid, true).is_ok()).collect()
}

/// Every solution the search for `model`'s givens finds, in the order found.
fn found(model: &Model, rules: &Rules) -> Result<Vec<Vec<Option<u8>>>, SolveError> {
    let mut solver = rules.solver();
    let mut search = solver.explore_to_solve(&model.givens)?;
    let mut solutions = Vec::new();
    loop {
        match search.explore(7, 1) {
            Pause::Solution => solutions.push(search.solution()?),
            Pause::Budget => {}
            Pause::Done => return Ok(solutions),
        }
    }
}

fn check(model: &Model) -> Result<(), TestCaseError> {
    let mut expected = kept(model);
    let rules = Rules::new(model);
    if model.variant().is_none() {
        prop_assert_eq!(rules.backend(), Backend::Propagate);
    }
    let mut solutions = match found(model, &rules) {
        Ok(solutions) => solutions,
        // Givens that break a rule: no grid keeps them.
        Err(SolveError::Invalid(_)) => Vec::new(),
        Err(error) => return Err(TestCaseError::fail(format!("{error}"))),
    };
    let in_order = solutions.len();
    solutions.sort();
    solutions.dedup();
    prop_assert_eq!(in_order, solutions.len(), "a solution found twice");
    expected.sort();
    prop_assert_eq!(&solutions, &expected);
    let verdict = rules.solver().solve_unique(&model.givens).unwrap().verdict;
    match (expected.len(), verdict) {
        (0, Verdict::None | Verdict::Invalid(_)) => {}
        (1, Verdict::Unique(solution)) => prop_assert_eq!(&solution, &expected[0]),
        (_, Verdict::Multiple(solution)) => prop_assert!(expected.contains(&solution)),
        (count, verdict) => prop_assert!(false, "{count} solutions, {verdict:?}"),
    }
    if let Ok(mut search) = rules.solver().explore_to_solve(&model.givens) {
        let outcome = Run::new().threads(2).count(&mut search).unwrap();
        prop_assert_eq!(outcome.solutions(), expected.len() as u64, "on two threads");
    }
    Ok(())
}

prop_compose! {
    /// A sandwich or X-sum clue on a whole row or column of a 4×4, read from either end (the
    /// propagating search splits such a house around its crusts or its X).
    fn house_clue()(
        sandwich in any::<bool>(),
        sum in 0u32..11,
        column in any::<bool>(),
        index in 0usize..4,
        reversed in any::<bool>(),
    ) -> Line {
        let mut cells: Vec<usize> =
            (0..4).map(|k| if column { k * 4 + index } else { index * 4 + k }).collect();
        if reversed {
            cells.reverse();
        }
        let kind = if sandwich { LineKind::Sandwich(sum % 6) } else { LineKind::XSum(sum.max(1)) };
        Line { kind, cells }
    }
}

prop_compose! {
    /// A 4×4 with one to three clues on houses and up to three givens of a reference grid.
    fn housed()(
        lines in prop::collection::vec(house_clue(), 1..4),
        reference in 0usize..288,
        givens in prop::collection::vec(0usize..16, 0..4),
    ) -> Model {
        let grid = all_grids()[reference];
        let mut model = four();
        model.lines = lines;
        for cell in givens {
            model.givens[cell] = Some(grid[cell]);
        }
        model
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Sandwich and X-sum clues on whole houses.
    #[test]
    fn the_propagating_search_finds_the_grids_the_house_clues_keep(model in housed()) {
        prop_assume!(model.validate().is_ok());
        check(&model)?;
    }


    /// Cages, relations, parity, candidates and givens.
    #[test]
    fn the_propagating_search_finds_the_grids_the_rules_keep(model in puzzles()) {
        check(&model)?;
    }

    /// Killers whose cages tile the grid, so that the innie-outie equations of cages
    /// straddling houses arise (the search adds them, the checker knows nothing of them).
    #[test]
    fn the_propagating_search_finds_the_grids_tiled_killers_keep(model in tiled()) {
        check(&model)?;
    }

    /// Lines of every kind.
    #[test]
    fn the_propagating_search_finds_the_grids_the_lines_keep(model in lined()) {
        prop_assume!(model.validate().is_ok());
        check(&model)?;
    }
}

/// Every solution of `model` from a run of `threads` threads in slices of at most `slice`
/// nodes, each resumed from the last one's checkpoint.
fn sliced(model: &Model, threads: usize, slice: u64) -> Vec<Vec<Option<u8>>> {
    let rules = Rules::new(model);
    let found = std::sync::Mutex::new(Vec::new());
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
    let mut checkpoint: Option<dancer::run::Checkpoint> = None;
    loop {
        let mut solver = rules.solver();
        let mut search = solver.explore_to_solve(&model.givens).unwrap();
        let mut run = Run::new().threads(threads).poll_nodes(2).node_limit(slice);
        if let Some(checkpoint) = &checkpoint {
            run = run.resume(checkpoint);
        }
        let visit = |search: &_| {
            let search: &dancer_sudoku::PuzzleSearch<'_, '_, Vec<Option<u8>>> = search;
            found.lock().unwrap().push(search.solution().unwrap());
            std::ops::ControlFlow::Continue(())
        };
        let outcome = pool.install(|| run.visit(&mut search, &visit)).unwrap();
        if outcome.is_complete() {
            return found.into_inner().unwrap();
        }
        checkpoint = Some(outcome.into_checkpoint());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// Stopped and resumed on one thread or two, the propagating search finds each solution
    /// once: its paths replay the branch points on a digit's places in a house as well as
    /// those on a cell's candidates (a 6×6 with a thermometer, a cage and few givens).
    #[test]
    fn stopped_and_resumed_propagating_searches_find_each_solution_once(
        keep in proptest::collection::vec(proptest::bool::weighted(0.3), 36),
        slice in 1u64..40,
    ) {
        // Givens from a grid that keeps the rules, so that every puzzle has a solution.
        let full = "123456456123231564564231312645645312";
        let mut model = Model::from_variant(&dancer_sudoku::Variant::standard(6).unwrap());
        model.lines.push(Line { kind: LineKind::Thermometer, cells: vec![0, 1, 2] });
        model.cages.push(dancer_sudoku::Cage { cells: vec![6, 7], sum: Some(9) });
        for (cell, digit) in full.bytes().enumerate() {
            if keep[cell] {
                model.givens[cell] = Some(digit - b'0');
            }
        }
        prop_assert_eq!(Rules::new(&model).backend(), Backend::Propagate);
        let whole = sliced(&model, 1, u64::MAX);
        prop_assert!(!whole.is_empty());
        // A resumed search branches by weights of its own, so the order may differ.
        let mut expected = whole.clone();
        expected.sort();
        for threads in [1, 2] {
            let mut found = sliced(&model, threads, slice);
            found.sort();
            prop_assert_eq!(&found, &expected, "{} threads", threads);
        }
        for grid in &whole {
            let digits: Vec<Option<u8>> = grid.clone();
            prop_assert!(model.broken(&digits, true).is_ok());
        }
    }
}

/// The nodes of `model`'s propagating search from `given` (the root when empty): its
/// checkpoint after `limit` nodes, or the error entering them.
fn run_from(
    model: &Model,
    given: &[dancer::run::Subproblem],
    limit: u64,
) -> Result<dancer::run::Checkpoint, dancer::run::RunError> {
    let rules = Rules::new(model);
    let mut solver = rules.solver();
    let mut search = solver.explore_to_solve(&model.givens).unwrap();
    let mut run = Run::new().node_limit(limit);
    if !given.is_empty() {
        run = run.subproblems(given);
    }
    let visit = |_: &_| std::ops::ControlFlow::Continue(());
    run.visit(&mut search, &visit).map(dancer::run::Outcome::into_checkpoint)
}

#[test]
fn a_path_through_split_cells_replays_and_a_split_naming_no_candidate_is_an_error() {
    // A blank 9×9 with a thermometer keeps cells of four candidates and more, which split in
    // two: their options come after the cells' (81 · 9) and the houses' places (27 · 81),
    // two a cell's digit (placed, then removed).
    let mut model = Model::from_variant(&dancer_sudoku::Variant::standard(9).unwrap());
    model.lines.push(Line { kind: LineKind::Thermometer, cells: vec![0, 1, 2] });
    assert_eq!(Rules::new(&model).backend(), Backend::Propagate);
    let splits = 81 * 9 + 27 * 81;
    let stopped = run_from(&model, &[], 30).unwrap();
    let path = stopped.remaining()[0].path().to_vec();
    let split = path.iter().position(|option| option.index() >= splits);
    let depth = split.expect("a split on the path");
    // The path replays: entering it and going on is no error.
    let prefix = dancer::run::Subproblem::new(path[..=depth].to_vec(), 0, None).unwrap();
    assert!(run_from(&model, &[prefix], 10).is_ok());
    // r1c1, the thermometer's bulb, can never be 9: splitting on it is in no tree, nor is a
    // split of a cell past the grid.
    for option in [splits + 2 * 8, splits + 2 * 8 + 1, splits + 2 * 81 * 9] {
        let mut bad = path[..=depth].to_vec();
        bad[depth] = dancer::OptionId::new(option);
        let given = [dancer::run::Subproblem::new(bad, 0, None).unwrap()];
        let ran = run_from(&model, &given, 10);
        assert!(matches!(ran, Err(dancer::run::RunError::Path { .. })), "{option}: {ran:?}");
    }
}
