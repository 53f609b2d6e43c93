//! Variant inputs as the hostile-input corpus of issue 12 found them: `.board` files without
//! blocks, with negative or malformed coordinates, or with sizes that must be refused before
//! anything is allocated; a layout given as a FIFO or `/dev/stdin`. See: issue 12. And puzzle
//! files as they come: missing, empty, CRLF with a byte-order mark, a megabyte of garbage,
//! invalid UTF-8, a reader that closes the pipe.

use std::time::{Duration, Instant};

use crate::{
    eqnice,
    sudoku::{sudoku, Scratch, CONTEST_SOLUTION, EASY, EASY_SOLUTION, FOUR, FOUR_SOLUTION},
    util::{data, first_line_then_close},
};

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

#[test]
fn a_missing_file_is_reported_and_the_others_still_run() {
    let out = sudoku(&["solve", "no/such/puzzles.txt", &data("puzzles/contest.txt")], "");
    eqnice!(format!("{CONTEST_SOLUTION}\n"), out.stdout);
    assert!(out.stderr.starts_with("sudoku: cannot read no/such/puzzles.txt"), "{}", out.stderr);
    assert_eq!(out.code, 2);
    // `-` is standard input, among files.
    let out = sudoku(&["solve", &data("puzzles/contest.txt"), "-"], &format!("{EASY}\n"));
    eqnice!(format!("{CONTEST_SOLUTION}\n{EASY_SOLUTION}\n"), out.stdout);
}

#[test]
fn empty_input_prints_nothing_and_succeeds() {
    for input in ["", "\n\n", "# only a comment\n\n"] {
        let out = sudoku(&["solve", "-q"], input);
        assert_eq!((out.stdout.as_str(), out.stderr.as_str(), out.code), ("", "", 0), "{input:?}");
    }
}

#[test]
fn crlf_line_ends_and_a_byte_order_mark_are_read() {
    let out = sudoku(&["solve"], &format!("\u{feff}{EASY}\r\n# comment\r\n\r\n{FOUR}  \r\n"));
    eqnice!(format!("{EASY_SOLUTION}\n{FOUR_SOLUTION}\n"), out.stdout);
    assert_eq!(out.code, 0);
}

#[test]
fn a_megabyte_of_garbage_is_one_error_at_once() {
    let started = Instant::now();
    let out = sudoku(&["solve"], &format!("{}\n{EASY}\n", "z".repeat(1 << 20)));
    assert!(started.elapsed() < Duration::from_secs(5), "took {:?}", started.elapsed());
    eqnice!(format!("error\n{EASY_SOLUTION}\n"), out.stdout);
    assert!(
        out.stderr.starts_with("sudoku: <stdin>:1:1: the line is longer than 65536 bytes"),
        "{}",
        out.stderr
    );
    assert_eq!(out.code, 2);
}

#[test]
fn invalid_utf8_spoils_one_record_only() {
    // See: issue 12. A byte that is not UTF-8 used to throw the whole file away.
    let scratch = Scratch::new("utf8");
    let bad =
        [EASY.as_bytes(), b"\n\xff\xfe\n# \xff in a comment\n", EASY.as_bytes(), b"\n"].concat();
    let path = scratch.file("bad.txt", bad);
    let out = sudoku(&["solve", &path, &data("puzzles/contest.txt")], "");
    let solved = sudoku(&["solve", "-"], EASY).stdout;
    eqnice!(format!("{solved}error\n{solved}{CONTEST_SOLUTION}\n"), out.stdout);
    assert!(out.stderr.contains("bad.txt:2:1: the line is not UTF-8"), "{}", out.stderr);
    assert_eq!(out.code, 2);
}

#[test]
fn a_closed_pipe_is_not_an_error() {
    // Far more output than a pipe holds.
    let text = format!("{}\n", ".".repeat(81)).repeat(20_000);
    let (first, output) = first_line_then_close(env!("CARGO_BIN_EXE_sudoku"), &["solve"], &text);
    assert_eq!(first.len(), 82);
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
}

#[test]
fn a_closed_standard_input_is_an_error_not_an_empty_input() {
    // See: issue 32. `sudoku solve <&-` exited 0 with no output: Rust's runtime reads a closed
    // descriptor as /dev/null. `< /dev/null` is an empty input and stays one.
    for (bin, args) in [
        (env!("CARGO_BIN_EXE_sudoku"), "solve"),
        (env!("CARGO_BIN_EXE_sudoku"), "count -"),
        (env!("CARGO_BIN_EXE_sudoku"), "show --format svg"),
        (env!("CARGO_BIN_EXE_dlx"), "--count"),
    ] {
        let closed = std::process::Command::new("sh")
            .args(["-c", &format!("exec \"$0\" {args} <&-"), bin])
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&closed.stderr);
        assert_eq!(closed.status.code(), Some(2), "{args}: {stderr}");
        assert!(stderr.contains("standard input is closed"), "{args}: {stderr}");
    }
    let empty = std::process::Command::new("sh")
        .args(["-c", "exec \"$0\" solve < /dev/null", env!("CARGO_BIN_EXE_sudoku")])
        .output()
        .unwrap();
    assert_eq!(empty.status.code(), Some(0), "{}", String::from_utf8_lossy(&empty.stderr));
}

