//! The `sudoku` subcommands on JSON lines (the form `sudoku convert` writes): told from the
//! other formats by their first line, plain sudokus through the usual solver, killers,
//! relations and multi-grid puzzles through the engine, printed as the whole rectangle, and
//! bad lines answered in place.

use dancer_sudoku::{Cage, Layout, Model, Parity, Record, Relation, RelationKind, Variant};

use crate::sudoku::sudoku;

/// A 4×4 grid and the killer over it: cages of two cells along each row, sums from the grid,
/// and the fewest givens from the first cells on that make it unique (by brute force).
fn killer() -> (Record, String) {
    let grid: [u8; 16] = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
    let mut model = Model::from_variant(&Variant::standard(4).unwrap());
    for start in (0..16).step_by(2) {
        let sum = u32::from(grid[start] + grid[start + 1]);
        model.cages.push(Cage { cells: vec![start, start + 1], sum: Some(sum) });
    }
    for (cell, &digit) in grid.iter().enumerate() {
        if brute_count(&model) == 1 {
            break;
        }
        model.givens[cell] = Some(digit);
    }
    assert_eq!(brute_count(&model), 1);
    let line: String = grid.iter().map(|d| char::from(b'0' + d)).collect();
    (Record { name: "k4".into(), model, solution: Some(grid.to_vec()), generated: None }, line)
}

/// Lines of JSON, with a comment first (the kind of header a converted file may carry).
fn lines(records: &[Record]) -> String {
    let body: Vec<String> = records.iter().map(Record::to_json).collect();
    format!("# made by a test\n{}\n", body.join("\n"))
}

/// The engine's count of a model, and a brute-force count over every filling of its
/// rectangle's used cells, for a check that does not go through the encoding.
fn brute_count(model: &Model) -> usize {
    let cells: Vec<usize> = (0..model.used.len()).filter(|&c| model.used[c]).collect();
    let mut digits = vec![None; model.used.len()];
    fill(model, &cells, 0, &mut digits)
}

/// The fillings of `cells[k..]` that break nothing, the cells before filled in `digits`.
fn fill(model: &Model, cells: &[usize], k: usize, digits: &mut Vec<Option<u8>>) -> usize {
    if model.broken(digits, false).is_err() {
        return 0;
    }
    let Some(&cell) = cells.get(k) else { return 1 };
    let mut found = 0;
    for digit in 1..=model.symbols as u8 {
        digits[cell] = Some(digit);
        found += fill(model, cells, k + 1, digits);
    }
    digits[cell] = None;
    found
}

#[test]
fn killers_in_json_lines_are_solved_counted_enumerated_and_checked() {
    let (record, solution) = killer();
    let input = lines(std::slice::from_ref(&record));
    let solve = sudoku(&["solve", "--unique"], &input);
    assert_eq!((solve.code, solve.stdout.as_str()), (0, format!("{solution}\n").as_str()));
    let json = sudoku(&["solve", "--format", "json"], &input);
    let value: serde_json::Value = serde_json::from_str(json.stdout.trim()).unwrap();
    assert_eq!((value["line"].as_u64(), value["name"].as_str()), (Some(2), Some("k4")));
    assert_eq!(value["solution"].as_str(), Some(solution.as_str()));
    let count = sudoku(&["count"], &input);
    assert_eq!(count.stdout, format!("{}\n", brute_count(&record.model)));
    assert_eq!(sudoku(&["check"], &input).stdout, "valid\n");
    // Without its givens and most cages it has several solutions: enumerate stops at the limit.
    let mut loose = record.clone();
    loose.model.cages.truncate(2);
    loose.model.givens.fill(None);
    let expected = brute_count(&loose.model);
    assert!(expected > 3, "the loosened killer has several solutions");
    let count = sudoku(&["count"], &lines(&[loose.clone()]));
    assert_eq!(count.stdout, format!("{expected}\n"));
    let listed = sudoku(&["enumerate", "--limit", "3"], &lines(&[loose]));
    let grids: Vec<&str> = listed.stdout.lines().filter(|l| !l.is_empty()).collect();
    assert_eq!(grids.len(), 3, "{}", listed.stdout);
    assert_eq!(listed.code, 0, "a limit reached is what was asked, as for classic puzzles");
}

