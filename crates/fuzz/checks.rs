//! What every fuzz input goes through, one function per family of parsers: the same code for
//! the cargo-fuzz targets (`crates/fuzz/fuzz_targets`, nightly, millions of inputs) and for the
//! stable harness CI runs (`crates/cli/tests/fuzz.rs`, seeds, regressions and a bounded number
//! of mutations), each including this file with `#[path]`.
//!
//! A check returns for any input, telling whether the parser accepted it (so that the stable
//! harness can tell that its seeds reach the deeper checks). It panics when a parser or builder
//! panics, or when what it accepted breaks a property that must hold: written and read back it
//! is the same, its errors point inside the input, its searches agree with an independent check
//! of their solutions, and stopping and resuming them never changes a count. Searches are
//! bounded ([`NODES`]) so that no input can make a check slow.

// Submodule paths are spelled out: this file is reached through `#[path]` from two crates.
#[path = "checks/checkpoint.rs"]
mod checkpoint;
#[path = "checks/dlx.rs"]
pub(crate) mod dlx;
#[path = "checks/model.rs"]
mod model;
#[path = "checks/sudoku.rs"]
mod sudoku;

pub(crate) use self::{
    checkpoint::checkpoint,
    dlx::dlx_text,
    model::sudoku_model,
    sudoku::{sudoku_text, sudoku_variant},
};

/// The node budget of every search a check runs: enough to reach solutions, split trees and
/// stop and resume on the small problems, little enough that each input takes microseconds.
pub(crate) const NODES: u64 = 2_000;

/// A check: whether the input was accepted (it panics on a failure).
pub(crate) type Check = fn(&[u8]) -> bool;

/// The checks by target name: the names of the cargo-fuzz targets, of the directories under
/// `crates/fuzz/seeds/` and `crates/fuzz/regressions/`.
pub(crate) const TARGETS: [(&str, Check); 5] = [
    ("dlx_text", dlx_text),
    ("checkpoint", checkpoint),
    ("sudoku_text", sudoku_text),
    ("sudoku_variant", sudoku_variant),
    ("sudoku_model", sudoku_model),
];
