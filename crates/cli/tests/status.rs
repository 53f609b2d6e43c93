//! `dlx status`: every state a part can be in, read from what its runs leave (summaries,
//! checkpoints, logs, GNU parallel's job log), the count so far, the time left, JSON, and the
//! exit status (see: issue 22).

use std::{
    path::Path,
    process::{Command, Stdio},
    time::{Duration, Instant},
};

use serde_json::Value;

use crate::util::{data, Run};

/// Runs `dlx` in `dir`.
fn dlx_in(dir: &Path, args: &[&str]) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_dlx")).args(args).current_dir(dir).output().unwrap();
    Run {
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
        code: out.status.code().unwrap(),
    }
}

/// The pentomino problem split into 6 parts in a fresh directory.
fn split() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(data("dlx/pentominoes6x10.dlx"), dir.path().join("p.dlx")).unwrap();
    let out = dlx_in(dir.path(), &["split", "-q", "--parts", "6", "p.dlx"]);
    std::fs::write(dir.path().join("parts.jsonl"), out.stdout).unwrap();
    std::fs::create_dir(dir.path().join("checkpoints")).unwrap();
    dir
}

/// Runs part `k` as the recipes do, with `more` options; its summary appended to done.jsonl.
fn part(dir: &Path, k: usize, more: &[&str]) -> Run {
    let (k, checkpoint) = (k.to_string(), format!("checkpoints/part-{k}.json"));
    let args = ["--count", "--json", "--jobs", "1", "--parts", "parts.jsonl", "--part", &k];
    let args = [&args[..], &["--checkpoint", &checkpoint, "--continue"], more, &["p.dlx"]].concat();
    let out = dlx_in(dir, &args);
    let mut done =
        std::fs::OpenOptions::new().create(true).append(true).open(dir.join("done.jsonl")).unwrap();
    std::io::Write::write_all(&mut done, out.stdout.as_bytes()).unwrap();
    out
}

fn status(dir: &Path, more: &[&str]) -> Run {
    let args = ["status", "parts.jsonl", "done.jsonl", "--checkpoints", "checkpoints"];
    let args = [&args[..], &["--logs", "logs/part-{}.log"], more].concat();
    dlx_in(dir, &args)
}

#[test]
fn every_state_of_a_part_is_told_from_what_its_runs_leave() {
    let dir = split();
    let root = dir.path();
    // Parts 0 and 1 done; 2 stopped by a limit; 3 failed (its log ends with dlx's error); 4
    // running; 5 not started.
    assert_eq!(part(root, 0, &[]).code, 0);
    assert_eq!(part(root, 1, &[]).code, 0);
    assert_eq!(part(root, 2, &["--node-limit", "20000"]).code, 3);
    std::fs::create_dir(root.join("logs")).unwrap();
    std::fs::write(root.join("logs/part-3.log"), "dlx: warning: x\ndlx: cannot read p.dlx: gone\n")
        .unwrap();
    let mut running = Command::new(env!("CARGO_BIN_EXE_dlx"))
        .args(["--count", "--json", "--jobs", "1", "--parts", "parts.jsonl", "--part", "4"])
        .args(["--checkpoint", "checkpoints/part-4.json", "--checkpoint-every", "0.02s", "p.dlx"])
        .current_dir(root)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    while !root.join("checkpoints/part-4.json").exists() {
        assert!(Instant::now() < deadline);
        std::thread::sleep(Duration::from_millis(5));
    }
    let out = status(root, &[]);
    let _ = running.kill();
    let _ = running.wait();
    assert_eq!(out.code, 1, "a part failed: {}{}", out.stdout, out.stderr);
    for line in [
        "  done              2  0-1",
        "  running           1  4",
        "  stopped           1  2",
        "  failed            1  3",
        "  not started       1  5",
        "part 2: stopped by the node limit at ",
        "part 3: failed: dlx: cannot read p.dlx: gone (logs/part-3.log)",
        &format!("part 4: running on {} (pid {})", hostname(), running.id()),
        "solutions so far: at least ",
        "time left: about ",
    ] {
        assert!(out.stdout.contains(line), "{line:?} in:\n{}", out.stdout);
    }
    // Killed without a word (SIGKILL), part 4 is silent: its process is gone.
    let out = status(root, &["--json"]);
    let json: Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(json["silent"], serde_json::json!([4]), "{json}");
    assert_eq!(json["done"], serde_json::json!([0, 1]));
    assert_eq!(json["failed"], serde_json::json!([3]));
    assert_eq!(json["not_started"], serde_json::json!([5]));
    let unfinished = json["unfinished"].as_array().unwrap();
    let stopped = unfinished.iter().find(|u| u["part"] == 2).unwrap();
    assert_eq!(stopped["state"], "stopped");
    assert!(stopped["fraction"].as_f64().unwrap() > 0.0, "{stopped}");
    // The lower bound is what the parts have found: the done ones' counts and the others'.
    let found: u64 = done_solutions(root) + saved_solutions(root, &[2, 4]);
    assert_eq!(json["solutions_at_least"].as_u64(), Some(found));
}

