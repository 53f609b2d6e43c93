//! The `sudoku` variant options: `--x`, `--hyper`, `--boxes`, `--regions` (jigsaw),
//! `--extra-regions` and `--board`, and the errors of bad ones. Every solution printed is
//! checked against the rules by the test itself.

use std::collections::HashMap;

use crate::{
    eqnice,
    sudoku::{classic_regions, holds_every_digit, keeps_givens, shared, sudoku, Scratch},
    util::data,
};

/// Both main diagonals of a 9×9 grid.
fn diagonals() -> Vec<Vec<usize>> {
    vec![(0..9).map(|k| k * 10).collect(), (0..9).map(|k| k * 8 + 8).collect()]
}

/// The four hyper windows of a 9×9 grid, at rows and columns 2-4 and 6-8.
fn windows() -> Vec<Vec<usize>> {
    let starts = [1, 5];
    let window =
        |top: usize, left: usize| (0..9).map(|k| (top + k / 3) * 9 + left + k % 3).collect();
    starts.iter().flat_map(|&top| starts.iter().map(move |&left| window(top, left))).collect()
}

/// The one line `solve` printed, after checking it was the only output and all went well.
fn solved(args: &[&str], stdin: &str) -> String {
    let out = sudoku(&[&["solve", "-q"][..], args].concat(), stdin);
    assert_eq!((out.code, out.stderr.as_str()), (0, ""), "{args:?}: {}", out.stdout);
    assert_eq!(out.stdout.lines().count(), 1, "{}", out.stdout);
    out.stdout.trim_end().to_owned()
}

#[test]
fn x_puts_every_digit_on_both_diagonals() {
    let blank = data("puzzles/blank9x9.txt");
    let grid = solved(&["--x", &blank], "");
    let rules = [classic_regions(3, 3), diagonals()].concat();
    assert!(holds_every_digit(&grid, &rules), "{grid}");
    // Without --x the first solution breaks a diagonal, so the option did something.
    let plain = solved(&[&blank], "");
    assert!(!holds_every_digit(&plain, &rules), "{plain}");
    let out = sudoku(&["check", "--x"], &plain);
    // Which digit repeats follows from the search's first solution of the blank grid (the
    // band search's since issue 25, by permutations since issue 38).
    eqnice!("invalid: r4c4 repeats 6 of r3c3 in diagonal 1\n", out.stdout);
    assert_eq!(out.code, 1);
    // On a 4x4: 48 of the 288 grids also have both diagonals right.
    eqnice!("48\n", sudoku(&["count", "--x", &data("puzzles/blank4x4.txt")], "").stdout);
}

#[test]
fn hyper_fills_the_four_windows() {
    let grid = solved(&["--hyper", &data("puzzles/blank9x9.txt")], "");
    assert!(holds_every_digit(&grid, &[classic_regions(3, 3), windows()].concat()), "{grid}");
    let plain = solved(&[&data("puzzles/blank9x9.txt")], "");
    let out = sudoku(&["check", "--hyper"], &plain);
    // As above, the repeat follows from the band search's first solution.
    eqnice!("invalid: r4c2 repeats 1 of r2c4 in window 1\n", out.stdout);
    let both = solved(&["--x", "--hyper", &data("puzzles/blank9x9.txt")], "");
    let rules = [classic_regions(3, 3), diagonals(), windows()].concat();
    assert!(holds_every_digit(&both, &rules), "{both}");
}

/// The autopear Mini 6x6 preset, written as a line: unique with 2x3 boxes.
const MINI: &str = ".5..2...23..1..53..35..4..16...6..4.";
const MINI_SOLUTION: &str = "356421412365124536635214241653563142";

