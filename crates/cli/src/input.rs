//! Reading a named input: a file, or standard input for `-`; and every read bounded, so that
//! no input (`/dev/zero`, a file without line ends, a huge file named by mistake) can make the
//! commands take memory without end. Whole documents are read up to a size ([`MAX_DOCUMENT`],
//! [`MAX_RULES_FILE`]); lines up to a length ([`Lines`], [`MAX_JSON_LINE`]), a longer line
//! being an error as soon as the bound is passed, before the rest of it is read (and skipped,
//! not kept). docs/formats.md lists the limits.

mod lines;

use std::{
    fmt,
    fs::File,
    io::{self, BufRead, BufReader, IsTerminal, Read, Write},
    path::{Path, PathBuf},
};

use anyhow::Context;

pub use self::lines::{LineFault, Lines};

/// The longest line of JSON read (a puzzle model, a part of a split, a part's summary) and the
/// longest line of a published variant file: a 33×33 sumo with its solution is about 60 KiB,
/// so this leaves room for any real record.
pub const MAX_JSON_LINE: usize = 16 << 20;

/// The largest document read whole: a checkpoint, a janko.at puzzle-kit file (the largest
/// published is under 400 KiB), the one puzzle of `sudoku encode`.
pub const MAX_DOCUMENT: usize = 64 << 20;

/// The largest file a variant option names (`--regions`, `--extra-regions`, `--board`): a
/// 64×64 board's blocks take about 150 KiB.
pub const MAX_RULES_FILE: usize = 1 << 20;

/// Where input comes from, named the way error messages show it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// Standard input, shown as `<stdin>`.
    Stdin,
    /// A file.
    File(PathBuf),
    /// A puzzle given on the command line itself (a `sudoku` f-puzzles or `SudokuPad` link, where
    /// no file of that name exists), read as a one-line input; shown as `<argument>`.
    Argument(String),
}

impl Source {
    /// [`from_arg`](Self::from_arg), and a puzzle link that names no file: the puzzle itself
    /// (`sudoku solve 'https://www.f-puzzles.com/?load=...'`).
    pub fn puzzle_or_file(arg: &Path) -> Source {
        let text = arg.to_string_lossy();
        if !arg.exists()
            && (dancer_sudoku::is_fpuzzles(&text) || dancer_sudoku::is_sudokupad(&text))
        {
            return Source::Argument(text.trim().to_owned());
        }
        Source::from_arg(Some(arg))
    }

    /// A short name for what is made of the input (pictures, saved games): the file's stem,
    /// `stdin`, or `puzzle` for one given on the command line.
    pub fn stem(&self) -> String {
        match self {
            Source::Stdin => "stdin".to_owned(),
            Source::Argument(_) => "puzzle".to_owned(),
            Source::File(path) => path
                .file_stem()
                .map_or_else(|| "puzzle".to_owned(), |s| s.to_string_lossy().into_owned()),
        }
    }

    /// `-` (or no argument) means standard input.
    pub fn from_arg(arg: Option<&Path>) -> Source {
        match arg {
            None => Source::Stdin,
            Some(path) if path.as_os_str() == "-" => Source::Stdin,
            Some(path) => Source::File(path.to_owned()),
        }
    }

    /// The input, buffered, for reading line by line (with [`Lines`], or a reader that bounds
    /// its lines itself).
    ///
    /// # Errors
    /// If the file cannot be opened (the message names it).
    pub fn open(&self) -> anyhow::Result<Box<dyn BufRead>> {
        Ok(match self {
            Source::Stdin => Box::new(stdin()?.lock()),
            Source::File(path) => {
                Box::new(BufReader::new(File::open(path).with_context(|| cannot_read(path))?))
            }
            Source::Argument(text) => Box::new(io::Cursor::new(format!("{text}\n").into_bytes())),
        })
    }

