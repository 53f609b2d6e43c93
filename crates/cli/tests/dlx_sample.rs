//! `dlx sample`: draws printed exactly as `dlx` prints solutions (text and JSON), the same seed
//! the same draws whatever the table's size, another seed others, exit statuses for no
//! solution, an overflow, bad arguments and a signal.

use std::collections::BTreeSet;

use serde_json::Value;

use crate::dlx_jobs::dlx;
use crate::dlx_memo::binary_choices;
use crate::problems::dominoes;
use crate::util::data;

/// The blocks of a text output: each solution's lines, in the order printed.
fn blocks(stdout: &str) -> Vec<String> {
    stdout.split("\n\n").filter(|b| !b.trim().is_empty()).map(|b| b.trim_end().to_owned()).collect()
}

/// Each line of a JSON-lines output, parsed.
fn objects(stdout: &str) -> Vec<Value> {
    stdout.lines().map(|line| serde_json::from_str(line).expect("a JSON line")).collect()
}

#[test]
fn text_draws_are_solutions_as_dlx_prints_them() {
    let queens8 = data("dlx/queens8.dlx");
    let every: BTreeSet<String> =
        blocks(&dlx(&["--jobs", "1", &queens8], "").stdout).into_iter().collect();
    assert_eq!(every.len(), 92);
    let run = dlx(&["sample", "-n", "30", "--seed", "4", &queens8], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let drawn = blocks(&run.stdout);
    assert_eq!(drawn.len(), 30);
    for block in &drawn {
        // Option lines as written, in input order: one of the blocks `dlx` prints.
        assert!(every.contains(block), "not a solution as dlx prints it:\n{block}");
    }
    // Blocks are separated by exactly one blank line, as `dlx` separates them.
    assert_eq!(run.stdout, drawn.join("\n\n") + "\n");
    assert!(run.stderr.contains("30 of 92 solutions drawn (seed 4)"), "{}", run.stderr);
    let distinct: BTreeSet<&String> = drawn.iter().collect();
    assert!(distinct.len() > 15, "30 draws of 92 gave {} distinct", distinct.len());
}

#[test]
fn json_draws_are_dlx_json_solution_objects() {
    let toy = data("dlx/toy.dlx");
    let solved = objects(&dlx(&["--json", &toy], "").stdout);
    // The toy problem's one solution, then the summary.
    assert_eq!(solved.len(), 2);
    let run = dlx(&["sample", "--json", "-n", "3", &toy], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(objects(&run.stdout), vec![solved[0].clone(); 3]);

    let queens8 = data("dlx/queens8.dlx");
    let every = objects(&dlx(&["--json", "--jobs", "1", &queens8], "").stdout);
    let run = dlx(&["sample", "--json", "-n", "10", "--seed", "9", &queens8], "");
    for object in objects(&run.stdout) {
        assert!(every[..92].contains(&object), "not a dlx --json solution: {object}");
    }
}

#[test]
fn the_same_seed_draws_the_same_and_another_seed_others() {
    let board = dominoes(6, 6).unwrap().to_string();
    let first = dlx(&["sample", "-n", "20", "--seed", "5", "-"], &board);
    assert_eq!(first.code, 0, "{}", first.stderr);
    assert!(first.stderr.contains("20 of 6728 solutions drawn (seed 5)"), "{}", first.stderr);
    for size in ["0", "10KiB", "1GiB"] {
        let again = dlx(&["sample", "-n", "20", "--seed", "5", "--memo-size", size, "-"], &board);
        assert_eq!(again.stdout, first.stdout, "--memo-size {size}");
    }
    let other = dlx(&["sample", "-n", "20", "--seed", "6", "-"], &board);
    assert_ne!(other.stdout, first.stdout, "seeds 5 and 6 drew the same 20 tilings");
    // The default seed is 0, and the default is one draw.
    let default = dlx(&["sample", "-"], &board);
    assert_eq!(default.stdout, dlx(&["sample", "-n", "1", "--seed", "0", "-"], &board).stdout);
    assert_eq!(blocks(&default.stdout).len(), 1);
}

#[test]
fn no_solution_prints_nothing_and_exits_1() {
    let run = dlx(&["sample", "-n", "5", "-"], "a b\na\n");
    assert_eq!((run.code, run.stdout.as_str()), (1, ""));
    assert!(run.stderr.contains("no solution to sample"), "{}", run.stderr);
    let quiet = dlx(&["sample", "-q", "-"], "a b\na\n");
    assert_eq!((quiet.code, quiet.stdout.as_str(), quiet.stderr.as_str()), (1, "", ""));
}

#[test]
fn a_count_beyond_128_bits_is_an_error_and_quiet_is_quiet() {
    let run = dlx(&["sample", "-"], &binary_choices(130));
    assert_eq!((run.code, run.stdout.as_str()), (2, ""));
    assert!(run.stderr.contains("exceeds 2^128 - 1"), "{}", run.stderr);
    // 2^100 solutions: one of them, a choice per item.
    let run = dlx(&["sample", "-q", "-"], &binary_choices(100));
    assert_eq!((run.code, run.stderr.as_str()), (0, ""));
    assert_eq!(run.stdout.lines().count(), 100);
}

#[test]
fn bad_arguments_are_usage_errors() {
    let toy = data("dlx/toy.dlx");
    for args in [
        &["sample", "-n", "0", &toy][..],
        &["sample", "-n", "many", &toy],
        &["sample", "--seed", "-1", &toy],
        &["sample", "--memo-size", "lots", &toy],
        &["sample", "--limit", "3", &toy],
        &["sample", "--count", &toy],
    ] {
        let run = dlx(args, "");
        assert_eq!((run.code, run.stdout.as_str()), (2, ""), "{args:?}: {}", run.stderr);
    }
    let missing = dlx(&["sample", "no-such-file.dlx"], "");
    assert_eq!(missing.code, 2);
    assert!(missing.stderr.contains("no-such-file.dlx"), "{}", missing.stderr);
}

/// A signal stops the draws: exit status 130, nothing printed, and a word on stderr.
#[cfg(unix)]
#[test]
fn a_signal_stops_sampling() {
    let args = ["sample", "-n", "1000", "-"];
    let (code, stdout, stderr) = crate::dlx_memo::interrupted_on_the_16x16_board(&args);
    assert_eq!((code, stdout.as_str()), (Some(130), ""), "{stderr}");
    assert!(stderr.contains("sampling was interrupted after 0 of 1000"), "{stderr}");
}
