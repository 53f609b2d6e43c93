//! Issue 25's table: `dancer` against every peer on the same inputs, in alternating pairs, as
//! ratios of CPU time (ours / theirs: below 1, `dancer` is faster).
//!
//! - Knuth's DLX1, DLX2 and SSXCC as processes against `dlx --count --no-memo --jobs 1`, each
//!   whole process (reading the file included), CPU time from `getrusage` of the children;
//! - the crates.io `dlx` 0.8.5 crate in-process against `Solver::count`, thread CPU time;
//! - 9×9 sudoku, first and unique solutions of three tdoku sets, against the `sudoku` 0.8
//!   crate in-process and tdoku through a small driver of ours (`peers/nine.rs`);
//! - start-up: `dlx --count` of 8 queens and `sudoku solve` of one puzzle against the peer
//!   crates' own commands (`benches/examples/peer_dlx.rs`, `peer_sudoku.rs`), CPU and wall
//!   time, and each program's peak RSS; and the floor of a command on the required crates
//!   (`floor_sudoku.rs`: the peer's solver with mimalloc and clap) against the same peer.
//!
//! Build first, then run (docs/PERFORMANCE.md says how to build Knuth's programs, outside the
//! repository; the directory is `$DANCER_PEERS`, by default `../peers/build` beside the
//! workspace; a missing program skips its rows with a note):
//!
//! ```sh
//! cargo build --release -p dancer-cli && cargo build --release -p dancer-benches --examples
//! cargo bench -p dancer-benches --bench peers [-- FILTER...]
//! ```
//!
//! `--instructions` adds callgrind's instruction count of one run of each process (slow:
//! minutes for the large rows; use a filter). The inputs are written to `target/peers/`.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use dancer_benches::cases::{prepare, Case, CASES, PEER_CASES};
use dancer_benches::pairs::{alternate, median};
use dancer_benches::peer_text;
use dancer_benches::process::{cpu, rss_mode, Cmd};
use nix::sys::resource::{getrusage, UsageWho};

// The 9×9 rows (in a folder of their own: a target's root looks for modules beside itself).
#[path = "peers/nine.rs"]
mod nine;

/// Time to spend on one row once the fewest pairs are done.
const BUDGET: Duration = Duration::from_secs(15);

/// The workspace's root, where `target/release` holds our binaries.
const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");

/// What a row compares: two processes, or the two engines in this process.
enum Pair {
    Processes { ours: Cmd, theirs: Cmd },
    InProcess(Case),
}

struct Row {
    what: String,
    peer: &'static str,
    pair: Pair,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--rss") {
        return rss_mode(&args[1..]);
    }
    let filters: Vec<&String> = args.iter().filter(|a| !a.starts_with('-')).collect();
    let instructions = args.iter().any(|a| a == "--instructions");
    let rows = rows();
    println!(
        "{:<34} {:<10} {:>5} {:>11} {:>11} {:>8} {:>7} {:>14} {:>14}",
        "row", "peer", "pairs", "dancer", "peer", "ratio", "won", "instr dancer", "instr peer"
    );
    let wanted =
        |label: &str| filters.is_empty() || filters.iter().any(|f| label.contains(f.as_str()));
    for measured in nine::rows(&wanted, instructions) {
        print_row(
            &measured.what,
            measured.peer,
            measured.ours,
            measured.theirs,
            measured.instructions,
            "K",
        );
    }
    for row in rows {
        let label = format!("{} {}", row.what, row.peer);
        if !wanted(&label) {
            continue;
        }
        let (ours, theirs, instr) = match &row.pair {
            Pair::Processes { ours, theirs } => {
                let (ours_times, theirs_times) = process_pairs(ours, theirs);
                let instr = instructions.then(|| (ours.instructions(), theirs.instructions()));
                (ours_times, theirs_times, instr)
            }
            Pair::InProcess(case) => {
                let (a, b) = in_process_pairs(case);
                (a, b, None)
            }
        };
        print_row(&row.what, row.peer, ours, theirs, instr, "M");
        if let Pair::Processes { ours, theirs } = &row.pair {
            if row.what.starts_with("start-up") {
                println!(
                    "{:<34} {:<10} peak RSS: dancer {} KiB, peer {} KiB",
                    row.what,
                    row.peer,
                    ours.peak_rss(),
                    theirs.peak_rss()
                );
            }
        }
    }
}

