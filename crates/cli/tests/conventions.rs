//! The conventions both binaries share (issue 21): an optional value attaches with `=` only,
//! JSON is `--format json` or `--json` in either, the summary on stderr follows one rule,
//! `dlx count`/`enumerate` read as `sudoku`'s do, and what `sudoku show --format json` writes
//! reads back.

use crate::util::{data, run, Run};

fn dlx(args: &[&str], stdin: &str) -> Run {
    run(env!("CARGO_BIN_EXE_dlx"), args, stdin)
}

fn sudoku(args: &[&str], stdin: &str) -> Run {
    run(env!("CARGO_BIN_EXE_sudoku"), args, stdin)
}

// See: issue 21, point 16. `--progress FILE` took FILE for the flag's value and failed with
// exit status 2 in every documented example.
#[test]
fn progress_takes_its_value_after_an_equals_sign_only() {
    let queens8 = data("dlx/queens8.dlx");
    let out = dlx(&["--count", "--progress", &queens8], "");
    assert_eq!((out.code, out.stdout.as_str()), (0, "92\n"), "{}", out.stderr);
    let out = dlx(&["--count", "--progress=lines", "--progress-every", "0", &queens8], "");
    assert_eq!((out.code, out.stdout.as_str()), (0, "92\n"), "{}", out.stderr);
    assert!(out.stderr.contains("dlx: 100.000% done"), "{}", out.stderr);
    let out = dlx(&["--count", "--progress=sometimes", &queens8], "");
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("'sometimes'"), "{}", out.stderr);

    let blank4 = data("puzzles/blank4x4.txt");
    for subcommand in ["count", "enumerate"] {
        let out = sudoku(&[subcommand, "--progress", "-q", &blank4], "");
        assert_eq!(out.code, 0, "{subcommand}: {}", out.stderr);
    }
    let out = sudoku(&["count", "--progress", &blank4], "");
    assert!(out.stdout.starts_with("288\n"), "{}", out.stdout);
    // A word after a bare --progress is never its value, even when it is one.
    let out = sudoku(&["count", "--progress", "lines"], "");
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(out.stderr.contains("cannot read lines"), "{}", out.stderr);
}
