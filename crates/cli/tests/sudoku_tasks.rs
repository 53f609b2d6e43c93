//! `sudoku count`, `enumerate`, `check` and `show` on classic puzzles: the number or the limit
//! reached, every solution once and streamed, JSON keys in one order, the first broken rule,
//! grids with box borders.

use std::{collections::HashSet, time::Duration};

use serde_json::Value;

use crate::{
    eqnice,
    sudoku::{
        classic_regions, holds_every_digit, sudoku, EASY, EASY_SOLUTION, FOUR, FOUR_SOLUTION,
    },
    util::data,
};

#[test]
fn count_prints_the_number_or_the_limit_reached() {
    let blank = data("puzzles/blank4x4.txt");
    let out = sudoku(&["count", &blank], "");
    eqnice!("288\n", out.stdout);
    assert_eq!(out.code, 0);
    let out = sudoku(&["count", "--limit", "100", &blank], "");
    eqnice!("100+\n", out.stdout);
    assert_eq!(out.code, 0);
    let out = sudoku(&["count"], "33..............\n");
    eqnice!("invalid\n", out.stdout);
    assert_eq!(out.code, 1);
    // Row 1 needs a 4 at r1c4; column 4 has one at r2c4.
    let out = sudoku(&["count"], "123....4........\n");
    eqnice!("0\n", out.stdout);
    assert_eq!(out.code, 1);

    let out = sudoku(&["count", "-f", "json", "-l", "100", &blank], "");
    let value: Value = serde_json::from_str(out.stdout.trim_end()).unwrap();
    assert_eq!((value["line"].as_u64(), value["count"].as_u64()), (Some(2), Some(100)));
    assert_eq!(value["complete"], false);
}

/// A 4×4 grid with 2×2 boxes holding every digit in every row, column and box.
fn is_4x4_solution(grid: &str) -> bool {
    holds_every_digit(grid, &classic_regions(2, 2))
}

#[test]
fn enumerate_prints_every_solution_once() {
    let out = sudoku(&["enumerate", &data("puzzles/blank4x4.txt")], "");
    assert_eq!(out.code, 0);
    let (grids, end) = out.stdout.split_at(out.stdout.len() - 1);
    let grids: Vec<&str> = grids.lines().collect();
    assert_eq!((grids.len(), end), (288, "\n"), "288 grids, then the record's end");
    assert_eq!(grids.iter().collect::<HashSet<_>>().len(), 288, "solutions repeat");
    assert!(grids.iter().all(|grid| is_4x4_solution(grid)), "{}", out.stdout);

    let out = sudoku(&["enumerate", "--limit", "5", &data("puzzles/blank4x4.txt")], "");
    assert_eq!(out.stdout.lines().count(), 6);
    assert!(out.stdout.lines().take(5).all(is_4x4_solution));
    // A limit on solutions is what was asked for, not a search cut short.
    assert_eq!(out.code, 0);
}

/// Every record leaves its own output, ended by an empty line: its solutions, or the status
/// of a puzzle without any (`none`, `invalid`, `error`), so the solutions of consecutive
/// puzzles never run together. In JSON, each record ends with a line of its own.
#[test]
fn enumerate_ends_every_record_even_without_solutions() {
    // r1c3 can hold neither 3 nor 4 (column 3 has both): no solution, though nothing clashes.
    let none = "12....3...4.....";
    let input = format!("{FOUR}\n{none}\n33..............\n12.\n{FOUR}\n");
    let out = sudoku(&["enumerate", "-"], &input);
    let expected = format!("{FOUR_SOLUTION}\n\nnone\n\ninvalid\n\nerror\n\n{FOUR_SOLUTION}\n\n");
    eqnice!(expected, out.stdout);
    assert_eq!(out.code, 2);
    let out = sudoku(&["enumerate", "-f", "grid", "-"], &format!("{none}\n{FOUR}\n"));
    assert!(out.stdout.starts_with("none\n\n\n1 2 | 4 3\n"), "{}", out.stdout);
    assert!(out.stdout.ends_with("4 3 | 2 1\n\n\n"), "{}", out.stdout);

    let out = sudoku(&["enumerate", "-f", "json", "-"], &input);
    let lines: Vec<Value> = out.stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let status: Vec<(&str, u64)> = lines
        .iter()
        .map(|v| (v["status"].as_str().unwrap(), v["line"].as_u64().unwrap()))
        .collect();
    let expected = [
        ("solved", 1),
        ("unique", 1),
        ("none", 2),
        ("invalid", 3),
        ("error", 4),
        ("solved", 5),
        ("unique", 5),
    ];
    assert_eq!(status, expected);
    assert_eq!(lines[0]["solution"], FOUR_SOLUTION);
    assert_eq!((lines[1]["count"].as_u64(), lines[2]["count"].as_u64()), (Some(1), Some(0)));
    assert_eq!(lines[2]["complete"], true);
}

