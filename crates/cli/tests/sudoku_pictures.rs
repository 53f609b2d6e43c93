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
fn show_of_an_arrow_and_a_thermometer_draws_them_and_says_them() {
    // See: issue 34. `sudoku show` drew no line at all.
    let regions = "[[0,1,2,3],[4,5,6,7],[8,9,10,11],[12,13,14,15],[0,4,8,12],[1,5,9,13],\
                   [2,6,10,14],[3,7,11,15],[0,1,4,5],[2,3,6,7],[8,9,12,13],[10,11,14,15]]";
    let record = format!(
        r#"{{"name":"lines","width":4,"height":4,"symbols":4,"regions":{regions},"lines":[{{"kind":"arrow","cells":[0,5,10],"k":1}},{{"kind":"thermometer","cells":[2,3,7]}}]}}"#
    );
    let out = sudoku(&["show", "-q"], &record);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let rows: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(rows[1], "┃(·)  · ┃{·}--· ┃", "{}", out.stdout);
    assert_eq!(rows[4], "┣━━━━━━━v━━━━━━━┫", "{}", out.stdout);
    assert_eq!(rows[9..11], ["arrow (r1c1) -> r2c2 r3c3", "thermometer r1c3 r1c4 r2c4"]);
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
    assert!(out.stderr.contains("more than one picture: --output DIR"), "{}", out.stderr);
    assert!(out.stdout.is_empty(), "nothing half-written to stdout");

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

/// The names of the files in `dir`, sorted.
fn files_in(dir: &str) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn two_inputs_of_one_name_give_one_picture_each() {
    // See: issue 32. `a/x.txt` and `b/x.txt` (or `-` and `stdin.txt`) wrote the same file
    // names, one picture over the other, while stderr said "drew 2 puzzles in 2 pictures".
    let scratch = Scratch::new("svg-same-names");
    let classic = std::fs::read_to_string(data("puzzles/classic.txt")).unwrap();
    let first = classic.lines().find(|l| !l.starts_with('#')).unwrap().to_owned();
    std::fs::create_dir_all(scratch.path("a")).unwrap();
    std::fs::create_dir_all(scratch.path("b")).unwrap();
    let a = scratch.file("a/x.txt", format!("{first}\n"));
    let b = scratch.file("b/x.txt", format!("{first}\n"));
    let stdin_txt = scratch.file("stdin.txt", format!("{first}\n"));
    let dir = scratch.path("pictures");
    let out =
        sudoku(&["show", "--format", "svg", "--output", &dir, &a, &b, "-", &stdin_txt], &first);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stderr.contains("drew 4 puzzles in 4 pictures"), "{}", out.stderr);
    assert_eq!(files_in(&dir), ["stdin-1-2.svg", "stdin-1.svg", "x-1-2.svg", "x-1.svg"]);
}

#[test]
fn pictures_are_written_as_the_puzzles_arrive() {
    // See: issue 32. `show --format svg` of 200 000 puzzles kept them all and aborted at
    // 3.4 GB: each picture must be on disk before the input ends.
    use std::io::Write;
    let scratch = Scratch::new("svg-stream");
    let dir = scratch.path("pictures");
    let mut child = crate::util::spawn(
        env!("CARGO_BIN_EXE_sudoku"),
        &["show", "-q", "--format", "svg", "--output", &dir, "-"],
    );
    let mut input = child.stdin.take().unwrap();
    let blank = ".".repeat(81);
    for _ in 0..3 {
        writeln!(input, "{blank}").unwrap();
    }
    input.flush().unwrap();
    // The input stays open: the pictures must come anyway.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while std::fs::read_dir(&dir).map_or(0, Iterator::count) < 3 {
        assert!(std::time::Instant::now() < deadline, "no pictures before the input ended");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    drop(input);
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert_eq!(files_in(&dir), ["stdin-1.svg", "stdin-2.svg", "stdin-3.svg"]);
}

#[test]
fn an_empty_input_draws_nothing_and_says_so() {
    // See: issue 32: SVG of an empty input exited 2 ("0 pictures: --output DIR ...").
    let out = sudoku(&["show", "--format", "svg"], "");
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.stdout, "");
    assert!(out.stderr.contains("drew 0 puzzles in 0 pictures"), "{}", out.stderr);
}

#[test]
fn a_file_name_with_control_characters_still_gives_xml() {
    // See: issue 32. A control character in a file name reached the caption as it was, and
    // the SVG was not XML.
    let scratch = Scratch::new("svg-control-name");
    let classic = std::fs::read_to_string(data("puzzles/classic.txt")).unwrap();
    let first = classic.lines().find(|l| !l.starts_with('#')).unwrap().to_owned();
    let file = scratch.file("odd\u{1}\u{7f}name.txt", format!("{first}\n"));
    let out = sudoku(&["show", "-q", "--format", "svg", &file], "");
    assert_eq!(out.code, 0, "{}", out.stderr);
    let document = roxmltree::Document::parse(&out.stdout).expect("well-formed SVG");
    let caption = document
        .descendants()
        .find(|n| n.attribute("class") == Some("caption"))
        .and_then(|n| n.text())
        .unwrap();
    assert!(caption.contains("odd\\u{1}\\u{7f}name line 1"), "{caption}");
}

#[test]
fn a_solution_too_long_to_find_is_left_out_within_a_bound() {
    // See: issue 32, item 10 (`show --solution` of a 25x25 killer searched without a limit).
    let killer = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/killer-25x25.jsonl");
    let text = std::fs::read_to_string(killer).unwrap();
    let mut record: serde_json::Value = serde_json::from_str(&text).unwrap();
    record.as_object_mut().unwrap().remove("solution");
    let began = std::time::Instant::now();
    let out = sudoku(&["show", "--format", "svg", "--solution"], &record.to_string());
    assert!(began.elapsed() < std::time::Duration::from_secs(30), "{:?}", began.elapsed());
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stderr.contains("<stdin>:1: no solution found in 5 s: drawn without one"),
        "{}",
        out.stderr
    );
    assert_eq!(count(&out.stdout, "solution"), 0, "no solution digits drawn");
    // With the record's own solution, it is drawn at once.
    let out = sudoku(&["show", "--format", "svg", "--solution"], &text);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(!out.stderr.contains("drawn without one"), "{}", out.stderr);
    assert!(count(&out.stdout, "solution") > 500, "the solution's digits drawn");
}

#[test]
fn a_generated_puzzle_s_caption_and_file_name_count_alike() {
    // See: issue 32, item 21 (the caption said `#0` in a file named `stdin-1.svg`).
    let made = sudoku(&["generate", "-q", "--killer", "--size", "4", "-n", "2", "--seed", "1"], "");
    assert_eq!(made.code, 0, "{}", made.stderr);
    let scratch = Scratch::new("generated-captions");
    let dir = std::path::Path::new(&scratch.file("x", "")).parent().unwrap().join("pictures");
    let out =
        sudoku(&["show", "-q", "--format", "svg", "--output", dir.to_str().unwrap()], &made.stdout);
    assert_eq!(out.code, 0, "{}", out.stderr);
    for number in [1, 2] {
        let svg = std::fs::read_to_string(dir.join(format!("stdin-{number}.svg"))).unwrap();
        assert!(svg.contains(&format!("killer 4x4 seed 1 #{number}")), "{svg}");
    }
}
