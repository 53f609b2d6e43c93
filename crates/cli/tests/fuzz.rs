//! The fuzz checks on stable Rust, as CI runs them (docs/fuzzing.md): every input kept in
//! `crates/fuzz/regressions/<target>/`, every seed in `crates/fuzz/seeds/<target>/` and the
//! matching `data/` files, then random inputs: byte strings and mutations of those seeds. The
//! checks are the cargo-fuzz targets' own (`crates/fuzz/checks.rs`).
//!
//! `DANCER_FUZZ_CASES` sets the number of random inputs per target (default [`CASES`]), so
//! that the same harness can run millions on stable; `DANCER_FUZZ_SEED` sets the generator's
//! seed (default fixed, so that a CI failure reproduces). A failing input is written to this
//! crate's test scratch directory and named in the failure message.

use std::{
    fs,
    panic::{catch_unwind, AssertUnwindSafe},
    path::{Path, PathBuf},
};

use crate::util::workspace;

#[path = "../../fuzz/checks.rs"]
mod checks;

/// Random inputs per target by default: under a second for all four in a release build.
const CASES: u64 = 3_000;

/// Bytes the formats give meaning to, drawn more often than others.
const ALPHABET: &[u8] = b"0123456789.:|# \t\n\r,;_-+=()[]{}\"abcrABCRG";

/// Whole tokens worth splicing in: extreme numbers and the formats' keywords.
const TOKENS: &[&str] = &[
    "0",
    "1",
    "-1",
    "64",
    "65",
    "4294967296",
    "18446744073709551615",
    "1e309",
    "null",
    "[]",
    "{}",
    "ROWS: ",
    "COLUMNS: ",
    "BLOCKS:\n",
    "\"path\": [",
    "\"open_from\": ",
    "\"until\": ",
    "\"remaining\": [",
    "\"subproblems\": [",
    "\"cages\":[{\"cells\":[",
    "\"relations\":[{\"a\":0,\"b\":1,\"kind\":\"",
    "\"symbols\":",
    "\"unused\":[",
    "\"solution\":[",
    "\u{feff}",
    "\u{85}",
    "é",
    "\u{fffd}",
];

#[test]
fn regressions_still_pass() {
    for (target, check) in checks::TARGETS {
        for (path, data) in files(&fuzz_dir().join("regressions").join(target)) {
            run(target, check, &data, &format!("regression {}", path.display()));
        }
    }
}

#[test]
fn dlx_text() {
    fuzz("dlx_text", &["dlx"]);
}

/// Checkpoints are read strictly and their coverage checked exactly, so that most edits are
/// refused: mutations make at most two, of which enough reach the resumed search.
#[test]
fn checkpoint() {
    fuzz_edits("checkpoint", &[], 2);
}

#[test]
fn sudoku_text() {
    fuzz("sudoku_text", &["puzzles"]);
}

#[test]
fn sudoku_variant() {
    fuzz("sudoku_variant", &[]);
}

/// Strict JSON: most edits make a line that is no model, so mutations make one edit, most of
/// which still reach the model's checks.
#[test]
fn sudoku_model() {
    fuzz_edits("sudoku_model", &[], 1);
}

/// The comparison behind the round-trip checks can fail: problems that differ in a colour,
/// in which items are primary, or in an option's items are told apart.
#[test]
fn same_problem_tells_problems_apart() {
    let problem = |text: &str| dancer::parse(text).expect("a valid problem").problem;
    let base = problem("a b | x\na x:1\nb\n");
    assert!(checks::dlx::same_problem(&base, &problem("a b | x\na x:1\nb\n")));
    for other in ["a b | x\na x:2\nb\n", "a | b x\na x:1\nb\n", "a b | x\na x:1\nb x\n"] {
        assert!(!checks::dlx::same_problem(&base, &problem(other)), "{other}");
    }
}

/// Seeds of `target` (and the files of `data/` subdirectories `data`), then random inputs.
/// Seeds named `bad-*` must be refused, the others accepted, so that a check that stops
/// reaching its deeper half fails here; and some of the mutations must be accepted too.
fn fuzz(target: &str, data: &[&str]) {
    fuzz_edits(target, data, 8);
}

