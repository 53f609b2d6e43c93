//! `sudoku`: solve, count, enumerate, check and show sudoku puzzles. See `sudoku --help`.

use std::process::ExitCode;

use clap::Parser;
use dancer_cli::{is_broken_pipe, sudoku, Exit};

// mimalloc: each puzzle's result is a few small strings, made on every worker thread at once;
// mimalloc's thread-local heaps keep that from contending.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let args = sudoku::SudokuArgs::parse();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut err = std::io::stderr();
    match sudoku::run(&args, &mut out, &mut err) {
        Ok(exit) => exit.into(),
        Err(error) if is_broken_pipe(&error) => Exit::Solved.into(),
        Err(error) => {
            drop(out);
            eprintln!("sudoku: {error:#}");
            Exit::Error.into()
        }
    }
}
