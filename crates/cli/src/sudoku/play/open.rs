//! What `sudoku play` starts with: a saved game (`--resume`), a new puzzle from the generator
//! (`--new`, through `sudoku generate` itself, so that its options mean the same), a record
//! of a file (read up to it and no further: `play/record.rs`), or a puzzle given as a line.

use std::{
    path::{Path, PathBuf},
    sync::atomic::AtomicBool,
};

use anyhow::{bail, Context};
use clap::Parser;
use dancer_sudoku::play::Game;
use dancer_sudoku::Record;

use super::args::PlayArgs;
use super::record::{self, in_fields, Taken};
use crate::input::Source;
use crate::sudoku::args::InputFormat;
use crate::sudoku::{
    args::{Command, SudokuArgs, VariantArgs},
    generate,
    rules::Rules,
};

/// The largest saved game read (a 25×25's history of many thousand moves is a few MiB).
const MAX_SAVE: usize = 64 << 20;

/// What the game starts from.
// One is made per run and moved once: boxing the larger variant would only add an allocation.
#[allow(clippy::large_enum_variant)]
pub(crate) enum Opened {
    /// A saved game, as it was.
    Resumed(Game),
    /// A puzzle, to be started.
    Puzzle(Taken),
}

/// What to play and the file `s` saves it to.
///
/// # Errors
/// No puzzle named, a file that cannot be read, a record that is not a puzzle, a saved game
/// refused, or a generator that fails.
pub(crate) fn open(
    args: &PlayArgs,
    err: &mut dyn std::io::Write,
    interrupt: &'static AtomicBool,
) -> anyhow::Result<(Opened, PathBuf)> {
    if let Some(path) = &args.resume {
        let save = args.save.clone().unwrap_or_else(|| path.clone());
        return Ok((Opened::Resumed(resume(path)?), save));
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
    }
    .with_input(args.from);
    let taken = match (&args.puzzle, args.new) {
        (_, true) => generated(args, err, interrupt)?,
        (Some(arg), false) if arg == "-" || Path::new(arg).exists() => {
            let source = Source::from_arg(Some(Path::new(arg)));
            // A pipe or a terminal may keep the reading waiting: until the record is in, a
            // signal ends the command at once (nothing is lost).
            if source == Source::Stdin {
                crate::interrupt::quit_at_once();
            }
            let taken = record::take(&source, args.record, &rules);
            crate::interrupt::stop_cleanly();
            taken?
        }
        (Some(line), false) => from_line(line, &rules).map_err(|error| {
            if looks_like_a_file(line) {
                anyhow::anyhow!("{line}: no such file (nor a puzzle line)")
            } else {
                error
            }
        })?,
        (None, false) => {
            bail!("what to play? a FILE, a puzzle line, --new (a puzzle from the generator) or --resume FILE")
        }
    };
    Ok((Opened::Puzzle(taken), save))
}

/// Whether a word that is not a puzzle was meant as a file name: it has a folder, or ends in
/// an extension (a dot and two to five letters or digits, one a letter: `puzzles.txt`), which
/// no puzzle line does (the dots of a line are blanks, its letters past 9 are symbols).
fn looks_like_a_file(word: &str) -> bool {
    let extension = word.rsplit_once('.').filter(|(stem, ext)| {
        !stem.is_empty()
            && (2..=5).contains(&ext.len())
            && ext.chars().all(|c| c.is_ascii_alphanumeric())
            && ext.chars().any(|c| c.is_ascii_alphabetic())
    });
    word.contains('/') || word.contains(std::path::MAIN_SEPARATOR) || extension.is_some()
}

/// A saved game, read up to its largest size (a saved game is one JSON object of at most
/// [`MAX_SAVE`] bytes: `/dev/zero` is refused after that much, not read on).
fn resume(path: &Path) -> anyhow::Result<Game> {
    let text = Source::File(path.to_owned()).read_to_string(MAX_SAVE, "a saved game")?;
    Game::from_json(&text).with_context(|| format!("cannot resume {}", path.display()))
}

/// A puzzle given on the command line: a JSON lines record, an f-puzzles link or a puzzle
/// line.
fn from_line(line: &str, rules: &Rules) -> anyhow::Result<Taken> {
    let place = "the puzzle argument".to_owned();
    let format = rules.input().and_then(InputFormat::records);
    let forced = rules.input().is_some();
    if format.is_some() || (!forced && Record::is_record_line(line)) {
        let read = Record::read_line_as(line, format).context("the puzzle argument is empty")?;
        let (record, _) = read.context("the puzzle argument")?;
        let solution =
            record.solution.map(|digits| digits.iter().map(|&d| (d != 0).then_some(d)).collect());
        return Ok(Taken { name: record.name, place, model: record.model, solution });
    }
    // Read as a file is: with the size and the symbols (--symbols) the options give.
    let mut puzzles = dancer_sudoku::read_puzzles(line.as_bytes(), rules.size())
        .with_alphabet(rules.alphabet().clone());
    let puzzle = puzzles
        .next()
        .context("the puzzle argument is empty: give a file or a puzzle line")?
        .map_err(|error| anyhow::anyhow!("the puzzle argument: {error}"))?;
    let model = rules.model(&puzzle).map_err(|message| anyhow::anyhow!("{message}"))?;
    let solution = puzzle.extra.as_deref().and_then(|extra| in_fields(&model, extra));
    Ok(Taken { name: "the puzzle given".to_owned(), place, model, solution })
}

/// A puzzle from `sudoku generate`, run with the same options (and its solution, so that
/// the game need not search for it).
fn generated(
    args: &PlayArgs,
    err: &mut dyn std::io::Write,
    interrupt: &'static AtomicBool,
) -> anyhow::Result<Taken> {
    let seed = args.seed.unwrap_or_else(generate::clock_seed);
    let mut argv: Vec<String> =
        ["sudoku", "generate", "-q", "--count", "1", "--with-solution"].map(str::to_owned).to_vec();
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
    let mut taken = from_line(line, &Rules::from_args(&args.variant)?)?;
    if !Record::is_record_line(line) {
        let size = taken.model.symbols;
        let level = args.difficulty.as_deref().map_or(String::new(), |level| format!(" {level}"));
        taken.name = format!("{size}x{size}{level} seed {seed}");
    }
    "the generated puzzle".clone_into(&mut taken.place);
    Ok(taken)
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
    use super::{from_line, looks_like_a_file};
    use crate::sudoku::{args::VariantArgs, rules::Rules};

    #[test]
    fn a_puzzle_line_is_read_with_the_symbols_asked_for() {
        let args = VariantArgs { symbols: Some("abcd".to_owned()), ..VariantArgs::default() };
        let rules = Rules::from_args(&args).unwrap();
        let model = from_line("ab..cd..........", &rules).unwrap().model;
        assert_eq!(&model.givens[..6], [Some(1), Some(2), None, None, Some(3), Some(4)]);
        // Without them, the letters are not digits.
        assert!(from_line("ab..cd..........", &Rules::from_args(&VariantArgs::default()).unwrap())
            .is_err());
    }

    #[test]
    fn a_mistyped_file_name_is_told_from_a_puzzle_line() {
        // See: issue 32, item 21 (`sudoku play pzls.txt` was read as a puzzle line).
        for word in ["pzls.txt", "data/puzzles.jsonl", "./x", "killer-9x9.jsonl", "a.sdk"] {
            assert!(looks_like_a_file(word), "{word}");
        }
        let line =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        for word in [line, "1.2.3.4.5", "...A.B", "12..", "hello"] {
            assert!(!looks_like_a_file(word), "{word}");
        }
    }
}
