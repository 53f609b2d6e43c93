//! `sudoku convert` and `sudoku encode`: published killer formats to JSON lines that read back
//! to the same puzzle, one output line per puzzle line (a bad one in place, with its place on
//! stderr); any puzzle as DLX text that `dlx` solves alike.

use dancer_sudoku::Record;
use serde_json::json;

use crate::sudoku::sudoku;

/// A solved 9×9 grid (a shifted pattern) and a krazydad line for it: cages of two cells along
/// each row (the last cell of a row alone), letters in order of first appearance.
fn krazydad_line(title: &str) -> (String, Vec<u8>) {
    let grid: Vec<u8> = (0..81u8).map(|c| (c / 9 * 3 + c / 27 + c % 9) % 9 + 1).collect();
    let letters: Vec<char> = ('A'..='Z').chain('a'..='z').collect();
    let cage_of = |cell: usize| cell / 9 * 5 + cell % 9 / 2;
    let cages: String = (0..81).map(|cell| letters[cage_of(cell)]).collect();
    let mut sums = [0u32; 45];
    for (cell, &digit) in grid.iter().enumerate() {
        sums[cage_of(cell)] += u32::from(digit);
    }
    let sums: Vec<String> = sums.iter().map(u32::to_string).collect();
    let solution: String = grid.iter().map(|d| char::from(b'0' + d)).collect();
    (format!("{title} {cages} {} {solution}", sums.join(",")), grid)
}

#[test]
fn krazydad_lines_become_json_records_that_read_back() {
    let (line, grid) = krazydad_line("KD_test");
    let input =
        format!("# title cages sums solution\n{line}\n\n{}\n", line.replace("KD_test", "KD_again"));
    let run = sudoku(&["convert", "--from", "krazydad-killer"], &input);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let records: Vec<Record> = run.stdout.lines().map(|l| Record::from_json(l).unwrap()).collect();
    assert_eq!(records.len(), 2, "one record per puzzle line");
    let record = &records[0];
    assert_eq!((record.name.as_str(), record.model.cages.len()), ("KD_test", 45));
    assert_eq!(record.solution.as_deref(), Some(&grid[..]));
    // The published solution is one of the puzzle's.
    let encoded = record.model.encode().unwrap();
    let solutions: Vec<Vec<Option<u8>>> =
        encoded.problem().solver().solutions().take(100).map(|s| encoded.grid(&s)).collect();
    assert!(solutions.iter().any(|s| s.iter().map(|d| d.unwrap()).eq(grid.iter().copied())));
}

#[test]
fn janko_lines_become_json_records() {
    // 4×4: 1234/3412/2143/4321, cages of two cells down each column pair of rows.
    let grid = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
    let cages: Vec<String> = (0..8)
        .map(|k| {
            let (top, col) = (k / 4 * 8, k % 4);
            format!("{}:{},{}", grid[top + col] + grid[top + col + 4], top + col, top + col + 4)
        })
        .collect();
    let solution: String = grid.iter().map(u8::to_string).collect();
    let line = format!("4 t_4x4 https://example.org {} {solution}\n", cages.join(";"));
    let run = sudoku(&["convert", "--from", "janko-killer", "-"], &line);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let record = Record::from_json(run.stdout.trim_end()).unwrap();
    assert_eq!((record.model.symbols, record.model.cages.len()), (4, 8));
    assert_eq!(record.model.regions.len(), 12, "rows, columns and 2x2 boxes");
}

/// A bad line is reported with its line and column and written in place as an error object;
/// the lines after it are converted; the exit status is 2.
#[test]
fn a_bad_line_keeps_the_output_aligned() {
    let (line, _) = krazydad_line("KD_ok");
    // The first cage letter (column 7, after the title) made a character no cage has.
    let bad = line.replacen(" A", " !", 1);
    let input = format!("{line}\n{bad}\n{line}\n");
    let run = sudoku(&["convert", "--from", "krazydad-killer"], &input);
    assert_eq!(run.code, 2);
    let out: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(out.len(), 3);
    assert!(out[1].starts_with("{\"line\":2,\"error\":"), "{}", out[1]);
    assert!(Record::from_json(out[2]).is_ok());
    assert!(run.stderr.starts_with("sudoku: <stdin>:2:7: "), "{}", run.stderr);
    assert!(run.stderr.contains("is not a cage letter"), "{}", run.stderr);
    let quiet = sudoku(&["-q", "convert", "--from", "krazydad-killer"], &input);
    assert_eq!((quiet.code, quiet.stderr.as_str()), (2, ""));
}

