//! The 9×9 rows of issue 25's table: `dancer-sudoku`'s `PuzzleSolver` against the crates.io
//! `sudoku` 0.8 crate (in this process) and tdoku (its solver in our small driver,
//! `benches/peers/tdoku_driver.cc`, as a process that times its own solving), on the first
//! [`SAMPLE`] puzzles of tdoku's 17-clue, magictour top1465 and forum-hardest sets, first
//! solution and unique solution, one thread.
//!
//! Each side's time is the CPU time of solving the whole sample, parsing excluded: our thread's
//! and the crate's in this process, and what the driver measures around its own loop. With
//! `--instructions`, callgrind counts the solving alone (`--toggle-collect` on each side's
//! `solve_all`: `benches/examples/nine.rs` for ours and the crate's, the driver for tdoku),
//! shown per puzzle. Valgrind cannot run AVX-512 code, so tdoku's count comes from a second
//! build of the driver for AVX2, `tdoku_driver_valgrind`, when it is there.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use dancer_benches::pairs::alternate;
use dancer_sudoku::{Grid, PuzzleSolver, Rules, Variant, Verdict};
use nix::time::{clock_gettime, ClockId};
use sudoku::Sudoku;

use super::{Times, BUDGET, ROOT};

/// Puzzles from the top of each set.
const SAMPLE: usize = 1000;

/// Row label and file of each set, in `../shared/data/puzzles`.
const SETS: [(&str, &str); 3] = [
    ("17-clue", "tdoku_17_clue.txt"),
    ("top1465", "tdoku_magictour_top1465.txt"),
    ("forum hardest", "tdoku_forum_hardest_1905_11plus.txt"),
];

/// One 9×9 row, timed: the label, the peer, both sides' times and, when asked, callgrind's
/// instructions per puzzle of each.
pub(super) struct Measured {
    pub(super) what: String,
    pub(super) peer: &'static str,
    pub(super) ours: Times,
    pub(super) theirs: Times,
    pub(super) instructions: Option<(Option<u64>, Option<u64>)>,
}

/// Measures every 9×9 row whose label matches `wanted`, in the table's order; a missing set
/// or tdoku driver skips its rows with a note.
pub(super) fn rows(wanted: &dyn Fn(&str) -> bool, instructions: bool) -> Vec<Measured> {
    let root = Path::new(ROOT);
    let peers =
        std::env::var_os("DANCER_PEERS").map_or_else(|| root.join("../peers/build"), PathBuf::from);
    let tdoku = peers.join("tdoku_driver");
    let tdoku_avx2 = peers.join("tdoku_driver_valgrind");
    if !tdoku.exists() {
        eprintln!("note: {} not found: the tdoku rows are skipped", tdoku.display());
    }
    let examples = root.join("target/release/examples/nine");
    if instructions && !examples.exists() {
        eprintln!("note: build benches/examples/nine.rs for the 9x9 instruction counts");
    }
    let rules = Rules::from_variant(Variant::standard(9).expect("9x9"));
    let mut solver = rules.solver();
    let mut measured = Vec::new();
    for (name, file) in SETS {
        let path = root.join("../shared/data/puzzles").join(file);
        let Ok(text) = std::fs::read_to_string(&path) else {
            eprintln!("note: {} not found: its 9x9 rows are skipped", path.display());
            continue;
        };
        let lines: Vec<&str> = text.lines().filter(|l| !l.is_empty()).take(SAMPLE).collect();
        let ours: Vec<Grid> = lines
            .iter()
            .map(|line| dancer_sudoku::parse_puzzle(line).expect("a 9x9 line").grid)
            .collect();
        let theirs: Vec<Sudoku> =
            lines.iter().map(|line| Sudoku::from_str_line(line).expect("a 9x9 line")).collect();
        for unique in [false, true] {
            let mode = if unique { "unique" } else { "first" };
            let what = format!("9x9 {mode} {name} ({SAMPLE})");
            let callgrind = |args: &[&str], program: &Path| {
                instructions.then(|| per_puzzle(program, args, ours.len())).flatten()
            };
            let file = path.to_str().expect("utf-8");
            let sample = SAMPLE.to_string();
            let args = [mode, file, sample.as_str()];
            let our_instructions = || callgrind(&[&["dancer"], &args[..]].concat(), &examples);
            if wanted(&format!("{what} sudoku 0.8")) {
                check(&mut solver, &ours, &theirs, unique);
                let (a, b) = pairs(
                    || solve_ours(&mut solver, &ours, unique),
                    || solve_theirs(&theirs, unique),
                );
                let counted = instructions.then(|| {
                    (our_instructions(), callgrind(&[&["sudoku"], &args[..]].concat(), &examples))
                });
                measured.push(Measured {
                    what: what.clone(),
                    peer: "sudoku 0.8",
                    ours: a,
                    theirs: b,
                    instructions: counted,
                });
            }
            if tdoku.exists() && wanted(&format!("{what} tdoku")) {
                let (a, b) = pairs(
                    || solve_ours(&mut solver, &ours, unique),
                    || tdoku_seconds(&tdoku, &args, ours.len()),
                );
                let counted = instructions
                    .then(|| (our_instructions(), callgrind(&args, &tdoku_avx2)))
                    .filter(|_| tdoku_avx2.exists());
                measured.push(Measured {
                    what,
                    peer: "tdoku",
                    ours: a,
                    theirs: b,
                    instructions: counted,
                });
            }
        }
    }
    measured
}

