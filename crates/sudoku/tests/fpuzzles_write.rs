//! Writing f-puzzles links (`to_fpuzzles`): what is written reads back to the same puzzle (the
//! same name, solution and model, each list of constraints taken as a set: the reader builds
//! its lists in its own order, and a consecutive bar comes back as the white dot of difference
//! 1 it is), on the published puzzles, the repository's variant files and random 4×4 models;
//! what f-puzzles cannot say is refused by name.

use dancer_sudoku::{
    fpuzzles, fpuzzles_json, to_fpuzzles, Cage, Line, LineKind, Model, Record, Relation,
    RelationKind,
};
use proptest::prelude::*;

use crate::fixtures::{lines, read, shared};
use crate::model::{four, puzzles};

/// The model with its lines of pairs as their relations, each list sorted, the kinds of regions dropped (they name regions and
/// change no rule), consecutive bars as the white dots they are, and a symmetric relation
/// (all but `<`, `≤` and indexers) from its smaller cell.
fn normal(model: &Model) -> Model {
    let mut model = model.clone();
    // A line of pairs (a thermometer, ...) as the relations it means: the writer writes a
    // model's `<` relations as thermometers, which read back as lines.
    model.relations = model.relations_with_lines();
    model.lines.retain(|line| line.relations().is_none());
    model.kinds.clear();
    for region in &mut model.regions {
        region.sort_unstable();
    }
    model.regions.sort();
    for relation in &mut model.relations {
        if relation.kind == RelationKind::Consecutive {
            relation.kind = RelationKind::Difference(1);
        }
        let ordered = matches!(
            relation.kind,
            RelationKind::Less | RelationKind::AtMost | RelationKind::Indexes(..)
        );
        if !ordered && relation.a > relation.b {
            (relation.a, relation.b) = (relation.b, relation.a);
        }
    }
    model.relations.sort_by_key(|r| (r.a, r.b, format!("{:?}", r.kind)));
    model.cages.sort_by_key(|c| format!("{c:?}"));
    model.lines.sort_by_key(|l| format!("{l:?}"));
    model.parity.sort_by_key(|p| format!("{p:?}"));
    model.candidates.sort_unstable();
    model
}

/// Writes `record`, reads it back and compares; `Err` with the writer's reason if refused.
fn round_trip(record: &Record) -> Result<(), String> {
    let link = to_fpuzzles(record).map_err(|e| e.to_string())?;
    assert!(link.starts_with("https://www.f-puzzles.com/?load=N4Ig"), "{link}");
    let back = fpuzzles(&link).unwrap_or_else(|e| panic!("{}: {e}: {link}", record.name)).record;
    assert_eq!(back.name, record.name);
    assert_eq!(back.solution, record.solution, "{}", record.name);
    assert_eq!(normal(&back.model), normal(&record.model), "{}: {link}", record.name);
    // A little killer's clue and direction say its cells, as f-puzzles draws them: without
    // its `cells`, the puzzle reads back the same.
    let mut json = fpuzzles_json(record).unwrap();
    if let Some(list) = json.get_mut("littlekillersum").and_then(|l| l.as_array_mut()) {
        for entry in list {
            entry.as_object_mut().unwrap().remove("cells");
        }
        let payload = lz_str::compress_to_base64(json.to_string().as_str());
        let again = fpuzzles(&payload).unwrap_or_else(|e| panic!("{e}: {json}")).record;
        assert_eq!(normal(&again.model), normal(&record.model), "{json}");
    }
    Ok(())
}

fn record(model: Model) -> Record {
    Record { name: "random".into(), model, solution: None, generated: None }
}

#[test]
#[ignore = "needs ../shared/data"]
fn the_published_puzzles_round_trip() {
    let text = read(&shared("variants/online/fpuzzles_sudokusolver.jsonl"));
    let mut written = 0;
    for line in text.lines() {
        let entry: serde_json::Value = serde_json::from_str(line).unwrap();
        let link = format!("https://www.f-puzzles.com/?load={}", entry["puzzle"].as_str().unwrap());
        let record = fpuzzles(&link).unwrap().record;
        round_trip(&record).unwrap_or_else(|e| panic!("{}: {e}", record.name));
        written += 1;
    }
    assert_eq!(written, 46);
}

#[test]
fn the_repository_variant_files_round_trip_or_are_refused_by_name() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/variants");
    let text = read(std::path::Path::new(&format!("{root}/fpuzzles.txt")));
    for line in lines(&text) {
        round_trip(&fpuzzles(line).unwrap().record).unwrap();
    }
    let (mut written, mut refused) = (0, Vec::new());
    let mut files: Vec<_> = std::fs::read_dir(root).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    for path in files.iter().filter(|p| p.extension().is_some_and(|e| e == "jsonl")) {
        for line in lines(&read(path)) {
            let record = Record::from_json(line).unwrap();
            match round_trip(&record) {
                Ok(()) => written += 1,
                Err(why) => refused.push(format!("{}: {why}", path.display())),
            }
        }
    }
    eprintln!("{written} written; refused: {refused:#?}");
    // Samurai, windmill, butterfly and sohei are several grids; clueless is 9 grids in one.
    for why in &refused {
        assert!(why.contains("cannot write as f-puzzles: "), "{why}");
    }
    assert!(written >= 59, "{written} written, refused {refused:#?}");
}

