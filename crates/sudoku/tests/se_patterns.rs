//! Unique rectangles and loops of types 2 to 4, BUG types 2 to 4 and aligned exclusion on
//! puzzles where they apply: on every position of the walk in Sudoku Explainer's order, the
//! technique alone, its eliminations checked against the unique solution.

use dancer_sudoku::{parse_puzzle, Candidates, ScaleSolver, TechniqueKind, Template, Variant};

use crate::logic::unique;

/// A puzzle (from tdoku's unbiased, magictour and 17-clue sets) whose walk meets each one,
/// and the start of its explanation.
const WHERE_THEY_APPLY: [(TechniqueKind, &str, &str); 9] = [
    (
        TechniqueKind::UniqueRectangle2,
        "12.......4....9.1778.5...34.6......3....65...8...7...2......4..5..9....13...8..5.",
        "unique rectangle type 2: ",
    ),
    (
        TechniqueKind::UniqueRectangle3,
        ".2.4.......6..913.....152......8....3.....5..8...647...147.28.5.....1.9..........",
        "unique rectangle type 3: ",
    ),
    (
        TechniqueKind::UniqueRectangle4,
        "..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2....",
        "unique rectangle type 4: ",
    ),
    (
        TechniqueKind::UniqueLoop,
        "...6..8..45....7.......1..6.1.3..5..5.......88...7.43..4..9..5......69.2..82.....",
        "unique loop type 3: r3c1, r3c3, r5c3, r5c2, r8c2 and r8c1 would hold only 3 and 7",
    ),
    (
        TechniqueKind::Bug2,
        ".235.9...45.8...92..9..1..3...2.3..7937.4..........8..6.....21...4......37.6.....",
        "bug type 2: without 5 in r6c1 and 5 in r4c5, ",
    ),
    (
        TechniqueKind::Bug3,
        "1.3..7.9...683.7.....4.1............264.....7.716.4..8....4...6..7......59.....1.",
        "bug type 3: without 9 in r8c4 and 2 in r9c4, ",
    ),
    (
        TechniqueKind::Bug4,
        "...4..9.845..9....7....3.......8.72...52.74..........1.4.7..2......2.19.69.1....3",
        "bug type 4: without 3 in r6c2 and 8 in r8c2, ",
    ),
    (
        TechniqueKind::AlignedPairExclusion,
        "..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2....",
        "aligned pair exclusion: r4c2 and r9c3 cannot take digits ",
    ),
    (
        TechniqueKind::AlignedTripleExclusion,
        "..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2....",
        "aligned triple exclusion: r4c2, r9c3 and r6c2 cannot take digits ",
    ),
];

#[test]
fn each_applies_where_expected_and_removes_no_digit_of_the_solution() {
    let variant = Variant::standard(9).unwrap();
    let template = Template::new(variant.clone());
    let solver = ScaleSolver::new(&variant);
    for (kind, line, start) in WHERE_THEY_APPLY {
        let puzzle = parse_puzzle(line).unwrap().grid;
        let solution = unique(&template, &puzzle);
        let technique = kind.technique();
        let mut candidates = Candidates::new(&variant, &puzzle).unwrap();
        let mut found = Vec::new();
        for (step, _) in solver.solve(&puzzle).unwrap().steps {
            if let Some(found_here) = technique.find(&candidates, &variant) {
                assert_eq!(found_here.technique, kind);
                assert!(!found_here.eliminations.is_empty(), "{found_here}");
                for &(cell, digit) in &found_here.eliminations {
                    assert_ne!(solution.get(cell), Some(digit), "{line}: {found_here}");
                }
                found.push(found_here.explanation);
            }
            candidates.apply(&step);
        }
        assert!(found.iter().any(|e| e.starts_with(start)), "{kind}, {line}: {found:?}");
    }
}
