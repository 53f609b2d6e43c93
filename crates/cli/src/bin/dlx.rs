//! `dlx`: solve an exact-cover problem written in Knuth's DLX format. See `dlx --help`.

use std::process::ExitCode;

use clap::Parser;
use dancer_cli::{dlx, interrupt, is_broken_pipe, Exit};

// mimalloc: the problem is built once, but output formatting allocates per solution and the
// system allocator is measurably slower at that in long enumerations.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let args = dlx::DlxArgs::parse();
    let interrupt = interrupt::install("dlx");
    // Not locked: solutions are written from the search's threads, one at a time.
    let mut out = std::io::BufWriter::new(std::io::stdout());
    let mut err = std::io::stderr();
    match dlx::run(&args, &mut out, &mut err, interrupt) {
        Ok(exit) => exit.into(),
        Err(error) if is_broken_pipe(&error) => Exit::Solved.into(),
        Err(error) => {
            drop(out);
            eprintln!("dlx: {error:#}");
            Exit::Error.into()
        }
    }
}
