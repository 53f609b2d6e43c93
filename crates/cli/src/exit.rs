//! Exit statuses, shared by the commands so that scripts can rely on them.

use std::process::ExitCode;

/// How a command ended. The numbers are part of the interface and never change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// 0: every problem was solved (at least one solution found).
    Solved = 0,
    /// 1: a problem had no solution, broke a rule (sudoku `invalid`), or was not unique when
    /// uniqueness was asked for.
    NoSolution = 1,
    /// 2: bad usage, or input that could not be read or parsed.
    Error = 2,
    /// 3: a long search stopped at --time-limit, --node-limit or --mems-limit: what it
    /// printed is partial (a count ends with `+`).
    Stopped = 3,
    /// 130: a long search stopped on Ctrl-C or SIGTERM, as at a limit (128 + SIGINT, the
    /// shells' convention).
    Interrupted = 130,
}

impl From<Exit> for ExitCode {
    fn from(exit: Exit) -> ExitCode {
        ExitCode::from(exit as u8)
    }
}