/// `sudoku encode` writes a puzzle as DLX text that `dlx` solves alike: a blank 9×9 is 324
/// items and 729 options; a classic puzzle's one solution read back from dlx's options is
/// sudoku's; a converted killer has as many solutions under dlx as under sudoku's engine.
#[test]
fn encoded_puzzles_solve_alike_under_dlx() {
    use crate::dlx_jobs::dlx;

    let blank = sudoku(&["encode"], &format!("{}\n", ".".repeat(81)));
    assert_eq!(blank.code, 0, "{}", blank.stderr);
    let mut lines = blank.stdout.lines();
    assert_eq!(lines.next().unwrap().split_whitespace().count(), 324);
    assert_eq!(lines.count(), 729);

    let puzzle =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n";
    let solved = sudoku(&["solve"], puzzle).stdout;
    let encoded = sudoku(&["encode", "-"], puzzle).stdout;
    let run = dlx(&["-q", "-"], &encoded);
    assert_eq!(run.code, 0, "{}", run.stderr);
    // Each option line starts with its cell item, then the row region's item for its digit.
    let mut grid = vec![b'.'; 81];
    for option in run.stdout.lines() {
        let mut names = option.split_whitespace();
        let cell = names.next().unwrap();
        let (row, col) = cell[1..].split_once('c').unwrap();
        let at = (row.parse::<usize>().unwrap() - 1) * 9 + col.parse::<usize>().unwrap() - 1;
        let digit = names.next().unwrap().split_once('#').unwrap().1;
        grid[at] = digit.as_bytes()[0];
    }
    assert_eq!(format!("{}\n", String::from_utf8(grid).unwrap()), solved);

    let (line, _) = krazydad_line("KD_dlx");
    let json = sudoku(&["convert", "--from", "krazydad-killer"], &format!("{line}\n")).stdout;
    let record = Record::from_json(json.trim_end()).unwrap();
    let engine = record.model.encode().unwrap().problem().solver().count();
    let encoded = sudoku(&["encode"], &json).stdout;
    assert_eq!(dlx(&["--count", "-q", "-"], &encoded).stdout, format!("{engine}\n"));
}

/// `sudoku encode` writes the matrix the engine searches, in one item vocabulary: the blank
/// grid of a variant (classic, X with diagonals, hyper, 6×6) is the template's very problem,
/// item names and order included (`R1#1`, `C..`, `B..`, `D..`, `W..`), which enumeration and
/// memoised counts search with the givens committed; so is a JSON line's, whose regions carry
/// no kinds and are read from their cells (a diagonal is then an extra region, `X1`, for the
/// template of its plain view as for the encoding).
// See: issue 23
#[test]
fn encode_writes_the_matrix_the_engine_searches() {
    use dancer_sudoku::{Model, Record, Rules, Template, Variant};

    /// The first line where two matrices differ (a whole matrix is too long to show).
    fn same(found: &str, expected: &str, what: &str) {
        let differ = found.lines().zip(expected.lines()).position(|(a, b)| a != b);
        let lines = (found.lines().count(), expected.lines().count());
        assert!(
            differ.is_none() && lines.0 == lines.1,
            "{what}: line {differ:?} differs ({lines:?} lines): {:?}",
            differ.map(|k| (found.lines().nth(k), expected.lines().nth(k)))
        );
    }

    let nine = Variant::standard(9).unwrap();
    let cases = [
        (&[][..], ".".repeat(81), nine.clone()),
        (&["--x"][..], ".".repeat(81), nine.clone().with_diagonals().unwrap()),
        (&["--hyper"][..], ".".repeat(81), nine.clone().with_hyper().unwrap()),
        (&[][..], ".".repeat(36), Variant::standard(6).unwrap()),
    ];
    for (options, blank, variant) in cases {
        let args: Vec<&str> = ["encode"].iter().chain(options).copied().collect();
        let encoded = sudoku(&args, &format!("{blank}\n"));
        assert_eq!(encoded.code, 0, "{}", encoded.stderr);
        same(
            &encoded.stdout,
            &Template::new(variant.clone()).problem().to_string(),
            &format!("{options:?}"),
        );
        // The JSON line of the same rules, whose regions carry no kinds.
        let mut model = Model::from_variant(&variant);
        model.kinds.clear();
        let view = Rules::new(&model).template().expect("a plain model").problem().to_string();
        let record = Record { name: "blank".to_owned(), model, solution: None, generated: None };
        let json = sudoku(&["encode"], &format!("{}\n", record.to_json()));
        same(&json.stdout, &view, &format!("{options:?} as a JSON line"));
    }
}

