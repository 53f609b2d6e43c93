//! The readers of issue 34 from the command line: ISS lines and `SudokuPad` links told from the
//! other record lines by their look, `--from FORMAT` reading every line in one format (a line
//! not in it an error in its place, naming the format), batches kept aligned past bad lines,
//! and `convert --from` agreeing with the other subcommands.

use crate::sudoku::sudoku;

const ISS: &str = include_str!("../../../data/variants/iss.txt");
const SUDOKUPAD: &str = include_str!("../../../data/variants/sudokupad.txt");
const FPUZZLES: &str = include_str!("../../../data/variants/fpuzzles.txt");
const SUKAKU: &str = include_str!("../../../data/variants/sukaku-classic.txt");

/// The lines of a data file that are not comments.
fn lines(text: &str) -> Vec<&str> {
    text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).collect()
}

const SIX: &str = "254631316254461523523416635142142365";
const KILLER: &str =
    "431697528258413769697825314986732451574981632123564897712346985349158276865279143";
const KROPKI: &str = "364512125634413256256143532461641325";

#[test]
fn iss_sudokupad_and_f_puzzles_lines_are_read_by_their_look() {
    let (iss, pad, fp) = (lines(ISS), lines(SUDOKUPAD), lines(FPUZZLES));
    let input = format!("{}\n{}\n{}\n{}\n", iss[0], pad[0], fp[0], iss[1]);
    let out = sudoku(&["solve", "--unique", "-q"], &input);
    assert_eq!(out.stdout, format!("{SIX}\n{KROPKI}\n{KROPKI}\n{KILLER}\n"), "{}", out.stderr);
    assert_eq!(out.code, 0);
    // A SudokuPad link as an argument is the puzzle itself.
    let out = sudoku(&["solve", "-q", pad[0]], "");
    assert_eq!(out.stdout, format!("{KROPKI}\n"), "{}", out.stderr);
}

#[test]
fn from_reads_every_line_in_the_format_and_names_it_where_a_line_is_not() {
    let iss = lines(ISS);
    let input = format!("{}\n{{\"name\": \"x\"}}\n{}\n", iss[0], iss[2]);
    for args in [&["solve", "--from", "iss"][..], &["count", "--from", "iss"][..]] {
        let out = sudoku(args, &input);
        let rows: Vec<&str> = out.stdout.lines().collect();
        assert_eq!(rows.len(), 3, "{args:?}: {}", out.stdout);
        assert_eq!(rows[1], "error", "{args:?}");
        assert!(
            out.stderr.contains("<stdin>:2:1: not an ISS line")
                && out.stderr.contains("--from iss"),
            "{}",
            out.stderr
        );
        assert_eq!(out.code, 2);
    }
    // Told by its look, the same JSON line is a record of its own (one with no cells).
    let out = sudoku(&["solve", "--from", "json"], &format!("{}\n", iss[0]));
    assert!(out.stderr.contains("not a JSON object, as --from json asks"), "{}", out.stderr);
    // SudokuPad's reader takes its f-puzzles links too; the f-puzzles reader no scl link.
    let (pad, fp) = (lines(SUDOKUPAD)[0], lines(FPUZZLES)[0]);
    let out = sudoku(&["solve", "-q", "--from", "sudokupad"], &format!("{fp}\n{pad}\n"));
    assert_eq!(out.stdout, format!("{KROPKI}\n{KROPKI}\n"), "{}", out.stderr);
    let out = sudoku(&["solve", "--from", "fpuzzles"], &format!("{pad}\n"));
    assert!(out.stderr.contains("not an f-puzzles link or payload"), "{}", out.stderr);
    // `line` reads puzzle lines only: a record line is then a bad puzzle line.
    let out = sudoku(&["solve", "--from", "line"], &format!("{fp}\n"));
    assert_eq!((out.stdout.as_str(), out.code), ("error\n", 2), "{}", out.stderr);
    // `show` and `check` take it as well.
    let out = sudoku(&["show", "--from", "iss", "-f", "line"], &format!("{}\n", iss[0]));
    assert_eq!(out.code, 0, "{}", out.stderr);
}

#[test]
fn a_bad_iss_line_in_a_batch_is_answered_in_place_at_its_column() {
    let iss = lines(ISS);
    let input = format!("{}\n.Cage~15~R1C1~R0C2\n.Lunchbox~3~R1C1\n{}\n", iss[0], iss[2]);
    let out = sudoku(&["solve", "--unique"], &input);
    assert_eq!(out.stdout, format!("{SIX}\nerror\nerror\n{KILLER}\n"));
    assert!(
        out.stderr.contains("<stdin>:2:15: 'R0C2' is not a cell such as R1C1"),
        "{}",
        out.stderr
    );
    assert!(out.stderr.contains("<stdin>:3:2: the ISS constraint `Lunchbox`"), "{}", out.stderr);
}

#[test]
fn iss_pencilmarks_are_still_read_as_a_sukaku() {
    let marks = lines(SUKAKU)[0];
    let plain = sudoku(&["solve", "-q"], &format!("{marks}\n"));
    assert_eq!(plain.code, 0, "{}", plain.stderr);
    let forced = sudoku(&["solve", "-q", "--from", "iss"], &format!("{marks}\n"));
    assert_eq!(
        (forced.stdout.as_str(), forced.code),
        (plain.stdout.as_str(), 0),
        "{}",
        forced.stderr
    );
}

#[test]
fn convert_names_the_same_formats() {
    for (format, text) in [("iss", ISS), ("sudokupad", SUDOKUPAD)] {
        let converted = sudoku(&["convert", "--from", format], text);
        assert_eq!(converted.code, 0, "{format}: {}", converted.stderr);
        let solved = sudoku(&["solve", "-q"], &converted.stdout);
        let direct = sudoku(&["solve", "-q", "--from", format], text);
        assert_eq!(solved.stdout, direct.stdout, "{format}");
    }
    let out = sudoku(&["convert", "--from", "line"], "1...\n");
    assert_eq!(out.code, 0, "{}", out.stderr);
}

#[test]
fn help_names_from_and_its_formats() {
    for command in ["solve", "count", "show", "check", "play", "true-candidates"] {
        let out = sudoku(&[command, "--help"], "");
        assert!(out.stdout.contains("--from <FORMAT>"), "{command}");
        assert!(out.stdout.contains("sudokupad") && out.stdout.contains("iss"), "{command}");
    }
}
