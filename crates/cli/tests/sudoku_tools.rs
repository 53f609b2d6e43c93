//! The puzzle-maker's subcommands: generate, rate, hint, explain, canon, transform.

use serde_json::Value;

use crate::{
    eqnice,
    sudoku::{classic_regions, holds_every_digit, keeps_givens, sudoku},
    util::data,
};

const CONTEST: &str =
    "030605000600090002070100006090000000810050069000000080400003020900020005000908030";
/// The 50th of the forum's hardest 1106: no technique of hints applies but SE's nested forcing
/// chains of level 4, found in about a second.
const LEVEL_FOUR: &str =
    "..9...4...7.3...2.8...6...71..8....6....1..7.....56...3....5..1.4.....9...2...7..";

/// A file of the CLI's tests' own data (`tests/data/`).
fn data_file(name: &str) -> String {
    format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn generated_puzzles_are_unique_reproducible_and_independent_of_jobs() {
    let one =
        sudoku(&["generate", "-n", "12", "--seed", "42", "--jobs", "1", "--with-solution"], "");
    let two =
        sudoku(&["generate", "-n", "12", "--seed", "42", "--jobs", "2", "--with-solution"], "");
    assert_eq!(one.code, 0, "{}", one.stderr);
    eqnice!(one.stdout, two.stdout);
    let other = sudoku(&["generate", "-n", "12", "--seed", "43"], "");
    assert_ne!(one.stdout.lines().next(), other.stdout.lines().next());
    let mut puzzles = String::new();
    for line in one.stdout.lines() {
        let (puzzle, solution) = line.split_once(':').expect("puzzle:solution");
        assert!(holds_every_digit(solution, &classic_regions(3, 3)), "{solution}");
        assert!(keeps_givens(puzzle, solution), "{line}");
        puzzles += puzzle;
        puzzles.push('\n');
    }
    // Each is unique, and its solution is the one printed beside it.
    let solved = sudoku(&["solve", "--unique"], &puzzles);
    assert_eq!(solved.code, 0, "{}", solved.stdout);
    let expected: Vec<&str> = one.stdout.lines().map(|l| l.split_once(':').unwrap().1).collect();
    assert_eq!(solved.stdout.lines().collect::<Vec<_>>(), expected);
}

#[test]
fn generate_honours_symmetry_clues_size_and_json() {
    let out = sudoku(
        &["generate", "-n", "5", "--seed", "1", "--symmetry", "rot180", "--format", "json"],
        "",
    );
    for line in out.stdout.lines() {
        let object: Value = serde_json::from_str(line).unwrap();
        let mut given = [false; 81];
        for pair in object["givens"].as_array().unwrap() {
            given[pair[0].as_u64().unwrap() as usize] = true;
        }
        for cell in 0..81 {
            assert_eq!(given[cell], given[80 - cell], "not rot180: {line}");
        }
        assert_eq!(object["generated"]["symmetry"], "rot180");
        assert_eq!(
            object["generated"]["clues"].as_u64().unwrap() as usize,
            given.iter().filter(|&&g| g).count()
        );
    }
    let target = sudoku(&["generate", "-n", "3", "--seed", "2", "--clues", "36"], "");
    assert!(
        target.stdout.lines().all(|l| l.chars().filter(|&c| c != '.').count() == 36),
        "{}",
        target.stdout
    );
    let low = sudoku(&["generate", "-n", "1", "--seed", "2", "--clues", "12"], "");
    assert!(low.stderr.contains("no unique puzzle with 12 clues"), "{}", low.stderr);
    let small = sudoku(&["generate", "-n", "4", "--seed", "3", "--size", "6"], "");
    assert!(small.stdout.lines().all(|l| l.len() == 36));
    let bad = sudoku(&["generate", "--symmetry", "spiral"], "");
    assert_eq!(bad.code, 2);
    assert!(bad.stderr.contains("unknown symmetry 'spiral'"), "{}", bad.stderr);
}

#[test]
fn rate_prints_level_steps_hardest_and_se_numbers() {
    let input = format!("{CONTEST}\n{LEVEL_FOUR}\n{}\n", ".".repeat(81));
    let out = sudoku(&["rate"], &input);
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(lines.len(), 3);
    let fields: Vec<&str> = lines[0].split(' ').collect();
    assert!(["easy", "medium", "hard", "expert"].contains(&fields[0]), "{}", lines[0]);
    assert!(fields[1].parse::<usize>().unwrap() >= 81 - 27);
    // Sudoku Explainer 1.2.1 (SukakuExplainer's serate in its technique set) rates the contest
    // puzzle 2.6/1.2/1.2: a pointing is its hardest step.
    assert!(lines[0].ends_with(" 2.6/1.2/1.2"), "{}", lines[0]);
    // No step short of SE's level 4 (nested dynamic forcing chains, 10.5 up).
    assert_eq!(lines[1], "extreme 0 search 11.7/11.7/11.6");
    assert_eq!(lines[2], "multiple");
    assert_eq!(out.code, 1, "a puzzle without a unique solution is a failure");
    let json = sudoku(&["rate", "--format", "json"], &format!("{LEVEL_FOUR}\n"));
    let object: Value = serde_json::from_str(json.stdout.trim()).unwrap();
    assert_eq!(object["level"], "extreme");
    assert_eq!(object["solved_by_logic"], false);
    assert_eq!(object["clue_band"], "evil");
    assert!(object["nodes"].as_u64().unwrap() > 0);
    assert_eq!(
        (object["er"].as_f64(), object["ep"].as_f64(), object["ed"].as_f64()),
        (Some(11.7), Some(11.7), Some(11.6))
    );
    let json = sudoku(&["rate", "--json"], &format!("{CONTEST}\n"));
    let object: Value = serde_json::from_str(json.stdout.trim()).unwrap();
    assert_eq!((object["er"].as_f64(), object["ep"].as_f64()), (Some(2.6), Some(1.2)));
    // The puzzle's own time, last, as `solve` prints it (benches/se/compare.py reads the
    // ratings by line; the time lets a user see which puzzles cost the most).
    assert!(object["micros"].is_u64(), "{}", json.stdout);
    assert!(json.stdout.trim().ends_with(&format!("\"micros\":{}}}", object["micros"])));
}

#[test]
fn hint_gives_the_next_step_and_explain_the_whole_path() {
    let hint = sudoku(&["hint"], &format!("{CONTEST}\n"));
    eqnice!("r3c6 = 2: hidden single — 2 fits nowhere else in box 2\n", hint.stdout);
    // Where nothing else applies, SE's level 4.
    let deep = sudoku(&["hint"], &format!("{LEVEL_FOUR}\n"));
    let said = "nested dynamic forcing chains: if r8c5 is 7, then ";
    assert!(deep.stdout.starts_with(said), "{}", deep.stdout);
    assert!(deep.stdout.contains(", so 7 removed from r8c5\n"), "{}", deep.stdout);
    // Where no technique, chains included, finds a step, the hint says so with the search: a
    // renban puzzle (ISS's HARD_RENBAN's second, its thermometer's first step written as
    // pencilmarks).
    let stuck = data_file("stuck-renban.jsonl");
    let stalled = sudoku(&["hint", "--format", "json", &stuck], "");
    let object: Value = serde_json::from_str(stalled.stdout.trim()).unwrap();
    assert_eq!(object["status"], "stuck", "{}", stalled.stdout);
    assert!(object["nodes"].as_u64().unwrap() > 0, "{}", stalled.stdout);
    let stalled = sudoku(&["hint", &stuck], "");
    let said = "stuck: no technique applies; the rest needs search (the search used ";
    assert!(stalled.stdout.starts_with(said), "{}", stalled.stdout);
    // Its rating: no step, so ER, EP and ED all unknown.
    let rated = sudoku(&["rate", &stuck], "");
    assert_eq!(rated.stdout, "extreme 0 search -/-/-\n", "{}", rated.stderr);
    let explain = sudoku(&["explain", "-", &stuck], &format!("{CONTEST}\n"));
    let paragraphs: Vec<&str> = explain.stdout.split("\n\n").filter(|p| !p.is_empty()).collect();
    assert_eq!(paragraphs.len(), 2, "{}", explain.stdout);
    assert!(paragraphs[0].starts_with("1. r3c6 = 2: hidden single"));
    let last = paragraphs[0].lines().last().unwrap();
    assert!(last.starts_with("solved in ") && last.contains("hardest: "), "{last}");
    assert!(
        paragraphs[1].starts_with("stuck after 0 steps: the rest needs search; the search used "),
        "{}",
        explain.stdout
    );
    // The JSON path replays to the solution: apply every placement to the puzzle.
    let json = sudoku(&["explain", "--format", "json"], &format!("{CONTEST}\n"));
    let object: Value = serde_json::from_str(json.stdout.trim()).unwrap();
    let mut grid: Vec<u8> = CONTEST.bytes().collect();
    for step in object["steps"].as_array().unwrap() {
        for placement in step["placements"].as_array().unwrap() {
            let cell = placement["cell"].as_str().unwrap();
            let (r, c) = cell[1..].split_once('c').unwrap();
            let index = (r.parse::<usize>().unwrap() - 1) * 9 + c.parse::<usize>().unwrap() - 1;
            grid[index] = b'0' + placement["digit"].as_u64().unwrap() as u8;
        }
    }
    let solved = sudoku(&["solve"], &format!("{CONTEST}\n"));
    assert_eq!(String::from_utf8(grid).unwrap(), solved.stdout.trim());
}

#[test]
fn canon_is_invariant_under_transform() {
    let puzzles = std::fs::read_to_string(data("puzzles/classic.txt")).unwrap();
    let canon = sudoku(&["canon", &data("puzzles/classic.txt")], "");
    for seed in ["1", "2", "3"] {
        let moved = sudoku(&["transform", "--seed", seed, &data("puzzles/classic.txt")], "");
        assert_ne!(moved.stdout, canon.stdout);
        let again = sudoku(&["canon"], &moved.stdout);
        eqnice!(canon.stdout, again.stdout);
        // A transformed puzzle keeps its solution count.
        let counts = sudoku(&["count"], &moved.stdout);
        let expected: Vec<&str> = puzzles
            .lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| l.split(':').nth(1).unwrap())
            .collect();
        assert_eq!(counts.stdout.lines().collect::<Vec<_>>(), expected);
    }
    let same = sudoku(&["transform", "--seed", "7", &data("puzzles/contest.txt")], "");
    eqnice!(
        same.stdout,
        sudoku(&["transform", "--seed", "7", &data("puzzles/contest.txt")], "").stdout
    );
}

