//! Endless and oversized inputs: every read of both binaries is bounded (issue 21, point 11).
//! A line past its limit is an error at once, with its file and line, and a batch goes on
//! past it; a document past its size is refused without being read on. `/dev/zero` stands
//! for the endless input; the memory bounds themselves are asserted by the readers' unit
//! tests, which feed an endless reader and count what is taken from it.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, Command, Stdio};

use crate::sudoku::{sudoku, Scratch};
use crate::util::{data, run, Run};

fn dlx(args: &[&str]) -> Run {
    run(env!("CARGO_BIN_EXE_dlx"), args, "")
}

/// Starts `bin` with `args`, its standard input fed from a thread with zeros for as long as
/// it reads (until the pipe closes).
fn on_endless_input(bin: &str, args: &[&str]) -> (Child, std::thread::JoinHandle<()>) {
    let mut child = Command::new(bin)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let feeding = std::thread::spawn(move || {
        let zeros = vec![0u8; 1 << 16];
        while stdin.write_all(&zeros).is_ok() {}
    });
    (child, feeding)
}

/// The first line `child` writes on stdout and on stderr; then it is stopped.
fn first_lines_then_kill(mut child: Child) -> (String, String) {
    let (mut out, mut err) = (String::new(), String::new());
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut out).unwrap();
    BufReader::new(child.stderr.take().unwrap()).read_line(&mut err).unwrap();
    // It reads on (skipping the line) until told to stop: a batch goes on past a bad line.
    child.kill().unwrap();
    child.wait().unwrap();
    (out, err)
}

#[test]
fn dlx_refuses_an_endless_line_at_once() {
    let (child, feeding) = on_endless_input(env!("CARGO_BIN_EXE_dlx"), &["--count", "-"]);
    let output = child.wait_with_output().unwrap();
    feeding.join().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("<stdin>:1:1: the line is longer than 64 MiB, the most a line of a DLX"),
        "{stderr}"
    );
}

#[cfg(unix)]
#[test]
fn dlx_refuses_dev_zero() {
    let run = dlx(&["/dev/zero"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("/dev/zero:1:1: the line is longer than 64 MiB"), "{}", run.stderr);
}

#[test]
fn sudoku_answers_an_endless_line_at_once() {
    let (child, feeding) = on_endless_input(env!("CARGO_BIN_EXE_sudoku"), &["solve", "-"]);
    let (out, err) = first_lines_then_kill(child);
    feeding.join().unwrap();
    assert_eq!(out, "error\n");
    assert!(err.contains("<stdin>:1:1: the line is longer than 65536 bytes (64 KiB)"), "{err}");
}

#[cfg(unix)]
#[test]
fn sudoku_answers_dev_zero_at_once() {
    let child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(["solve", "/dev/zero"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let (out, err) = first_lines_then_kill(child);
    assert_eq!(out, "error\n");
    assert!(err.contains("/dev/zero:1:1: the line is longer than 65536 bytes"), "{err}");
}

#[cfg(unix)]
#[test]
fn sudoku_ends_dev_zero_by_itself() {
    // See: issue 32: the endless line was skipped for ever; past 64 MiB the input is done.
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(["solve", "/dev/zero", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let classic =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), format!("{classic}\n").as_bytes())
        .unwrap();
    // Not a timing test: a generous wait, so that the suite fails rather than hangs.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(300);
    while child.try_wait().unwrap().is_none() {
        if std::time::Instant::now() > deadline {
            child.kill().unwrap();
            panic!("sudoku solve /dev/zero never ended");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let output = child.wait_with_output().unwrap();
    let out = String::from_utf8(output.stdout).unwrap();
    assert_eq!(output.status.code(), Some(2));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert_eq!(lines[0], "error");
    assert_eq!(lines[1].len(), 81, "the next input is read: {out}");
}

/// A line too long is one bad record, the batch goes on past it and stays aligned: puzzles,
/// JSON lines, and the line formats of `sudoku convert`.
#[test]
fn a_batch_goes_on_past_a_line_too_long() {
    let classic =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let input = format!("{}\n{classic}\n", "7".repeat(300_000));
    let out = sudoku(&["count", "-"], &input);
    assert_eq!((out.code, out.stdout.as_str()), (2, "error\n1\n"), "{}", out.stderr);
    assert!(out.stderr.contains("<stdin>:1:1: the line is longer than"), "{}", out.stderr);

    let model = std::fs::read_to_string(data("variants/killer-4x4.jsonl")).unwrap();
    let model = model.lines().next().unwrap();
    let input = format!("{model}\n{{{}\n{model}\n", " ".repeat(16 << 20));
    let out = sudoku(&["count", "-"], &input);
    assert_eq!((out.code, out.stdout.as_str()), (2, "1\nerror\n1\n"), "{}", out.stderr);
    assert!(
        out.stderr.contains("<stdin>:2:1: the line is longer than 16 MiB, the most a line of JSON"),
        "{}",
        out.stderr
    );

    let sukaku = std::fs::read_to_string(data("variants/sukaku-classic.txt")).unwrap();
    let sukaku = sukaku.lines().find(|line| !line.starts_with('#')).unwrap();
    let input = format!("{}\n{sukaku}\n", "1".repeat((16 << 20) + 1));
    let out = sudoku(&["convert", "--from", "sukaku", "-"], &input);
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert_eq!(lines.len(), 2, "{}", out.stdout);
    assert!(lines[0].starts_with("{\"line\":1,\"error\":\"the line is longer than 16 MiB"));
    assert!(lines[1].starts_with("{\"name\""), "{}", lines[1]);
}

/// The files the options name, and the documents read whole, are read up to their limit.
#[cfg(unix)]
#[test]
fn files_named_by_options_are_read_up_to_their_limit() {
    let puzzle = "................";
    for option in ["--regions", "--extra-regions", "--board"] {
        let out = sudoku(&["solve", option, "/dev/zero", "-"], puzzle);
        assert_eq!(out.code, 2, "{option}: {}", out.stderr);
        assert!(out.stderr.contains("/dev/zero: larger than 1 MiB, the most a"), "{}", out.stderr);
    }
    let out = sudoku(&["encode", "/dev/zero"], "");
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(
        out.stderr.contains("larger than 64 MiB, the most the input of encode"),
        "{}",
        out.stderr
    );
    let out = sudoku(&["convert", "--from", "janko", "--kind", "sudoku", "/dev/zero"], "");
    assert!(out.stderr.contains("larger than 64 MiB, the most a janko.at file"), "{}", out.stderr);

    let queens = data("dlx/queens8.dlx");
    let run = dlx(&["--count", "--resume", "/dev/zero", &queens]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr.contains("larger than 64 MiB, the most a checkpoint file"),
        "{}",
        run.stderr
    );
    let run = dlx(&["--count", "--parts", "/dev/zero", "--part", "0", &queens]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("/dev/zero:1: the line is longer than 16 MiB"), "{}", run.stderr);
    // A summary file with an endless line is not read on: the next file still is.
    let scratch = Scratch::new("bounded-merge");
    let empty = scratch.file("empty.jsonl", "");
    let run = dlx(&["merge", "/dev/zero", &empty]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("/dev/zero:1: the line is longer than 16 MiB"), "{}", run.stderr);
}
