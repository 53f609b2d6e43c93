//! `sudoku show --format svg|png|pdf`: pictures of puzzles, one per puzzle or several per
//! sheet, to standard output (one picture, or one PDF) or into `--output`. The drawing is the
//! library's (`dancer_sudoku::draw`); this file reads, names and writes.

use std::{
    fs,
    io::Write,
    path::{Path, PathBuf},
    sync::atomic::AtomicBool,
};

use anyhow::{bail, Context};
use dancer_sudoku::draw::{page, Figure};
use dancer_sudoku::{play, Digit, Model, Rater, Template};

mod puzzles;

pub(crate) use self::puzzles::read;
use super::args::{ShowArgs, ShowFormat};
use super::rules::Rules;
use crate::Exit;

/// One picture to write: its file name (without extension) and its SVG text.
struct Picture {
    name: String,
    svg: String,
}

/// A puzzle to draw: its file name, model, solution to show, and caption.
type Drawn = (String, Model, Option<Vec<Option<Digit>>>, String);

/// Writes the pictures `show` asks for.
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
        bail!("--format {} needs a sudoku built with the `pictures` feature (cargo build --release --features pictures); --format svg works in every build", name(format));
    }
    let rules = Rules::from_args(&show.variant)?;
    let sources = super::sources_of(&show.files);
    let Some(puzzles) = read(&sources, &rules, interrupt)? else {
        writeln!(err, "sudoku: stopped by an interrupt while reading: nothing was drawn")?;
        return Ok(Exit::Interrupted);
    };
    let mut errors = 0;
    let mut drawn: Vec<Drawn> = Vec::new();
    for puzzle in puzzles {
        let mut caption = puzzle.title();
        let model = match puzzle.model {
            Ok(model) => model,
            Err(message) => {
                writeln!(err, "sudoku: {}:{message}", puzzle.place)?;
                errors += 1;
                continue;
            }
        };
        if let Some(level) = level(&model) {
            caption.push_str(" · ");
            caption.push_str(level);
        }
        let solution = match (show.solution, puzzle.solution) {
            (false, _) => None,
            (true, Some(solution)) => Some(solution),
            (true, None) => {
                let found = play::solve(&model);
                if found.is_none() && !quiet {
                    writeln!(err, "sudoku: {}: no solution to draw", puzzle.place)?;
                }
                found.map(|s| s.digits)
            }
        };
        drawn.push((format!("{}-{}", puzzle.stem, puzzle.line), model, solution, caption));
    }
    let figures: Vec<Figure<'_>> = drawn
        .iter()
        .map(|(_, model, solution, caption)| Figure {
            model,
            solution: solution.as_deref(),
            caption: Some(caption),
        })
        .collect();
    let per_page = match (show.per_page, format) {
        (Some(n), _) => Some(usize::from(n)),
        // A PDF is for printing: one puzzle a sheet unless asked otherwise.
        (None, ShowFormat::Pdf) => Some(1),
        (None, _) => None,
    };
    let pictures: Vec<Picture> = match per_page {
        Some(n) => figures
            .chunks(n)
            .enumerate()
            .map(|(k, sheet)| Picture {
                name: format!("page-{}", k + 1),
                svg: page(sheet, show.paper),
            })
            .collect(),
        None => drawn
            .iter()
            .zip(&figures)
            .map(|((name, ..), figure)| Picture { name: name.clone(), svg: figure.document() })
            .collect(),
    };
    write(format, &pictures, show.output.as_deref(), out)?;
    if !quiet {
        writeln!(
            err,
            "sudoku: drew {} in {}{}",
            counted(figures.len(), "puzzle"),
            counted(pictures.len(), "picture"),
            if errors > 0 {
                format!(", {errors} records could not be read")
            } else {
                String::new()
            }
        )?;
    }
    Ok(if errors > 0 { Exit::Error } else { Exit::Solved })
}

/// `1 puzzle`, `2 puzzles`.
fn counted(n: usize, noun: &str) -> String {
    format!("{n} {noun}{}", if n == 1 { "" } else { "s" })
}

/// The rater's level of a plain sudoku, for its caption (other puzzles have no rating).
fn level(model: &Model) -> Option<&'static str> {
    let (variant, grid) = (model.variant()?, model.givens_grid()?);
    let template = Template::new(variant);
    let rating = Rater::new(&template).rate(&grid).ok()?;
    Some(rating.level.name())
}

fn name(format: ShowFormat) -> &'static str {
    match format {
        ShowFormat::Svg => "svg",
        ShowFormat::Png => "png",
        ShowFormat::Pdf => "pdf",
        ShowFormat::Line => "line",
        ShowFormat::Grid => "grid",
        ShowFormat::Json => "json",
    }
}

/// Writes the pictures: SVG or PNG files into the directory `output`, or the one picture to
/// `out`; a PDF of all of them to the file `output` or to `out`.
fn write(
    format: ShowFormat,
    pictures: &[Picture],
    output: Option<&Path>,
    out: &mut (dyn Write + Send),
) -> anyhow::Result<()> {
    if format == ShowFormat::Pdf {
        let pages: Vec<&str> = pictures.iter().map(|p| p.svg.as_str()).collect();
        let bytes = render::pdf(&pages)?;
        return match output {
            Some(path) => {
                fs::write(path, bytes).with_context(|| format!("cannot write {}", path.display()))
            }
            None => Ok(out.write_all(&bytes)?),
        };
    }
    let bytes = |picture: &Picture| -> anyhow::Result<Vec<u8>> {
        match format {
            ShowFormat::Png => render::png(&picture.svg),
            _ => Ok(picture.svg.clone().into_bytes()),
        }
    };
    let Some(dir) = output else {
        return match pictures {
            [one] => Ok(out.write_all(&bytes(one)?)?),
            _ => bail!("{} pictures: --output DIR writes them one file each (or --per-page N puts several on a sheet)", pictures.len()),
        };
    };
    fs::create_dir_all(dir)
        .with_context(|| format!("cannot make the directory {}", dir.display()))?;
    for picture in pictures {
        let path: PathBuf = dir.join(format!("{}.{}", picture.name, name(format)));
        fs::write(&path, bytes(picture)?)
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(())
}

/// PNG and PDF, through the library's renderer with its font built in.
#[cfg(feature = "pictures")]
mod render {
    pub(super) fn png(svg: &str) -> anyhow::Result<Vec<u8>> {
        Ok(dancer_sudoku::draw::png(svg, 2.0)?)
    }

    pub(super) fn pdf(pages: &[&str]) -> anyhow::Result<Vec<u8>> {
        Ok(dancer_sudoku::draw::pdf(pages)?)
    }
}

/// Without the `pictures` feature, `run` refuses PNG and PDF before anything is drawn.
#[cfg(not(feature = "pictures"))]
mod render {
    pub(super) fn png(_: &str) -> anyhow::Result<Vec<u8>> {
        anyhow::bail!("PNG needs the `pictures` feature")
    }

    pub(super) fn pdf(_: &[&str]) -> anyhow::Result<Vec<u8>> {
        anyhow::bail!("PDF needs the `pictures` feature")
    }
}
