//! What both commands share with the shell: `--color`, which clap needs before it parses
//! (its own help and errors are what it colours), shell completions and man pages, each made
//! from the same clap definition as the parser, so they never drift from it.

use std::{
    ffi::OsString,
    io::Write,
    path::{Path, PathBuf},
};

use anyhow::Context;
use clap::{ColorChoice, CommandFactory, FromArgMatches, Subcommand, ValueEnum};

use crate::Exit;

/// When to colour help and usage errors (the only coloured output).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum ColorWhen {
    /// On a terminal, unless `NO_COLOR` is set.
    #[default]
    Auto,
    /// Always, even into a pipe.
    Always,
    /// Never.
    Never,
}

impl From<ColorWhen> for ColorChoice {
    fn from(when: ColorWhen) -> ColorChoice {
        match when {
            ColorWhen::Auto => ColorChoice::Auto,
            ColorWhen::Always => ColorChoice::Always,
            ColorWhen::Never => ColorChoice::Never,
        }
    }
}

/// Parses the command line into `T`, with help and errors coloured as its `--color` says
/// (clap colours before it has parsed, so the flag is looked up first; a bad value is left
/// for the parser to report).
pub fn parse<T: CommandFactory + FromArgMatches>() -> T {
    let args: Vec<OsString> = std::env::args_os().collect();
    let color = color_asked(&args).unwrap_or_default();
    let matches = T::command().color(color.into()).get_matches_from(&args);
    T::from_arg_matches(&matches).unwrap_or_else(|error| error.exit())
}

/// The last `--color WHEN` or `--color=WHEN` before a `--`, if any.
fn color_asked(args: &[OsString]) -> Option<ColorWhen> {
    let mut asked = None;
    let mut words = args.iter().skip(1).map(|arg| arg.to_str().unwrap_or(""));
    while let Some(word) = words.next() {
        let value = match word {
            "--" => break,
            "--color" => words.next().unwrap_or(""),
            _ => match word.strip_prefix("--color=") {
                Some(value) => value,
                None => continue,
            },
        };
        if let Ok(when) = ColorWhen::from_str(value, false) {
            asked = Some(when);
        }
    }
    asked
}

/// The subcommands both binaries have for the shell.
#[derive(Debug, Subcommand)]
pub enum ShellCommand {
    /// Print the completion script for a shell (bash, zsh, fish, elvish or powershell).
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff), or write one page per subcommand into a directory.
    Man {
        /// Write one page per command and subcommand (NAME.1, NAME-SUBCOMMAND.1, ...) here.
        #[arg(long, value_name = "DIR")]
        dir: Option<PathBuf>,
    },
}

impl ShellCommand {
    /// Runs it for command `T`, writing to `out`.
    ///
    /// # Errors
    /// A failed write (a closed pipe included), or a directory that cannot be written.
    pub fn run<T: CommandFactory>(&self, out: &mut dyn Write) -> anyhow::Result<Exit> {
        match self {
            ShellCommand::Completions { shell } => completions::<T>(*shell, out)?,
            ShellCommand::Man { dir } => man_pages::<T>(dir.as_deref(), out)?,
        }
        Ok(Exit::Solved)
    }
}

/// Writes the completion script of command `T` for `shell` to `out`.
fn completions<T: CommandFactory>(
    shell: clap_complete::Shell,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let mut command = T::command();
    let name = command.get_name().to_owned();
    // Made whole first: clap_complete panics on a failed write (`| head`); a write here fails
    // as an error, which the caller takes a closed pipe for.
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut command, name, &mut script);
    out.write_all(&script)
}

/// Writes the man pages of command `T`: the main page to `out`, or, given `dir`, one page per
/// command and subcommand there (`sudoku.1`, `sudoku-solve.1`, ...), listing them on `out`.
fn man_pages<T: CommandFactory>(dir: Option<&Path>, out: &mut dyn Write) -> anyhow::Result<()> {
    let command = T::command();
    let Some(dir) = dir else {
        return Ok(clap_mangen::Man::new(command).render(out)?);
    };
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    write_pages(command, "", dir, out)
}

/// The page of `command` (named after its parents, `prefix`), then its subcommands' pages.
fn write_pages(
    command: clap::Command,
    prefix: &str,
    dir: &Path,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let name = format!("{prefix}{}", command.get_name());
    let command = command.display_name(name.clone()).bin_name(name.replace('-', " "));
    let path = dir.join(format!("{name}.1"));
    let mut page = Vec::new();
    clap_mangen::Man::new(command.clone()).render(&mut page)?;
    std::fs::write(&path, page).with_context(|| format!("cannot write {}", path.display()))?;
    writeln!(out, "{}", path.display())?;
    for sub in
        command.get_subcommands().filter(|sub| !sub.is_hide_set() && sub.get_name() != "help")
    {
        write_pages(sub.clone(), &format!("{name}-"), dir, out)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<OsString> {
        line.split(' ').map(OsString::from).collect()
    }

    #[test]
    fn color_is_found_in_either_spelling_and_not_after_a_double_dash() {
        assert_eq!(color_asked(&words("sudoku solve --color never x")), Some(ColorWhen::Never));
        assert_eq!(color_asked(&words("sudoku --color=always solve")), Some(ColorWhen::Always));
        assert_eq!(color_asked(&words("sudoku --color=never --color auto")), Some(ColorWhen::Auto));
        assert_eq!(color_asked(&words("sudoku solve -- --color=never")), None);
        assert_eq!(color_asked(&words("sudoku --color=purple")), None);
        assert_eq!(color_asked(&words("sudoku solve")), None);
    }
}