#[test]
fn check_names_the_broken_cage_relation_or_parity() {
    // Without givens, only the solution the line carries can break a rule.
    let (mut record, _) = killer();
    record.model.givens.fill(None);
    let mut wrong_sum = record.clone();
    wrong_sum.model.cages[2].sum = Some(6);
    let run = sudoku(&["check"], &lines(&[wrong_sum.clone()]));
    // Cages and regions are named as the grid shows them (issue 32, item 17).
    assert_eq!(run.stdout, "invalid: its solution: the cage of 6 at r2c1 sums to 7, not 6\n");
    assert_eq!(run.code, 1);
    // A sum two cells of 1-4 cannot make is found before the solution (issue 24: the checker
    // `sudoku play` shows conflicts with flags a cage that can no longer reach its sum).
    wrong_sum.model.cages[2].sum = Some(9);
    let run = sudoku(&["check"], &lines(&[wrong_sum]));
    assert_eq!(
        run.stdout,
        "invalid: the cage of 9 at r2c1: its 2 empty cells add at most 7, short of 9\n"
    );
    assert_eq!(run.code, 1);
    let mut relation = record.clone();
    relation.model.relations.push(Relation { a: 0, b: 1, kind: RelationKind::Less });
    relation.model.relations.push(Relation { a: 1, b: 0, kind: RelationKind::Less });
    let run = sudoku(&["check"], &lines(&[relation]));
    assert_eq!(run.stdout, "invalid: its solution: r1c2 < r1c1 fails: 2, 1\n");
    let mut parity = record.clone();
    parity.model.parity.push((5, Parity::Odd));
    let run = sudoku(&["check"], &lines(&[parity]));
    assert_eq!(run.stdout, "invalid: its solution: r2c2 holds 4, not odd\n");
    // Givens that clash make the puzzle invalid without a search, as for classic puzzles.
    let mut clash = record;
    clash.model.givens[0] = Some(3);
    clash.model.givens[3] = Some(3);
    let solve = sudoku(&["solve", "--format", "json"], &lines(&[clash]));
    let value: serde_json::Value = serde_json::from_str(solve.stdout.trim()).unwrap();
    assert_eq!(value["status"], "invalid");
    assert_eq!(value["error"], "row 1 holds 3 twice (r1c1 and r1c4)");
}

#[test]
fn multi_grid_solutions_print_the_whole_rectangle() {
    // A samurai whose givens are a full solution of its blank layout, but for one grid's
    // first row: unique, and its line shows '.' exactly at the unused cells.
    let blank = Layout::Samurai.model();
    let encoded = blank.encode().unwrap();
    let full = encoded.grid(&encoded.problem().solver().first().unwrap());
    let mut model = blank.clone();
    model.givens.clone_from(&full);
    for given in &mut model.givens[..9] {
        *given = None;
    }
    let record = Record { name: "samurai".into(), model, solution: None, generated: None };
    let run = sudoku(&["solve", "--unique"], &lines(std::slice::from_ref(&record)));
    assert_eq!(run.code, 0, "{}", run.stderr);
    let expected: String =
        full.iter().map(|digit| digit.map_or('.', |d| char::from(b'0' + d))).collect();
    assert_eq!(run.stdout.trim(), expected);
    assert_eq!(expected.len(), 21 * 21);
    assert_eq!(expected.matches('.').count(), 441 - 369);
    let grid = sudoku(&["solve", "--format", "grid"], &lines(&[record]));
    let rows: Vec<&str> = grid.stdout.lines().collect();
    assert_eq!(rows.len(), 22, "21 rows and a blank line");
    assert!(rows[9].starts_with("            "), "the unused corner is blank: {}", rows[9]);
    // The blank layout: many solutions, counted up to a limit.
    let blank = Record { name: "blank".into(), model: blank, solution: None, generated: None };
    assert_eq!(sudoku(&["count", "--limit", "5"], &lines(&[blank])).stdout, "5+\n");
}

