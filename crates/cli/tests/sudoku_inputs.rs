//! Variant inputs as the hostile-input corpus of issue 12 found them: `.board` files without
//! blocks, with negative or malformed coordinates, or with sizes that must be refused before
//! anything is allocated; a layout given as a FIFO or `/dev/stdin`. See: issue 12.

use crate::sudoku::{sudoku, Scratch};

/// A `.board` text: `rows` rows and columns, then `blocks` (one `[(r, c), ...]` per line).
fn board(rows: &str, blocks: &[&str]) -> String {
    let mut text = format!("ROWS: {rows}\nCOLUMNS: {rows}\nMINIMUM: 1\nMAXIMUM: {rows}\n");
    if !blocks.is_empty() {
        text += "BLOCKS:\n";
        text += &blocks.join(",\n");
        text += ";\n";
    }
    text
}

#[test]
fn a_board_without_blocks_says_its_puzzles_are_latin_squares() {
    let scratch = Scratch::new("no-blocks");
    let path = scratch.file("latin.board", board("4", &[]));
    let out = sudoku(&["count", "--board", &path, "-"], "................");
    // 4×4 Latin squares: 576 (OEIS A002860).
    assert_eq!(out.stdout, "576\n");
    assert!(out.stderr.contains("no BLOCKS tile the grid"), "{}", out.stderr);
    assert!(out.stderr.contains("(a Latin square)"), "{}", out.stderr);
}

#[test]
fn bad_coordinates_and_sizes_in_a_board_are_errors_not_guesses() {
    let scratch = Scratch::new("bad-board");
    let quadrants = ["[(0, 0), (0, 1), (1, 0), (1, 1)]", "[(0, 2), (0, 3), (1, 2), (1, 3)]"];
    let negative = ["[(-2, 2), (0, 1), (1, 0), (1, 1)]", quadrants[1]];
    let cases = [
        (board("4", &negative), "'-2' is not a row or column"),
        (board("4", &["[(0, 0), (0, one)]"]), "'one' is not a row or column"),
        (board("4000000000", &quadrants), "grids have 1 to 64 rows"),
        (board("100000", &quadrants), "grids have 1 to 64 rows"),
    ];
    for (text, message) in cases {
        let path = scratch.file("bad.board", &text);
        let out = sudoku(&["solve", "--board", &path, "-"], "................");
        assert_eq!(out.code, 2, "{message}: {}", out.stderr);
        assert!(out.stderr.contains(message), "expected '{message}':\n{}", out.stderr);
    }
    let out = sudoku(&["solve", "--boxes", "99999999999x99999999999", "-"], "");
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("at most 64 rows"), "{}", out.stderr);
}

/// `--regions` reads a layout from anything that can be read, not only plain files.
#[cfg(unix)]
#[test]
fn a_layout_can_come_from_standard_input() {
    let scratch = Scratch::new("regions-stdin");
    let layout = "AABB\nAABB\nCCDD\nCCDD\n";
    let puzzle = scratch.file("puzzle.txt", "1...\n..1.\n.1..\n...1\n");
    let from_file = sudoku(&["count", "--regions", &scratch.file("l.txt", layout), &puzzle], "");
    let from_stdin = sudoku(&["count", "--regions", "/dev/stdin", &puzzle], layout);
    // The quadrants are the 2×2 boxes: the count is the plain 4×4 sudoku's.
    let plain = sudoku(&["count", &puzzle], "");
    assert!(plain.stdout.trim().parse::<u64>().is_ok(), "{}", plain.stdout);
    assert_eq!(from_file.stdout, plain.stdout, "{}", from_file.stderr);
    assert_eq!(from_stdin.stdout, plain.stdout, "{}", from_stdin.stderr);
    assert_eq!(from_stdin.code, plain.code);
}
