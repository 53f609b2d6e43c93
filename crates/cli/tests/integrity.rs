//! No damaged, edited or mixed checkpoint, parts file or part summary gives a wrong total:
//! each is refused with a message naming the file (and line), or, when the change is one that
//! means nothing (a hex digit's case), runs to the exact total. Every byte of a checkpoint,
//! a parts file and a file of summaries is flipped in turn; a subproblem repeated or dropped
//! (with the file's digest made again, so that the check behind it is what refuses it); parts
//! of two splits merged; unknown and repeated keys. See: issue 21.

use std::{
    io::{Seek, SeekFrom, Write},
    path::{Path, PathBuf},
    sync::atomic::AtomicBool,
};

use clap::Parser;
use dancer_cli::{dlx::DlxArgs, Exit};
use serde_json::Value;

use crate::dlx_jobs::{dlx, queens};

/// Gives `json` (a checkpoint file or a part's summary, parsed) the digest of its contents
/// again, as if the program had written it so.
pub(crate) fn redigest(json: &mut Value) {
    let Value::Object(object) = json else { panic!("not an object: {json}") };
    let digest = dancer_cli::json::object_digest(object);
    object.insert("digest".to_owned(), digest.to_string().into());
}

/// How an in-process `dlx` ended: its status and output, or its error as `main` prints it.
type Ended = Result<(Exit, String, String), String>;

/// Runs `dlx` in this process (thousands of runs take seconds, not minutes).
fn dlx_here(args: &[&str]) -> Ended {
    let args = DlxArgs::try_parse_from(std::iter::once("dlx").chain(args.iter().copied()))
        .expect("valid arguments");
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let never = AtomicBool::new(false);
    match dancer_cli::dlx::run(&args, &mut out, &mut err, &never) {
        Ok(exit) => {
            let text = |bytes: Vec<u8>| String::from_utf8(bytes).expect("UTF-8");
            Ok((exit, text(out), text(err)))
        }
        Err(error) => Err(format!("{error:#}")),
    }
}

/// A file of `dir` holding `text`, by its path.
fn file(dir: &Path, name: &str, text: impl AsRef<[u8]>) -> String {
    let path: PathBuf = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_owned()
}

/// Writes `good` to `path`, then flips each of its bytes by each of `masks` in turn, calling
/// `check(at, mask)` while the file holds the flipped byte. The file is changed in place, a
/// byte at a time: rewriting it whole costs milliseconds on some file systems (ext4 flushes a
/// file truncated and written again), a byte in place microseconds.
fn flip_each_byte(path: &str, good: &[u8], masks: &[u8], mut check: impl FnMut(usize, u8)) {
    std::fs::write(path, good).unwrap();
    let mut file = std::fs::OpenOptions::new().write(true).open(path).unwrap();
    let mut put = |at: usize, byte: u8| {
        file.seek(SeekFrom::Start(at as u64)).unwrap();
        file.write_all(&[byte]).unwrap();
    };
    for (at, &byte) in good.iter().enumerate() {
        for &mask in masks {
            put(at, byte ^ mask);
            check(at, mask);
        }
        put(at, byte);
    }
}

#[test]
fn every_byte_of_a_checkpoint_flipped_is_refused_or_resumes_to_the_total() {
    let dir = tempfile::tempdir().unwrap();
    let problem = file(dir.path(), "q11.dlx", queens(11));
    let saved = dir.path().join("c.json");
    // Two threads (the second starts after 1024 nodes): subproblems left and spans finished
    // by both, whatever their exact places this time.
    let args = ["--count", "--jobs", "2", "--node-limit", "30000", "--checkpoint"];
    let out = dlx(&[&args[..], &[saved.to_str().unwrap(), &problem]].concat(), "");
    assert_eq!(out.code, 3, "{}", out.stderr);
    let good = std::fs::read(&saved).unwrap();
    let bad = dir.path().join("flipped.json");
    let bad = bad.to_str().unwrap();
    // Checkpointing elsewhere: a resume would otherwise bring `bad` itself up to date.
    let elsewhere = dir.path().join("elsewhere.json");
    let elsewhere = elsewhere.to_str().unwrap();
    let resume = || {
        let args = ["--count", "-q", "--jobs", "1", "--resume", bad, "--checkpoint", elsewhere];
        dlx_here(&[&args[..], &[&problem]].concat())
    };
    std::fs::write(bad, &good).unwrap();
    assert_eq!(resume(), Ok((Exit::Solved, "2680\n".to_owned(), String::new())));
    let (mut refused, mut resumed) = (0, 0);
    flip_each_byte(bad, &good, &[0x01, 0x04, 0x20], |at, mask| match resume() {
        Ok((Exit::Solved, out, _)) if out == "2680\n" => resumed += 1,
        Err(message) if message.starts_with(bad) => refused += 1,
        other => panic!("byte {at} ^ {mask:#x}: {other:?}"),
    });
    eprintln!(
        "checkpoint of {} bytes: {refused} flips refused, {resumed} resumed to 2680",
        good.len()
    );
    // Only a hex digit's case can change and leave the same values (a fingerprint, a digest).
    assert!(resumed <= 3 * 16 * 3 && refused >= 3 * good.len() - resumed, "{refused} {resumed}");
}

