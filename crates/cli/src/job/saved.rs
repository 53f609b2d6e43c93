//! The checkpoint file: the engine's [`Checkpoint`] with what the command needs to resume it
//! the same way (which tool, counting or printing, which part). `CheckpointFile` writes it.

use std::{fs, path::Path};

use anyhow::{bail, Context};
use dancer::Checkpoint;
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
        let text = fs::read(path).with_context(|| format!("cannot read {shown}"))?;
        let saved: Saved = serde_json::from_slice(&text).map_err(|error| {
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

    /// The file's contents: one line of JSON. [`CheckpointFile`](super::CheckpointFile) writes
    /// them whole or not at all.
    ///
    /// # Errors
    /// Only if serialisation fails, which a checkpoint's plain numbers and lists never do.
    pub fn to_bytes(&self) -> anyhow::Result<Vec<u8>> {
        let mut bytes = serde_json::to_vec(self).context("cannot write a checkpoint")?;
        bytes.push(b'\n');
        Ok(bytes)
    }
}