#[test]
fn boxes_choose_the_box_shape() {
    assert_eq!(solved(&["--boxes", "2x3"], MINI), MINI_SOLUTION);
    assert!(holds_every_digit(MINI_SOLUTION, &classic_regions(2, 3)));
    // 2x3 (two rows of three) is what a 6x6 gets by default.
    assert_eq!(solved(&[], MINI), MINI_SOLUTION);
    // With 3x2 boxes r1c1 and r3c2 share a box; with 2x3 boxes they do not.
    let ones = format!("1{}1{}", ".".repeat(12), ".".repeat(22));
    let grid = solved(&["--boxes", "2x3"], &ones);
    assert!(keeps_givens(&ones, &grid) && holds_every_digit(&grid, &classic_regions(2, 3)));
    let out = sudoku(&["solve", "--boxes", "3x2"], &format!("{ones}\n{MINI}\n"));
    eqnice!("invalid\ninvalid\n", out.stdout);
    assert_eq!(out.code, 1);
    let out = sudoku(&["check", "--boxes", "3X2"], &ones);
    eqnice!("invalid: r3c2 repeats 1 of r1c1 in box 1\n", out.stdout);
}

/// The autopear Jigsaw preset as a line, its regions as a layout, and its one solution.
const JIGSAW: &str =
    "3.......4..2.6.1...1.9.8.2...5...6...2.....1...9...8...8.3.4.6...4.1.9..5.......7";
const LAYOUT: &str = "aaabccccc aaabbbccc addddbbbc aadeeeebb ddddeffff ggeeeefhh igggffffh \
                      iiiggghhh iiiiighhh";
const JIGSAW_SOLUTION: &str =
    "358196274492567138613978425175842693826453719249731856987324561734615982561289347";

/// The pieces of [`LAYOUT`], with rows and columns.
fn jigsaw_regions() -> Vec<Vec<usize>> {
    let labels: Vec<char> = LAYOUT.chars().filter(|c| !c.is_whitespace()).collect();
    let mut pieces: HashMap<char, Vec<usize>> = HashMap::new();
    for (cell, label) in labels.into_iter().enumerate() {
        pieces.entry(label).or_default().push(cell);
    }
    let lines = classic_regions(3, 3).into_iter().enumerate().filter(|(k, _)| k % 3 != 2);
    lines.map(|(_, region)| region).chain(pieces.into_values()).collect()
}

#[test]
fn regions_read_a_jigsaw_layout_inline_or_from_a_file() {
    assert!(holds_every_digit(JIGSAW_SOLUTION, &jigsaw_regions()));
    assert_eq!(solved(&["--regions", LAYOUT], JIGSAW), JIGSAW_SOLUTION);
    let scratch = Scratch::new("regions");
    let rows = LAYOUT.split_whitespace().collect::<Vec<_>>().join("\n");
    let file = scratch.file("jigsaw.txt", format!("# the autopear jigsaw\n{rows}\n"));
    assert_eq!(solved(&["--regions", &file], JIGSAW), JIGSAW_SOLUTION);
    // With 3x3 boxes instead, the givens allow no solution.
    let out = sudoku(&["count"], JIGSAW);
    eqnice!("0\n", out.stdout);
    // Grids of a jigsaw have no box borders.
    let out = sudoku(&["solve", "--regions", LAYOUT, "--format", "grid"], JIGSAW);
    assert!(out.stdout.starts_with("3 5 8 1 9 6 2 7 4\n4 9 2 5 6 7 1 3 8\n"), "{}", out.stdout);
    assert!(!out.stdout.contains('|'), "{}", out.stdout);
}