/// 8 queens split into 3 parts in `dir`: the problem's path and the parts file's text.
fn split(dir: &Path, seed: &str) -> (String, String) {
    let problem = file(dir, "q8.dlx", queens(8));
    let out = dlx(&["split", "--parts", "3", "--samples", "16", "--seed", seed, &problem], "");
    assert_eq!(out.code, 0, "{}", out.stderr);
    (problem, out.stdout)
}

/// Runs every part of the parts file at `parts` in this process: their summaries, or the
/// first error.
fn run_parts(parts: &str, problem: &str, count: usize) -> Result<Vec<String>, String> {
    let mut summaries = Vec::new();
    for k in 0..count {
        let k = k.to_string();
        let args = ["--count", "--json", "--jobs", "1", "--parts", parts, "--part", &k, problem];
        match dlx_here(&args)? {
            (Exit::Solved | Exit::NoSolution, out, _) => summaries.push(out.trim().to_owned()),
            other => panic!("part {k}: {other:?}"),
        }
    }
    Ok(summaries)
}

#[test]
fn every_byte_of_a_parts_file_flipped_is_refused_or_runs_to_the_total() {
    let dir = tempfile::tempdir().unwrap();
    let (problem, good) = split(dir.path(), "1");
    let bad = file(dir.path(), "flipped.jsonl", &good);
    let merged = dir.path().join("summaries.jsonl");
    let merged = merged.to_str().unwrap();
    let total = |summaries: Vec<String>| {
        // Rarely: the summaries of a flipped file that ran.
        std::fs::write(merged, summaries.join("\n") + "\n").unwrap();
        dlx_here(&["merge", "-q", merged])
    };
    let summaries = run_parts(&bad, &problem, 3).unwrap();
    assert_eq!(total(summaries), Ok((Exit::Solved, "92\n".to_owned(), String::new())));
    let (mut refused, mut ran) = (0, 0);
    flip_each_byte(&bad, good.as_bytes(), &[0x01, 0x20], |at, mask| {
        match run_parts(&bad, &problem, 3) {
            Err(message) if message.starts_with(&bad) => refused += 1,
            Err(message) => panic!("byte {at} ^ {mask:#x}: {message}"),
            Ok(summaries) => {
                let merged = total(summaries);
                assert_eq!(
                    merged,
                    Ok((Exit::Solved, "92\n".to_owned(), String::new())),
                    "byte {at} ^ {mask:#x}"
                );
                ran += 1;
            }
        }
    });
    eprintln!("parts file of {} bytes: {refused} flips refused, {ran} ran to 92", good.len());
    assert!(ran <= 3 * 3 * 16 && refused > 0, "{refused} {ran}");
}

#[test]
fn every_byte_of_the_summaries_flipped_is_refused_or_merges_to_the_total() {
    let dir = tempfile::tempdir().unwrap();
    let (problem, parts) = split(dir.path(), "1");
    let parts = file(dir.path(), "parts.jsonl", parts);
    let good = run_parts(&parts, &problem, 3).unwrap().join("\n") + "\n";
    let bad = dir.path().join("flipped.jsonl");
    let bad = bad.to_str().unwrap();
    let (mut refused, mut merged) = (0, 0);
    flip_each_byte(bad, good.as_bytes(), &[0x01, 0x04, 0x20], |at, mask| {
        match dlx_here(&["merge", "-q", bad]).unwrap() {
            (Exit::Solved, out, _) => {
                assert_eq!(out, "92\n", "byte {at} ^ {mask:#x}");
                merged += 1;
            }
            (Exit::Error, out, err) => {
                assert_eq!(out, "", "byte {at} ^ {mask:#x}");
                assert!(err.starts_with(&format!("dlx merge: {bad}")), "byte {at}: {err}");
                refused += 1;
            }
            other => panic!("byte {at} ^ {mask:#x}: {other:?}"),
        }
    });
    eprintln!("summaries of {} bytes: {refused} flips refused, {merged} merged to 92", good.len());
}

