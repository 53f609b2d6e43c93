//! `Model::generate`: every kind of marks gives a unique puzzle whose stored solution keeps
//! every constraint (the samples' independent checker); killers' cages partition the used
//! cells with the solution's sums; a samurai is unique; a seed and index give the same puzzle
//! every time, other indices other puzzles.

use dancer::Solver;
use dancer_sudoku::{generate::rng_for, Layout, Marks, Model, Record, RelationKind, Variant};

use crate::variant_samples::broken;

fn make(base: &Model, marks: Marks, seed: u64, index: u64) -> Record {
    base.generate(marks, &mut rng_for(seed, index)).expect("encodes").expect("has a solution")
}

/// Unique on the engine, with the stored solution, which keeps every constraint.
fn assert_sound(record: &Record, what: &str) {
    let model = &record.model;
    let stored = record.solution.clone().expect("a generated record has its solution");
    assert_eq!(broken(model, &stored), None, "{what}");
    let encoded = model.encode().unwrap();
    let mut solver = Solver::new(encoded.problem());
    assert_eq!(solver.count_up_to(2), 1, "{what}: not unique");
    let found: Vec<u8> =
        encoded.grid(&solver.first().unwrap()).iter().map(|d| d.unwrap_or(0)).collect();
    assert_eq!(found, stored, "{what}");
}

#[test]
fn killers_are_unique_and_their_cages_partition_the_grid_with_the_solutions_sums() {
    for size in [4, 6, 9] {
        let base = Model::from_variant(&Variant::standard(size).unwrap());
        let (mut singles, mut cages) = (0, 0);
        for index in 0..6 {
            let record = make(&base, Marks::Killer, 3, index);
            let what = format!("{size}x{size} killer #{index}");
            assert_sound(&record, &what);
            let model = &record.model;
            let solution = record.solution.as_ref().unwrap();
            let mut covered = vec![0; size * size];
            for cage in &model.cages {
                let sum: u32 = cage.cells.iter().map(|&c| u32::from(solution[c])).sum();
                assert_eq!(cage.sum, Some(sum), "{what}");
                cage.cells.iter().for_each(|&c| covered[c] += 1);
            }
            assert!(covered.iter().all(|&k| k == 1), "{what}: cages do not partition the grid");
            singles += model.cages.iter().filter(|cage| cage.cells.len() == 1).count();
            cages += model.cages.len();
            // Cages are what makes it unique: the 9x9s needed no givens at this seed.
            if size == 9 {
                assert!(model.givens.iter().all(Option::is_none), "{what}");
            }
        }
        // A cell every neighbouring cage clashes with stays alone, but rarely.
        assert!(singles * 10 <= cages, "{size}x{size}: {singles} of {cages} cages of one cell");
    }
}

#[test]
fn every_kind_of_marks_gives_a_unique_puzzle() {
    let base = Model::from_variant(&Variant::standard(6).unwrap());
    for marks in Marks::ALL {
        for index in 0..3 {
            let record = make(&base, marks, 5, index);
            assert_sound(&record, &format!("{marks} #{index}"));
            let model = &record.model;
            let (relations, parity, candidates) = (
                !model.relations.is_empty(),
                !model.parity.is_empty(),
                !model.candidates.is_empty(),
            );
            let expected = match marks {
                Marks::Consecutive | Marks::GreaterThan => (true, false, false),
                Marks::EvenOdd => (false, true, false),
                Marks::Sukaku => (false, false, true),
                _ => (relations, false, false),
            };
            assert_eq!((relations, parity, candidates), expected, "{marks}");
        }
    }
}

#[test]
fn a_samurai_is_unique_and_keeps_its_unused_cells_empty() {
    let base = Layout::Samurai.model();
    let record = make(&base, Marks::Givens, 1, 0);
    assert_sound(&record, "samurai");
    let solution = record.solution.as_ref().unwrap();
    assert_eq!(solution.iter().filter(|&&d| d != 0).count(), 369);
    assert!(record.model.givens.iter().flatten().count() < 369 / 2, "givens were removed");
}

#[test]
fn a_seed_and_index_give_the_same_puzzle_every_time() {
    let base = Model::from_variant(&Variant::standard(9).unwrap());
    for marks in [Marks::Killer, Marks::Givens, Marks::Sukaku] {
        let first = make(&base, marks, 11, 4);
        assert_eq!(make(&base, marks, 11, 4), first, "{marks}");
        assert_ne!(make(&base, marks, 11, 5).solution, first.solution, "{marks}");
        assert_ne!(make(&base, marks, 12, 4).solution, first.solution, "{marks}");
    }
}

#[test]
fn rules_without_a_solution_have_no_puzzle() {
    // A 2×2 Latin square has its equal digits on a diagonal: with the diagonals, none fits.
    let none = Model::from_variant(&Variant::latin(2).unwrap().with_diagonals().unwrap());
    for marks in Marks::ALL {
        assert_eq!(none.generate(marks, &mut rng_for(1, 0)), Ok(None), "{marks}");
    }
}

#[test]
fn kropki_marks_put_a_black_dot_on_every_double_and_a_white_one_on_every_other_step_of_one() {
    let size = 6;
    let base = Model::from_variant(&Variant::standard(size).unwrap());
    for index in 0..4 {
        let record = make(&base, Marks::Kropki, 7, index);
        let solution = record.solution.as_ref().unwrap();
        let mut expected = Vec::new();
        for cell in 0..size * size {
            let right = (cell % size + 1 < size).then_some(cell + 1);
            let down = (cell + size < size * size).then_some(cell + size);
            for other in [right, down].into_iter().flatten() {
                let (x, y) = (solution[cell], solution[other]);
                let kind = if x == 2 * y || y == 2 * x {
                    RelationKind::Ratio(2)
                } else if x.abs_diff(y) == 1 {
                    RelationKind::Difference(1)
                } else {
                    continue;
                };
                expected.push((cell.min(other), cell.max(other), kind));
            }
        }
        let mut found: Vec<_> =
            record.model.relations.iter().map(|r| (r.a.min(r.b), r.a.max(r.b), r.kind)).collect();
        found.sort_unstable_by_key(|&(a, b, _)| (a, b));
        expected.sort_unstable_by_key(|&(a, b, _)| (a, b));
        assert_eq!(found, expected, "kropki #{index}");
        assert!(found.iter().any(|r| r.2 == RelationKind::Ratio(2)), "kropki #{index}");
    }
}
