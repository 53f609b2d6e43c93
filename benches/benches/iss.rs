//! Issue 35's table: `sudoku solve --unique` (the propagating search) against sigh's
//! Interactive Sudoku Solver (ISS) on ISS's own hard collections, proof of uniqueness, one
//! thread, CPU time of each whole process (user plus system, `getrusage` of the children).
//!
//! ISS runs under node from a clone of its repository outside this one (never committed):
//! `$DANCER_ISS`, by default `../peers/Interactive-Sudoku-Solver` beside the workspace. Without
//! node or the clone the bench says so and stops. Each collection is written out first as one
//! ISS line a puzzle (`target/iss/NAME.txt`) by ISS's own `materializePuzzles`, so that both
//! solvers read the same puzzles; ISS is timed on `node tools/perf/benchmark_puzzles.js
//! --max-backtracks none --puzzles NAME`, ours on `sudoku solve --unique --json --jobs 1
//! --time-limit 60 target/iss/NAME.txt`.
//!
//! ```sh
//! git clone https://github.com/sigh/Interactive-Sudoku-Solver ../peers/Interactive-Sudoku-Solver
//! cargo build --release -p dancer-cli
//! cargo bench -p dancer-benches --bench iss [-- --pairs N] [-- NAME...]
//! ```
//!
//! A collection takes ISS from a second to minutes (`LITTLE_KILLER_SNIPES`), so the default is
//! one pair per row (ours, then ISS); `--pairs N` alternates N pairs and prints the median of
//! their ratios. The `won` column counts pairs where ours took less CPU time. Puzzles that
//! stopped at the time limit are counted in the `ours` column: their ratio is a lower bound.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use dancer_benches::pairs::median;
use dancer_benches::process::cpu;
use nix::sys::resource::{getrusage, UsageWho};

/// The collections issue 35 names, in its order.
const COLLECTIONS: [&str; 8] = [
    "HARD_THERMOS",
    "EXTREME_KILLERS",
    "HARD_RENBAN",
    "TAREK_ALL",
    "HS_KILLERS",
    "MATHEMAGIC_KILLERS",
    "HARD_PENCILMARKS",
    "LITTLE_KILLER_SNIPES",
];

/// The workspace's root, where `target/release` holds our binaries.
const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");

/// Writes one collection's puzzles, an ISS line each, with ISS's own loader.
const DUMP: &str = "
import { resolvePuzzles, materializePuzzles } from './tools/lib/solver_analysis.js';
const puzzles = await materializePuzzles(await resolvePuzzles([process.argv[1]]));
for (const p of puzzles) console.log(p.input.replace(/\\s+/g, ''));
";

