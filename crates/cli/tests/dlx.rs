//! The `dlx` binary: solutions as written, counts, JSON, limits, exit statuses and errors.

use serde_json::Value;

use crate::{
    eqnice,
    util::{data, first_line_then_close, run, Run},
};

fn dlx(args: &[&str], stdin: &str) -> Run {
    run(env!("CARGO_BIN_EXE_dlx"), args, stdin)
}

#[test]
fn toy_problem_prints_its_solution_as_written() {
    let out = dlx(&[&data("dlx/toy.dlx")], "");
    eqnice!("C E F\nA D\nB G\n", out.stdout);
    assert!(out.stderr.starts_with("1 solution, 6 nodes, 30 updates"), "{}", out.stderr);
    assert_eq!(out.code, 0);
}

#[test]
fn count_prints_exactly_one_line() {
    // DLX1's nodes and updates: counted by enumeration (a plain --count of so small a problem
    // is finished by the memo's probe, with its own counters).
    let out = dlx(&["--count", "--no-memo", &data("dlx/queens8.dlx")], "");
    eqnice!("92\n", out.stdout);
    assert!(out.stderr.contains("1049 nodes, 16680 updates"), "{}", out.stderr);
    let out = dlx(&["--count", &data("dlx/queens8.dlx")], "");
    eqnice!("92\n", out.stdout);
    assert_eq!(out.code, 0);
}

#[test]
fn colours_and_stdin() {
    let text = std::fs::read_to_string(data("dlx/matrices4x4.dlx")).unwrap();
    eqnice!("90\n", dlx(&["--count", "-"], &text).stdout);
    eqnice!("90\n", dlx(&["--count"], &text).stdout);
}

#[test]
fn solutions_are_separated_by_blank_lines() {
    let out = dlx(&[&data("dlx/langford4.dlx")], "");
    eqnice!(
        "1 s2 s4\n2 s5 s8\n3 s3 s7\n4 s1 s6\n\n1 s5 s7\n2 s1 s4\n3 s2 s6\n4 s3 s8\n",
        out.stdout
    );
}

#[test]
fn limit_stops_the_search() {
    let out = dlx(&["--limit", "3", &data("dlx/queens8.dlx")], "");
    assert_eq!(out.stdout.split("\n\n").count(), 3);
    assert!(out.stderr.starts_with("3 solutions (stopped at the limit)"), "{}", out.stderr);
    // A count stopped by the limit may be short of the total: `+`, as `sudoku count` says.
    eqnice!("5+\n", dlx(&["--count", "--limit", "5", &data("dlx/queens8.dlx")], "").stdout);
    // See: issue 12. A limit of 0 found nothing, but does not claim there is nothing.
    let zero = dlx(&["--count", "--limit", "0", &data("dlx/queens8.dlx")], "");
    assert_eq!((zero.stdout.as_str(), zero.code), ("0+\n", 0));
    // A limit reached with the tree exhausted: the count is exact.
    eqnice!("92\n", dlx(&["--count", "--limit", "92", &data("dlx/queens8.dlx")], "").stdout);
}

#[test]
fn json_lines_then_a_summary() {
    let out = dlx(&["--json", &data("dlx/queens8.dlx")], "");
    let values: Vec<Value> =
        out.stdout.lines().map(|line| serde_json::from_str(line).unwrap()).collect();
    assert_eq!(values.len(), 93);
    for solution in &values[..92] {
        let options = solution["options"].as_array().unwrap();
        let lines = solution["lines"].as_array().unwrap();
        assert_eq!(options.len(), 8);
        // Option k is on line k + 5 of the file: four comment and item lines precede it.
        for (option, line) in options.iter().zip(lines) {
            assert_eq!(option.as_u64().unwrap() + 5, line.as_u64().unwrap());
        }
    }
    let summary = &values[92];
    assert_eq!(summary["solutions"], 92);
    assert_eq!(summary["complete"], true);
    assert_eq!(summary["nodes"], 1049);
    assert_eq!(summary["updates"], 16680);
    assert!(summary["seconds"].is_f64());
    assert_eq!(out.stderr, "", "JSON mode keeps stderr for errors");
}

#[test]
fn count_json_prints_only_the_summary() {
    let out = dlx(&["--count", "--json", &data("dlx/toy.dlx")], "");
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(lines.len(), 1);
    let summary: Value = serde_json::from_str(lines[0]).unwrap();
    assert_eq!(summary["solutions"], 1);
}

#[test]
fn no_solution_counts_zero_and_exits_1() {
    let out = dlx(&["--count"], "A B\nA\n");
    eqnice!("0\n", out.stdout);
    assert_eq!(out.code, 1);
}

#[test]
fn no_mrv_finds_the_same_solutions() {
    eqnice!("92\n", dlx(&["--count", "--no-mrv", &data("dlx/queens8.dlx")], "").stdout);
}

#[test]
fn option_without_primary_items_is_reported() {
    let out = dlx(&[], "A | x\nA\nx\n");
    eqnice!("A\n", out.stdout);
    assert!(
        out.stderr.contains("<stdin>:3: warning: option has no primary item"),
        "{}",
        out.stderr
    );
    assert!(!dlx(&["-q"], "A | x\nA\nx\n").stderr.contains("warning"));
}

