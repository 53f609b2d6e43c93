//! The checkpoint file: the engine's [`Checkpoint`] with what the command needs to resume it
//! the same way (which tool, counting or printing, which part), written so that a crash while
//! writing never leaves a torn file.

use std::{
    fs,
    io::Write,
    path::{Path, PathBuf},
};

use anyhow::{bail, Context};
use dancer::Checkpoint;

use crate::input::{Source, MAX_DOCUMENT};
use serde::{Deserialize, Serialize};

/// What the format field of every checkpoint file says.
const FORMAT: &str = "dancer checkpoint";
/// The version of the file's layout; a file of another version is refused, not misread.
const VERSION: u32 = 1;

/// A checkpoint file.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Saved {
    format: String,
    version: u32,
    /// `dlx`, or `sudoku count` / `sudoku enumerate`.
    pub tool: String,
    /// Whether the run counted (rather than printed solutions, which a resumed count can
    /// follow, but not the other way round: those solutions were never printed).
    pub counting: bool,
    /// The part being run, for `dlx --parts`: its number and the number of parts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub part: Option<(usize, usize)>,
    /// For `sudoku`: the puzzle, as given, so that a resume checks it is the same.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub puzzle: Option<String>,
    /// The engine's state.
    pub checkpoint: Checkpoint,
}

impl Saved {
    /// A checkpoint file's contents.
    pub fn new(tool: &str, counting: bool, checkpoint: Checkpoint) -> Saved {
        let format = FORMAT.to_owned();
        let tool = tool.to_owned();
        Saved { format, version: VERSION, tool, counting, part: None, puzzle: None, checkpoint }
    }

    /// Reads a checkpoint file written by `tool`.
    ///
    /// # Errors
    /// When it cannot be read, is not a checkpoint file of this version (the message gives the
    /// line and column of bad JSON), or was written by another tool.
    pub fn read(path: &Path, tool: &str) -> anyhow::Result<Saved> {
        let shown = path.display();
        let source = Source::File(path.to_owned());
        let text = source.read_to_string(MAX_DOCUMENT, "a checkpoint file")?;
        let saved: Saved = serde_json::from_str(&text).map_err(|error| {
            let what = if error.is_eof() { "truncated" } else { "not a checkpoint file" };
            anyhow::anyhow!("{shown}:{}:{}: {what}: {error}", error.line(), error.column())
        })?;
        if saved.format != FORMAT || saved.version != VERSION {
            bail!(
                "{shown}: not a checkpoint file of this version ({} {})",
                saved.format,
                saved.version
            );
        }
        if saved.tool != tool {
            bail!("{shown}: a checkpoint of `{}`, not of `{tool}`", saved.tool);
        }
        Ok(saved)
    }

    /// Writes the file: to a temporary file beside it, then renamed over it, so that readers
    /// (and a crash) see the old checkpoint or the new one, never half of one.
    ///
    /// # Errors
    /// When the file cannot be written.
    pub fn write(&self, path: &Path) -> anyhow::Result<()> {
        let temporary = sibling(path);
        let write = || -> std::io::Result<()> {
            let mut file = fs::File::create(&temporary)?;
            serde_json::to_writer(&mut file, self)?;
            file.write_all(b"\n")?;
            file.sync_all()?;
            fs::rename(&temporary, path)
        };
        write().with_context(|| format!("cannot write the checkpoint {}", path.display()))
    }
}

/// `dir/.name.tmp` beside `dir/name`.
fn sibling(path: &Path) -> PathBuf {
    let name = path.file_name().map_or_else(|| "checkpoint".into(), |n| n.to_string_lossy());
    path.with_file_name(format!(".{name}.tmp"))
}
