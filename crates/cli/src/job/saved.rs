//! The checkpoint file: the engine's [`Checkpoint`] with what the command needs to resume it
//! the same way (which tool, counting or printing, which part), and a digest of all of it;
//! read strictly (unknown and repeated keys refused) and checked, so that a damaged or edited
//! file is refused rather than resumed to a wrong total. `CheckpointFile` writes it.

use std::path::Path;

use anyhow::{bail, Context};
use dancer::run::{Checkpoint, Fingerprint, Part};
use serde::{Deserialize, Serialize};

use crate::input::{Source, MAX_DOCUMENT};
use crate::json;

/// What the format field of every checkpoint file says.
const FORMAT: &str = "dancer checkpoint";
/// The version of the file's layout; a file of another version is refused, not misread.
/// Version 2 added the job's scope, its finished spans and the file's digest.
const VERSION: u32 = 2;

/// A checkpoint file.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Saved {
    format: String,
    version: u32,
    /// `dlx`, or `sudoku count` / `sudoku enumerate`.
    pub tool: String,
    /// Whether the run counted (rather than printed solutions, which a resumed count can
    /// follow, but not the other way round: those solutions were never printed).
    pub counting: bool,
    /// The part being run, for `dlx --parts`, as its parts file has it: its subproblems are the
    /// checkpoint's scope, and its split's identity goes into the summary.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub part: Option<Part>,
    /// For `sudoku`: the puzzle, as given, for people reading the file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub puzzle: Option<String>,
    /// The process that wrote it, so that `dlx status` can tell a part still running from one
    /// whose process is gone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub writer: Option<Writer>,
    /// The engine's state.
    pub checkpoint: Checkpoint,
    /// The digest of the file's text without this key (see docs/formats.md); always written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    digest: Option<Fingerprint>,
}

/// The process that wrote a checkpoint: where, which, and how often it writes one.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Writer {
    /// The host's name.
    pub host: String,
    /// The process id.
    pub pid: u32,
    /// Seconds between checkpoints while it searches (`--checkpoint-every`), if it writes them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub every: Option<f64>,
}

impl Writer {
    /// This process, writing every `every` seconds if at all.
    pub fn this_process(every: Option<f64>) -> Writer {
        let host = gethostname::gethostname().to_string_lossy().into_owned();
        Writer { host, pid: std::process::id(), every }
    }
}

/// The first keys of a checkpoint file, read leniently, to refuse another version by name
/// before its other keys are refused one by one.
#[derive(Deserialize)]
struct Header {
    format: String,
    version: u32,
}

impl Saved {
    /// A checkpoint file's contents.
    pub fn new(tool: &str, counting: bool, checkpoint: Checkpoint) -> Saved {
        let format = FORMAT.to_owned();
        let tool = tool.to_owned();
        let (part, puzzle, digest) = (None, None, None);
        let writer = Some(Writer::this_process(None));
        Saved { format, version: VERSION, tool, counting, part, puzzle, writer, checkpoint, digest }
    }

    /// Reads a checkpoint file written by `tool`.
    ///
    /// # Errors
    /// When it cannot be read, is not a checkpoint file of this version (the message gives the
    /// line and column of bad JSON, and names an unknown or repeated key), was changed after it
    /// was written (its digest does not match: "damaged"), names a part that is not its own,
    /// or was written by another tool.
    pub fn read(path: &Path, tool: &str) -> anyhow::Result<Saved> {
        let shown = path.display();
        let source = Source::File(path.to_owned());
        let text = source.read_to_string(MAX_DOCUMENT, "a checkpoint file")?;
        let text = text.as_bytes();
        if let Ok(header) = serde_json::from_slice::<Header>(text) {
            if header.format != FORMAT {
                bail!("{shown}: not a checkpoint file (its format is \"{}\")", header.format);
            }
            if header.version != VERSION {
                bail!(
                    "{shown}: a checkpoint file of version {}, and this {tool} reads version \
                     {VERSION} only: resume it with the {tool} that wrote it, or start again",
                    header.version
                );
            }
        }
        let mut saved: Saved = serde_json::from_slice(text).map_err(|error| {
            let what = if error.is_eof() { "truncated" } else { "not a checkpoint file" };
            let problem = json::problem(&error);
            anyhow::anyhow!("{shown}:{}:{}: {what}: {problem}", error.line(), error.column())
        })?;
        let damaged =
            || anyhow::anyhow!("{shown}: damaged (its digest does not match its contents)");
        let digest = saved.digest.take().ok_or_else(damaged)?;
        if json::digest(&serde_json::to_vec(&saved)?) != digest {
            return Err(damaged());
        }
        saved.digest = Some(digest);
        if saved.tool != tool {
            bail!("{shown}: a checkpoint of `{}`, not of `{tool}`", saved.tool);
        }
        saved.check_scope().map_err(|problem| anyhow::anyhow!("{shown}: {problem}"))?;
        Ok(saved)
    }

    /// Checks that the checkpoint's scope is the whole tree, or its part's subproblems, the
    /// part as its split made it.
    fn check_scope(&self) -> Result<(), String> {
        let scope = self.checkpoint.scope();
        let Some(part) = &self.part else {
            if scope.len() == 1 && scope[0].is_root() {
                return Ok(());
            }
            return Err("the checkpoint is of part of the tree, and names no part".to_owned());
        };
        if part.digest != part.contents_digest() {
            return Err(format!("damaged: part {} does not match its digest", part.part));
        }
        if part.fingerprint != self.checkpoint.fingerprint() {
            return Err(format!("part {} is of another problem than its checkpoint", part.part));
        }
        let same = |(a, b): (&dancer::run::Subproblem, &dancer::run::Subproblem)| a.same_place(b);
        if scope.len() != part.subproblems.len() || !scope.iter().zip(&part.subproblems).all(same) {
            return Err(format!(
                "the checkpoint's scope is not the subproblems of its part {}",
                part.part
            ));
        }
        Ok(())
    }

    /// The file's text: compact JSON with the digest of the rest as the last key.
    fn to_json(&self) -> serde_json::Result<Vec<u8>> {
        let mut bare = self.clone();
        bare.digest = None;
        bare.digest = Some(json::digest(&serde_json::to_vec(&bare)?));
        serde_json::to_vec(&bare)
    }

    /// The file's contents: one line of JSON, its digest last. [`CheckpointFile`](super::CheckpointFile)
    /// writes them whole or not at all.
    ///
    /// # Errors
    /// Only if serialisation fails, which a checkpoint's plain numbers and lists never do.
    pub fn to_bytes(&self) -> anyhow::Result<Vec<u8>> {
        let mut bytes = self.to_json().context("cannot write a checkpoint")?;
        bytes.push(b'\n');
        Ok(bytes)
    }
}
