//! The one record `sudoku play` takes from a file or standard input: read up to it and no
//! further, so that the first of a million puzzles opens as fast as the only one, and every
//! line bounded. A line past its limit before the record ends the reading with its error:
//! skipping the rest of it could take for ever (`/dev/zero`).

use std::io::{BufRead, Read};

use anyhow::{bail, Context};
use dancer_sudoku::{Digit, Model, ParseErrorKind, Record};

use crate::input::{LineFault, Lines, Source, MAX_JSON_LINE};
use crate::sudoku::args::InputFormat;
use crate::sudoku::rules::Rules;
use crate::sudoku::stream::sniff;

/// A record taken to play.
pub(crate) struct Taken {
    /// Its name: the record's own, or its input and line.
    pub(crate) name: String,
    /// Where it was read (`data/x.txt:3`), for messages.
    pub(crate) place: String,
    /// The puzzle.
    pub(crate) model: Model,
    /// The solution the record carries (a JSON record's `solution`, or a full grid among a
    /// line's extra fields), not yet checked against the puzzle.
    pub(crate) solution: Option<Vec<Option<Digit>>>,
}

/// Record `wanted` (from 1) of `source`.
///
/// # Errors
/// An input that cannot be read, fewer records than `wanted`, a line too long before it, or
/// a record that is not a puzzle.
pub(crate) fn take(source: &Source, wanted: u64, rules: &Rules) -> anyhow::Result<Taken> {
    let reader = source.open()?;
    take_from(reader, source, wanted, rules)
}

/// [`take`] from a reader already open on `source`.
pub(crate) fn take_from(
    mut reader: Box<dyn BufRead + '_>,
    source: &Source,
    wanted: u64,
    rules: &Rules,
) -> anyhow::Result<Taken> {
    let format = rules.input().and_then(InputFormat::records);
    let (head, json) = match rules.input() {
        Some(input) => (Vec::new(), input.records().is_some()),
        None => sniff(&mut reader).with_context(|| format!("cannot read {source}"))?,
    };
    let reader = std::io::Cursor::new(head).chain(reader);
    let stem = source.stem();
    let mut seen = 0;
    if json {
        for (line, text) in Lines::new(reader, MAX_JSON_LINE) {
            let place = format!("{source}:{line}");
            let text = match text {
                Ok(text) => text,
                // A bad line before the record is one record passed, unless the rest of it
                // could take for ever to skip, or nothing more can be read.
                Err(LineFault::NotUtf8 { .. }) if seen + 1 < wanted => {
                    seen += 1;
                    continue;
                }
                Err(fault) => bail!("{place}: {}", fault.message(MAX_JSON_LINE, "a line of JSON")),
            };
            let Some(read) = Record::read_line_as(&text, format) else { continue };
            let read = read.map(|(record, _)| record);
            seen += 1;
            if seen < wanted {
                continue;
            }
            let record = read.with_context(|| place.clone())?;
            let solution = record
                .solution
                .as_ref()
                .map(|digits| digits.iter().map(|&d| (d != 0).then_some(d)).collect());
            return Ok(Taken { name: record.name, place, model: record.model, solution });
        }
    } else {
        let puzzles = dancer_sudoku::read_puzzles(reader, rules.size())
            .with_alphabet(rules.alphabet().clone());
        for read in puzzles {
            seen += 1;
            let too_long = matches!(&read, Err(e) if e.kind == ParseErrorKind::LineTooLong);
            if seen < wanted && !too_long {
                continue;
            }
            let puzzle = read.map_err(|error| anyhow::anyhow!("{source}:{error}"))?;
            let place = format!("{source}:{}", puzzle.line);
            let model =
                rules.model(&puzzle).map_err(|message| anyhow::anyhow!("{place}: {message}"))?;
            let solution = puzzle.extra.as_deref().and_then(|extra| in_fields(&model, extra));
            let name = format!("{stem} line {}", puzzle.line);
            return Ok(Taken { name, place, model, solution });
        }
    }
    match seen {
        0 => bail!("{source} has no puzzle"),
        1 => bail!("{source} has 1 record, so there is no record {wanted}"),
        _ => bail!("{source} has {seen} records, so there is no record {wanted}"),
    }
}

