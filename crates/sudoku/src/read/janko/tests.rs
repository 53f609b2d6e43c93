//! Each kind's reader on small problems written here: the model's solutions equal a filter of
//! every grid of its size by the kind's rule, computed here; bad input is refused at its place.

use super::*;
use crate::variant::Variant;

/// Every solution of `model`, sorted.
fn solutions(model: &Model) -> Vec<Vec<Digit>> {
    let encoded = model.encode().expect("a valid model encodes");
    let mut grids: Vec<Vec<Digit>> = encoded
        .problem()
        .solver()
        .solutions()
        .map(|s| encoded.grid(&s).into_iter().map(|d| d.unwrap_or(0)).collect())
        .collect();
    grids.sort();
    grids
}

/// The grids of `blank` (every 4×4 sudoku, or Latin square) that `keep` accepts.
fn filtered(blank: &Variant, keep: impl Fn(&[Digit]) -> bool) -> Vec<Vec<Digit>> {
    solutions(&Model::from_variant(blank)).into_iter().filter(|g| keep(g)).collect()
}

/// A grid written as rows of digits.
fn rows(grid: &[Digit], n: usize) -> String {
    let row = |r: usize| grid[r * n..(r + 1) * n].iter().map(Digit::to_string).collect::<Vec<_>>();
    (0..n).map(|r| row(r).join(" ")).collect::<Vec<_>>().join("\n")
}

const GRID: [Digit; 16] = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];

fn message(result: Result<Record, JankoError>) -> String {
    result.expect_err("refused").to_string()
}

#[test]
fn sudoku_has_standard_boxes_and_its_givens() {
    let problem = "4 4\n1 - - -\n- - 1 -\n- 1 - -\n- - - 1";
    let record =
        janko(JankoKind::Sudoku, "k", problem, Some(&format!("4 4\n{}", rows(&GRID, 4)))).unwrap();
    let standard = Variant::standard(4).unwrap();
    let expected = filtered(&standard, |g| [0, 6, 9, 15].iter().all(|&c| g[c] == 1));
    assert_eq!(solutions(&record.model), expected);
    assert!(expected.contains(&GRID.to_vec()));
    assert_eq!(record.solution.as_deref(), Some(&GRID[..]));
    let bad =
        message(janko(JankoKind::Sudoku, "k_4x4", &problem.replace("1 - - -", "1 x - -"), None));
    assert_eq!(bad, "key k_4x4: problem row 1, token 2: 'x' is not a digit 1..4 or '-'");
    let five = message(janko(JankoKind::Sudoku, "k", &problem.replacen('1', "5", 1), None));
    assert!(five.contains("'5' is not a digit 1..4"), "{five}");
    // A solution is read from its first rows only: one published solution repeats itself.
    let twice = format!("4 4\n{}\n[solution]\n{}", rows(&GRID, 4), rows(&GRID, 4));
    let record = janko(JankoKind::Sudoku, "k", problem, Some(&twice)).unwrap();
    assert_eq!(record.solution.as_deref(), Some(&GRID[..]));
    let solution = |text: &str| message(janko(JankoKind::Sudoku, "k", problem, Some(text)));
    let header = solution(&format!("5 5\n{}", rows(&GRID, 4)));
    assert_eq!(header, "key k: solution header '5 5' is not the problem's '4 4'");
    let blank = solution(&format!("4 4\n- {}", &rows(&GRID, 4)[2..]));
    assert_eq!(blank, "key k: solution row 1, token 1: a used cell without a digit");
}

