//! `sudoku count` and `enumerate` as long jobs: limits and exit status 3, checkpoints and
//! --resume, one puzzle only for checkpoints, progress lines, and Ctrl-C.

use std::collections::BTreeSet;

use serde_json::Value;

use crate::sudoku::sudoku;
use crate::util::data;

/// A 6×6 with its first row given: 28 200 960 / 6! = 39 168 grids.
const FIRST_ROW: &str = "123456..............................";

#[test]
fn limits_give_a_partial_count_and_exit_status_3() {
    let out = sudoku(&["count", "--node-limit", "1000", "-"], FIRST_ROW);
    assert_eq!(out.code, 3, "{}", out.stderr);
    assert!(out.stdout.ends_with("+\n"), "{}", out.stdout);
    assert!(out.stderr.contains("stopped by the node limit"), "{}", out.stderr);
    let out = sudoku(&["count", "--node-limit", "1000", "--format", "json", "-"], FIRST_ROW);
    let json: Value = serde_json::from_str(out.stdout.trim()).unwrap();
    assert_eq!(
        (json["status"].as_str(), json["stopped"].as_str()),
        (Some("stopped"), Some("node-limit"))
    );
    assert_eq!((json["nodes"].as_u64(), json["complete"].as_bool()), (Some(1000), Some(false)));
    let out = sudoku(&["count", "--time-limit", "0", "-"], FIRST_ROW);
    assert_eq!(out.code, 3);
    // A solution limit is not a stop: the count is at least that, exit status as usual.
    let out = sudoku(&["count", "--limit", "10", "-"], FIRST_ROW);
    assert_eq!((out.stdout.as_str(), out.code), ("10+\n", 0));
    // A limit reached at the very last solution leaves nothing: the count is exact.
    let out = sudoku(&["count", "--limit", "288", &data("puzzles/blank4x4.txt")], "");
    assert_eq!(out.stdout, "288\n");
}

#[test]
fn jobs_do_not_change_counts_or_the_set_of_solutions() {
    for jobs in ["1", "2", "4"] {
        let out = sudoku(&["count", "--jobs", jobs, "-"], FIRST_ROW);
        assert_eq!(out.stdout, "39168\n", "--jobs {jobs}");
    }
    let one = sudoku(&["enumerate", "--jobs", "1", &data("puzzles/blank4x4.txt")], "").stdout;
    let four = sudoku(&["enumerate", "--jobs", "4", &data("puzzles/blank4x4.txt")], "").stdout;
    let set = |text: &str| text.lines().map(str::to_owned).collect::<BTreeSet<_>>();
    // 288 grids, then the empty line that ends the record.
    assert_eq!(one.lines().count(), 289);
    assert!(one.ends_with("\n\n"));
    assert_eq!(set(&one), set(&four));
}

/// Runs `task` on the first-row puzzle in node-limited slices resumed from a checkpoint.
fn in_slices(task: &str, dir: &std::path::Path) -> Vec<crate::util::Run> {
    let file = dir.join("c.json");
    let file = file.to_str().unwrap();
    let mut outs: Vec<crate::util::Run> = Vec::new();
    loop {
        let mut args = vec![task, "--node-limit", "9000", "--checkpoint", file, "--jobs", "2"];
        if !outs.is_empty() {
            args.extend(["--resume", file]);
        }
        args.push("-");
        let out = sudoku(&args, FIRST_ROW);
        let code = out.code;
        outs.push(out);
        if code != 3 {
            return outs;
        }
        assert!(outs.len() < 100, "never finishes");
    }
}

