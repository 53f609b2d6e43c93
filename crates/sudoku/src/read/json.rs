//! The JSON lines form of a [`Record`]: one puzzle per line, every field spelled out, read back
//! strictly: an unknown or repeated key, a value of the wrong type or shape, or a model
//! [`Model::validate`] refuses is an error naming the field (`cages[3].sum`) and its column.
//! Its keys are documented in docs/formats.md, "Variant puzzles as JSON lines".

mod fields;
mod lines;
mod strict;

use serde_json::{json, Map, Value};

use self::fields::Fields;
use self::strict::{Line, Path};
use super::fpuzzles::{fpuzzles, is_fpuzzles, FpuzzlesPuzzle};
use super::iss::{is_iss, iss};
use super::published::{ReadError, Record};
use super::sudokupad::{is_sudokupad, sudokupad};
use crate::grid::{Cell, Digit};
use crate::model::{
    Constraints, Line as ModelLine, LineKind, Model, Parity, Relation, RelationKind,
};

/// Why a JSON line is not a puzzle: where (the column, and the field: a path such as
/// `cages[3].sum`, empty for the line as a whole) and what is wrong. `Display` prints
/// `column: field `path`: message`, to follow a file name and line number.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{column}: {}{message}", if field.is_empty() { String::new() } else { format!("field `{field}`: ") })]
pub struct JsonError {
    /// The column of the key or value at fault, in characters from 1 (1 for the whole line).
    pub column: usize,
    /// Where in the object.
    pub field: String,
    /// What is wrong.
    pub message: String,
}

/// The keys of a record, in the order [`Record::to_json`] writes them.
const RECORD_KEYS: [&str; 14] = [
    "name",
    "width",
    "height",
    "symbols",
    "unused",
    "regions",
    "givens",
    "cages",
    "relations",
    "parity",
    "candidates",
    "lines",
    "solution",
    "generated",
];

impl Record {
    /// The record as one line of JSON (no newline), keys in the documented order, empty
    /// constraints left out.
    pub fn to_json(&self) -> String {
        let model = &self.model;
        let mut fields: Vec<(&str, Value)> = vec![
            ("name", json!(self.name)),
            ("width", json!(model.width)),
            ("height", json!(model.height)),
            ("symbols", json!(model.symbols)),
        ];
        let unused: Vec<Cell> = (0..model.used.len()).filter(|&c| !model.used[c]).collect();
        if !unused.is_empty() {
            fields.push(("unused", json!(unused)));
        }
        fields.push(("regions", json!(model.regions)));
        let givens: Vec<(Cell, Digit)> =
            model.givens.iter().enumerate().filter_map(|(c, g)| g.map(|d| (c, d))).collect();
        if !givens.is_empty() {
            fields.push(("givens", json!(givens)));
        }
        for list in model.constraints().into_iter().filter(|list| !list.is_empty()) {
            let values: Vec<Value> = match list {
                Constraints::Cages(cages) => cages
                    .iter()
                    .map(|cage| match cage.sum {
                        Some(sum) => json!({"cells": cage.cells, "sum": sum}),
                        None => json!({"cells": cage.cells}),
                    })
                    .collect(),
                Constraints::Relations(relations) => relations.iter().map(relation).collect(),
                Constraints::Parity(parity) => parity
                    .iter()
                    .map(|&(cell, p)| json!([cell, if p == Parity::Even { "even" } else { "odd" }]))
                    .collect(),
                Constraints::Candidates(sets) => sets
                    .iter()
                    .map(|&(cell, set)| {
                        let digits: Vec<u32> =
                            (1..=64).filter(|d| set >> (d - 1) & 1 == 1).collect();
                        json!([cell, digits])
                    })
                    .collect(),
                Constraints::Lines(lines) => lines.iter().map(line_json).collect(),
            };
            fields.push((list.key(), Value::Array(values)));
        }
        if let Some(solution) = &self.solution {
            fields.push(("solution", json!(solution)));
        }
        if let Some(generated) = &self.generated {
            fields.push(("generated", Value::Object(generated.clone())));
        }
        let body: Vec<String> =
            fields.iter().map(|(key, value)| format!("\"{key}\":{value}")).collect();
        format!("{{{}}}", body.join(","))
    }

    /// Whether `line` (blanks around it aside) is a record, a JSON object, an f-puzzles or
    /// `SudokuPad` link or payload ([`sudokupad`](crate::sudokupad) for `scl` and short ids)
    /// or an ISS constraint string or killer
    /// ([`iss`](crate::iss)), rather than a puzzle line: the one test that tells a record input
    /// from a puzzle file (docs/formats.md).
    ///
    /// ```
    /// use dancer_sudoku::Record;
    ///
    /// assert!(Record::is_record_line(r#"  {"name": "x"}"#));
    /// assert!(!Record::is_record_line("4..1"));
    /// ```
    pub fn is_record_line(line: &str) -> bool {
        let text = line.trim();
        text.starts_with('{') || is_fpuzzles(text) || is_sudokupad(text) || is_iss(text)
    }