#[test]
fn jigsaw_pieces_are_grouped_by_id_and_x_keys_get_diagonals() {
    // Ids 1, 2, 3, 5 (one skipped, as in a published one), pieces that are not boxes.
    let ids = "1 1 1 2\n3 1 2 2\n3 3 5 2\n3 5 5 5";
    let problem = format!("4 4\n- - - -\n- - - -\n- - - -\n- - - 1\n{ids}");
    let record = janko(JankoKind::Jigsaw, "1_4x4", &problem, None).unwrap();
    let pieces = [vec![0, 1, 2, 5], vec![3, 6, 7, 11], vec![4, 8, 9, 12], vec![10, 13, 14, 15]];
    let in_piece =
        |g: &[Digit]| pieces.iter().all(|p| (1..=4).all(|d| p.iter().any(|&c| g[c] == d)));
    let expected = filtered(&Variant::latin(4).unwrap(), |g| in_piece(g) && g[15] == 1);
    assert!(!expected.is_empty());
    assert_eq!(solutions(&record.model), expected);
    let six = |key: &str| {
        let givens = "- - - - - -\n".repeat(6);
        let boxes = "1 1 1 2 2 2\n1 1 1 2 2 2\n3 3 3 4 4 4\n3 3 3 4 4 4\n5 5 5 6 6 6\n5 5 5 6 6 6";
        janko(JankoKind::Jigsaw, key, &format!("6 6\n{givens}{boxes}"), None).unwrap()
    };
    assert_eq!(six("650_6x6").model.regions.len(), 18);
    assert_eq!(six("651_6x6").model.regions.len(), 20, "jigsaw-X: both diagonals");
    let bad = message(janko(JankoKind::Jigsaw, "k", &problem.replace("3 5 5 5", "3 5 5 3"), None));
    assert!(bad.starts_with("key k: problem rows 5-8 (regions): "), "{bad}");
}

#[test]
fn killer_cages_take_the_sum_written_in_any_of_their_cells() {
    // Opaque ids; cage 40's sum is written in its last cell, cage 12's in its second; the row
    // of sums has runs of blanks.
    let sums = "3 - - -\n-   5 - 9\n5 4 7 -\n4 - 3 -";
    let ids = "7 7 40 40\n12 9 9 40\n12 3 5 5\n88 3 21 21";
    let problem = format!("4 4\n{sums}\n{ids}");
    let record = janko(JankoKind::Killer, "k", &problem, None).unwrap();
    let cages = [
        (vec![0, 1], 3),
        (vec![2, 3, 7], 9),
        (vec![4, 8], 5),
        (vec![5, 6], 5),
        (vec![9, 13], 4),
        (vec![10, 11], 7),
        (vec![12], 4),
        (vec![14, 15], 3),
    ];
    let sum = |g: &[Digit], cells: &[usize]| cells.iter().map(|&c| u32::from(g[c])).sum::<u32>();
    let expected =
        filtered(&Variant::standard(4).unwrap(), |g| cages.iter().all(|(c, s)| sum(g, c) == *s));
    assert!(expected.contains(&GRID.to_vec()));
    assert_eq!(solutions(&record.model), expected);
    assert_eq!(record.model.cages.len(), 8);
    let twice =
        message(janko(JankoKind::Killer, "k", &problem.replacen("3 - - -", "3 1 - -", 1), None));
    assert_eq!(twice, "key k: problem row 1, token 2: a second sum for cage '7'");
    let none =
        message(janko(JankoKind::Killer, "k", &problem.replacen("4 - 3 -", "- - 3 -", 1), None));
    assert_eq!(none, "key k: problem row 8, token 1: cage '88' has no sum");
    let short = message(janko(JankoKind::Killer, "k", &format!("4 4\n{sums}"), None));
    assert_eq!(short, "key k: problem has 4 rows after its header '4 4', not 8");
}

/// The bar masks of a grid: 1 right, 2 down, 4 left, 8 up, where the neighbours are
/// consecutive.
fn masks(grid: &[Digit], n: usize) -> String {
    let next = |a: usize, b: usize| grid[a].abs_diff(grid[b]) == 1;
    let mask = |c: usize| {
        let (row, col) = (c / n, c % n);
        u8::from(col + 1 < n && next(c, c + 1))
            | u8::from(row + 1 < n && next(c, c + n)) << 1
            | u8::from(col > 0 && next(c, c - 1)) << 2
            | u8::from(row > 0 && next(c, c - n)) << 3
    };
    rows(&(0..n * n).map(mask).collect::<Vec<_>>(), n)
}