#[test]
fn counts_and_enumerations_resume_from_their_checkpoints() {
    let dir = tempfile::tempdir().unwrap();
    let outs = in_slices("count", dir.path());
    assert!(outs.len() > 3, "{} runs", outs.len());
    assert_eq!(outs.last().unwrap().stdout, "39168\n");
    let outs = in_slices("enumerate", dir.path());
    // Each slice ends its record with an empty line (after `stopped` if it found nothing).
    assert!(outs.iter().all(|o| o.stdout.ends_with("\n\n")));
    let lines = outs.iter().flat_map(|o| o.stdout.lines());
    let grids: Vec<&str> = lines.filter(|line| !matches!(*line, "" | "stopped")).collect();
    let distinct: BTreeSet<&str> = grids.iter().copied().collect();
    assert_eq!((grids.len(), distinct.len()), (39_168, 39_168));
    assert!(grids.iter().all(|g| g.starts_with("123456") && g.len() == 36));
}

#[test]
fn checkpoints_are_for_one_puzzle_and_that_puzzle_only() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("c.json");
    let file = file.to_str().unwrap();
    let two = format!("{FIRST_ROW}\n{FIRST_ROW}\n");
    let out = sudoku(&["count", "--checkpoint", file, "-"], &two);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains("for one puzzle, and the input has more than one"),
        "{}",
        out.stderr
    );
    let out = sudoku(&["count", "--node-limit", "100", "--checkpoint", file, "-"], FIRST_ROW);
    assert_eq!(out.code, 3, "{}", out.stderr);
    let other = "654321..............................";
    let out = sudoku(&["count", "--resume", file, "-"], other);
    assert_eq!((out.stdout.as_str(), out.code), ("error\n", 2));
    assert!(out.stderr.contains("another puzzle or variant"), "{}", out.stderr);
    let out = sudoku(&["enumerate", "--resume", file, "-"], FIRST_ROW);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("not of `sudoku enumerate`"), "{}", out.stderr);
    std::fs::write(dir.path().join("bad.json"), "{\"format\": ").unwrap();
    let bad = dir.path().join("bad.json");
    let out = sudoku(&["count", "--resume", bad.to_str().unwrap(), "-"], FIRST_ROW);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("truncated"), "{}", out.stderr);
}

#[test]
fn progress_lines_for_one_puzzle() {
    let out = sudoku(
        &["count", "--progress=lines", "--progress-every", "0", "--jobs", "1", "-"],
        FIRST_ROW,
    );
    let lines: Vec<&str> = out.stderr.lines().filter(|l| l.contains("% done")).collect();
    assert!(lines.len() > 2, "{}", out.stderr);
    assert!(lines.last().unwrap().contains("100.000% done, 39168 solutions"), "{lines:?}");
}

/// Starts `sudoku` with `args` on `input`, waits for a first line on stdout (`on_stdout`) or
/// stderr, sends SIGINT, and returns the exit status, stdout and stderr.
#[cfg(unix)]
fn interrupted(args: &[&str], input: &str, on_stdout: bool) -> (Option<i32>, String, String) {
    use std::io::{BufRead, BufReader, Read, Write};
    use std::process::{Command, Stdio};

    use nix::sys::signal::{kill, Signal};
    use nix::unistd::Pid;

    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let (mut stdout, mut stderr) = (String::new(), String::new());
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut err = BufReader::new(child.stderr.take().unwrap());
    // Once a line is out, the handler is installed and the search under way.
    if on_stdout {
        out.read_line(&mut stdout).unwrap();
    } else {
        err.read_line(&mut stderr).unwrap();
    }
    kill(Pid::from_raw(i32::try_from(child.id()).unwrap()), Signal::SIGINT).unwrap();
    out.read_to_string(&mut stdout).unwrap();
    err.read_to_string(&mut stderr).unwrap();
    (child.wait().unwrap().code(), stdout, stderr)
}

/// Ctrl-C stops the search under way with a partial count and exit status 130.
#[cfg(unix)]
#[test]
fn ctrl_c_stops_a_count_cleanly() {
    let blank = ".".repeat(81);
    let args = ["count", "--progress=lines", "--progress-every", "0.05", "-"];
    let (code, stdout, stderr) = interrupted(&args, &blank, false);
    assert_eq!(code, Some(130), "{stderr}");
    assert!(stdout.ends_with("+\n") && stdout.lines().count() == 1, "{stdout}");
    assert!(stderr.contains("stopped by an interrupt"), "{stderr}");
}

