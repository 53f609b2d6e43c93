//! `dlx -v` and `-vv` (`--profile`): Knuth's mems in the summary and the JSON summary, the
//! search profile and the deepest level; the figures are DLX1's (DLX2's for colours) for the
//! same files, as `crates/dlx/tests/mems.rs` explains, and stay the same on any number of jobs
//! and across a checkpoint.

use serde_json::Value;

use crate::{
    dlx_jobs::{dlx, queens, summary},
    eqnice,
    util::data,
};

/// DLX1's profile of `data/dlx/queens8.dlx` (`dlx1 v129 < queens8.dlx`), in its layout.
const QUEENS8_PROFILE: &str = "\
Profile:
  0: 1
  1: 8
  2: 40
  3: 120
  4: 208
  5: 228
  6: 201
  7: 151
  8: 92
Maximum depth: 8
";

/// DLX1's figures for 10 queens (`n_queens -- 10 --dlx | dlx1 v129`).
const QUEENS10_MEMS: u64 = 2_858_899;
const QUEENS10_PROFILE: [u64; 11] = [1, 10, 70, 307, 891, 1743, 2434, 2434, 1709, 1255, 724];

/// The keys of a JSON object, in order.
fn keys(value: &Value) -> Vec<&str> {
    value.as_object().expect("an object").keys().map(String::as_str).collect()
}

#[test]
fn one_v_adds_the_mems_to_the_summary_line() {
    let out = dlx(&["-v", &data("dlx/toy.dlx")], "");
    eqnice!("C E F\nA D\nB G\n", out.stdout);
    assert!(
        out.stderr.starts_with("1 solution, 6 nodes, 30 updates, 468 mems, "),
        "{}",
        out.stderr
    );
    assert!(!out.stderr.contains("Profile"), "{}", out.stderr);
    assert_eq!(out.code, 0);
    // Without -v the line is as it was: no mems, which an ordinary search does not count.
    let plain = dlx(&["--count", &data("dlx/toy.dlx")], "");
    assert!(plain.stderr.starts_with("1 solution, 6 nodes, 30 updates, 0."), "{}", plain.stderr);
}

#[test]
fn two_vs_print_the_profile_and_the_deepest_level_first() {
    for flags in [&["-vv"][..], &["-v", "-v"], &["--profile"], &["-v", "--profile"]] {
        let mut args = flags.to_vec();
        let file = data("dlx/queens8.dlx");
        args.extend(["--count", file.as_str()]);
        let out = dlx(&args, "");
        eqnice!("92\n", out.stdout);
        let (profile, totals) = out.stderr.split_at(QUEENS8_PROFILE.len());
        eqnice!(QUEENS8_PROFILE, profile);
        assert!(totals.starts_with("92 solutions, 1049 nodes, 16680 updates, 239467 mems, "));
    }
}

#[test]
fn dense_and_coloured_problems_count_as_knuths_programs() {
    // 324 primary items (the dense scan): DLX1's 1438704 mems and 2741 nodes.
    let out = dlx(&["-v", "--count", &data("dlx/sudoku9x9.dlx")], "");
    assert!(out.stderr.starts_with("1 solution, 2741 nodes, 49765 updates, 1438704 mems"));
    // Colours: DLX2's `9059+79705-10024 mems`, of which 79705 are the search's.
    let out = dlx(&["-v", "--count", "--json", &data("dlx/matrices4x4.dlx")], "");
    let summary = summary(&out);
    assert_eq!((&summary["nodes"], &summary["mems"]), (&Value::from(505), &Value::from(79_705)));
}

#[test]
fn json_summaries_keep_their_key_order() {
    let file = data("dlx/queens8.dlx");
    let run = |flags: &[&str]| {
        let mut args = vec!["--count", "--json"];
        args.extend(flags);
        args.push(&file);
        summary(&dlx(&args, ""))
    };
    let plain = run(&["--no-memo"]);
    let base = ["solutions", "complete", "stopped", "nodes", "updates", "max_depth", "seconds"];
    assert_eq!(keys(&plain), [&base[..], &["fingerprint"]].concat());
    // Memoised: the same keys, then the table's. A plain count of 8 queens has none (a tree
    // of 1 049 nodes is counted outright).
    assert_eq!(keys(&run(&["--memo"])), [&base[..], &["fingerprint", "memo"]].concat());
    assert_eq!(keys(&run(&[])), [&base[..], &["fingerprint"]].concat());
    let with_mems = ["solutions", "complete", "stopped", "nodes", "updates", "mems", "max_depth"];
    assert_eq!(keys(&run(&["-v"])), [&with_mems[..], &["seconds", "fingerprint"]].concat());
    let profiled = run(&["-vv"]);
    let order = [&with_mems[..], &["profile", "seconds", "fingerprint"]].concat();
    assert_eq!(keys(&profiled), order);
    assert_eq!(profiled["mems"], 239_467);
    assert_eq!(profiled["profile"], serde_json::json!([1, 8, 40, 120, 208, 228, 201, 151, 92]));
    // --json says it all on standard output: nothing on standard error.
    let out = dlx(&["--json", "-vv", &file], "");
    eqnice!("", out.stderr);
}

