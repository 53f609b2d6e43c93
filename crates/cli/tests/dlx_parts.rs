//! `dlx split`, `dlx --parts FILE --part K` and `dlx merge`: parts that add up to the exact
//! count; merge refusing what does not add up; `dlx estimate`.

use std::path::Path;

use serde_json::Value;

use crate::dlx_jobs::{dlx, queens, summary};
use crate::util::data;

/// Splits `text` into `parts` parts in `dir`, runs each, and merges the summaries: returns
/// the merge's output and the summary lines.
pub(crate) fn split_run_merge(
    text: &str,
    parts: usize,
    dir: &Path,
) -> (crate::util::Run, Vec<String>) {
    let problem = dir.join("problem.dlx");
    std::fs::write(&problem, text).unwrap();
    let problem = problem.to_str().unwrap();
    let split = dlx(&["split", "--parts", &parts.to_string(), "--samples", "16", problem], "");
    assert_eq!(split.code, 0, "{}", split.stderr);
    assert_eq!(split.stdout.lines().count(), parts);
    let file = dir.join("parts.jsonl");
    std::fs::write(&file, &split.stdout).unwrap();
    let file = file.to_str().unwrap();
    let lines: Vec<String> = (0..parts)
        .map(|k| {
            let k = k.to_string();
            let out = dlx(
                &["--count", "--json", "--jobs", "1", "--parts", file, "--part", &k, problem],
                "",
            );
            assert!(out.code == 0 || out.code == 1, "{}", out.stderr);
            let json = summary(&out);
            assert_eq!(json["part"].to_string(), k);
            assert_eq!(json["parts"], parts);
            out.stdout.lines().last().unwrap().to_owned()
        })
        .collect();
    (dlx(&["merge"], &(lines.join("\n") + "\n")), lines)
}

#[test]
fn parts_add_up_to_the_exact_count() {
    let dir = tempfile::tempdir().unwrap();
    let pentominoes = crate::problems::pentominoes(3, 20, false).unwrap().to_string();
    let langford = crate::problems::langford(8).unwrap().to_string();
    let colours = std::fs::read_to_string(data("dlx/matrices4x4.dlx")).unwrap();
    // OEIS A000170, TAOCP 7.2.2.1, A014552 (both directions), A001499.
    let cases = [(queens(10), "724"), (pentominoes, "8"), (langford, "300"), (colours, "90")];
    for (text, expected) in &cases {
        for parts in [1, 7, 64] {
            let (merged, _) = split_run_merge(text, parts, dir.path());
            assert_eq!(merged.stdout, format!("{expected}\n"), "{parts} parts: {}", merged.stderr);
            assert_eq!(merged.code, 0);
            let said = if parts == 1 { "1 part".to_owned() } else { format!("{parts} parts") };
            assert!(merged.stderr.contains(&format!("{said}: {expected} solutions")));
        }
    }
    // One of each is said as one (it was "1 parts: 1 solutions"; issue 32, item 21).
    let (merged, _) = split_run_merge("a b\na b\n", 1, dir.path());
    assert!(merged.stderr.contains("1 part: 1 solution, "), "{}", merged.stderr);
}

/// Splits of small trees into many parts, each part run and the merge exact: 8 queens at 40 to
/// 60 parts and Knuth's toy problem at 2 to 50 (more parts than pieces: some parts are empty).
/// See: issue 32 (before, the split left out subtrees its own search had found without
/// solutions, and every part refused its parts file: "the parts leave out a subtree at path
/// [24, 11, 36]"; empty parts were estimated at -0 updates).
#[test]
fn small_trees_split_into_many_parts_run_and_merge() {
    let dir = tempfile::tempdir().unwrap();
    let queens8 = std::fs::read_to_string(data("dlx/queens8.dlx")).unwrap();
    let toy = std::fs::read_to_string(data("dlx/toy.dlx")).unwrap();
    let cases = [(&queens8, 40..=60, "92"), (&toy, 2..=50, "1")];
    for (text, range, expected) in cases {
        for parts in range {
            let (merged, _) = split_run_merge(text, parts, dir.path());
            assert_eq!(merged.stdout, format!("{expected}\n"), "{parts} parts: {}", merged.stderr);
            assert_eq!(merged.code, 0);
            let split = std::fs::read_to_string(dir.path().join("parts.jsonl")).unwrap();
            let estimates = split.lines().map(|line| {
                serde_json::from_str::<Value>(line).unwrap()["updates"].as_f64().unwrap()
            });
            assert!(estimates.into_iter().all(f64::is_sign_positive), "{parts} parts: {split}");
        }
    }
}