#[test]
fn canon_refuses_variants_it_cannot_transform() {
    let out = sudoku(&["canon", "--x", &data("puzzles/contest.txt")], "");
    eqnice!("error\n", out.stdout);
    assert!(out.stderr.contains("contest.txt:1:1: canon needs plain boxes"), "{}", out.stderr);
    assert_eq!(out.code, 2);
}

#[test]
fn generate_difficulty_keeps_only_puzzles_of_that_level() {
    let out = sudoku(&["generate", "-n", "3", "--seed", "4", "--difficulty", "medium"], "");
    assert_eq!(out.code, 0, "{}", out.stderr);
    let rated = sudoku(&["rate"], &out.stdout);
    assert_eq!(rated.stdout.lines().count(), 3);
    assert!(rated.stdout.lines().all(|l| l.starts_with("medium ")), "{}", rated.stdout);
    let json = sudoku(&["generate", "-n", "1", "--seed", "4", "--format", "json"], "");
    let object: Value = serde_json::from_str(json.stdout.trim()).unwrap();
    assert!(["easy", "medium", "hard", "expert", "extreme"]
        .contains(&object["generated"]["rating"]["level"].as_str().unwrap()));
    let bad = sudoku(&["generate", "--difficulty", "fiendish"], "");
    assert_eq!(bad.code, 2);
    assert!(bad.stderr.contains("unknown level 'fiendish'"), "{}", bad.stderr);
    let gave_up =
        sudoku(&["generate", "--seed", "4", "--difficulty", "extreme", "--attempts", "1"], "");
    assert_eq!(gave_up.code, 2);
    assert!(gave_up.stderr.contains("no extreme puzzle in 1 attempts"), "{}", gave_up.stderr);
}

