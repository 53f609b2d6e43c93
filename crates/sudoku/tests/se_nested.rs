//! Sudoku Explainer's nested forcing chains (level 2, 9.5 and up): the numbers SE 1.2.1 gives
//! puzzles whose walks need them (`serate` in SE 1.2.1's technique set, `benches/se/run_se.sh`,
//! `SukakuExplainer` @ 362854e), every step replayed against the unique solution. Ignored: each
//! puzzle takes SE half a minute or more, and dancer about half a second in a release build.

use dancer_sudoku::{parse_puzzle, ScaleSolver, Template, Variant};

use crate::fixtures::{lines, read, shared};
use crate::logic::unique;
use crate::se_scale::replay;

/// Puzzles and SE's `ER/EP/ED` for them.
const NESTED_RATED_BY_SE: [(&str, &str); 6] = [
    // norvig_hardest11's 2nd (SE: 91 s of CPU).
    (
        "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..",
        "10.6/1.2/1.2",
    ),
    // norvig_hardest11's 6th (SE: 103 s).
    (
        "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
        "10.5/1.2/1.2",
    ),
    // Forum-hardest rows of the seeded sample (SE: 79 s, 44 s).
    (
        "..3..6.8....1....6.6.72.....1...7..8..4...6..5..3..9...3...2..7..1...4..9......5.",
        "10.2/10.2/2.6",
    ),
    (
        "..3.9....4...8..36..8...1...4..6..73...9..........2.....4.7..686........7.....5.4",
        "10.4/10.4/2.6",
    ),
    // tdoku_forum_hardest_1106's 1st and 22nd (SE: 27 s, 50 s).
    (
        "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
        "10.3/1.2/1.2",
    ),
    (
        "........7..2...6...8..1..9....9.1.3.3...8...4.9...5....3..9..4...7...2..6..5.....",
        "10.2/1.2/1.2",
    ),
];

#[test]
#[ignore = "slow: a second a puzzle"]
fn se_numbers_of_puzzles_needing_nested_chains() {
    let variant = Variant::standard(9).unwrap();
    let template = Template::new(variant.clone());
    let solver = ScaleSolver::new(&variant);
    for (line, expected) in NESTED_RATED_BY_SE {
        let puzzle = parse_puzzle(line).unwrap().grid;
        let solution = unique(&template, &puzzle);
        assert_eq!(replay(&solver, &puzzle, &solution), expected, "{line}");
        let path = solver.solve(&puzzle).unwrap();
        let taken = path.steps.iter().any(|(step, _)| {
            step.explanation.starts_with("nested forcing chains: ")
                && step.explanation.contains("(a nested forcing X")
        });
        assert!(taken, "{line}: no nested forcing chain step");
    }
}

/// Puzzles whose walks need SE's experimental level 4 (nested dynamic forcing chains, 10.5
/// and up), with SE's `ER/EP/ED`.
const LEVEL_FOUR_RATED_BY_SE: [(&str, &str); 3] = [
    // tdoku_forum_hardest_1106's 100th, 54th and 86th (SE: 402, 752 and 329 s of CPU;
    // dancer, 5, 10 and 4 s).
    (
        "..34...8.......1.37........2...9.......5..8...6...7.4...51....8.7...5...9...62.5.",
        "11.8/11.8/2.6",
    ),
    (
        "5.......9.2.1...7...8...3...4.6.........5.......2.7.1...3...8...6...4.2.9.......5",
        "11.8/11.8/3.4",
    ),
    (
        "1...5...9.......3..79........7.1...65....42..6..8.......5.6...7.....2.4....3..8..",
        "11.7/1.2/1.2",
    ),
];

#[test]
#[cfg_attr(debug_assertions, ignore = "slow: seconds a puzzle; run in release")]
fn se_numbers_of_puzzles_needing_nested_dynamic_chains() {
    let variant = Variant::standard(9).unwrap();
    let template = Template::new(variant.clone());
    let solver = ScaleSolver::new(&variant);
    for (line, expected) in LEVEL_FOUR_RATED_BY_SE {
        let puzzle = parse_puzzle(line).unwrap().grid;
        let solution = unique(&template, &puzzle);
        assert_eq!(replay(&solver, &puzzle, &solution), expected, "{line}");
        let path = solver.solve(&puzzle).unwrap();
        let taken = path.steps.iter().any(|(step, _)| {
            step.explanation.starts_with("nested dynamic forcing chains: ")
                && step.explanation.contains("(a nested dynamic forcing chain of ")
        });
        assert!(taken, "{line}: no nested dynamic forcing chain step");
    }
}

#[test]
#[ignore = "needs ../shared/data"]
fn forum_hardest_puzzles_walk_soundly_with_nested_chains() {
    // Every step of the walk in SE's order holds in the solution, nested chains of levels 2,
    // 3 and 4 included; most of these need them (before them, every walk stalled; the 11th
    // needs level 4, and with it every walk ends).
    let variant = Variant::standard(9).unwrap();
    let template = Template::new(variant.clone());
    let solver = ScaleSolver::new(&variant);
    let text = read(&shared("puzzles/tdoku_forum_hardest_1106.txt"));
    let mut rated = 0;
    for line in lines(&text).take(30) {
        let puzzle = parse_puzzle(&line[..81]).unwrap().grid;
        let rating = replay(&solver, &puzzle, &unique(&template, &puzzle));
        rated += usize::from(!rating.starts_with('-'));
    }
    assert_eq!(rated, 30, "{rated} of 30");
}