#[test]
fn plain_sudokus_in_json_go_the_usual_way_and_bad_lines_stay_in_place() {
    let classic =
        "4..95.1..8.7.2...6..34..9.852...6.3.9...7...4.1.8.3.526.5..93..2...3.4.1..1.84..5";
    let mut model = Model::from_variant(&Variant::standard(9).unwrap());
    for (cell, symbol) in classic.bytes().enumerate() {
        model.givens[cell] = (symbol != b'.').then(|| symbol - b'0');
    }
    let record = Record { name: "classic".into(), model, solution: None, generated: None };
    let json = record.to_json();
    let input = format!("{json}\nnot json\n{{\"width\": 4}}\n{json}\n");
    let rate = sudoku(&["rate"], &input);
    let alone = sudoku(&["rate"], &format!("{classic}\n"));
    let lines: Vec<&str> = rate.stdout.lines().collect();
    assert_eq!(lines.len(), 4, "one line per input line: {}", rate.stdout);
    assert_eq!(lines[0], alone.stdout.trim(), "rated as the classic puzzle");
    assert_eq!((lines[1], lines[2], lines[3]), ("error", "error", lines[0]));
    assert_eq!(rate.code, 2);
    assert!(rate.stderr.contains(":2:1: not a JSON object"), "{}", rate.stderr);
    assert!(rate.stderr.contains(":3:1: field `height`: missing"), "{}", rate.stderr);
    let solve = sudoku(&["solve"], &format!("{json}\n"));
    assert_eq!(solve.stdout, sudoku(&["solve"], &format!("{classic}\n")).stdout);
    // A line too large to search is refused at once, in place.
    let huge = r#"{"name":"huge","width":4096,"height":4096,"symbols":64,"regions":[]}"#;
    let run = sudoku(&["solve"], &format!("{huge}\n{json}\n"));
    assert_eq!(run.stdout.lines().collect::<Vec<_>>(), ["error", solve.stdout.trim()]);
    assert!(run.stderr.contains("too large"), "{}", run.stderr);
    // So is a cage with more digit sets than can be listed (30 of 64 digits making 1 000),
    // which once walked every set of small digits before giving up.
    let cells: Vec<String> = (0..30).map(|c| c.to_string()).collect();
    let cage = format!(
        r#"{{"name":"cage","width":8,"height":8,"symbols":64,"regions":[],"cages":[{{"cells":[{}],"sum":1000}}]}}"#,
        cells.join(",")
    );
    let run = sudoku(&["count"], &format!("{cage}\n{json}\n"));
    assert_eq!(run.stdout.lines().collect::<Vec<_>>(), ["error", "1"]);
    assert!(run.stderr.contains("cage 1: more than 1048576 sets"), "{}", run.stderr);
    // A killer is rated by the variant logic, whose steps name their cages.
    let (killer, _) = killer();
    let rated = sudoku(&["rate"], &format!("{}\n{json}\n", killer.to_json()));
    assert_eq!(rated.code, 0, "{}", rated.stderr);
    let explained = sudoku(&["explain"], &format!("{}\n", killer.to_json()));
    assert!(explained.stdout.contains("-cell cage of "), "{}", explained.stdout);
    // A puzzle of several grids has none: the refusal says why, in place.
    let mut wide = Model::from_variant(&Variant::standard(4).unwrap());
    (wide.width, wide.used) = (5, (0..20).map(|c| c % 5 < 4).collect());
    wide.givens = vec![None; 20];
    wide.regions =
        wide.regions.iter().map(|r| r.iter().map(|&c| c / 4 * 5 + c % 4).collect()).collect();
    wide.kinds.clear();
    wide.cages.push(Cage { cells: vec![0, 1], sum: Some(3) });
    let record = Record { name: "wide".into(), model: wide, solution: None, generated: None };
    let refused = sudoku(&["rate"], &format!("{}\n", record.to_json()));
    assert_eq!(refused.stdout.lines().next(), Some("error"), "{}", refused.stderr);
    assert!(refused.stderr.contains("rate needs one sudoku grid"), "{}", refused.stderr);
}

