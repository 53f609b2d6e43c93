//! One set of calls for every puzzle: reads a killer and a samurai (JSON lines records) and a
//! classic puzzle (a line of digits), and solves, proves unique, counts and enumerates each
//! through [`Rules`] and its [`PuzzleSolver`] (the one door), whichever search the rules call
//! for:
//!
//! `cargo run --release -p dancer-sudoku --example one_api [KILLER.jsonl SAMURAI.jsonl CLASSIC.txt]`
//!
//! Without arguments it reads the first puzzle of `data/variants/killer-9x9.jsonl`,
//! `data/variants/samurai.jsonl` and `data/puzzles/classic.txt`.

use std::{error::Error, fs, path::PathBuf, process::ExitCode};

use dancer_sudoku::{parse_puzzle, Model, Record, Rules, Variant, Verdict};

fn main() -> ExitCode {
    match try_main() {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("one_api: {error}");
            ExitCode::from(2)
        }
    }
}

fn try_main() -> Result<(), Box<dyn Error>> {
    let data = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data");
    let args: Vec<PathBuf> = std::env::args_os().skip(1).map(PathBuf::from).collect();
    let [killer, samurai, classic] = match &args[..] {
        [] => [
            data.join("variants/killer-9x9.jsonl"),
            data.join("variants/samurai.jsonl"),
            data.join("puzzles/classic.txt"),
        ],
        [a, b, c] => [a.clone(), b.clone(), c.clone()],
        _ => return Err("usage: one_api [KILLER.jsonl SAMURAI.jsonl CLASSIC.txt]".into()),
    };
    let puzzles = [
        ("killer", Record::from_json(&first_line(&killer)?)?.model),
        ("samurai", Record::from_json(&first_line(&samurai)?)?.model),
        ("classic", classic_model(&first_line(&classic)?)?),
    ];
    for (name, model) in &puzzles {
        report(name, model)?;
    }
    Ok(())
}

/// Solves, proves unique, counts and enumerates `model`'s puzzle, and prints what came of it.
fn report(name: &str, model: &Model) -> Result<(), Box<dyn Error>> {
    // Compiled once per rule set: a batch of puzzles of these rules would share it.
    let rules = Rules::new(model);
    let mut solver = rules.solver();
    let givens = &model.givens;
    let verdict = match solver.solve_unique(givens)?.verdict {
        Verdict::Unique(solution) => format!("unique: {}", model.line(&solution)),
        Verdict::Multiple(solution) => format!("several, one is {}", model.line(&solution)),
        Verdict::Solved(solution) => format!("solved: {}", model.line(&solution)),
        Verdict::None => "no solution".to_owned(),
        Verdict::Invalid(broken) => format!("invalid: {broken}"),
    };
    let count = solver.count(givens, Some(10))?;
    let enumerated = solver.enumerate(givens)?.take(10).collect::<Result<Vec<_>, _>>()?;
    println!("{name} ({:?} search): {verdict}", rules.backend());
    println!(
        "  {}{} solutions counted, {} enumerated",
        count.count,
        if count.complete { "" } else { "+" },
        enumerated.len()
    );
    Ok(())
}

/// The first line of `path` that is not blank or a `#` comment.
fn first_line(path: &PathBuf) -> Result<String, Box<dyn Error>> {
    let text = fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let line = text.lines().map(str::trim).find(|line| !line.is_empty() && !line.starts_with('#'));
    Ok(line.ok_or_else(|| format!("{}: no puzzle", path.display()))?.to_owned())
}

/// A classic puzzle's model: the rules of a standard sudoku of its size, and its givens.
fn classic_model(line: &str) -> Result<Model, Box<dyn Error>> {
    let puzzle = parse_puzzle(line)?;
    let mut model = Model::from_variant(&Variant::standard(puzzle.grid.size())?);
    for (cell, given) in model.givens.iter_mut().enumerate() {
        *given = puzzle.grid.get(cell);
    }
    Ok(model)
}
