//! Profiled searches against Knuth's own programs: solutions, nodes, updates, mems and the
//! profile (nodes per level) of each problem here are the figures that DLX1 (DLX2 for the
//! coloured ones) prints for the same input, never numbers this engine produced.
//!
//! How they were obtained: DLX1 and DLX2 built from Knuth's CWEB sources (`dlx1.w`, `dlx2.w`,
//! as in github.com/shreevatsa/knuth-literate-programs, `programs-orig/`) with `ctangle` and
//! `cc dlx1.c gb_flip.c` (random numbers of Knuth's Stanford `GraphBase`), then run as
//! `dlx1 v129 < FILE`: `v129` asks for the totals line, `Altogether 92 solutions, 10510+239467
//! mems, 16680 updates, 6464 bytes, 1049 nodes, ccost 5%.`, and the profile. Of `I+M mems`, I
//! is the input phase and M the search, which is what [`Stats::mems`] counts; DLX2 writes
//! `I+M-L mems`, where L is the part of M spent on the lengths of secondary items. FILE is a
//! file of `data/dlx/`, or an example's problem as its `--dlx` flag prints it (`cargo run
//! --release -p dancer --example langford -- 7 --dlx`), or the text `path` below makes.

use std::fmt::Write;

use dancer::{run::Run, Problem, Stats};

use crate::counts::{binary_matrices, langford, n_queens, pentominoes, set_partitions};

/// What Knuth's program printed for one input.
struct Knuth {
    solutions: u64,
    nodes: u64,
    updates: u64,
    mems: u64,
    profile: &'static [u64],
}

/// A problem in the DLX format, as the `dlx` command reads it.
fn parse(text: &str) -> Problem {
    dancer::parse(text).expect("the data parse").problem
}

/// Checks a profiled count of `problem` against `knuth`, then that the ordinary search counts
/// the same nodes and updates (and no mems), and that two threads add up to the same totals.
fn check(problem: &Problem, knuth: &Knuth) {
    let mut solver = problem.solver();
    solver.profiling(true);
    assert_eq!(solver.count(), knuth.solutions);
    let stats = solver.stats();
    let ours = (stats.nodes(), stats.updates(), stats.mems());
    assert_eq!(ours, (knuth.nodes, knuth.updates, knuth.mems), "nodes, updates, mems");
    assert_eq!(solver.profile(), knuth.profile, "profile");
    assert_eq!(stats.max_depth() as usize, knuth.profile.len() - 1, "the deepest level");

    let mut plain = problem.solver();
    plain.count();
    assert_eq!(plain.stats(), stats.with_mems(0), "the ordinary search");
    assert!(plain.profile().is_empty());

    let mut shared = problem.solver();
    shared.profiling(true);
    let outcome = Run::new().threads(2).poll_nodes(64).count(&mut shared).unwrap();
    assert_eq!(outcome.stats(), stats, "two threads");
    assert_eq!(outcome.profile(), knuth.profile, "two threads");
}

#[test]
fn toy_problem_with_secondary_items() {
    // dlx1 v129 < data/dlx/toy.dlx: 1 solution, 420+468 mems, 30 updates, 6 nodes.
    let knuth = Knuth { solutions: 1, nodes: 6, updates: 30, mems: 468, profile: &[1, 2, 2, 1] };
    check(&parse(include_str!("../../../data/dlx/toy.dlx")), &knuth);
}

#[test]
fn eight_queens_with_secondary_diagonals() {
    // dlx1 v129 < data/dlx/queens8.dlx: 92 solutions, 10510+239467 mems, 16680 updates, 1049
    // nodes. `n_queens -- 8 --dlx` prints the same problem (10504 input mems: no comments).
    let knuth = Knuth {
        solutions: 92,
        nodes: 1049,
        updates: 16_680,
        mems: 239_467,
        profile: &[1, 8, 40, 120, 208, 228, 201, 151, 92],
    };
    check(&parse(include_str!("../../../data/dlx/queens8.dlx")), &knuth);
    check(&n_queens::queens(8).unwrap(), &knuth);
}

#[test]
fn ten_queens() {
    // n_queens -- 10 --dlx | dlx1 v129: 724 solutions, 18530+2858899 mems, 198264 updates,
    // 11578 nodes.
    let knuth = Knuth {
        solutions: 724,
        nodes: 11_578,
        updates: 198_264,
        mems: 2_858_899,
        profile: &[1, 10, 70, 307, 891, 1743, 2434, 2434, 1709, 1255, 724],
    };
    check(&n_queens::queens(10).unwrap(), &knuth);
}

