//! The command-line front ends of dancer, as a library so that each binary stays a thin `main`.
//!
//! - [`dlx`]: solve any exact-cover problem written in Knuth's DLX format.
//! - [`sudoku`]: solve, count, enumerate, check and show sudoku puzzles of every variant.
//! - [`exit`]: the exit statuses every command documents.
//! - [`input`]: reading a file or standard input, with errors that name the source.
//! - [`job`]: the options of long searches (limits, checkpoints, progress) and their display.
//! - [`json`]: our own JSON files read strictly, and their digests.
//! - [`interrupt`]: Ctrl-C and SIGTERM stop a search cleanly.
//!
//! Argument parsing, reading and writing live here; every algorithm lives in the libraries.

pub mod dlx;
pub mod exit;
pub mod input;
pub mod interrupt;
pub mod job;
pub mod json;
pub mod shell;
pub mod sudoku;

pub use crate::exit::Exit;

/// Standard error for messages and summaries. A write that fails (stderr closed, or `2>/dev/full`)
/// is dropped rather than reported: there is nowhere left to report it, the results on stdout
/// stand, and a failed message must never turn into a panic or a failed run.
///
/// Each `write!`/`writeln!` is formatted first and written with one call: standard error is
/// unbuffered, so a summary formatted piece by piece took 13 system calls, and beside other
/// processes writing to the same pipe or terminal (`xargs -P`, GNU parallel without
/// `--group`) its pieces could be interleaved with theirs; one write of a line is not.
#[derive(Clone, Copy, Debug, Default)]
pub struct Stderr;

impl std::io::Write for Stderr {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let _ = std::io::stderr().write_all(buf);
        Ok(buf.len())
    }

    fn write_fmt(&mut self, args: std::fmt::Arguments<'_>) -> std::io::Result<()> {
        let text = std::fmt::format(args);
        let _ = std::io::stderr().write_all(text.as_bytes());
        Ok(())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        let _ = std::io::stderr().flush();
        Ok(())
    }
}

/// Whether `error` (or anything in its chain) is a broken pipe: the reader of our output went
/// away (`dlx big.dlx | head`), which is not a failure of ours.
pub fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

/// `n` and its noun, singular for one: `1 solution`, `2 solutions`, `0 puzzles`.
pub fn counted(n: impl Into<u128>, noun: &str) -> String {
    let n = n.into();
    format!("{n} {noun}{}", if n == 1 { "" } else { "s" })
}

/// The README's Rust examples, compiled and run as doctests exactly as written (whole programs
/// with their `main`, so that a reader can paste them and nothing is hidden).
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeExamples;

#[cfg(test)]
mod tests {
    use super::counted;

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(counted(1u64, "solution"), "1 solution");
        assert_eq!(counted(0u64, "part"), "0 parts");
        assert_eq!(counted(u128::MAX, "node"), format!("{} nodes", u128::MAX));
    }
}
