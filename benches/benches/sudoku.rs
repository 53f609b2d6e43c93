//! `dancer-sudoku` against the crates.io [`sudoku`] crate (0.8.0, a bitboard solver), side by
//! side in one run, single-threaded, on the same puzzles:
//!
//! - `solve_first_<set>` and `solve_unique_<set>`: a whole sample of a tdoku puzzle set, the
//!   first solution (ours `PuzzleSolver::solve`, theirs `some_solution`) and the unique one (ours
//!   `PuzzleSolver::solve_unique`, theirs `solution`);
//! - `fresh_dlx`: the naive exact-cover way, a new matrix per puzzle with the crates.io `dlx`
//!   crate (and, as a control, with our engine), against our reused template;
//! - `generate`: one unique 9×9 puzzle per iteration, ours against theirs: minimal without
//!   symmetry (both seeded alike), and with 180° symmetry (the peer's `Sudoku::generate()`).
//!
//! Run with `cargo bench -p dancer-benches --bench sudoku` (about two minutes on two cores);
//! results are recorded in `docs/PERFORMANCE.md`. The puzzle sets live outside the
//! repository (`../shared/data/puzzles` next to the workspace); a missing file skips its groups
//! with a note, so the bench still runs without them. Before a group is timed, both sides solve
//! every puzzle of the sample and the bench stops unless they agree, so a group can never
//! compare different work.

// `criterion_group!` defines an undocumented `pub fn benches`.
#![allow(missing_docs)]

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion, SamplingMode};
use criterion::{measurement::WallTime, Throughput};
use dancer_benches::{fresh_dancer_unique, fresh_dlx_unique};
use dancer_sudoku::generate::{rng_for, Options};
use dancer_sudoku::{Generator, Grid, PuzzleSolver, Rules, Symmetry, Variant, Verdict};
use sudoku::Sudoku;

/// The puzzle sets (tdoku's benchmark files), kept next to the workspace, not in it.
const PUZZLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data/puzzles");

/// One puzzle set and how much of it to time.
struct Set {
    /// The group name suffix.
    name: &'static str,
    /// The file in [`PUZZLES`], one 81-character line per puzzle.
    file: &'static str,
    /// How many puzzles from the top of the file make the sample.
    sample: usize,
}

const SETS: [Set; 3] = [
    // 49 158 puzzles with the fewest clues possible: long forced chains, little branching.
    Set { name: "17_clue", file: "tdoku_17_clue.txt", sample: 1000 },
    // Hard for human-style solvers; a few hundred search nodes each.
    Set { name: "magictour_top1465", file: "tdoku_magictour_top1465.txt", sample: 1000 },
    // The hardest known for logic (rating 11+); also the slowest for backtracking.
    Set {
        name: "forum_hardest_1905_11plus",
        file: "tdoku_forum_hardest_1905_11plus.txt",
        sample: 1000,
    },
];

/// Seed of the generator groups; puzzle `i` of a run uses `rng_for(SEED, i)` on both sides.
const SEED: u64 = 2026;

/// A sample, parsed once by each side's own parser (outside the timing).
struct Sample {
    ours: Vec<Grid>,
    theirs: Vec<Sudoku>,
}

/// The first `set.sample` puzzles of a set, or `None` (with a note) when its file is absent.
fn load(set: &Set) -> Option<Sample> {
    let path = format!("{PUZZLES}/{}", set.file);
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(error) => {
            eprintln!("note: skipping the {} groups: cannot read {path}: {error}", set.name);
            return None;
        }
    };
    let lines: Vec<&str> =
        text.lines().filter(|line| !line.trim().is_empty()).take(set.sample).collect();
    let ours = lines
        .iter()
        .map(|line| dancer_sudoku::parse_puzzle(line).expect("a tdoku line parses").grid)
        .collect();
    let theirs = lines
        .iter()
        .map(|line| Sudoku::from_str_line(line).expect("a tdoku line parses"))
        .collect();
    Some(Sample { ours, theirs })
}

/// The digits of a peer grid, row by row, to compare with [`Grid::cells`].
fn digits(sudoku: Sudoku) -> [u8; 81] {
    sudoku.to_bytes()
}