#[test]
fn langford_pairs_with_dead_ends() {
    // dlx1 v129 < data/dlx/langford4.dlx: 2 solutions, 1467+2845 mems, 184 updates, 18 nodes.
    let knuth =
        Knuth { solutions: 2, nodes: 18, updates: 184, mems: 2845, profile: &[1, 3, 6, 6, 2] };
    check(&parse(include_str!("../../../data/dlx/langford4.dlx")), &knuth);
    // langford -- 7 --dlx | dlx1 v129: 52 solutions, 5792+130331 mems, 8339 updates, 607 nodes.
    let knuth = Knuth {
        solutions: 52,
        nodes: 607,
        updates: 8339,
        mems: 130_331,
        profile: &[1, 6, 30, 92, 172, 159, 95, 52],
    };
    check(&langford::langford(7).unwrap(), &knuth);
}

#[test]
fn partitions_of_a_6_set() {
    // set_partitions -- 6 --dlx | dlx1 v129: 203 solutions, 3753+46038 mems, 2694 updates,
    // 406 nodes.
    let knuth = Knuth {
        solutions: 203,
        nodes: 406,
        updates: 2694,
        mems: 46_038,
        profile: &[1, 32, 121, 155, 80, 16, 1],
    };
    check(&set_partitions::set_partitions(6).unwrap(), &knuth);
}

#[test]
fn coloured_matrices_match_dlx2() {
    // dlx2 v129 < data/dlx/matrices4x4.dlx: 90 solutions, 9059+79705-10024 mems, 3803
    // updates, 1784 cleansings, 505 nodes (`binary_matrices -- 4 2 --dlx` is the same
    // problem without the comments).
    let knuth = Knuth {
        solutions: 90,
        nodes: 505,
        updates: 3803,
        mems: 79_705,
        profile: &[1, 6, 18, 54, 66, 90, 90, 90, 90],
    };
    check(&parse(include_str!("../../../data/dlx/matrices4x4.dlx")), &knuth);
    check(&binary_matrices::binary_matrices(4, 2).unwrap(), &knuth);
    // binary_matrices -- 5 2 --dlx | dlx2 v129: 2040 solutions, 25791+1948491-239880 mems,
    // 89981 updates, 41670 cleansings, 11411 nodes.
    let knuth = Knuth {
        solutions: 2040,
        nodes: 11_411,
        updates: 89_981,
        mems: 1_948_491,
        profile: &[1, 10, 40, 160, 400, 1200, 1440, 2040, 2040, 2040, 2040],
    };
    check(&binary_matrices::binary_matrices(5, 2).unwrap(), &knuth);
}

#[test]
fn sudoku_of_324_items_where_mrv_scans_densely() {
    // dlx1 v129 < data/dlx/sudoku9x9.dlx: 1 solution, 463054+1438704 mems, 49765 updates,
    // 2741 nodes. The ordinary search picks items by a dense scan of the lengths here
    // (128 primary items or more); the profiled one must still charge DLX1's list walk.
    let knuth = Knuth {
        solutions: 1,
        nodes: 2741,
        updates: 49_765,
        mems: 1_438_704,
        profile: &SUDOKU_PROFILE,
    };
    check(&parse(include_str!("../../../data/dlx/sudoku9x9.dlx")), &knuth);
}

/// DLX1's profile of `data/dlx/sudoku9x9.dlx`: one node a level down to level 21 (forced
/// cells), the branching in the middle, one a level again from 71 to the solution at 81.
const SUDOKU_PROFILE: [u64; 82] = [
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 4, 4, 5, 8, 12, 18, 25,
    31, 39, 51, 62, 67, 74, 79, 89, 97, 102, 103, 106, 105, 102, 100, 97, 97, 99, 100, 100, 99, 93,
    88, 84, 78, 72, 68, 64, 55, 47, 38, 31, 24, 23, 17, 16, 13, 7, 6, 4, 3, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1,
];

/// A path of `n` items covered by dominoes (two neighbours) and by single items at `singles`,
/// written exactly as this awk program writes it (`n=4100 s=5,6,7,1000,1001,4000`):
///
/// ```text
/// awk -v n=4100 -v s=5,6,7,1000,1001,4000 'BEGIN { split(s, single, ",");
///   for (k in single) one[single[k]] = 1;
///   printf "| A path of %d items covered by dominoes, and single items at %s\n", n, s;
///   for (i = 0; i < n; i++) printf "%sx%d", (i ? " " : ""), i; print "";
///   for (i = 0; i < n; i++) { if (i in one) print "x" i; if (i + 1 < n) print "x" i " x" i + 1 } }'
/// ```
fn path(n: usize, singles: &[usize]) -> String {
    let list: Vec<String> = singles.iter().map(ToString::to_string).collect();
    let mut text = format!(
        "| A path of {n} items covered by dominoes, and single items at {}\n",
        list.join(",")
    );
    let names: Vec<String> = (0..n).map(|i| format!("x{i}")).collect();
    text += &names.join(" ");
    text.push('\n');
    for i in 0..n {
        if singles.contains(&i) {
            writeln!(text, "x{i}").unwrap();
        }
        if i + 1 < n {
            writeln!(text, "x{i} x{}", i + 1).unwrap();
        }
    }
    text
}

