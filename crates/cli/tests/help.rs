//! Every `--help` of both binaries ends with examples that run as written, and every man page
//! has them under EXAMPLES and the exit statuses under EXIT STATUS (issue 21, point 18).

use std::{path::Path, process::Command as Process};

use clap::CommandFactory;
use dancer_cli::{dlx::DlxArgs, shell::sections, sudoku::SudokuArgs};

use crate::{
    sudoku::{sudoku, Scratch},
    util::workspace,
};

/// Every command and subcommand of `top`, with the words that name it (`["sudoku", "solve"]`).
fn commands(top: clap::Command) -> Vec<(Vec<String>, clap::Command)> {
    let mut found = Vec::new();
    let mut todo = vec![(vec![top.get_name().to_owned()], top)];
    while let Some((path, command)) = todo.pop() {
        for sub in command.get_subcommands().filter(|s| s.get_name() != "help" && !s.is_hide_set())
        {
            todo.push(([path.clone(), vec![sub.get_name().to_owned()]].concat(), sub.clone()));
        }
        found.push((path, command));
    }
    found
}

/// The examples of `command`'s help: the commands of its `Examples` and `Long runs` sections.
fn examples(command: &clap::Command) -> Vec<String> {
    let after = command.get_after_help().map(ToString::to_string).unwrap_or_default();
    let found = sections(&after);
    let last =
        found.last().unwrap_or_else(|| panic!("{}: no text after the help", command.get_name()));
    assert!(last.is_examples(), "{}: the help ends with {}", command.get_name(), last.heading);
    found
        .iter()
        .filter(|s| s.is_examples())
        .flat_map(|s| s.items.iter().map(|(c, _)| c.clone()))
        .collect()
}

/// Parses one command of ours (`dlx ...` or `sudoku ...`, without redirections) with the clap
/// definition, as the binary would; `dlx count ...` as the `dlx --count ...` it stands for.
fn parse(words: &[&str]) -> Result<(), String> {
    let result = match words[0] {
        "dlx" if matches!(words.get(1), Some(&"count" | &"enumerate")) => {
            let flag = if words[1] == "count" { vec!["dlx", "--count"] } else { vec!["dlx"] };
            DlxArgs::command().try_get_matches_from([&flag[..], &words[2..]].concat())
        }
        "dlx" => DlxArgs::command().try_get_matches_from(words),
        "sudoku" => SudokuArgs::command().try_get_matches_from(words),
        other => panic!("not ours: {other}"),
    };
    result.map(drop).map_err(|e| e.to_string())
}

/// The pipeline's commands, each split into words, with redirections left out; whether it
/// writes a file.
fn pipeline(example: &str) -> (Vec<Vec<&str>>, bool) {
    let mut writes = false;
    let segments = example
        .split(" | ")
        .map(|segment| {
            let (command, redirected) = segment.split_once(" > ").unwrap_or((segment, ""));
            writes |= !redirected.is_empty();
            command.split_whitespace().collect()
        })
        .collect();
    (segments, writes)
}

#[test]
fn every_help_ends_with_two_or_three_examples_that_parse() {
    let mut parsed = 0;
    for top in [DlxArgs::command(), SudokuArgs::command()] {
        for (path, command) in commands(top) {
            let found = examples(&command);
            let name = path.join(" ");
            if path.len() > 1 {
                assert!((2..=3).contains(&found.len()), "{name}: {} examples", found.len());
            }
            for example in &found {
                let (segments, _) = pipeline(example);
                for words in segments.iter().filter(|w| matches!(w[0], "dlx" | "sudoku")) {
                    parse(words)
                        .unwrap_or_else(|e| panic!("{name}: `{example}` does not parse: {e}"));
                    parsed += 1;
                }
            }
        }
    }
    // 24 subcommands of two or three examples each, and the two commands' own.
    assert!(parsed > 60, "{parsed} examples parsed");
}

/// Whether every word of `words` that names a file names one under the workspace (a word
/// such as `big.dlx` or `~/...` is a stand-in for the reader's own).
fn files_exist(words: &[&str]) -> bool {
    let root = workspace();
    words.iter().all(|word| {
        let named = word.contains('/')
            || [".dlx", ".txt", ".json", ".jsonl"].iter().any(|e| word.ends_with(e));
        !named || (!word.contains('~') && root.join(word).exists())
    })
}

/// Examples that take seconds: parsed above, not run here.
const SLOW: &[&str] = &["sudoku count --progress data/puzzles/blank6x6.txt"];

