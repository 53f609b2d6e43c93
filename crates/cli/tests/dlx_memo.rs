//! `dlx --count --memo`: counts beyond enumeration and beyond 64 bits (text and JSON), the
//! plain count on the shipped problems, exit statuses, an overflow of 128 bits as an error,
//! and the options it refuses.

use crate::dlx_jobs::{dlx, summary};
use crate::problems::dominoes;
use crate::util::data;

/// `n` items, each in two options of its own: 2^n solutions.
pub(crate) fn binary_choices(n: usize) -> String {
    let names: Vec<String> = (0..n).map(|k| format!("i{k}")).collect();
    let options: Vec<&String> = names.iter().flat_map(|name| [name, name]).collect();
    let options: Vec<&str> = options.into_iter().map(String::as_str).collect();
    names.join(" ") + "\n" + &options.join("\n") + "\n"
}

#[test]
fn domino_tilings_beyond_enumeration_are_counted() {
    // OEIS A004003: the 12×12 board.
    let board = dominoes(12, 12).unwrap().to_string();
    let run = dlx(&["--count", "--memo", "-"], &board);
    assert_eq!((run.code, run.stdout.as_str()), (0, "53060477521960000\n"), "{}", run.stderr);
    assert!(run.stderr.contains("53060477521960000 solutions"), "{}", run.stderr);
    assert!(run.stderr.contains("memo:"), "{}", run.stderr);
}

#[test]
fn counts_beyond_64_bits_are_whole_numbers_in_text_and_json() {
    let text = binary_choices(100);
    let expected = (1u128 << 100).to_string();
    assert_eq!(dlx(&["--count", "--memo", "-"], &text).stdout, format!("{expected}\n"));
    let run = dlx(&["--count", "--memo", "--json", "-"], &text);
    assert_eq!(run.code, 0, "{}", run.stderr);
    // The number as written, not a float: serde_json's Value would round it.
    assert!(run.stdout.starts_with(&format!("{{\"solutions\":{expected},")), "{}", run.stdout);
    let json = summary(&run);
    assert_eq!(json["complete"], true);
    assert!(json["memo"]["entries"].as_u64().unwrap() >= 100);
}

#[test]
fn memoised_and_plain_counts_agree_on_the_shipped_problems() {
    for file in ["toy", "queens8", "langford4", "matrices4x4", "sudoku9x9"] {
        let path = data(&format!("dlx/{file}.dlx"));
        let plain = dlx(&["--count", &path], "");
        let memo = dlx(&["--count", "--memo", &path], "");
        assert_eq!((memo.code, &memo.stdout), (plain.code, &plain.stdout), "{file}");
    }
}

#[test]
fn no_solution_exits_1_and_an_overflow_is_an_error() {
    let none = dlx(&["--count", "--memo", "-"], "a b\na\n");
    assert_eq!((none.code, none.stdout.as_str()), (1, "0\n"));
    let run = dlx(&["--count", "--memo", "-"], &binary_choices(130));
    assert_eq!((run.code, run.stdout.as_str()), (2, ""));
    assert!(run.stderr.contains("exceeds 2^128 - 1"), "{}", run.stderr);
}

#[test]
fn a_small_table_gives_the_same_count() {
    let board = dominoes(6, 6).unwrap().to_string();
    for size in ["0", "4KiB", "64kb", "1MB"] {
        let run = dlx(&["--count", "--memo", "--memo-size", size, "--json", "-"], &board);
        assert_eq!(summary(&run)["solutions"], 6728, "--memo-size {size}");
    }
}

#[test]
fn what_memo_cannot_do_is_refused() {
    let queens8 = data("dlx/queens8.dlx");
    for extra in [
        &["--limit", "5"][..],
        &["--jobs", "2"],
        &["--node-limit", "100"],
        &["--checkpoint", "c.json"],
        &["-v"],
    ] {
        let mut args = vec!["--count", "--memo"];
        args.extend_from_slice(extra);
        args.push(&queens8);
        let run = dlx(&args, "");
        assert_eq!(run.code, 2, "{extra:?}: {}", run.stderr);
        assert!(run.stderr.contains("cannot be used with"), "{extra:?}: {}", run.stderr);
    }
    assert_eq!(dlx(&["--memo", &queens8], "").code, 2, "--memo needs --count");
    let bad = dlx(&["--count", "--memo", "--memo-size", "lots", &queens8], "");
    assert!(bad.stderr.contains("is not a size"), "{}", bad.stderr);
}