/// Ctrl-C during a batch: the puzzle under way stops, the next is not started (nothing of it is
/// printed), and the exit status is 130.
#[cfg(unix)]
#[test]
fn ctrl_c_starts_no_further_puzzle() {
    let blank = ".".repeat(81);
    let input = format!("{blank}\n{FIRST_ROW}\n");
    let (code, stdout, stderr) = interrupted(&["enumerate", "--jobs", "1", "-"], &input, true);
    assert_eq!(code, Some(130), "{stderr}");
    // Solutions of the first puzzle and the empty line ending it; nothing of the second.
    assert!(stdout.lines().count() >= 2 && stdout.ends_with("\n\n"), "{stdout}");
    let grids = stdout.lines().filter(|line| !line.is_empty());
    assert!(grids.clone().count() == stdout.lines().count() - 1, "{stdout}");
    assert!(grids.clone().all(|grid| grid.len() == 81), "a grid of the second puzzle");
}

/// A model's puzzle that takes its search hours (17 cells of a 16×16, no two in one row,
/// pairwise different: the pigeonhole principle, which propagation cannot see and search
/// learns only by trying; ten cells rising along a row, which the engine took hours over, the
/// propagating search refutes at its root): a batch scheduler's SIGTERM, or Ctrl-C, stops its
/// `solve --unique` at once, with `stopped` in its place and exit 130. Before the fix the
/// solve never looked at the signal and ran on.
#[cfg(unix)]
#[test]
fn a_signal_stops_a_long_solve_of_a_model() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};

    use nix::sys::signal::{kill, Signal};
    use nix::unistd::Pid;

    let n = 16;
    let rows = (0..n).map(|r| (0..n).map(|c| r * n + c).collect::<Vec<_>>());
    let cols = (0..n).map(|c| (0..n).map(|r| r * n + c).collect::<Vec<_>>());
    let boxes =
        (0..n).map(|b| (0..n).map(|k| (b / 4 * 4 + k / 4) * n + b % 4 * 4 + k % 4).collect());
    let regions: Vec<Vec<usize>> = rows.chain(cols).chain(boxes).collect();
    let mut clique: Vec<usize> = (0..n).map(|r| r * n + r * 7 % n).collect();
    clique.push(1);
    let mut relations: Vec<Value> = Vec::new();
    for (k, &a) in clique.iter().enumerate() {
        for &b in &clique[k + 1..] {
            relations.push(serde_json::json!({"a": a, "b": b, "kind": "different"}));
        }
    }
    let record = serde_json::json!({"name": "pigeons", "width": n, "height": n, "symbols": n,
        "regions": regions, "relations": relations});
    for signal in [Signal::SIGTERM, Signal::SIGINT] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
            .args(["solve", "--unique"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        writeln!(stdin, "{record}").unwrap();
        drop(stdin);
        // The handler is installed once the input is read, within a second on any machine
        // this runs on; the search then runs for hours.
        std::thread::sleep(Duration::from_millis(1500));
        let mut stderr = child.stderr.take().unwrap();
        let sent = Instant::now();
        kill(Pid::from_raw(i32::try_from(child.id()).unwrap()), signal).unwrap();
        while child.try_wait().unwrap().is_none() {
            if sent.elapsed() > Duration::from_secs(5) {
                child.kill().unwrap();
                panic!("{signal}: still searching 5 s after the signal");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let mut rest = String::new();
        std::io::Read::read_to_string(&mut stderr, &mut rest).unwrap();
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(130), "{signal}: {rest}");
        assert_eq!(String::from_utf8(out.stdout).unwrap(), "stopped\n");
        assert!(rest.contains("stopped by an interrupt"), "{rest}");
    }
}
