//! `sudoku solve`'s arguments, and the parse of a `sudoku solve` command line that builds
//! that subcommand alone.
//!
//! Building the whole command (every subcommand with its help texts) was a tenth of a
//! one-puzzle run's instructions and most of its allocations (docs/PERFORMANCE.md, "The whole
//! run"). A command line that starts with `solve` is parsed first by a command that has only
//! `solve` and the global flags; whatever that parse does not accept (help, version, a usage
//! error, anything else) goes to the whole command, so that every message is its own. A
//! `sudoku solve` followed by file names alone, the common case, builds no command at all: its
//! arguments are every option's default (the tests hold both parses to clap's).

use std::{ffi::OsString, path::PathBuf};

use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};

use super::{Command, Common, SolveLimits, SudokuArgs};
use crate::shell::ColorWhen;

// Not `///`, which clap would take for the subcommand's about: see `defer`.
#[doc = concat!("`sudoku solve`'s arguments.")]
#[derive(Clone, Debug, Default, Args)]
pub struct SolveArgs {
    /// Also prove the solution unique: print `multiple` when it is not, with two of the
    /// solutions after it (in JSON, `solutions`).
    #[arg(short, long)]
    pub unique: bool,
    /// Limits on each puzzle's search.
    #[command(flatten)]
    pub limits: SolveLimits,
    /// Inputs, variant and output options.
    #[command(flatten)]
    pub common: Common,
}

/// `sudoku` with `solve` alone: the global flags as `SudokuArgs` has them (a flag missing
/// here only sends the line to the whole command).
#[derive(Parser)]
#[command(name = "sudoku")]
struct SolveLine {
    #[command(subcommand)]
    command: SolveOnly,
    #[arg(short, long, global = true)]
    quiet: bool,
    #[arg(long, global = true, value_enum, default_value_t, value_name = "WHEN")]
    color: ColorWhen,
}

#[derive(Subcommand)]
enum SolveOnly {
    Solve(SolveArgs),
}

/// The arguments of `args` (the command's name first) when they are a `sudoku solve` that
/// the command of `solve` alone accepts; `None` for any other line.
pub(crate) fn solve_line(args: &[OsString]) -> Option<SudokuArgs> {
    if args.get(1).is_none_or(|word| word != "solve") {
        return None;
    }
    if let Some(plain) = plain_solve(&args[2..]) {
        return Some(plain);
    }
    let matches = SolveLine::command().try_get_matches_from(args).ok()?;
    let SolveLine { command: SolveOnly::Solve(solve), quiet, color } =
        SolveLine::from_arg_matches(&matches).ok()?;
    Some(SudokuArgs { command: Command::Solve(solve), quiet, color })
}

/// `sudoku solve` of `words`, when they are file names alone (none empty or starting with `-`,
/// which clap may read otherwise): every option at its default, as clap would give it.
fn plain_solve(words: &[OsString]) -> Option<SudokuArgs> {
    let plain = |word: &OsString| !word.is_empty() && !word.as_encoded_bytes().starts_with(b"-");
    if !words.iter().all(plain) {
        return None;
    }
    let mut solve = SolveArgs::default();
    solve.common.files = words.iter().map(PathBuf::from).collect();
    Some(SudokuArgs { command: Command::Solve(solve), quiet: false, color: ColorWhen::default() })
}

impl SudokuArgs {
    /// The command line's arguments: a `sudoku solve` line through the command of `solve`
    /// alone when it accepts it, any other through the whole command (help, version and usage
    /// errors end the program, as [`crate::shell::parse`] says).
    #[must_use]
    pub fn from_command_line() -> SudokuArgs {
        let args: Vec<OsString> = std::env::args_os().collect();
        solve_line(&args).unwrap_or_else(|| crate::shell::parse_from(&args))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<OsString> {
        line.split_whitespace().map(OsString::from).collect()
    }

    #[test]
    fn a_solve_line_reads_as_the_whole_command_reads_it() {
        for line in [
            "sudoku solve",
            "sudoku solve -u --jobs 1 a.txt - -q",
            "sudoku solve --color never --x --boxes 3x3 --node-limit 1e6 --json",
            "sudoku solve --unique --time-limit 2s --from iss -s --format grid b.txt",
            "sudoku solve help",
        ] {
            let fast = solve_line(&words(line)).unwrap_or_else(|| panic!("{line}: not read"));
            let whole = crate::shell::parse_from::<SudokuArgs>(&words(line));
            assert_eq!(format!("{fast:?}"), format!("{whole:?}"), "{line}");
        }
    }

    #[test]
    fn file_names_alone_read_as_the_whole_command_reads_them() {
        for line in ["sudoku solve", "sudoku solve a.txt", "sudoku solve help b c/d.txt"] {
            let words = words(line);
            let plain = plain_solve(&words[2..]).unwrap_or_else(|| panic!("{line}: not plain"));
            let whole = crate::shell::parse_from::<SudokuArgs>(&words);
            assert_eq!(format!("{plain:?}"), format!("{whole:?}"), "{line}");
        }
        let mut empty = words("sudoku solve a.txt");
        empty.push(OsString::new());
        for line in [&words("sudoku solve -"), &words("sudoku solve a.txt -u"), &empty] {
            assert!(plain_solve(&line[2..]).is_none(), "{line:?}: not plain");
        }
    }

    #[test]
    fn any_other_line_goes_to_the_whole_command() {
        for line in [
            "sudoku",
            "sudoku count",
            "sudoku -q solve",
            "sudoku solve --help",
            "sudoku solve -h",
            "sudoku solve --version",
            "sudoku solve --bogus",
            "sudoku solve --jobs 0",
            "sudoku solve --json --format line",
            "sudoku solver",
        ] {
            assert!(solve_line(&words(line)).is_none(), "{line}");
        }
    }

    #[test]
    fn the_global_flags_are_those_of_the_whole_command() {
        let ids = |command: clap::Command| {
            let mut ids: Vec<String> =
                command.get_arguments().map(|arg| arg.get_id().to_string()).collect();
            ids.sort();
            ids
        };
        let mut whole = SudokuArgs::command();
        whole.build();
        let mut fast = SolveLine::command();
        fast.build();
        let without_version =
            ids(whole).into_iter().filter(|id| id != "version").collect::<Vec<_>>();
        assert_eq!(ids(fast), without_version);
    }
}
