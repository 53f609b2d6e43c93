//! `sudoku play`: a puzzle of any variant played in the terminal. The game's state and rules
//! are the library's (`dancer_sudoku::play::Game`); this module opens the puzzle
//! (`play/open.rs`, a file's record by `play/record.rs`), finds its solution within a bound
//! (`play/start.rs`), draws the screen (`play/screen.rs`) and runs the terminal loop
//! (`play/terminal.rs`).

use std::{
    io::Write,
    sync::atomic::{AtomicBool, Ordering::Relaxed},
};

mod args;
mod open;
mod record;
mod screen;
mod start;
mod terminal;

pub use self::args::PlayArgs;
use self::open::Opened;
pub(crate) use self::start::SEARCH_TIME;
use crate::Exit;

/// Runs `sudoku play`; after the game, a line on stderr says how it ended and how to resume.
///
/// # Errors
/// No puzzle, one that cannot be read or made, a saved game refused, or no terminal.
pub(crate) fn run(
    args: &PlayArgs,
    quiet: bool,
    err: &mut dyn Write,
    interrupt: &'static AtomicBool,
) -> anyhow::Result<Exit> {
    let (opened, save) = open::open(args, err, interrupt)?;
    // Before the search for a solution: without a terminal there is nothing to search for.
    terminal::check()?;
    let game = match opened {
        Opened::Resumed(game) => game,
        Opened::Puzzle(taken) => {
            let started = start::start(taken, start::SEARCH_TIME, quiet, err, interrupt)?;
            let Some((game, _)) = started else {
                writeln!(err, "sudoku: stopped by an interrupt while solving the puzzle")?;
                return Ok(Exit::Interrupted);
            };
            game
        }
    };
    let ending = terminal::play(game, &save, interrupt)?;
    if !quiet {
        if ending.won {
            writeln!(err, "sudoku: solved in {}", ending.time)?;
        }
        match (&ending.saved, ending.unsaved) {
            (Some(path), false) => writeln!(
                err,
                "sudoku: the game is saved in {0}: sudoku play --resume {0}",
                path.display()
            )?,
            (_, true) => writeln!(err, "sudoku: quit with unsaved moves")?,
            (None, false) => {}
        }
    }
    Ok(if interrupt.load(Relaxed) { Exit::Interrupted } else { Exit::Solved })
}
