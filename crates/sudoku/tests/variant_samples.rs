//! The committed samples under data/variants (made by `sudoku generate`, see its README): every
//! record is a valid model, unique on the engine, solved as stored, and its stored solution
//! keeps every constraint by a checker written here from the definitions (not the library's
//! `RelationKind::holds` or encoding). Together the samples cover every constraint kind, so
//! the default test run exercises them all.

use std::{collections::BTreeSet, fs, path::Path};

use dancer::Solver;
use dancer_sudoku::{Model, Parity, Record, RelationKind};

pub(crate) fn samples() -> Vec<(String, Vec<Record>)> {
    let dir = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/variants"));
    let mut files: Vec<_> = fs::read_dir(dir)
        .expect("data/variants is committed")
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "jsonl"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|path| {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let text = fs::read_to_string(&path).unwrap();
            let records = text
                .lines()
                .enumerate()
                .map(|(k, line)| {
                    Record::from_json(line).unwrap_or_else(|e| panic!("{name}:{}: {e}", k + 1))
                })
                .collect();
            (name, records)
        })
        .collect()
}

/// The first constraint `solution` breaks, from the definitions; `None` when it keeps all.
pub(crate) fn broken(model: &Model, solution: &[u8]) -> Option<String> {
    let n = model.symbols;
    if solution.len() != model.used.len() {
        return Some(format!("{} digits for {} cells", solution.len(), model.used.len()));
    }
    for (cell, (&digit, &used)) in solution.iter().zip(&model.used).enumerate() {
        let fits = if used { (1..=n).contains(&usize::from(digit)) } else { digit == 0 };
        if !fits {
            return Some(format!("cell {cell} holds {digit}"));
        }
        if model.givens[cell].is_some_and(|given| given != digit) {
            return Some(format!("cell {cell} differs from its given"));
        }
    }
    let distinct = |cells: &[usize]| {
        let digits: BTreeSet<u8> = cells.iter().map(|&c| solution[c]).collect();
        digits.len() == cells.len()
    };
    if let Some(k) = (0..model.regions.len()).find(|&k| !distinct(&model.regions[k])) {
        return Some(format!("region {k} repeats a digit"));
    }
    for (k, cage) in model.cages.iter().enumerate() {
        let sum: u32 = cage.cells.iter().map(|&c| u32::from(solution[c])).sum();
        if !distinct(&cage.cells) || cage.sum.is_some_and(|s| s != sum) {
            return Some(format!("cage {k} (sum {sum})"));
        }
    }
    for (k, relation) in model.relations.iter().enumerate() {
        let (a, b) = (i32::from(solution[relation.a]), i32::from(solution[relation.b]));
        let holds = match relation.kind {
            RelationKind::Less => a < b,
            RelationKind::Consecutive => a - b == 1 || b - a == 1,
            RelationKind::NotConsecutive => a - b != 1 && b - a != 1,
            RelationKind::Difference(d) => a - b == i32::from(d) || b - a == i32::from(d),
            RelationKind::Sum(s) => a + b == i32::from(s),
            RelationKind::Ratio(k) => a == i32::from(k) * b || b == i32::from(k) * a,
            RelationKind::Different => a != b,
            RelationKind::NotDifference(d) => a - b != i32::from(d) && b - a != i32::from(d),
            RelationKind::NotSum(s) => a + b != i32::from(s),
            RelationKind::NotRatio(k) => a != i32::from(k) * b && b != i32::from(k) * a,
            RelationKind::Equal => a == b,
            RelationKind::Apart(k) => a - b >= i32::from(k) || b - a >= i32::from(k),
            RelationKind::AtMost => a <= b,
            RelationKind::Indexes(index, value) => a != i32::from(index) || b == i32::from(value),
            other => panic!("a relation kind this checker does not know: {other:?}"),
        };
        if !holds {
            return Some(format!("relation {k} {relation:?} with {a} and {b}"));
        }
    }
    for (k, line) in model.lines.iter().enumerate() {
        let digits: Vec<u8> = line.cells.iter().map(|&c| solution[c]).collect();
        if !crate::lines::keeps_line(model, line, &digits) {
            return Some(format!("line {k} {line:?} with {digits:?}"));
        }
    }
    for &(cell, parity) in &model.parity {
        if solution[cell].is_multiple_of(2) != (parity == Parity::Even) {
            return Some(format!("the parity of cell {cell}"));
        }
    }
    for &(cell, set) in &model.candidates {
        if set >> (solution[cell] - 1) & 1 == 0 {
            return Some(format!("the candidates of cell {cell}"));
        }
    }
    None
}

