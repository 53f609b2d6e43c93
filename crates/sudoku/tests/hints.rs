//! The solver of hints and explanations (`LogicSolver::for_hints`): `HoDoKu`'s patterns
//! (skyscraper, 2-string kite, empty rectangle, finned and sashimi fish, Sue de Coq, ALS-XZ,
//! ALS-XY-wing, death blossom) among the default
//! techniques, then Sudoku Explainer's exclusions and chains. On the committed puzzles that
//! need them (`data/puzzles/patterns.txt`, generated here) and on magictour's top 1465 (from
//! `../shared/data`): every step holds in the unique solution, every one of them is used
//! somewhere, and `rate`'s level is extreme exactly where the explanation needs a chain.

use std::collections::BTreeSet;

use dancer_sudoku::{
    parse_puzzle, Grid, Level, LogicSolver, Rater, TechniqueKind, Template, Variant,
};

use crate::checker::cells;
use crate::fixtures::{lines, read, shared};

/// Replays the hint path of `puzzle` one step at a time against `solution`: placements are
/// its digits in blank cells, eliminations remove present candidates it does not need.
/// Returns whether logic solved it, and the steps' techniques and sentences.
fn replay(
    solver: &LogicSolver,
    puzzle: &Grid,
    solution: &Grid,
) -> (bool, Vec<(TechniqueKind, String)>) {
    let mut candidates = solver.candidates(puzzle).expect("valid givens");
    let mut steps = Vec::new();
    while let Some(step) = solver.next_step(&candidates) {
        for &(cell, digit) in &step.placements {
            assert_eq!(solution.get(cell), Some(digit), "{puzzle}: {step}");
            assert_eq!(candidates.digit(cell), None, "{puzzle}: {step}");
        }
        for &(cell, digit) in &step.eliminations {
            assert_ne!(solution.get(cell), Some(digit), "{puzzle}: {step}\n{candidates:?}");
            assert!(candidates.candidates(cell) >> (digit - 1) & 1 == 1, "{puzzle}: {step}");
        }
        assert!(!step.placements.is_empty() || !step.eliminations.is_empty(), "{step:?}");
        candidates.apply(&step);
        steps.push((step.technique, step.explanation));
    }
    let solved = candidates.is_solved();
    if solved {
        assert_eq!(&candidates.grid(), solution, "{puzzle}");
    }
    (solved, steps)
}

fn grid(line: &str) -> Grid {
    Grid::from_cells(9, cells(line, 9))
}

#[test]
fn the_committed_pattern_puzzles_are_explained_to_the_end_with_every_pattern() {
    use TechniqueKind as T;
    let text = include_str!("../../../data/puzzles/patterns.txt");
    let variant = Variant::standard(9).unwrap();
    let solver = LogicSolver::for_hints(&variant);
    let template = Template::new(variant.clone());
    let mut rater = Rater::new(&template);
    let mut used = BTreeSet::new();
    let mut sentences = Vec::new();
    for line in lines(text) {
        let (puzzle, solution) = line.split_once(':').expect("puzzle:solution");
        let (puzzle, solution) = (grid(puzzle), grid(solution));
        let (solved, steps) = replay(&solver, &puzzle, &solution);
        assert!(solved, "{puzzle}: the hints stall");
        // rate's level: the default techniques' path, extreme where it needs a chain.
        let chained = steps.iter().any(|(kind, _)| kind.level() == Level::Extreme);
        let rating = rater.rate(&puzzle).unwrap();
        assert_eq!(rating.level == Level::Extreme, chained, "{puzzle}: {rating:?}");
        used.extend(steps.iter().map(|&(kind, _)| kind));
        sentences.extend(steps.into_iter().map(|(_, sentence)| sentence));
    }
    for kind in [
        T::Skyscraper,
        T::TwoStringKite,
        T::EmptyRectangle,
        T::FinnedXWing,
        T::FinnedSwordfish,
        T::SueDeCoq,
        T::AlsXz,
        T::AlsXyWing,
        T::DeathBlossom,
        T::ForcingChain,
        T::AlignedTripleExclusion,
        T::NishioChain,
        T::MultipleChain,
        T::DynamicChain,
    ] {
        assert!(used.contains(&kind), "no {kind} step in data/puzzles/patterns.txt");
    }
    for start in ["sashimi x-wing on ", "forcing X-chain: if ", "forcing XY-chain: if "] {
        assert!(sentences.iter().any(|s| s.starts_with(start)), "no step starting {start:?}");
    }
}

#[test]
#[ignore = "needs ../shared/data"]
fn magictour_hints_step_soundly() {
    let text = read(&shared("puzzles/tdoku_magictour_top1465.txt"));
    let variant = Variant::standard(9).unwrap();
    let solver = LogicSolver::for_hints(&variant);
    let template = Template::new(variant.clone());
    let mut rater = Rater::new(&template);
    let (mut solved, mut count) = (0, 0);
    for line in lines(&text).take(300) {
        let puzzle = parse_puzzle(line).unwrap().grid;
        let solution = crate::logic::unique(&template, &puzzle);
        let (done, steps) = replay(&solver, &puzzle, &solution);
        solved += usize::from(done);
        count += 1;
        let before = steps.iter().take_while(|(kind, _)| kind.level() < Level::Extreme).count();
        let rating = rater.rate(&puzzle).unwrap();
        // The default techniques' path is the hint path up to its first chain.
        assert_eq!(rating.steps, before, "{puzzle}");
        assert_eq!(rating.level == Level::Extreme, before < steps.len() || !done, "{puzzle}");
    }
    eprintln!("magictour top 1465: the hints solve {solved} of the first {count}");
    // With SE's dynamic forcing chains (+), all 300 (297 before: the other 3 need them).
    assert_eq!(solved, count);
}
