//! `sudoku convert --to fpuzzles`: one f-puzzles link per record, which reads back to the same
//! puzzle; a record f-puzzles cannot express is an error in its place and the batch goes on.

use dancer_sudoku::{fpuzzles, Model, Record, Relation, RelationKind, Variant};

use crate::sudoku::sudoku;

fn record(name: &str, relation: RelationKind) -> Record {
    let mut model = Model::from_variant(&Variant::standard(4).unwrap());
    model.givens[0] = Some(1);
    model.relations.push(Relation { a: 4, b: 5, kind: relation });
    Record { name: name.into(), model, solution: None, generated: None }
}

#[test]
fn records_become_f_puzzles_links_and_an_unwritable_one_an_error_in_place() {
    let thermo = record("thermo", RelationKind::Less);
    let seven = record("seven", RelationKind::Sum(7));
    let input =
        format!("{}\n# a comment\n{}\n{}\n", thermo.to_json(), seven.to_json(), thermo.to_json());
    let run = sudoku(&["convert", "--from", "json", "--to", "fpuzzles"], &input);
    assert_eq!(run.code, 2, "{}", run.stderr);
    let out: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(out.len(), 3, "{}", run.stdout);
    for line in [out[0], out[2]] {
        assert!(line.starts_with("https://www.f-puzzles.com/?load="), "{line}");
        let back = fpuzzles(line).unwrap().record;
        assert_eq!(back.name, "thermo");
        assert_eq!(back.model.givens, thermo.model.givens);
        // The `<` relation is written as a thermometer, which reads back as a line.
        assert_eq!(back.model.relations_with_lines(), thermo.model.relations);
    }
    let error: serde_json::Value = serde_json::from_str(out[1]).unwrap();
    assert_eq!(error["line"], 3);
    let message = error["error"].as_str().unwrap();
    assert!(message.contains("Sum(7)") && message.contains("R2C1-R2C2"), "{message}");
    assert!(run.stderr.contains("<stdin>:3:1: cannot write as f-puzzles"), "{}", run.stderr);

    // The link read back and written again is the same link.
    let again = sudoku(&["convert", "--from", "fpuzzles", "--to", "fpuzzles"], out[0]);
    assert_eq!((again.code, again.stdout.trim()), (0, out[0]), "{}", again.stderr);
}