#[test]
fn consecutive_bars_and_their_absence_both_constrain_a_latin_square() {
    let latin = [2, 4, 1, 3, 3, 1, 4, 2, 4, 2, 3, 1, 1, 3, 2, 4];
    let problem = format!("4 4\n{}\n{}", "- - - -\n".repeat(4).trim_end(), masks(&latin, 4));
    let record = janko(JankoKind::Consecutive, "k", &problem, None).unwrap();
    assert_eq!(record.model.regions.len(), 8, "rows and columns only");
    assert_eq!(record.model.relations.len(), 24, "every neighbour pair once");
    let pairs = (0..16).flat_map(|c| [(c, c + 1, c % 4 < 3), (c, c + 4, c < 12)]);
    let pairs: Vec<(usize, usize)> = pairs.filter(|p| p.2).map(|(a, b, _)| (a, b)).collect();
    let same_bars = |g: &[Digit]| {
        pairs.iter().all(|&(a, b)| (g[a].abs_diff(g[b]) == 1) == (latin[a].abs_diff(latin[b]) == 1))
    };
    let expected = filtered(&Variant::latin(4).unwrap(), same_bars);
    assert!(expected.contains(&latin.to_vec()));
    assert_eq!(solutions(&record.model), expected);
    // The first mask row is row 5.
    let lines: Vec<&str> = problem.lines().collect();
    let with_row = |row: usize, text: &str| {
        let mut lines = lines.clone();
        lines[row] = text;
        lines.join("\n")
    };
    let one_sided = message(janko(JankoKind::Consecutive, "k", &with_row(5, "1 0 0 0"), None));
    assert!(
        one_sided.starts_with("key k: problem row 5, token 1: the bar to the right"),
        "{one_sided}"
    );
    let off = message(janko(JankoKind::Consecutive, "k", &with_row(5, "8 0 0 0"), None));
    assert_eq!(off, "key k: problem row 5, token 1: a bar points off the grid");
    let big = message(janko(JankoKind::Consecutive, "k", &with_row(6, "0 16 0 0"), None));
    assert_eq!(big, "key k: problem row 6, token 2: '16' is not a bar mask 0..15");
}

#[test]
fn even_odd_marks_are_parity() {
    let problem = "4 4\n1 E O E\nO E O E\nE O E O\nE O E 1";
    let record = janko(JankoKind::EvenOdd, "k", problem, None).unwrap();
    assert_eq!(record.model.parity.len(), 14);
    let marks: Vec<&str> = problem.split_whitespace().skip(2).collect();
    let fits = |g: &[Digit]| {
        marks.iter().zip(g).all(|(&mark, &d)| match mark {
            "E" => d % 2 == 0,
            "O" => d % 2 == 1,
            given => given == d.to_string(),
        })
    };
    let expected = filtered(&Variant::standard(4).unwrap(), fits);
    assert!(expected.contains(&GRID.to_vec()));
    assert_eq!(solutions(&record.model), expected);
    let bad = message(janko(JankoKind::EvenOdd, "k", &problem.replace("1 E", "1 e"), None));
    assert_eq!(bad, "key k: problem row 1, token 2: 'e' is not a digit 1..4, 'E', 'O' or '-'");
}