fn main() {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| a != "--bench").collect();
    let pairs = args
        .iter()
        .position(|a| a == "--pairs")
        .and_then(|i| args.get(i + 1))
        .map_or(1, |n| n.parse::<usize>().expect("--pairs N").max(1));
    let wanted: Vec<&String> =
        args.iter().filter(|a| !a.starts_with('-') && a.parse::<usize>().is_err()).collect();
    let names: Vec<&str> = COLLECTIONS
        .into_iter()
        .filter(|name| wanted.is_empty() || wanted.iter().any(|w| w == name))
        .collect();
    let iss = std::env::var_os("DANCER_ISS")
        .map_or_else(|| Path::new(ROOT).join("../peers/Interactive-Sudoku-Solver"), PathBuf::from);
    let sudoku = Path::new(ROOT).join("target/release/sudoku");
    let node = Command::new("node").arg("--version").output();
    if node.is_err() || !iss.join("tools/perf/benchmark_puzzles.js").is_file() {
        println!("skipped: needs node and a clone of ISS at {} ($DANCER_ISS)", iss.display());
        return;
    }
    assert!(sudoku.is_file(), "build first: cargo build --release -p dancer-cli");
    let out = Path::new(ROOT).join("target/iss");
    std::fs::create_dir_all(&out).expect("target/iss");
    println!(
        "{:<22} {:>7} {:>5} {:>11} {:>11} {:>8} {:>7}  ours",
        "collection", "puzzles", "pairs", "dancer", "ISS", "ratio", "won"
    );
    for name in names {
        let file = out.join(format!("{name}.txt"));
        let puzzles = dump(&iss, name, &file);
        let ours = |record: bool| {
            let args = ["solve", "--unique", "--json", "--jobs", "1", "--time-limit", "60"];
            let mut command = Command::new(&sudoku);
            command.args(args).arg(&file).stderr(Stdio::null());
            timed(command, record)
        };
        let theirs = || {
            let mut command = Command::new("node");
            command.current_dir(&iss).args(["tools/perf/benchmark_puzzles.js"]);
            command.args(["--max-backtracks", "none", "--puzzles", name]).stderr(Stdio::null());
            timed(command, false).0
        };
        let (mut a, mut b) = (Vec::new(), Vec::new());
        let mut statuses = String::new();
        for pair in 0..pairs {
            if pair % 2 == 0 {
                let (time, text) = ours(pair == 0);
                a.push(time);
                statuses = text.unwrap_or(statuses);
                b.push(theirs());
            } else {
                b.push(theirs());
                a.push(ours(false).0);
            }
        }
        let mut ratios: Vec<f64> = a.iter().zip(&b).map(|(o, t)| o / t.max(1e-9)).collect();
        let won = ratios.iter().filter(|&&r| r < 1.0).count();
        println!(
            "{:<22} {:>7} {:>5} {:>10.2}s {:>10.2}s {:>8.3} {:>3}/{:<3}  {}",
            name,
            puzzles,
            pairs,
            median(&mut a),
            median(&mut b),
            median(&mut ratios),
            won,
            pairs,
            statuses
        );
    }
}

/// Writes collection `name` to `file` with ISS's loader; its number of puzzles.
fn dump(iss: &Path, name: &str, file: &Path) -> usize {
    let output = Command::new("node")
        .current_dir(iss)
        .args(["--input-type=module", "-e", DUMP, name])
        .output()
        .expect("node runs");
    assert!(output.status.success(), "{name}: {}", String::from_utf8_lossy(&output.stderr));
    std::fs::write(file, &output.stdout).expect("target/iss is writable");
    String::from_utf8_lossy(&output.stdout).lines().count()
}

/// Runs `command` once: its CPU time, and (when `record`) how many puzzles ended in each
/// status, read from our JSON lines.
fn timed(mut command: Command, record: bool) -> (f64, Option<String>) {
    let before = cpu(&getrusage(UsageWho::RUSAGE_CHILDREN).expect("getrusage"));
    let output = command.output().expect("the program runs");
    let after = cpu(&getrusage(UsageWho::RUSAGE_CHILDREN).expect("getrusage"));
    // Ours exits 3 when a puzzle stopped at the time limit; that is a row, not a failure.
    assert!(matches!(output.status.code(), Some(0 | 1 | 3)), "{command:?}: {}", output.status);
    let text = record.then(|| statuses(&String::from_utf8_lossy(&output.stdout)));
    (after - before, text)
}

/// "unique 9" or "unique 11, timeout 3": our JSON lines' statuses, counted.
fn statuses(json_lines: &str) -> String {
    let mut counts: Vec<(String, usize)> = Vec::new();
    for line in json_lines.lines() {
        let Some(rest) = line.split("\"status\":\"").nth(1) else { continue };
        let status = rest.split('"').next().unwrap_or_default().to_owned();
        match counts.iter_mut().find(|(s, _)| *s == status) {
            Some((_, n)) => *n += 1,
            None => counts.push((status, 1)),
        }
    }
    counts.iter().map(|(s, n)| format!("{s} {n}")).collect::<Vec<_>>().join(", ")
}