/// Runs `dlx args` on the 16×16 domino board (about two million memo nodes; the flag is read
/// every 4 096), raising SIGINT after its item line: the signal handler is installed before the
/// problem is read, which then waits for the rest. Returns the exit status, stdout and stderr.
#[cfg(unix)]
pub(crate) fn interrupted_on_the_16x16_board(args: &[&str]) -> (Option<i32>, String, String) {
    use std::io::Write;
    use std::process::{Command, Stdio};

    use nix::sys::signal::{kill, Signal};
    use nix::unistd::Pid;

    let board = dominoes(16, 16).unwrap().to_string();
    let (items, options) = board.split_once('\n').unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_dlx"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    writeln!(stdin, "{items}").unwrap();
    std::thread::sleep(std::time::Duration::from_millis(500));
    kill(Pid::from_raw(i32::try_from(child.id()).unwrap()), Signal::SIGINT).unwrap();
    stdin.write_all(options.as_bytes()).unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
    (out.status.code(), text(&out.stdout), text(&out.stderr))
}

/// A signal stops a memoised count: exit status 130, no count, and a word on stderr (there is
/// no checkpoint to resume).
#[cfg(unix)]
#[test]
fn a_signal_stops_a_memoised_count() {
    let (code, stdout, stderr) = interrupted_on_the_16x16_board(&["--count", "--memo", "-"]);
    assert_eq!((code, stdout.as_str()), (Some(130), ""), "{stderr}");
    assert!(stderr.contains("memoised count was interrupted"), "{stderr}");
}

/// Without --memo, a plain --count probes the table and keeps it where it pays (tilings: the
/// summary names the table), with any --jobs and --progress; counts by enumeration where it
/// does not (queens); and never memoises with --no-memo or an option that needs an
/// enumeration (limits, -v).
#[test]
fn a_plain_count_chooses_the_table_where_it_pays() {
    let board = dominoes(8, 8).unwrap().to_string();
    let run = dlx(&["--count", "-"], &board);
    assert_eq!((run.code, run.stdout.as_str()), (0, "12988816\n"), "{}", run.stderr);
    assert!(run.stderr.contains("memo:"), "{}", run.stderr);
    let json = summary(&dlx(&["--count", "--json", "-"], &board));
    assert_eq!((json["solutions"].as_u64(), json["memo"].is_object()), (Some(12_988_816), true));
    // Issue 21: `--jobs 1` used to switch the probe off, and enumerate 50 million nodes.
    for jobs in [&["--jobs", "1"][..], &["--jobs", "2"], &["--progress=off"]] {
        let run = dlx(&[&["--count", "-"][..], jobs].concat(), &board);
        assert_eq!(run.stdout, "12988816\n", "{jobs:?}: {}", run.stderr);
        // The probe branches in the walk's own order, as `--memo` (issue 25).
        assert!(run.stderr.contains("memo: 1010 sub-problems"), "{jobs:?}: {}", run.stderr);
    }
    for forced in [&["--no-memo"][..], &["--node-limit", "1e9"], &["-v"]] {
        let run = dlx(&[&["--count", "-"][..], forced].concat(), &board);
        assert_eq!(run.stdout, "12988816\n", "{forced:?}: {}", run.stderr);
        assert!(!run.stderr.contains("memo:"), "{forced:?}: {}", run.stderr);
    }
    assert_eq!(dlx(&["--count", "--no-memo", "--memo", "-"], &board).code, 2);
}

/// Where the table does not pay, the enumeration counts from the top (on sparse sets, where it
/// can), in the order of items and options asked for (`--no-mrv`, `--seed`), on any number of
/// jobs, and its totals are the plain search's, its first 2 048 nodes tried before the table
/// and the probe's 1 024 (issue 25).
#[test]
fn where_the_table_does_not_pay_the_enumeration_counts_from_the_top() {
    // 12 queens (OEIS A000170).
    let queens = crate::dlx_jobs::queens(12);
    let plain = summary(&dlx(&["--count", "--no-memo", "--json", "-"], &queens));
    for extra in [&[][..], &["--jobs", "1"], &["--jobs", "3"], &["--no-mrv"], &["--seed", "5"]] {
        let run = dlx(&[&["--count", "--json", "-"][..], extra].concat(), &queens);
        let json = summary(&run);
        assert_eq!(json["solutions"], 14_200, "{extra:?}: {}", run.stderr);
        assert!(json.get("memo").is_none(), "{extra:?}: counted by enumeration");
        if extra.is_empty() {
            let (nodes, plain) = (json["nodes"].as_u64(), plain["nodes"].as_u64().unwrap());
            assert_eq!(nodes, Some(plain + 2048 + 1024), "{}", run.stderr);
        }
    }
}

