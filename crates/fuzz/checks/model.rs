//! Sudoku models as JSON lines, as the batch subcommands read them: `Record::from_json` on each
//! line, the record written back, `Model::encode` and a bounded search of what it makes (the
//! engine's, and the bitmask search's for a plain sudoku), and `Model::broken` on the line's
//! solution, as `check` runs it. This is where an empty cage panicked and a mistyped symbol
//! count searched for minutes (issue 21).

use std::ops::ControlFlow;

use dancer::run::Run;
use dancer_sudoku::{Digit, Grid, Record, Rules};

use super::NODES;

/// The lines of an input that are read: a batch reads every one, and the fuzzer's inputs are
/// short, so a few cover it.
const LINES: usize = 4;

/// Models of at most this many (cell, digit) pairs are encoded and searched: encoding is linear
/// in them, and an input of 4 KiB can ask for a rectangle of millions of cells.
const PAIRS: usize = 4_096;

/// Reads each line as the `sudoku` command does, and checks what comes out; whether any line
/// was a model.
pub(crate) fn sudoku_model(data: &[u8]) -> bool {
    let Ok(text) = std::str::from_utf8(data) else { return false };
    let mut accepted = false;
    for line in text.lines().take(LINES) {
        match Record::from_json(line) {
            Ok(record) => {
                accepted = true;
                check_record(&record);
            }
            Err(error) => {
                // The column of the fault is on the line (one past its end for a line cut short).
                let length = line.chars().count();
                assert!((1..=length + 1).contains(&error.column), "{error} on {line:?}");
            }
        }
    }
    accepted
}

/// An accepted record: written and read back the same, valid, encoded and searched within
/// bounds, every solution found checked against the model's own definitions.
fn check_record(record: &Record) {
    let written = record.to_json();
    let again = Record::from_json(&written).unwrap_or_else(|e| panic!("{e}: {written}"));
    assert_eq!(&again, record, "written and read back");
    let model = &record.model;
    assert_eq!(model.validate(), Ok(()), "an accepted model is valid");
    if let Some(solution) = &record.solution {
        // `check` on the line's solution: any verdict, never a panic.
        let digits: Vec<Option<Digit>> = solution.iter().map(|&d| (d != 0).then_some(d)).collect();
        let _ = model.broken(&digits, true);
    }
    if model.used.len() * model.symbols > PAIRS {
        return;
    }
    let _ = model.broken(&model.givens, false);
    if let Ok(encoded) = model.encode() {
        let mut solver = dancer::Solver::new(encoded.problem());
        let visit = |search: &dancer::Solver<'_>| {
            let grid = encoded.grid(search.solution());
            assert_eq!(model.broken(&grid, true), Ok(()), "a solution of the engine");
            ControlFlow::Continue(())
        };
        Run::new().node_limit(NODES).visit(&mut solver, &visit).expect("a run from the root");
    }
    // A plain sudoku goes to the bitmask search, as the command sends it.
    if let Some((variant, grid)) = model.variant().zip(model.givens_grid()) {
        let rules = Rules::from_variant(variant);
        let mut solver = rules.solver();
        if let Ok(mut search) = solver.explore(&grid) {
            let visit = |search: &dancer_sudoku::PuzzleSearch<'_, '_, Grid>| {
                let found = search.solution().expect("a plain search's grid");
                let digits: Vec<Option<Digit>> =
                    (0..found.cells().len()).map(|c| found.get(c)).collect();
                assert_eq!(model.broken(&digits, true), Ok(()), "a solution of the bitmask search");
                ControlFlow::Continue(())
            };
            Run::new().node_limit(NODES).visit(&mut search, &visit).expect("a run from the root");
        }
    }
}
