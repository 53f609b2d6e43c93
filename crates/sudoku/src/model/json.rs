//! The JSON lines form of a [`Record`]: one puzzle per line, every field spelled out, read back
//! with errors that name the field at fault (`cages[3].sum`). Its keys are documented in
//! docs/formats.md, "Variant puzzles as JSON lines".

use serde_json::{json, Map, Value};

use super::{Cage, Model, Parity, Record, Relation, RelationKind};
use crate::{Cell, Digit};

/// Why a JSON line is not a puzzle: the field (a path such as `cages[3].sum`, empty for the
/// line as a whole) and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}{message}", if field.is_empty() { String::new() } else { format!("field `{field}`: ") })]
pub struct JsonError {
    /// Where in the object.
    pub field: String,
    /// What is wrong.
    pub message: String,
}

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
        let body: Vec<String> =
            fields.iter().map(|(key, value)| format!("\"{key}\":{value}")).collect();
        format!("{{{}}}", body.join(","))
    }

    /// Reads a record from one line of its JSON form, and checks the model.
    ///
    /// # Errors
    /// A line that is not JSON (with its column), a missing or mistyped field (named by its
    /// path), or a model [`Model::validate`] refuses.
    pub fn from_json(line: &str) -> Result<Record, JsonError> {
        let value: Value = serde_json::from_str(line)
            .map_err(|e| JsonError { field: String::new(), message: e.to_string() })?;
        let object = value.as_object().ok_or_else(|| fail("", "a puzzle is a JSON object"))?;
        let get = |key: &str| object.get(key).ok_or_else(|| fail(key, "missing"));
        let width = whole(get("width")?, "width")?;
        let height = whole(get("height")?, "height")?;
        let cells = width
            .checked_mul(height)
            .filter(|&c| c <= 1 << 24)
            .ok_or_else(|| fail("width", "too many cells"))?;
        let mut model = Model {
            width,
            height,
            symbols: whole(get("symbols")?, "symbols")?,
            used: vec![true; cells],
            givens: vec![None; cells],
            ..Model::default()
        };
        for (k, cell) in list(object.get("unused"), "unused")?.iter().enumerate() {
            let cell = whole(cell, &format!("unused[{k}]"))?;
            *model
                .used
                .get_mut(cell)
                .ok_or_else(|| fail(&format!("unused[{k}]"), "beyond the rectangle"))? = false;
        }
        for (k, region) in list(Some(get("regions")?), "regions")?.iter().enumerate() {
            model.regions.push(cell_list(Some(region), &format!("regions[{k}]"))?);
        }
        for (k, given) in list(object.get("givens"), "givens")?.iter().enumerate() {
            let field = format!("givens[{k}]");
            let [cell, digit] = pair(given, &field)?;
            let cell = whole(cell, &field)?;
            let digit = Digit::try_from(whole(digit, &field)?)
                .map_err(|_| fail(&field, "digit too large"))?;
            *model.givens.get_mut(cell).ok_or_else(|| fail(&field, "beyond the rectangle"))? =
                Some(digit);
        }
        for (k, cage) in list(object.get("cages"), "cages")?.iter().enumerate() {
            let field = format!("cages[{k}]");
            let cells = cell_list(cage.get("cells"), &format!("{field}.cells"))?;
            let sum = match cage.get("sum") {
                None => None,
                Some(sum) => Some(
                    u32::try_from(whole(sum, &format!("{field}.sum"))?)
                        .map_err(|_| fail(&field, "sum too large"))?,
                ),
            };
            model.cages.push(Cage { cells, sum });
        }
        for (k, relation) in list(object.get("relations"), "relations")?.iter().enumerate() {
            model.relations.push(read_relation(relation, &format!("relations[{k}]"))?);
        }
        for (k, mark) in list(object.get("parity"), "parity")?.iter().enumerate() {
            let field = format!("parity[{k}]");
            let [cell, parity] = pair(mark, &field)?;
            let parity = match parity.as_str() {
                Some("even") => Parity::Even,
                Some("odd") => Parity::Odd,
                _ => return Err(fail(&field, "parity is \"even\" or \"odd\"")),
            };
            model.parity.push((whole(cell, &field)?, parity));
        }
        for (k, mark) in list(object.get("candidates"), "candidates")?.iter().enumerate() {
            let field = format!("candidates[{k}]");
            let [cell, digits] = pair(mark, &field)?;
            let mut set = 0u64;
            for digit in cell_list(Some(digits), &field)? {
                set |= 1u64
                    .checked_shl(u32::try_from(digit.wrapping_sub(1)).unwrap_or(64))
                    .filter(|_| (1..=64).contains(&digit))
                    .ok_or_else(|| fail(&field, "digits are 1 to 64"))?;
            }
            model.candidates.push((whole(cell, &field)?, set));
        }
        let solution = match object.get("solution") {
            None => None,
            Some(solution) => Some(
                cell_list(Some(solution), "solution")?
                    .into_iter()
                    .map(|d| Digit::try_from(d).map_err(|_| fail("solution", "digit too large")))
                    .collect::<Result<Vec<Digit>, _>>()?,
            ),
        };
        model.validate().map_err(|e| fail("", &e.to_string()))?;
        let name = object.get("name").and_then(Value::as_str).unwrap_or("").to_owned();
        Ok(Record { name, model, solution })
    }
}