#[test]
fn a_finished_run_is_done_and_exits_0_and_work_left_exits_3() {
    let dir = split();
    let root = dir.path();
    let out = status(root, &[]);
    assert_eq!(out.code, 3, "nothing started: {}", out.stdout);
    assert!(out.stdout.contains("  not started       6  0-5"), "{}", out.stdout);
    assert!(!out.stdout.contains("time left"), "nothing measured yet: {}", out.stdout);
    for k in 0..6 {
        assert_eq!(part(root, k, &[]).code, 0);
    }
    let out = status(root, &[]);
    assert_eq!(out.code, 0, "{}", out.stdout);
    assert!(out.stdout.contains("solutions: 9356 (every part done"), "{}", out.stdout);
    // A part run again under --continue prints its summary at once: still done, merged once.
    assert_eq!(part(root, 3, &[]).code, 0);
    assert_eq!(dlx_in(root, &["merge", "-q", "done.jsonl"]).stdout, "9356\n");
}

/// GNU parallel's job log tells a part that failed (exit status 2) from one not started.
#[test]
fn the_job_log_of_gnu_parallel_says_which_parts_failed() {
    let dir = split();
    let root = dir.path();
    let header = "Seq\tHost\tStarttime\tJobRuntime\tSend\tReceive\tExitval\tSignal\tCommand\n";
    let line = |seq: u32, exit: u32, part: u32| {
        format!("{seq}\t:\t1700000000.0\t0.1\t0\t0\t{exit}\t0\tdlx --count --parts parts.jsonl --part {part} p.dlx\n")
    };
    std::fs::write(root.join("jobs.log"), format!("{header}{}{}", line(1, 2, 1), line(2, 0, 2)))
        .unwrap();
    let args = ["status", "--json", "parts.jsonl", "--joblog", "jobs.log"];
    let json: Value = serde_json::from_str(&dlx_in(root, &args).stdout).unwrap();
    assert_eq!(json["failed"], serde_json::json!([1, 2]), "{json}");
    let why = |k: u64| {
        let unfinished = json["unfinished"].as_array().unwrap();
        unfinished.iter().find(|u| u["part"] == k).unwrap()["why"].as_str().unwrap().to_owned()
    };
    assert!(why(1).contains("exit status 2"), "{}", why(1));
    assert!(why(2).contains("its summary is not among the files given"), "{}", why(2));
}

/// A job log line whose start time or runtime is out of range (`inf`, past 2^64 seconds) is
/// named with its field and left out; the other lines count. See: issue 32 (it panicked).
#[test]
fn a_job_log_line_out_of_range_is_named_and_left_out() {
    let dir = split();
    let root = dir.path();
    let header = "Seq\tHost\tStarttime\tJobRuntime\tSend\tReceive\tExitval\tSignal\tCommand\n";
    let line = |start: &str, runtime: &str, part: u32| {
        format!("1\t:\t{start}\t{runtime}\t0\t0\t2\t0\tdlx --count --part {part} p.dlx\n")
    };
    let lines = [
        line("inf", "0.1", 0),
        line("1700000000", "1.85e19", 1),
        line("1.9e19", "0.1", 2),
        line("1700000000", "0.1", 3),
    ];
    std::fs::write(root.join("jobs.log"), format!("{header}{}", lines.concat())).unwrap();
    let out = dlx_in(root, &["status", "--json", "parts.jsonl", "--joblog", "jobs.log"]);
    assert!(!out.stderr.contains("panicked"), "{}", out.stderr);
    assert_eq!(out.code, 1, "{}", out.stderr);
    for note in [
        "jobs.log:2: its Starttime inf is not a number of seconds",
        "jobs.log:3: its JobRuntime 18500000000000000000 is not a number of seconds",
        "jobs.log:4: its Starttime 19000000000000000000 is not a number of seconds",
    ] {
        assert!(out.stderr.contains(note), "expected '{note}':\n{}", out.stderr);
    }
    let json: Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(json["failed"], serde_json::json!([3]), "{json}");
}