/// A memoised count shows its progress as other long runs do: the table's sub-problems and
/// memory, the fraction of the tree behind it (issue 21, from point 19).
#[test]
fn memoised_counts_show_their_progress() {
    let board = dominoes(12, 12).unwrap().to_string();
    for args in [&["--count", "--memo"][..], &["--count"]] {
        let every = ["--progress=lines", "--progress-every", "0s", "-"];
        let run = dlx(&[args, &every[..]].concat(), &board);
        assert_eq!(run.stdout, "53060477521960000\n", "{args:?}: {}", run.stderr);
        let reports: Vec<&str> =
            run.stderr.lines().filter(|line| line.contains("% done, memo: ")).collect();
        // 31 643 nodes, looked at every 4 096.
        assert!(reports.len() >= 7, "{args:?}: {}", run.stderr);
        assert!(reports[0].starts_with("dlx: ") && reports[0].contains("sub-problems ("));
    }
}

/// A table allowed more memory than the process can have (an address-space limit, as a batch
/// scheduler sets) is held below it up front and evicts instead of aborting; the count is
/// exact, and quick: held to half of what could be reserved (40 MiB) this count took over
/// 100 s, held to three quarters (60 MiB) 2 s.
#[cfg(target_os = "linux")]
#[test]
fn a_table_beyond_the_memory_there_is_evicts_instead_of_aborting() {
    use std::io::Write;
    use std::process::{Command, Stdio};

    // The 16×16 board's table needs 111 MiB branching on the leftmost cell (`--no-mrv`: row by
    // row, as declared; 35 MiB in the walk's own order); the process may have 100 MiB in all.
    let board = dominoes(16, 16).unwrap().to_string();
    let mut child = Command::new("prlimit")
        .arg(format!("--as={}", 100 << 20))
        .args([env!("CARGO_BIN_EXE_dlx"), "--count", "--memo", "--no-mrv"])
        .args(["--memo-size", "1TiB", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("prlimit (util-linux) bounds the child's memory");
    child.stdin.take().unwrap().write_all(board.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    // OEIS A004003(8).
    assert_eq!(String::from_utf8_lossy(&out.stdout), "2444888770250892795802079170816\n");
    assert!(stderr.contains("the table is held to "), "{stderr}");
    assert!(
        !stderr.contains(" 0 evictions"),
        "the table is smaller than the count needs: {stderr}"
    );
}

/// A `--memo-size` beyond what the process can have (99999 TiB under a 1 GB `ulimit -v`) is
/// held to half of it with a warning before the count, for `--memo`, the plain count's probe
/// and `sample`; the counts are exact. See: issue 32 (the size was taken as given, and the
/// table found the wall only when it grew into it, the count running on at whatever size it
/// had then).
#[cfg(unix)]
#[test]
fn a_memo_size_beyond_the_memory_there_is_is_held_to_it_up_front() {
    let dominoes = data("dlx/dominoes8x8.dlx");
    for (args, stdout) in
        [("--count --memo", "12988816\n"), ("--count", "12988816\n"), ("sample --json", "")]
    {
        let line =
            format!("ulimit -v 1000000 && exec \"$0\" {args} --memo-size 99999TiB {dominoes}");
        let out = std::process::Command::new("sh")
            .args(["-c", &line, env!("CARGO_BIN_EXE_dlx")])
            .output()
            .unwrap();
        let (code, out_text) = (out.status.code(), String::from_utf8_lossy(&out.stdout));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(code, Some(0), "{args}: {stderr}");
        if stdout.is_empty() {
            assert!(out_text.starts_with("{\"options\""), "{args}: {out_text}");
        } else {
            assert_eq!(out_text, stdout, "{args}: {stderr}");
        }
        let warning = "dlx: warning: --memo-size 99999 TiB: the table is held to ";
        assert!(stderr.starts_with(warning), "{args}: {stderr}");
        assert!(
            stderr.contains("MiB, three quarters of what this process can reserve"),
            "{args}: {stderr}"
        );
        assert!(!stderr.contains("memory ran out"), "{args}: {stderr}");
    }
}