/// Times in seconds, pair by pair: CPU time, and wall time for the start-up rows.
struct Times {
    cpu: Vec<f64>,
    wall: Vec<f64>,
}

fn process_pairs(ours: &Cmd, theirs: &Cmd) -> (Times, Times) {
    let (mut a, mut b) = (Times { cpu: vec![], wall: vec![] }, Times { cpu: vec![], wall: vec![] });
    // Warm the page cache and the binaries before timing.
    ours.run();
    theirs.run();
    let (ours_runs, theirs_runs) =
        alternate(BUDGET, || record(&mut a, ours), || record(&mut b, theirs));
    debug_assert_eq!(ours_runs.len(), theirs_runs.len());
    (a, b)
}

fn record(times: &mut Times, cmd: &Cmd) {
    let (cpu, wall) = cmd.run();
    times.cpu.push(cpu);
    times.wall.push(wall);
}

/// Our engine and the `dlx` crate counting in this process, thread CPU time of each count.
fn in_process_pairs(case: &Case) -> (Times, Times) {
    let (problem, _, mut peer) = prepare(case);
    let mut solver = problem.solver();
    assert_eq!(solver.count(), case.solutions, "{}: dancer's count", case.name);
    assert_eq!(peer.count(), case.solutions, "{}: dlx's count", case.name);
    let thread_cpu = || cpu(&getrusage(UsageWho::RUSAGE_THREAD).expect("getrusage"));
    let (mut a, mut b) = (Times { cpu: vec![], wall: vec![] }, Times { cpu: vec![], wall: vec![] });
    alternate(
        BUDGET,
        || {
            let (before, start) = (thread_cpu(), Instant::now());
            black_box(solver.count());
            a.cpu.push(thread_cpu() - before);
            a.wall.push(start.elapsed().as_secs_f64());
        },
        || {
            let (before, start) = (thread_cpu(), Instant::now());
            black_box(peer.count());
            b.cpu.push(thread_cpu() - before);
            b.wall.push(start.elapsed().as_secs_f64());
        },
    );
    (a, b)
}

/// Prints a row; instruction counts in millions (`unit` "M": a whole run) or thousands ("K":
/// per puzzle, the 9×9 rows).
fn print_row(
    what: &str,
    peer: &str,
    mut ours: Times,
    mut theirs: Times,
    instr: Option<(Option<u64>, Option<u64>)>,
    unit: &str,
) {
    // Start-up rows last about a millisecond: the CPU clock's resolution is too coarse there,
    // so their ratio is of wall times (the machine's load then counts; many pairs).
    let startup = what.starts_with("start-up");
    let (a, b) =
        if startup { (&mut ours.wall, &mut theirs.wall) } else { (&mut ours.cpu, &mut theirs.cpu) };
    let mut ratios: Vec<f64> = a.iter().zip(b.iter()).map(|(o, t)| o / t.max(1e-9)).collect();
    let won = ratios.iter().filter(|&&r| r < 1.0).count();
    let pairs = ratios.len();
    let scale = if unit == "K" { 1e3 } else { 1e6 };
    let format_instr = |n: Option<u64>| {
        n.map_or_else(|| "-".to_owned(), |n| format!("{:.1} {unit}", n as f64 / scale))
    };
    let (ia, ib) =
        instr.map_or((String::new(), String::new()), |(a, b)| (format_instr(a), format_instr(b)));
    println!(
        "{:<34} {:<10} {:>5} {:>9.2}ms {:>9.2}ms {:>8.3} {:>3}/{:<3} {:>14} {:>14}",
        what,
        peer,
        pairs,
        median(a) * 1e3,
        median(b) * 1e3,
        median(&mut ratios),
        won,
        pairs,
        ia,
        ib
    );
}

