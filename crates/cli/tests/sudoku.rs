//! The `sudoku` binary: one result line per puzzle in input order, JSON lines, `--jobs`,
//! `--stats`, exit statuses and error messages, and the helpers the other `sudoku_*` tests
//! share. Count, enumerate, check and show are tested in `sudoku_tasks`, the variant options
//! in `sudoku_variants`.

use std::{collections::HashSet, fmt::Write as _, path::PathBuf, time::Duration};

use serde_json::Value;

use crate::{
    eqnice,
    util::{data, run, workspace, Run},
};

pub(crate) fn sudoku(args: &[&str], stdin: &str) -> Run {
    run(env!("CARGO_BIN_EXE_sudoku"), args, stdin)
}

/// A directory of files written for one test, removed when dropped.
pub(crate) struct Scratch(PathBuf);

impl Scratch {
    pub(crate) fn new(test: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("dancer-sudoku-{test}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    /// Writes `name` and returns its path.
    pub(crate) fn file(&self, name: &str, contents: impl AsRef<[u8]>) -> String {
        let path = self.0.join(name);
        std::fs::write(&path, contents).unwrap();
        path.to_string_lossy().into_owned()
    }

    /// The path of `name` in the directory, not written.
    pub(crate) fn path(&self, name: &str) -> String {
        self.0.join(name).to_string_lossy().into_owned()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A file of the shared data next to the workspace. The tests that read it are
/// `#[ignore = "needs ../shared/data"]` (run with `-- --ignored` where it is, as .ci/run
/// does), and fail here without it rather than pass having checked nothing.
pub(crate) fn shared(path: &str) -> String {
    let path = workspace().join("../shared").join(path);
    assert!(path.exists(), "{} not found: this test needs the shared data", path.display());
    path.to_string_lossy().into_owned()
}

/// The cells of rows, columns and R×C boxes of an N×N grid (N = R * C).
pub(crate) fn classic_regions(rows: usize, cols: usize) -> Vec<Vec<usize>> {
    let n = rows * cols;
    let mut regions = Vec::new();
    for k in 0..n {
        regions.push((0..n).map(|c| k * n + c).collect());
        regions.push((0..n).map(|r| r * n + k).collect());
        let (top, left) = (k / rows * rows, k % rows * cols);
        regions.push((0..n).map(|i| (top + i / cols) * n + left + i % cols).collect());
    }
    regions
}

/// Whether `grid` (line format, symbols 1-9 then A...) is complete and every region holds
/// each digit once: an independent check of what the binary prints.
pub(crate) fn holds_every_digit(grid: &str, regions: &[Vec<usize>]) -> bool {
    let digits: Vec<u32> = grid.chars().map(|c| c.to_digit(36).unwrap_or(0)).collect();
    let n = regions[0].len() as u32;
    digits.len() == regions[0].len().pow(2)
        && regions.iter().all(|region| {
            let seen: HashSet<u32> = region.iter().map(|&cell| digits[cell]).collect();
            seen == (1..=n).collect()
        })
}

/// Whether `solution` keeps every given of `puzzle` (both in line format).
pub(crate) fn keeps_givens(puzzle: &str, solution: &str) -> bool {
    puzzle.len() == solution.len()
        && puzzle.chars().zip(solution.chars()).all(|(p, s)| matches!(p, '.' | '0') || p == s)
}

pub(crate) const EASY: &str =
    "4..95.1..8.7.2...6..34..9.852...6.3.9...7...4.1.8.3.526.5..93..2...3.4.1..1.84..5";
pub(crate) const EASY_SOLUTION: &str =
    "462958173897321546153467928528146739936572814714893652645219387289735461371684295";
/// A 4x4 puzzle with one solution.
pub(crate) const FOUR: &str = "1...3.1..1.4....";
pub(crate) const FOUR_SOLUTION: &str = "1243341221344321";
pub(crate) const CONTEST_SOLUTION: &str =
    "239645817641897352578132496796281543812354769354769281467513928983426175125978634";
const GRID_SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// Consistent givens without a solution: row 1 needs a 9 at r1c9, column 9 has one at r2c9.
fn no_solution() -> String {
    format!("12345678{}9{}", ".".repeat(9), ".".repeat(63))
}

/// Givens breaking a rule: two 3s in row 1.
fn invalid() -> String {
    format!("3.3{}", ".".repeat(78))
}

#[test]
fn classic_puzzles_solve_to_the_solutions_in_the_file() {
    let text = std::fs::read_to_string(data("puzzles/classic.txt")).unwrap();
    let records: Vec<Vec<&str>> =
        text.lines().filter(|l| !l.starts_with('#')).map(|l| l.split(':').collect()).collect();
    let out = sudoku(&["solve", "-q", &data("puzzles/classic.txt")], "");
    assert_eq!((out.code, out.stderr.as_str()), (0, ""));
    let got: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(got.len(), records.len(), "{}", out.stdout);
    for (fields, solution) in records.iter().zip(&got) {
        let (puzzle, count, written) = (fields[0], fields[1], fields[2]);
        if count == "1" {
            assert_eq!(*solution, written, "puzzle {puzzle}");
        } else {
            // Several solutions: any one of them will do.
            assert!(keeps_givens(puzzle, solution), "{solution} for {puzzle}");
            assert!(holds_every_digit(solution, &classic_regions(3, 3)), "{solution}");
        }
    }

    // Under --unique the last puzzle, which has two solutions, prints `multiple` and two
    // different solutions of it (issue 34: the setter sees where it breaks).
    let unique = sudoku(&["solve", "--unique", &data("puzzles/classic.txt")], "");
    let lines: Vec<&str> = unique.stdout.lines().collect();
    let (last, unique_ones) = lines.split_last().unwrap();
    let expected: Vec<&str> = records.iter().map(|fields| fields[2]).collect();
    assert_eq!(unique_ones, &expected[..expected.len() - 1]);
    let words: Vec<&str> = last.split(' ').collect();
    assert_eq!((words.len(), words[0]), (3, "multiple"), "{last}");
    let puzzle = records.last().unwrap()[0];
    assert_ne!(words[1], words[2]);
    for solution in &words[1..] {
        assert!(keeps_givens(puzzle, solution), "{solution} for {puzzle}");
        assert!(holds_every_digit(solution, &classic_regions(3, 3)), "{solution}");
    }
    assert_eq!(unique.code, 1);
    let json = sudoku(&["solve", "--unique", "-f", "json"], &format!("{puzzle}\n"));
    let value: Value = serde_json::from_str(json.stdout.trim()).unwrap();
    assert_eq!(value["status"], "multiple");
    let solutions: Vec<&str> =
        value["solutions"].as_array().unwrap().iter().map(|s| s.as_str().unwrap()).collect();
    assert_eq!(solutions, words[1..]);
}

#[test]
fn contest_format_line_of_nine_groups_solves() {
    let out = sudoku(&["solve", &data("puzzles/contest.txt")], "");
    eqnice!(format!("{CONTEST_SOLUTION}\n"), out.stdout);
    assert_eq!(out.code, 0);
}

/// A mix of every kind of record; the line numbers are those of [`corpus`].
fn corpus() -> String {
    let lines = [
        "# alignment corpus: one output line per record".to_owned(),
        EASY.to_owned(),            // 2: solved
        no_solution(),              // 3: none
        invalid(),                  // 4: invalid
        String::new(),              // 5
        format!("{EASY}."),         // 6: 82 cells
        format!("x{}", &EASY[1..]), // 7: a bad symbol
        format!("A{}", &EASY[1..]), // 8: a letter in a 9x9
        EASY[1..].to_owned(),       // 9: 80 cells
        ":".to_owned(),             // 10: only a separator
        String::new(),              // 11
        "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5"
            .to_owned(), // 12-19: a grid whose ninth row (20) is one cell short
        "....8..7".to_owned(),      // 20
        String::new(),              // 21
        format!("{FOUR}:note"),     // 22: 4x4
        "# a blank 16x16".to_owned(), // 23
        ".".repeat(256),            // 24: 16x16
        String::new(),              // 25
        "5 3 . | . 7 . | . . .\n6 . . | 1 9 5 | . . .\n. 9 8 | . . . | . 6 .\n\
         ------+-------+------\n8 . . | . 6 . | . . 3\n4 . . | 8 . 3 | . . 1\n\
         7 . . | . 2 . | . . 6\n------+-------+------\n. 6 . | . . . | 2 8 .\n\
         . . . | 4 1 9 | . . 5\n. . . | . 8 . | . 7 9"
            .to_owned(), // 26-36: a grid with box borders
    ];
    lines.join("\n") + "\n"
}

#[test]
fn every_record_gets_one_line_in_input_order() {
    let out = sudoku(&["solve", "-q"], &corpus());
    let got: Vec<&str> = out.stdout.lines().collect();
    // Five bad lines, then the grid with a short row.
    let mut expected = vec![EASY_SOLUTION, "none", "invalid"];
    expected.extend(["error"; 6]);
    expected.push(FOUR_SOLUTION);
    assert_eq!(got.len(), 12, "{}", out.stdout);
    assert_eq!(got[..10], expected, "{}", out.stdout);
    assert!(holds_every_digit(got[10], &classic_regions(4, 4)), "16x16: {}", got[10]);
    assert_eq!(got[11], GRID_SOLUTION);
    // Unreadable records win over unsolvable ones.
    assert_eq!(out.code, 2);

    let messages: Vec<&str> = out.stderr.lines().collect();
    let expected = [
        ("6:1", "82 cells"),
        ("7:1", "'x'"),
        ("8:1", "'A' is not a digit of a 9x9"),
        ("9:1", "80 cells"),
        ("10:1", "':'"),
        ("20:1", "row 9 has 8 cells"),
    ];
    assert_eq!(messages.len(), expected.len(), "{}", out.stderr);
    for (message, (place, what)) in messages.iter().zip(expected) {
        assert!(message.starts_with(&format!("sudoku: <stdin>:{place}: ")), "{message}");
        assert!(message.contains(what), "{message} should say {what}");
    }
}

#[test]
fn json_lines_carry_line_numbers_and_statuses() {
    let out = sudoku(&["solve", "--format", "json"], &corpus());
    assert_eq!(out.code, 2);
    let values: Vec<Value> =
        out.stdout.lines().map(|line| serde_json::from_str(line).unwrap()).collect();
    let error = "error";
    let expected = [
        (2, "solved"),
        (3, "none"),
        (4, "invalid"),
        (6, error),
        (7, error),
        (8, error),
        (9, error),
        (10, error),
        // An unreadable record is numbered where its fault is, as its message says.
        (20, error),
        (22, "solved"),
        (24, "solved"),
        (26, "solved"),
    ];
    assert_eq!(values.len(), expected.len(), "{}", out.stdout);
    for (value, (line, status)) in values.iter().zip(expected) {
        assert_eq!((value["line"].as_u64(), value["status"].as_str()), (Some(line), Some(status)));
        let has = |field: &str| value.get(field).is_some();
        assert_eq!(has("solution"), status == "solved", "{value}");
        assert_eq!(has("error"), matches!(status, "error" | "invalid"), "{value}");
        if status != "error" {
            for field in ["nodes", "updates", "micros"] {
                assert!(value[field].is_u64(), "{field} in {value}");
            }
        }
    }
    assert_eq!(values[0]["solution"], EASY_SOLUTION);
    assert_eq!(values[2]["error"], "r1c3 repeats 3 of r1c1 in row 1");
    let message = values[3]["error"].as_str().unwrap();
    assert!(message.starts_with("<stdin>:6:1: 82 cells"), "{message}");

    let unique = sudoku(&["solve", "-u", "-f", "json", &data("puzzles/classic.txt")], "");
    let statuses: Vec<String> = unique
        .stdout
        .lines()
        .map(|line| serde_json::from_str::<Value>(line).unwrap()["status"].to_string())
        .collect();
    assert_eq!(statuses[0], "\"unique\"");
    assert_eq!(statuses.last().unwrap(), "\"multiple\"");
}

/// Runs `solve` with one, two and the default number of threads; all must agree.
fn assert_jobs_agree(file: &str, records: usize) {
    // Quiet: the summary's seconds differ from run to run.
    let one = sudoku(&["solve", "-q", "--jobs", "1", file], "");
    assert_eq!(one.stdout.lines().count(), records);
    for jobs in [&["--jobs", "2"][..], &[]] {
        let other = sudoku(&[&["solve", "-q"][..], jobs, &[file]].concat(), "");
        assert!(one.stdout == other.stdout, "stdout differs with {jobs:?}");
        assert!(one.stderr == other.stderr, "stderr differs with {jobs:?}");
        assert_eq!(one.code, other.code);
    }
}

#[test]
fn output_does_not_depend_on_the_number_of_jobs() {
    let scratch = Scratch::new("jobs");
    // Always: more records than one parallel batch holds, of every outcome, hard and easy.
    let classic = std::fs::read_to_string(data("puzzles/classic.txt")).unwrap();
    let classic: Vec<&str> = classic.lines().filter(|l| !l.starts_with('#')).collect();
    let (none, bad, six) = (no_solution(), invalid(), ".".repeat(36));
    let mut text = String::new();
    for k in 0..500 {
        let (a, b) = (classic[k % classic.len()], classic[(k + 3) % classic.len()]);
        // Ten records: 9x9, 4x4, 2x2 and 6x6 puzzles, none, invalid and error.
        writeln!(
            text,
            "{a}\n{b}\n{EASY}\n{FOUR}\n{none}\n{bad}\n{EASY}.\n....\n{six}\n{EASY}:{k}\n"
        )
        .unwrap();
    }
    let mixed = scratch.file("mixed.txt", &text);
    assert_jobs_agree(&mixed, 5000);
}

#[test]
#[ignore = "needs ../shared/data"]
fn output_of_17_clue_puzzles_does_not_depend_on_the_number_of_jobs() {
    let scratch = Scratch::new("jobs-17");
    let text = std::fs::read_to_string(shared("data/puzzles/tdoku_17_clue.txt")).unwrap();
    let first: Vec<&str> = text.lines().take(5000).collect();
    let file = scratch.file("tdoku_17_clue_5000.txt", first.join("\n") + "\n");
    assert_jobs_agree(&file, 5000);
}

/// The numbers of the `--stats` line, by name, without the timings.
fn stats(stderr: &str) -> Vec<(String, u64)> {
    let line = stderr.lines().last().unwrap_or_default();
    assert!(line.starts_with("puzzles: "), "{stderr}");
    line.split(", ")
        .filter_map(|field| field.split_once(": "))
        .filter(|(name, _)| !matches!(*name, "seconds" | "puzzles/s"))
        .map(|(name, value)| (name.to_owned(), value.parse().unwrap()))
        .collect()
}

#[test]
fn stats_summarise_the_run_on_stderr() {
    let input = format!("{EASY}\n{}\n{}\n{EASY}.\n{FOUR}\n", no_solution(), invalid());
    let out = sudoku(&["solve", "--stats"], &input);
    assert_eq!(out.stdout.lines().count(), 5);
    let expected = [
        ("puzzles", 5),
        ("solved", 2),
        ("multiple", 0),
        ("none", 1),
        ("invalid", 1),
        ("errors", 1),
    ];
    assert_eq!(stats(&out.stderr), expected.map(|(name, n)| (name.to_owned(), n)));
    let last = out.stderr.lines().last().unwrap();
    assert!(last.contains(", seconds: ") && last.contains(", puzzles/s: "), "{last}");

    // Each subcommand names what it did with a puzzle; `show` solves nothing.
    for (command, word) in [("show", "shown"), ("check", "checked"), ("rate", "rated")] {
        let out = sudoku(&[command, "--stats"], &format!("{EASY}\n"));
        let line = out.stderr.lines().last().unwrap();
        assert!(line.starts_with(&format!("puzzles: 1, {word}: 1, ")), "{command}: {line}");
    }

    let out = sudoku(&["solve", "--unique", "--stats", &data("puzzles/classic.txt")], "");
    let numbers: Vec<u64> = stats(&out.stderr).into_iter().map(|(_, n)| n).collect();
    assert_eq!(numbers, [8, 7, 1, 0, 0, 0]);
    // The summary comes without --stats too, as in dlx (see: issue 21); -q leaves it out, and
    // -q --stats brings it back alone.
    let out = sudoku(&["solve", &data("puzzles/classic.txt")], "");
    assert_eq!(stats(&out.stderr).len(), 6);
    assert_eq!(sudoku(&["solve", "-q", &data("puzzles/classic.txt")], "").stderr, "");
    let out = sudoku(&["transform", "-q", "--stats", &data("puzzles/classic.txt")], "");
    assert_eq!((out.stderr.lines().count(), stats(&out.stderr).len()), (1, 6), "{}", out.stderr);
}

/// See: issue 12. A puzzle piped in is answered before the next is written: the command
/// reads its input as it arrives rather than to the end.
#[test]
fn each_puzzle_piped_in_is_answered_at_once() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command, Stdio};
    use std::sync::mpsc;

    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(["solve", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let (sender, answers) = mpsc::channel();
    let stdout = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if sender.send(line.unwrap()).is_err() {
                break;
            }
        }
    });
    let expected = sudoku(&["solve", "-"], EASY).stdout;
    for round in 0..3 {
        writeln!(input, "{EASY}").unwrap();
        input.flush().unwrap();
        // The pipe stays open: only an answer that does not wait for more input arrives.
        let answer = answers.recv_timeout(Duration::from_secs(60));
        assert_eq!(answer.map(|a| a + "\n").as_deref(), Ok(expected.as_str()), "round {round}");
    }
    drop(input);
    assert!(child.wait().unwrap().success());
}