#[test]
fn merge_refuses_missing_unfinished_conflicting_and_foreign_parts() {
    let dir = tempfile::tempdir().unwrap();
    let (_, lines) = split_run_merge(&queens(9), 5, dir.path());
    let (_, other) = split_run_merge(&queens(8), 5, dir.path());
    let merge = |lines: &[String]| dlx(&["merge"], &(lines.join("\n") + "\n"));
    // Part 2 run again, stopped by a node limit (the files split_run_merge left in `dir`).
    let (file, problem) = (dir.path().join("parts.jsonl"), dir.path().join("problem.dlx"));
    std::fs::write(
        &file,
        dlx(&["split", "--parts", "5", "--samples", "16", "-"], &queens(9)).stdout,
    )
    .unwrap();
    std::fs::write(&problem, queens(9)).unwrap();
    let (file, problem) = (file.to_str().unwrap(), problem.to_str().unwrap());
    let args = ["--count", "--json", "--node-limit", "10", "--parts", file, "--part", "2", problem];
    let unfinished = dlx(&args, "").stdout.trim().to_owned();
    let mut edited: Value = serde_json::from_str(&lines[2]).unwrap();
    edited["solutions"] = (edited["solutions"].as_u64().unwrap() + 1).into();
    // The same edit with its digest made again: only the other summary of part 2 shows it.
    let mut resigned = edited.clone();
    crate::integrity::redigest(&mut resigned);
    let cases: [(Vec<String>, &str); 7] = [
        (lines[1..].to_vec(), "missing parts (of 5): 0"),
        ([lines.clone(), vec![resigned.to_string()]].concat(), "one part cannot have two counts"),
        ([&lines[..4], &other[4..]].concat(), "part 4 is of another problem"),
        (
            [&lines[..2], std::slice::from_ref(&unfinished), &lines[3..]].concat(),
            "part 2 stopped early (node-limit)",
        ),
        (
            [&lines[..2], &[edited.to_string()], &lines[3..]].concat(),
            "<stdin>:3: damaged (its digest does not match its contents)",
        ),
        ([lines.clone(), vec!["not json".to_owned()]].concat(), "<stdin>:6:2: not a JSON line"),
        (
            [lines.clone(), vec!["{\"solutions\": 3}".to_owned()]].concat(),
            "not the summary of a part",
        ),
    ];
    for (input, message) in cases {
        let out = merge(&input);
        assert_eq!(out.code, 2, "{message}");
        assert!(out.stderr.contains(message), "expected '{message}':\n{}", out.stderr);
        assert_eq!(out.stdout, "");
    }
    assert_eq!(merge(&lines).stdout, "352\n");
    // A part given twice (run again, or its file given twice) is counted once; a stopped run's
    // summary gives way to the finished one. Before, both were refused as "counted twice".
    assert_eq!(merge(&[lines.clone(), vec![lines[3].clone()]].concat()).stdout, "352\n");
    let rerun = [&lines[..2], std::slice::from_ref(&unfinished), &lines[2..]].concat();
    assert_eq!(merge(&rerun).stdout, "352\n");
    // Solution lines and blank lines among the summaries are skipped.
    let mixed = [lines.clone(), vec![String::new(), "{\"options\": [1], \"lines\": [7]}".into()]];
    assert_eq!(merge(&mixed.concat()).stdout, "352\n");
}

#[test]
fn a_part_of_another_problem_or_out_of_range_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let problem = dir.path().join("q9.dlx");
    std::fs::write(&problem, queens(9)).unwrap();
    let problem = problem.to_str().unwrap();
    let split = dlx(&["split", "--parts", "3", problem], "");
    let file = dir.path().join("parts.jsonl");
    std::fs::write(&file, &split.stdout).unwrap();
    let file = file.to_str().unwrap();
    let out = dlx(&["--count", "--parts", file, "--part", "3", problem], "");
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("there is no part 3 (the parts are 0 to 2)"), "{}", out.stderr);
    let out = dlx(&["--count", "--parts", file, "--part", "0", "-"], &queens(8));
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("is of another problem"), "{}", out.stderr);
    let out = dlx(&["--count", "--part", "0", problem], "");
    assert_eq!(out.code, 2, "--part needs --parts");
}

#[test]
fn estimate_reports_the_tree_and_a_time() {
    let out = dlx(&["estimate", "--json", "--samples", "5000", "--seed", "3", "-"], &queens(10));
    assert_eq!(out.code, 0, "{}", out.stderr);
    let json = summary(&out);
    let keys = ["nodes", "updates", "solutions", "stderr_nodes", "seconds"];
    assert!(keys.iter().all(|k| json[k].is_number()), "{json}");
    let (nodes, stderr) = (json["nodes"].as_f64().unwrap(), json["stderr_nodes"].as_f64().unwrap());
    // The true number of nodes, as the plain count reports it (a plain `--count` adds its
    // memoised start's).
    let plain = dlx(&["--count", "--no-memo", "--json", "-"], &queens(10));
    let truth = summary(&plain)["nodes"].as_f64().unwrap();
    assert!((nodes - truth).abs() < 5.0 * stderr, "{nodes} ± {stderr} vs {truth}");
    let again = dlx(&["estimate", "--json", "--samples", "5000", "--seed", "3", "-"], &queens(10));
    assert_eq!(summary(&again)["nodes"], json["nodes"], "the same seed, the same estimate");
    let text = dlx(&["estimate", "-"], &queens(8));
    assert!(text.stdout.starts_with("nodes"), "{}", text.stdout);
}