    /// Reads one line of a record input (docs/formats.md), the one check every reader of such
    /// input makes: `None` for a line to skip (blank, or a comment: `#` after any blanks), else
    /// the record of the line without its surrounding blanks (columns count from its first
    /// character), or why it is none. A record is a JSON object, an f-puzzles or `SudokuPad`
    /// link or payload ([`fpuzzles`](crate::fpuzzles)) or an ISS line ([`iss`](crate::iss));
    /// the keys or types it skips as cosmetic are not reported here.
    ///
    /// ```
    /// use dancer_sudoku::Record;
    ///
    /// assert!(Record::from_line("  # a comment").is_none());
    /// let error = Record::from_line("4..1").unwrap().unwrap_err();
    /// assert!(error.message.starts_with("not a JSON object"));
    /// ```
    ///
    /// # Errors
    /// A line that is neither a JSON object nor an f-puzzles link nor an ISS line, whatever
    /// [`from_json`](Self::from_json) refuses, and whatever [`fpuzzles`](crate::fpuzzles) and
    /// [`iss`](crate::iss) do.
    pub fn from_line(line: &str) -> Option<Result<Record, JsonError>> {
        Record::read_line(line).map(|read| read.map(|(record, _)| record))
    }

    /// [`from_line`](Self::from_line), with the keys of an f-puzzles line (or the types of an
    /// ISS line) skipped as cosmetic (drawn only, never rules:
    /// [`FpuzzlesPuzzle::skipped`](crate::FpuzzlesPuzzle)), so that a reader can say so; none
    /// for a JSON object.
    ///
    /// # Errors
    /// As [`from_line`](Self::from_line).
    pub fn read_line(line: &str) -> Option<Result<(Record, Vec<String>), JsonError>> {
        let text = line.trim();
        if text.is_empty() || text.starts_with('#') {
            return None;
        }
        let reader = if is_fpuzzles(text) {
            Some(fpuzzles as fn(&str) -> Result<FpuzzlesPuzzle, ReadError>)
        } else if is_sudokupad(text) {
            Some(sudokupad as fn(&str) -> Result<FpuzzlesPuzzle, ReadError>)
        } else if is_iss(text) {
            Some(iss as fn(&str) -> Result<FpuzzlesPuzzle, ReadError>)
        } else {
            None
        };
        if let Some(reader) = reader {
            let read = reader(text).map(|puzzle| (puzzle.record, puzzle.skipped));
            let error = |e: ReadError| JsonError {
                column: e.column,
                field: String::new(),
                message: e.message,
            };
            return Some(read.map_err(error));
        }
        if !text.starts_with('{') {
            let message = "not a JSON object, an f-puzzles link or an ISS line: the input is JSON \
                           lines (one puzzle object per line)"
                .into();
            return Some(Err(JsonError { column: 1, field: String::new(), message }));
        }
        Some(Record::from_json(text).map(|record| (record, Vec::new())))
    }

    /// Reads a record from one line of its JSON form, and checks the model.
    ///
    /// # Errors
    /// A line that is not JSON; an unknown or repeated key; a missing or mistyped field, or one
    /// of the wrong shape (a pair of three, a solution of the wrong length, a digit beyond the
    /// symbols); or a model [`Model::validate`] refuses. Each names the field and its column.
    pub fn from_json(text: &str) -> Result<Record, JsonError> {
        let line = Line::new(text);
        let root = line.parse()?;
        let top = Path::Root;
        let object = line.object(&root, top, "a puzzle", &RECORD_KEYS)?;
        let number = |key| line.whole(object.need(key, top)?, top.key(key));
        let (width, height, symbols) = (number("width")?, number("height")?, number("symbols")?);
        let cells = width.checked_mul(height).filter(|&c| c <= 1 << 24).ok_or_else(|| {
            line.error(object.need("width", top).expect("read"), top.key("width"), "too many cells")
        })?;
        let mut model = Model {
            width,
            height,
            symbols,
            used: vec![true; cells],
            givens: vec![None; cells],
            ..Model::default()
        };
        let list = |key: &'static str| match object.get(key) {
            None => Ok(&[][..]),
            Some(node) => line.array(node, top.key(key)),
        };
        let read = Fields { line, width, height, symbols };
        let at = top.key("unused");
        let unused: Vec<Cell> = list("unused")?
            .iter()
            .enumerate()
            .map(|(k, node)| read.cell(node, at.index(k)))
            .collect::<Result<_, _>>()?;
        let at = top.key("regions");
        for (k, region) in line.array(object.need("regions", top)?, at)?.iter().enumerate() {
            model.regions.push(line.numbers(region, at.index(k))?);
        }
        model.givens = read.givens(list("givens")?)?;
        // Each kind's list under its key; the kinds are a blank model's, so that a new kind
        // stops the build here until it is read.
        let blank = Model::default();
        for kind in blank.constraints() {
            let at = top.key(kind.key());
            let nodes = list(kind.key())?;
            match kind {
                Constraints::Cages(_) => model.cages = each(nodes, at, |n, p| read.cage(n, p))?,
                Constraints::Relations(_) => {
                    model.relations = each(nodes, at, |n, p| read.relation(n, p))?;
                }
                Constraints::Parity(_) => model.parity = each(nodes, at, |n, p| read.parity(n, p))?,
                Constraints::Candidates(_) => {
                    model.candidates = each(nodes, at, |n, p| read.candidates(n, p))?;
                }
                Constraints::Lines(_) => model.lines = each(nodes, at, |n, p| read.line(n, p))?,
            }
        }
        for cell in unused {
            model.used[cell] = false;
        }
        let solution = object.get("solution").map(|node| read.solution(node, &model.used));
        let solution = solution.transpose()?;
        if let Err((part, error)) = model.locate_fault() {
            return Err(fields::point(line, &root, part, error.to_string()));
        }
        let name = match object.get("name") {
            None => String::new(),
            Some(name) => line.string(name, top.key("name"))?.to_owned(),
        };
        let generated = match object.get("generated") {
            None => None,
            Some(node) => Some(generated(line, text, node)?),
        };
        Ok(Record { name, model, solution, generated })
    }
}

