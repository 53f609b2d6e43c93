//! `dlx`: solve an exact-cover problem written in Knuth's DLX format. See `dlx --help`.

use std::{process::ExitCode, sync::atomic::AtomicBool};

use dancer_cli::{dlx, interrupt, is_broken_pipe, Exit};

// mimalloc: the problem is built once, but output formatting allocates per solution and the
// system allocator is measurably slower at that in long enumerations.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The flag of subcommands that do not stop on a signal: never raised.
static NEVER: AtomicBool = AtomicBool::new(false);

fn main() -> ExitCode {
    let args = dancer_cli::shell::parse::<dlx::DlxArgs>().settled();
    // Solving and sampling stop cleanly on a signal; estimate, split and merge keep its
    // default (the end).
    let stops = matches!(args.command, None | Some(dlx::DlxCommand::Sample(_)));
    let interrupt = if stops { interrupt::install("dlx") } else { &NEVER };
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
