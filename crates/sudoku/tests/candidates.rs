//! True candidates (issue 34): for random 4×4 models of every kind, the candidates the door
//! finds, and their counts under a cap, are those of the model's solutions enumerated one by
//! one; givens that break a rule are an error, a puzzle with no solution has none.

use dancer_sudoku::{Model, Rules, SolveError, Variant};
use proptest::prelude::*;

use super::model::puzzles;

/// Each candidate's solutions, counted over every solution of `model`, up to `cap`.
fn counted(model: &Model, cap: u64) -> Vec<u64> {
    let rules = Rules::new(model);
    let mut solver = rules.solver();
    let n = model.symbols;
    let mut counts = vec![0; model.givens.len() * n];
    for solution in solver.enumerate(&model.givens).unwrap() {
        for (cell, digit) in solution.unwrap().iter().enumerate() {
            if let Some(digit) = digit {
                let at = cell * n + usize::from(*digit) - 1;
                counts[at] = (counts[at] + 1).min(cap);
            }
        }
    }
    counts
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(80))]

    #[test]
    fn true_candidates_are_those_of_the_enumerated_solutions(model in puzzles(), cap in 1u64..4) {
        let rules = Rules::new(&model);
        let mut solver = rules.solver();
        if model.broken(&model.givens, false).is_err() {
            let refused = solver.true_candidates(&model.givens, cap);
            prop_assert!(matches!(refused, Err(SolveError::Invalid(_))));
            return Ok(());
        }
        let found = solver.true_candidates(&model.givens, cap).unwrap();
        let expected = counted(&model, cap);
        let n = model.symbols;
        for (at, &count) in expected.iter().enumerate() {
            let (cell, digit) = (at / n, (at % n + 1) as u8);
            let wanted = if cap == 1 { count.min(1) } else { count };
            prop_assert_eq!(found.count(cell, digit), wanted, "r{}c{} #{}", cell / 4 + 1, cell % 4 + 1, digit);
        }
        prop_assert_eq!(found.is_solvable(), expected.iter().any(|&c| c > 0));
    }
}

#[test]
fn the_pencilmark_line_marks_each_true_candidate_with_its_digit() {
    let rules = Rules::from_variant(Variant::standard(4).unwrap());
    let mut solver = rules.solver();
    let blank = [None; 16];
    let found = solver.true_candidates(&blank, 1).unwrap();
    assert_eq!(found.pencilmarks(), "1234".repeat(16));
    let counted = solver.true_candidates(&blank, 1000).unwrap();
    // 288 grids, each digit in each cell of a quarter of them.
    assert!((0..16).all(|cell| (1..=4).all(|digit| counted.count(cell, digit) == 72)));
    let mut clash = [None; 16];
    clash[0] = Some(1);
    clash[1] = Some(1);
    assert!(matches!(solver.true_candidates(&clash, 1), Err(SolveError::Invalid(_))));
}
