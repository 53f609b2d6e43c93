//! `sudoku show` of variants (issue 24): the text shows a puzzle's rules, `--format svg` writes
//! a picture per puzzle (to stdout or `--output DIR`) or `--per-page N` on a sheet, and PNG and
//! PDF come with the `pictures` feature or a clear refusal.

use crate::{
    sudoku::{sudoku, Scratch},
    util::data,
};

/// Elements of `svg` with class `class`.
fn count(svg: &str, class: &str) -> usize {
    let document = roxmltree::Document::parse(svg).expect("well-formed SVG");
    document.descendants().filter(|n| n.attribute("class") == Some(class)).count()
}

#[test]
fn show_of_a_killer_draws_its_cages_and_sums() {
    // See: issue 24. `sudoku show` of a killer printed an empty grid of dots.
    let record = std::fs::read_to_string(data("variants/killer-4x4.jsonl")).unwrap();
    let out = sudoku(&["show", "-q"], record.lines().next().unwrap());
    assert_eq!(out.code, 0, "{}", out.stderr);
    let first: Vec<&str> = out.stdout.lines().take(3).collect();
    assert_eq!(first, ["┏7━━━━━━┳━━━┯5━━┓", "┃ ·   · ┃ · ┆ · ┃", "┠8┄┄┄┄┄┄╂7┄┄┤   ┃"]);
}

#[test]
fn show_of_a_samurai_leaves_its_unused_cells_blank() {
    let record = std::fs::read_to_string(data("variants/samurai.jsonl")).unwrap();
    let out = sudoku(&["show", "-q"], record.lines().next().unwrap());
    let rows: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(rows.len(), 21 * 2 + 1 + 1, "{}", out.stdout);
    // Row 1 of the rectangle: the top-left grid, twelve blank columns' cells, the top-right one.
    assert!(rows[1].contains("┃           ┃"), "{}", rows[1]);
    assert!(rows[1].chars().filter(|&c| c == '·').count() + 4 <= 18);
}

#[test]
fn svg_of_one_puzzle_goes_to_stdout_and_of_many_into_output() {
    let file = data("variants/killer-9x9.jsonl");
    let first = std::fs::read_to_string(&file).unwrap().lines().next().unwrap().to_owned();
    let out = sudoku(&["show", "-q", "--format", "svg"], &first);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(count(&out.stdout, "cell"), 81);
    assert!(count(&out.stdout, "cage") > 20);
    assert_eq!(count(&out.stdout, "cage"), count(&out.stdout, "sum"));

    let out = sudoku(&["show", "-q", "--format", "svg", &file], "");
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("5 pictures: --output DIR"), "{}", out.stderr);

    let scratch = Scratch::new("svg-output");
    let dir = scratch.path("pictures");
    let out = sudoku(&["show", "--format", "svg", "--output", &dir, &file], "");
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stderr.contains("drew 5 puzzles in 5 pictures"), "{}", out.stderr);
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, (1..=5).map(|k| format!("killer-9x9-{k}.svg")).collect::<Vec<_>>());
    let svg = std::fs::read_to_string(format!("{dir}/killer-9x9-1.svg")).unwrap();
    assert_eq!(svg, sudoku(&["show", "-q", "--format", "svg"], &first).stdout);
}

#[test]
fn six_generated_killers_print_on_one_a4_sheet() {
    let killers = sudoku(&["generate", "-q", "--killer", "--count", "6", "--seed", "3"], "");
    assert_eq!(killers.code, 0, "{}", killers.stderr);
    for paper in ["a4", "letter"] {
        let args = ["show", "-q", "--format", "svg", "--per-page", "6", "--paper", paper];
        let out = sudoku(&args, &killers.stdout);
        assert_eq!(out.code, 0, "{}", out.stderr);
        assert_eq!(count(&out.stdout, "puzzle"), 6);
        assert_eq!(count(&out.stdout, "cell"), 6 * 81);
        let cages: usize = killers.stdout.lines().map(|l| l.matches("\"sum\"").count()).sum();
        assert_eq!(count(&out.stdout, "cage"), cages);
        assert_eq!(count(&out.stdout, "sum"), cages);
    }
    let out = sudoku(&["show", "--format", "svg", "--paper", "a5"], &killers.stdout);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("'a5' is not a paper size (a4, letter)"), "{}", out.stderr);
}

#[test]
fn the_solution_is_drawn_when_asked() {
    let record = std::fs::read_to_string(data("variants/greater-than.jsonl")).unwrap();
    let first = record.lines().next().unwrap();
    let out = sudoku(&["show", "-q", "--format", "svg", "--solution"], first);
    assert_eq!(count(&out.stdout, "solution") + count(&out.stdout, "given"), 81);
    assert_eq!(count(&out.stdout, "relation"), 9 * 8 * 2);
}

#[cfg(feature = "pictures")]
#[test]
fn png_and_pdf_are_written_with_the_pictures_feature() {
    let file = data("variants/killer-4x4.jsonl");
    // Five records: PNG files need --output.
    assert_eq!(sudoku(&["show", "-q", "--format", "png", &file], "").code, 2);
    let scratch = Scratch::new("png-output");
    let dir = scratch.path("png");
    let out = sudoku(&["show", "-q", "--format", "png", "--output", &dir, &file], "");
    assert_eq!(out.code, 0, "{}", out.stderr);
    let png = std::fs::read(format!("{dir}/killer-4x4-1.png")).unwrap();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let pdf = scratch.path("sheet.pdf");
    let out = sudoku(&["show", "-q", "--format", "pdf", "--per-page", "6", "-o", &pdf, &file], "");
    assert_eq!(out.code, 0, "{}", out.stderr);
    let bytes = std::fs::read(&pdf).unwrap();
    assert!(bytes.starts_with(b"%PDF-"));
}

#[cfg(not(feature = "pictures"))]
#[test]
fn png_and_pdf_are_refused_clearly_without_the_pictures_feature() {
    let out = sudoku(&["show", "--format", "png"], "");
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("`pictures` feature"), "{}", out.stderr);
}
