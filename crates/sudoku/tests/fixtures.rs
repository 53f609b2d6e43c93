//! Reading the shared public data sets beside the workspace (`../shared/data`). The tests that
//! read them are `#[ignore = "needs ../shared/data"]`: `cargo test --release -- --ignored`
//! runs them where the data is (as `.ci/run` does), and without it they fail, naming the file,
//! rather than pass having checked nothing.

use std::path::{Path, PathBuf};

/// `../shared/data/{path}` next to the workspace.
///
/// # Panics
/// When it is absent: the test needs it.
pub(crate) fn shared(path: &str) -> PathBuf {
    let full = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/data")).join(path);
    assert!(full.exists(), "../shared/data/{path} not found: this test needs the shared data");
    full
}

/// The whole file.
pub(crate) fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The records of a one-per-line file, comments and blank lines skipped.
pub(crate) fn lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#'))
}