#[test]
fn an_autopear_preset_means_its_board_in_every_subcommand() {
    // See: issue 32. `sudoku solve` of `Presets/NAME/X.sdk` ignored `Boards/NAME.board`, which
    // `sudoku play` found, and printed the standard rules' answer.
    let scratch = Scratch::new("preset-board");
    std::fs::create_dir_all(scratch.path("Boards")).unwrap();
    std::fs::create_dir_all(scratch.path("Presets/L4")).unwrap();
    let blocks = [
        "[(0, 0), (0, 1), (0, 2), (1, 0)]",
        "[(0, 3), (1, 1), (1, 2), (1, 3)]",
        "[(2, 0), (2, 1), (3, 0), (3, 1)]",
        "[(2, 2), (2, 3), (3, 2), (3, 3)]",
    ];
    scratch.file("Boards/L4.board", board("4", &blocks));
    // Unique under the L-shaped blocks, not under the standard 2×2 boxes.
    let preset =
        scratch.file("Presets/L4/one.sdk", "1, 0, 0, 0\n0, 0, 1, 0\n0, 1, 0, 0\n3, 4, 2, 0\n");
    let solution = "1234431221433421\n";
    eqnice!(solution, sudoku(&["solve", "-q", "--unique", &preset], "").stdout);
    eqnice!("1\n", sudoku(&["count", "-q", &preset], "").stdout);
    let out = sudoku(&["show", "-q", "--format", "svg", &preset], "");
    let thick = out.stdout.matches("class=\"border\"").count();
    let standard = sudoku(&["show", "-q", "--format", "svg", "-"], "1.....1..1..342.").stdout;
    assert_ne!(thick, standard.matches("class=\"border\"").count(), "drawn by its own blocks");
    // The options still rule where they name a board.
    let other = scratch.file(
        "standard.board",
        board(
            "4",
            &[
                "[(0, 0), (0, 1), (1, 0), (1, 1)]",
                "[(0, 2), (0, 3), (1, 2), (1, 3)]",
                "[(2, 0), (2, 1), (3, 0), (3, 1)]",
                "[(2, 2), (2, 3), (3, 2), (3, 3)]",
            ],
        ),
    );
    let out = sudoku(&["solve", "-q", "--unique", "--board", &other, &preset], "").stdout;
    assert!(out.starts_with("multiple "), "{out}");
}

/// `puzzle` (a 9×9 line) in the pencilmark form of tdoku and ISS: 9 characters a cell, the
/// given alone in its place, every digit in a blank cell.
fn pencilmarks(puzzle: &str) -> String {
    let cell = |c: char| -> String {
        ('1'..='9')
            .map(|d| if c == d || !c.is_ascii_digit() || c == '0' { d } else { '.' })
            .collect()
    };
    puzzle.chars().take(81).map(cell).collect()
}

#[test]
fn a_729_character_pencilmark_line_is_its_9x9_puzzle() {
    // See: issue 32. tdoku's pencilmark form (ISS's HARD_PENCILMARKS) was read as a 27×27
    // puzzle and called invalid.
    let line = pencilmarks(EASY);
    assert_eq!(line.len(), 729);
    eqnice!(format!("{EASY_SOLUTION}\n"), sudoku(&["solve", "-q", "--unique"], &line).stdout);
    eqnice!("1\n", sudoku(&["count", "-q"], &line).stdout);
    // Candidates taken away from a blank cell are kept: without the solution's digit there,
    // the puzzle has none.
    let first_blank = EASY.find(['.', '0']).unwrap();
    let digit = EASY_SOLUTION.as_bytes()[first_blank] - b'0';
    let mut spoilt = line.clone().into_bytes();
    spoilt[first_blank * 9 + usize::from(digit) - 1] = b'.';
    let spoilt = String::from_utf8(spoilt).unwrap();
    eqnice!("none\n", sudoku(&["solve", "-q"], &spoilt).stdout);
}

#[test]
fn a_byte_order_mark_before_json_lines_is_not_part_of_the_first_record() {
    // See: issue 32, item 21 (every record of such a file was `error`).
    let records = std::fs::read_to_string(data("variants/killer-4x4.jsonl")).unwrap();
    let plain = sudoku(&["solve", "-q", "-"], &records);
    assert_eq!(plain.code, 0, "{}", plain.stderr);
    let marked = sudoku(&["solve", "-q", "-"], &format!("\u{feff}{records}"));
    assert_eq!(marked.code, 0, "{}", marked.stderr);
    eqnice!(plain.stdout, marked.stdout);
    // A mark anywhere else stays an error, in place.
    let (first, rest) = records.split_once('\n').unwrap();
    let late = sudoku(&["solve", "-q", "-"], &format!("{first}\n\u{feff}{rest}"));
    assert_eq!(late.stdout.lines().nth(1), Some("error"), "{}", late.stdout);
}