#[test]
fn margin_clues_sum_the_three_cells_nearest_their_edge() {
    let grid: Vec<Digit> = (0..81u8).map(|c| (c / 9 * 3 + c / 27 + c % 9) % 9 + 1).collect();
    let sum =
        |cells: [usize; 3]| cells.iter().map(|&c| u32::from(grid[c])).sum::<u32>().to_string();
    let clues = |cells: &dyn Fn(usize) -> [usize; 3]| {
        (0..9).map(|i| sum(cells(i))).collect::<Vec<_>>().join(" ")
    };
    let top = clues(&|i| [i, 9 + i, 18 + i]);
    let bottom = clues(&|i| [72 + i, 63 + i, 54 + i]);
    let left = clues(&|i| [9 * i, 9 * i + 1, 9 * i + 2]);
    let right = clues(&|i| [9 * i + 8, 9 * i + 7, 9 * i + 6]);
    // All givens but the first two rows, whose digits the clues then decide.
    let given = |c: usize| if c < 18 { "-".to_owned() } else { grid[c].to_string() };
    let givens: Vec<String> =
        (0..9).map(|r| (r * 9..r * 9 + 9).map(given).collect::<Vec<_>>().join(" ")).collect();
    let problem = format!("9 9\n{top}\n{bottom}\n{left}\n{right}\n{}", givens.join("\n"));
    let record =
        janko(JankoKind::Margin, "k", &problem, Some(&format!("9 9\n{}", rows(&grid, 9)))).unwrap();
    assert_eq!(record.model.cages.len(), 36);
    assert_eq!(record.model.cages[9].cells, [72, 63, 54], "the first bottom clue");
    assert_eq!(record.model.cages[35].cells, [80, 79, 78], "the last right clue");
    let found = solutions(&record.model);
    assert_eq!(found, std::slice::from_ref(&grid));
    let six = message(janko(
        JankoKind::Margin,
        "k",
        &format!("6 6\n{}", "- - - - - -\n".repeat(10)),
        None,
    ));
    assert_eq!(six, "key k: problem header '6 6': margin sudoku is 9 9");
}

#[test]
fn multi_grids_take_their_used_cells_from_the_layout() {
    let samurai = Layout::Samurai;
    let blank = vec!["- ".repeat(21).trim_end().to_owned(); 21];
    let problem = |rows: &[String]| format!("21 21\n{}", rows.join("\n"));
    let record = janko(JankoKind::Multi(samurai), "k", &problem(&blank), None).unwrap();
    assert_eq!(record.model, samurai.model());
    // A solution of the blank samurai, written as janko.at does: `-` on unused cells.
    let solution: Vec<Digit> = solutions_first(&record.model);
    let tokens: Vec<String> =
        solution.iter().map(|&d| if d == 0 { "-".to_owned() } else { d.to_string() }).collect();
    let text: Vec<String> = tokens.chunks(21).map(|row| row.join(" ")).collect();
    let mut given = blank.clone();
    given[0] = text[0].clone();
    let solved = janko(
        JankoKind::Multi(samurai),
        "k",
        &problem(&given),
        Some(&format!("21 21\n{}", text.join("\n"))),
    );
    let solved = solved.unwrap();
    assert_eq!(solved.solution, Some(solution.clone()));
    assert_eq!(solved.model.givens.iter().flatten().count(), 18);
    given[0] = given[0].replacen('-', "5", 1);
    let outside = message(janko(JankoKind::Multi(samurai), "k", &problem(&given), None));
    assert_eq!(outside, "key k: problem row 1, token 10: a given outside the samurai's grids");
    let wrong = message(janko(JankoKind::Multi(Layout::Butterfly), "k", &problem(&blank), None));
    assert_eq!(wrong, "key k: problem header '21 21': a butterfly is '12 12'");
    let mut digit = text.clone();
    digit[0] = digit[0].replacen('-', "5", 1);
    let on_unused = janko(
        JankoKind::Multi(samurai),
        "k",
        &problem(&blank),
        Some(&format!("21 21\n{}", digit.join("\n"))),
    );
    assert_eq!(message(on_unused), "key k: solution row 1, token 10: a digit on an unused cell");
}

fn solutions_first(model: &Model) -> Vec<Digit> {
    let encoded = model.encode().unwrap();
    let first = encoded.problem().solver().solutions().next().unwrap();
    encoded.grid(&first).into_iter().map(|d| d.unwrap_or(0)).collect()
}