#[test]
fn what_f_puzzles_cannot_say_is_refused_by_name() {
    let mut model = four();
    model.relations.push(Relation { a: 0, b: 5, kind: RelationKind::Sum(7) });
    let error = to_fpuzzles(&record(model)).unwrap_err().to_string();
    assert!(error.contains("Sum(7)") && error.contains("R1C1-R2C2"), "{error}");

    // Nonconsecutive on one edge only is not f-puzzles' rule, which holds on every edge.
    let mut model = four();
    model.relations.push(Relation { a: 0, b: 1, kind: RelationKind::NotConsecutive });
    let error = to_fpuzzles(&record(model)).unwrap_err().to_string();
    assert!(error.contains("nonconsecutive"), "{error}");

    // A sandwich must read a whole row or column from its clue.
    let mut model = four();
    model.lines.push(Line { kind: LineKind::Sandwich(3), cells: vec![0, 1, 2] });
    let error = to_fpuzzles(&record(model)).unwrap_err().to_string();
    assert!(error.contains("Sandwich"), "{error}");

    let mut model = four();
    model.used[3] = false;
    let error = to_fpuzzles(&record(model)).unwrap_err().to_string();
    assert!(error.contains("R1C4"), "{error}");
}

#[test]
fn the_written_json_uses_f_puzzles_keys() {
    let mut model = four();
    model.givens[0] = Some(1);
    model.cages.push(Cage { cells: vec![1, 2], sum: Some(5) });
    model.relations.push(Relation { a: 4, b: 5, kind: RelationKind::Less });
    model.relations.push(Relation { a: 5, b: 6, kind: RelationKind::Less });
    let json = fpuzzles_json(&record(model)).unwrap();
    assert_eq!(json["size"], 4);
    assert_eq!(json["grid"][0][0], serde_json::json!({"value": 1, "given": true}));
    assert_eq!(json["killercage"], serde_json::json!([{"cells": ["R1C2", "R1C3"], "value": 5}]));
    // The two steps come back as one thermometer.
    assert_eq!(json["thermometer"], serde_json::json!([{"lines": [["R2C1", "R2C2", "R2C3"]]}]));
}

/// A relation kind f-puzzles has a key for.
fn writable_kind() -> impl Strategy<Value = RelationKind> {
    prop_oneof![
        Just(RelationKind::Less),
        Just(RelationKind::AtMost),
        Just(RelationKind::Consecutive),
        (0u8..4).prop_map(RelationKind::Difference),
        (2u8..4).prop_map(RelationKind::Ratio),
        prop::sample::select(vec![5u8, 10]).prop_map(RelationKind::Sum),
        Just(RelationKind::Equal),
        (1u8..4).prop_map(RelationKind::Apart),
    ]
}

/// A line f-puzzles can draw on a 4×4: free lines, arrows, quadruples, clues outside.
fn writable_line() -> impl Strategy<Value = Line> {
    let free = prop::sample::select(vec![
        LineKind::DoubleArrow,
        LineKind::Renban,
        LineKind::Between,
        LineKind::Lockout(2),
        LineKind::RegionSum,
        LineKind::Zipper,
        LineKind::Entropic,
        LineKind::Modular,
        LineKind::Nabner,
        LineKind::Arrow { circle: 1 },
        LineKind::Arrow { circle: 2 },
        LineKind::Quadruple(vec![1, 3]),
        LineKind::Thermometer,
        LineKind::SlowThermometer,
        LineKind::Whispers(2),
        LineKind::Palindrome,
        LineKind::Clone,
    ]);
    let clue = (0u32..11, 0usize..3, 0usize..4, any::<bool>(), any::<bool>());
    prop_oneof![
        (free, prop::sample::subsequence((0..16).collect::<Vec<_>>(), 3..5))
            .prop_map(|(kind, cells)| Line { kind, cells }),
        clue.prop_map(|(value, which, k, column, reversed)| {
            let mut cells: Vec<usize> =
                (0..4).map(|i| if column { i * 4 + k } else { k * 4 + i }).collect();
            if reversed {
                cells.reverse();
            }
            let kind =
                [LineKind::Sandwich(value), LineKind::XSum(value), LineKind::Skyscraper(value)]
                    [which]
                    .clone();
            Line { kind, cells }
        }),
        // Diagonals down-right or down-left, read from either end.
        (1u32..20, 0usize..3, any::<bool>(), any::<bool>()).prop_map(
            |(value, start, left, reversed)| {
                let mut cells: Vec<usize> = (start..4)
                    .map(|r| r * 4 + if left { 3 - (r - start) } else { r - start })
                    .collect();
                if reversed {
                    cells.reverse();
                }
                Line { kind: LineKind::LittleKiller(value), cells }
            }
        ),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Models of the kinds f-puzzles has are written, and read back the same.
    #[test]
    fn random_writable_models_round_trip(
        base in puzzles(),
        relations in prop::collection::vec((0usize..16, 0usize..16, writable_kind()), 0..6),
        lines in prop::collection::vec(writable_line(), 0..3),
    ) {
        let mut model = base;
        model.relations = relations
            .into_iter()
            .filter(|(a, b, _)| a != b)
            .map(|(a, b, kind)| Relation { a, b, kind })
            .collect();
        // One candidate set per cell, as f-puzzles gives them.
        let mut seen = Vec::new();
        model.candidates.retain(|&(cell, _)| !seen.contains(&cell) && { seen.push(cell); true });
        model.lines = lines;
        prop_assume!(model.validate().is_ok());
        prop_assert_eq!(round_trip(&record(model)), Ok(()));
    }

    /// Any random model is read back the same, or refused with a reason.
    #[test]
    fn random_models_round_trip_or_are_refused(model in puzzles()) {
        prop_assume!(model.validate().is_ok());
        if let Err(why) = round_trip(&record(model)) {
            prop_assert!(why.starts_with("cannot write as f-puzzles: "), "{}", why);
        }
    }
}
