//! The peer bridge's tests: renaming, both engines on the same trees, fresh sudoku matrices.

use dancer::ProblemBuilder;

use super::*;

/// Knuth's toy problem with colours (TAOCP 7.2.2.1 (49)): one solution.
fn toy() -> Problem {
    let mut builder = ProblemBuilder::new();
    for name in ["p", "q", "r"] {
        builder.primary(name);
    }
    builder.secondary("x_1");
    builder.secondary("y_2");
    for option in ["p q x_1 y_2:A", "p r x_1:A y_2", "p x_1:B", "q x_1:A", "r y_2:B"] {
        builder.option_named(option.split(' '));
    }
    builder.build().expect("toy problem builds")
}

#[test]
fn renames_items_and_colours_only() {
    let text = peer_text(&toy());
    assert_eq!(text, "i0 i1 i2 | i3 i4\ni0 i1 i3 i4:a\ni0 i2 i3:a i4\ni0 i3:b\ni1 i3:a\ni2 i4:b\n");
    // Our parser reads the renamed text back to the same shape of problem.
    let parsed = dancer::parse(&text).expect("dancer parses the peer text").problem;
    assert_eq!(parsed.option_count(), 5);
    assert_eq!(parsed.primary_count(), 3);
}

#[test]
fn both_engines_agree_on_the_toy_problem() {
    let problem = toy();
    let mut peer = PeerProblem::from_text(&peer_text(&problem)).expect("peer builds");
    assert!(matches!(peer, PeerProblem::Colored(_)));
    let mut solver = problem.solver();
    assert_eq!(solver.count(), 1);
    assert_eq!(peer.count_with_stats().solutions, 1);
    // Counting again reuses the restored links.
    assert_eq!(peer.count(), 1);
}

#[test]
fn fresh_matrices_solve_sudoku() {
    // The first puzzle of tdoku's 17-clue set and its solution.
    let puzzle =
        ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...";
    let cells: Vec<u8> = puzzle.bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect();
    let placements = sudoku_placements(&cells);
    assert_eq!(placements.len(), 729 - 8 * 17);
    let dlx = fresh_dlx_unique(&cells);
    assert!(dlx.unique);
    assert_eq!(fresh_dancer_unique(&cells), dlx);
    let solution = dlx.solution.expect("solvable");
    assert!(cells.iter().zip(&solution).all(|(&given, &digit)| given == 0 || given == digit));
    // Every row, column and box holds each digit once: each item covered exactly once.
    let mut covered = [0u8; 324];
    for (cell, &digit) in solution.iter().enumerate() {
        for item in sudoku_items((cell, digit)) {
            covered[item] += 1;
        }
    }
    assert!(covered.iter().all(|&times| times == 1));
    // Two givens removed from a 17-clue puzzle: several solutions.
    let mut loose = cells.clone();
    let first_two: Vec<usize> = (0..81).filter(|&c| cells[c] != 0).take(2).collect();
    for cell in first_two {
        loose[cell] = 0;
    }
    assert!(!fresh_dlx_unique(&loose).unique);
    assert!(!fresh_dancer_unique(&loose).unique);
}

#[test]
fn both_engines_walk_the_same_tree_without_colours() {
    // 6 queens as rows and columns (primary) plus diagonals (secondary): 4 solutions.
    let mut builder = ProblemBuilder::new();
    let n = 6;
    let rows: Vec<_> = (0..n).map(|r| builder.primary(format!("r{r}"))).collect();
    let cols: Vec<_> = (0..n).map(|c| builder.primary(format!("c{c}"))).collect();
    let up: Vec<_> = (0..2 * n - 1).map(|d| builder.secondary(format!("a{d}"))).collect();
    let down: Vec<_> = (0..2 * n - 1).map(|d| builder.secondary(format!("b{d}"))).collect();
    for r in 0..n {
        for c in 0..n {
            builder.option([rows[r], cols[c], up[r + c], down[r + n - 1 - c]]);
        }
    }
    let problem = builder.build().expect("queens builds");
    let mut peer = PeerProblem::from_text(&peer_text(&problem)).expect("peer builds");
    assert!(matches!(peer, PeerProblem::Exact(_)));
    let mut solver = problem.solver();
    let ours = solver.count();
    let theirs = peer.count_with_stats();
    assert_eq!((ours, solver.stats().nodes()), (theirs.solutions, theirs.nodes));
    assert_eq!(ours, 4);
}

#[test]
fn bounds_reach_the_peer_s_algorithm_m() {
    // DLX3's example (one solution), with colours: the peer's dlx::mc.
    let text = "A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n";
    let problem = dancer::parse(text).expect("DLX3's example parses").problem;
    let renamed = peer_text(&problem);
    assert!(renamed.starts_with("i0 i1 2:3|i2 | i3 i4\n"), "{renamed}");
    let mut peer = PeerProblem::from_text(&renamed).expect("peer builds");
    assert!(matches!(peer, PeerProblem::BoundedColored(_)));
    assert_eq!(peer.count_with_stats().solutions, 1);
    // 4x4 matrices with line sums 2 (90), no colours: dlx::m, the same tree as ours.
    let mut builder = ProblemBuilder::new();
    let rows: Vec<_> = (0..4).map(|r| builder.primary_bounded(format!("r{r}"), 2..=2)).collect();
    let cols: Vec<_> = (0..4).map(|c| builder.primary_bounded(format!("c{c}"), 2..=2)).collect();
    for &row in &rows {
        for &col in &cols {
            builder.option([row, col]);
        }
    }
    let problem = builder.build().expect("line sums build");
    let mut peer = PeerProblem::from_text(&peer_text(&problem)).expect("peer builds");
    assert!(matches!(peer, PeerProblem::Bounded(_)));
    let mut solver = problem.solver();
    let theirs = peer.count_with_stats();
    assert_eq!((solver.count(), solver.stats().nodes()), (theirs.solutions, theirs.nodes));
    assert_eq!(theirs.solutions, 90);
}
