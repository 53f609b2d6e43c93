//! The game `sudoku play` starts with: a saved game (`--resume`), a new puzzle from the
//! generator (`--new`, through `sudoku generate` itself, so that its options mean the same),
//! a record of a file, or a puzzle given as a line.

use std::{
    fs,
    path::{Path, PathBuf},
    sync::atomic::AtomicBool,
};

use anyhow::{bail, Context};
use clap::Parser;
use dancer_sudoku::play::Game;
use dancer_sudoku::{Model, Record};

use super::args::PlayArgs;
use crate::input::Source;
use crate::sudoku::{
    args::{Command, SudokuArgs, VariantArgs},
    generate, picture,
    rules::Rules,
};

/// The largest saved game read (a 25×25's history of many thousand moves is a few MiB).
const MAX_SAVE: u64 = 64 << 20;

/// The game to play and the file `s` saves it to.
///
/// # Errors
/// No puzzle named, a file that cannot be read, a record that is not a puzzle, a saved game
/// refused, or a generator that fails.
pub(crate) fn game(
    args: &PlayArgs,
    err: &mut dyn std::io::Write,
    interrupt: &'static AtomicBool,
) -> anyhow::Result<(Game, PathBuf)> {
    if let Some(path) = &args.resume {
        let save = args.save.clone().unwrap_or_else(|| path.clone());
        return Ok((resume(path)?, save));
    }
    let save = args.save.clone().unwrap_or_else(|| PathBuf::from("sudoku-play.json"));
    let source = args.puzzle.as_deref().map(|arg| Source::from_arg(Some(Path::new(arg))));
    let preset = match &source {
        Some(source) => Rules::of_preset(&args.variant, source)?,
        None => None,
    };
    let rules = match preset {
        Some(rules) => rules,
        None => Rules::from_args(&args.variant)?,
    };
    let (name, model) = match (&args.puzzle, args.new) {
        (_, true) => generated(args, err, interrupt)?,
        (Some(arg), false) if arg == "-" || Path::new(arg).exists() => {
            from_file(arg, args.record, &rules, interrupt)?
        }
        (Some(line), false) => from_line(line, &rules)?,
        (None, false) => {
            bail!("what to play? a FILE, a puzzle line, --new (a puzzle from the generator) or --resume FILE")
        }
    };
    Ok((Game::new(&name, model), save))
}

/// A saved game.
fn resume(path: &Path) -> anyhow::Result<Game> {
    let size = fs::metadata(path).with_context(|| format!("cannot read {}", path.display()))?;
    if size.len() > MAX_SAVE {
        bail!(
            "{}: larger than {} MiB, the most a saved game may be",
            path.display(),
            MAX_SAVE >> 20
        );
    }
    let text =
        fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    Game::from_json(&text).with_context(|| format!("cannot resume {}", path.display()))
}

/// Record `record` (from 1) of a file.
fn from_file(
    arg: &str,
    record: u64,
    rules: &Rules,
    interrupt: &AtomicBool,
) -> anyhow::Result<(String, Model)> {
    let source = Source::from_arg(Some(Path::new(arg)));
    let Some(puzzles) = picture::read(std::slice::from_ref(&source), rules, interrupt)? else {
        bail!("stopped by an interrupt while reading {source}");
    };
    let count = puzzles.len();
    let index = usize::try_from(record - 1).unwrap_or(usize::MAX);
    let Some(puzzle) = puzzles.into_iter().nth(index) else {
        bail!("{source} has {count} records, so there is no record {record}");
    };
    let title = puzzle.title();
    match puzzle.model {
        Ok(model) => Ok((title, model)),
        Err(message) => bail!("{}:{message}", puzzle.place),
    }
}

