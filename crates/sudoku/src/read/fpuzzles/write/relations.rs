//! The relations of a model as f-puzzles keys, each set in the form the reader reads back
//! (`read/fpuzzles/keys.rs`, which reads them as lines: the same rule): chains of `a < b` as thermometers (minimum and maximum cells
//! read back as the same relations), `a ≤ b` as slow thermometers, `Apart` as whispers of its
//! value, `Equal` as one clone, dots and XV marks, and the relations a rule makes on every
//! edge or move (nonconsecutive, the negative rules, anti-king, anti-knight, indexers) as
//! that rule, when the model holds exactly the rule's relations: anything else is refused.

use serde_json::{json, Map, Value};

use super::{add, name, names};
use crate::grid::Cell;
use crate::model::{Model, Relation, RelationKind};
use crate::read::fpuzzles::keys::{chess_moves, edges, lines::indexer};

/// Writes every relation of `model` into `puzzle`, or names one f-puzzles cannot say.
pub(super) fn write(model: &Model, puzzle: &mut Map<String, Value>) -> Result<(), String> {
    let n = model.width;
    let mut left: Vec<Relation> = model.relations.clone();
    let describe =
        |r: &Relation| format!("the {:?} relation {}-{}", r.kind, name(n, r.a), name(n, r.b));
    // The rules first: they own whole sets of relations.
    for (key, king) in [("antiking", true), ("antiknight", false)] {
        let wanted: Vec<Relation> = chess_moves(model, king)
            .into_iter()
            .map(|(a, b)| Relation { a, b, kind: RelationKind::Different })
            .collect();
        if !wanted.is_empty() && take_all(&mut left, &wanted) {
            puzzle.insert(key.into(), json!(true));
        }
    }
    indexers(model, &mut left, puzzle);
    marks(model, &mut left, puzzle)?;
    let mut chains: Vec<(&str, Option<u8>, Vec<Value>)> = Vec::new();
    let mut clone: (Vec<String>, Vec<String>) = (Vec::new(), Vec::new());
    for kind in ordered_kinds(&left) {
        let (key, value) = match kind {
            RelationKind::Less => ("thermometer", None),
            RelationKind::AtMost => ("slowthermometer", None),
            RelationKind::Apart(k) => ("whispers", Some(k)),
            RelationKind::Equal => {
                for r in left.iter().filter(|r| r.kind == kind) {
                    if r.a == r.b {
                        return Err(format!("{}: a cell equal to itself", describe(r)));
                    }
                    clone.0.push(name(n, r.a));
                    clone.1.push(name(n, r.b));
                }
                continue;
            }
            _ => {
                let r = left.iter().find(|r| r.kind == kind).expect("a relation of this kind");
                return Err(format!("{}: f-puzzles has no key for it", describe(r)));
            }
        };
        let pairs: Vec<(Cell, Cell)> =
            left.iter().filter(|r| r.kind == kind).map(|r| (r.a, r.b)).collect();
        let lines: Vec<Value> = chain(pairs).iter().map(|line| json!(names(n, line))).collect();
        chains.push((key, value, lines));
    }
    for (key, value, lines) in chains {
        let entries: Vec<Value> = match value {
            // Whispers of several values: one entry per value.
            Some(k) => vec![json!({"lines": lines, "value": k})],
            None => lines.into_iter().map(|line| json!({"lines": [line]})).collect(),
        };
        let list = puzzle.entry(key).or_insert_with(|| json!([]));
        if let Value::Array(list) = list {
            list.extend(entries);
        }
    }
    if !clone.0.is_empty() {
        // After the clone lines written with the lines, if any.
        let list = puzzle.entry("clone").or_insert_with(|| json!([]));
        if let Value::Array(list) = list {
            list.push(json!({"cells": clone.0, "cloneCells": clone.1}));
        }
    }
    Ok(())
}

/// The kinds of `relations`, each once, in the order they first appear.
fn ordered_kinds(relations: &[Relation]) -> Vec<RelationKind> {
    let mut kinds = Vec::new();
    for r in relations {
        if !kinds.contains(&r.kind) {
            kinds.push(r.kind);
        }
    }
    kinds
}

/// Whether `r` is `w`, either way round where the kind is symmetric (the reader writes such a
/// relation from its upper or left cell, another source from either).
fn same(r: &Relation, w: &Relation) -> bool {
    let symmetric =
        !matches!(w.kind, RelationKind::Less | RelationKind::AtMost | RelationKind::Indexes(..));
    r.kind == w.kind && ((r.a, r.b) == (w.a, w.b) || symmetric && (r.a, r.b) == (w.b, w.a))
}

/// Removes every relation of `wanted` from `left` when all of them are there (as a multiset,
/// see [`same`]); leaves `left` alone and returns false otherwise.
fn take_all(left: &mut Vec<Relation>, wanted: &[Relation]) -> bool {
    let mut rest = left.clone();
    for w in wanted {
        match rest.iter().position(|r| same(r, w)) {
            Some(k) => {
                rest.swap_remove(k);
            }
            None => return false,
        }
    }
    // Keep the model's order for the relations still to write.
    let mut kept = Vec::with_capacity(rest.len());
    let mut wanted = wanted.to_vec();
    for r in left.drain(..) {
        match wanted.iter().position(|w| same(&r, w)) {
            Some(k) => {
                wanted.swap_remove(k);
            }
            None => kept.push(r),
        }
    }
    *left = kept;
    true
}

