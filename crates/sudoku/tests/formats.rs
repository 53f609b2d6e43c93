//! Puzzle formats: every accepted form read back to the same grid, a corpus of bad records
//! with their kinds and positions, the shared data files, and property tests that printing
//! round-trips and that no input panics.

use crate::fixtures::shared;
use std::path::{Path, PathBuf};

use dancer_sudoku::{
    digit_of, line, parse_puzzle, pretty, puzzles, puzzles_sized, symbol, Grid, ParseError,
    ParseErrorKind as Kind, Variant, MAX_LINE_BYTES,
};
use proptest::prelude::*;

const CLASSIC: &str =
    "4..95.1..8.7.2...6..34..9.852...6.3.9...7...4.1.8.3.526.5..93..2...3.4.1..1.84..5";

/// A grid from symbols; the tests' own inputs are valid.
fn grid(size: usize, symbols: &str) -> Grid {
    Grid::from_cells(size, symbols.chars().map(|c| digit_of(c).unwrap()).collect())
}

/// A full N×N solution with B×B boxes, some cells blanked: enough digits to exercise letters.
fn patterned(b: usize) -> Grid {
    let n = b * b;
    let cells = (0..n * n).map(|k| (k / n, k % n)).map(|(r, c)| {
        if (r * n + c) % 7 == 3 {
            0
        } else {
            (b * (r % b) + r / b + c) % n + 1
        }
    });
    Grid::from_cells(n, cells.map(|d| d as u8).collect())
}

/// Every record of `text` as line numbers: `Ok(line)` or `Err((line, column, kind))`.
fn outline(text: &str) -> Vec<Result<usize, (usize, usize, Kind)>> {
    puzzles(text).map(|r| r.map(|p| p.line).map_err(|e| (e.line, e.column, e.kind))).collect()
}

fn error(text: &str) -> ParseError {
    parse_puzzle(text).expect_err("a bad record")
}

#[test]
fn line_format_with_trailing_fields_and_comments() {
    let classic = parse_puzzle(CLASSIC).unwrap();
    assert_eq!((classic.grid.size(), classic.line, classic.extra), (9, 1, None));
    assert_eq!(classic.grid.to_string(), CLASSIC);
    let text = format!(
        "# header\n\n{CLASSIC}:1:{}\n{}  3 # note \n",
        "4".repeat(81),
        CLASSIC.replace('.', "0")
    );
    let read: Vec<_> = puzzles(&text).map(Result::unwrap).collect();
    assert_eq!(read.len(), 2);
    assert_eq!((read[0].line, read[1].line), (3, 4));
    assert_eq!(read[0].extra.as_deref(), Some(format!(":1:{}", "4".repeat(81)).as_str()));
    assert_eq!(read[1].extra.as_deref(), Some("  3 # note"));
    assert_eq!(read[1].grid, classic.grid);
    // `_` blanks, CRLF, a BOM and indentation change nothing.
    let dressed = format!("\u{feff}\t{}\r\n", CLASSIC.replace('.', "_"));
    assert_eq!(parse_puzzle(&dressed).unwrap().grid, classic.grid);
}

#[test]
fn contest_format_is_one_line_of_groups() {
    let contest =
        "030605000 600090002 070100006 090000000 810050069 000000080 400003020 900020005 000908030";
    let puzzle = parse_puzzle(contest).unwrap();
    assert_eq!(puzzle.grid, parse_puzzle(&contest.replace(' ', "")).unwrap().grid);
    let commented = parse_puzzle(&format!("{contest}  # from a contest")).unwrap();
    assert_eq!(
        (commented.grid, commented.extra.as_deref()),
        (puzzle.grid, Some("  # from a contest"))
    );
    let bad = error("1.3. ..2. .4.. 3..5");
    assert_eq!(
        (bad.line, bad.column, bad.kind),
        (1, 19, Kind::DigitTooLarge { text: "5".into(), size: 4 })
    );
}

