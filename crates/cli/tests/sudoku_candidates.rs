//! `sudoku true-candidates` (issue 34): each puzzle's pencilmark line is the union of its
//! solutions as `enumerate` prints them, in every input form (a puzzle line, a JSON lines model
//! on the engine); `--json --cap K` counts each candidate's solutions up to K; no solution
//! prints `none`, broken givens `invalid`, with the exit statuses of the other subcommands.

use serde_json::Value;

use crate::{eqnice, sudoku::sudoku};

/// The pencilmark line of the solutions `enumerate` prints for `input` (N×N cells of N digits).
fn union_of_solutions(input: &str, n: usize, extra: &[&str]) -> String {
    let args: Vec<&str> = ["enumerate", "-q"].iter().chain(extra).copied().collect();
    let out = sudoku(&args, input);
    let mut marks = vec!['.'; n * n * n];
    for line in out.stdout.lines().filter(|line| !line.is_empty()) {
        for (cell, c) in line.chars().enumerate() {
            let digit = c.to_digit(10).unwrap() as usize;
            marks[cell * n + digit - 1] = c;
        }
    }
    marks.into_iter().collect()
}

#[test]
fn the_line_is_the_union_of_the_solutions() {
    for puzzle in ["12..............", "1...........3...", "1234341221434321", "................"] {
        let out = sudoku(&["true-candidates", "-q"], &format!("{puzzle}\n"));
        assert_eq!(out.code, 0, "{puzzle}: {}", out.stderr);
        eqnice!(format!("{}\n", union_of_solutions(puzzle, 4, &[])), out.stdout);
    }
    // The line reads back as the pencilmark puzzle it is, with the same solutions.
    let classic =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let out = sudoku(&["true-candidates", "-q"], &format!("{classic}\n"));
    assert_eq!(out.stdout.trim_end().len(), 729);
    let again = sudoku(&["solve", "-q", "--unique"], &out.stdout);
    let solved = sudoku(&["solve", "-q", "--unique"], &format!("{classic}\n"));
    eqnice!(solved.stdout, again.stdout);
}

#[test]
fn json_counts_each_candidate_up_to_the_cap() {
    // Two solutions: r1c1..r1c4 fixed 1 2 ., ., the rest free enough for 2 or more a digit.
    let out = sudoku(&["true-candidates", "--json", "--cap", "2"], "12..............\n");
    let value: Value = serde_json::from_str(out.stdout.trim_end()).unwrap();
    assert_eq!(value["status"], "solved");
    let counts = value["counts"].as_array().unwrap();
    assert_eq!(counts.len(), 16);
    assert_eq!(
        counts[0],
        serde_json::json!([2, 0, 0, 0]),
        "the given 1: the puzzle's count, capped"
    );
    let line = value["candidates"].as_str().unwrap();
    for (k, c) in line.chars().enumerate() {
        let count = counts[k / 4][k % 4].as_u64().unwrap();
        assert_eq!(c != '.', count > 0, "candidate {k}");
        assert!(count <= 2);
    }
    let all = sudoku(&["count", "-q"], "12..............\n");
    assert!(all.stdout.trim().parse::<u64>().unwrap() >= 2);
}

#[test]
fn a_model_on_the_engine_gets_the_union_of_its_solutions() {
    // A 4×4 killer: the cage r1c1+r1c2 = 3 keeps 1 and 2 there; the engine solves it.
    let record = r#"{"name":"k","width":4,"height":4,"symbols":4,"regions":[[0,1,2,3],[4,5,6,7],[8,9,10,11],[12,13,14,15],[0,4,8,12],[1,5,9,13],[2,6,10,14],[3,7,11,15],[0,1,4,5],[2,3,6,7],[8,9,12,13],[10,11,14,15]],"cages":[{"cells":[0,1],"sum":3}]}"#;
    let out = sudoku(&["true-candidates", "-q"], &format!("{record}\n"));
    assert_eq!(out.code, 0, "{}", out.stderr);
    let expected = union_of_solutions(&format!("{record}\n"), 4, &["-f", "line"]);
    eqnice!(format!("{expected}\n"), out.stdout);
    assert_eq!(&out.stdout[..8], "12..12..");
}

#[test]
fn no_solution_and_broken_givens_say_so() {
    let out = sudoku(&["true-candidates", "-q"], "123....4........\n33..............\n");
    eqnice!("none\ninvalid\n", out.stdout);
    assert_eq!(out.code, 1);
}