/// Runs `f` on every item, keeping each result opaque to the optimiser.
fn each<T, R>(items: &[T], mut f: impl FnMut(&T) -> R) {
    for item in items {
        black_box(f(item));
    }
}

/// Times `run` once over the whole sample, for sizing the measurement.
fn time_once(run: impl FnOnce()) -> Duration {
    let start = Instant::now();
    run();
    start.elapsed()
}

/// Sets a group to ten flat samples (the same number of passes in each) with windows sized
/// from one pass, as the engine bench does: whole-sample passes take 10 ms to a second, and
/// this keeps every group to seconds.
fn size_group(group: &mut BenchmarkGroup<'_, WallTime>, once: Duration, puzzles: usize) {
    group
        .sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .throughput(Throughput::Elements(puzzles as u64))
        .warm_up_time(once.clamp(Duration::from_millis(300), Duration::from_secs(1)))
        .measurement_time((once * 15).clamp(Duration::from_secs(2), Duration::from_secs(15)));
}

/// Solves the sample both ways and stops the run unless both sides agree puzzle by puzzle:
/// the same first solution (every puzzle of these sets is unique, so the first is the only
/// one), and the same unique solution. Prints our engine's average counters, which explain
/// the times. Returns the slower side's time for one pass of each mode.
fn check(set: &Set, sample: &Sample, solver: &mut PuzzleSolver<'_>) -> (Duration, Duration) {
    let (mut nodes, mut updates, mut unique_nodes, mut unique_updates) = (0, 0, 0, 0);
    for (index, (grid, &sudoku)) in sample.ours.iter().zip(&sample.theirs).enumerate() {
        let report = solver.solve(grid).expect("a 9×9 grid");
        (nodes, updates) = (nodes + report.stats.nodes(), updates + report.stats.updates());
        let theirs = sudoku.some_solution().map(digits);
        match (&report.verdict, theirs) {
            (Verdict::Solved(ours), Some(theirs)) => {
                assert_eq!(ours.cells(), theirs, "{} #{index}: first solutions differ", set.name);
            }
            (Verdict::None, None) => {}
            (ours, theirs) => panic!("{} #{index}: ours {ours:?}, theirs {theirs:?}", set.name),
        }
        let report = solver.solve_unique(grid).expect("a 9×9 grid");
        unique_nodes += report.stats.nodes();
        unique_updates += report.stats.updates();
        let theirs = sudoku.solution().map(digits);
        match (&report.verdict, theirs) {
            (Verdict::Unique(ours), Some(theirs)) => {
                assert_eq!(ours.cells(), theirs, "{} #{index}: unique solutions differ", set.name);
            }
            (Verdict::Multiple(_) | Verdict::None, None) => {}
            (ours, theirs) => panic!("{} #{index}: ours {ours:?}, theirs {theirs:?}", set.name),
        }
    }
    let n = sample.ours.len() as f64;
    eprintln!(
        "{}: {} puzzles agree; dancer per puzzle: first {:.0} nodes, {:.0} updates; \
         unique {:.0} nodes, {:.0} updates",
        set.name,
        sample.ours.len(),
        nodes as f64 / n,
        updates as f64 / n,
        unique_nodes as f64 / n,
        unique_updates as f64 / n
    );
    let first = time_once(|| each(&sample.ours, |grid| solver.solve(grid)))
        .max(time_once(|| each(&sample.theirs, |s| s.some_solution())));
    let unique = time_once(|| each(&sample.ours, |grid| solver.solve_unique(grid)))
        .max(time_once(|| each(&sample.theirs, |s| s.solution())));
    (first, unique)
}