/// [`fuzz`], with mutations of 1 to `edits` edits.
fn fuzz_edits(target: &str, data: &[&str], edits: usize) {
    let (_, check) = checks::TARGETS.into_iter().find(|(name, _)| *name == target).unwrap();
    let mut seeds: Vec<Vec<u8>> = Vec::new();
    for (path, seed) in files(&fuzz_dir().join("seeds").join(target)) {
        let bad = path.file_name().is_some_and(|name| name.to_string_lossy().starts_with("bad-"));
        let accepted = run(target, check, &seed, &format!("seed {}", path.display()));
        assert_eq!(accepted, !bad, "{target}: seed {} accepted: {accepted}", path.display());
        seeds.push(seed);
    }
    for dir in data.iter().map(|d| workspace().join("data").join(d)) {
        for (path, seed) in files(&dir) {
            assert!(run(target, check, &seed, &format!("data file {}", path.display())));
            seeds.push(seed);
        }
    }
    seeds.extend(files(&fuzz_dir().join("regressions").join(target)).into_iter().map(|f| f.1));
    assert!(!seeds.is_empty(), "no seeds for {target}");
    let cases = env_number("DANCER_FUZZ_CASES").unwrap_or(CASES);
    let mut random = SplitMix(env_number("DANCER_FUZZ_SEED").unwrap_or(0x00da_0ce5));
    let mut accepted = 0;
    for case in 0..cases {
        let input = if random.below(4) == 0 {
            random_bytes(&mut random)
        } else {
            mutate(&mut random, &seeds, edits)
        };
        accepted += u64::from(run(target, check, &input, &format!("case {case}")));
    }
    eprintln!("{target}: {cases} random inputs, {accepted} accepted");
    assert!(cases < 1000 || accepted * 100 >= cases, "{target}: under 1% of inputs accepted");
}

/// Runs one input, telling whether it was accepted; on a panic, keeps the input in a file
/// and fails naming it.
fn run(target: &str, check: checks::Check, data: &[u8], what: &str) -> bool {
    let outcome = catch_unwind(AssertUnwindSafe(|| check(data)));
    if let Ok(accepted) = outcome {
        accepted
    } else {
        let kept = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("fuzz-{target}-failure"));
        fs::write(&kept, data).expect("the scratch directory is writable");
        panic!(
            "{target}: {what} fails (above); the input is in {} (copy it to \
             crates/fuzz/regressions/{target}/ once fixed): {:?}",
            kept.display(),
            data.escape_ascii().to_string()
        );
    }
}

fn fuzz_dir() -> PathBuf {
    workspace().join("crates/fuzz")
}

/// The files of `dir` (none when it does not exist), in name order.
fn files(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let Ok(entries) = fs::read_dir(dir) else { return Vec::new() };
    let mut paths: Vec<PathBuf> =
        entries.map(|e| e.expect("a readable directory").path()).collect();
    paths.retain(|path| path.is_file());
    paths.sort();
    paths
        .into_iter()
        .map(|path| (path.clone(), fs::read(&path).expect("a readable file")))
        .collect()
}

fn env_number(name: &str) -> Option<u64> {
    let value = std::env::var(name).ok()?;
    Some(value.parse().unwrap_or_else(|_| panic!("{name}={value} is not a number")))
}

/// Up to 256 bytes, mostly from the formats' alphabet.
fn random_bytes(random: &mut SplitMix) -> Vec<u8> {
    let length = random.below(257);
    (0..length).map(|_| random.byte()).collect()
}

/// A seed with 1 to `edits` random edits: bytes changed, inserted or deleted, ranges repeated
/// or cut, pieces of another seed or whole tokens spliced in.
fn mutate(random: &mut SplitMix, seeds: &[Vec<u8>], edits: usize) -> Vec<u8> {
    let mut data = seeds[random.below(seeds.len())].clone();
    for _ in 0..=random.below(edits) {
        let at = random.below(data.len() + 1);
        let end = (at + random.below(64)).min(data.len());
        match random.below(7) {
            0 if at < data.len() => data[at] = random.byte(),
            1 => data.insert(at, random.byte()),
            2 => drop(data.drain(at..end)),
            3 => {
                let copy = data[at..end].to_vec();
                data.splice(at..at, copy);
            }
            4 => data.truncate(at),
            5 => {
                let token = TOKENS[random.below(TOKENS.len())].bytes();
                data.splice(at..end.min(at + random.below(4)), token);
            }
            _ => {
                let other = &seeds[random.below(seeds.len())];
                let from = random.below(other.len() + 1);
                let piece = &other[from..(from + random.below(128)).min(other.len())];
                data.splice(at..at, piece.iter().copied());
            }
        }
    }
    data
}

/// Steele, Lea and Flood's `SplitMix64`: a fast, well-mixed generator with a 64-bit seed, enough
/// for drawing test inputs (and no dependency to pin).
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number below `bound` (at least 1); the modulo bias is irrelevant here.
    fn below(&mut self, bound: usize) -> usize {
        (self.next() % bound.max(1) as u64) as usize
    }

    /// A byte of the alphabet three times in four, else any byte.
    fn byte(&mut self) -> u8 {
        if self.below(4) == 0 {
            self.next() as u8
        } else {
            ALPHABET[self.below(ALPHABET.len())]
        }
    }
}
