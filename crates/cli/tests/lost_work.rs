//! Work that is not lost (see: issue 21, points 6 to 9 and 13): a checkpoint path is checked
//! before the search; a symbolic link is written through and a device never replaced; a last
//! write that fails still prints the count and says where the work is; a resumed run goes on
//! checkpointing to the file it resumed, and the resume hint runs as printed; a signal stops
//! every batch subcommand after the records in hand, with its summary; a full stderr is never
//! a panic.

use std::path::Path;

use serde_json::Value;

use crate::dlx_jobs::{dlx, queens};
use crate::util::{data, run, Run};

fn sudoku(args: &[&str], stdin: &str) -> Run {
    run(env!("CARGO_BIN_EXE_sudoku"), args, stdin)
}

/// The engine's counters in a checkpoint file.
fn saved_counts(path: &Path) -> (u64, u64) {
    let text = std::fs::read_to_string(path).unwrap();
    let saved: Value = serde_json::from_str(&text).unwrap();
    let number = |key: &str| saved["checkpoint"][key].as_u64().unwrap();
    (number("solutions"), number("nodes"))
}

#[test]
fn a_checkpoint_path_that_cannot_be_written_is_refused_before_the_search() {
    let dir = tempfile::tempdir().unwrap();
    let text = queens(8);
    let missing = dir.path().join("no/such/dir/c.json");
    let directory = dir.path().to_str().unwrap().to_owned();
    let looping = dir.path().join("loop");
    #[cfg(unix)]
    std::os::unix::fs::symlink("loop", &looping).unwrap();
    let cases = [
        (missing.to_str().unwrap(), "does not exist"),
        (directory.as_str(), "is a directory"),
        ("/dev/null", "not a regular file"),
        (looping.to_str().unwrap(), "too many levels of symbolic links"),
    ];
    for (path, message) in cases {
        // Before: 92 solutions counted, then nothing written (or a device replaced).
        let out = dlx(&["--count", "--checkpoint", path, "-"], &text);
        assert_eq!((out.code, out.stdout.as_str()), (2, ""), "{path}: {}", out.stderr);
        assert!(out.stderr.contains(message), "{path}: {}", out.stderr);
        let out = sudoku(&["count", "--checkpoint", path, "-"], &".".repeat(16));
        assert_eq!((out.code, out.stdout.as_str()), (2, ""), "{path}: {}", out.stderr);
        assert!(out.stderr.contains(message), "{path}: {}", out.stderr);
    }
}

#[cfg(unix)]
#[test]
fn a_symbolic_link_stays_a_link_and_its_target_holds_the_checkpoint() {
    let dir = tempfile::tempdir().unwrap();
    let link = dir.path().join("latest.json");
    std::os::unix::fs::symlink("runs/one.json", &link).unwrap();
    std::fs::create_dir(dir.path().join("runs")).unwrap();
    let path = link.to_str().unwrap();
    let text = queens(9);
    let out = dlx(&["--count", "--node-limit", "300", "--checkpoint", path, "-"], &text);
    assert_eq!(out.code, 3, "{}", out.stderr);
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
    assert_eq!(saved_counts(&dir.path().join("runs/one.json")).1, 300);
    let out = dlx(&["--count", "--resume", path, "-"], &text);
    assert_eq!((out.stdout.as_str(), out.code), ("352\n", 0), "{}", out.stderr);
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
}

/// A resumed run stopped again leaves its state in the file it resumed, and the hint it prints
/// is a whole command that runs as printed: followed three times, it reaches the exact total.
#[cfg(unix)]
#[test]
fn the_resume_hint_runs_as_printed_and_keeps_checkpointing() {
    let dir = tempfile::tempdir().unwrap();
    let problem = dir.path().join("queens 9.dlx");
    std::fs::write(&problem, queens(9)).unwrap();
    let file = dir.path().join("c.json");
    let (problem, path) = (problem.to_str().unwrap(), file.to_str().unwrap());
    let mut out = dlx(&["--count", "--node-limit", "1000", "--checkpoint", path, problem], "");
    let mut nodes = 1000;
    while out.code == 3 {
        assert_eq!(saved_counts(&file).1, nodes, "{}", out.stderr);
        let hint = out.stderr.split("resume with: ").nth(1).expect("a hint").to_owned();
        let command = &hint[..hint.find("), ").expect("the hint ends the parenthesis")];
        assert!(command.contains("--resume") && !command.contains("--checkpoint"), "{command}");
        out = run("sh", &["-c", command], "");
        nodes += 1000;
    }
    assert_eq!((out.stdout.as_str(), out.code), ("352\n", 0), "{}", out.stderr);
    assert!(nodes > 3000, "the count took {nodes} nodes: too few resumes to test");
    // The finished state, so that a later resume cannot redo the work.
    assert_eq!(saved_counts(&file).0, 352);
}