#[test]
fn extra_regions_as_cell_lists_or_a_layout() {
    let scratch = Scratch::new("extra");
    let blank4 = data("puzzles/blank4x4.txt");
    let list = scratch.file("x4.txt", "# diagonals\nr1c1 r2c2 r3c3 r4c4\nR1C4, R2C3, R3C2, R4C1\n");
    let layout = scratch.file("x4-layout.txt", "a..b\n.ab.\n.ba.\nb..a\n");
    for file in [&list, &layout] {
        let out = sudoku(&["count", "--extra-regions", file, &blank4], "");
        eqnice!("48\n", out.stdout);
    }

    let blank9 = data("puzzles/blank9x9.txt");
    let cells = |region: &Vec<usize>| {
        region.iter().map(|c| format!("r{}c{}", c / 9 + 1, c % 9 + 1)).collect::<Vec<_>>()
    };
    let lines: Vec<String> = diagonals().iter().map(|region| cells(region).join(" ")).collect();
    let list = scratch.file("x9.txt", lines.join("\n"));
    assert_eq!(solved(&["--extra-regions", &list, &blank9], ""), solved(&["--x", &blank9], ""));
    let hyper = ".........\n.aaa.bbb.\n.aaa.bbb.\n.aaa.bbb.\n.........\n\
                 .ccc.ddd.\n.ccc.ddd.\n.ccc.ddd.\n.........\n";
    let layout = scratch.file("hyper.txt", hyper);
    let grid = solved(&["--extra-regions", &layout, &blank9], "");
    assert!(holds_every_digit(&grid, &[classic_regions(3, 3), windows()].concat()), "{grid}");
    assert_eq!(grid, solved(&["--hyper", &blank9], ""));
}

#[test]
#[ignore = "needs ../shared/data"]
fn board_files_give_the_rules_of_the_autopear_presets() {
    let root = shared("data/autopear");
    let solutions = std::fs::read_to_string(format!("{root}/solutions.txt")).unwrap();
    // Presets with one known solution, by board, in the file's order.
    let mut boards: Vec<(&str, Vec<(String, String)>)> = Vec::new();
    for line in solutions.lines().filter(|l| !l.starts_with('#')) {
        let fields: Vec<&str> = line.split(" | ").collect();
        if fields.len() != 3 || fields[1] != "1" {
            continue;
        }
        let symbol =
            |n: &str| char::from_digit(n.parse().unwrap(), 36).unwrap().to_ascii_uppercase();
        let solution: String = fields[2].split(',').map(symbol).collect();
        let board = fields[0].split('/').next().unwrap();
        if boards.last().is_none_or(|(name, _)| *name != board) {
            boards.push((board, Vec::new()));
        }
        boards.last_mut().unwrap().1.push((format!("{root}/Presets/{}", fields[0]), solution));
    }
    assert!(boards.iter().any(|(name, _)| *name == "Jigsaw"), "{boards:?}");
    for (board, presets) in &boards {
        let board_file = format!("{root}/Boards/{board}.board");
        let files: Vec<&str> = presets.iter().map(|(path, _)| path.as_str()).collect();
        let out = sudoku(&[&["solve", "--board", &board_file][..], &files].concat(), "");
        let expected: Vec<&str> = presets.iter().map(|(_, solution)| solution.as_str()).collect();
        eqnice!(expected.join("\n") + "\n", out.stdout);
        assert_eq!(out.code, 0, "{board}: {}", out.stderr);
    }
    // The Dodeka preset is not unique with its board: solutions.txt counted them all.
    let dodeka = [
        &format!("{root}/Boards/Dodeka.board"),
        &format!("{root}/Presets/Dodeka/Dodeka_12x12.sdk"),
    ];
    eqnice!("67594\n", sudoku(&["count", "--board", dodeka[0], dodeka[1]], "").stdout);
}

#[test]
fn boxes_of_another_size_fail_each_puzzle() {
    let out = sudoku(&["solve", "-q", "--boxes", "3x4", &data("puzzles/classic.txt")], "");
    eqnice!("error\n".repeat(8), out.stdout);
    let messages: Vec<&str> = out.stderr.lines().collect();
    assert_eq!(messages.len(), 8, "{}", out.stderr);
    assert!(messages[0].contains("classic.txt:4:1: a 9x9 puzzle"), "{}", messages[0]);
    assert!(messages.iter().all(|m| m.contains("12x12 was asked for")), "{}", out.stderr);
    assert_eq!(out.code, 2);
}

#[test]
fn a_bad_box_shape_is_a_usage_error() {
    for shape in ["banana", "0x3", "3x", "3*3"] {
        let out = sudoku(&["solve", "--boxes", shape], &format!("{MINI}\n"));
        assert_eq!((out.code, out.stdout.as_str()), (2, ""), "{shape}");
        let message = format!("sudoku: --boxes {shape}: expected ROWSxCOLUMNS, for example 2x3\n");
        eqnice!(message, out.stderr);
    }
}

