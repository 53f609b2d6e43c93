//! The JSON lines form of a [`Record`]: one puzzle per line, every field spelled out, read back
//! strictly: an unknown or repeated key, a value of the wrong type or shape, or a model
//! [`Model::validate`] refuses is an error naming the field (`cages[3].sum`) and its column.
//! Its keys are documented in docs/formats.md, "Variant puzzles as JSON lines".

mod fields;
mod strict;

use serde_json::{json, Map, Value};

use self::fields::Fields;
use self::strict::{Line, Path};
use super::published::Record;
use crate::grid::{Cell, Digit};
use crate::model::{Model, Parity, RelationKind};

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
const RECORD_KEYS: [&str; 13] = [
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
        if !model.cages.is_empty() {
            let cages = model.cages.iter().map(|cage| match cage.sum {
                Some(sum) => json!({"cells": cage.cells, "sum": sum}),
                None => json!({"cells": cage.cells}),
            });
            fields.push(("cages", Value::Array(cages.collect())));
        }
        if !model.relations.is_empty() {
            let relations = model.relations.iter().map(|r| {
                let (kind, k) = kind_name(r.kind);
                let mut object = Map::new();
                object.insert("a".into(), json!(r.a));
                object.insert("b".into(), json!(r.b));
                object.insert("kind".into(), json!(kind));
                if let Some(k) = k {
                    object.insert("k".into(), json!(k));
                }
                Value::Object(object)
            });
            fields.push(("relations", Value::Array(relations.collect())));
        }
        if !model.parity.is_empty() {
            let parity = model
                .parity
                .iter()
                .map(|&(cell, p)| json!([cell, if p == Parity::Even { "even" } else { "odd" }]));
            fields.push(("parity", Value::Array(parity.collect())));
        }
        if !model.candidates.is_empty() {
            let marks = model.candidates.iter().map(|&(cell, set)| {
                let digits: Vec<u32> = (1..=64).filter(|d| set >> (d - 1) & 1 == 1).collect();
                json!([cell, digits])
            });
            fields.push(("candidates", Value::Array(marks.collect())));
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
        let givens = read.givens(list("givens")?)?;
        let at = top.key("cages");
        let cages = list("cages")?.iter().enumerate().map(|(k, node)| read.cage(node, at.index(k)));
        let cages = cages.collect::<Result<_, _>>()?;
        let at = top.key("relations");
        let relations =
            list("relations")?.iter().enumerate().map(|(k, node)| read.relation(node, at.index(k)));
        let relations = relations.collect::<Result<_, _>>()?;
        let at = top.key("parity");
        let parity =
            list("parity")?.iter().enumerate().map(|(k, node)| read.parity(node, at.index(k)));
        let parity = parity.collect::<Result<_, _>>()?;
        let at = top.key("candidates");
        let candidates = list("candidates")?
            .iter()
            .enumerate()
            .map(|(k, node)| read.candidates(node, at.index(k)));
        let candidates = candidates.collect::<Result<_, _>>()?;
        for cell in unused {
            model.used[cell] = false;
        }
        let solution = object.get("solution").map(|node| read.solution(node, &model.used));
        let solution = solution.transpose()?;
        (model.givens, model.cages, model.relations, model.parity, model.candidates) =
            (givens, cages, relations, parity, candidates);
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

/// The JSON name of a relation kind, and its `k`.
fn kind_name(kind: RelationKind) -> (&'static str, Option<u8>) {
    match kind {
        RelationKind::Less => ("less", None),
        RelationKind::Consecutive => ("consecutive", None),
        RelationKind::NotConsecutive => ("not-consecutive", None),
        RelationKind::Difference(k) => ("difference", Some(k)),
        RelationKind::Sum(k) => ("sum", Some(k)),
    }
}