/// Runs `dlx` in `dir`, failing the test if it has not ended within a minute (it is killed).
fn dlx_within_a_minute(dir: &Path, args: &[&str]) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dlx"))
        .args(args)
        .current_dir(dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            child.kill().unwrap();
            panic!("dlx {args:?} still waits after a minute");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    Run {
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
        code: out.status.code().unwrap(),
    }
}

/// A FIFO among the files (the parts file, a summary file, a checkpoint, a log, the job log)
/// is refused at once, named: opening one that nothing writes to would wait for ever. See:
/// issue 32 (`dlx status` hung).
#[cfg(unix)]
#[test]
fn a_fifo_is_refused_not_waited_on() {
    let dir = split();
    let root = dir.path();
    std::fs::create_dir(root.join("logs")).unwrap();
    let fifos =
        ["fifo.jsonl", "done.jsonl", "checkpoints/part-1.json", "logs/part-2.log", "jobs.log"];
    for fifo in fifos {
        let made = Command::new("mkfifo").arg(fifo).current_dir(root).status().unwrap();
        assert!(made.success());
    }
    let out = dlx_within_a_minute(root, &["status", "fifo.jsonl"]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(
        out.stderr.contains("fifo.jsonl: a FIFO (named pipe), not a regular file"),
        "{}",
        out.stderr
    );
    let args = ["status", "parts.jsonl", "done.jsonl", "--checkpoints", "checkpoints"];
    let args = [&args[..], &["--logs", "logs/part-{}.log"]].concat();
    let out = dlx_within_a_minute(root, &args);
    assert_eq!(out.code, 3, "{}", out.stderr);
    for fifo in &fifos[1..4] {
        let note = format!("{fifo}: a FIFO (named pipe), not a regular file");
        assert!(out.stderr.contains(&note), "expected '{note}':\n{}", out.stderr);
    }
    let out = dlx_within_a_minute(root, &["status", "parts.jsonl", "--joblog", "jobs.log"]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(out.stderr.contains("jobs.log: a FIFO (named pipe)"), "{}", out.stderr);
}

/// A damaged checkpoint or a summary of another split is named and left out, not trusted.
#[test]
fn files_of_another_split_or_damaged_are_left_out_with_a_note() {
    let dir = split();
    let root = dir.path();
    assert_eq!(part(root, 0, &["--node-limit", "1000"]).code, 3);
    let path = root.join("checkpoints/part-0.json");
    let text =
        std::fs::read_to_string(&path).unwrap().replacen("\"nodes\":1000", "\"nodes\":1001", 1);
    std::fs::write(&path, text).unwrap();
    let out = dlx_in(root, &["split", "-q", "--parts", "6", "--seed", "5", "p.dlx"]);
    std::fs::write(root.join("other.jsonl"), out.stdout).unwrap();
    let args = ["--count", "--json", "--parts", "other.jsonl", "--part", "1", "p.dlx"];
    std::fs::write(root.join("other-done.jsonl"), dlx_in(root, &args).stdout).unwrap();
    let args = ["status", "parts.jsonl", "other-done.jsonl", "--checkpoints", "checkpoints"];
    let out = dlx_in(root, &args);
    assert!(out.stderr.contains("damaged"), "{}", out.stderr);
    assert!(out.stderr.contains("a summary of another split"), "{}", out.stderr);
    assert!(out.stdout.contains("  not started       6  0-5"), "{}", out.stdout);
}

fn hostname() -> String {
    let out = Command::new("hostname").output().unwrap();
    String::from_utf8(out.stdout).unwrap().trim().to_owned()
}

fn done_solutions(dir: &Path) -> u64 {
    let text = std::fs::read_to_string(dir.join("done.jsonl")).unwrap();
    let lines = text.lines().map(|line| serde_json::from_str::<Value>(line).unwrap());
    lines.filter(|l| l["complete"] == true).map(|l| l["solutions"].as_u64().unwrap()).sum()
}

fn saved_solutions(dir: &Path, parts: &[usize]) -> u64 {
    let solutions = |k: &usize| {
        let text = std::fs::read_to_string(dir.join(format!("checkpoints/part-{k}.json"))).unwrap();
        let saved: Value = serde_json::from_str(&text).unwrap();
        saved["checkpoint"]["solutions"].as_u64().unwrap()
    };
    parts.iter().map(solutions).sum()
}
