//! Lines (`Model::lines`, `LineKind`) at every layer: the engine's count against a filter of
//! all 288 4×4 grids by each kind's definition (`LineKind::holds`), the checker, the JSON
//! lines form, the refusal of a line whose automaton is too large. See: issue 34.

use dancer_sudoku::{Line, LineKind, Model, ModelError, Record, Relation, RelationKind, Variant};
use proptest::prelude::*;

use crate::model::{all_grids, engine_count, four};

/// Whether `grid` keeps the model's givens and lines, by their definitions.
fn keeps(model: &Model, grid: &[u8; 16]) -> bool {
    let givens = (0..16).all(|c| model.givens[c].is_none_or(|d| d == grid[c]));
    let lines = model.lines.iter().all(|line| {
        let digits: Vec<u8> = line.cells.iter().map(|&c| grid[c]).collect();
        line.kind.holds(&model.line_context(line), &digits)
    });
    givens && lines
}

/// A kind of line for a 4×4, with a value near the ones that leave solutions.
fn kind() -> impl Strategy<Value = LineKind> {
    prop_oneof![
        (1usize..3).prop_map(|circle| LineKind::Arrow { circle }),
        Just(LineKind::DoubleArrow),
        (1u32..14).prop_map(LineKind::LittleKiller),
        (0u32..6).prop_map(LineKind::Sandwich),
        (1u32..11).prop_map(LineKind::XSum),
        (1u32..5).prop_map(LineKind::Skyscraper),
        Just(LineKind::Renban),
        Just(LineKind::Between),
        (1u8..4).prop_map(LineKind::Lockout),
        Just(LineKind::RegionSum),
        Just(LineKind::Zipper),
        Just(LineKind::Entropic),
        Just(LineKind::Modular),
        Just(LineKind::Nabner),
        prop::collection::vec(1u8..5, 1..3).prop_map(LineKind::Quadruple),
        Just(LineKind::Thermometer),
        Just(LineKind::SlowThermometer),
        (1u8..4).prop_map(LineKind::Whispers),
        Just(LineKind::Palindrome),
        Just(LineKind::Clone),
    ]
}

prop_compose! {
    /// A line of 2 to 5 distinct random cells (a quadruple: up to 4).
    fn line()(kind in kind(), cells in prop::collection::vec(0usize..16, 2..6)) -> Line {
        let mut seen = Vec::new();
        for cell in cells {
            if !seen.contains(&cell) {
                seen.push(cell);
            }
        }
        if matches!(kind, LineKind::Quadruple(_)) {
            seen.truncate(4);
        }
        Line { kind, cells: seen }
    }
}