#[test]
fn grids_in_every_dress_read_the_same() {
    let classic = grid(9, CLASSIC);
    let rows: Vec<&str> = (0..9).map(|r| &CLASSIC[r * 9..r * 9 + 9]).collect();
    let bare = rows.join("\n");
    let boxed = "+-------+-------+-------+\n".to_owned()
        + &rows
            .iter()
            .enumerate()
            .map(|(r, row)| {
                let cells: Vec<String> = row.chars().map(String::from).collect();
                let line = format!(
                    "| {} | {} | {} |\n",
                    cells[..3].join(" "),
                    cells[3..6].join(" "),
                    cells[6..].join(" ")
                );
                if r % 3 == 2 {
                    line + "+=======+=======+=======+\n"
                } else {
                    line
                }
            })
            .collect::<String>();
    let commas = rows
        .iter()
        .map(|row| {
            row.chars()
                .map(|c| if c == '.' { String::new() } else { c.into() })
                .collect::<Vec<_>>()
                .join(", ")
        })
        .collect::<Vec<_>>()
        .join("\r\n");
    let spaced_boxes = rows
        .iter()
        .map(|row| format!("{} {} {}  # row", &row[..3], &row[3..6], &row[6..]))
        .collect::<Vec<_>>()
        .join("\n");
    for text in
        [bare, boxed, commas, spaced_boxes, pretty(&classic, &Variant::standard(9).unwrap())]
    {
        let puzzle = parse_puzzle(&text).unwrap_or_else(|e| panic!("{e} in\n{text}"));
        assert_eq!(puzzle.grid, classic, "{text}");
    }
}

#[test]
fn grids_are_separated_by_blank_lines() {
    let four = "1 . | . 4\n. 4 | 1 .\n----+----\n. 1 | 4 .\n4 . | . 1\n";
    let text = format!("# two grids and a line\n{four}\n\n{four}\r\n{CLASSIC}\n");
    assert_eq!(outline(&text), [Ok(2), Ok(9), Ok(15)]);
    // Numbers for sizes above 9, with blanks between commas as in .sdk files.
    let twelve =
        "0, 1, 0, 0, 0, 0, 4, 0, 0, 7, 3, 0\n".repeat(11) + "8, 10, 11, , , 7, 0, 0, 0, 0, 9, 12";
    let grid = parse_puzzle(&twelve).unwrap().grid;
    assert_eq!(grid.size(), 12);
    assert_eq!(&grid.cells()[132..], [8, 10, 11, 0, 0, 7, 0, 0, 0, 0, 9, 12]);
}

#[test]
fn letters_for_sixteen_and_twenty_five_in_either_case() {
    for b in [4, 5] {
        let grid = patterned(b);
        let text = line(&grid);
        assert!(text.contains(symbol(grid.size() as u8)), "{text}");
        assert_eq!(parse_puzzle(&text).unwrap().grid, grid);
        assert_eq!(parse_puzzle(&text.to_lowercase()).unwrap().grid, grid);
    }
    assert_eq!(parse_puzzle("123456789abc").unwrap_err().kind, Kind::NotSquare(12));
    let twelve: String = (0..144).map(|k| if k % 13 == 0 { 'c' } else { '.' }).collect();
    assert_eq!(parse_puzzle(&twelve).unwrap().grid.cells()[0], 12);
}

#[test]
fn bad_records_name_kind_line_and_column() {
    let mut star = CLASSIC.to_owned();
    star.replace_range(11..12, "*");
    let g144 = format!("{}G{}", ".".repeat(20), ".".repeat(123));
    let ragged = CLASSIC.as_bytes().chunks(9).enumerate().map(|(r, row)| {
        let row = std::str::from_utf8(row).unwrap();
        let row = if r == 4 { &row[..8] } else { row };
        row.chars().map(String::from).collect::<Vec<_>>().join(" ")
            + if r == 2 { "\n-----------------" } else { "" }
    });
    let ragged = format!("\n{}", ragged.collect::<Vec<_>>().join("\n"));
    let cases: Vec<(String, usize, usize, Kind)> = vec![
        (CLASSIC[..80].into(), 1, 1, Kind::NotSquare(80)),
        (format!("  {CLASSIC}1"), 1, 3, Kind::NotSquare(82)),
        (star, 1, 12, Kind::BadSymbol('*')),
        (CLASSIC.replacen('.', "X", 1), 1, 2, Kind::DigitTooLarge { text: "X".into(), size: 9 }),
        (CLASSIC.replacen('.', "a", 1), 1, 2, Kind::DigitTooLarge { text: "a".into(), size: 9 }),
        (g144, 1, 21, Kind::DigitTooLarge { text: "G".into(), size: 12 }),
        (ragged, 7, 1, Kind::RaggedRow { row: 5, found: 8, expected: 9 }),
        ("5 3 *\n. . .\n. . .".into(), 1, 5, Kind::BadSymbol('*')),
        (
            "0, 5, 0, 0\n0,0,0,0\n0,0,0,0\n0,0,0,0".into(),
            1,
            4,
            Kind::DigitTooLarge { text: "5".into(), size: 4 },
        ),
        ("1, 2x, 3, 4\n0,0,0,0\n0,0,0,0\n0,0,0,0".into(), 1, 4, Kind::BadCell("2x".into())),
        ("1 2 3 4\n1 2 3 4\n1 2 3 4".into(), 1, 1, Kind::NotSquareGrid { rows: 3, columns: 4 }),
        ("53..7....\n".repeat(8), 1, 1, Kind::NotSquareGrid { rows: 8, columns: 9 }),
        ("1,2,3".into(), 1, 1, Kind::NotSquare(3)),
        (":1:2".into(), 1, 1, Kind::BadSymbol(':')),
        (".".repeat(36 * 36), 1, 1, Kind::TooLarge(36)),
        ("x".repeat(MAX_LINE_BYTES + 1), 1, 1, Kind::LineTooLong),
        ("# nothing\n\n".into(), 1, 1, Kind::Empty),
        (format!("{CLASSIC}\n\n{CLASSIC}"), 3, 1, Kind::MorePuzzles),
    ];
    for (text, line, column, kind) in cases {
        let e = error(&text);
        assert_eq!(
            (e.line, e.column, &e.kind),
            (line, column, &kind),
            "{}",
            &text[..text.len().min(200)]
        );
    }
    let x = error(&CLASSIC.replacen('.', "X", 5)).to_string();
    assert_eq!(x, "1:2: 'X' is not a digit of a 9x9 sudoku (digits are 1 to 9)");
    assert!(error(&format!("{}G", ".".repeat(143)))
        .to_string()
        .ends_with("(digits are 1-9 and A-C)"));
}