fn fail(field: &str, message: &str) -> JsonError {
    JsonError { field: field.to_owned(), message: message.to_owned() }
}

/// A nonnegative whole number.
fn whole(value: &Value, field: &str) -> Result<usize, JsonError> {
    value
        .as_u64()
        .and_then(|n| usize::try_from(n).ok())
        .ok_or_else(|| fail(field, "expected a whole number"))
}

/// An array, or the empty one when the field is absent.
fn list<'v>(value: Option<&'v Value>, field: &str) -> Result<&'v [Value], JsonError> {
    match value {
        None => Ok(&[]),
        Some(value) => {
            value.as_array().map(Vec::as_slice).ok_or_else(|| fail(field, "expected an array"))
        }
    }
}

/// An array of whole numbers.
fn cell_list(value: Option<&Value>, field: &str) -> Result<Vec<usize>, JsonError> {
    let items = value.ok_or_else(|| fail(field, "missing"))?;
    let items = items.as_array().ok_or_else(|| fail(field, "expected an array"))?;
    items.iter().enumerate().map(|(k, v)| whole(v, &format!("{field}[{k}]"))).collect()
}

/// A two-element array.
fn pair<'v>(value: &'v Value, field: &str) -> Result<[&'v Value; 2], JsonError> {
    match value.as_array().map(Vec::as_slice) {
        Some([a, b]) => Ok([a, b]),
        _ => Err(fail(field, "expected a pair [cell, value]")),
    }
}

fn read_relation(value: &Value, field: &str) -> Result<Relation, JsonError> {
    let cell = |key: &str| {
        whole(
            value.get(key).ok_or_else(|| fail(&format!("{field}.{key}"), "missing"))?,
            &format!("{field}.{key}"),
        )
    };
    let k = || -> Result<u8, JsonError> {
        let k = whole(
            value.get("k").ok_or_else(|| fail(&format!("{field}.k"), "missing"))?,
            &format!("{field}.k"),
        )?;
        u8::try_from(k).map_err(|_| fail(&format!("{field}.k"), "too large"))
    };
    let kind = match value.get("kind").and_then(Value::as_str) {
        Some("less") => RelationKind::Less,
        Some("consecutive") => RelationKind::Consecutive,
        Some("not-consecutive") => RelationKind::NotConsecutive,
        Some("difference") => RelationKind::Difference(k()?),
        Some("sum") => RelationKind::Sum(k()?),
        _ => {
            let kinds = "less, consecutive, not-consecutive, difference or sum";
            return Err(fail(&format!("{field}.kind"), &format!("expected one of {kinds}")));
        }
    };
    Ok(Relation { a: cell("a")?, b: cell("b")?, kind })
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