/// Runs `bin` under a shell whose files may not grow past `blocks` of 512 bytes (and that
/// ignores SIGXFSZ, as a full disk sends no signal): each checkpoint write then fails as on a
/// full disk, while the pipes to this test work.
#[cfg(unix)]
fn on_a_full_disk(bin: &str, args: &[&str], blocks: u32) -> Run {
    let words: Vec<String> = args.iter().map(|a| format!("'{a}'")).collect();
    let script = format!("trap '' XFSZ; ulimit -f {blocks}; exec '{bin}' {}", words.join(" "));
    run("sh", &["-c", &script], "")
}

#[cfg(unix)]
#[test]
fn a_failed_last_checkpoint_still_prints_the_count_and_says_where_the_work_is() {
    let dir = tempfile::tempdir().unwrap();
    let problem = dir.path().join("q.dlx");
    std::fs::write(&problem, queens(9)).unwrap();
    let file = dir.path().join("c.json");
    let (problem, path) = (problem.to_str().unwrap(), file.to_str().unwrap());
    let bin = env!("CARGO_BIN_EXE_dlx");
    let args = ["--count", "--node-limit", "500", "--checkpoint", path, problem];
    let out = on_a_full_disk(bin, &args, 0);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(out.stdout.ends_with("+\n"), "the partial count: {}", out.stdout);
    assert!(out.stderr.contains("cannot write the checkpoint"), "{}", out.stderr);
    assert!(out.stderr.contains("no checkpoint of this run was written"), "{}", out.stderr);
    assert!(!file.exists());
    // With a checkpoint to resume from, that is where the work is.
    assert_eq!(dlx(&args, "").code, 3);
    let args = ["--count", "--node-limit", "500", "--resume", path, problem];
    let out = on_a_full_disk(bin, &args, 0);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(out.stdout.ends_with("+\n"), "{}", out.stdout);
    assert!(out.stderr.contains("still holds the checkpoint this run resumed from"));
    assert_eq!(saved_counts(&file).1, 500);
    // The same for sudoku count.
    let puzzle = dir.path().join("blank.txt");
    std::fs::write(&puzzle, ".".repeat(36)).unwrap();
    let puzzle = puzzle.to_str().unwrap();
    let other = dir.path().join("s.json");
    let args = ["count", "--node-limit", "100", "--checkpoint", other.to_str().unwrap(), puzzle];
    let out = on_a_full_disk(env!("CARGO_BIN_EXE_sudoku"), &args, 0);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(out.stdout.ends_with("+\n"), "{}", out.stdout);
    assert!(out.stderr.contains("no checkpoint of this run was written"), "{}", out.stderr);
}

/// Starts `bin`, feeds it `input` but keeps its standard input open (a slow pipe, or a person
/// typing), waits for `lines` lines of output, sends SIGINT and collects the rest.
#[cfg(unix)]
fn interrupted_while_reading(
    bin: &str,
    args: &[&str],
    input: &str,
    lines: usize,
) -> (Option<i32>, String, String) {
    use std::io::{BufRead, BufReader, Read, Write};

    use nix::sys::signal::{kill, Signal};
    use nix::unistd::Pid;

    let mut child = crate::util::spawn(bin, args);
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input.as_bytes()).unwrap();
    stdin.flush().unwrap();
    let mut stdout = String::new();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    while stdout.lines().count() < lines {
        assert_ne!(out.read_line(&mut stdout).unwrap(), 0, "output ended: {stdout}");
    }
    let pid = Pid::from_raw(i32::try_from(child.id()).unwrap());
    kill(pid, Signal::SIGINT).unwrap();
    // A binary that ignores the signal (one started with SIGINT ignored, as a background job
    // of a shell is, and that installs no handler) would wait for input for ever: after 10 s
    // it is killed, and the test fails on its status rather than hanging.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while child.try_wait().unwrap().is_none() && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    if child.try_wait().unwrap().is_none() {
        kill(pid, Signal::SIGKILL).unwrap();
    }
    out.read_to_string(&mut stdout).unwrap();
    let mut stderr = String::new();
    child.stderr.take().unwrap().read_to_string(&mut stderr).unwrap();
    let code = child.wait().unwrap().code();
    drop(stdin);
    (code, stdout, stderr)
}