#[test]
fn encode_takes_one_puzzle_and_names_bad_json_lines() {
    let two = sudoku(&["encode"], &format!("{}\n{}\n", ".".repeat(81), ".".repeat(81)));
    assert_eq!(two.code, 2);
    assert!(two.stderr.contains("the input has 2 puzzles"), "{}", two.stderr);
    let bad = sudoku(&["encode"], "{\"name\":\"x\",\"width\":4}\n");
    assert_eq!(bad.code, 2);
    assert!(bad.stderr.contains("<stdin>:1:1: field `height`: missing"), "{}", bad.stderr);
    // A line that is no JSON object is named as the batch subcommands name it: one reading of
    // JSON lines, the library's (`Record::from_line`).
    let record = r#"{"name":"a","width":4,"height":4,"symbols":4,"regions":[]}"#;
    let not_object = sudoku(&["encode"], &format!("{record}\n  4..1\n"));
    assert_eq!(not_object.code, 2);
    let message =
        "<stdin>:2:1: not a JSON object, an f-puzzles link or an ISS line: the input is JSON lines";
    assert!(not_object.stderr.contains(message), "{}", not_object.stderr);
}

/// An Andoku line (made here: a shifted-pattern grid, standard boxes, colour regions) converts
/// to a record with its nine colour regions beside the 27 of the grid.
#[test]
fn andoku_lines_become_json_records() {
    let grid: Vec<u8> = (0..81u8).map(|c| (c / 9 * 3 + c / 27 + c % 9) % 9 + 1).collect();
    let solution: String = grid.iter().map(|d| char::from(b'0' + d)).collect();
    let givens: String =
        solution.chars().enumerate().map(|(k, d)| if k % 3 == 0 { d } else { '.' }).collect();
    let line = format!("standard C 1 0 {givens} - {solution}\n");
    let run = sudoku(&["convert", "--from", "andoku"], &line);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let record = Record::from_json(run.stdout.trim_end()).unwrap();
    assert_eq!((record.name.as_str(), record.model.regions.len()), ("standard-C-1-0", 36));
    assert_eq!(record.model.givens.iter().flatten().count(), 27);
    let bad = sudoku(&["convert", "--from", "andoku"], &line.replace(" C ", " Q "));
    assert!(bad.stderr.contains(":1:10: extra 'Q' is not N, X, H, P or C"), "{}", bad.stderr);
}

/// A 4×4 killer in `janko_puzzlekit`'s form (sums in one cell of each cage, opaque cage ids),
/// its solution 1234/3412/2143/4321.
const JANKO_KILLER: &str = "4 4\n3 - 3 -\n- 5 - 6\n5 4 7 -\n4 - 3 -\n\
                            7 7 40 41\n12 9 9 41\n12 3 5 5\n88 3 21 21";
const JANKO_KILLER_SOLUTION: &str = "4 4\n1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1";

/// The digits of each record's solutions on the engine, at most `limit` of them.
fn solved(record: &Record, limit: usize) -> Vec<Vec<u8>> {
    let encoded = record.model.encode().unwrap();
    let mut solver = encoded.problem().solver();
    let found: Vec<_> = solver.solutions().take(limit).collect();
    found.iter().map(|s| encoded.grid(s).into_iter().map(|d| d.unwrap_or(0)).collect()).collect()
}