/// Every row whose programs exist, in the table's order; the inputs written on the way.
fn rows() -> Vec<Row> {
    let root = Path::new(ROOT);
    let inputs = root.join("target/peers");
    std::fs::create_dir_all(&inputs).expect("target/peers");
    let peers =
        std::env::var_os("DANCER_PEERS").map_or_else(|| root.join("../peers/build"), PathBuf::from);
    let release = root.join("target/release");
    let dlx = release.join("dlx");
    let sudoku = release.join("sudoku");
    for program in [&dlx, &sudoku] {
        assert!(
            program.exists(),
            "{}: build it first (cargo build --release -p dancer-cli)",
            program.display()
        );
    }
    let knuth = |name: &str| {
        let program = peers.join(name);
        if !program.exists() {
            eprintln!("note: {} not found: its rows are skipped", program.display());
        }
        program.exists().then_some(program)
    };
    let (dlx1, dlx2, ssxcc) = (knuth("dlx1"), knuth("dlx2"), knuth("ssxcc"));
    let write = |name: &str, case: &Case| {
        let (_, text, _) = prepare(case);
        let file = inputs.join(format!("{name}.dlx"));
        std::fs::write(&file, text).expect("target/peers");
        file
    };
    let ours = |file: &Path| {
        Cmd::new(
            dlx.clone(),
            &["--count", "--no-memo", "--jobs", "1", file.to_str().expect("utf-8")],
            None,
        )
    };
    let mut rows = Vec::new();
    let knuth_rows = |rows: &mut Vec<Row>,
                      what: &str,
                      file: &Path,
                      peers: &[(&'static str, &Option<PathBuf>)]| {
        for &(peer, program) in peers {
            if let Some(program) = program {
                let theirs = Cmd::new(program.clone(), &[], Some(file));
                rows.push(Row {
                    what: what.to_owned(),
                    peer,
                    pair: Pair::Processes { ours: ours(file), theirs },
                });
            }
        }
    };
    let find =
        |name: &str| *CASES.iter().chain(&PEER_CASES).find(|c| c.name == name).expect("a case");
    let pent = write("pentominoes", &find("pentominoes_6x10_x_quarter"));
    knuth_rows(&mut rows, "pentominoes 6x10", &pent, &[("SSXCC", &ssxcc), ("DLX1", &dlx1)]);
    if let Some(file) = hard_16x16(&sudoku, &inputs) {
        knuth_rows(&mut rows, "hard 16x16 sudoku", &file, &[("SSXCC", &ssxcc), ("DLX1", &dlx1)]);
    }
    let sums = write("line_sums_7x7", &find("line_sums_7x7_2_colours"));
    knuth_rows(&mut rows, "line sums 7x7 (colours)", &sums, &[("SSXCC", &ssxcc), ("DLX2", &dlx2)]);
    let binary = write("binary_matrices_6_3", &find("binary_matrices_6_3"));
    knuth_rows(
        &mut rows,
        "binary matrices 6x6/3 (colours)",
        &binary,
        &[("SSXCC", &ssxcc), ("DLX2", &dlx2)],
    );
    for (name, what) in
        [("set_partitions_12", "set partitions 12"), ("intervals_5_30", "intervals 5 in 30")]
    {
        let case = find(name);
        rows.push(Row { what: what.to_owned(), peer: "dlx 0.8.5", pair: Pair::InProcess(case) });
        let file = write(name, &case);
        knuth_rows(&mut rows, what, &file, &[("SSXCC", &ssxcc), ("DLX1", &dlx1)]);
    }
    for (name, what) in [("queens_12", "queens 12"), ("langford_11", "Langford 11")] {
        let case = find(name);
        rows.push(Row { what: what.to_owned(), peer: "dlx 0.8.5", pair: Pair::InProcess(case) });
        let file = write(name, &case);
        knuth_rows(&mut rows, what, &file, &[("SSXCC", &ssxcc), ("DLX1", &dlx1)]);
        // A plain `dlx --count` (the memo probed, and found not to pay) against `--no-memo`.
        let f = file.to_str().expect("utf-8");
        rows.push(Row {
            what: format!("dlx --count (probe) {what}"),
            peer: "--no-memo",
            pair: Pair::Processes {
                ours: Cmd::new(dlx.clone(), &["--count", f], None),
                theirs: Cmd::new(dlx.clone(), &["--count", "--no-memo", f], None),
            },
        });
    }
    startup_rows(&mut rows, root, &inputs, &dlx, &sudoku);
    rows
}

/// Start-up: 8 queens and one 9×9 puzzle, our commands as a user types them against the peer
/// crates' commands (built by `cargo build --release -p dancer-benches --examples`).
fn startup_rows(rows: &mut Vec<Row>, root: &Path, inputs: &Path, dlx: &Path, sudoku: &Path) {
    let examples = root.join("target/release/examples");
    let (peer_dlx, peer_sudoku) = (examples.join("peer_dlx"), examples.join("peer_sudoku"));
    let floor = examples.join("floor_sudoku");
    if !peer_dlx.exists() || !peer_sudoku.exists() || !floor.exists() {
        eprintln!("note: build the peer commands for the start-up rows: cargo build --release -p dancer-benches --examples");
        return;
    }
    let queens = root.join("data/dlx/queens8.dlx");
    let problem =
        dancer::parse(&std::fs::read_to_string(&queens).expect("queens8.dlx")).expect("parses");
    let peer_queens = inputs.join("queens8.peer.dlx");
    std::fs::write(&peer_queens, peer_text(&problem.problem)).expect("target/peers");
    let puzzle = inputs.join("one_puzzle.txt");
    std::fs::write(&puzzle, format!("{ONE_PUZZLE}\n")).expect("target/peers");
    let q = queens.to_str().expect("utf-8");
    let p = puzzle.to_str().expect("utf-8");
    for (what, ours) in [
        ("start-up: dlx --count queens 8", Cmd::new(dlx.to_path_buf(), &["--count", q], None)),
        (
            "start-up: dlx --count -j1 queens 8",
            Cmd::new(dlx.to_path_buf(), &["--count", "--jobs", "1", q], None),
        ),
    ] {
        let theirs = Cmd::new(peer_dlx.clone(), &[peer_queens.to_str().expect("utf-8")], None);
        rows.push(Row {
            what: what.to_owned(),
            peer: "dlx crate",
            pair: Pair::Processes { ours, theirs },
        });
    }
    for (what, ours) in [
        ("start-up: sudoku solve, 1 puzzle", Cmd::new(sudoku.to_path_buf(), &["solve", p], None)),
        // Not ours: the peer's solver with mimalloc and clap, what any command on the required
        // crates starts with (`benches/examples/floor_sudoku.rs`).
        ("start-up: floor (clap + mimalloc)", Cmd::new(floor.clone(), &["solve", p], None)),
        (
            "start-up: sudoku solve -j1, 1 puzzle",
            Cmd::new(sudoku.to_path_buf(), &["solve", "--jobs", "1", p], None),
        ),
    ] {
        let theirs = Cmd::new(peer_sudoku.clone(), &[p], None);
        rows.push(Row {
            what: what.to_owned(),
            peer: "sudoku crate",
            pair: Pair::Processes { ours, theirs },
        });
    }
}

/// The first puzzle of tdoku's 17-clue set, so that the start-up rows need no shared data.
const ONE_PUZZLE: &str =
    ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...";

/// The hardest of the first 40 of krazydad's "ST" 16×16 puzzles for Algorithm X (28 278
/// SSXCC nodes), converted and encoded by our `sudoku` command; `None` without the shared data.
fn hard_16x16(sudoku: &Path, inputs: &Path) -> Option<PathBuf> {
    let set = Path::new(ROOT).join("../shared/data/variants/krazydad_16x16.txt");
    let Ok(text) = std::fs::read_to_string(&set) else {
        eprintln!("note: {} not found: the 16x16 rows are skipped", set.display());
        return None;
    };
    let line = text.lines().filter(|l| l.starts_with("ST ")).nth(HARD_16X16)?;
    let json = pipe(sudoku, &["convert", "--from", "krazydad-16x16", "-"], line.as_bytes())?;
    let file = inputs.join("hard_16x16.dlx");
    std::fs::write(&file, pipe(sudoku, &["encode", "-"], &json)?).ok()?;
    Some(file)
}

/// What `program args` writes given `input`.
fn pipe(program: &Path, args: &[&str], input: &[u8]) -> Option<Vec<u8>> {
    use std::io::Write;
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .ok()?;
    child.stdin.take()?.write_all(input).ok()?;
    let out = child.wait_with_output().ok()?;
    out.status.success().then_some(out.stdout)
}

/// Index among the "ST" lines of `krazydad_16x16.txt` of the puzzle `hard_16x16` takes.
const HARD_16X16: usize = 9;