#[test]
fn a_bad_record_is_one_error_between_good_ones() {
    assert!(outline("").is_empty());
    assert!(outline("# only a comment\n\n  \n---+---\n").is_empty());
    let text = format!("{CLASSIC}\n{}\n{CLASSIC}\n", &CLASSIC[..80]);
    assert_eq!(outline(&text), [Ok(1), Err((2, 1, Kind::NotSquare(80))), Ok(3)]);
    let ragged_grid = "1 2 | . .\n. . | 1\n----+----\n. . | . .\n. . | . .\n\n";
    let text = format!("{CLASSIC}\n\n{ragged_grid}{CLASSIC}");
    assert_eq!(
        outline(&text),
        [Ok(1), Err((4, 1, Kind::RaggedRow { row: 2, found: 3, expected: 4 })), Ok(9)]
    );
}

#[test]
fn a_given_size_settles_ambiguity_and_rejects_others() {
    let fours: String =
        (0..16).map(|k| format!("{}...{}...", k % 4 + 1, (k + 1) % 4 + 1) + "........\n").collect();
    let as_grid: Vec<_> = puzzles(&fours).map(Result::unwrap).collect();
    assert_eq!((as_grid.len(), as_grid[0].grid.size()), (1, 16));
    let as_lines: Vec<_> = puzzles_sized(&fours, 4).map(Result::unwrap).collect();
    assert_eq!((as_lines.len(), as_lines[15].line, as_lines[15].grid.size()), (16, 16, 4));
    let mismatch = puzzles_sized(CLASSIC, 4).next().unwrap().unwrap_err();
    assert_eq!(mismatch.kind, Kind::SizeMismatch { found: 9, expected: 4 });
    let short = puzzles_sized(&CLASSIC[..80], 9).next().unwrap().unwrap_err();
    assert_eq!(short.kind, Kind::WrongLength { found: 80, size: 9 });
    let pretty4 = "1 . | . 4\n. 4 | 1 .\n----+----\n. 1 | 4 .\n4 . | . 1\n";
    assert_eq!(
        puzzles_sized(pretty4, 9).next().unwrap().unwrap_err().kind,
        Kind::SizeMismatch { found: 4, expected: 9 }
    );
}

#[test]
fn garbage_fails_fast_without_panicking() {
    let mut noise = String::with_capacity(1 << 20);
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    while noise.len() < 1 << 20 {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let alphabet = b" .0123456789ABC,|:#-\n\r\tx";
        noise.push(char::from(alphabet[(state % alphabet.len() as u64) as usize]));
    }
    let started = std::time::Instant::now();
    let records = puzzles(&noise).count();
    assert!(records > 0);
    let one_line = noise.replace(['\n', '\r'], " ");
    assert!(matches!(error(&one_line).kind, Kind::LineTooLong));
    assert!(started.elapsed().as_secs() < 10, "{:?}", started.elapsed());
}

fn sdk_files(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sdk_files(&path, found);
        } else if path.extension().is_some_and(|e| e == "sdk") {
            found.push(path);
        }
    }
}