/// JSON lines of every status list their keys in one order: `line`, `status`, `error` (when
/// there is one), then the rest, counters last.
#[test]
fn json_keys_come_in_one_order_whatever_the_status() {
    let none = "12....3...4.....";
    let input = format!("{FOUR}\n{none}\n33..............\n12.\n");
    for command in ["solve", "count", "enumerate", "check"] {
        let out = sudoku(&[command, "-f", "json", "-"], &input);
        let mut orders = Vec::new();
        for line in out.stdout.lines() {
            let value: Value = serde_json::from_str(line).unwrap();
            let keys: Vec<String> = value.as_object().unwrap().keys().cloned().collect();
            orders.push(keys);
        }
        let rank = |key: &str| {
            let order = ["line", "status", "error", "solution", "count", "complete", "stopped"];
            let tail = ["nodes", "updates", "micros"];
            order
                .iter()
                .position(|k| *k == key)
                .or_else(|| tail.iter().position(|k| *k == key).map(|p| 100 + p))
        };
        for keys in &orders {
            let ranks: Vec<usize> = keys.iter().map(|k| rank(k).unwrap_or(50)).collect();
            assert!(ranks.windows(2).all(|w| w[0] < w[1]), "{command}: {keys:?}");
            assert_eq!(keys[..2], ["line", "status"], "{command}");
        }
    }
}

#[test]
fn a_zero_limit_does_not_claim_no_solution() {
    // A limit of 0 would count nothing and report "no solution": it is refused as bad usage.
    for command in ["count", "enumerate"] {
        let out = sudoku(&[command, "--limit", "0", &data("puzzles/blank4x4.txt")], "");
        assert_eq!(out.code, 2, "{command}: {}", out.stdout);
        assert!(out.stderr.contains("'--limit <N>'"), "{command}: {}", out.stderr);
    }
}

#[test]

fn enumerate_streams_solutions() {
    use std::{
        io::{BufRead, BufReader},
        process::{Command, Stdio},
    };
    // 28 200 960 solutions: the first must come long before the last.
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(["enumerate", &data("puzzles/blank6x6.txt")])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut first = String::new();
        let _ = BufReader::new(stdout).read_line(&mut first);
        let _ = send.send(first);
    });
    let first = receive.recv_timeout(Duration::from_secs(5));
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(first.is_ok_and(|line| line.len() == 37), "no solution within 5 s");
}

#[test]
fn check_names_the_first_broken_rule() {
    let input = format!("{EASY_SOLUTION}\n{EASY}\n3...3{}\n", ".".repeat(76));
    let out = sudoku(&["check"], &input);
    eqnice!("solved\nvalid\ninvalid: r1c5 repeats 3 of r1c1 in row 1\n", out.stdout);
    assert_eq!(out.code, 1);
    assert_eq!(sudoku(&["check"], &format!("{EASY_SOLUTION}\n{EASY}\n")).code, 0);

    let out = sudoku(&["check", "--format", "json"], &input);
    let values: Vec<Value> = out.stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let statuses: Vec<&str> = values.iter().map(|v| v["status"].as_str().unwrap()).collect();
    assert_eq!(statuses, ["solved", "valid", "invalid"]);
    assert_eq!(values[2]["error"], "r1c5 repeats 3 of r1c1 in row 1");
}

#[test]
fn show_prints_grids_with_box_borders() {
    // See: issue 24 (the grid is drawn with box-drawing characters, as every variant is).
    let out = sudoku(&["show"], "1..4.41..14.4..1:1:note\n");
    let expected = "\
┏━━━━━━━┳━━━━━━━┓
┃ 1   · ┃ ·   4 ┃
┃       ┃       ┃
┃ ·   4 ┃ 1   · ┃
┣━━━━━━━╋━━━━━━━┫
┃ ·   1 ┃ 4   · ┃
┃       ┃       ┃
┃ 4   · ┃ ·   1 ┃
┗━━━━━━━┻━━━━━━━┛

";
    eqnice!(expected, out.stdout);
    assert_eq!(out.code, 0);
    let out = sudoku(&["show", &data("puzzles/contest.txt")], "");
    let rows: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(rows.len(), 20, "{}", out.stdout);
    assert_eq!(rows[1], "┃ ·   3   · ┃ 6   ·   5 ┃ ·   ·   · ┃");
    assert_eq!(rows[6], "┣━━━━━━━━━━━╋━━━━━━━━━━━╋━━━━━━━━━━━┫");
    assert_eq!(rows[19], "");
}

#[test]
fn show_line_format_keeps_the_rest_of_the_line() {
    let path = data("puzzles/classic.txt");
    let out = sudoku(&["show", "--format", "line", &path], "");
    let text = std::fs::read_to_string(&path).unwrap();
    // Blanks are written '.', whatever they were; the fields after the puzzle stay as they were.
    let lines: Vec<String> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            l.split_once(':').map(|(puzzle, rest)| puzzle.replace('0', ".") + ":" + rest).unwrap()
        })
        .collect();
    eqnice!(lines.join("\n") + "\n", out.stdout);
    // A grid becomes one line.
    let out =
        sudoku(&["show", "-f", "line"], "1 . | . 4\n. 4 | 1 .\n----+----\n. 1 | 4 .\n4 . | . 1\n");
    eqnice!("1..4.41..14.4..1\n", out.stdout);
    // JSON: the record every subcommand reads (conventions.rs reads it back).
    let out = sudoku(&["show", "-f", "json", &data("puzzles/contest.txt")], "");
    let value: Value = serde_json::from_str(out.stdout.trim_end()).unwrap();
    assert_eq!((value["width"].as_u64(), value["symbols"].as_u64()), (Some(9), Some(9)));
    assert_eq!(value["givens"].as_array().map(Vec::len), Some(25));
}