/// A puzzle given on the command line: a JSON lines record or a puzzle line.
fn from_line(line: &str, rules: &Rules) -> anyhow::Result<(String, Model)> {
    if line.trim_start().starts_with('{') {
        let record = Record::from_json(line).context("the puzzle argument")?;
        return Ok((record.name, record.model));
    }
    // Read as a file is: with the size and the symbols (--symbols) the options give.
    let mut puzzles = dancer_sudoku::read_puzzles(line.as_bytes(), rules.size())
        .with_alphabet(rules.alphabet().clone());
    let puzzle = puzzles
        .next()
        .context("the puzzle argument is empty: give a file or a puzzle line")?
        .map_err(|error| anyhow::anyhow!("the puzzle argument: {error}"))?;
    let model = rules.model(&puzzle).map_err(|message| anyhow::anyhow!("{message}"))?;
    Ok(("the puzzle given".to_owned(), model))
}

/// A puzzle from `sudoku generate`, run with the same options.
fn generated(
    args: &PlayArgs,
    err: &mut dyn std::io::Write,
    interrupt: &'static AtomicBool,
) -> anyhow::Result<(String, Model)> {
    let seed = args.seed.unwrap_or_else(generate::clock_seed);
    let mut argv: Vec<String> =
        ["sudoku", "generate", "-q", "--count", "1"].map(str::to_owned).to_vec();
    argv.extend(["--seed".to_owned(), seed.to_string()]);
    let options = [
        ("--marks", args.marks.clone()),
        ("--layout", args.layout.clone()),
        ("--size", args.size.map(|n| n.to_string())),
        ("--difficulty", args.difficulty.clone()),
    ];
    for (flag, value) in options {
        if let Some(value) = value {
            argv.extend([flag.to_owned(), value]);
        }
    }
    if args.killer {
        argv.push("--killer".to_owned());
    }
    argv.extend(variant_flags(&args.variant));
    let parsed = SudokuArgs::try_parse_from(&argv).map_err(|e| anyhow::anyhow!("{e}"))?;
    let Command::Generate(options) = &parsed.command else {
        bail!("internal: `sudoku generate` did not parse as itself");
    };
    let mut out = Vec::new();
    generate::run(options, true, &mut out, err, interrupt)?;
    let text = String::from_utf8(out)?;
    let line = text.lines().next().context("the generator made no puzzle")?;
    if line.starts_with('{') {
        let record = Record::from_json(line)?;
        return Ok((record.name, record.model));
    }
    let (_, model) = from_line(line, &Rules::from_args(&args.variant)?)?;
    let size = model.symbols;
    let level = args.difficulty.as_deref().map_or(String::new(), |level| format!(" {level}"));
    Ok((format!("{size}x{size}{level} seed {seed}"), model))
}

/// The rules as `sudoku generate` flags.
fn variant_flags(variant: &VariantArgs) -> Vec<String> {
    let mut flags = Vec::new();
    let path = |p: &PathBuf| p.to_string_lossy().into_owned();
    let valued = [
        ("--boxes", variant.boxes.clone()),
        ("--regions", variant.regions.clone()),
        ("--extra-regions", variant.extra_regions.as_ref().map(path)),
        ("--board", variant.board.as_ref().map(path)),
    ];
    for (flag, value) in valued {
        if let Some(value) = value {
            flags.extend([flag.to_owned(), value]);
        }
    }
    if variant.diagonals {
        flags.push("--x".to_owned());
    }
    if variant.hyper {
        flags.push("--hyper".to_owned());
    }
    flags
}

#[cfg(test)]
mod tests {
    use super::from_line;
    use crate::sudoku::{args::VariantArgs, rules::Rules};

    #[test]
    fn a_puzzle_line_is_read_with_the_symbols_asked_for() {
        let args = VariantArgs { symbols: Some("abcd".to_owned()), ..VariantArgs::default() };
        let rules = Rules::from_args(&args).unwrap();
        let (_, model) = from_line("ab..cd..........", &rules).unwrap();
        assert_eq!(&model.givens[..6], [Some(1), Some(2), None, None, Some(3), Some(4)]);
        // Without them, the letters are not digits.
        assert!(from_line("ab..cd..........", &Rules::from_args(&VariantArgs::default()).unwrap())
            .is_err());
    }
}