#[test]
fn f_puzzles_links_are_records_in_every_subcommand_and_bad_ones_answer_in_place() {
    let links = std::fs::read_to_string(crate::util::data("variants/fpuzzles.txt")).unwrap();
    let solved = sudoku(&["solve", "--unique", "-q"], &links);
    assert_eq!(solved.code, 0, "{}", solved.stderr);
    let solution = "364512125634413256256143532461641325";
    assert_eq!(solved.stdout, format!("{solution}\n{solution}\n"));
    // The link and the SudokuPad form are one puzzle: one line of JSON each, equal.
    let converted = sudoku(&["convert", "--from", "fpuzzles", "-q"], &links);
    let records: Vec<&str> = converted.stdout.lines().collect();
    assert_eq!(records.len(), 2, "{}", converted.stderr);
    assert_eq!(records[0], records[1]);
    assert!(records[0].contains(r#""kind":"not-ratio""#), "{}", records[0]);
    let checked = sudoku(&["check", "-q"], &links);
    assert_eq!(checked.code, 0, "{}", checked.stderr);
    // A broken payload between two good links: an error in its place, the others solved.
    let link = links.lines().find(|l| l.starts_with("https://www")).unwrap();
    let input = format!("{link}\nhttps://www.f-puzzles.com/?load=N4IgAAAA\n{link}\n");
    let mixed = sudoku(&["solve", "-q"], &input);
    assert_eq!(mixed.stdout, format!("{solution}\nerror\n{solution}\n"));
    assert!(
        mixed.stderr.contains("<stdin>:2:33: the payload is not an lz-string stream"),
        "{}",
        mixed.stderr
    );
    assert_eq!(mixed.code, 2);
    // A link pasted where a file is asked for, naming no file, is the puzzle itself.
    let argument = sudoku(&["solve", "--unique", "-q", link, link], "");
    assert_eq!((argument.stdout, argument.code), (format!("{solution}\n{solution}\n"), 0));
    let broken = sudoku(&["solve", "-q", "https://www.f-puzzles.com/?load=N4IgAAAA"], "");
    assert_eq!(broken.stdout, "error\n");
    assert!(broken.stderr.contains("<argument>:1:33: the payload"), "{}", broken.stderr);
}

#[test]
fn cosmetic_f_puzzles_keys_are_named_in_one_note_a_puzzle() {
    // A 4×4 with a drawn line and a text: neither is a rule, so both are skipped, and said.
    let rows: Vec<Vec<serde_json::Value>> = vec![vec![serde_json::json!({}); 4]; 4];
    let puzzle = serde_json::json!({
        "size": 4,
        "grid": rows,
        "line": [{"lines": [["R1C1", "R2C2"]], "outlineC": "#000000", "width": 0.1}],
        "text": [{"cells": ["R3C3"], "value": "hi"}],
    });
    let link = lz_str::compress_to_base64(puzzle.to_string().as_str());
    let out = sudoku(&["count", "--limit", "5"], &format!("{link}\n"));
    assert_eq!(out.stdout, "5+\n");
    let notes: Vec<&str> = out.stderr.lines().filter(|l| l.contains("note:")).collect();
    assert_eq!(notes.len(), 1, "{}", out.stderr);
    assert!(notes[0].contains("<stdin>:1:1: note: skipped as drawing only"), "{}", notes[0]);
    assert!(notes[0].contains("line") && notes[0].contains("text"), "{}", notes[0]);
    let quiet = sudoku(&["count", "-q", "--limit", "5"], &format!("{link}\n"));
    assert_eq!((quiet.stdout.as_str(), quiet.stderr.as_str()), ("5+\n", ""));
}
