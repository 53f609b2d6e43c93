//! Times a file of published variant puzzles on the engine: each puzzle read, encoded (cages of
//! at most `--fillings N` fillings placed whole, default `CAGE_FILLINGS`; the implied sums left
//! out with `--no-implied`) and searched for up to two solutions, with the nodes and the time
//! of encoding and of searching summed on stderr. The options singles and locked candidates
//! exclude are struck out as `Model::encode` does (models of regions alone), for every model
//! with `--reduce`, for none with `--no-reduce`. The figures of
//! docs/PERFORMANCE.md, "Variant puzzles on the engine", come from it:
//! `cargo run --release -p dancer-sudoku --example variant_file -- krazydad-killer \
//!  ../shared/data/variants/krazydad_killer_9x9.txt [--fillings N] [--first K] [--each] \
//!  [--no-implied] [--reduce | --no-reduce]`.
//! Kinds: `janko-killer`, `krazydad-killer`, `andoku`, and `janko` for a `<Kind>_puzzles.json`
//! of `janko_puzzlekit` (the kind from the file name). `--each` prints every puzzle's nodes and
//! search time.

use std::{error::Error, path::Path, time::Instant};

use dancer_sudoku::{
    andoku, janko_killer, janko_puzzles, krazydad_killer, JankoKind, ReadError, Record,
    CAGE_FILLINGS,
};

fn main() {
    if let Err(error) = try_main() {
        eprintln!("variant_file: {error}");
        std::process::exit(2);
    }
}

fn try_main() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: variant_file KIND FILE [--fillings N] [--first K] [--each] [--no-implied] \
                 [--reduce | --no-reduce]";
    let [kind, path, options @ ..] = &args[..] else { return Err(usage.into()) };
    let option = |name: &str, default: usize| -> Result<usize, Box<dyn Error>> {
        match options.iter().position(|o| o == name) {
            Some(at) => Ok(options.get(at + 1).ok_or(usage)?.parse()?),
            None => Ok(default),
        }
    };
    let (fillings, first) = (option("--fillings", CAGE_FILLINGS)?, option("--first", usize::MAX)?);
    let each = options.iter().any(|o| o == "--each");
    let implied = !options.iter().any(|o| o == "--no-implied");
    let flag = |name: &str| options.iter().any(|o| o == name);
    let reduce = |model: &dancer_sudoku::Model| {
        flag("--reduce") || (!flag("--no-reduce") && model.worth_reducing())
    };
    let reduced = match (flag("--reduce"), flag("--no-reduce")) {
        (true, _) => ", --reduce",
        (false, true) => ", --no-reduce",
        (false, false) => "",
    };
    let started = Instant::now();
    let records = read(kind, Path::new(path))?;
    let (mut puzzles, mut nodes, mut unique) = (0u64, 0u64, 0u64);
    let (mut encoding, mut searching) = (0.0f64, 0.0f64);
    for record in records.into_iter().take(first) {
        let at = Instant::now();
        let encoded = record.model.encode_tuned(fillings, implied, reduce(&record.model))?;
        encoding += at.elapsed().as_secs_f64();
        let at = Instant::now();
        let mut solver = encoded.problem().solver();
        let count = solver.count_up_to(2);
        unique += u64::from(count == 1);
        searching += at.elapsed().as_secs_f64();
        nodes += solver.stats().nodes();
        if each {
            let (name, seconds) = (&record.name, at.elapsed().as_secs_f64());
            eprintln!(
                "{name}: {count} solutions, {} nodes, {seconds:.4} s",
                solver.stats().nodes()
            );
        }
        puzzles += 1;
    }
    eprintln!(
        "{puzzles} puzzles, {unique} unique, {nodes} nodes; encoding {encoding:.2} s, searching \
         {searching:.2} s, {:.2} s in all (--fillings {fillings}{}{})",
        started.elapsed().as_secs_f64(),
        if implied { "" } else { ", --no-implied" },
        reduced
    );
    Ok(())
}

/// Every record of the file: one per line, or per key of a `janko_puzzlekit` file.
fn read(kind: &str, path: &Path) -> Result<Vec<Record>, Box<dyn Error>> {
    let text = std::fs::read_to_string(path)?;
    let reader: fn(&str) -> Result<Record, ReadError> = match kind {
        "janko-killer" => janko_killer,
        "krazydad-killer" => krazydad_killer,
        "andoku" => andoku,
        "janko" => {
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            let stem =
                name.strip_suffix("_puzzles.json").ok_or("janko files are <Kind>_puzzles.json")?;
            let records = janko_puzzles(stem.parse::<JankoKind>()?, &text, None)?;
            return Ok(records.into_iter().collect::<Result<_, _>>()?);
        }
        _ => return Err(format!("unknown kind '{kind}'").into()),
    };
    let lines = text.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#'));
    Ok(lines.map(reader).collect::<Result<_, _>>()?)
}
