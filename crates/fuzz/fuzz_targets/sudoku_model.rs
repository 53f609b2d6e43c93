//! libFuzzer target: sudoku models as JSON lines (`Record::from_json`, `Model::encode`, the
//! model's search, bounded).
//! The checks are in `checks/`, shared with the stable harness in crates/cli/tests/fuzz.rs.
#![no_main]

// Each target calls one family of checks; the others are compiled in but unused here.
#[allow(dead_code)]
#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    checks::sudoku_model(data);
});
