//! Hostile JSON lines models answered in place: a misspelled key, a solution of the wrong
//! length, an empty cage, mistyped symbols. Each is `error` on its own line with its place
//! (`FILE:LINE:COLUMN`) on stderr, the batch goes on, and the exit status is 2.
//! See: issue 21, points 3, 4, 10 and 14.

use dancer_sudoku::{Cage, Model, Record, Variant};

use crate::sudoku::sudoku;

/// A 4x4 killer that the cages make unique, as a JSON line, and its solution.
fn killer() -> (String, &'static str) {
    (killer_given(&[0, 1, 2, 3, 4, 6, 8, 12]), "1234341221434321")
}

/// The cages of [`killer`], with the digits of `givens` given.
fn killer_given(givens: &[usize]) -> String {
    let grid: [u8; 16] = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
    let mut model = Model::from_variant(&Variant::standard(4).unwrap());
    for start in (0..16).step_by(2) {
        let sum = u32::from(grid[start] + grid[start + 1]);
        model.cages.push(Cage { cells: vec![start, start + 1], sum: Some(sum) });
    }
    // With the cages, the first row and column make it unique.
    for &cell in givens {
        model.givens[cell] = Some(grid[cell]);
    }
    Record { name: "k".into(), model, solution: None, generated: None }.to_json()
}

/// The 1-based column of `part` in `line`.
fn column_of(line: &str, part: &str) -> usize {
    line.find(part).expect(part) + 1
}

/// `"Cages"` for `"cages"` solved the puzzle without its cages, exit 0; it is an error at the
/// key, with the key meant, and the lines around it are solved.
#[test]
fn a_misspelled_key_is_an_error_in_place() {
    let (good, solution) = killer();
    let typo = good.replace("\"cages\"", "\"Cages\"");
    let run = sudoku(&["solve", "--unique"], &format!("{good}\n{typo}\n{good}\n"));
    assert_eq!(run.stdout, format!("{solution}\nerror\n{solution}\n"));
    assert_eq!(run.code, 2);
    let place = format!("<stdin>:2:{}: unknown key `Cages`", column_of(&typo, "\"Cages\""));
    assert!(run.stderr.contains(&place), "{}", run.stderr);
    assert!(run.stderr.contains("did you mean `cages`?"), "{}", run.stderr);
    let twice = good.replacen("\"symbols\":4", "\"symbols\":4,\"symbols\":4", 1);
    let run = sudoku(&["solve"], &format!("{twice}\n"));
    assert_eq!((run.stdout.as_str(), run.code), ("error\n", 2));
    assert!(run.stderr.contains("key `symbols` appears twice"), "{}", run.stderr);
}

/// A solution of 3 digits for 16 cells was ignored by `solve`; it is an error in place.
#[test]
fn a_solution_of_the_wrong_length_is_an_error_in_place() {
    let (good, solution) = killer();
    let short = format!("{},\"solution\":[1,2,3]}}", good.trim_end_matches('}'));
    let run = sudoku(&["solve"], &format!("{short}\n{good}\n"));
    assert_eq!(run.stdout, format!("error\n{solution}\n"));
    assert_eq!(run.code, 2);
    let place = format!("<stdin>:1:{}: field `solution`", column_of(&short, "[1,2,3]"));
    assert!(run.stderr.contains(&place), "{}", run.stderr);
}

/// An empty cage panicked in the encoder and killed the whole batch (exit 101, nothing
/// printed); it is an error in place and the batch goes on.
#[test]
fn an_empty_cage_is_an_error_in_place() {
    let (good, solution) = killer();
    let empty = good.replacen("{\"cells\":[0,1],\"sum\":3}", "{\"cells\":[],\"sum\":0}", 1);
    assert_ne!(empty, good);
    for command in ["solve", "count", "enumerate", "check", "show"] {
        let run = sudoku(&[command, "-j", "1"], &format!("{empty}\n{good}\n"));
        assert_eq!(run.code, 2, "{command}: {}", run.stderr);
        assert!(run.stdout.starts_with("error\n"), "{command}: {}", run.stdout);
        assert!(run.stderr.contains("field `cages[0]`: cage 1: it has no cells"), "{}", run.stderr);
    }
    let solve = sudoku(&["solve"], &format!("{empty}\n{good}\n"));
    assert_eq!(solve.stdout, format!("error\n{solution}\n"));
}