prop_compose! {
    /// A 4×4 with one or two lines and up to two givens of a reference grid.
    pub(crate) fn lined()(
        lines in prop::collection::vec(line(), 1..3),
        reference in 0usize..288,
        givens in prop::collection::vec(0usize..16, 0..3),
    ) -> Model {
        let grid = all_grids()[reference];
        let mut model = four();
        model.lines = lines;
        for cell in givens {
            model.givens[cell] = Some(grid[cell]);
        }
        model
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    /// The engine's count (every way of encoding, `engine_count`) equals the number of the 288
    /// grids that keep the lines by their definitions, every solution it finds is one of
    /// them, and `Model::broken` accepts exactly those.
    #[test]
    fn lines_count_as_a_filter_of_all_grids(model in lined()) {
        prop_assume!(model.validate().is_ok());
        let expected: Vec<[u8; 16]> =
            all_grids().into_iter().filter(|g| keeps(&model, g)).collect();
        prop_assert_eq!(engine_count(&model), expected.len() as u64, "{:?}", model.lines);
        let encoded = model.encode().unwrap();
        let mut solver = encoded.problem().solver();
        for solution in solver.solutions() {
            let grid: Vec<u8> = encoded.grid(&solution).into_iter().map(Option::unwrap).collect();
            prop_assert!(expected.iter().any(|g| g[..] == grid[..]), "{:?}", grid);
        }
        for grid in all_grids() {
            let digits: Vec<Option<u8>> = grid.iter().map(|&d| Some(d)).collect();
            prop_assert_eq!(model.broken(&digits, true).is_ok(), keeps(&model, &grid));
        }
    }
}

/// Every kind of line, and the two relations of issue 34, on a 9×9.
fn every_kind() -> Model {
    let mut model = Model::from_variant(&Variant::standard(9).unwrap());
    let kinds = [
        LineKind::Arrow { circle: 2 },
        LineKind::DoubleArrow,
        LineKind::LittleKiller(17),
        LineKind::Sandwich(12),
        LineKind::XSum(15),
        LineKind::Skyscraper(3),
        LineKind::Renban,
        LineKind::Between,
        LineKind::Lockout(4),
        LineKind::RegionSum,
        LineKind::Zipper,
        LineKind::Entropic,
        LineKind::Modular,
        LineKind::Nabner,
        LineKind::Quadruple(vec![1, 1, 2]),
        LineKind::Thermometer,
        LineKind::SlowThermometer,
        LineKind::Whispers(5),
        LineKind::Palindrome,
        LineKind::Clone,
    ];
    for (k, kind) in kinds.into_iter().enumerate() {
        model.lines.push(Line { kind, cells: vec![k, k + 9, k + 18, k + 27] });
    }
    model.relations.push(Relation { a: 0, b: 1, kind: RelationKind::AtMost });
    model.relations.push(Relation { a: 0, b: 3, kind: RelationKind::Indexes(4, 1) });
    model
}

/// A thermometer, a slow thermometer, whispers, a palindrome and a clone count on the engine as
/// their old form, the relations between pairs of their cells, and as a filter of the 288
/// grids; their lines are encoded as those relations, not as automata (no `N` items).
#[test]
fn lines_of_pairs_count_as_their_relations() {
    let cases = [
        (LineKind::Thermometer, vec![4, 5, 6, 10]),
        (LineKind::Thermometer, vec![0, 4, 8]),
        (LineKind::SlowThermometer, vec![0, 5, 10, 15]),
        (LineKind::Whispers(2), vec![0, 1, 5, 9]),
        (LineKind::Palindrome, vec![0, 5, 10, 14, 13]),
        (LineKind::Clone, vec![0, 1, 10, 11]),
    ];
    for (kind, cells) in cases {
        let mut lined = four();
        lined.lines.push(Line { kind: kind.clone(), cells: cells.clone() });
        let mut related = four();
        related.relations = lined.lines[0].relations().expect("a line of pairs");
        let expected = all_grids().into_iter().filter(|g| keeps(&lined, g)).count() as u64;
        assert!(expected > 0, "{kind:?}");
        assert_eq!(engine_count(&lined), expected, "{kind:?} {cells:?}");
        assert_eq!(engine_count(&related), expected, "{kind:?} {cells:?}");
        let encoded = lined.encode().unwrap();
        let problem = encoded.problem();
        assert!(problem.item_id("N1t1").is_none() && problem.item_id("L1#1").is_some(), "{kind:?}");
    }
}

/// Each kind is written under `lines` with its name, `k` and `digits`, and reads back the same.
#[test]
fn every_kind_of_line_writes_and_reads_back() {
    let model = every_kind();
    let record = Record { name: "lines".into(), model, solution: None, generated: None };
    let text = record.to_json();
    assert!(text.contains(r#"{"kind":"arrow","cells":[0,9,18,27],"k":2}"#), "{text}");
    assert!(
        text.contains(r#"{"kind":"quadruple","cells":[14,23,32,41],"digits":[1,1,2]}"#),
        "{text}"
    );
    assert!(text.contains(r#"{"a":0,"b":3,"kind":"indexes","k":4,"v":1}"#), "{text}");
    let read = Record::from_json(&text).unwrap();
    assert_eq!(read.model.lines, record.model.lines);
    assert_eq!(read.model.relations, record.model.relations);
    assert_eq!(read.to_json(), text);
}

/// A bad line names its field: an unknown kind, a `k` missing or where none goes, a cell
/// outside the grid, a circle as long as the line.
#[test]
fn a_bad_line_is_refused_at_its_field() {
    let base = r#"{"name":"","width":4,"height":4,"symbols":4,"regions":[],"lines":[LINE]}"#;
    for (line, field, words) in [
        (r#"{"kind":"spiral","cells":[0,1]}"#, "lines[0].kind", "expected one of arrow"),
        (r#"{"kind":"sandwich","cells":[0,1]}"#, "lines[0].k", "missing"),
        (r#"{"kind":"renban","cells":[0,1],"k":3}"#, "lines[0].k", "does not go"),
        (r#"{"kind":"renban","cells":[0,16]}"#, "lines[0].cells[1]", "beyond"),
        (r#"{"kind":"arrow","cells":[0,1],"k":2}"#, "lines[0]", "circle of 2"),
    ] {
        let error = Record::from_json(&base.replace("LINE", line)).unwrap_err();
        assert_eq!(error.field, field, "{line}: {error}");
        assert!(error.message.contains(words), "{line}: {error}");
    }
}

/// A renban of 25 cells on a 25×25 would unroll into millions of digit sets: refused, naming
/// the line and the bound, rather than built.
#[test]
fn a_line_whose_automaton_is_too_large_is_refused() {
    let mut model = Model::from_variant(&Variant::standard(25).unwrap());
    model.lines.push(Line { kind: LineKind::Renban, cells: (0..25).collect() });
    let error = model.encode().unwrap_err();
    assert!(
        matches!(&error, ModelError::Impossible { what, why }
            if what == "the renban at r1c1" && why.contains("states")),
        "{error}"
    );
}

/// The checker names a broken line with its digits, and a line its filled cells already break.
#[test]
fn the_checker_names_a_broken_line() {
    let mut model = four();
    model.lines.push(Line { kind: LineKind::LittleKiller(3), cells: vec![0, 5] });
    let mut digits = vec![None; 16];
    digits[0] = Some(3);
    let text = model.broken(&digits, false).unwrap_err().0;
    assert_eq!(text, "the little-killer 3 at r1c1 cannot hold: 3,_");
    digits[0] = Some(1);
    assert!(model.broken(&digits, false).is_ok());
    digits[5] = Some(3);
    let text = model.broken(&digits, false).unwrap_err().0;
    assert_eq!(text, "the little-killer 3 at r1c1 fails: 1,3");
}

/// Whether `digits` (the line's, in order) keep `line`, written from the published rules
/// apart from the library's `LineKind::holds`, for the checker of `variant_samples.rs`.
// The rules' own letters: n symbols, d digits, m cells.
#[allow(clippy::many_single_char_names)]
pub(crate) fn keeps_line(model: &Model, line: &Line, digits: &[u8]) -> bool {
    let n = model.symbols as u32;
    let d: Vec<u32> = digits.iter().map(|&x| u32::from(x)).collect();
    let m = d.len();
    let total = |part: &[u32]| part.iter().sum::<u32>();
    let mut sorted = d.clone();
    sorted.sort_unstable();
    let unique = sorted.windows(2).all(|w| w[0] != w[1]);
    match &line.kind {
        LineKind::Arrow { circle } => {
            let number =
                d[..*circle].iter().fold(0, |acc, &x| acc * if x > 9 { 100 } else { 10 } + x);
            number == total(&d[*circle..])
        }
        LineKind::DoubleArrow => d[0] + d[m - 1] == total(&d[1..m - 1]),
        LineKind::LittleKiller(s) => total(&d) == *s,
        LineKind::Sandwich(s) => {
            let (Some(i), Some(j)) =
                (d.iter().position(|&x| x == 1), d.iter().position(|&x| x == n))
            else {
                return false;
            };
            (i.min(j) + 1..i.max(j)).map(|k| d[k]).sum::<u32>() == *s
        }
        LineKind::XSum(s) => (d[0] as usize) <= m && total(&d[..d[0] as usize]) == *s,
        LineKind::Skyscraper(s) => {
            (0..m).filter(|&i| d[..i].iter().all(|&x| x < d[i])).count() as u32 == *s
        }
        LineKind::Renban => unique && sorted[m - 1] - sorted[0] + 1 == m as u32,
        LineKind::Nabner => unique && sorted.windows(2).all(|w| w[1] - w[0] > 1),
        LineKind::Between => {
            let (low, high) = (d[0].min(d[m - 1]), d[0].max(d[m - 1]));
            d[1..m - 1].iter().all(|&x| low < x && x < high)
        }
        LineKind::Lockout(k) => {
            let (low, high) = (d[0].min(d[m - 1]), d[0].max(d[m - 1]));
            high - low >= u32::from(*k) && d[1..m - 1].iter().all(|&x| !(low..=high).contains(&x))
        }
        LineKind::RegionSum => {
            // Sums of the runs of cells in one box (the regions holding each cell, but rows,
            // columns and diagonals, which a line runs along without leaving).
            let piece = |cell: usize| {
                let r = cell / model.width;
                let c = cell % model.width;
                (0..model.regions.len()).find(|&k| {
                    let region = &model.regions[k];
                    region.contains(&cell)
                        && !region.iter().all(|&x| x / model.width == r)
                        && !region.iter().all(|&x| x % model.width == c)
                        && region.iter().any(|&x| x / model.width == r && x != cell)
                })
            };
            let mut sums = vec![d[0]];
            for (pair, &digit) in line.cells.windows(2).zip(&d[1..]) {
                if piece(pair[1]) == piece(pair[0]) {
                    *sums.last_mut().unwrap() += digit;
                } else {
                    sums.push(digit);
                }
            }
            sums.iter().all(|&s| s == sums[0])
        }
        LineKind::Zipper => {
            let target = if m % 2 == 1 { d[m / 2] } else { d[0] + d[m - 1] };
            (0..m / 2).all(|i| d[i] + d[m - 1 - i] == target)
        }
        LineKind::Entropic => {
            let third = |x: u32| (x - 1) * 3 / n;
            (0..m).all(|i| (i + 1..m.min(i + 3)).all(|j| third(d[i]) != third(d[j])))
        }
        LineKind::Modular => (0..m).all(|i| (i + 1..m.min(i + 3)).all(|j| d[i] % 3 != d[j] % 3)),
        LineKind::Thermometer => (1..m).all(|i| d[i - 1] < d[i]),
        LineKind::SlowThermometer => (1..m).all(|i| d[i - 1] <= d[i]),
        LineKind::Whispers(k) => (1..m).all(|i| d[i - 1].abs_diff(d[i]) >= u32::from(*k)),
        LineKind::Palindrome => (0..m).all(|i| d[i] == d[m - 1 - i]),
        LineKind::Clone => m.is_multiple_of(2) && (0..m / 2).all(|i| d[i] == d[i + m / 2]),
        LineKind::Quadruple(wanted) => (1..=n).all(|x| {
            let want = wanted.iter().filter(|&&w| u32::from(w) == x).count();
            d.iter().filter(|&&y| y == x).count() >= want
        }),
        other => panic!("a line kind this checker does not know: {other:?}"),
    }
}

/// Every kind of line is drawn in SVG as a `g.line` (and a `g.clue` for a quadruple or a clue
/// outside the grid) named by its kind; a clue outside widens the margin to hold it.
#[test]
fn every_kind_of_line_is_drawn() {
    use dancer_sudoku::draw::Figure;
    let model = every_kind();
    let figure = Figure { model: &model, solution: None, caption: None };
    let svg = figure.document();
    for line in &model.lines {
        let kind = format!(r#"data-kind="{}""#, line.kind.name());
        assert!(svg.contains(&kind), "{kind}");
    }
    assert!(svg.contains("\n1 1 2\n</text>"), "the quadruple's digits");
    assert!(svg.contains("\n17\n</text>"), "the little killer's clue");
    assert_eq!(figure.size(), (9.0 * 40.0 + 60.0, 9.0 * 40.0 + 60.0));
    let plain = Model::from_variant(&Variant::standard(9).unwrap());
    let figure = Figure { model: &plain, solution: None, caption: None };
    assert_eq!(figure.size(), (380.0, 380.0));
}
