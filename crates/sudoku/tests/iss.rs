//! ISS constraint strings and killer forms (`read/iss.rs`): every type read here gives the model
//! of the same puzzle written as f-puzzles JSON (or built by hand where f-puzzles has no such
//! key); the two killer forms give the same cages and solve to the published solution; bad
//! input is an error at its column.

use dancer::Solver;
use dancer_sudoku::{fpuzzles, is_iss, iss, Cage, Line, LineKind, Model, Relation, RelationKind};
use serde_json::{json, Value};

/// A model with every list in one order, so that two readers' models compare whatever order
/// they push constraints in.
pub(crate) fn normal(model: &Model) -> String {
    let sorted = |mut items: Vec<String>| {
        items.sort();
        items
    };
    let regions = sorted(
        model
            .regions
            .iter()
            .map(|r| {
                let mut r = r.clone();
                r.sort_unstable();
                format!("{r:?}")
            })
            .collect(),
    );
    let cages = sorted(model.cages.iter().map(|c| format!("{c:?}")).collect());
    let relations = sorted(model.relations.iter().map(|r| format!("{r:?}")).collect());
    let lines = sorted(model.lines.iter().map(|l| format!("{l:?}")).collect());
    let parity = sorted(model.parity.iter().map(|p| format!("{p:?}")).collect());
    let candidates = sorted(model.candidates.iter().map(|c| format!("{c:?}")).collect());
    format!(
        "{}x{} {} regions {regions:?} givens {:?} cages {cages:?} relations {relations:?} \
         lines {lines:?} parity {parity:?} candidates {candidates:?}",
        model.width, model.height, model.symbols, model.givens
    )
}

fn read_iss(line: &str) -> Model {
    assert!(is_iss(line), "{line}");
    iss(line).unwrap_or_else(|e| panic!("{line}: {e}")).record.model
}

/// The model of an f-puzzles puzzle of `size` with these keys beside its grid.
fn read_fpuzzles(size: usize, givens: &[(usize, usize, u64)], keys: &Value) -> Model {
    let mut rows = vec![vec![json!({}); size]; size];
    for &(r, c, d) in givens {
        rows[r - 1][c - 1] = json!({"value": d, "given": true});
    }
    let mut puzzle = json!({"size": size, "grid": rows});
    for (key, value) in keys.as_object().unwrap() {
        puzzle[key] = value.clone();
    }
    let payload = lz_str::compress_to_base64(puzzle.to_string().as_str());
    fpuzzles(&payload).unwrap_or_else(|e| panic!("{puzzle}: {e}")).record.model
}

/// Each ISS line reads as the f-puzzles keys beside it, on a grid of the size beside it.
fn agree(cases: &[(&str, usize, Value)]) {
    for (line, size, keys) in cases {
        assert_eq!(normal(&read_iss(line)), normal(&read_fpuzzles(*size, &[], keys)), "{line}");
    }
}

#[test]
fn givens_and_sizes_read_as_in_f_puzzles() {
    for (line, size, givens) in [
        (".~R1C1_5~R9C9_3", 9, vec![(1, 1, 5), (9, 9, 3)]),
        (".Shape~6x6.~R1C1_5", 6, vec![(1, 1, 5)]),
        (".Shape~4.~R2C3_1", 4, vec![(2, 3, 1)]),
    ] {
        assert_eq!(normal(&read_iss(line)), normal(&read_fpuzzles(size, &givens, &json!({}))));
    }
}

