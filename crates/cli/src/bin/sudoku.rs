//! `sudoku`: solve, count, enumerate, check and show sudoku puzzles. See `sudoku --help`.

use std::{process::ExitCode, sync::atomic::AtomicBool};

use dancer_cli::{interrupt, is_broken_pipe, sudoku, Exit};

// mimalloc: each puzzle's result is a few small strings, made on every worker thread at once;
// mimalloc's thread-local heaps keep that from contending.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The flag of commands that do not stop on a signal: never raised.
static NEVER: AtomicBool = AtomicBool::new(false);

fn main() -> ExitCode {
    let args = dancer_cli::shell::parse::<sudoku::SudokuArgs>().settled();
    // Only count and enumerate stop cleanly on a signal; the rest keep its default (the end).
    let interrupt = match args.command {
        sudoku::Command::Count { .. } | sudoku::Command::Enumerate { .. } => {
            interrupt::install("sudoku")
        }
        _ => &NEVER,
    };
    // Not locked: enumerate writes solutions from the search's threads, one at a time.
    let mut out = std::io::BufWriter::new(std::io::stdout());
    let mut err = std::io::stderr();
    match sudoku::run(&args, &mut out, &mut err, interrupt) {
        Ok(exit) => exit.into(),
        Err(error) if is_broken_pipe(&error) => Exit::Solved.into(),
        Err(error) => {
            drop(out);
            eprintln!("sudoku: {error:#}");
            Exit::Error.into()
        }
    }
}