/// Per set, two groups: first solution and unique solution, ours against theirs, each timing
/// one pass over the whole sample (criterion's throughput line gives puzzles per second).
fn solve(c: &mut Criterion) {
    let rules = Rules::from_variant(Variant::standard(9).expect("9x9 is a variant"));
    // One solver for every puzzle: the template is built once, each puzzle only commits its
    // givens, searches and resets, which is how the library and the CLI solve batches.
    let mut solver = rules.solver();
    for set in &SETS {
        let Some(sample) = load(set) else { continue };
        let (first, unique) = check(set, &sample, &mut solver);
        let puzzles = sample.ours.len();

        let mut group = c.benchmark_group(format!("solve_first_{}", set.name));
        size_group(&mut group, first, puzzles);
        group.bench_function("dancer", |b| {
            b.iter(|| each(&sample.ours, |grid| solver.solve(grid)));
        });
        // `Sudoku` is `Copy`: each call works on its own copy of the parsed puzzle, as ours
        // works on the reset template.
        group.bench_function("sudoku", |b| {
            b.iter(|| each(&sample.theirs, |s| s.some_solution()));
        });
        group.finish();

        let mut group = c.benchmark_group(format!("solve_unique_{}", set.name));
        size_group(&mut group, unique, puzzles);
        group.bench_function("dancer", |b| {
            b.iter(|| each(&sample.ours, |grid| solver.solve_unique(grid)));
        });
        group.bench_function("sudoku", |b| {
            b.iter(|| each(&sample.theirs, |s| s.solution()));
        });
        group.finish();
    }
}

/// Puzzles of the 17-clue sample in the `fresh_dlx` group: building a matrix per puzzle costs
/// far more than solving on the template, so a smaller sample keeps the group short.
const FRESH_SAMPLE: usize = 200;

/// A new exact-cover matrix per puzzle, then a unique solve: with the crates.io `dlx` crate
/// (what a user of a general exact-cover crate writes), with our engine the same way (a
/// control: how much is the template and how much the engine), and ours on the reused template.
fn fresh_dlx(c: &mut Criterion) {
    let set = Set { sample: FRESH_SAMPLE, ..SETS[0] };
    let Some(sample) = load(&set) else { return };
    let rules = Rules::from_variant(Variant::standard(9).expect("9x9 is a variant"));
    let mut solver = rules.solver();
    for (index, grid) in sample.ours.iter().enumerate() {
        let Verdict::Unique(ours) = solver.solve_unique(grid).expect("a 9×9 grid").verdict else {
            panic!("17-clue #{index} is unique");
        };
        let peer = fresh_dlx_unique(grid.cells());
        assert!(peer.unique, "17-clue #{index}: dlx finds a second solution");
        assert_eq!(peer.solution.as_deref(), Some(ours.cells()), "17-clue #{index}: dlx differs");
        assert_eq!(fresh_dancer_unique(grid.cells()), peer, "17-clue #{index}: fresh dancer");
    }
    eprintln!("fresh_dlx: {} puzzles agree", sample.ours.len());
    let once = time_once(|| each(&sample.ours, |g| fresh_dlx_unique(g.cells())));

    let mut group = c.benchmark_group("fresh_dlx");
    size_group(&mut group, once, sample.ours.len());
    group.bench_function("dlx_fresh", |b| {
        b.iter(|| each(&sample.ours, |g| fresh_dlx_unique(g.cells())));
    });
    group.bench_function("dancer_fresh", |b| {
        b.iter(|| each(&sample.ours, |g| fresh_dancer_unique(g.cells())));
    });
    group.bench_function("dancer_template", |b| {
        b.iter(|| each(&sample.ours, |g| solver.solve_unique(g)));
    });
    group.finish();
}

/// Puzzles generated by each side in the setup check.
const GENERATE_CHECK: u64 = 20;

/// The peer's generator with our seeded random source and no symmetry: the same algorithm as
/// ours (a random full grid, then every cell tried once in random order, kept out when the
/// puzzle stays unique), so the result is minimal.
fn peer_generate_seeded(index: u64) -> Sudoku {
    use peer_rand_chacha::rand_core::SeedableRng;
    let mut rng = peer_rand_chacha::ChaCha8Rng::seed_from_u64(SEED);
    rng.set_stream(index);
    let solved = Sudoku::generate_solved_with_rng(&mut rng);
    Sudoku::generate_with_symmetry_and_rng_from(solved, sudoku::Symmetry::None, &mut rng)
}

