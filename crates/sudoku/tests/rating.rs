//! Ratings over the shared sets: every forum-hardest puzzle is extreme, and the rater's levels
//! over the 17-clue set and the autopear presets (printed, for docs/PERFORMANCE.md).

use dancer_sudoku::{parse_puzzle, puzzles, Level, LogicSolver, Rater, Template, Variant};

/// The text of a shared data file.
fn shared(path: &str) -> String {
    crate::fixtures::read(&crate::fixtures::shared(path))
}

#[test]
#[ignore = "needs ../shared/data"]
fn every_forum_hardest_puzzle_is_extreme() {
    let text = shared("puzzles/tdoku_forum_hardest_1905_11plus.txt");
    let variant = Variant::standard(9).unwrap();
    let logic = LogicSolver::new(&variant);
    let lines: Vec<&str> = text.lines().filter(|l| !l.is_empty() && !l.starts_with('#')).collect();
    assert_eq!(lines.len(), 48_766);
    // Extreme means logic stalls; the rater adds only the engine's nodes to that. Two threads.
    let (first, second) = lines.split_at(lines.len() / 2);
    let stalled = |part: &[&str]| {
        part.iter()
            .filter(|line| {
                let grid = parse_puzzle(line).unwrap().grid;
                !logic.solve(&grid).unwrap().solved
            })
            .count()
    };
    let (a, b) = std::thread::scope(|s| {
        let a = s.spawn(|| stalled(first));
        (a.join().unwrap(), stalled(second))
    });
    assert_eq!(a + b, lines.len(), "some forum-hardest puzzles were solved by logic alone");
    // And the rater itself says extreme, with search nodes, on a sample.
    let template = Template::new(variant);
    let mut rater = Rater::new(&template);
    for line in lines.iter().step_by(4_000) {
        let rating = rater.rate(&parse_puzzle(line).unwrap().grid).unwrap();
        assert_eq!(rating.level, Level::Extreme, "{line}");
        assert!(rating.nodes > 0 && !rating.solved_by_logic);
    }
}

#[test]
#[ignore = "needs ../shared/data"]
fn level_distributions_are_printed_and_plausible() {
    let template = Template::new(Variant::standard(9).unwrap());
    let mut rater = Rater::new(&template);
    let mut report = |name: &str, grids: Vec<dancer_sudoku::Grid>| {
        let mut counts = [0usize; 5];
        for grid in &grids {
            let level = rater.rate(grid).unwrap().level;
            counts[Level::ALL.iter().position(|&l| l == level).unwrap()] += 1;
        }
        let shown: Vec<String> =
            Level::ALL.iter().zip(counts).map(|(l, n)| format!("{l} {n}")).collect();
        eprintln!("levels of {name} ({} puzzles): {}", grids.len(), shown.join(", "));
        counts
    };
    let text = shared("puzzles/tdoku_17_clue.txt");
    let grids: Vec<_> = puzzles(&text).map(|p| p.unwrap().grid).collect();
    let counts = report("tdoku_17_clue", grids);
    // Most 17-clue puzzles are easy for logic; a few percent stall.
    assert!(counts[0] > counts[4] && counts[4] < 49_158 / 10, "{counts:?}");
    for set in ["Easy", "Hard"] {
        let dir = crate::fixtures::shared(&format!("autopear/Presets/Standard/{set}"));
        let entries = std::fs::read_dir(&dir).unwrap();
        let grids: Vec<_> = entries
            .map(|e| std::fs::read_to_string(e.unwrap().path()).unwrap())
            .map(|text| parse_puzzle(&text).unwrap().grid)
            .collect();
        let counts = report(&format!("autopear {set}"), grids);
        assert_eq!(counts.iter().sum::<usize>(), 100);
    }
}
