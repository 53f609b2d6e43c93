//! `sudoku show --format svg|png|pdf`: pictures of puzzles, one per puzzle or several per
//! sheet, to standard output (one picture, or one PDF) or into `--output`. The drawing is the
//! library's (`dancer_sudoku::draw`); this file reads, names and writes.

use std::{
    io::Write,
    sync::atomic::{AtomicBool, Ordering::Relaxed},
    time::Instant,
};

use anyhow::bail;
use dancer_sudoku::draw::{page, Figure};
use dancer_sudoku::play::{self, Searched};
use dancer_sudoku::{Digit, Model, Rater, Template};

mod puzzles;
mod sink;

use self::puzzles::Puzzle;
use self::sink::Sink;
use super::args::{ShowArgs, ShowFormat};
use super::play::SEARCH_TIME;
use super::rules::Rules;
use crate::{counted, Exit};

/// A puzzle to draw: its file name, model, solution to show, and caption.
struct Drawn {
    name: String,
    model: Model,
    solution: Option<Vec<Option<Digit>>>,
    caption: String,
}

impl Drawn {
    fn figure(&self) -> Figure<'_> {
        Figure {
            model: &self.model,
            solution: self.solution.as_deref(),
            caption: Some(&self.caption),
        }
    }
}

/// Writes the pictures `show` asks for, as the records are read: a picture (or a sheet of
/// `--per-page` puzzles) is drawn and written before the next is read, so that memory holds
/// one sheet whatever the input's length.
///
/// # Errors
/// Bad options, an unreadable input, an output that cannot be written, several pictures with
/// no `--output`, or a PNG or PDF asked of a build without the `pictures` feature.
pub(crate) fn run(
    show: &ShowArgs,
    quiet: bool,
    out: &mut (dyn Write + Send),
    err: &mut dyn Write,
    interrupt: &AtomicBool,
) -> anyhow::Result<Exit> {
    let format = show.format.unwrap_or(ShowFormat::Svg);
    if !cfg!(feature = "pictures") && format != ShowFormat::Svg {
        bail!("--format {} needs a sudoku built with the `pictures` feature (a default feature: build without --no-default-features); --format svg works in every build", name(format));
    }
    let rules = Rules::from_args(&show.variant)?.with_input(show.from);
    let sources = super::sources_of(&show.files);
    let per_page = match (show.per_page, format) {
        (Some(n), _) => Some(usize::from(n)),
        // A PDF is for printing: one puzzle a sheet unless asked otherwise.
        (None, ShowFormat::Pdf) => Some(1),
        (None, _) => None,
    };
    let mut sink = Sink::new(format, show.output.as_deref(), out);
    let mut sheet: Vec<Drawn> = Vec::new();
    let (mut drawn, mut errors) = (0usize, 0usize);
    let finished = puzzles::each(&sources, &rules, Some(&show.variant), interrupt, |puzzle| {
        let asked = Asked { solution: show.solution, quiet, interrupt };
        let Some(one) = drawn_of(puzzle, &asked, err, &mut errors)? else {
            return Ok(());
        };
        drawn += 1;
        match per_page {
            None => sink.picture(&one.name, &one.figure().document()),
            Some(n) => {
                sheet.push(one);
                if sheet.len() < n {
                    return Ok(());
                }
                let figures: Vec<Figure<'_>> = sheet.iter().map(Drawn::figure).collect();
                sink.sheet(&page(&figures, show.paper))?;
                sheet.clear();
                Ok(())
            }
        }
    })?;
    if !sheet.is_empty() {
        let figures: Vec<Figure<'_>> = sheet.iter().map(Drawn::figure).collect();
        sink.sheet(&page(&figures, show.paper))?;
    }
    let pictures = sink.finish()?;
    if !finished {
        writeln!(err, "sudoku: stopped by an interrupt: the rest of the input was not drawn")?;
    }
    if !quiet {
        let unread = match errors {
            0 => String::new(),
            1 => ", 1 record could not be read".to_owned(),
            n => format!(", {n} records could not be read"),
        };
        let place = show
            .output
            .as_ref()
            .map_or(String::new(), |to| format!(", written to {}", to.display()));
        writeln!(
            err,
            "sudoku: drew {} in {}{place}{unread}",
            counted(drawn as u64, "puzzle"),
            counted(pictures as u64, "picture"),
        )?;
    }
    Ok(if !finished {
        Exit::Interrupted
    } else if errors > 0 {
        Exit::Error
    } else {
        Exit::Solved
    })
}

/// What `show` asks of each record besides its picture.
struct Asked<'a> {
    /// `--solution`: draw the solution too.
    solution: bool,
    quiet: bool,
    interrupt: &'a AtomicBool,
}

/// The puzzle of a record, named and captioned, with the solution to draw when asked; `None`
/// (and a message) for a record that is not a puzzle.
fn drawn_of(
    puzzle: Puzzle,
    asked: &Asked<'_>,
    err: &mut dyn Write,
    errors: &mut usize,
) -> anyhow::Result<Option<Drawn>> {
    let mut caption = puzzle.title();
    let model = match puzzle.model {
        Ok(model) => model,
        Err(message) => {
            writeln!(err, "sudoku: {}:{message}", puzzle.place)?;
            *errors += 1;
            return Ok(None);
        }
    };
    if let Some(level) = level(&model) {
        caption.push_str(" · ");
        caption.push_str(level);
    }
    let solution = match (asked.solution, puzzle.solution) {
        (false, _) => None,
        (true, Some(solution)) => Some(solution),
        (true, None) => solution_of(&model, &puzzle.place, asked, err)?,
    };
    let name = format!("{}-{}", puzzle.stem, puzzle.line);
    Ok(Some(Drawn { name, model, solution, caption }))
}

/// The solution of a record that carries none, searched for at most as long as `play` searches
/// (a large killer can take hours): past that, or with no solution, the puzzle is drawn alone
/// and stderr says why.
fn solution_of(
    model: &Model,
    place: &str,
    asked: &Asked<'_>,
    err: &mut dyn Write,
) -> std::io::Result<Option<Vec<Option<Digit>>>> {
    let limit = SEARCH_TIME;
    let began = Instant::now();
    let searched =
        play::search(model, |_| began.elapsed() < limit && !asked.interrupt.load(Relaxed));
    let why = match searched {
        Searched::Found(solution) => return Ok(Some(solution.digits)),
        Searched::Stopped if asked.interrupt.load(Relaxed) => return Ok(None),
        Searched::Stopped => format!("no solution found in {} s", limit.as_secs()),
        _ => "no solution".to_owned(),
    };
    if !asked.quiet {
        writeln!(err, "sudoku: {place}: {why}: drawn without one")?;
    }
    Ok(None)
}

/// The rater's level of a plain sudoku, for its caption (other puzzles have no rating).
fn level(model: &Model) -> Option<&'static str> {
    let (variant, grid) = (model.variant()?, model.givens_grid()?);
    let template = Template::new(variant);
    let rating = Rater::new(&template).rate(&grid).ok()?;
    Some(rating.level.name())
}

pub(crate) fn name(format: ShowFormat) -> &'static str {
    match format {
        ShowFormat::Svg => "svg",
        ShowFormat::Png => "png",
        ShowFormat::Pdf => "pdf",
        ShowFormat::Line => "line",
        ShowFormat::Grid => "grid",
        ShowFormat::Json => "json",
    }
}
