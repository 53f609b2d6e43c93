//! `sudoku count --memo`: the plain count's lines and JSON records (counts, statuses, key
//! order, exit statuses) on batches with unreadable lines, variants and blank grids; the
//! options it refuses; Ctrl-C.

use serde_json::Value;

use crate::sudoku::sudoku;
use crate::util::data;

/// The solutions of `data/puzzles/classic.txt` with most cells opened again: puzzles of many
/// solutions, each a different pattern of givens.
fn opened_solutions() -> Vec<String> {
    let text = std::fs::read_to_string(data("puzzles/classic.txt")).unwrap();
    let records = text.lines().filter(|line| !line.starts_with('#'));
    let solutions = records.filter_map(|line| line.split(':').nth(2));
    solutions
        .take(6)
        .enumerate()
        .map(|(k, solution)| {
            // 23 givens, in another pattern for each.
            let keep = |cell: usize| (cell * 7 + k * 5) % 81 < 23;
            let cells = solution.chars().enumerate();
            cells.map(|(cell, digit)| if keep(cell) { digit } else { '.' }).collect()
        })
        .collect()
}

/// A batch of many-solution puzzles, one puzzle with no solution, one breaking a rule, one
/// unreadable line in the middle, and the shipped classics.
fn batch() -> String {
    let mut lines = opened_solutions();
    // Only 9 fits r1c9 by its row, and column 9 holds it already: no solution.
    lines.push(format!("12345678.........9{}", ".".repeat(63)));
    lines.insert(3, "not a puzzle".to_owned());
    lines.push(format!("11{}", ".".repeat(79)));
    let classic = std::fs::read_to_string(data("puzzles/classic.txt")).unwrap();
    lines.join("\n") + "\n" + &classic
}

#[test]
fn memo_prints_the_plain_count_line_by_line() {
    let input = batch();
    let plain = sudoku(&["count", "-"], &input);
    let memo = sudoku(&["count", "--memo", "-"], &input);
    assert_eq!((memo.code, &memo.stdout), (plain.code, &plain.stdout), "{}", memo.stderr);
    // The unreadable line is reported and answered `error` in its place: exit status 2.
    assert_eq!(memo.code, 2);
    assert_eq!(memo.stdout.lines().nth(3), Some("error"), "{}", memo.stdout);
    assert!(memo.stderr.contains("<stdin>:4:"), "{}", memo.stderr);
    // The batch has what it claims: many solutions, none, invalid.
    let counts: Vec<&str> = memo.stdout.lines().collect();
    assert!(counts[..3].iter().all(|count| count.parse::<u64>().unwrap() > 100), "{counts:?}");
    assert!(counts.contains(&"0") && counts.contains(&"invalid"), "{counts:?}");
}

#[test]
fn memo_json_records_are_the_plain_counts() {
    let input = batch();
    let plain = sudoku(&["count", "-f", "json", "-"], &input);
    let memo = sudoku(&["count", "--memo", "-f", "json", "-"], &input);
    assert_eq!(plain.stdout.lines().count(), memo.stdout.lines().count());
    for (plain, memo) in plain.stdout.lines().zip(memo.stdout.lines()) {
        let (a, b): (Value, Value) =
            (serde_json::from_str(plain).unwrap(), serde_json::from_str(memo).unwrap());
        let keys = |value: &Value| value.as_object().unwrap().keys().cloned().collect::<Vec<_>>();
        // Same keys in the same order (serde_json keeps the order written when it reads).
        assert_eq!(keys(&a), keys(&b), "{memo}");
        for key in ["line", "status", "error", "count", "complete", "stopped"] {
            assert_eq!(a.get(key), b.get(key), "{key} of {memo}");
        }
    }
}

#[test]
fn variants_and_blank_grids_count_alike() {
    let blank4 = data("puzzles/blank4x4.txt");
    let memo = sudoku(&["count", "--memo", &blank4], "");
    assert_eq!((memo.code, memo.stdout.as_str()), (0, "288\n"), "{}", memo.stderr);
    // A 6×6 with its first row given, and 6×6 puzzles with 3×2 boxes and both diagonals.
    let six = "123456..............................\n\
               1.....2.....3.....4.....5.....6.....\n\
               ......1.....2...........3...........\n";
    for options in [&["--boxes", "2x3"][..], &["--boxes", "3x2"], &["--x"]] {
        let mut args = vec!["count"];
        args.extend_from_slice(options);
        args.push("-");
        let plain = sudoku(&args, six);
        args.insert(1, "--memo");
        let memo = sudoku(&args, six);
        assert_eq!((memo.code, &memo.stdout), (plain.code, &plain.stdout), "{options:?}");
        assert_eq!(memo.stdout.lines().count(), 3, "{options:?}: {}", memo.stderr);
    }
}