#[test]
fn parts_of_two_splits_are_not_merged() {
    // See: issue 21, point 1: parts 0-1 of one split and 2-3 of another added up to 14 234
    // for 12 queens' 14 200.
    let dir = tempfile::tempdir().unwrap();
    let problem = file(dir.path(), "q10.dlx", queens(10));
    let parts = |seed: &str| {
        let out = dlx(&["split", "--parts", "4", "--seed", seed, &problem], "");
        file(dir.path(), &format!("parts-{seed}.jsonl"), out.stdout)
    };
    let (a, b) = (parts("0"), parts("9"));
    let a_lines = run_parts(&a, &problem, 4).unwrap();
    let b_lines = run_parts(&b, &problem, 4).unwrap();
    let first = file(dir.path(), "a.jsonl", a_lines[..2].join("\n") + "\n");
    let second = file(dir.path(), "b.jsonl", b_lines[2..].join("\n") + "\n");
    let out = dlx(&["merge", &first, &second], "");
    assert_eq!((out.code, out.stdout.as_str()), (2, ""), "{}", out.stderr);
    let named = format!("{second}:1: part 2 is of another split of the problem");
    assert!(out.stderr.contains(&named), "{}", out.stderr);
    assert!(out.stderr.contains(&format!("{first}:1 of split")), "{}", out.stderr);
    // Each split on its own adds up.
    for lines in [a_lines, b_lines] {
        let all = file(dir.path(), "all.jsonl", lines.join("\n") + "\n");
        assert_eq!(dlx(&["merge", &all], "").stdout, "724\n");
    }
}

#[test]
fn a_checkpoint_with_a_subproblem_repeated_or_dropped_is_refused() {
    // See: issue 21, point 2: a subproblem repeated counted 20 126 for 12 queens' 14 200, one
    // dropped 8 274. The digest is made again, so that the coverage check is what refuses.
    let dir = tempfile::tempdir().unwrap();
    let problem = file(dir.path(), "q9.dlx", queens(9));
    let saved = dir.path().join("c.json");
    let saved = saved.to_str().unwrap();
    let out = dlx(
        &["--count", "--jobs", "1", "--node-limit", "2000", "--checkpoint", saved, &problem],
        "",
    );
    assert_eq!(out.code, 3);
    let json: Value = serde_json::from_str(&std::fs::read_to_string(saved).unwrap()).unwrap();
    let edit = |name: &str, change: &dyn Fn(&mut Vec<Value>)| {
        let mut json = json.clone();
        change(json["checkpoint"]["remaining"].as_array_mut().unwrap());
        redigest(&mut json);
        let path = file(dir.path(), name, json.to_string());
        let out = dlx(&["--count", "--resume", &path, &problem], "");
        assert_eq!((out.code, out.stdout.as_str()), (2, ""), "{name}: {}", out.stderr);
        out.stderr
    };
    let repeated = edit("repeated.json", &|list| list.push(list[0].clone()));
    assert!(
        repeated.contains("repeated.json: ") && repeated.contains("counted twice"),
        "{repeated}"
    );
    let dropped = edit("dropped.json", &|list| {
        list.remove(0);
    });
    assert!(dropped.contains("dropped.json: ") && dropped.contains("would be lost"), "{dropped}");
    // Unchanged, it resumes to the total.
    assert_eq!(dlx(&["--count", "--resume", saved, &problem], "").stdout, "352\n");
}

