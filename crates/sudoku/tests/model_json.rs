//! Reading JSON lines models strictly: a misspelled, unknown or repeated key, a field of the
//! wrong shape, an empty cage and symbols that do not match the regions are refused with the
//! field and the column of the key or value at fault, never read as another puzzle, never a
//! panic. See: issue 21, points 3, 4, 10 and 14.

use dancer_sudoku::{Cage, JsonError, Record};

use crate::model::four;

/// The 4x4 with a two-cell cage and a relation, as a JSON line.
fn good() -> String {
    let mut model = four();
    model.cages.push(Cage { cells: vec![0, 1], sum: Some(3) });
    Record { name: "k".into(), model, solution: None, generated: None }.to_json()
}

fn error(line: &str) -> JsonError {
    Record::from_json(line).expect_err(line)
}

/// The 1-based column of the first occurrence of `part` in `line`.
fn column_of(line: &str, part: &str) -> usize {
    line.find(part).expect(part) + 1
}

/// `"Cages"` for `"cages"` dropped every cage and solved another puzzle; it is refused at the
/// key's column, with the key it was meant to be. See: issue 21, point 3.
#[test]
fn a_misspelled_key_is_refused_at_its_column_with_the_key_meant() {
    let line = good().replace("\"cages\"", "\"Cages\"");
    let refused = error(&line);
    assert_eq!(refused.column, column_of(&line, "\"Cages\""), "{refused}");
    assert!(refused.message.contains("unknown key `Cages`"), "{refused}");
    assert!(refused.message.contains("did you mean `cages`?"), "{refused}");
    let far = error(&good().replace("\"name\"", "\"title\""));
    assert!(far.message.contains("unknown key `title`"), "{far}");
    assert!(!far.message.contains("did you mean"), "no key is near `title`: {far}");
}

/// Keys inside cages and relations are checked too.
#[test]
fn unknown_keys_in_cages_and_relations_are_refused() {
    let line = good().replace("\"sum\":3", "\"total\":3");
    let refused = error(&line);
    assert_eq!(
        (refused.field.as_str(), refused.column),
        ("cages[0]", column_of(&line, "\"total\""))
    );
    let relation = good().replace(
        "\"cages\"",
        "\"relations\":[{\"a\":0,\"b\":1,\"kind\":\"less\",\"note\":1}],\"cages\"",
    );
    let refused = error(&relation);
    assert_eq!(refused.column, column_of(&relation, "\"note\""), "{refused}");
    // `k` belongs to difference and sum only; without it they are incomplete.
    let k = relation.replace(",\"note\":1", ",\"k\":2");
    assert_eq!(error(&k).field, "relations[0].k");
    let missing = relation.replace(",\"note\":1", "").replace("less", "sum");
    assert_eq!(error(&missing).field, "relations[0].k");
}

/// A repeated key was overwritten by the last one; now the second is refused, naming the first.
#[test]
fn repeated_keys_are_refused_at_the_second() {
    let line = good().replacen("\"width\":4,", "\"width\":4,\"width\":5,", 1);
    let refused = error(&line);
    let (first, second) = (column_of(&line, "\"width\":4"), column_of(&line, "\"width\":5"));
    assert_eq!(refused.column, second, "{refused}");
    assert!(refused.message.contains(&format!("appears twice (first at column {first})")));
    let nested = good().replace("\"sum\":3", "\"sum\":3,\"sum\":4");
    let refused = error(&nested);
    assert_eq!(refused.column, column_of(&nested, "\"sum\":4"), "{refused}");
}

/// A solution of the wrong length was ignored by `solve`; now the line is refused at the
/// solution, and a digit that cannot be at its place at the digit. See: issue 21, point 4.
#[test]
fn a_solution_of_the_wrong_shape_is_refused() {
    let short = format!("{},\"solution\":[1,2,3]}}", good().trim_end_matches('}'));
    let refused = error(&short);
    assert_eq!(
        (refused.field.as_str(), refused.column),
        ("solution", column_of(&short, "[1,2,3]"))
    );
    assert!(refused.message.contains("3 digits for the 16 cells"), "{refused}");
    let digits =
        |solution: &str| format!("{},\"solution\":{solution}}}", good().trim_end_matches('}'));
    let zero = digits("[0,2,3,4,3,4,1,2,2,1,4,3,4,3,2,1]");
    assert_eq!(error(&zero).field, "solution[0]", "a used cell holds a digit");
    let large = digits("[1,2,3,9,3,4,1,2,2,1,4,3,4,3,2,1]");
    assert_eq!(error(&large).field, "solution[3]");
    assert!(Record::from_json(&digits("[1,2,3,4,3,4,1,2,2,1,4,3,4,3,2,1]")).is_ok());
}

