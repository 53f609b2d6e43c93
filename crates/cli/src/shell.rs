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

mod epilogue;
mod synopsis;

pub use self::epilogue::{sections, Section};

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
    parse_from(&std::env::args_os().collect::<Vec<_>>())
}

/// Parses `args` (the command's name first) into `T` as [`parse`] does: help, version and
/// usage errors end the program.
pub fn parse_from<T: CommandFactory + FromArgMatches>(args: &[OsString]) -> T {
    let color = color_asked(args).unwrap_or_default();
    let matches = T::command().color(color.into()).get_matches_from(args);
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
        return Ok(out.write_all(man_page(command).as_bytes())?);
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
    let page = man_page(command.clone());
    std::fs::write(&path, page).with_context(|| format!("cannot write {}", path.display()))?;
    writeln!(out, "{}", path.display())?;
    for sub in
        command.get_subcommands().filter(|sub| !sub.is_hide_set() && sub.get_name() != "help")
    {
        write_pages(sub.clone(), &format!("{name}-"), dir, out)?;
    }
    Ok(())
}

/// The man page of `command`: `clap_mangen`'s, with the text after the help (`after_help`) in
/// sections of their own, EXIT STATUS and EXAMPLES among them, where `clap_mangen` would put
/// it all under EXTRA.
fn man_page(command: clap::Command) -> String {
    let after = command.get_after_long_help().or_else(|| command.get_after_help());
    let after = after.map(ToString::to_string).unwrap_or_default();
    let bare = command.after_help(None::<&str>).after_long_help(None::<&str>);
    let mut page = Vec::new();
    clap_mangen::Man::new(bare.clone()).render(&mut page).expect("writing to a Vec never fails");
    let page = String::from_utf8(page).expect("clap_mangen writes UTF-8");
    let page = synopsis::with_value_names(&page, &bare);
    let sections = epilogue::roff(&after);
    // Before VERSION and AUTHORS, as man-pages(7) orders them.
    match page.find("\n.SH VERSION") {
        Some(at) => format!("{}\n{}{}", &page[..at], sections.trim_end(), &page[at..]),
        None => page + &sections,
    }
}

/// The examples of `completions` for `bin`, for clap's `mut_subcommand`.
pub fn completions_help(bin: &'static str) -> impl FnOnce(clap::Command) -> clap::Command {
    move |command| {
        command.after_help(format!(
            "\
Exit status:
  0    written
  2    a shell it does not know, or output that could not be written

Examples:
  mkdir -p ~/.local/share/bash-completion/completions
      the directory bash-completion reads, if it is not there yet
  {bin} completions bash > ~/.local/share/bash-completion/completions/{bin}
      bash completes {bin} from the next shell on
  {bin} completions fish > ~/.config/fish/completions/{bin}.fish"
        ))
    }
}

/// The examples of `man` for `bin`, for clap's `mut_subcommand`.
pub fn man_help(bin: &'static str) -> impl FnOnce(clap::Command) -> clap::Command {
    move |command| {
        command.after_help(format!(
            "\
Exit status:
  0    written
  2    the directory or the output could not be written

Examples:
  {bin} man | man -l -                   read the page now
  {bin} man --dir ~/.local/share/man/man1
      {bin}.1, {bin}-SUBCOMMAND.1, ...; then `man {bin}`"
        ))
    }
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