#[test]
#[ignore = "needs ../shared/data"]
fn every_autopear_preset_reads_at_its_size() {
    let presets = shared("autopear/Presets");
    let mut files = Vec::new();
    sdk_files(&presets, &mut files);
    assert_eq!(files.len(), 207);
    let sizes = [
        ("Standard", 9),
        ("Small", 4),
        ("Mini", 6),
        ("Dodeka", 12),
        ("NPC", 16),
        ("Giant", 25),
        ("Jigsaw", 9),
        ("Hyper", 9),
    ];
    for file in files {
        let folder = file
            .strip_prefix(&presets)
            .unwrap()
            .iter()
            .next()
            .unwrap()
            .to_str()
            .unwrap()
            .to_owned();
        let size =
            sizes.iter().find(|(name, _)| *name == folder).unwrap_or_else(|| panic!("{folder}")).1;
        let text = std::fs::read_to_string(&file).unwrap();
        let puzzle = parse_puzzle(&text).unwrap_or_else(|e| panic!("{}:{e}", file.display()));
        assert_eq!((puzzle.grid.size(), puzzle.line), (size, 1), "{}", file.display());
        assert!(puzzle.grid.given_count() > 0);
    }
}

#[test]
#[ignore = "needs ../shared/data"]
fn tdoku_test_puzzles_keep_their_counts_and_solutions() {
    let path = shared("puzzles/tdoku_test_puzzles_with_counts.txt");
    let text = std::fs::read_to_string(path).unwrap();
    let read: Vec<_> = puzzles(&text).map(Result::unwrap).collect();
    assert_eq!(read.len(), text.lines().count());
    for (puzzle, source) in read.iter().zip(text.lines()) {
        assert_eq!(puzzle.grid.size(), 9);
        assert_eq!(format!("{}{}", puzzle.grid, puzzle.extra.as_deref().unwrap()), source);
    }
}

/// A grid of any size 1..=64 with random digits and blanks.
fn any_grid() -> impl Strategy<Value = Grid> {
    (1usize..=64).prop_flat_map(|n| {
        prop::collection::vec(0..=n as u8, n * n).prop_map(move |cells| Grid::from_cells(n, cells))
    })
}

/// Text built from the characters the formats care about, to reach deep into the parser.
fn formatish() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop::sample::select(" .0123456789ABCZz_,|:#-+=\n\r\t*".chars().collect::<Vec<_>>()),
        0..400,
    )
    .prop_map(|chars| chars.into_iter().collect())
}

fn check_sane(text: &str) {
    for puzzle in puzzles(text).flatten() {
        let n = puzzle.grid.size();
        assert!((1..=64).contains(&n));
        assert_eq!(puzzle.grid.cells().len(), n * n);
        assert!(puzzle.grid.cells().iter().all(|&d| usize::from(d) <= n));
    }
}

proptest! {
    #[test]
    fn printing_round_trips(grid in any_grid()) {
        let variant = Variant::standard(grid.size()).unwrap();
        prop_assert_eq!(&parse_puzzle(&line(&grid)).unwrap().grid, &grid);
        let text = pretty(&grid, &variant);
        prop_assert_eq!(&parse_puzzle(&text).unwrap().grid, &grid, "{}", text);
        // A variant of another size prints plain rows, as a jigsaw does.
        let other = Variant::standard(grid.size() % 64 + 1).unwrap();
        prop_assert_eq!(&parse_puzzle(&pretty(&grid, &other)).unwrap().grid, &grid);
        if grid.size() <= 35 {
            prop_assert_eq!(line(&grid).chars().count(), grid.size() * grid.size());
        }
    }

    #[test]
    fn damaged_printouts_never_panic(
        grid in any_grid(),
        pretty_form: bool,
        edits in prop::collection::vec((any::<prop::sample::Index>(), 0..3u8, prop::sample::select(&[' ', '\n', ',', '|', 'Z', '7', '.', '#', ':'][..])), 1..4),
    ) {
        let mut text = if pretty_form { pretty(&grid, &Variant::standard(grid.size()).unwrap()) } else { line(&grid) };
        for (at, edit, c) in edits {
            // The printouts and the inserted characters are ASCII: every index is a boundary.
            let at = at.index(text.len() + 1);
            match edit {
                0 => text.insert(at, c),
                1 if at < text.len() => drop(text.remove(at)),
                _ if at < text.len() => text.replace_range(at..=at, c.encode_utf8(&mut [0; 4])),
                _ => text.push(c),
            }
        }
        check_sane(&text);
    }

    #[test]
    fn no_text_panics(text in formatish()) {
        check_sane(&text);
    }

    #[test]
    fn no_string_or_bytes_panic(text in any::<String>(), bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        check_sane(&text);
        check_sane(&String::from_utf8_lossy(&bytes));
    }
}