/// Every other field of the wrong shape is refused at its value.
#[test]
fn fields_of_the_wrong_shape_are_refused_at_their_value() {
    let with = |key_value: &str| good().replacen('{', &format!("{{{key_value},"), 1);
    let cases = [
        ("\"givens\":[[0,1,2]]", "givens[0]", "[0,1,2]"),
        ("\"givens\":[[0,1],[0,1]]", "givens[1]", "[0,1]]"),
        ("\"givens\":[[0,5]]", "givens[0][1]", "5]"),
        ("\"givens\":[[16,1]]", "givens[0][0]", "16"),
        ("\"candidates\":[[0,[1,5]]]", "candidates[0][1][1]", "5]"),
        ("\"parity\":[[0,\"even\",1]]", "parity[0]", "[0,\"even\",1]"),
        ("\"parity\":[[0,\"Even\"]]", "parity[0][1]", "\"Even\""),
        ("\"unused\":[3.0]", "unused[0]", "3.0"),
        ("\"unused\":[-1]", "unused[0]", "-1"),
    ];
    for (key_value, field, at) in cases {
        let line = with(key_value);
        let refused = error(&line);
        let column = column_of(&line, key_value) + key_value.find(at).expect(at);
        assert_eq!((refused.field.as_str(), refused.column), (field, column), "{line}: {refused}");
    }
}

/// Constraints the model refuses are pointed at in the line: the region's cell, the cage.
#[test]
fn model_errors_point_at_the_constraint() {
    let line = good().replacen("[0,1,2,3]", "[0,1,2,99]", 1);
    let refused = error(&line);
    assert_eq!((refused.field.as_str(), refused.column), ("regions[0][3]", column_of(&line, "99")));
    let twice = good().replace("\"cells\":[0,1]", "\"cells\":[0,1,0]");
    assert_eq!(error(&twice).field, "cages[0].cells[2]");
}

/// An empty cage panicked in the encoder (`chunks(0)`) and killed the batch; it is refused
/// when read and when encoded. See: issue 21, point 10.
#[test]
fn an_empty_cage_is_refused_not_a_panic() {
    let line = good().replace("\"cells\":[0,1],\"sum\":3", "\"cells\":[],\"sum\":0");
    let refused = error(&line);
    assert_eq!(refused.field, "cages[0]");
    assert!(refused.message.contains("no cells"), "{refused}");
    let mut model = four();
    model.cages.push(Cage { cells: Vec::new(), sum: Some(0) });
    assert!(model.encode().is_err());
    model.cages[0].sum = None;
    assert!(model.encode().is_err());
    let mut region = four();
    region.regions.push(Vec::new());
    assert!(region.encode().is_err(), "an empty region");
}

/// `"symbols": 18` on a 9x9 made every region a partial one and the search ran for minutes;
/// a model whose regions are all smaller than its symbols is refused, saying so, at the
/// symbols. See: issue 21, point 14.
#[test]
fn symbols_that_no_region_can_hold_are_refused() {
    let line = good().replace("\"symbols\":4", "\"symbols\":8");
    let refused = error(&line);
    assert_eq!((refused.field.as_str(), refused.column), ("symbols", column_of(&line, "8")));
    assert!(
        refused.message.contains("no region has as many cells as there are symbols"),
        "{refused}"
    );
    let mut model = four();
    model.symbols = 5;
    assert!(model.validate().is_err());
    // A model without regions is not refused for its symbols: nothing says what they should be.
    let mut cages_only = four();
    cages_only.regions.clear();
    assert!(cages_only.validate().is_ok());
}

/// Text that is not exactly one JSON object is refused at the column where reading failed,
/// including what JSON does not allow and a lenient reader would take.
#[test]
fn text_that_is_not_strict_json_is_refused_at_its_column() {
    let good = good();
    let width = column_of(&good, "\"width\"");
    for (bad, column) in [
        (good.replacen("\"width\":4", "\"width\":04", 1), width + 9),
        (good.replacen("\"width\":4", "\"width\":4 /* c */", 1), width + 10),
        (good.replacen("\"name\":\"k\"", "\"name\":\"k\u{1}\"", 1), 10),
        (good.replacen('{', "{\u{a0}", 1), 2),
        (format!("{good} {{}}"), good.len() + 2),
        (format!("{good},"), good.len() + 1),
    ] {
        let refused = error(&bad);
        assert_eq!((refused.field.as_str(), refused.column), ("", column), "{bad}: {refused}");
    }
    let name = good.replace("\"name\":\"k\"", "\"name\":7");
    assert_eq!((error(&name).field.as_str(), error(&name).column), ("name", 9));
    let deep = format!("{{\"regions\":{}{}}}", "[".repeat(100_000), "]".repeat(100_000));
    let refused = error(&deep);
    assert!(refused.message.contains("nesting depth"), "nesting is bounded: {refused}");
}

/// What `sudoku generate` writes of a puzzle's making is kept as it was read and written back;
/// its keys are checked as every other object's are. See: issue 32, point 16.
#[test]
fn the_generated_object_is_kept_and_its_keys_checked() {
    let about =
        r#""generated":{"seed":1,"number":1,"clues":23,"rating":{"level":"easy","steps":58}}"#;
    let line = good().replacen('{', &format!("{{{about},"), 1);
    let record = Record::from_json(&line).unwrap();
    assert_eq!(record.generated.as_ref().unwrap()["rating"]["steps"], 58);
    let again = Record::from_json(&record.to_json()).unwrap();
    assert_eq!(again.generated, record.generated);
    assert!(record.to_json().contains(about), "{}", record.to_json());
    let typo = line.replace("\"clues\"", "\"clue\"");
    let refused = error(&typo);
    assert_eq!(refused.field, "generated");
    assert!(refused.message.contains("unknown key `clue`"), "{refused}");
    assert!(error(&good().replacen('{', "{\"generated\":[1],", 1)).message.contains("object"));
}
