//! Solving, counting and enumerating: classic puzzles shipped in data/, blank grids of several
//! sizes, and published counts. Every solution is verified by the independent checker.

use std::collections::HashSet;

use dancer_sudoku::{Grid, Rules, Variant, Verdict};

use crate::checker::{cells, is_valid_solution, keeps_givens};

fn classic() -> Rules {
    Rules::from_variant(Variant::standard(9).unwrap())
}

fn grid(line: &str, n: usize) -> Grid {
    Grid::from_cells(n, cells(line, n))
}

/// `data/puzzles/classic.txt`: puzzle:count:solution lines.
fn classic_file() -> Vec<(String, u64, String)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/puzzles/classic.txt");
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split(':').collect();
            (fields[0].to_owned(), fields[1].parse().unwrap(), fields[2].to_owned())
        })
        .collect()
}

#[test]
fn classic_puzzles_have_their_published_counts_and_solutions() {
    let template = classic();
    let mut solver = template.solver();
    let puzzles = classic_file();
    assert_eq!(puzzles.len(), 8);
    for (index, (puzzle, count, solution)) in puzzles.iter().enumerate() {
        let expected = cells(solution, 9);
        assert!(is_valid_solution(&expected, 9, 3, 3), "{solution}");
        assert!(keeps_givens(&cells(puzzle, 9), &expected), "{puzzle}");
        assert_eq!(solver.count(&grid(puzzle, 9), None).unwrap().count, *count, "{puzzle}");
        let report = solver.solve_unique(&grid(puzzle, 9)).unwrap();
        match (report.verdict, count) {
            (Verdict::Unique(found), 1) => assert_eq!(found.to_string(), *solution, "{puzzle}"),
            (Verdict::Multiple(found), 2) => assert!(is_valid_solution(found.cells(), 9, 3, 3)),
            (outcome, _) => panic!("{puzzle}: {outcome:?}"),
        }
        // Singles and locked candidates settle the easy puzzle at the root of the search (one
        // node, no branch); Easter Monster and golden nugget need hundreds of branches.
        match index {
            6 => assert_eq!(report.stats.nodes(), 1, "{puzzle}"),
            1 | 2 => assert!(report.stats.nodes() > 100, "{puzzle}"),
            _ => {}
        }
    }
    // The brute-force killer's solution starts with 987654321, as published.
    assert!(puzzles[0].2.starts_with("987654321"));
    // The two-solution puzzle: both solutions are valid, distinct, and one is the published one.
    let (two, _, published) = &puzzles[7];
    let found: Vec<String> = solver
        .enumerate(&grid(two, 9))
        .unwrap()
        .map(Result::unwrap)
        .map(|g| g.to_string())
        .collect();
    assert_eq!(found.len(), 2);
    assert!(found.contains(published) && found[0] != found[1]);
    assert!(found
        .iter()
        .all(|s| is_valid_solution(&cells(s, 9), 9, 3, 3)
            && keeps_givens(&cells(two, 9), &cells(s, 9))));
}

#[test]
fn known_solution_of_the_easy_puzzle() {
    let template = classic();
    let report = template
        .solver()
        .solve_unique(&grid(
            "4..95.1..8.7.2...6..34..9.852...6.3.9...7...4.1.8.3.526.5..93..2...3.4.1..1.84..5",
            9,
        ))
        .unwrap();
    let expected =
        "462958173897321546153467928528146739936572814714893652645219387289735461371684295";
    assert_eq!(report.verdict, Verdict::Unique(grid(expected, 9)));
}

