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

/// The JSON lines of `text`, each without its `seconds` (which vary from run to run).
fn json_lines(text: &str) -> Vec<serde_json::Value> {
    text.lines()
        .map(|line| {
            let mut value: serde_json::Value = serde_json::from_str(line).expect(line);
            if let Some(object) = value.as_object_mut() {
                object.remove("seconds");
                object.remove("micros");
            }
            value
        })
        .collect()
}

// See: issue 21, point 19. JSON was `--format json` in `sudoku` and `--json` in `dlx`.
#[test]
fn json_is_asked_the_same_way_in_both_binaries() {
    let toy = data("dlx/toy.dlx");
    let queens8 = data("dlx/queens8.dlx");
    for (flag, other) in
        [(&["--json"][..], &["--format", "json"][..]), (&["--json"], &["-f", "json"])]
    {
        for args in [&["-q", "--jobs", "1"][..], &["-q", "--count"], &["count", "-q"]] {
            let ask = |spelling: &[&str]| {
                let run = dlx(&[args, spelling, &[&toy]].concat(), "");
                assert_eq!(run.code, 0, "{args:?} {spelling:?}: {}", run.stderr);
                json_lines(&run.stdout)
            };
            assert_eq!(ask(flag), ask(other), "{args:?}");
        }
        for sub in [&["sample", "-n", "3"][..], &["merge"], &["estimate", "--samples", "10"]] {
            let (file, stdin) = if sub[0] == "merge" {
                let part = dlx(&["--count", "--json", "-q", &queens8], "").stdout;
                (String::from("-"), part.replace('}', r#","part":0,"parts":1}"#))
            } else {
                (queens8.clone(), String::new())
            };
            let ask = |spelling: &[&str]| {
                let run = dlx(&[sub, &["-q"], spelling, &[&file]].concat(), &stdin);
                (run.code, run.stdout)
            };
            let (json, format) = (ask(flag), ask(other));
            assert_eq!((json.0, format.0), (0, 0), "{sub:?}: {}", json.1);
            if sub[0] == "estimate" {
                // Its time is measured: only the keys agree.
                let keys = |text: &str| {
                    json_lines(text)[0].as_object().unwrap().keys().cloned().collect::<Vec<_>>()
                };
                assert_eq!(keys(&json.1), keys(&format.1));
            } else {
                assert_eq!(json_lines(&json.1), json_lines(&format.1), "{sub:?}: {}", json.1);
            }
        }
    }
    assert_eq!(dlx(&["--json", "--format", "text", &toy], "").code, 2);

    let classic = data("puzzles/classic.txt");
    for sub in ["solve", "count", "check", "show", "rate"] {
        let json = sudoku(&[sub, "-q", "--json", &classic], "");
        let format = sudoku(&[sub, "-q", "--format", "json", &classic], "");
        assert_eq!(json.code, format.code, "{sub}");
        assert_eq!(json_lines(&json.stdout), json_lines(&format.stdout), "{sub}");
    }
    let json = sudoku(&["generate", "-n", "2", "--seed", "3", "--json"], "");
    let format = sudoku(&["generate", "-n", "2", "--seed", "3", "--format", "json"], "");
    assert_eq!(json_lines(&json.stdout), json_lines(&format.stdout));
    assert_eq!(sudoku(&["solve", "--json", "--format", "grid", &classic], "").code, 2);
}

// See: issue 21, point 19. The summary was on by default in `dlx` and needed --stats in
// `sudoku`; now in both: on, -q leaves it out, -q --stats brings it back alone.
#[test]
fn the_summary_follows_one_rule_in_both_binaries() {
    let queens8 = data("dlx/queens8.dlx");
    let contest = data("puzzles/contest.txt");
    let summaries: [(&str, &[&str], &str); 6] = [
        (env!("CARGO_BIN_EXE_dlx"), &["--count", &queens8], "92 solutions, "),
        (env!("CARGO_BIN_EXE_dlx"), &["sample", &queens8], "1 of 92 solutions drawn"),
        (env!("CARGO_BIN_EXE_dlx"), &["split", "--parts", "2", &queens8], "2 parts of "),
        (env!("CARGO_BIN_EXE_sudoku"), &["solve", &contest], "puzzles: 1, solved: 1, "),
        (env!("CARGO_BIN_EXE_sudoku"), &["count", &contest], "puzzles: 1, solved: 1, "),
        (env!("CARGO_BIN_EXE_sudoku"), &["generate", "--seed", "1"], "puzzles: 1, average "),
    ];
    for (bin, args, summary) in summaries {
        let plain = run(bin, args, "");
        assert_eq!(plain.code, 0, "{args:?}: {}", plain.stderr);
        assert!(plain.stderr.starts_with(summary), "{args:?}: {}", plain.stderr);
        let quiet = run(bin, &[args, &["-q"]].concat(), "");
        assert_eq!((quiet.stdout.is_empty(), quiet.stderr.as_str()), (false, ""), "{args:?}");
        let asked = run(bin, &[args, &["-q", "--stats"]].concat(), "");
        assert!(asked.stderr.starts_with(summary), "{args:?}: {}", asked.stderr);
        assert_eq!(asked.stderr.lines().count(), 1, "{args:?}: {}", asked.stderr);
    }
}

// See: issue 21, point 19. `dlx count FILE` answered "the subcommand 'FILE' cannot be used".
#[test]
fn dlx_count_and_enumerate_read_as_sudoku_count_and_enumerate() {
    let queens8 = data("dlx/queens8.dlx");
    let out = dlx(&["count", &queens8], "");
    assert_eq!((out.code, out.stdout.as_str()), (0, "92\n"), "{}", out.stderr);
    let out = dlx(&["count", "--limit", "5", "-q", &queens8], "");
    assert_eq!((out.code, out.stdout.as_str()), (0, "5+\n"), "{}", out.stderr);
    let out = dlx(&["count", "-"], &std::fs::read_to_string(&queens8).unwrap());
    assert_eq!(out.stdout, "92\n");
    let plain = dlx(&["--jobs", "1", "-q", &queens8], "");
    let enumerated = dlx(&["enumerate", "--jobs", "1", "-q", &queens8], "");
    assert_eq!((enumerated.code, enumerated.stdout.as_str()), (0, plain.stdout.as_str()));
    // Help and usage errors are those of dlx itself.
    let help = dlx(&["count", "--help"], "");
    assert_eq!(help.code, 0);
    assert!(help.stdout.contains("--count"), "{}", help.stdout);
    let bad = dlx(&["count", "--no-such-flag", &queens8], "");
    assert_eq!(bad.code, 2);
    assert!(bad.stderr.contains("--no-such-flag"), "{}", bad.stderr);
    assert!(dlx(&["--help"], "").stdout.contains("count "), "listed among the subcommands");
}

// See: issue 21, point 19. `sudoku show --format json` wrote a shape that `solve` refused.
#[test]
fn what_show_writes_as_json_reads_back() {
    let root = crate::util::workspace().join("data");
    let mut inputs = vec![
        (data("puzzles/classic.txt"), vec![]),
        (data("puzzles/contest.txt"), vec!["--x"]),
        (data("puzzles/blank6x6.txt"), vec!["--boxes", "3x2"]),
    ];
    for entry in std::fs::read_dir(root.join("variants")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "jsonl") {
            inputs.push((path.to_string_lossy().into_owned(), vec![]));
        }
    }
    for (file, rules) in &inputs {
        let shown = sudoku(&[&["show", "-q", "--format", "json"][..], rules, &[file]].concat(), "");
        assert_eq!(shown.code, 0, "{file}: {}", shown.stderr);
        // Read back, it is the same puzzle under the same rules: the same answers.
        let direct =
            sudoku(&[&["solve", "-q", "--unique", "-j", "1"][..], rules, &[file]].concat(), "");
        let again = sudoku(&["solve", "-q", "--unique", "-j", "1"], &shown.stdout);
        assert_eq!(
            (again.code, again.stdout.as_str()),
            (direct.code, direct.stdout.as_str()),
            "{file}"
        );
        assert!(!again.stdout.contains("error"), "{file}: {}", again.stdout);
        // And shown again, the same record.
        let twice = sudoku(&["show", "-q", "--format", "json"], &shown.stdout);
        assert_eq!(twice.stdout, shown.stdout, "{file}");
    }
    // A JSON lines record is written back as it was read.
    let killer = std::fs::read_to_string(root.join("variants/killer-4x4.jsonl")).unwrap();
    let records: String =
        killer.lines().filter(|l| l.starts_with('{')).flat_map(|l| [l, "\n"]).collect();
    assert_eq!(sudoku(&["show", "-q", "--json"], &records).stdout, records);
}