#[test]
fn generate_killer_marks_and_layouts_write_unique_json_records_whatever_the_jobs() {
    use dancer_sudoku::Record;
    let args = ["generate", "--killer", "-n", "6", "--seed", "9"];
    let one = sudoku(&[&args[..], &["--jobs", "1"]].concat(), "");
    let two = sudoku(&[&args[..], &["--jobs", "2"]].concat(), "");
    assert_eq!(one.code, 0, "{}", one.stderr);
    eqnice!(one.stdout, two.stdout);
    let samurai = sudoku(&["generate", "--layout", "samurai", "--seed", "9"], "");
    let xv = sudoku(&["generate", "--marks", "xv", "--size", "6", "-n", "2", "--seed", "9"], "");
    let records = [&one, &samurai, &xv].map(|run| {
        assert_eq!(run.code, 0, "{}", run.stderr);
        run.stdout.lines().map(|line| Record::from_json(line).unwrap()).collect::<Vec<_>>()
    });
    assert_eq!(records.each_ref().map(Vec::len), [6, 1, 2]);
    assert_eq!(records[0][5].name, "killer 9x9 seed 9 #6", "numbered from 1, as lines are");
    assert_eq!(records[1][0].model.width, 21);
    for record in records.iter().flatten() {
        let encoded = record.model.encode().unwrap();
        let mut solver = encoded.problem().solver();
        assert_eq!(solver.count_up_to(2), 1, "{}", record.name);
        let found: Vec<u8> =
            encoded.grid(&solver.first().unwrap()).iter().map(|d| d.unwrap_or(0)).collect();
        assert_eq!(record.solution.as_deref(), Some(&found[..]), "{}", record.name);
    }
    assert!(records[0].iter().all(|r| !r.model.cages.is_empty()));
    // The options of plain puzzles are refused, each by name.
    for (bad, says) in [
        (&["--killer", "--difficulty", "easy"][..], "--killer: --difficulty rates plain puzzles"),
        (&["--layout", "samurai", "--size", "9"], "--layout samurai has its own 9x9 grids"),
        (&["--layout", "hexagon"], "'hexagon' is not a layout"),
        (&["--marks", "arrows"], "'arrows' is not a kind of marks"),
        (&["--marks", "xv", "--format", "line"], "written as JSON lines records only"),
        (&["--killer", "--symmetry", "rot180"], "--symmetry is for plain puzzles only"),
        (&["--killer", "--clues", "20"], "--clues and --minimal are for plain puzzles only"),
    ] {
        let run = sudoku(&[&["generate"][..], bad].concat(), "");
        assert_eq!(run.code, 2, "{bad:?}");
        assert!(run.stderr.contains(says), "{bad:?}: {}", run.stderr);
    }
}