#[test]
fn lines_and_cages_read_as_their_f_puzzles_keys() {
    let lines = |cells: &[&str]| json!([{"lines": [cells]}]);
    agree(&[
        (
            ".Cage~15~R1C2~R1C3.Cage~0~R2C2~R2C3",
            9,
            json!({"killercage": [{"cells": ["R1C2", "R1C3"], "value": "15"},
                                  {"cells": ["R2C2", "R2C3"]}]}),
        ),
        (".Thermo~R5C1~R5C2~R5C3", 9, json!({"thermometer": lines(&["R5C1", "R5C2", "R5C3"])})),
        (".Whisper~R4C1~R4C2~R5C2", 9, json!({"whispers": lines(&["R4C1", "R4C2", "R5C2"])})),
        (
            ".Whisper~4~R4C1~R4C2",
            9,
            json!({"whispers": [{"lines": [["R4C1", "R4C2"]], "value": 4}]}),
        ),
        (
            ".Palindrome~R3C1~R3C2~R3C3~R3C4",
            9,
            json!({"palindrome": lines(&["R3C1", "R3C2", "R3C3", "R3C4"])}),
        ),
        (".Renban~R2C7~R2C8~R2C9", 9, json!({"renban": lines(&["R2C7", "R2C8", "R2C9"])})),
        (".Between~R1C7~R1C8~R1C9", 9, json!({"betweenline": lines(&["R1C7", "R1C8", "R1C9"])})),
        (
            ".Lockout~3~R1C1~R1C2~R1C3",
            9,
            json!({"lockoutline": [{"lines": [["R1C1", "R1C2", "R1C3"]], "value": 3}]}),
        ),
        (".RegionSumLine~R1C3~R1C4", 9, json!({"regionsumline": lines(&["R1C3", "R1C4"])})),
        (".Zipper~R1C1~R1C2~R1C3", 9, json!({"zipperline": lines(&["R1C1", "R1C2", "R1C3"])})),
        (".Entropic~R1C1~R1C2~R1C3", 9, json!({"entropicline": lines(&["R1C1", "R1C2", "R1C3"])})),
        (".Modular~3~R1C1~R1C2~R1C3", 9, json!({"modularline": lines(&["R1C1", "R1C2", "R1C3"])})),
        (
            ".DoubleArrow~R1C1~R1C2~R1C3",
            9,
            json!({"doublearrow": lines(&["R1C1", "R1C2", "R1C3"])}),
        ),
        (
            ".Arrow~R7C1~R7C2~R7C3.PillArrow~2~R8C2~R8C1~R8C3",
            9,
            json!({"arrow": [{"cells": ["R7C1"], "lines": [["R7C1", "R7C2", "R7C3"]]},
                             {"cells": ["R8C1", "R8C2"], "lines": [["R8C2", "R8C3"]]}]}),
        ),
    ]);
}

#[test]
fn marks_clues_and_global_rules_read_as_their_f_puzzles_keys() {
    agree(&[
        (
            ".WhiteDot~R3C5~R3C6.BlackDot~R4C5~R4C6.X~R6C5~R6C6.V~R6C7~R6C8",
            9,
            json!({"difference": [{"cells": ["R3C5", "R3C6"]}], "ratio": [{"cells": ["R4C5", "R4C6"]}],
                   "xv": [{"cells": ["R6C5", "R6C6"], "value": "X"}, {"cells": ["R6C7", "R6C8"], "value": "V"}]}),
        ),
        (
            ".Shape~4x4.WhiteDot~R1C1~R1C2.BlackDot~R2C1~R2C2.StrictKropki",
            4,
            json!({"difference": [{"cells": ["R1C1", "R1C2"]}], "ratio": [{"cells": ["R2C1", "R2C2"]}],
                   "nonconsecutive": true, "negative": ["ratio"]}),
        ),
        (
            ".Shape~4x4.X~R1C1~R1C2.StrictXV",
            4,
            json!({"xv": [{"cells": ["R1C1", "R1C2"], "value": "X"}], "negative": ["xv"]}),
        ),
        (
            ".LittleKiller~7~R1C2.LittleKiller~30~R3C1.LittleKiller~9~R5C9.LittleKiller~12~R9C4",
            9,
            json!({"littlekillersum": [
                {"cell": "R0C3", "direction": "DL", "value": "7"},
                {"cell": "R2C0", "direction": "DR", "value": "30"},
                {"cell": "R6C10", "direction": "UL", "value": "9"},
                {"cell": "R10C3", "direction": "UR", "value": "12"}]}),
        ),
        (
            ".Sandwich~12~C5.Sandwich~0~R3",
            9,
            json!({"sandwichsum": [{"cell": "R0C5", "value": "12"}, {"cell": "R3C0", "value": "0"}]}),
        ),
        (
            ".XSum~R2~15~20.Skyscraper~C3~3~",
            9,
            json!({"xsum": [{"cell": "R2C0", "value": "15"}, {"cell": "R2C10", "value": "20"}],
                   "skyscraper": [{"cell": "R0C3", "value": "3"}]}),
        ),
        (
            ".Quad~R2C2~1~2",
            9,
            json!({"quadruple": [{"cells": ["R2C2", "R2C3", "R3C2", "R3C3"], "values": [1, 2]}]}),
        ),
        (
            ".Indexing~C~R1C1~R2C1.Indexing~R~R5C5",
            9,
            json!({"columnindexer": [{"cells": ["R1C1", "R2C1"]}], "rowindexer": [{"cells": ["R5C5"]}]}),
        ),
        (".Diagonal~1.Diagonal~-1", 9, json!({"diagonal+": true, "diagonal-": true})),
        (".AntiKnight.AntiKing", 9, json!({"antiknight": true, "antiking": true})),
        (".Shape~6x6.AntiConsecutive", 6, json!({"nonconsecutive": true})),
        (".DisjointSets", 9, json!({"disjointgroups": true})),
        (
            ".AllDifferent~R1C1~R2C2~R3C3",
            9,
            json!({"extraregion": [{"cells": ["R1C1", "R2C2", "R3C3"]}]}),
        ),
    ]);
}