/// Each bad input gives one message naming where, exit status 2, and no output.
#[test]
fn bad_input_names_file_line_and_column() {
    let cases: &[(&str, &str)] = &[
        ("", "<stdin>:1:1: no item line"),
        ("| only a comment\n", "<stdin>:1:1: no item line"),
        ("A B\nA C\n", "<stdin>:2:3: unknown item 'C'"),
        ("A B\nA A\n", "<stdin>:2:3: item 'A' appears twice"),
        ("A | x\nA x:\n", "<stdin>:2:3: bad colour in 'x:'"),
        ("A | x\nA:red x\n", "<stdin>:2:1: primary item 'A' cannot have a colour"),
        ("A | x | y\n", "<stdin>:1:7: '|' appears twice"),
        ("| x\n  | y\n", "<stdin>:2:1: no item line"),
        ("A A\n", "<stdin>:1:3: item 'A' is declared twice"),
        ("A\u{e9} B\n\u{e9}\u{e9} A\n", "<stdin>:2:1: unknown item '\u{e9}\u{e9}'"),
    ];
    for &(input, message) in cases {
        let out = dlx(&[], input);
        assert_eq!(out.code, 2, "input {input:?}");
        assert_eq!(out.stdout, "", "input {input:?}");
        assert!(
            out.stderr.starts_with(&format!("dlx: {message}")),
            "input {input:?}: {}",
            out.stderr
        );
        assert_eq!(out.stderr.lines().count(), 1, "one message for {input:?}: {}", out.stderr);
    }
}

#[test]
fn missing_file_and_bad_usage_exit_2() {
    let out = dlx(&["no/such/file.dlx"], "");
    assert_eq!(out.code, 2);
    assert!(out.stderr.starts_with("dlx: cannot read no/such/file.dlx"), "{}", out.stderr);
    assert_eq!(dlx(&["--limit", "many"], "").code, 2);
    assert_eq!(dlx(&["--no-such-flag"], "").code, 2);
}

#[test]
fn invalid_utf8_is_located() {
    let dir = std::env::temp_dir().join(format!("dancer-cli-utf8-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bad.dlx");
    std::fs::write(&path, b"A B\nA \xff\n").unwrap();
    let out = dlx(&[path.to_str().unwrap()], "");
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("bad.dlx:2:3: input is not valid UTF-8"), "{}", out.stderr);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn help_shows_examples_and_exit_statuses() {
    let out = dlx(&["--help"], "");
    assert_eq!(out.code, 0);
    assert!(out.stdout.contains("Examples:") && out.stdout.contains("Exit status:"));
}

#[test]
fn a_closed_pipe_is_not_an_error() {
    // 2^12 - 1 options over 12 items: B(12) = 4 213 597 solutions, far more than a pipe holds.
    let mut text = (0..12).map(|k| format!("i{k}")).collect::<Vec<_>>().join(" ") + "\n";
    for mask in 1u32..1 << 12 {
        let items: Vec<String> =
            (0..12).filter(|k| mask >> k & 1 == 1).map(|k| format!("i{k}")).collect();
        text += &(items.join(" ") + "\n");
    }
    let (first, output) = first_line_then_close(env!("CARGO_BIN_EXE_dlx"), &[], &text);
    assert!(!first.is_empty());
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
}

/// See: issue 12. A byte order mark is not part of the first item's name.
#[test]
fn a_byte_order_mark_is_skipped() {
    let out = dlx(&["--count", "-"], "\u{feff}A B\nA\nB\n");
    assert_eq!((out.stdout.as_str(), out.code), ("1\n", 0), "{}", out.stderr);
}

/// See: issue 12. `-j` is `--jobs` in both commands; too many threads are refused at once.
#[test]
fn jobs_is_dash_j_and_bounded() {
    let out = dlx(&["-j", "2", "--count", &data("dlx/queens8.dlx")], "");
    assert_eq!(out.stdout, "92\n");
    for command in [env!("CARGO_BIN_EXE_dlx"), env!("CARGO_BIN_EXE_sudoku")] {
        let args: &[&str] = if command.ends_with("dlx") {
            &["--jobs", "100000"]
        } else {
            &["solve", "--jobs", "100000"]
        };
        let out = crate::util::run(command, args, "");
        assert_eq!(out.code, 2);
        assert!(out.stderr.contains("100000 is not in 1..=1024"), "{}", out.stderr);
    }
}

/// Each solution in `--json` names its options' items, not only their numbers.
#[test]
fn json_solutions_carry_their_options_text() {
    let out = dlx(&["--json", &data("dlx/toy.dlx")], "");
    let first: Value = serde_json::from_str(out.stdout.lines().next().unwrap()).unwrap();
    assert_eq!(first["names"], serde_json::json!(["C E F", "A D", "B G"]));
    let summary: Value = serde_json::from_str(out.stdout.lines().last().unwrap()).unwrap();
    assert_eq!(summary["max_depth"], 3);
}