/// `"symbols": 5` on a 4x4 let a fifth digit into every region (and `18` on a 9x9 searched
/// for minutes); it is refused at `symbols`, saying that no region holds that many.
#[test]
fn symbols_no_region_holds_are_an_error_in_place() {
    let (good, _) = killer();
    let five = good.replace("\"symbols\":4", "\"symbols\":5");
    let run = sudoku(&["solve"], &format!("{five}\n"));
    assert_eq!((run.stdout.as_str(), run.code), ("error\n", 2), "{}", run.stderr);
    let place = format!("<stdin>:1:{}: field `symbols`", column_of(&five, "5"));
    assert!(run.stderr.contains(&place), "{}", run.stderr);
    assert!(run.stderr.contains("no region has as many cells as there are symbols"));
    let xv = std::fs::read_to_string(crate::util::data("variants/xv.jsonl")).unwrap();
    let eighteen = xv.lines().next().unwrap().replace("\"symbols\":9", "\"symbols\":18");
    let run = sudoku(&["solve"], &format!("{eighteen}\n"));
    assert_eq!((run.stdout.as_str(), run.code), ("error\n", 2), "{}", run.stderr);
}

/// `solve` had no limit at all; `--node-limit` and `--time-limit` bound each puzzle's search:
/// a puzzle that reaches one prints `timeout` in its place, the batch goes on, exit 3.
#[test]
fn solve_gives_up_on_a_puzzle_at_its_limit_and_goes_on() {
    // The Easter Monster needs hundreds of nodes; an easy puzzle settles at the root.
    let monster =
        "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";
    let easy = "4..95.1..8.7.2...6..34..9.852...6.3.9...7...4.1.8.3.526.5..93..2...3.4.1..1.84..5";
    let solved = sudoku(&["solve"], &format!("{easy}\n")).stdout;
    let run = sudoku(&["solve", "--node-limit", "5"], &format!("{monster}\n{easy}\n"));
    assert_eq!(run.stdout, format!("timeout\n{solved}"));
    assert_eq!(run.code, 3, "{}", run.stderr);
    assert!(run.stderr.contains("<stdin>:1:1: stopped by the node limit"), "{}", run.stderr);
    let json = sudoku(&["solve", "--unique", "--node-limit", "5", "-f", "json"], monster);
    assert!(
        json.stdout.contains("\"status\":\"timeout\",\"stopped\":\"node-limit\""),
        "{}",
        json.stdout
    );
    // With room to finish, the answer is the one without a limit.
    let roomy = sudoku(&["solve", "--unique", "--time-limit", "1h"], &format!("{monster}\n"));
    let plain = sudoku(&["solve", "--unique"], &format!("{monster}\n"));
    assert_eq!((roomy.stdout.as_str(), roomy.code), (plain.stdout.as_str(), 0));
    // The same on a model searched by propagation: the unique killer settles at its root, the
    // one without givens needs branching.
    let (good, solution) = killer();
    let run = sudoku(&["solve", "--node-limit", "1"], &format!("{}\n", killer_given(&[])));
    assert_eq!((run.stdout.as_str(), run.code), ("timeout\n", 3), "{}", run.stderr);
    let run = sudoku(&["solve", "--unique", "--node-limit", "1e6"], &format!("{good}\n"));
    assert_eq!((run.stdout, run.code), (format!("{solution}\n"), 0));
}

/// `convert` wrote records that every other subcommand then refused (a cage naming cell 99 of
/// a 4x4); such a line is an error in place there too, at its start.
#[test]
fn convert_refuses_a_record_the_model_check_refuses() {
    let input = "4 k src 3:0,99 3142423124131324\n4 k src 3:0,1 3142423124131324\n";
    let run = sudoku(&["convert", "--from", "janko-killer"], input);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{}", run.stdout);
    assert!(lines[0].starts_with("{\"line\":1,\"error\":\"cage 1 names cell 99"), "{}", lines[0]);
    assert!(Record::from_json(lines[1]).is_ok());
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("<stdin>:1:1: cage 1 names cell 99"), "{}", run.stderr);
}
