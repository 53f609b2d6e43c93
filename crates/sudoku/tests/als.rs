//! Sue de Coq and the ALS techniques (ALS-XZ, ALS-XY-wing, death blossom) against the unique
//! solution: at every position of a walk through each puzzle, each technique alone is asked
//! for a step, and none may remove a digit of the solution. The walk takes the default
//! solver's steps and, where it stalls, places the solution's digit in the first blank cell,
//! so the hard puzzles give positions all the way down.

use dancer_sudoku::{Candidates, Grid, LogicSolver, Step, TechniqueKind, Template, Variant};

use crate::checker::cells;
use crate::fixtures::{lines, read, shared};
use crate::logic::unique;

/// The techniques checked, in [`TechniqueKind::ALL`]'s order.
const CHECKED: [TechniqueKind; 4] = [
    TechniqueKind::SueDeCoq,
    TechniqueKind::AlsXz,
    TechniqueKind::AlsXyWing,
    TechniqueKind::DeathBlossom,
];

/// Walks every puzzle, checking each technique of [`CHECKED`] at each position; returns how
/// many steps each found.
fn check_all(puzzles: &[Grid]) -> [usize; 4] {
    let variant = Variant::standard(9).unwrap();
    let template = Template::new(variant.clone());
    let walk = LogicSolver::new(&variant);
    let alone: Vec<LogicSolver> =
        CHECKED.iter().map(|&kind| LogicSolver::with_techniques(&variant, &[kind])).collect();
    let mut found = [0; 4];
    for puzzle in puzzles {
        let solution = unique(&template, puzzle);
        let mut candidates = walk.candidates(puzzle).unwrap();
        while !candidates.is_solved() {
            for (k, solver) in alone.iter().enumerate() {
                if let Some(step) = solver.next_step(&candidates) {
                    check(puzzle, &solution, &candidates, &step);
                    found[k] += 1;
                }
            }
            let step = walk.next_step(&candidates).unwrap_or_else(|| guess(&candidates, &solution));
            candidates.apply(&step);
        }
        assert_eq!(candidates.grid(), solution, "{puzzle}");
    }
    found
}

/// A step's eliminations are present candidates that the solution does not need.
fn check(puzzle: &Grid, solution: &Grid, candidates: &Candidates, step: &Step) {
    assert!(step.placements.is_empty() && !step.eliminations.is_empty(), "{step:?}");
    for &(cell, digit) in &step.eliminations {
        assert_ne!(solution.get(cell), Some(digit), "{puzzle}: {step}\n{candidates:?}");
        assert!(candidates.candidates(cell) >> (digit - 1) & 1 == 1, "{puzzle}: {step}");
    }
}

/// The solution's digit in the first blank cell, where logic stalls.
fn guess(candidates: &Candidates, solution: &Grid) -> Step {
    let cell = (0..81).find(|&c| candidates.digit(c).is_none()).expect("a blank cell");
    let digit = solution.get(cell).expect("a solved cell");
    Step {
        technique: TechniqueKind::NakedSingle,
        cells: vec![cell],
        regions: Vec::new(),
        placements: vec![(cell, digit)],
        eliminations: Vec::new(),
        explanation: String::from("the solution's digit"),
    }
}

fn grid(line: &str) -> Grid {
    Grid::from_cells(9, cells(&line[..81], 9))
}

#[test]
fn sue_de_coq_and_als_steps_hold_in_the_solution_of_the_classic_puzzles() {
    let text = include_str!("../../../data/puzzles/classic.txt");
    let puzzles: Vec<Grid> = lines(text)
        .map(|line| line.split(':').collect::<Vec<_>>())
        .filter(|fields| fields[1] == "1")
        .map(|fields| grid(fields[0]))
        .collect();
    let found = check_all(&puzzles);
    eprintln!("classic: {found:?} steps of {CHECKED:?}");
    assert!(found.iter().all(|&count| count > 0), "{found:?}");
}

#[test]
#[ignore = "needs ../shared/data"]
fn sue_de_coq_and_als_steps_hold_in_the_solution_of_magictour_puzzles() {
    let text = read(&shared("puzzles/tdoku_magictour_top1465.txt"));
    let puzzles: Vec<Grid> = lines(&text).take(300).map(grid).collect();
    assert_eq!(puzzles.len(), 300);
    let found = check_all(&puzzles);
    eprintln!("magictour top 300: {found:?} steps of {CHECKED:?}");
    assert!(found.iter().all(|&count| count > 100), "{found:?}");
}