#[test]
fn grids_candidates_and_types_f_puzzles_lacks_read_as_built() {
    let jigsaw =
        "111222333111222333111222333444555666444555666444555666777888999777888999777889998";
    let model = read_iss(&format!(".NoBoxes.Jigsaw~{jigsaw}"));
    let pieces = dancer_sudoku::Variant::jigsaw(9, jigsaw).unwrap();
    assert_eq!(normal(&model), normal(&Model::from_variant(&pieces)));
    // Candidates, and repeated givens of a cell keep the digits both allow.
    let model = read_iss(".~R1C2_1_3_5.~R1C2_3_5_7~R2C2_4");
    assert_eq!(model.candidates, vec![(1, 0b1_0100)]);
    assert_eq!(model.givens[10], Some(4));
    let mut built = Model::from_variant(&dancer_sudoku::Variant::standard(9).unwrap());
    let windoku = read_iss(".Windoku");
    let window = |top: usize, left: usize| -> Vec<usize> {
        (0..9).map(|k| (top + k % 3) * 9 + left + k / 3).collect()
    };
    built.regions.extend([window(1, 1), window(5, 1), window(1, 5), window(5, 5)]);
    assert_eq!(normal(&windoku), normal(&built));
    let mut built = Model::from_variant(&dancer_sudoku::Variant::standard(9).unwrap());
    built.relations.push(Relation { a: 1, b: 0, kind: RelationKind::Less });
    built.lines.push(Line { kind: LineKind::LittleKiller(11), cells: vec![20, 21, 30] });
    assert_eq!(normal(&read_iss(".GreaterThan~R1C1~R1C2.Sum~11~R3C3~R3C4~R4C4")), normal(&built));
    // A prime size has no boxes in ISS: rows and columns only, and a jigsaw's pieces are
    // its boxes (ISS's Septa, whose region-sum line needs them).
    assert_eq!(read_iss(".Shape~7x7").regions.len(), 14);
    let layout = "1112222111122233334443334444556667755666775556777";
    let pieces = Model::from_variant(&dancer_sudoku::Variant::jigsaw(7, layout).unwrap());
    assert_eq!(read_iss(&format!(".Shape~7x7.Jigsaw~{layout}")), pieces);
    // A search hint changes nothing: skipped and named.
    let read = iss(".SearchPriority~R1C1~1.Cage~3~R1C1~R1C2").unwrap();
    assert_eq!(read.skipped, vec!["SearchPriority".to_owned()]);
    assert_eq!(read.record.model.cages, vec![Cage { cells: vec![0, 1], sum: Some(3) }]);
}

/// The `SudoCue` form of a model's cages, each cage numbered in order.
fn sudocue(model: &Model) -> String {
    let mut values = vec![0; 81];
    for (id, cage) in model.cages.iter().enumerate() {
        for &cell in &cage.cells {
            values[cell] = cage.sum.unwrap() * 256 + id as u32;
        }
    }
    let values: Vec<String> = values.iter().map(u32::to_string).collect();
    format!("3x3::k:{}:", values.join(":"))
}

fn solutions(model: &Model) -> Vec<Vec<u8>> {
    let encoded = model.encode().unwrap();
    let mut solver = Solver::new(encoded.problem());
    let mut found = Vec::new();
    while found.len() < 2 {
        let Some(rows) = solver.next_solution() else { break };
        found.push(encoded.grid(rows).into_iter().map(|d| d.unwrap_or(0)).collect());
    }
    found
}