/// Before: the first signal killed every batch subcommand but count and enumerate outright
/// (no summary, status 143 or death by SIGINT). Now each stops after the records in hand,
/// prints what it did whole and aligned with its input, its summary, and exits with 130.
#[cfg(unix)]
#[test]
fn a_signal_stops_every_batch_subcommand_after_the_records_in_hand() {
    let classic = std::fs::read_to_string(data("puzzles/classic.txt")).unwrap();
    let puzzles: Vec<&str> = classic.lines().filter(|l| !l.starts_with('#')).take(3).collect();
    let input = format!("{}\n", puzzles.join("\n"));
    let bin = env!("CARGO_BIN_EXE_sudoku");
    for command in ["solve", "check", "rate", "canon", "show", "hint", "count", "transform"] {
        let args = [command, "--stats", "--seed", "1", "-"];
        let args = if command == "transform" { &args[..] } else { &[command, "--stats", "-"][..] };
        // What the three puzzles give with the input closed: all of it must come out.
        let whole = sudoku(args, &input);
        let lines = whole.stdout.lines().count();
        let (code, stdout, stderr) = interrupted_while_reading(bin, args, &input, lines);
        assert_eq!(code, Some(130), "{command}: {stderr}");
        crate::eqnice!(whole.stdout, stdout);
        assert!(stderr.contains("stopped by an interrupt after 3 puzzles"), "{command}: {stderr}");
        assert!(stderr.contains("puzzles: 3,"), "{command}: the summary: {stderr}");
    }
}

#[cfg(unix)]
#[test]
fn a_signal_stops_generate_after_whole_puzzles() {
    let bin = env!("CARGO_BIN_EXE_sudoku");
    let args = ["generate", "-n", "1000000", "--seed", "5", "--jobs", "1", "--stats"];
    let (code, stdout, stderr) = interrupted_while_reading(bin, &args, "", 2);
    assert_eq!(code, Some(130), "{stderr}");
    let made = stdout.lines().count();
    assert!(stdout.lines().all(|line| line.len() == 81), "{stdout}");
    assert!(stderr.contains(&format!("puzzles 1 to {made} of seed 5")), "{stderr}");
    assert!(stderr.contains(&format!("puzzles: {made},")), "{stderr}");
}

/// Once the handler is installed (first thing in main: the process then catches SIGINT, which
/// /proc shows), a signal that comes while the problem is still being read leaves a count of
/// partial count and a checkpoint from which the whole count resumes.
#[cfg(target_os = "linux")]
#[test]
fn a_signal_before_the_search_still_leaves_a_checkpoint() {
    use std::io::{Read, Write};
    use std::process::{Command, Stdio};

    use nix::sys::signal::{kill, Signal};
    use nix::unistd::Pid;

    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("c.json");
    let path = file.to_str().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_dlx"))
        .args(["--count", "--checkpoint", path, "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let status = format!("/proc/{}/status", child.id());
    let catches_sigint = || {
        let text = std::fs::read_to_string(&status).unwrap_or_default();
        let caught = text.lines().find_map(|line| line.strip_prefix("SigCgt:"));
        caught
            .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
            .is_some_and(|m| m & 2 != 0)
    };
    while !catches_sigint() {
        std::thread::yield_now();
    }
    kill(Pid::from_raw(i32::try_from(child.id()).unwrap()), Signal::SIGINT).unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(queens(8).as_bytes()).unwrap();
    drop(stdin);
    let mut stdout = String::new();
    child.stdout.take().unwrap().read_to_string(&mut stdout).unwrap();
    let code = child.wait().unwrap().code();
    // The search polls the flag every so many nodes: a few solutions may come first.
    assert_eq!(code, Some(130), "{stdout}");
    assert!(stdout.ends_with("+\n"), "{stdout}");
    let out = dlx(&["--count", "--resume", path, "-"], &queens(8));
    assert_eq!((out.stdout.as_str(), out.code), ("92\n", 0), "{}", out.stderr);
}

/// A failed write to stderr (`2>/dev/full`) is never a panic (exit status 101 before): the
/// results on stdout stand, and the exit status is the outcome's.
#[cfg(target_os = "linux")]
#[test]
fn a_full_stderr_is_not_a_panic() {
    use std::process::{Command, Stdio};

    let full = || std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
    let dir = tempfile::tempdir().unwrap();
    let problem = dir.path().join("q.dlx");
    std::fs::write(&problem, queens(8)).unwrap();
    let problem = problem.to_str().unwrap();
    let puzzles = data("puzzles/classic.txt");
    let missing = dir.path().join("missing.dlx");
    let cases: [(&str, Vec<&str>, i32); 5] = [
        (env!("CARGO_BIN_EXE_dlx"), vec!["--count", "--no-memo", problem], 0),
        (env!("CARGO_BIN_EXE_dlx"), vec!["--count", "--node-limit", "10", problem], 3),
        (env!("CARGO_BIN_EXE_dlx"), vec!["--count", missing.to_str().unwrap()], 2),
        (env!("CARGO_BIN_EXE_sudoku"), vec!["solve", "--unique", "--stats", &puzzles], 1),
        (env!("CARGO_BIN_EXE_sudoku"), vec!["rate", "--stats", &puzzles], 1),
    ];
    for (bin, args, code) in cases {
        let out = Command::new(bin).args(&args).stderr(full()).stdout(Stdio::piped()).output();
        let out = out.unwrap();
        assert_eq!(out.status.code(), Some(code), "{args:?}");
    }
}