#[test]
fn path_of_4100_items_with_a_record_of_short_lists() {
    // The awk text above | dlx1 v129: 5 solutions, 25483026+9601156 mems, 12177 updates, 3052
    // nodes. From 4096 primary items the ordinary search keeps a record of the empty and
    // one-option lists instead of scanning; the profiled one charges DLX1's walk. The profile
    // here is its sum and its length: 2053 levels, of which Knuth's printout fills pages.
    let problem = parse(&path(4100, &[5, 6, 7, 1000, 1001, 4000]));
    let mut solver = problem.solver();
    solver.profiling(true);
    assert_eq!(solver.count(), 5);
    let stats = solver.stats();
    assert_eq!((stats.nodes(), stats.updates(), stats.mems()), (3052, 12_177, 9_601_156));
    let profile = solver.profile();
    assert_eq!((profile.len(), profile.iter().sum::<u64>()), (2053, 3052));
    assert_eq!((profile[0], profile[2051], profile[2052]), (1, 4, 1));
    let mut plain = problem.solver();
    plain.count();
    assert_eq!(plain.stats(), stats.with_mems(0));
}

#[test]
fn pentominoes_3x20() {
    // pentominoes -- 3 20 --dlx | dlx1 v129: 8 solutions, 414325+145964737 mems, 10986975
    // updates, 32978 nodes.
    let knuth = Knuth {
        solutions: 8,
        nodes: 32_978,
        updates: 10_986_975,
        mems: 145_964_737,
        profile: &[1, 18, 170, 360, 801, 2252, 4803, 9307, 7721, 5229, 1944, 364, 8],
    };
    check(&pentominoes::pentominoes(3, 20, false).unwrap(), &knuth);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow: run in release, where it takes several seconds")]
fn pentominoes_6x10() {
    // dlx1 v129 < data/dlx/pentominoes6x10.dlx: 9356 solutions, 676677+16459506313 mems,
    // 1242377480 updates, 3637261 nodes.
    let problem = parse(include_str!("../../../data/dlx/pentominoes6x10.dlx"));
    let mut solver = problem.solver();
    solver.profiling(true);
    let outcome = Run::new().threads(2).count(&mut solver).unwrap();
    let expected = Stats::from_counts(3_637_261, 1_242_377_480, 9356, 12).with_mems(16_459_506_313);
    assert_eq!(outcome.stats(), expected);
    let profile = [
        1, 32, 372, 2192, 12_674, 52_602, 152_236, 368_089, 726_611, 1_087_228, 930_081, 295_787,
        9356,
    ];
    assert_eq!(outcome.profile(), profile);
}

#[test]
fn a_stopped_profiled_run_resumes_to_the_same_totals() {
    // DLX1's figures for 10 queens (above), reached by runs of at most 1000 nodes each,
    // every checkpoint passing through JSON (the format of the `dlx` command's files).
    let problem = n_queens::queens(10).unwrap();
    let mut checkpoint: Option<dancer::run::Checkpoint> = None;
    let outcome = loop {
        let mut solver = problem.solver();
        solver.profiling(true);
        let mut run = Run::new().threads(2).poll_nodes(100).node_limit(1000);
        if let Some(saved) = &checkpoint {
            run = run.resume(saved);
        }
        let outcome = run.count(&mut solver).unwrap();
        if outcome.is_complete() {
            break outcome;
        }
        let json = serde_json::to_string(outcome.checkpoint()).unwrap();
        checkpoint = Some(serde_json::from_str(&json).unwrap());
    };
    let stats = outcome.stats();
    assert_eq!((stats.nodes(), stats.updates(), stats.mems()), (11_578, 198_264, 2_858_899));
    assert_eq!(outcome.profile(), [1, 10, 70, 307, 891, 1743, 2434, 2434, 1709, 1255, 724]);
}

#[test]
fn checkpoints_without_mems_still_read() {
    // A checkpoint of an unprofiled run, or of an older version, has neither key.
    let problem = n_queens::queens(6).unwrap();
    let mut solver = problem.solver();
    let stopped = Run::new().node_limit(10).count(&mut solver).unwrap();
    let json = serde_json::to_value(stopped.checkpoint()).unwrap();
    assert!(json.get("mems").is_none() && json.get("profile").is_none(), "{json}");
    let read: dancer::run::Checkpoint = serde_json::from_value(json).unwrap();
    assert_eq!((read.stats().mems(), read.profile()), (0, &[][..]));
}
