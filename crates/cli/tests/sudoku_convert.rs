//! `sudoku convert` and `sudoku encode`: published killer formats to JSON lines that read back
//! to the same puzzle, one output line per puzzle line (a bad one in place, with its place on
//! stderr); any puzzle as DLX text that `dlx` solves alike.

use dancer_sudoku::Record;

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

#[test]
fn encode_takes_one_puzzle_and_names_bad_json_lines() {
    let two = sudoku(&["encode"], &format!("{}\n{}\n", ".".repeat(81), ".".repeat(81)));
    assert_eq!(two.code, 2);
    assert!(two.stderr.contains("the input has 2 puzzles"), "{}", two.stderr);
    let bad = sudoku(&["encode"], "{\"name\":\"x\",\"width\":4}\n");
    assert_eq!(bad.code, 2);
    assert!(bad.stderr.contains("<stdin>:1: field `height`: missing"), "{}", bad.stderr);
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