#[test]
fn jobs_add_up_to_the_same_mems_and_profile() {
    let text = queens(10);
    for jobs in ["1", "2", "4"] {
        let out = dlx(&["--count", "--json", "-vv", "--jobs", jobs, "-"], &text);
        let summary = summary(&out);
        assert_eq!(summary["mems"], QUEENS10_MEMS, "--jobs {jobs}");
        assert_eq!(summary["profile"], serde_json::json!(QUEENS10_PROFILE), "--jobs {jobs}");
        assert_eq!(summary["nodes"], 11_578, "--jobs {jobs}");
    }
}

#[test]
fn a_resumed_profiled_run_reports_the_whole_search() {
    let dir = tempfile::tempdir().unwrap();
    let saved = dir.path().join("c.json");
    let saved = saved.to_str().unwrap();
    let text = queens(10);
    let first = dlx(&["--count", "-v", "--node-limit", "3000", "--checkpoint", saved, "-"], &text);
    assert_eq!(first.code, 3, "{}", first.stderr);
    let checkpoint: Value = serde_json::from_str(&std::fs::read_to_string(saved).unwrap()).unwrap();
    assert!(checkpoint["checkpoint"]["mems"].as_u64().unwrap() > 0, "{checkpoint}");
    // Resumed without -v, the search is still profiled (the checkpoint's mems would otherwise
    // be short of this run's); with -vv the totals are the whole search's.
    let middle = dlx(
        &["--count", "--node-limit", "3000", "--resume", saved, "--checkpoint", saved, "-"],
        &text,
    );
    assert_eq!(middle.code, 3, "{}", middle.stderr);
    let last = dlx(&["--count", "--json", "-vv", "--resume", saved, "-"], &text);
    let summary = summary(&last);
    assert_eq!(
        (summary["solutions"].as_u64(), summary["mems"].as_u64()),
        (Some(724), Some(QUEENS10_MEMS))
    );
    assert_eq!(summary["profile"], serde_json::json!(QUEENS10_PROFILE));
}

#[test]
fn mems_asked_of_a_run_that_counted_none_are_this_runs_only() {
    let dir = tempfile::tempdir().unwrap();
    let saved = dir.path().join("c.json");
    let saved = saved.to_str().unwrap();
    let text = queens(8);
    let first = dlx(&["--count", "--node-limit", "500", "--checkpoint", saved, "-"], &text);
    assert_eq!(first.code, 3);
    let checkpoint = std::fs::read_to_string(saved).unwrap();
    assert!(!checkpoint.contains("mems") && !checkpoint.contains("profile"), "{checkpoint}");
    let resumed = dlx(&["--count", "-v", "--resume", saved, "-"], &text);
    eqnice!("92\n", resumed.stdout);
    assert!(resumed.stderr.contains("warning:") && resumed.stderr.contains("counted no mems"));
}

#[test]
fn exit_statuses_do_not_change() {
    // No solution: 1; a node limit: 3; a bad file: 2, with -v as without.
    let none = dlx(&["-v", "--count", "-"], "a b\na\n");
    assert_eq!((none.stdout.as_str(), none.code), ("0\n", 1));
    assert!(none.stderr.contains("0 solutions, ") && none.stderr.contains(" mems, "));
    let stopped = dlx(&["-vv", "--count", "--node-limit", "100", &data("dlx/queens8.dlx")], "");
    assert_eq!(stopped.code, 3);
    assert!(stopped.stderr.starts_with("Profile:\n  0: 1\n"), "{}", stopped.stderr);
    assert_eq!(dlx(&["-v", "-"], "a | b\nc\n").code, 2);
}

#[test]
fn a_part_prefixes_every_line_of_its_profile() {
    // Parts run side by side write to one terminal or log: every line says whose it is.
    let dir = tempfile::tempdir().unwrap();
    let parts = dir.path().join("parts.jsonl");
    let file = data("dlx/queens8.dlx");
    let split = dlx(&["split", "--parts", "2", &file], "");
    std::fs::write(&parts, &split.stdout).unwrap();
    let parts = parts.to_str().unwrap();
    let out = dlx(&["-vv", "--count", "--parts", parts, "--part", "1", &file], "");
    let prefix = format!("{file}: part 1 of 2: ");
    assert!(out.stderr.lines().count() > 3, "{}", out.stderr);
    assert!(out.stderr.lines().all(|line| line.starts_with(&prefix)), "{}", out.stderr);
}