#[test]
fn every_sample_is_unique_solved_as_stored_and_keeps_its_constraints() {
    let mut kinds = BTreeSet::new();
    let mut records = 0;
    for (file, list) in samples() {
        assert!((3..=10).contains(&list.len()), "{file}: {} records", list.len());
        for record in list {
            let place = format!("{file}: {}", record.name);
            let model = &record.model;
            assert_eq!(model.validate(), Ok(()), "{place}");
            let stored = record.solution.clone().unwrap_or_else(|| panic!("{place}: no solution"));
            assert_eq!(broken(model, &stored), None, "{place}");
            let encoded = model.encode().expect("a valid sample encodes");
            let mut solver = Solver::new(encoded.problem());
            assert_eq!(solver.count_up_to(2), 1, "{place}: not unique");
            let found = encoded.grid(&solver.first().expect("one solution"));
            let found: Vec<u8> = found.iter().map(|d| d.unwrap_or(0)).collect();
            assert_eq!(found, stored, "{place}: the engine's solution");
            if !model.cages.is_empty() {
                let mut covered = vec![0; model.used.len()];
                model.cages.iter().flat_map(|cage| &cage.cells).for_each(|&c| covered[c] += 1);
                let partition =
                    (0..covered.len()).all(|c| covered[c] == usize::from(model.used[c]));
                assert!(partition, "{place}: the cages do not partition the used cells");
                kinds.insert("cages".to_owned());
            }
            if model.used.contains(&false) {
                kinds.insert("unused cells".to_owned());
            }
            for relation in &model.relations {
                let kind = format!("{:?}", relation.kind);
                kinds.insert(kind.split('(').next().unwrap().to_owned());
            }
            if !model.parity.is_empty() {
                kinds.insert("parity".to_owned());
            }
            if !model.candidates.is_empty() {
                kinds.insert("candidates".to_owned());
            }
            if model.variant().is_some_and(|variant| !variant.is_standard()) {
                kinds.insert("regions other than boxes".to_owned());
            }
            records += 1;
        }
    }
    let every = [
        "Consecutive",
        "Difference",
        "Different",
        "Less",
        "NotConsecutive",
        "NotDifference",
        "NotRatio",
        "NotSum",
        "Ratio",
        "Sum",
        "cages",
        "candidates",
        "parity",
        "regions other than boxes",
        "unused cells",
    ];
    assert_eq!(kinds, every.iter().map(|&k| k.to_owned()).collect(), "{records} records");
}

#[test]
fn the_checker_catches_a_broken_constraint_of_every_kind() {
    let mut caught = 0;
    for (file, list) in samples() {
        let record = &list[0];
        let stored = record.solution.clone().unwrap();
        let mut model = record.model.clone();
        let mut outside = stored.clone();
        outside[model.regions[0][0]] = u8::try_from(model.symbols + 1).unwrap();
        assert!(broken(&model, &outside).is_some(), "{file}: a digit out of range");
        // Each mark turned against the stored solution must be noticed.
        let mut wrong = Vec::new();
        if let Some(cage) = model.cages.first_mut() {
            cage.sum = cage.sum.map(|s| s + 1);
            wrong.push(std::mem::replace(&mut model, record.model.clone()));
        }
        if let Some(relation) = model.relations.first_mut() {
            relation.kind = match relation.kind {
                RelationKind::Less => {
                    std::mem::swap(&mut relation.a, &mut relation.b);
                    RelationKind::Less
                }
                RelationKind::Consecutive => RelationKind::NotConsecutive,
                RelationKind::NotConsecutive => RelationKind::Consecutive,
                RelationKind::Difference(k) => RelationKind::Difference(k + 1),
                RelationKind::Sum(k) => RelationKind::Sum(k + 1),
                RelationKind::Ratio(k) => RelationKind::Ratio(k + 1),
                RelationKind::Different => RelationKind::Difference(0),
                RelationKind::NotDifference(k) => RelationKind::Difference(k),
                RelationKind::NotSum(k) => RelationKind::Sum(k),
                RelationKind::NotRatio(k) => RelationKind::Ratio(k),
                other => panic!("{other:?}"),
            };
            wrong.push(std::mem::replace(&mut model, record.model.clone()));
        }
        if let Some((_, parity)) = model.parity.first_mut() {
            *parity = if *parity == Parity::Even { Parity::Odd } else { Parity::Even };
            wrong.push(std::mem::replace(&mut model, record.model.clone()));
        }
        if let Some(&mut (cell, ref mut set)) = model.candidates.first_mut() {
            *set &= !(1 << (stored[cell] - 1));
            wrong.push(std::mem::replace(&mut model, record.model.clone()));
        }
        for model in wrong {
            assert!(broken(&model, &stored).is_some(), "{file}: a broken mark went unnoticed");
            caught += 1;
        }
    }
    assert!(caught >= 8, "marks of every kind were turned: {caught}");
}