#[test]
fn both_killer_forms_read_the_same_cages_and_solve_as_published() {
    // TAREK_ALL's second puzzle (ISS data/collections.js): 81 sums and arrows.
    let short = "G<<M<L<M<^O>^>^C^^>^FF<G^<C^>^^H^<>^FE<E^<C^M^^H^<>^>^^E^<FH<^MH^<>^^L<^^<D<<>^>^";
    let model = read_iss(short);
    assert_eq!(model.cages.iter().map(|c| c.cells.len()).sum::<usize>(), 81);
    assert_eq!(model.cages[0], Cage { cells: vec![0, 1, 2, 9], sum: Some(16) });
    assert_eq!(normal(&read_iss(&sudocue(&model))), normal(&model));
    let found = solutions(&model);
    assert_eq!(found.len(), 1, "one solution");
    let digits: Vec<Option<u8>> = found[0].iter().map(|&d| Some(d)).collect();
    assert_eq!(model.broken(&digits, true), Ok(()));
    // HS_KILLERS' third (ISS data/collections.js), SudoCue's form with its published solution.
    let sudocue = "3x3::k:3595:3595:3844:3844:3090:3336:3336:2575:2575:3595:4620:4620:3348:3090:5:\
        5648:5648:2575:3350:4620:4620:3348:3090:23:5648:5648:3841:3350:2581:24:3348:25:26:27:2579:\
        3841:28:2581:29:30:4625:4625:4625:2579:31:3843:2581:32:33:34:35:36:2579:3335:3843:4878:\
        4878:37:38:39:4618:4618:3335:3341:4878:4878:40:41:42:4618:4618:3593:3341:3341:3334:3334:43:\
        3842:3842:3593:3593:";
    let published =
        "279648531581739426463251798956483217128975643734162859812597364697324185345816972";
    let model = read_iss(sudocue);
    let digits: Vec<Option<u8>> = published.bytes().map(|b| Some(b - b'0')).collect();
    assert_eq!(model.broken(&digits, true), Ok(()));
    assert_eq!(solutions(&model).len(), 1);
    // `d` adds both diagonals.
    let diagonal = read_iss(&sudocue.replacen("3x3::", "3x3:d:", 1));
    assert_eq!(diagonal.regions.len(), model.regions.len() + 2);
}

#[test]
fn bad_input_is_an_error_at_its_column() {
    for (line, column, words) in [
        (".Cage~15~R1C1~R0C2", 15, "R0C2"),
        (".Cage~15~R1C1~RaC1", 15, "outside the 9x9 grid"),
        (".~R1C1_10", 3, "'10' in R1C1_10 is not a digit from 1 to 9"),
        (".Thermo~R1C1~R1C2.Frobnicate~R1C1", 19, "unknown ISS constraint type `Frobnicate`"),
        (".Thermo~R1C1.Or.Cage~3~R1C1~R1C2.End", 14, "`Or` changes the answer"),
        (".Cage~x~R1C1~R1C2", 7, "the sum 'x' is not a whole number"),
        (".Shape~9x9~0-8", 12, "values 0-8"),
        (".Modular~5~R1C1~R1C2", 10, "only 3"),
        ("  .Diagonal~2", 4, "a Diagonal is 1 (rising) or -1"),
        (".LittleKiller~5~R5C5", 17, "no little killer starts at R5C5"),
        ("3x3::k:1:2", 1, "a SudoCue killer"),
    ] {
        let error = iss(line).err().unwrap_or_else(|| panic!("{line} read"));
        assert_eq!(error.column, column, "{line}: {error}");
        assert!(error.message.contains(words), "{line}: {error}");
    }
    // An arrow off the grid, and arrows that go round.
    let mut short: Vec<char> =
        "G<<M<L<M<^O>^>^C^^>^FF<G^<C^>^^H^<>^FE<E^<C^M^^H^<>^>^^E^<FH<^MH^<>^^L<^^<D<<>^>^"
            .chars()
            .collect();
    short[0] = '^';
    let error = iss(&short.iter().collect::<String>()).unwrap_err();
    assert_eq!((error.column, error.message.contains("outside the grid")), (1, true));
    short[0] = '>';
    let error = iss(&short.iter().collect::<String>()).unwrap_err();
    assert!(error.message.contains("loop"), "{error}");
    // A classic line, a 16x16 line of letters and a pencilmark line are no ISS strings.
    assert!(!is_iss(
        "..3.4..........................................................................5"
    ));
    assert!(!is_iss("..E..K..MI....P.K....P....L.MF.B"));
    assert!(!is_iss("..34..7.91.34567..1.34567.91234567891.3..6"));
    assert!(!is_iss(".V.X....A..B"));
    // ISS skips an empty item first.
    assert_eq!(read_iss("..Cage~3~R1C1~R1C2").cages.len(), 1);
}
