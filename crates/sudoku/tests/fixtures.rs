//! Reading the shared public data sets beside the workspace, skipping with a note when absent.

use std::path::{Path, PathBuf};

/// `../shared/data/{path}` next to the workspace, or `None` (with a note) when it is absent.
pub(crate) fn shared(path: &str) -> Option<PathBuf> {
    let full = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/data")).join(path);
    if full.exists() {
        return Some(full);
    }
    eprintln!("skipped: ../shared/data/{path} not found");
    None
}

/// The whole file.
pub(crate) fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The records of a one-per-line file, comments and blank lines skipped.
pub(crate) fn lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#'))
}