#[test]
fn every_help_example_on_shipped_data_runs_as_written() {
    let bin = Path::new(env!("CARGO_BIN_EXE_dlx")).parent().unwrap().to_owned();
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default());
    let mut ran = Vec::new();
    for top in [DlxArgs::command(), SudokuArgs::command()] {
        for (_, command) in commands(top) {
            for example in examples(&command) {
                let (segments, writes) = pipeline(&example);
                let ours = segments.iter().all(|w| matches!(w[0], "dlx" | "sudoku" | "cat"));
                // `sudoku play` needs a terminal; its screen is tested with ratatui's TestBackend.
                let slow = SLOW.contains(&example.as_str()) || example.starts_with("sudoku play");
                if writes || !ours || slow || !segments.iter().all(|w| files_exist(w)) {
                    continue;
                }
                let out = Process::new("sh")
                    .args(["-c", &example])
                    .env("PATH", &path)
                    .current_dir(workspace())
                    .output()
                    .unwrap();
                let stderr = String::from_utf8_lossy(&out.stderr);
                let code = out.status.code();
                assert!(matches!(code, Some(0 | 1 | 3)), "`{example}`: {code:?}, {stderr}");
                assert!(!stderr.contains("panicked"), "`{example}`: {stderr}");
                assert!(!out.stdout.is_empty(), "`{example}` printed nothing");
                ran.push(example);
            }
        }
    }
    assert!(ran.len() > 40, "{} examples ran: {ran:#?}", ran.len());
}

#[test]
fn man_pages_have_examples_and_exit_status_sections() {
    let scratch = Scratch::new("man-sections");
    let dir = Path::new(&scratch.file("readme", "")).parent().unwrap().join("man1");
    for bin in [env!("CARGO_BIN_EXE_dlx"), env!("CARGO_BIN_EXE_sudoku")] {
        let out = Process::new(bin).args(["man", "--dir"]).arg(&dir).output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    }
    let pages: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    assert_eq!(pages.len(), 2 + 10 + 17, "{pages:?}");
    for page in pages {
        let text = std::fs::read_to_string(&page).unwrap();
        for section in [".SH \"EXIT STATUS\"", ".SH EXAMPLES"] {
            assert!(text.contains(section), "{}: no {section}", page.display());
        }
        assert!(!text.contains(".SH EXTRA"), "{}", page.display());
        assert!(text.find("EXAMPLES") > text.find("EXIT STATUS"), "{}", page.display());
    }
}

// See: issue 21, point 17. `sudoku --help` said a count stopped at a limit exits with 3, but
// `--limit N` stops it with `N+` and exit status 0.
#[test]
fn sudoku_help_says_what_limit_does_to_the_exit_status() {
    let blank4 = crate::util::data("puzzles/blank4x4.txt");
    let out = crate::util::run(
        env!("CARGO_BIN_EXE_sudoku"),
        &["count", "-q", "--limit", "10", &blank4],
        "",
    );
    assert_eq!((out.code, out.stdout.as_str()), (0, "10+\n"));
    for args in [&["--help"][..], &["count", "--help"]] {
        let help = crate::util::run(env!("CARGO_BIN_EXE_sudoku"), args, "").stdout;
        assert!(help.contains("--limit N is no stop"), "{args:?}: {help}");
        assert!(!help.contains("3 count or enumerate stopped at a limit"), "{args:?}");
    }
}

#[test]
fn sudoku_help_shows_examples_and_exit_statuses() {
    let out = sudoku(&["--help"], "");
    assert_eq!(out.code, 0);
    for needle in
        ["Examples:", "sudoku solve", "Exit status:", "0    every puzzle", "2    some input"]
    {
        assert!(out.stdout.contains(needle), "no {needle:?} in\n{}", out.stdout);
    }
    for command in ["solve", "count", "enumerate", "check", "show"] {
        let out = sudoku(&[command, "--help"], "");
        assert_eq!(out.code, 0);
        assert!(out.stdout.contains("--format") && out.stdout.contains("--jobs"), "{command}");
    }
}

#[test]
fn sudoku_bad_usage_exits_2() {
    for args in [&["solve", "--no-such-flag"][..], &["count", "--limit", "many"], &["frobnicate"]] {
        let out = sudoku(args, "");
        assert_eq!((out.code, out.stdout.as_str()), (2, ""), "{args:?}");
        assert!(out.stderr.contains("error:"), "{args:?}: {}", out.stderr);
    }
}
