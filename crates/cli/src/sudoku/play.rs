//! `sudoku play`: a puzzle of any variant played in the terminal. The game's state and rules
//! are the library's (`dancer_sudoku::play::Game`); this module opens the puzzle
//! (`play/open.rs`), draws the screen (`play/screen.rs`) and runs the terminal loop
//! (`play/terminal.rs`).

use std::{io::Write, sync::atomic::AtomicBool};

mod args;
mod open;
mod screen;
mod terminal;

pub use self::args::PlayArgs;
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
    let (game, save) = open::game(args, err, interrupt)?;
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
    let stopped = interrupt.load(std::sync::atomic::Ordering::Relaxed);
    Ok(if stopped { Exit::Interrupted } else { Exit::Solved })
}