#[test]
fn what_generate_writes_every_subcommand_reads() {
    // See: issue 32. `sudoku generate --json | sudoku solve` failed (`unknown key 'puzzle'`):
    // one record shape for every subcommand.
    let made =
        sudoku(&["generate", "-q", "-n", "3", "--seed", "5", "--json", "--with-solution"], "");
    assert_eq!(made.code, 0, "{}", made.stderr);
    let solutions: Vec<String> = made
        .stdout
        .lines()
        .map(|line| {
            let object: Value = serde_json::from_str(line).unwrap();
            let digits = object["solution"].as_array().unwrap();
            digits.iter().map(|d| d.as_u64().unwrap().to_string()).collect()
        })
        .collect();
    let solved = sudoku(&["solve", "-q", "--unique"], &made.stdout);
    assert_eq!(solved.code, 0, "{}", solved.stderr);
    assert_eq!(solved.stdout.lines().collect::<Vec<_>>(), solutions);
    for sub in ["check", "count", "rate", "show", "canon"] {
        let out = sudoku(&[sub, "-q"], &made.stdout);
        assert_eq!(out.code, 0, "{sub}: {}", out.stderr);
    }
    // `show --format json` writes the record back whole, `generated` and all.
    let shown = sudoku(&["show", "-q", "--format", "json"], &made.stdout);
    assert_eq!(shown.stdout, made.stdout);
}

#[test]
fn generated_puzzles_of_other_regions_keep_their_regions() {
    // See: issue 32. `generate --regions R` wrote lines that lost their regions: read back
    // without the option, they were other puzzles.
    let layout =
        "112222333111122333111222333444455666444555666445555666777888999777888999777888999";
    let made = sudoku(&["generate", "-q", "-n", "2", "--seed", "1", "--regions", layout], "");
    assert_eq!(made.code, 0, "{}", made.stderr);
    assert!(made.stdout.starts_with('{'), "records, not lines: {}", made.stdout);
    let jigsaw = sudoku(&["solve", "-q", "--unique"], &made.stdout);
    assert_eq!(jigsaw.code, 0, "{}", jigsaw.stderr);
    let lines = sudoku(
        &["generate", "-n", "2", "--seed", "1", "--regions", layout, "--format", "line"],
        "",
    );
    assert!(lines.stderr.contains("a line holds only their givens"), "{}", lines.stderr);
    let again = sudoku(&["solve", "-q", "--unique", "--regions", layout], &lines.stdout);
    assert_eq!(again.stdout, jigsaw.stdout, "the same puzzles, read with the same option");
}

#[test]
fn a_long_generation_is_bounded_by_time_and_stopped_by_a_signal_inside_a_puzzle() {
    use nix::{
        sys::signal::{kill, Signal},
        unistd::Pid,
    };
    // See: issue 32: `generate --killer --size 25` ran for minutes with no word, and a signal
    // waited for the puzzle being made. A 25×25 killer takes far longer than these bounds.
    let out = sudoku(
        &["generate", "--killer", "--size", "25", "-n", "2", "--seed", "1", "--time-limit", "1s"],
        "",
    );
    assert_eq!(out.code, 3, "{}", out.stderr);
    assert!(
        out.stderr.contains("stopped by --time-limit: no puzzle was written"),
        "{}",
        out.stderr
    );
    assert_eq!(out.stdout, "");

    let child = crate::util::spawn(
        env!("CARGO_BIN_EXE_sudoku"),
        &["generate", "--killer", "--size", "25", "-n", "1", "--seed", "1"],
    );
    std::thread::sleep(std::time::Duration::from_millis(500));
    kill(Pid::from_raw(i32::try_from(child.id()).unwrap()), Signal::SIGINT).unwrap();
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(130), "{stderr}");
    assert!(stderr.contains("stopped by an interrupt: no puzzle was written"), "{stderr}");
}