#[test]
fn stats_tell_what_the_table_holds_and_tiny_tables_count_alike() {
    let input = opened_solutions().join("\n");
    let plain = sudoku(&["count", "-"], &input);
    for size in ["0", "4KiB", "1MB"] {
        let memo = sudoku(&["count", "--memo", "--memo-size", size, "--stats", "-"], &input);
        assert_eq!(memo.stdout, plain.stdout, "--memo-size {size}");
        assert!(memo.stderr.contains("memo: ") && memo.stderr.contains("evictions"));
    }
}

#[test]
fn what_memo_cannot_do_is_refused() {
    let blank4 = data("puzzles/blank4x4.txt");
    for extra in [
        &["--limit", "5"][..],
        &["--jobs", "2"],
        &["--time-limit", "1s"],
        &["--node-limit", "100"],
        &["--mems-limit", "100"],
        &["--checkpoint", "c.json"],
        &["--resume", "c.json"],
    ] {
        let mut args = vec!["count", "--memo"];
        args.extend_from_slice(extra);
        args.push(&blank4);
        let run = sudoku(&args, "");
        assert_eq!((run.code, run.stdout.as_str()), (2, ""), "{extra:?}");
        assert!(run.stderr.contains("cannot be used with"), "{extra:?}: {}", run.stderr);
    }
    let run = sudoku(&["count", "--memo-size", "1GiB", &blank4], "");
    assert_eq!(run.code, 2, "--memo-size without --memo");
    let run = sudoku(&["count", "--memo", "--memo-size", "lots", &blank4], "");
    assert!(run.code == 2 && run.stderr.contains("is not a size"), "{}", run.stderr);
}

/// Ctrl-C during a memoised count: the puzzles before it are printed, the one under way and
/// those after are not (it has no partial count), and the exit status is 130.
#[cfg(unix)]
#[test]
fn ctrl_c_ends_the_output_before_the_puzzle_being_counted() {
    use std::io::{BufRead, BufReader, Read, Write};
    use std::process::{Command, Stdio};

    use nix::sys::signal::{kill, Signal};
    use nix::unistd::Pid;

    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(["count", "--memo", "--memo-size", "64MiB", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    // A 4×4 line could be the first row of a 16×16 grid, which waits for the next line: an
    // 81-cell line cannot.
    let first = &opened_solutions()[3];
    stdin.write_all(format!("{first}\n").as_bytes()).unwrap();
    let mut stdout = String::new();
    // Once the first puzzle's count is out, the handler is installed.
    out.read_line(&mut stdout).unwrap();
    // A blank 9×9 runs out of minutes long before the table finds its count.
    stdin.write_all(format!("{}\n{first}\n", ".".repeat(81)).as_bytes()).unwrap();
    drop(stdin);
    std::thread::sleep(std::time::Duration::from_millis(300));
    kill(Pid::from_raw(i32::try_from(child.id()).unwrap()), Signal::SIGINT).unwrap();
    out.read_to_string(&mut stdout).unwrap();
    let mut stderr = String::new();
    child.stderr.take().unwrap().read_to_string(&mut stderr).unwrap();
    let code = child.wait().unwrap().code();
    assert_eq!((code, stdout.lines().count()), (Some(130), 1), "{stdout}{stderr}");
    assert!(stdout.trim_end().parse::<u64>().unwrap() > 1, "{stdout}");
    assert!(stderr.contains("<stdin>:2:1: the memoised count was interrupted"), "{stderr}");
}

/// `count --memo` of one puzzle shows its progress as the plain count does (issue 21, from
/// point 19): the table's sub-problems and memory.
#[test]
fn a_memoised_count_of_one_puzzle_shows_its_progress() {
    // 148 239 solutions: many thousands of nodes, looked at every 4 096.
    let puzzle = opened_solutions().swap_remove(0);
    let args = ["count", "--memo", "--progress=lines", "--progress-every", "0s", "-"];
    let run = sudoku(&args, &puzzle);
    assert_eq!(run.stdout, "148239\n", "{}", run.stderr);
    assert!(
        run.stderr
            .lines()
            .any(|line| line.starts_with("sudoku: ") && line.contains("% done, memo: ")),
        "{}",
        run.stderr
    );
}

/// As in `dlx`, a `--memo-size` beyond what the process can have is held to half of it, with
/// a warning before the count (issue 32, item 13: 99999TiB was taken as given).
#[cfg(unix)]
#[test]
fn a_memo_size_beyond_the_memory_there_is_is_held_to_it() {
    let line = "ulimit -v 1000000 && exec \"$0\" count --memo --memo-size 99999TiB -";
    let mut child = std::process::Command::new("sh")
        .args(["-c", line, env!("CARGO_BIN_EXE_sudoku")])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let blank = ".".repeat(16) + "\n";
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), blank.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "288\n", "a blank 4x4 has 288 grids");
    let warning = "sudoku: warning: --memo-size 99999 TiB: the table is held to ";
    assert!(stderr.starts_with(warning), "{stderr}");
}