/// The elements of the list at `at`, each read by `one` at its place.
fn each<T>(
    nodes: &[strict::Node<'_>],
    at: Path<'_>,
    one: impl Fn(&strict::Node<'_>, Path<'_>) -> Result<T, JsonError>,
) -> Result<Vec<T>, JsonError> {
    nodes.iter().enumerate().map(|(k, node)| one(node, at.index(k))).collect()
}

/// What `sudoku generate` says of how it made a puzzle: its keys are checked, its values kept
/// as they are (the rating's fields grow with the rater).
const GENERATED_KEYS: [&str; 6] = ["seed", "number", "clues", "symmetry", "minimal", "rating"];

/// The `generated` object of a record, checked for its keys and kept as it was written.
fn generated(
    line: Line<'_>,
    text: &str,
    node: &strict::Node<'_>,
) -> Result<Map<String, Value>, JsonError> {
    use jsonc_parser::common::Ranged;
    let at = Path::Root.key("generated");
    line.object(node, at, "`generated`", &GENERATED_KEYS)?;
    let range = node.range();
    serde_json::from_str(&text[range.start..range.end])
        .map_err(|error| line.error(node, at, &error.to_string()))
}

/// A relation as JSON: its cells, its kind's name and its `k`, when it has one.
fn relation(relation: &Relation) -> Value {
    let (kind, k) = kind_name(relation.kind);
    let mut object = Map::new();
    object.insert("a".into(), json!(relation.a));
    object.insert("b".into(), json!(relation.b));
    object.insert("kind".into(), json!(kind));
    if let Some(k) = k {
        object.insert("k".into(), json!(k));
    }
    if let RelationKind::Indexes(_, v) = relation.kind {
        object.insert("v".into(), json!(v));
    }
    Value::Object(object)
}

/// The JSON name of a relation kind, and its `k`.
fn kind_name(kind: RelationKind) -> (&'static str, Option<u8>) {
    match kind {
        RelationKind::Less => ("less", None),
        RelationKind::Consecutive => ("consecutive", None),
        RelationKind::NotConsecutive => ("not-consecutive", None),
        RelationKind::Difference(k) => ("difference", Some(k)),
        RelationKind::Sum(k) => ("sum", Some(k)),
        // A black Kropki dot's factor is 2 unless it says otherwise.
        RelationKind::Ratio(2) => ("ratio", None),
        RelationKind::Ratio(k) => ("ratio", Some(k)),
        RelationKind::Different => ("different", None),
        RelationKind::NotDifference(k) => ("not-difference", Some(k)),
        RelationKind::NotSum(k) => ("not-sum", Some(k)),
        RelationKind::NotRatio(2) => ("not-ratio", None),
        RelationKind::NotRatio(k) => ("not-ratio", Some(k)),
        RelationKind::Equal => ("equal", None),
        RelationKind::Apart(k) => ("apart", Some(k)),
        RelationKind::AtMost => ("at-most", None),
        RelationKind::Indexes(k, _) => ("indexes", Some(k)),
    }
}

/// A line as JSON: its kind's name, its cells, its `k` or its `digits`, when it has them.
fn line_json(line: &ModelLine) -> Value {
    let mut object = Map::new();
    object.insert("kind".into(), json!(line.kind.name()));
    object.insert("cells".into(), json!(line.cells));
    if let Some(k) = line.kind.value() {
        object.insert("k".into(), json!(k));
    }
    if let LineKind::Quadruple(digits) = &line.kind {
        object.insert("digits".into(), json!(digits));
    }
    Value::Object(object)
}

#[cfg(test)]
mod tests {
    use super::RECORD_KEYS;
    use crate::model::Model;

    /// Every kind of constraint has its key among the record's, so the strict reader takes it.
    #[test]
    fn every_constraint_kind_is_a_record_key() {
        for kind in Model::default().constraints() {
            assert!(RECORD_KEYS.contains(&kind.key()), "{}", kind.key());
        }
    }
}
