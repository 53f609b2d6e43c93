//! Black-dot Kropki puzzles for `data/variants/kropki.jsonl`: a puzzle of `Model::generate`
//! (a random solution and givens that make it unique), a black dot between every two
//! orthogonal neighbours whose digits are in the ratio 1:2 (no rule for the others), then the
//! givens, in a random order, taken out while the puzzle stays unique on the engine and easy
//! for it (at most [`NODES`] nodes). One JSON lines record per puzzle on stdout, with its
//! solution:
//!
//! `cargo run --release -p dancer-sudoku --example kropki_sample [SIZE COUNT SEED]`
//!
//! Without arguments: five 9×9 puzzles of seed 14. Puzzle k comes from
//! `generate::rng_for(seed, k)`, as `sudoku generate` numbers them.

use std::{error::Error, process::ExitCode};

use dancer::Solver;
use dancer_sudoku::generate::rng_for;
use dancer_sudoku::{Cell, Marks, Model, Relation, RelationKind, Variant};
use rand::RngExt;

fn main() -> ExitCode {
    match try_main() {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("kropki_sample: {error}");
            ExitCode::from(2)
        }
    }
}

fn try_main() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (size, count, seed): (usize, u64, u64) = match &args[..] {
        [] => (9, 5, 14),
        [size, count, seed] => (size.parse()?, count.parse()?, seed.parse()?),
        _ => return Err("usage: kropki_sample [SIZE COUNT SEED]".into()),
    };
    let blank = Model::from_variant(&Variant::standard(size)?);
    for number in 1..=count {
        let mut rng = rng_for(seed, number);
        let Some(mut record) = blank.generate(Marks::Givens, &mut rng)? else {
            return Err("the blank grid has no solution".into());
        };
        let solution = record.solution.clone().ok_or("a generated puzzle has its solution")?;
        let model = &mut record.model;
        for cell in 0..solution.len() {
            for other in [cell + 1, cell + size] {
                let beside = other < solution.len() && (other == cell + size || other % size != 0);
                let (x, y) = (solution[cell], *solution.get(other).unwrap_or(&0));
                if beside && (x == 2 * y || y == 2 * x) {
                    let (a, b) = if x < y { (cell, other) } else { (other, cell) };
                    model.relations.push(Relation { a, b, kind: RelationKind::Ratio(2) });
                }
            }
        }
        let mut givens: Vec<Cell> =
            (0..solution.len()).filter(|&c| model.givens[c].is_some()).collect();
        for k in (1..givens.len()).rev() {
            givens.swap(k, rng.random_range(0..=k));
        }
        for cell in givens {
            let given = model.givens[cell].take();
            if !unique(model)? {
                model.givens[cell] = given;
            }
        }
        record.name = format!("kropki {size}x{size} seed {seed} #{number}");
        println!("{}", record.to_json());
    }
    Ok(())
}

/// The most nodes the engine may take to prove a sample unique: a given stays where taking it
/// out would make the puzzle harder than that, so that the tests that solve every sample many
/// times over stay quick.
const NODES: u64 = 5_000;

/// Whether `model` has exactly one solution, proved by the engine within [`NODES`].
fn unique(model: &Model) -> Result<bool, Box<dyn Error>> {
    let encoded = model.encode()?;
    let mut solver = Solver::new(encoded.problem());
    Ok(solver.count_up_to(2) == 1 && solver.stats().nodes() <= NODES)
}
