//! The habits both binaries share with other command-line tools: shell completions and man
//! pages made from the parser itself, `--color`, `--quiet`.

use crate::{
    sudoku::{sudoku, Scratch},
    util::{data, run},
};

/// Runs `dlx` with `args`.
fn dlx(args: &[&str]) -> crate::util::Run {
    run(env!("CARGO_BIN_EXE_dlx"), args, "")
}

#[test]
fn completions_name_every_subcommand_and_flag_for_each_shell() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let out = sudoku(&["completions", shell], "");
        assert_eq!(out.code, 0, "{shell}: {}", out.stderr);
        for word in ["enumerate", "generate", "regions", "quiet", "color"] {
            assert!(out.stdout.contains(word), "{shell}: no {word}");
        }
        let out = dlx(&["completions", shell]);
        assert_eq!(out.code, 0, "{shell}: {}", out.stderr);
        for word in ["estimate", "sample", "merge", "checkpoint", "count"] {
            assert!(out.stdout.contains(word), "{shell}: no {word} for dlx");
        }
    }
    assert_eq!(sudoku(&["completions", "tcsh"], "").code, 2);
}

#[test]
fn man_pages_are_roff_and_one_per_subcommand_in_a_directory() {
    let out = sudoku(&["man"], "");
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.contains(".TH sudoku 1"), "{}", out.stdout);
    assert!(out.stdout.contains("enumerate"));
    let out = dlx(&["man"]);
    assert!(out.stdout.contains(".TH dlx 1"), "{}", out.stdout);
    // The synopsis names the values options take (issue 32, item 21: `[-l|--limit]`).
    let synopsis = out.stdout.lines().skip_while(|l| *l != ".SH SYNOPSIS").nth(1).unwrap();
    assert!(synopsis.contains(r"[\fB\-l\fR|\fB\-\-limit\fR \fIN\fR]"), "{synopsis}");
    assert!(synopsis.contains(r"[\fB\-\-progress\fR [\fIHOW\fR]]"), "{synopsis}");
    assert!(synopsis.contains(r"[\fB\-\-json\fR]"), "{synopsis}");

    let scratch = Scratch::new("man-pages");
    let readme = scratch.file("readme", "");
    let dir = &std::path::Path::new(&readme).parent().unwrap().join("man1");
    let out = sudoku(&["man", "--dir", dir.to_str().unwrap()], "");
    assert_eq!(out.code, 0, "{}", out.stderr);
    for page in ["sudoku.1", "sudoku-solve.1", "sudoku-generate.1", "sudoku-man.1"] {
        let text = std::fs::read_to_string(dir.join(page)).unwrap();
        assert!(text.starts_with(".ie"), "{page}");
        assert!(out.stdout.contains(page), "{page} not listed");
    }
    let solve = std::fs::read_to_string(dir.join("sudoku-solve.1")).unwrap();
    assert!(solve.contains("\\-\\-unique"), "{solve}");
    assert!(solve.contains(r"[\fB\-j\fR|\fB\-\-jobs\fR \fIN\fR]"), "{solve}");
    let out = dlx(&["man", "--dir", dir.to_str().unwrap()]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(dir.join("dlx-split.1").exists());
    assert!(dir.join("dlx-sample.1").exists());
}

#[test]
fn color_is_as_asked_in_help_and_usage_errors() {
    const ESCAPE: char = '\u{1b}';
    for (args, colored) in [
        (&["--color", "always", "--help"][..], true),
        (&["--color=never", "--help"], false),
        (&["--help"], false), // not a terminal
        (&["solve", "--no-such-flag", "--color=always"], true),
    ] {
        let out = sudoku(args, "");
        let text = out.stdout.clone() + &out.stderr;
        assert_eq!(text.contains(ESCAPE), colored, "{args:?}: {text}");
        let out =
            dlx(args.iter().copied().filter(|a| *a != "solve").collect::<Vec<_>>().as_slice());
        let text = out.stdout.clone() + &out.stderr;
        assert_eq!(text.contains(ESCAPE), colored, "dlx {args:?}: {text}");
    }
    assert_eq!(sudoku(&["--color", "purple", "--help"], "").code, 2);
}

#[test]
fn quiet_leaves_out_notes_but_not_errors_or_results() {
    let puzzle = "1...3.1..1.4....\n";
    let loud = sudoku(&["transform"], puzzle);
    assert!(loud.stderr.contains("--seed"), "{}", loud.stderr);
    let quiet = sudoku(&["transform", "-q"], puzzle);
    assert_eq!((quiet.stderr.as_str(), quiet.stdout.lines().count()), ("", 1));
    // A search stopped at a limit is noted; quietly, only the exit status and N+ say so.
    let blank = std::fs::read_to_string(data("puzzles/blank6x6.txt")).unwrap();
    let loud = sudoku(&["count", "--node-limit", "100", "-"], &blank);
    assert!(loud.stderr.contains("stopped by"), "{}", loud.stderr);
    let quiet = sudoku(&["count", "--node-limit", "100", "--quiet", "-"], &blank);
    assert_eq!((quiet.code, quiet.stderr.as_str()), (3, ""));
    assert!(quiet.stdout.ends_with("+\n"));
    // An unreadable record is an error: still on stderr.
    let quiet = sudoku(&["solve", "-q", "-"], "12.\n");
    assert_eq!(quiet.code, 2);
    assert!(quiet.stderr.contains("<stdin>:1:1"), "{}", quiet.stderr);
}