#[test]
fn blank_4x4_enumerates_288_distinct_valid_grids() {
    let template = Rules::from_variant(Variant::standard(4).unwrap());
    let mut solver = template.solver();
    let grids: HashSet<Vec<u8>> = solver
        .enumerate(&Grid::empty(4))
        .unwrap()
        .map(Result::unwrap)
        .map(|g| g.cells().to_vec())
        .collect();
    assert_eq!(grids.len(), 288);
    assert!(grids.iter().all(|g| is_valid_solution(g, 4, 2, 2)));
    assert_eq!(solver.count(&Grid::empty(4), None).unwrap().count, 288);
    let limited = solver.count(&Grid::empty(4), Some(100)).unwrap();
    assert_eq!((limited.count, limited.complete), (100, false));
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow: 28 million solutions; run in release")]
fn blank_6x6_has_28_200_960_solutions() {
    let template = Rules::from_variant(Variant::standard(6).unwrap());
    assert_eq!(template.variant().unwrap().box_shape(), Some((2, 3)));
    assert_eq!(template.solver().count(&Grid::empty(6), None).unwrap().count, 28_200_960);
}

#[test]
fn blank_grids_of_9_16_and_25_solve() {
    for (n, r) in [(9, 3), (16, 4), (25, 5)] {
        let template = Rules::from_variant(Variant::standard(n).unwrap());
        let report = template.solver().solve(&Grid::empty(n)).unwrap();
        let Verdict::Solved(solution) = report.verdict else {
            panic!("{n}x{n}: {:?}", report.verdict)
        };
        assert!(is_valid_solution(solution.cells(), n, r, r), "{n}x{n}");
    }
}

#[test]
fn first_million_of_the_blank_9x9_stream_in_flat_memory() {
    let template = classic();
    let mut solver = template.solver();
    let mut distinct_first_rows = HashSet::new();
    let mut last = None;
    let mut count = 0;
    for solution in solver
        .enumerate(&Grid::empty(9))
        .unwrap()
        .map(Result::unwrap)
        .take(if cfg!(debug_assertions) { 20_000 } else { 1_000_000 })
    {
        count += 1;
        distinct_first_rows.insert(solution.cells()[..9].to_vec());
        assert_ne!(Some(&solution), last.as_ref());
        last = Some(solution);
    }
    assert!(count >= 20_000);
    assert!(is_valid_solution(last.unwrap().cells(), 9, 3, 3));
}

#[test]
fn invalid_givens_are_not_none() {
    let template = classic();
    let mut solver = template.solver();
    let mut puzzle = Grid::empty(9);
    puzzle.set(0, Some(3));
    puzzle.set(4, Some(3));
    let Verdict::Invalid(conflict) = solver.solve(&puzzle).unwrap().verdict else {
        panic!("invalid")
    };
    assert_eq!(conflict.to_string(), "r1c5 repeats 3 of r1c1 in row 1");
    // Consistent givens with no solution: r1c1..r1c8 hold 1..8, and 9 is given in column 9 lower down.
    let none = grid(&format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63)), 9);
    assert_eq!(solver.solve(&none).unwrap().verdict, Verdict::None);
    assert!(solver.count(&puzzle, None).unwrap().invalid.is_some());
    assert!(solver.enumerate(&puzzle).is_err());
}

#[test]
fn variants_solve_and_respect_their_extra_regions() {
    let x = Rules::from_variant(Variant::standard(9).unwrap().with_diagonals().unwrap());
    let Verdict::Solved(solution) = x.solver().solve(&Grid::empty(9)).unwrap().verdict else {
        panic!()
    };
    let diagonal: HashSet<u8> = (0..9).map(|k| solution.cells()[k * 10]).collect();
    let anti: HashSet<u8> = (0..9).map(|k| solution.cells()[k * 8 + 8]).collect();
    assert_eq!((diagonal.len(), anti.len()), (9, 9));
    assert!(is_valid_solution(solution.cells(), 9, 3, 3));
    let hyper = Rules::from_variant(Variant::standard(9).unwrap().with_hyper().unwrap());
    let Verdict::Solved(solution) = hyper.solver().solve(&Grid::empty(9)).unwrap().verdict else {
        panic!()
    };
    for (top, left) in [(1, 1), (1, 5), (5, 1), (5, 5)] {
        let window: HashSet<u8> =
            (0..9).map(|k| solution.cells()[(top + k / 3) * 9 + left + k % 3]).collect();
        assert_eq!(window.len(), 9, "window at r{}c{}", top + 1, left + 1);
    }
    // A 10x10 jigsaw of horizontal 2x5 pieces is solvable.
    let layout: String =
        (0u8..100).map(|cell| char::from(b'a' + cell / 20 * 2 + cell % 10 / 5)).collect();
    let jigsaw = Rules::from_variant(Variant::jigsaw(10, &layout).unwrap());
    let Verdict::Solved(solution) = jigsaw.solver().solve(&Grid::empty(10)).unwrap().verdict else {
        panic!()
    };
    assert!(is_valid_solution(solution.cells(), 10, 2, 5));
}