/// A `janko_puzzlekit` file laid out as published (`<Kind>/problems/<Kind>_puzzles.json` beside
/// `<Kind>/solutions/<Kind>_solutions.json`): the kind comes from the name, the solutions from
/// the sibling file, one record per key in the file's order; read back and solved, each is
/// unique and its published solution.
#[test]
fn janko_files_take_their_kind_and_solutions_from_their_place() {
    let scratch = tempfile::tempdir().unwrap();
    let write = |name: &str, text: String| {
        let path = scratch.path().join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text).unwrap();
        path.to_string_lossy().into_owned()
    };
    let puzzles = json!({"puzzles": {
        "9_4x4": {"id": "9_4x4", "difficult": 0, "problem": JANKO_KILLER},
        "10_4x4": {"id": "10_4x4", "problem": JANKO_KILLER.replacen("3 - 3 -", "- 3 3 -", 1)},
    }});
    let solutions = json!({"solutions": {
        "10_4x4": {"solution": JANKO_KILLER_SOLUTION},
        "9_4x4": {"solution": JANKO_KILLER_SOLUTION},
    }});
    write("KillerSudoku/solutions/KillerSudoku_solutions.json", solutions.to_string());
    let file = write("KillerSudoku/problems/KillerSudoku_puzzles.json", puzzles.to_string());
    let run = sudoku(&["convert", "--from", "janko", &file], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let records: Vec<Record> = run.stdout.lines().map(|l| Record::from_json(l).unwrap()).collect();
    let names: Vec<&str> = records.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(names, ["9_4x4", "10_4x4"], "the file's order");
    let published: Vec<u8> =
        JANKO_KILLER_SOLUTION.split_whitespace().skip(2).map(|d| d.parse().unwrap()).collect();
    for record in &records {
        assert_eq!(record.model.cages.len(), 9);
        assert_eq!(record.solution.as_ref(), Some(&published));
        assert_eq!(solved(record, 2), std::slice::from_ref(&published), "{}: unique", record.name);
    }
    // Without the sibling, no solutions; --solutions names one anywhere.
    let alone = write("elsewhere/KillerSudoku_puzzles.json", puzzles.to_string());
    let run = sudoku(&["convert", "--from", "janko", &alone], "");
    assert!(!run.stdout.contains("\"solution\""), "{}", run.stdout);
    let given = write("elsewhere/answers.json", solutions.to_string());
    let run = sudoku(&["convert", "--from", "janko", "--solutions", &given, &alone], "");
    assert_eq!(run.stdout.matches("\"solution\"").count(), 2, "{}", run.stderr);
}

/// Standard input needs --kind; a bad puzzle is written in place as {"key", "error"} and named
/// on stderr with its key, row and token; the exit status is then 2; skyscrapers are refused.
#[test]
fn janko_input_names_its_kind_and_bad_puzzles_by_key() {
    // A consecutive 4×4: the bars of the Latin square 2413/3142/4231/1324, its last digit given.
    let latin = "4 4\n- - - -\n- - - -\n- - - -\n- - - 4\n\
                 2 0 0 2\n10 2 2 10\n8 11 14 8\n0 9 12 0";
    let input = json!({"puzzles": {"c": {"problem": latin}}}).to_string();
    let none = sudoku(&["convert", "--from", "janko"], &input);
    assert_eq!(none.code, 2);
    assert!(none.stderr.contains("needs --kind"), "{}", none.stderr);
    let run = sudoku(&["convert", "--from", "janko", "--kind", "consecutive"], &input);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let record = Record::from_json(run.stdout.trim_end()).unwrap();
    assert_eq!((record.model.regions.len(), record.model.relations.len()), (8, 24));
    let solutions = solved(&record, 100);
    assert!(!solutions.is_empty());
    for grid in &solutions {
        assert_eq!(grid[15], 4);
        // The first mask row, 2 0 0 2: a bar below the first cell, none to its right.
        assert_eq!(grid[0].abs_diff(grid[4]), 1);
        assert_ne!(grid[0].abs_diff(grid[1]), 1, "no bar: not consecutive");
    }

    let even_odd = "4 4\n1 E O E\nO E O E\nE O E O\nE O E 1";
    let bad = even_odd.replace("O E O E", "O E Q E");
    let input = json!({"puzzles": {"a": {"problem": even_odd}, "b": {"problem": bad}, "c": {"problem": even_odd}}});
    let run =
        sudoku(&["convert", "--from", "janko", "--kind", "EvenOddSudoku", "-"], &input.to_string());
    assert_eq!(run.code, 2);
    let out: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(out.len(), 3);
    assert!(Record::from_json(out[0]).unwrap().model.parity.len() == 14);
    assert_eq!(
        out[1],
        json!({"key": "b", "error": "problem row 2, token 3: 'Q' is not a digit 1..4, 'E', 'O' or '-'"})
            .to_string()
    );
    assert!(Record::from_json(out[2]).is_ok());
    assert_eq!(
        run.stderr,
        "sudoku: <stdin>: key b: problem row 2, token 3: 'Q' is not a digit 1..4, 'E', 'O' or '-'\n"
    );
    let sky = sudoku(&["convert", "--from", "janko", "--kind", "skyscraper"], &input.to_string());
    assert_eq!((sky.code, sky.stdout.as_str()), (2, ""));
    assert!(sky.stderr.contains("skyscraper sudoku is not supported"), "{}", sky.stderr);
    let kind = sudoku(&["convert", "--from", "andoku", "--kind", "killer"], "");
    assert_eq!(kind.code, 2, "{}", kind.stderr);
}