    /// The whole input as UTF-8 text, if it is at most `limit` bytes: `what` names the
    /// document in the error (`a checkpoint file`). Reading stops one byte past the limit.
    ///
    /// # Errors
    /// If it cannot be read, is larger than `limit`, or is not UTF-8 (the message gives the
    /// line and column of the first bad byte).
    pub fn read_to_string(&self, limit: usize, what: &str) -> anyhow::Result<String> {
        let reader: Box<dyn Read> = match self {
            Source::Stdin => Box::new(stdin()?.lock()),
            Source::File(path) => Box::new(File::open(path).with_context(|| cannot_read(path))?),
            Source::Argument(text) => Box::new(io::Cursor::new(format!("{text}\n").into_bytes())),
        };
        let mut bytes = Vec::new();
        reader
            .take(limit as u64 + 1)
            .read_to_end(&mut bytes)
            .with_context(|| format!("cannot read {self}"))?;
        if bytes.len() > limit {
            anyhow::bail!("{self}: larger than {}, the most {what} may be", size(limit));
        }
        String::from_utf8(bytes).map_err(|error| {
            let valid = &error.as_bytes()[..error.utf8_error().valid_up_to()];
            let valid = std::str::from_utf8(valid).unwrap_or_default();
            let line = valid.matches('\n').count() + 1;
            let column = valid.rsplit('\n').next().map_or(0, |tail| tail.chars().count()) + 1;
            anyhow::anyhow!("{self}:{line}:{column}: input is not valid UTF-8")
        })
    }
}

/// Standard input, refused when it was closed (`cmd <&-`): Rust's runtime puts `/dev/null` in
/// the place of a closed standard descriptor at start-up, and a batch would then read nothing
/// and end with exit 0, as if it had been given nothing to do.
///
/// # Errors
/// When the command was started with its standard input closed.
pub fn stdin() -> io::Result<io::Stdin> {
    if closed_at_start(0) {
        return Err(io::Error::new(
            io::ErrorKind::NotFound,
            "standard input is closed (give a file, or - with input piped or redirected)",
        ));
    }
    Ok(io::stdin())
}

/// Whether the descriptor `fd` was closed when the process started. The runtime opens
/// `/dev/null` read-write in its place, where a shell's `< /dev/null` opens it read-only, so
/// the two are told apart by the access mode Linux shows in `/proc/self/fdinfo`. Elsewhere
/// (no `/proc`), false.
fn closed_at_start(fd: u32) -> bool {
    let Ok(target) = std::fs::read_link(format!("/proc/self/fd/{fd}")) else { return false };
    if target != Path::new("/dev/null") {
        return false;
    }
    let Ok(info) = std::fs::read_to_string(format!("/proc/self/fdinfo/{fd}")) else {
        return false;
    };
    let flags = info.lines().find_map(|line| line.strip_prefix("flags:"));
    // O_ACCMODE is 3 and O_RDWR 2 on every Linux architecture.
    flags.and_then(|flags| u32::from_str_radix(flags.trim(), 8).ok()).is_some_and(|f| f & 3 == 2)
}

/// Whether `file` (standard input for `-` or none) is a terminal a person types into: a
/// signal there means "quit", not "stop the search cleanly", until the input is read.
pub fn reads_terminal(file: Option<&Path>) -> bool {
    Source::from_arg(file) == Source::Stdin && io::stdin().is_terminal()
}

/// A limit as people read it: `16 MiB`, `1 MiB`, `64 KiB`, or bytes.
pub fn size(bytes: usize) -> String {
    match bytes {
        b if b >= 1 << 20 && b % (1 << 20) == 0 => format!("{} MiB", b >> 20),
        b if b >= 1 << 10 && b % (1 << 10) == 0 => format!("{} KiB", b >> 10),
        b => format!("{b} bytes"),
    }
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
            Source::Argument(_) => f.write_str("<argument>"),
        }
    }
}

/// The error of a file that does not open, with [`link_hint`].
fn cannot_read(path: &Path) -> String {
    format!("cannot read {}{}", path.display(), link_hint(&path.to_string_lossy()))
}

/// For a puzzle link given where a file is asked for, how to give it; else nothing.
pub(crate) fn link_hint(name: &str) -> &'static str {
    if dancer_sudoku::is_fpuzzles(name) || dancer_sudoku::is_sudokupad(name) {
        " (a puzzle link is read from a file or standard input: echo 'LINK' | sudoku solve)"
    } else {
        ""
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_read_as_people_write_them() {
        assert_eq!(size(MAX_JSON_LINE), "16 MiB");
        assert_eq!(size(64 << 10), "64 KiB");
        assert_eq!(size(1000), "1000 bytes");
    }

    #[test]
    fn a_document_past_its_limit_is_refused_without_reading_on() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("big.json");
        std::fs::write(&path, vec![b'x'; 101]).unwrap();
        let source = Source::File(path.clone());
        let error = source.read_to_string(100, "a test file").unwrap_err().to_string();
        assert!(error.ends_with("big.json: larger than 100 bytes, the most a test file may be"));
        assert_eq!(source.read_to_string(101, "a test file").unwrap().len(), 101);
    }
}