/// The first of a line puzzle's extra fields (`:1:534678912…`, as `sudoku generate
/// --with-solution` writes them) that is a whole grid of `model`: a symbol for every cell and
/// no blank.
pub(super) fn in_fields(model: &Model, extra: &str) -> Option<Vec<Option<Digit>>> {
    let cells = model.used.len();
    extra.split([':', ' ', '\t', ',', ';', '|']).find_map(|field| {
        let digits: Vec<Option<Digit>> = field
            .chars()
            .map(|c| {
                dancer_sudoku::digit_of(c).filter(|&d| d >= 1 && usize::from(d) <= model.symbols)
            })
            .collect();
        (digits.len() == cells && digits.iter().all(Option::is_some)).then_some(digits)
    })
}

#[cfg(test)]
mod tests {
    use std::io::{self, BufReader, Read};

    use super::{take_from, Source};
    use crate::sudoku::{args::VariantArgs, rules::Rules};

    /// An endless input: `first`, then lines of `line` for ever, counting the bytes taken.
    struct Endless {
        first: Vec<u8>,
        line: Vec<u8>,
        taken: std::rc::Rc<std::cell::Cell<usize>>,
    }

    impl Read for Endless {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let mut n = 0;
            while n < buf.len() {
                if self.first.is_empty() {
                    self.first.clone_from(&self.line);
                }
                let k = self.first.len().min(buf.len() - n);
                buf[n..n + k].copy_from_slice(&self.first[..k]);
                self.first.drain(..k);
                n += k;
            }
            self.taken.set(self.taken.get() + n);
            Ok(n)
        }
    }

    fn rules() -> Rules {
        Rules::from_args(&VariantArgs::default()).unwrap()
    }

    fn endless(
        first: &str,
        line: &str,
    ) -> (Box<dyn io::BufRead>, std::rc::Rc<std::cell::Cell<usize>>) {
        let taken = std::rc::Rc::new(std::cell::Cell::new(0));
        let reader = Endless { first: first.into(), line: line.into(), taken: taken.clone() };
        (Box::new(BufReader::new(reader)), taken)
    }

    const PUZZLE: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn the_record_wanted_is_read_and_nothing_after_it() {
        // See: issue 32, item 9 (`play` read every record before taking its own).
        let (reader, taken) = endless("", &format!("{PUZZLE}\n"));
        let third = take_from(reader, &Source::Stdin, 3, &rules()).unwrap();
        assert_eq!((third.name.as_str(), third.place.as_str()), ("stdin line 3", "<stdin>:3"));
        assert!(taken.get() <= 16 << 10, "{} bytes read for three lines", taken.get());
        let json = format!(
            "{}\n",
            std::fs::read_to_string(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../../data/variants/killer-4x4.jsonl"
            ))
            .unwrap()
            .lines()
            .next()
            .unwrap()
        );
        let (reader, taken) = endless("", &json);
        let second = take_from(reader, &Source::Stdin, 2, &rules()).unwrap();
        assert!(second.solution.is_some(), "the record's solution comes with it");
        assert!(taken.get() <= 16 << 10, "{} bytes read for two records", taken.get());
    }

    #[test]
    fn a_line_too_long_before_the_record_ends_the_reading() {
        // See: issue 32, item 10 (`play /dev/zero` never ended).
        let (reader, taken) = endless("", "0");
        let error = take_from(reader, &Source::Stdin, 2, &rules()).err().unwrap().to_string();
        assert!(error.starts_with("<stdin>:1:1: the line is longer than"), "{error}");
        assert!(taken.get() <= 1 << 20, "{} bytes read", taken.get());
        let (reader, _) = endless("{", "x");
        let error = take_from(reader, &Source::Stdin, 1, &rules()).err().unwrap().to_string();
        assert!(error.contains("the line is longer than 16 MiB"), "{error}");
    }

    #[test]
    fn a_line_puzzle_brings_the_solution_among_its_fields() {
        let solution =
            "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
        let text = format!("{PUZZLE}:1:{solution}\n{PUZZLE}:2\n");
        let reader = Box::new(io::Cursor::new(text.clone().into_bytes()));
        let first = take_from(reader, &Source::Stdin, 1, &rules()).unwrap();
        let digits: String =
            first.solution.unwrap().iter().map(|d| char::from(b'0' + d.unwrap())).collect();
        assert_eq!(digits, solution);
        let reader = Box::new(io::Cursor::new(text.into_bytes()));
        assert_eq!(take_from(reader, &Source::Stdin, 2, &rules()).unwrap().solution, None);
        let reader = Box::new(io::Cursor::new(format!("{PUZZLE}\n").into_bytes()));
        let error = take_from(reader, &Source::Stdin, 4, &rules()).err().unwrap().to_string();
        assert_eq!(error, "<stdin> has 1 record, so there is no record 4");
    }
}
