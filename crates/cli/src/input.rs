//! Reading a named input: a file, or standard input for `-`.

use std::{
    fmt,
    fs::File,
    io::{self, BufRead, BufReader, IsTerminal, Read, Write},
    path::{Path, PathBuf},
};

use anyhow::Context;

/// Where input comes from, named the way error messages show it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// Standard input, shown as `<stdin>`.
    Stdin,
    /// A file.
    File(PathBuf),
}

impl Source {
    /// `-` (or no argument) means standard input.
    pub fn from_arg(arg: Option<&Path>) -> Source {
        match arg {
            None => Source::Stdin,
            Some(path) if path.as_os_str() == "-" => Source::Stdin,
            Some(path) => Source::File(path.to_owned()),
        }
    }

    /// The input, buffered, for reading line by line.
    ///
    /// # Errors
    /// If the file cannot be opened (the message names it).
    pub fn open(&self) -> anyhow::Result<Box<dyn BufRead>> {
        Ok(match self {
            Source::Stdin => Box::new(io::stdin().lock()),
            Source::File(path) => Box::new(BufReader::new(
                File::open(path).with_context(|| format!("cannot read {}", path.display()))?,
            )),
        })
    }

    /// The whole input as UTF-8 text.
    ///
    /// # Errors
    /// If it cannot be read, or is not UTF-8 (the message gives the line and column of the first
    /// bad byte).
    pub fn read_to_string(&self) -> anyhow::Result<String> {
        let mut bytes = Vec::new();
        match self {
            Source::Stdin => {
                std::io::stdin().lock().read_to_end(&mut bytes).context("cannot read <stdin>")?
            }
            Source::File(path) => {
                bytes = std::fs::read(path)
                    .with_context(|| format!("cannot read {}", path.display()))?;
                bytes.len()
            }
        };
        String::from_utf8(bytes).map_err(|error| {
            let valid = &error.as_bytes()[..error.utf8_error().valid_up_to()];
            let valid = std::str::from_utf8(valid).unwrap_or_default();
            let line = valid.matches('\n').count() + 1;
            let column = valid.rsplit('\n').next().map_or(0, |tail| tail.chars().count()) + 1;
            anyhow::anyhow!("{self}:{line}:{column}: input is not valid UTF-8")
        })
    }
}

/// Whether `file` (standard input for `-` or none) is a terminal a person types into: a
/// signal there means "quit", not "stop the search cleanly", until the input is read.
pub fn reads_terminal(file: Option<&Path>) -> bool {
    Source::from_arg(file) == Source::Stdin && io::stdin().is_terminal()
}

/// Says on stderr that `what` is read from standard input when that is a terminal and one of
/// `sources`: a command waiting silently at a prompt looks hung.
pub fn announce_terminal(sources: &[Source], name: &str, what: &str) {
    if sources.contains(&Source::Stdin) && io::stdin().is_terminal() {
        let _ = writeln!(
            crate::Stderr,
            "{name}: reading {what} from standard input (Ctrl-D to end, Ctrl-C to quit)"
        );
    }
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Stdin => f.write_str("<stdin>"),
            Source::File(path) => write!(f, "{}", path.display()),
        }
    }
}