#[test]
fn files_keep_their_key_order_and_name_bad_puzzles() {
    let problem = |first: &str| format!("4 4\n{first}\n- - - -\n- - - -\n- - - -");
    let puzzles = serde_json::json!({
        "count": 4,
        "puzzles": {
            "10_4x4": {"id": "10_4x4", "difficult": 0, "problem": problem("1 - - -")},
            "2_4x4": {"id": "2_4x4", "difficulty": null, "problem": problem("1 x - -")},
            "3_4x4": {"id": "3_4x4", "problem": problem("- - - 4")},
            "4_4x4": {"id": "4_4x4", "problem": problem("- - - -")},
        },
    });
    let solved = format!("4 4\n{}", rows(&GRID, 4));
    let solutions = serde_json::json!({"solutions": {
        "3_4x4": {"solution": solved},
        "10_4x4": {"solution": solved},
        "2_4x4": {"solution": solved},
        "99_4x4": {"solution": solved},
    }});
    let read = janko_puzzles(JankoKind::Sudoku, &puzzles.to_string(), Some(&solutions.to_string()));
    let read = read.unwrap();
    assert_eq!(read.len(), 4);
    assert_eq!(read[0].as_ref().unwrap().name, "10_4x4");
    assert!(read[1]
        .as_ref()
        .unwrap_err()
        .to_string()
        .starts_with("key 2_4x4: problem row 1, token 2"));
    assert_eq!(read[2].as_ref().unwrap().solution.as_deref(), Some(&GRID[..]));
    let missing = read[3].as_ref().unwrap_err();
    assert_eq!(missing.to_string(), "key 4_4x4: no solution in the solutions file");
    let without = janko_puzzles(JankoKind::Sudoku, &puzzles.to_string(), None).unwrap();
    assert!(without[3].as_ref().is_ok_and(|record| record.solution.is_none()));

    let file_error = |text: &str| janko_puzzles(JankoKind::Sudoku, text, None).unwrap_err();
    let broken = file_error("{\"puzzles\": {\n");
    assert_eq!(broken.key, None);
    assert!(broken.message.starts_with("the puzzles file is not JSON: "), "{broken}");
    assert!(broken.message.contains("line 2"), "{broken}");
    assert_eq!(
        file_error("{\"solutions\": {}}").message,
        "the puzzles file has no \"puzzles\" object"
    );
    let entry = janko_puzzles(JankoKind::Sudoku, "{\"puzzles\": {\"k\": {\"problem\": 4}}}", None);
    assert_eq!(entry.unwrap()[0].as_ref().unwrap_err().to_string(), "key k: no \"problem\" string");
    let refused = janko_puzzles(JankoKind::Skyscraper, &puzzles.to_string(), None).unwrap_err();
    assert!(refused.message.starts_with("skyscraper sudoku is not supported"), "{refused}");
    assert!(janko(JankoKind::Skyscraper, "k", &problem("- - - -"), None).is_err());
}

#[test]
fn kinds_are_named_by_directory_or_short_name() {
    assert_eq!(JankoKind::all().len(), 16);
    for kind in JankoKind::all() {
        assert_eq!(kind.directory().parse(), Ok(kind), "{kind}");
        assert_eq!(kind.name().parse(), Ok(kind), "{kind}");
    }
    assert_eq!(JankoKind::Multi(Layout::Gattai8).directory(), "Gattai8Sudoku");
    assert_eq!(JankoKind::EvenOdd.directory(), "EvenOddSudoku");
    assert_eq!("Sudoku".parse(), Ok(JankoKind::Sudoku));
    assert_eq!("even_odd".parse(), Ok(JankoKind::EvenOdd));
    assert_eq!("GATTAI8".parse(), Ok(JankoKind::Multi(Layout::Gattai8)));
    assert!("hexagon".parse::<JankoKind>().is_err());
}