/// Pairs `a → b` joined into lines: each line follows unused pairs from its last cell, and
/// starts where no unused pair ends, so that a thermometer comes back whole.
fn chain(mut pairs: Vec<(Cell, Cell)>) -> Vec<Vec<Cell>> {
    let mut lines = Vec::new();
    while !pairs.is_empty() {
        let start =
            (0..pairs.len()).find(|&k| !pairs.iter().any(|&(_, b)| b == pairs[k].0)).unwrap_or(0);
        let (a, b) = pairs.remove(start);
        let mut line = vec![a, b];
        while let Some(k) = pairs.iter().position(|&(a, _)| Some(&a) == line.last()) {
            line.push(pairs.remove(k).1);
        }
        lines.push(line);
    }
    lines
}

/// Row, column and box indexer cells: a cell whose whole set of `Indexes` relations of one
/// kind of indexer is in the model.
fn indexers(model: &Model, left: &mut Vec<Relation>, puzzle: &mut Map<String, Value>) {
    let n = model.width;
    let mut scratch = model.clone();
    for key in ["rowindexer", "columnindexer", "boxindexer"] {
        let mut cells = Vec::new();
        for cell in 0..n * n {
            if !left.iter().any(|r| r.a == cell && matches!(r.kind, RelationKind::Indexes(..))) {
                continue;
            }
            scratch.relations.clear();
            indexer(&mut scratch, key, cell);
            if !scratch.relations.is_empty() && take_all(left, &scratch.relations) {
                cells.push(name(n, cell));
            }
        }
        if !cells.is_empty() {
            add(puzzle, key, vec![json!({"cells": cells})]);
        }
    }
}

/// Kropki dots and XV marks, and the negative rules (`nonconsecutive`, `negative`) when the
/// model holds their relations on exactly the edges without a mark.
fn marks(
    model: &Model,
    left: &mut Vec<Relation>,
    puzzle: &mut Map<String, Value>,
) -> Result<(), String> {
    let n = model.width;
    let mut kropki = Vec::new();
    let mut xv = Vec::new();
    let (mut difference, mut ratio, mut marks) = (Vec::new(), Vec::new(), Vec::new());
    let mut ratios = Vec::new();
    for r in left.iter() {
        let cells = names(n, &[r.a, r.b]);
        match r.kind {
            // A consecutive bar is a white dot of difference 1, read back as one.
            RelationKind::Consecutive => {
                difference.push(json!({"cells": cells, "value": 1}));
                kropki.push((r.a, r.b));
            }
            RelationKind::Difference(k) => {
                difference.push(json!({"cells": cells, "value": k}));
                kropki.push((r.a, r.b));
            }
            RelationKind::Ratio(k) if k >= 2 => {
                ratio.push(json!({"cells": cells, "value": k}));
                kropki.push((r.a, r.b));
                ratios.push(k);
            }
            RelationKind::Sum(k @ (5 | 10)) => {
                marks.push(json!({"cells": cells, "value": if k == 5 { "V" } else { "X" }}));
                xv.push((r.a, r.b));
            }
            _ => {}
        }
    }
    left.retain(|r| {
        !matches!(
            r.kind,
            RelationKind::Consecutive | RelationKind::Difference(_) | RelationKind::Sum(5 | 10)
        ) && !matches!(r.kind, RelationKind::Ratio(k) if k >= 2)
    });
    add(puzzle, "difference", difference);
    add(puzzle, "ratio", ratio);
    add(puzzle, "xv", marks);
    let unmarked = |marked: &[(Cell, Cell)], kinds: &[RelationKind]| -> Vec<Relation> {
        let free = edges(n).filter(|&(a, b)| !marked.iter().any(|&m| m == (a, b) || m == (b, a)));
        free.flat_map(|(a, b)| kinds.iter().map(move |&kind| Relation { a, b, kind })).collect()
    };
    let present = |left: &[Relation], kind: RelationKind| left.iter().any(|r| r.kind == kind);
    let mut negative = Vec::new();
    if present(left, RelationKind::NotConsecutive) {
        if !take_all(left, &unmarked(&kropki, &[RelationKind::NotConsecutive])) {
            return Err("nonconsecutive relations not on exactly the edges without a Kropki dot: f-puzzles' nonconsecutive rule holds on all of them".into());
        }
        puzzle.insert("nonconsecutive".into(), json!(true));
    }
    if left.iter().any(|r| matches!(r.kind, RelationKind::NotRatio(_))) {
        let mut kinds = vec![RelationKind::NotRatio(2)];
        for &k in &ratios {
            if !kinds.contains(&RelationKind::NotRatio(k)) {
                kinds.push(RelationKind::NotRatio(k));
            }
        }
        if !take_all(left, &unmarked(&kropki, &kinds)) {
            return Err("not-ratio relations not on exactly the edges without a Kropki dot, for 2 and each black dot's ratio: f-puzzles' negative ratio rule holds there".into());
        }
        negative.push("ratio");
    }
    if present(left, RelationKind::NotSum(5)) || present(left, RelationKind::NotSum(10)) {
        let kinds = [RelationKind::NotSum(5), RelationKind::NotSum(10)];
        if !take_all(left, &unmarked(&xv, &kinds)) {
            return Err("not-sum relations not on exactly the edges without an X or V, for 5 and 10: f-puzzles' negative XV rule holds there".into());
        }
        negative.push("xv");
    }
    if !negative.is_empty() {
        puzzle.insert("negative".into(), json!(negative));
    }
    Ok(())
}