/// The shipped sukakus: each blank cell's candidates are exactly the digits its row, column
/// and box leave among the classic puzzle's givens, and solved (on the engine) each gives the
/// classic puzzle's solution, uniquely.
#[test]
fn shipped_sukakus_are_their_classic_puzzles_pencilmarked() {
    let classic = std::fs::read_to_string(crate::util::data("puzzles/classic.txt")).unwrap();
    let classic: Vec<(&str, &str)> = classic
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let fields: Vec<&str> = l.split(':').collect();
            (fields[0], fields[2])
        })
        .collect();
    let sukakus =
        std::fs::read_to_string(crate::util::data("variants/sukaku-classic.txt")).unwrap();
    let lines: Vec<&str> = sukakus.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(lines.len(), 4);
    for (line, (puzzle, _)) in lines.iter().zip(&classic) {
        let givens: Vec<u8> =
            puzzle.bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect();
        let marks = line.split_whitespace().next().unwrap().as_bytes();
        for cell in 0..81 {
            let seen = |d: u8| {
                (0..81).any(|other: usize| {
                    let (r, c, or, oc) = (cell / 9, cell % 9, other / 9, other % 9);
                    let peer = r == or || c == oc || (r / 3 == or / 3 && c / 3 == oc / 3);
                    other != cell && peer && givens[other] == d
                })
            };
            for d in 1..=9u8 {
                let marked = marks[cell * 9 + usize::from(d) - 1] == b'0' + d;
                let expected = if givens[cell] == 0 { !seen(d) } else { givens[cell] == d };
                assert_eq!(marked, expected, "{line}: cell {cell}, digit {d}");
            }
        }
    }
    let converted = sudoku(
        &["convert", "--from", "sukaku", &crate::util::data("variants/sukaku-classic.txt")],
        "",
    );
    assert_eq!(converted.code, 0, "{}", converted.stderr);
    let solved = sudoku(&["solve", "--unique"], &converted.stdout);
    let expected: Vec<&str> = classic.iter().take(4).map(|&(_, solution)| solution).collect();
    assert_eq!(solved.stdout.lines().collect::<Vec<_>>(), expected);
}

/// `--from puzzles`: the usual formats under the variant options become records with the
/// variant's regions and the givens; solved, they answer as the puzzles do; a bad puzzle is
/// in place.
#[test]
fn puzzles_in_the_usual_formats_become_records() {
    let classic = crate::util::data("puzzles/classic.txt");
    let converted = sudoku(&["convert", "--from", "puzzles", &classic], "");
    assert_eq!(converted.code, 0, "{}", converted.stderr);
    let record = Record::from_json(converted.stdout.lines().next().unwrap()).unwrap();
    assert_eq!(
        (record.model.regions.len(), record.model.givens.iter().flatten().count()),
        (27, 17)
    );
    let solved = sudoku(&["solve"], &converted.stdout);
    assert_eq!(solved.stdout, sudoku(&["solve", &classic], "").stdout);
    // The flat files' kinds go by the names the docs give them.
    let kd = sudoku(
        &["convert", "--from", "krazydad-16x16"],
        &format!("IM 1 2 3 f{}\n", ".".repeat(255)),
    );
    let kd = Record::from_json(kd.stdout.trim()).unwrap();
    assert_eq!((kd.name.as_str(), kd.model.givens[0]), ("IM-1-2-3", Some(16)));
    let x = sudoku(&["convert", "--from", "puzzles", "--x"], &format!("{}\n", ".".repeat(81)));
    assert_eq!(Record::from_json(x.stdout.trim()).unwrap().model.regions.len(), 29);
    let bad = sudoku(
        &["convert", "--from", "puzzles"],
        &format!("{}\n{}x\n{}\n", ".".repeat(81), ".".repeat(80), ".".repeat(81)),
    );
    let out: Vec<&str> = bad.stdout.lines().collect();
    assert_eq!((out.len(), bad.code), (3, 2));
    assert!(out[1].starts_with("{\"line\":2,\"error\":"), "{}", out[1]);
}