#[test]
fn unknown_and_repeated_keys_are_named_with_the_nearest_known_key() {
    let dir = tempfile::tempdir().unwrap();
    let problem = file(dir.path(), "q6.dlx", queens(6));
    let saved = dir.path().join("c.json");
    let saved = saved.to_str().unwrap();
    dlx(&["--count", "--node-limit", "20", "--checkpoint", saved, &problem], "");
    let good = std::fs::read_to_string(saved).unwrap();
    let parts = dlx(&["split", "--parts", "2", &problem], "").stdout;
    let summary = dlx(
        &[
            "--count",
            "--json",
            "--parts",
            &file(dir.path(), "p.jsonl", &parts),
            "--part",
            "0",
            &problem,
        ],
        "",
    )
    .stdout;
    let cases = [
        (
            "c.json",
            good.replacen("\"remaining\"", "\"remainin\"", 1),
            "unknown key `remainin` (did you mean `remaining`?)",
        ),
        (
            "c.json",
            good.replacen("\"nodes\":", "\"nodes\":1,\"nodes\":", 1),
            "key `nodes` is repeated",
        ),
        (
            "c.json",
            good.replacen("\"counting\"", "\"Counting\"", 1),
            "unknown key `Counting` (did you mean `counting`?)",
        ),
        (
            "p.jsonl",
            parts.replacen("\"subproblems\"", "\"Subproblems\"", 1),
            "unknown key `Subproblems` (did you mean `subproblems`?)",
        ),
        (
            "p.jsonl",
            parts.replacen("\"open_from\"", "\"openfrom\"", 1),
            "unknown key `openfrom` (did you mean `open_from`?)",
        ),
        (
            "p.jsonl",
            parts.replacen("\"parts\":", "\"parts\":2,\"parts\":", 1),
            "key `parts` is repeated",
        ),
        (
            "s.jsonl",
            summary.replacen("\"complete\"", "\"completed\"", 1),
            "unknown key `completed` (did you mean `complete`?)",
        ),
        (
            "s.jsonl",
            summary.replacen("\"solutions\":", "\"solutions\":1000,\"solutions\":", 1),
            "key `solutions` is repeated",
        ),
    ];
    for (name, text, message) in cases {
        let path = file(dir.path(), name, text);
        let out = match name {
            "c.json" => dlx(&["--count", "--resume", &path, &problem], ""),
            "p.jsonl" => dlx(&["--count", "--parts", &path, "--part", "0", &problem], ""),
            _ => dlx(&["merge", &path], ""),
        };
        assert_eq!((out.code, out.stdout.as_str()), (2, ""), "{message}: {}", out.stderr);
        // FILE:LINE:COLUMN: ... the key and the nearest known one.
        let place = format!("{path}:1:");
        assert!(
            out.stderr.contains(&place) && out.stderr.contains(message),
            "{message}: {}",
            out.stderr
        );
    }
}

#[test]
fn sudoku_checkpoints_are_checked_the_same_way() {
    // `sudoku count --checkpoint` writes the same file: damaged, or with a subproblem
    // repeated (its digest made again), it is refused; as written, it resumes to the total.
    let dir = tempfile::tempdir().unwrap();
    let saved = dir.path().join("c.json");
    let saved = saved.to_str().unwrap();
    let puzzle = "123456..............................";
    let sudoku = |args: &[&str]| crate::sudoku::sudoku(args, puzzle);
    let out = sudoku(&["count", "--node-limit", "300", "--checkpoint", saved, "-"]);
    assert_eq!(out.code, 3, "{}", out.stderr);
    let good = std::fs::read_to_string(saved).unwrap();
    let mut json: Value = serde_json::from_str(&good).unwrap();
    let nodes = json["checkpoint"]["nodes"].to_string();
    let damaged = good.replacen(&format!("\"nodes\":{nodes}"), "\"nodes\":1", 1);
    let remaining = json["checkpoint"]["remaining"].as_array_mut().unwrap();
    remaining.push(remaining[0].clone());
    redigest(&mut json);
    let cases = [(damaged, "damaged (its digest"), (json.to_string(), "counted twice")];
    for (text, message) in cases {
        let path = file(dir.path(), "edited.json", text);
        let out = sudoku(&["count", "--resume", &path, "-"]);
        assert_eq!(out.code, 2, "{message}: {}", out.stdout);
        assert!(out.stderr.contains(&path) && out.stderr.contains(message), "{}", out.stderr);
    }
    assert_eq!(sudoku(&["count", "--resume", saved, "-"]).stdout, "39168\n");
}