#[test]
fn a_broken_jigsaw_layout_is_a_usage_error() {
    let rows: Vec<&str> = LAYOUT.split_whitespace().collect();
    let cases = [
        (rows[..2].join(" "), "the layout has 18 labels"),
        // The last cell moves from piece h to piece i: h has 8 cells.
        (LAYOUT.replace("iiiiighhh", "iiiiighhi"), "region 8 has 8 cells, expected 9"),
        (LAYOUT.replace("iiiiighhh", "iiiiighhj"), "10 regions, expected 9"),
    ];
    for (layout, what) in cases {
        let out = sudoku(&["solve", "--regions", &layout], JIGSAW);
        assert_eq!((out.code, out.stdout.as_str()), (2, ""), "{layout}");
        assert!(out.stderr.starts_with("sudoku: --regions: "), "{}", out.stderr);
        assert!(out.stderr.contains(what), "{} should say {what}", out.stderr);
    }
}

#[test]
fn options_that_disagree_are_usage_errors() {
    let out = sudoku(&["solve", "--boxes", "3x3", "--regions", LAYOUT], JIGSAW);
    assert_eq!((out.code, out.stdout.as_str()), (2, ""));
    assert!(out.stderr.contains("--boxes and --regions"), "{}", out.stderr);
    let out = sudoku(&["solve", "--board", "any.board", "--boxes", "3x3"], JIGSAW);
    assert_eq!((out.code, out.stdout.as_str()), (2, ""));
    assert!(out.stderr.contains("cannot be used with"), "{}", out.stderr);
    let out = sudoku(&["solve", "--board", "no/such.board"], JIGSAW);
    assert_eq!(out.code, 2);
    assert!(out.stderr.starts_with("sudoku: cannot read no/such.board"), "{}", out.stderr);
}

#[test]
fn bad_extra_regions_are_named() {
    let scratch = Scratch::new("bad-extra");
    let out = sudoku(&["solve", "--extra-regions", "no/such/regions.txt"], JIGSAW);
    assert_eq!((out.code, out.stdout.as_str()), (2, ""));
    assert!(out.stderr.starts_with("sudoku: cannot read no/such/regions.txt"), "{}", out.stderr);
    let bad = scratch.file("bad.txt", "r1c1 r2c2 r3c3 r5c4\n");
    let out = sudoku(&["solve", "--extra-regions", &bad], JIGSAW);
    assert_eq!((out.code, out.stdout.as_str()), (2, ""));
    assert!(out.stderr.contains("bad.txt:1: 'r5c4' is not a cell"), "{}", out.stderr);
    let twice = scratch.file("twice.txt", "r1c1 r1c1 r3c3 r4c4\n");
    let out = sudoku(&["solve", "--extra-regions", &twice, &data("puzzles/blank4x4.txt")], "");
    eqnice!("error\n", out.stdout);
    assert!(out.stderr.contains("lists r1c1 twice"), "{}", out.stderr);
    assert_eq!(out.code, 2);
}

#[test]
fn hyper_without_square_boxes_fails_each_puzzle() {
    let out = sudoku(&["solve", "--hyper"], &format!("{MINI}\n{}\n", ".".repeat(16)));
    // The 4x4 has square 2x2 boxes, and so one window, at rows and columns 2-3.
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(lines[0], "error");
    let window = vec![vec![5, 6, 9, 10]];
    assert!(holds_every_digit(lines[1], &[classic_regions(2, 2), window].concat()), "{}", lines[1]);
    assert!(out.stderr.starts_with("sudoku: <stdin>:1:1: hyper"), "{}", out.stderr);
    assert_eq!(out.code, 2);
}

#[test]

fn a_given_box_shape_settles_sixteen_lines_of_sixteen() {
    let input = "1...3.1..1.4....\n".repeat(16);
    let out = sudoku(&["solve", "--boxes", "2x2"], &input);
    eqnice!("1243341221344321\n".repeat(16), out.stdout);
    assert_eq!(out.code, 0);
}
