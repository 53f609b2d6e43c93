//! Every `console` block of README.md and docs/*.md, run as written, its output compared with
//! what the doc shows (issue 21, point 17), so that no documented example breaks unseen.
//!
//! A block is written as trycmd writes them: `$ command` (continued on lines starting with
//! `> `), an optional `? N` (the exit status, 0 when absent), then what the command prints,
//! standard output and standard error together as a terminal shows them. `[..]` stands for
//! any text within a line and `...` on a line of its own for any lines: times and rates,
//! which vary from run to run (snapbox's matching, trycmd's engine). Commands run with `sh`,
//! so pipes and redirections work, from a scratch directory per doc that holds `data/` and
//! `scripts/` as at the root of the repository, with the `dlx` and `sudoku` under test first
//! on `PATH`; the blocks of one doc run in order, so a later block may read a file an earlier
//! one wrote. Blocks of any other kind are not run: `sh` for commands that take minutes or
//! need GNU parallel, Slurm or SSH, `text` for transcripts of measured runs.
//!
//! Updating the docs after an intended change of output (trycmd's `TRYCMD=overwrite` does not
//! apply: trycmd runs no shell):
//!
//! ```sh
//! SNAPSHOTS=overwrite cargo test --release -p dancer-cli --test integration -- docs::
//! git diff README.md docs/    # read every change before committing it
//! ```
//!
//! rewrites each expected output and exit status in place, keeping the `[..]` and `...` that
//! still match. Keep blocks fast (the suite runs on two cores in CI): this whole test takes
//! about two seconds.

use std::{
    fmt::Write as _,
    path::{Path, PathBuf},
    process::{Command, Stdio},
};

use snapbox::{Assert, Data};

use crate::util::workspace;

/// One `$` command of a console block and what the doc says it prints.
struct Step {
    /// The line of its `$`, from 1.
    line: usize,
    command: String,
    status: i32,
    expected: Vec<String>,
    /// The lines after the command's own, up to the next command or the block's end: its
    /// status line and its output, which an update rewrites.
    after: std::ops::Range<usize>,
}

/// The steps of every `console` block of `text`.
fn steps(text: &str, doc: &str) -> Vec<Step> {
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    let mut at = 0;
    while at < lines.len() {
        let fence = lines[at].trim_start();
        at += 1;
        if !fence.starts_with("```") {
            continue;
        }
        let console = fence == "```console" || fence == "```trycmd";
        while at < lines.len() && !lines[at].trim_start().starts_with("```") {
            if !console {
                at += 1;
                continue;
            }
            let line = at + 1;
            let command = lines[at]
                .strip_prefix("$ ")
                .unwrap_or_else(|| panic!("{doc}:{line}: a console block line outside a command"));
            let mut command = command.to_owned();
            at += 1;
            while let Some(more) = lines.get(at).and_then(|l| l.strip_prefix("> ")) {
                command.push('\n');
                command.push_str(more);
                at += 1;
            }
            let start = at;
            let mut status = 0;
            if let Some(code) = lines.get(at).and_then(|l| l.strip_prefix("? ")) {
                status = code.trim().parse().unwrap_or_else(|_| panic!("{doc}:{}: `? N`", at + 1));
                at += 1;
            }
            let mut expected = Vec::new();
            while at < lines.len()
                && !lines[at].starts_with("$ ")
                && !lines[at].trim_start().starts_with("```")
            {
                expected.push(lines[at].to_owned());
                at += 1;
            }
            found.push(Step { line, command, status, expected, after: start..at });
        }
        at += 1;
    }
    found
}

/// The docs whose console blocks run: README.md, then docs/*.md.
fn docs() -> Vec<PathBuf> {
    let root = workspace();
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    docs.insert(0, root.join("README.md"));
    docs
}

/// A scratch directory that looks like the root of the repository to a command.
fn scratch() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for name in ["data", "scripts"] {
        std::os::unix::fs::symlink(workspace().join(name), dir.path().join(name)).unwrap();
    }
    dir
}

/// Runs `command` with `sh` in `dir`; its exit status and everything it printed.
fn run(command: &str, dir: &Path) -> (i32, String) {
    let bin = Path::new(env!("CARGO_BIN_EXE_dlx")).parent().unwrap().to_owned();
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default());
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!("exec 2>&1\n{command}"))
        .current_dir(dir)
        .env("PATH", path)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let mut printed = String::from_utf8_lossy(&out.stdout).into_owned();
    if printed.ends_with('\n') {
        printed.pop();
    }
    (out.status.code().unwrap_or(-1), printed)
}

