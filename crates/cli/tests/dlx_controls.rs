//! `dlx`'s everyday controls, after Knuth's: `--seed` (a random order of options, reproducible,
//! on any number of jobs and through checkpoints), `--every` (every M-th solution), `--quiet`,
//! and DLX3's item multiplicities.

use std::collections::BTreeSet;

use crate::dlx_jobs::{dlx, queens, summary};
use crate::util::data;

/// The solutions printed, in order, each as its block of option lines.
fn blocks(stdout: &str) -> Vec<String> {
    stdout.split("\n\n").filter(|b| !b.trim().is_empty()).map(|b| b.trim().to_owned()).collect()
}

fn set(blocks: &[String]) -> BTreeSet<&String> {
    blocks.iter().collect()
}

#[test]
fn a_seed_reproduces_its_order_and_another_seed_changes_it() {
    let queens8 = data("dlx/queens8.dlx");
    let run = |seed: &str| dlx(&["--jobs", "1", "--seed", seed, &queens8], "").stdout;
    let plain = blocks(&dlx(&["--jobs", "1", &queens8], "").stdout);
    let seven = blocks(&run("7"));
    assert_eq!(blocks(&run("7")), seven, "the same seed, the same solutions in the same order");
    assert_eq!(seven.len(), 92);
    assert_eq!(set(&seven), set(&plain), "the same solutions");
    assert_ne!(seven, plain, "seed 7 tries the options in another order");
    assert_ne!(blocks(&run("8")), seven, "seed 8 another order again");
    // The first solution depends on the seed.
    let firsts: BTreeSet<String> = (0..6)
        .map(|seed| dlx(&["--limit", "1", "--seed", &seed.to_string(), &queens8], "").stdout)
        .collect();
    assert!(firsts.len() > 1, "six seeds found one first solution: {firsts:?}");
}

#[test]
fn any_seed_walks_a_tree_of_the_same_size() {
    let text = queens(10);
    let plain = summary(&dlx(&["--count", "--json", "-vv", "-"], &text));
    for seed in ["0", "1", "18446744073709551615"] {
        let seeded = summary(&dlx(&["--count", "--json", "-vv", "--seed", seed, "-"], &text));
        assert_eq!(seeded["solutions"], 724);
        for key in ["nodes", "updates", "mems", "profile", "max_depth"] {
            assert_eq!(seeded[key], plain[key], "{key} with seed {seed}");
        }
        assert_eq!(seeded["seed"], seed.parse::<u64>().unwrap());
        // The fingerprint names the order, so that checkpoints of other orders are refused.
        assert_ne!(seeded["fingerprint"], plain["fingerprint"]);
    }
    assert!(plain.get("seed").is_none());
    assert_eq!(dlx(&["--seed", "-1", "-"], &text).code, 2);
}

/// Workers start as forks of the first search and replay paths the others give away: each must
/// try the options in the seeded order, or the paths name other subtrees.
#[test]
fn a_seeded_run_on_several_jobs_finds_what_one_job_does() {
    let text = queens(12);
    let one = summary(&dlx(&["--count", "--json", "--seed", "3", "--jobs", "1", "-"], &text));
    assert_eq!(one["solutions"], 14_200);
    for jobs in ["2", "4"] {
        let many = summary(&dlx(&["--count", "--json", "--seed", "3", "--jobs", jobs, "-"], &text));
        for key in ["solutions", "nodes", "updates", "fingerprint"] {
            assert_eq!(many[key], one[key], "{key} with {jobs} jobs");
        }
    }
    let text = queens(10);
    let one = blocks(&dlx(&["--seed", "3", "--jobs", "1", "-"], &text).stdout);
    let four = blocks(&dlx(&["--seed", "3", "--jobs", "4", "-"], &text).stdout);
    assert_eq!((one.len(), four.len()), (724, 724));
    assert_eq!(set(&four), set(&one), "each solution once, whatever the jobs");
}

#[test]
fn a_checkpoint_is_resumed_with_its_own_seed_only() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("c.json");
    let path = file.to_str().unwrap();
    let text = queens(10);
    let whole = blocks(&dlx(&["--seed", "5", "--jobs", "1", "-"], &text).stdout);
    let first =
        dlx(&["--seed", "5", "-j1", "--node-limit", "3000", "--checkpoint", path, "-"], &text);
    assert_eq!(first.code, 3, "{}", first.stderr);
    for other in [&["--seed", "6"][..], &[]] {
        let args = [other, &["--resume", path, "-"]].concat();
        let refused = dlx(&args, &text);
        assert_eq!(refused.code, 2, "{other:?}");
        assert!(refused.stderr.contains("--seed"), "{other:?}: {}", refused.stderr);
    }
    let rest = dlx(&["--seed", "5", "-j1", "--resume", path, "-"], &text);
    assert_eq!(rest.code, 0, "{}", rest.stderr);
    // Stopped and resumed, the run prints what the whole run does, in the same order.
    let mut resumed = blocks(&first.stdout);
    resumed.extend(blocks(&rest.stdout));
    assert_eq!(resumed, whole);
}

