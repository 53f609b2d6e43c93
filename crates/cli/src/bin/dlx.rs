//! `dlx`: solve an exact-cover problem written in Knuth's DLX format. See `dlx --help`.

use std::{io::Write, process::ExitCode};

use dancer_cli::{dlx, interrupt, is_broken_pipe, Exit, Stderr};

// mimalloc: the problem is built once, but output formatting allocates per solution and the
// system allocator is measurably slower at that in long enumerations. Its `no_thp` feature (root
// Cargo.toml) keeps a small run's peak RSS near 4 MB instead of 10.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    // Before anything else, so that no signal finds the default action (death without a word).
    let interrupt = interrupt::install();
    let args = dancer_cli::shell::parse::<dlx::DlxArgs>().settled();
    // Solving and sampling stop cleanly on a signal (from the start, so that one that comes
    // while a big problem is read still leaves a count and a checkpoint); estimate, split and
    // merge end at once, and so does a search whose problem is being typed at a terminal,
    // until it is read.
    if !dlx::stops_cleanly(&args) || dancer_cli::input::reads_terminal(dlx::problem_file(&args)) {
        interrupt::quit_at_once();
    }
    // Not locked: solutions are written from the search's threads, one at a time.
    let mut out = std::io::BufWriter::new(std::io::stdout());
    match dlx::run(&args, &mut out, &mut Stderr, interrupt) {
        Ok(exit) => exit.into(),
        Err(error) if is_broken_pipe(&error) => Exit::Solved.into(),
        Err(error) => {
            drop(out);
            let _ = writeln!(Stderr, "dlx: {error:#}");
            Exit::Error.into()
        }
    }
}