#[test]
fn every_console_block_of_the_docs_runs_as_written() {
    let overwrite = std::env::var("SNAPSHOTS").is_ok_and(|v| v == "overwrite");
    let assert = Assert::new();
    let mut failures = Vec::new();
    let mut ran = 0;
    for path in docs() {
        let doc = path.strip_prefix(workspace()).unwrap_or(&path).display().to_string();
        let text = std::fs::read_to_string(&path).unwrap();
        let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
        let dir = scratch();
        let mut rewrites = Vec::new();
        for step in steps(&text, &doc) {
            let (status, printed) = run(&step.command, dir.path());
            ran += 1;
            let expected = Data::text(step.expected.join("\n"));
            let (actual, _) = assert.normalize(Data::text(printed), expected.clone());
            let same = assert.try_eq(Some(&"printed"), actual.clone(), expected);
            if status == step.status && same.is_ok() {
                continue;
            }
            let mut why = format!("{doc}:{}: $ {}\n", step.line, step.command);
            if status != step.status {
                let _ = writeln!(why, "exit status {status}, the doc says {}", step.status);
            }
            if let Err(diff) = same {
                why += &diff.to_string();
            }
            failures.push(why);
            let mut new: Vec<String> = Vec::new();
            if status != 0 {
                new.push(format!("? {status}"));
            }
            new.extend(actual.render().unwrap_or_default().split('\n').map(elide_times));
            rewrites.push((step.after, new));
        }
        if overwrite && !rewrites.is_empty() {
            for (range, new) in rewrites.into_iter().rev() {
                lines.splice(range, new);
            }
            std::fs::write(&path, lines.join("\n") + "\n").unwrap();
        }
    }
    let verb = if overwrite { "rewritten" } else { "failed" };
    assert!(failures.is_empty(), "{} {verb}:\n\n{}", failures.len(), failures.join("\n"));
    assert!(ran >= 20, "only {ran} documented commands ran");
}

/// `line` with its times and rates as `[..]`, as an update writes them: `0.004 s`, `seconds:
/// 0.004`, `puzzles/s: 1234`, `(3.1M/s)`.
fn elide_times(line: &str) -> String {
    let words: Vec<&str> = line.split(' ').collect();
    let number = |word: &str| {
        let word = word.trim_end_matches(',');
        !word.is_empty() && word.chars().all(|c| c.is_ascii_digit() || c == '.')
    };
    let mut out = Vec::with_capacity(words.len());
    for (k, word) in words.iter().enumerate() {
        let next = words.get(k + 1).copied().unwrap_or("");
        let previous = if k > 0 { words[k - 1] } else { "" };
        let timed = number(word)
            && (next.starts_with('s') && next.len() <= 2
                || matches!(previous, "seconds:" | "puzzles/s:"));
        let rate = word.starts_with('(') && word.ends_with("/s),");
        out.push(match () {
            () if timed => format!("[..]{}", if word.ends_with(',') { "," } else { "" }),
            () if rate => "([..]/s),".to_owned(),
            () => (*word).to_owned(),
        });
    }
    out.join(" ")
}

#[test]
fn updates_write_times_as_wildcards() {
    assert_eq!(
        elide_times("92 solutions, 1049 nodes, 16680 updates, 0.001 s"),
        "92 solutions, 1049 nodes, 16680 updates, [..] s"
    );
    assert_eq!(
        elide_times("puzzles: 1, errors: 0, seconds: 0.001, puzzles/s: 1336"),
        "puzzles: 1, errors: 0, seconds: [..], puzzles/s: [..]"
    );
    assert_eq!(
        elide_times("dlx: 100.000% done, 92 solutions, 1.049k nodes (6.413M/s), 0:00:00 elapsed"),
        "dlx: 100.000% done, 92 solutions, 1.049k nodes ([..]/s), 0:00:00 elapsed"
    );
    assert_eq!(
        elide_times("2 of 92 solutions drawn (seed 1), 0.000 s; memo"),
        "2 of 92 solutions drawn (seed 1), [..] s; memo"
    );
}

#[test]
fn console_blocks_are_read_as_trycmd_reads_them() {
    let text = "\
```console
$ dlx --count a.dlx |
> dlx merge
? 3
92
...
$ sudoku solve
```
```sh
$ not run
```
";
    let found = steps(text, "t.md");
    assert_eq!(found.len(), 2);
    assert_eq!((found[0].line, found[0].command.as_str()), (2, "dlx --count a.dlx |\ndlx merge"));
    assert_eq!((found[0].status, found[0].expected.clone()), (3, vec!["92".into(), "...".into()]));
    assert_eq!(found[0].after, 3..6);
    assert_eq!((found[1].command.as_str(), found[1].expected.len()), ("sudoku solve", 0));
}