#[test]
fn parts_are_run_without_a_seed() {
    let dir = tempfile::tempdir().unwrap();
    let parts = dir.path().join("parts.jsonl");
    let split = dlx(&["split", "--parts", "2", "-q", &data("dlx/queens8.dlx")], "");
    std::fs::write(&parts, split.stdout).unwrap();
    let args = ["--seed", "1", "--parts", parts.to_str().unwrap(), "--part", "0"];
    let out = dlx(&[&args[..], &[&data("dlx/queens8.dlx")]].concat(), "");
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains("'--seed <S>' cannot be used with '--parts <FILE>'"),
        "{}",
        out.stderr
    );
}

#[test]
fn every_prints_the_mth_solutions_and_counts_them_all() {
    let queens8 = data("dlx/queens8.dlx");
    let all = blocks(&dlx(&["--jobs", "1", &queens8], "").stdout);
    let out = dlx(&["--jobs", "1", "--every", "10", &queens8], "");
    let expected: Vec<String> = all.iter().skip(9).step_by(10).cloned().collect();
    assert_eq!(expected.len(), 9);
    assert_eq!(blocks(&out.stdout), expected, "the 10th, 20th, ... 90th");
    assert!(out.stderr.starts_with("92 solutions, 1049 nodes"), "{}", out.stderr);
    assert_eq!(out.code, 0);
    assert_eq!(blocks(&dlx(&["--every", "1", "-j1", &queens8], "").stdout), all);
    // More than there are: nothing printed, yet solutions were found.
    let out = dlx(&["--every", "93", &queens8], "");
    assert_eq!((out.stdout.as_str(), out.code), ("", 0));
    assert_eq!(dlx(&["--every", "0", &queens8], "").code, 2);
    assert_eq!(dlx(&["--every", "2", "--count", &queens8], "").code, 2);
}

#[test]
fn every_with_limit_json_and_jobs() {
    let queens8 = data("dlx/queens8.dlx");
    // The limit counts solutions found: the 4th and the 8th of the first 10.
    let out = dlx(&["--every", "4", "--limit", "10", "--json", "-j1", &queens8], "");
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{}", out.stdout);
    let all = dlx(&["--json", "-j1", &queens8], "").stdout;
    let all: Vec<&str> = all.lines().collect();
    assert_eq!(lines[..2], [all[3], all[7]]);
    let json = summary(&out);
    assert_eq!((json["solutions"].as_u64(), json["complete"].as_bool()), (Some(10), Some(false)));
    // With several jobs, the M-th as reported: as many, each a different solution.
    let text = queens(10);
    let full = blocks(&dlx(&["-j1", "-"], &text).stdout);
    let out = dlx(&["--every", "7", "--jobs", "4", "-"], &text);
    let some = blocks(&out.stdout);
    assert_eq!(some.len(), 724 / 7);
    assert_eq!(set(&some).len(), some.len());
    assert!(set(&some).is_subset(&set(&full)));
    assert!(out.stderr.starts_with("724 solutions"), "{}", out.stderr);
}

#[test]
fn every_numbers_on_through_a_resumed_run() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("c.json");
    let path = file.to_str().unwrap();
    let text = queens(10);
    let whole = blocks(&dlx(&["--every", "9", "-j1", "-"], &text).stdout);
    let first =
        dlx(&["--every", "9", "-j1", "--node-limit", "5000", "--checkpoint", path, "-"], &text);
    assert_eq!(first.code, 3);
    let rest = dlx(&["--every", "9", "-j1", "--resume", path, "-"], &text);
    let mut resumed = blocks(&first.stdout);
    assert!(!resumed.is_empty() && resumed.len() < whole.len(), "the stop is mid-way");
    resumed.extend(blocks(&rest.stdout));
    assert_eq!(resumed, whole);
}