/// Both sides in alternating pairs, each returning its CPU seconds.
fn pairs(mut ours: impl FnMut() -> f64, mut theirs: impl FnMut() -> f64) -> (Times, Times) {
    let (mut a, mut b) = (Times { cpu: vec![], wall: vec![] }, Times { cpu: vec![], wall: vec![] });
    // Warm the caches (and page in the driver) first.
    ours();
    theirs();
    let (wall_a, wall_b) = alternate(BUDGET, || a.cpu.push(ours()), || b.cpu.push(theirs()));
    (a.wall, b.wall) = (wall_a, wall_b);
    (a, b)
}

/// This thread's CPU time in seconds, to the nanosecond (`getrusage`'s thread time moves in
/// whole ticks here, coarser than a 17-clue sample's 2 ms).
fn thread_cpu() -> f64 {
    let now = clock_gettime(ClockId::CLOCK_THREAD_CPUTIME_ID).expect("a thread CPU clock");
    now.tv_sec() as f64 + now.tv_nsec() as f64 * 1e-9
}

fn solve_ours(solver: &mut PuzzleSolver<'_>, grids: &[Grid], unique: bool) -> f64 {
    let before = thread_cpu();
    for grid in grids {
        black_box(
            if unique { solver.solve_unique(grid) } else { solver.solve(grid) }.expect("a 9×9"),
        );
    }
    thread_cpu() - before
}

fn solve_theirs(puzzles: &[Sudoku], unique: bool) -> f64 {
    let before = thread_cpu();
    for puzzle in puzzles {
        if unique {
            black_box(puzzle.solution());
        } else {
            black_box(puzzle.some_solution());
        }
    }
    thread_cpu() - before
}

/// Both sides solve the sample alike, or the row would compare different work.
fn check(solver: &mut PuzzleSolver<'_>, grids: &[Grid], puzzles: &[Sudoku], unique: bool) {
    for (grid, puzzle) in grids.iter().zip(puzzles) {
        let ours = match if unique { solver.solve_unique(grid) } else { solver.solve(grid) }
            .expect("a 9×9")
            .verdict
        {
            Verdict::Solved(found) | Verdict::Unique(found) => Some(found.cells().to_vec()),
            _ => None,
        };
        let theirs = if unique { puzzle.solution() } else { puzzle.some_solution() };
        assert_eq!(ours, theirs.map(|s| s.to_bytes().to_vec()), "{grid}");
    }
}

/// The solving time tdoku's driver reports for `args` (after checking that it solved all
/// `count` puzzles).
fn tdoku_seconds(driver: &Path, args: &[&str], count: usize) -> f64 {
    let out = Command::new(driver).args(args).stderr(Stdio::null()).output().expect("tdoku runs");
    let text = String::from_utf8_lossy(&out.stdout);
    let field = |name: &str| {
        let mut words = text.split_whitespace();
        words.find(|&w| w == name).and(words.next()).map(str::to_owned)
    };
    assert_eq!(field("solved"), Some(count.to_string()), "tdoku: {text}");
    field("cpu").and_then(|s| s.parse().ok()).expect("tdoku prints its CPU time")
}

/// Callgrind's instructions per puzzle in `solve_all` of `program args`.
fn per_puzzle(program: &Path, args: &[&str], count: usize) -> Option<u64> {
    let out = Command::new("valgrind")
        .args([
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            "--collect-atstart=no",
            "--toggle-collect=*solve_all*",
        ])
        .arg(program)
        .args(args)
        .stdout(Stdio::null())
        .output()
        .ok()?;
    let text = String::from_utf8_lossy(&out.stderr);
    let line = text.lines().find(|line| line.contains("Collected :"))?;
    let total: u64 = line.rsplit(':').next()?.trim().replace(',', "").parse().ok()?;
    Some(total / count as u64)
}
