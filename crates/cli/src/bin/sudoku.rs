//! `sudoku`: solve, count, enumerate, check and show sudoku puzzles. See `sudoku --help`.

use std::{io::Write, process::ExitCode};

use dancer_cli::{interrupt, is_broken_pipe, sudoku, Exit, Stderr};

// mimalloc: each puzzle's result is a few small strings, made on every worker thread at once;
// mimalloc's thread-local heaps keep that from contending.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    // Before anything else, so that no signal finds the default action (death without a word).
    let interrupt = interrupt::install();
    let args = sudoku::SudokuArgs::from_command_line().settled();
    // Every command that reads or makes puzzles one after another stops after the ones in
    // hand; encode, completions and man end at once.
    if matches!(args.command, sudoku::Command::Encode(_) | sudoku::Command::Shell(_)) {
        interrupt::quit_at_once();
    }
    // Not locked: enumerate writes solutions from the search's threads, one at a time.
    let mut out = std::io::BufWriter::new(std::io::stdout());
    match sudoku::run(&args, &mut out, &mut Stderr, interrupt) {
        Ok(exit) => exit.into(),
        Err(error) if is_broken_pipe(&error) => Exit::Solved.into(),
        Err(error) => {
            drop(out);
            let _ = writeln!(Stderr, "sudoku: {error:#}");
            Exit::Error.into()
        }
    }
}