/// What `dlx` prints on stderr without -q (summary, warnings, checkpoint notes), and nothing
/// of it with -q; output, errors and exit statuses unchanged.
#[test]
fn quiet_leaves_only_errors_on_stderr() {
    let toy = data("dlx/toy.dlx");
    let loud = dlx(&[&toy], "");
    let quiet = dlx(&["-q", &toy], "");
    assert!(!loud.stderr.is_empty());
    assert_eq!(
        (quiet.stdout.as_str(), quiet.stderr.as_str(), quiet.code),
        (loud.stdout.as_str(), "", 0)
    );
    let cases: &[(&[&str], &str, &str, i32)] = &[
        // An option no primary item: warned about, but not quietly.
        (&["-q", "-"], "A | x\nA\nx\n", "A\n", 0),
        (&["-q", "--json", "--count", "-"], "A | x\nA\nx\n", "", 0),
        (&["--quiet", "--count", "-"], "A B\nA\n", "0\n", 1),
        (&["-q", "--count", "--node-limit", "10", "-"], &queens(8), "", 3),
        (&["estimate", "-q", "--samples", "5", "-"], "A | x\nA\nx\n", "", 0),
        (&["split", "-q", "--parts", "1", "-"], "A | x\nA\nx\n", "", 0),
    ];
    for &(args, stdin, stdout, code) in cases {
        let out = dlx(args, stdin);
        assert_eq!((out.stderr.as_str(), out.code), ("", code), "{args:?}");
        if !stdout.is_empty() {
            assert_eq!(out.stdout, stdout, "{args:?}");
        }
    }
    let stopped = dlx(&["-q", "--count", "--node-limit", "10", "-"], &queens(8));
    assert!(stopped.stdout.ends_with("+\n"), "{}", stopped.stdout);
    // Errors stay: bad input, a missing file, a refused checkpoint.
    let out = dlx(&["-q"], "A B\nA C\n");
    assert_eq!(out.code, 2);
    assert!(out.stderr.starts_with("dlx: <stdin>:2:3: unknown item 'C'"), "{}", out.stderr);
    let out = dlx(&["-q", "no/such/file.dlx"], "");
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("cannot read no/such/file.dlx"), "{}", out.stderr);
}

/// -q asks for nothing on stderr; -v, --profile and --progress for more there.
#[test]
fn quiet_conflicts_with_asking_for_more() {
    let toy = data("dlx/toy.dlx");
    for more in [&["-v"][..], &["-vv"], &["--profile"], &["--progress"], &["--progress=lines"]] {
        let out = dlx(&[&["-q", &toy][..], more].concat(), "");
        assert_eq!(out.code, 2, "{more:?}");
        assert!(out.stderr.contains("cannot be used with"), "{more:?}: {}", out.stderr);
    }
}

/// Knuth's DLX3 gives primary items bounds, `2:3|C`: solved as DLX3 solves them (its one
/// solution, and its counters: 6 nodes, 14 updates).
#[test]
fn dlx3_multiplicities_are_solved() {
    let text = "| DLX3's example\nA B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n";
    let out = dlx(&[], text);
    assert_eq!(
        (out.code, out.stdout.as_str()),
        (0, "A C X:1 Y:1\nB X:1\nC Y:1\n"),
        "{}",
        out.stderr
    );
    assert!(out.stderr.starts_with("1 solution, 6 nodes, 14 updates"), "{}", out.stderr);
    // Rows and columns of a 5x5 0/1 matrix with sums 2: OEIS A001499, 2040.
    let sums = std::fs::read_to_string(data("dlx/line-sums-5x5.dlx")).unwrap();
    let out = dlx(&["--count", "--json", "--jobs", "2"], &sums);
    let summary: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(
        (summary["solutions"].as_u64(), summary["complete"].as_bool()),
        (Some(2_040), Some(true))
    );
    let out = dlx(&["--count", "--node-limit", "50"], &sums);
    assert_eq!(out.code, 3, "stopped at a limit: {}", out.stderr);
    // What needs the tree cut into paths of options is refused, by name.
    let cases: [&[&str]; 5] = [
        &["estimate"],
        &["split", "--parts", "2"],
        &["--checkpoint", "/tmp/never-written"],
        &["--count", "--memo"],
        &["sample"],
    ];
    for args in cases {
        let out = dlx(args, &sums);
        assert_eq!((out.code, out.stdout.as_str()), (2, ""), "{args:?}: {}", out.stderr);
        assert!(out.stderr.contains("multiplicities"), "{args:?}: {}", out.stderr);
    }
}

#[test]
fn help_shows_the_everyday_controls() {
    let help = dlx(&["--help"], "").stdout;
    for example in ["--seed 7", "dlx --every 10", "dlx count"] {
        assert!(help.contains(example), "{example}");
    }
}