/// Asserts that both solvers find `puzzle` unique with the same solution; returns the peer's
/// view of it.
fn check_generated(puzzle: &Grid, checker: &mut PuzzleSolver<'_>) -> Sudoku {
    let Verdict::Unique(ours) = checker.solve_unique(puzzle).expect("a 9×9 grid").verdict else {
        panic!("generated puzzle {puzzle} is not unique for dancer-sudoku");
    };
    let peer_view = Sudoku::from_bytes_slice(puzzle.cells()).expect("81 digits");
    let theirs = peer_view.solution().map(digits);
    assert_eq!(theirs.as_ref().map(|s| &s[..]), Some(ours.cells()), "generated {puzzle}");
    peer_view
}

/// Whether removing any single given of a peer puzzle loses uniqueness, by the peer's solver.
fn peer_minimal(puzzle: Sudoku) -> bool {
    let cells = puzzle.to_bytes();
    (0..81).filter(|&cell| cells[cell] != 0).all(|cell| {
        let mut fewer = cells;
        fewer[cell] = 0;
        !Sudoku::from_bytes(fewer).expect("81 digits").is_uniquely_solvable()
    })
}

/// One generated puzzle per iteration: ours minimal without symmetry, the peer the same way
/// (seeded alike), then each with 180° symmetry, which is what the peer's plain
/// `Sudoku::generate()` makes (with its thread-local random source).
fn generate(c: &mut Criterion) {
    let rules = Rules::from_variant(Variant::standard(9).expect("9x9 is a variant"));
    let mut generator = Generator::new(rules.template().expect("a variant's template"));
    let mut checker = rules.solver();
    let plain = Options::default();
    let rot180 = Options { symmetry: Symmetry::Rot180, ..Options::default() };

    // Each side's puzzles are checked with both solvers: unique, with the same solution, and
    // minimal (no given can go) when made without symmetry.
    let mut clues = [0usize; 4];
    for index in 0..GENERATE_CHECK {
        let made = generator.generate(&mut rng_for(SEED, index), &plain).expect("9x9 generates");
        let peer_view = check_generated(&made.puzzle, &mut checker);
        assert!(made.minimal && peer_minimal(peer_view), "ours #{index} is not minimal");
        clues[0] += made.clues;

        let theirs = peer_generate_seeded(index);
        let grid = Grid::from_cells(9, theirs.to_bytes().to_vec());
        check_generated(&grid, &mut checker);
        assert!(generator.is_minimal(&grid), "the peer's #{index} is not minimal");
        clues[1] += usize::from(theirs.n_clues());

        let made = generator.generate(&mut rng_for(SEED, index), &rot180).expect("9x9 generates");
        check_generated(&made.puzzle, &mut checker);
        clues[2] += made.clues;
        let theirs = Sudoku::generate();
        check_generated(&Grid::from_cells(9, theirs.to_bytes().to_vec()), &mut checker);
        clues[3] += usize::from(theirs.n_clues());
    }
    let average = clues.map(|total| total as f64 / GENERATE_CHECK as f64);
    eprintln!(
        "generate: {GENERATE_CHECK} puzzles each agree; average clues: dancer {:.1}, sudoku \
         {:.1} (no symmetry); dancer {:.1}, sudoku::generate {:.1} (180°)",
        average[0], average[1], average[2], average[3]
    );

    let mut group = c.benchmark_group("generate");
    // Generating takes 50 µs to a few hundred µs and varies with the puzzle: criterion's
    // linear ramp over 20 samples still averages thousands of puzzles.
    group
        .sample_size(20)
        .throughput(Throughput::Elements(1))
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    // Each iteration makes the next puzzle of the seeded run, so no puzzle is timed twice.
    let mut index = 0;
    group.bench_function("dancer_minimal", |b| {
        b.iter(|| {
            index += 1;
            black_box(generator.generate(&mut rng_for(SEED, index), &plain))
        });
    });
    let mut index = 0;
    group.bench_function("sudoku_minimal", |b| {
        b.iter(|| {
            index += 1;
            black_box(peer_generate_seeded(index))
        });
    });
    let mut index = 0;
    group.bench_function("dancer_rot180", |b| {
        b.iter(|| {
            index += 1;
            black_box(generator.generate(&mut rng_for(SEED, index), &rot180))
        });
    });
    group.bench_function("sudoku_generate", |b| b.iter(|| black_box(Sudoku::generate())));
    group.finish();
}

criterion_group!(benches, solve, fresh_dlx, generate);
criterion_main!(benches);
