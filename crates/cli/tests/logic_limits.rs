//! `rate`, `hint` and `explain` under `--time-limit` and Ctrl-C: the logic of the puzzle in
//! hand stops (SE's level-4 chains take minutes on the hardest pencilmark puzzles), the record
//! says `timeout` (exit status 3) or `stopped` (130) in its place, and the others go on.

use serde_json::Value;

use crate::{eqnice, sudoku::sudoku};

/// The 50th of the forum's hardest 1106: its first step (SE's nested forcing chains of level
/// 4) takes about a second, its rating a few.
const LEVEL_FOUR: &str =
    "..9...4...7.3...2.8...6...71..8....6....1..7.....56...3....5..1.4.....9...2...7..";
/// The Easter Monster: its explanation takes steps of nested chains for over a second.
const EASTER_MONSTER: &str =
    "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";
/// An easy puzzle: singles only, rated in well under a millisecond.
const EASY: &str =
    "4..95.1..8.7.2...6..34..9.852...6.3.9...7...4.1.8.3.526.5..93..2...3.4.1..1.84..5";

#[test]
fn a_time_limit_stops_the_puzzle_in_hand_and_the_batch_goes_on() {
    let input = format!("{LEVEL_FOUR}\n{EASY}\n");
    let easy_rating = sudoku(&["rate", "-q"], &format!("{EASY}\n"));
    let easy_hint = sudoku(&["hint", "-q"], &format!("{EASY}\n"));
    for (command, easy) in [("rate", &easy_rating.stdout), ("hint", &easy_hint.stdout)] {
        let out = sudoku(&[command, "--time-limit", "100ms", "-"], &input);
        assert_eq!(out.code, 3, "{command}: {}", out.stderr);
        eqnice!(format!("timeout\n{easy}"), out.stdout);
        assert!(
            out.stderr.contains(":1:1: stopped by the time limit after 0.1 s"),
            "{}",
            out.stderr
        );
        let json = sudoku(&[command, "--time-limit", "100ms", "--json", "-"], &input);
        let first: Value = serde_json::from_str(json.stdout.lines().next().unwrap()).unwrap();
        assert_eq!(
            (&first["status"], &first["stopped"]),
            (&"timeout".into(), &"time-limit".into())
        );
        let micros = first["micros"].as_u64().unwrap();
        assert!((100_000..2_000_000).contains(&micros), "{command}: stopped after {micros} µs");
    }
    // Without a limit, the same puzzle is rated in full.
    let whole = sudoku(&["rate", "-"], &input);
    assert_eq!(whole.code, 0, "{}", whole.stderr);
    assert!(whole.stdout.starts_with("extreme "), "{}", whole.stdout);
}

#[test]
fn an_explanation_cut_short_keeps_the_steps_found_before_the_limit() {
    let input = format!("{EASTER_MONSTER}\n");
    let whole = sudoku(&["explain", "-q"], &input);
    assert_eq!(whole.code, 0, "{}", whole.stderr);
    let cut = sudoku(&["explain", "-q", "--time-limit", "300ms"], &input);
    assert_eq!(cut.code, 3, "{}", cut.stderr);
    let lines: Vec<&str> = cut.stdout.lines().collect();
    let (last, steps) = lines[..lines.len() - 1].split_last().unwrap();
    assert_eq!(lines.last(), Some(&""), "a blank line ends an explanation");
    assert_eq!(*last, format!("timeout after {} steps", steps.len()));
    assert!(!steps.is_empty(), "its first steps take milliseconds");
    // Every step kept is the one the whole walk takes there: none is cut in half or replaced
    // by a harder one found as the limit struck.
    let full: Vec<&str> = whole.stdout.lines().collect();
    assert!(steps.len() < full.len() - 2, "the whole explanation takes longer: {last}");
    eqnice!(full[..steps.len()].join("\n"), steps.join("\n"));
}

#[cfg(unix)]
#[test]
fn ctrl_c_stops_the_rating_in_hand_and_says_stopped() {
    use std::io::Read;

    use nix::sys::signal::{kill, Signal};
    use nix::unistd::Pid;

    let mut child = crate::util::spawn(env!("CARGO_BIN_EXE_sudoku"), &["rate", "--jobs", "1", "-"]);
    let mut stdin = child.stdin.take().unwrap();
    std::io::Write::write_all(&mut stdin, format!("{LEVEL_FOUR}\n{EASY}\n").as_bytes()).unwrap();
    drop(stdin);
    // Long after the handler is installed (the first thing the binary does), long before
    // the rating would end.
    std::thread::sleep(std::time::Duration::from_millis(300));
    kill(Pid::from_raw(i32::try_from(child.id()).unwrap()), Signal::SIGINT).unwrap();
    let started = std::time::Instant::now();
    let (mut stdout, mut stderr) = (String::new(), String::new());
    child.stdout.take().unwrap().read_to_string(&mut stdout).unwrap();
    child.stderr.take().unwrap().read_to_string(&mut stderr).unwrap();
    let code = child.wait().unwrap().code();
    assert_eq!(code, Some(130), "{stderr}");
    // The puzzle in hand says it stopped, and the next is not begun.
    eqnice!("stopped\n", stdout);
    assert!(stderr.contains(":1:1: stopped by an interrupt after"), "{stderr}");
    assert!(stderr.contains("stopped by an interrupt after 1 puzzle:"), "{stderr}");
    assert!(started.elapsed().as_secs() < 2, "the logic stopped at once");
}

/// The steps of an `explain --json` record: their sentences.
fn explained_steps(record: &str) -> Vec<String> {
    let record: Value = serde_json::from_str(record).unwrap();
    let steps = record["steps"].as_array().unwrap();
    steps.iter().map(|step| step["explanation"].as_str().unwrap().to_owned()).collect()
}

#[test]
fn a_variant_puzzles_logic_stops_alike() {
    // Constraints (dots): the variant logic's walk, 241 steps in a tenth of a second or so.
    let dots = std::fs::read_to_string(crate::util::data("variants/consecutive.jsonl")).unwrap();
    let dots = format!("{}\n", dots.lines().next().unwrap());
    let started = std::time::Instant::now();
    let whole = sudoku(&["explain", "-q", "--json", "-"], &dots);
    let quarter = format!("{}", started.elapsed().as_secs_f64() / 4.0);
    assert_eq!(whole.code, 0, "{}", whole.stderr);
    let full = explained_steps(&whole.stdout);
    let cut = sudoku(&["explain", "-q", "--json", "--time-limit", &quarter, "-"], &dots);
    assert_eq!(cut.code, 3, "{}", cut.stderr);
    let record: Value = serde_json::from_str(&cut.stdout).unwrap();
    assert_eq!((&record["status"], &record["stopped"]), (&"timeout".into(), &"time-limit".into()));
    let steps = explained_steps(&cut.stdout);
    assert!(!steps.is_empty() && steps.len() < full.len(), "{} of {}", steps.len(), full.len());
    assert_eq!(steps[..], full[..steps.len()]);
    // Pencilmarks only: the classic walks from the candidates (this one rates in seconds).
    let marks = std::fs::read_to_string(crate::util::data("variants/sukaku.jsonl")).unwrap();
    let marks = format!("{}\n", marks.lines().nth(3).unwrap());
    let out = sudoku(&["rate", "--time-limit", "300ms", "-"], &marks);
    assert_eq!((out.code, out.stdout.as_str()), (3, "timeout\n"), "{}", out.stderr);
    assert!(out.stderr.contains(":1:1: stopped by the time limit after"), "{}", out.stderr);
}
