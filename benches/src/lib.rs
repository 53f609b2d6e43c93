//! Benchmarks that time the `dancer` exact-cover engine against the crates.io [`dlx`] crate
//! (version 0.8.5, an independent implementation of Knuth's DLX1 and DLX2) on identical inputs.
//!
//! The criterion benchmarks are in `benches/engine.rs` (`cargo bench -p dancer-benches`); the
//! results and how to read them are in `docs/PERFORMANCE.md`. This library holds what the
//! benchmarks and the tests share: handing a `dancer` [`Problem`] to the peer and running the
//! peer's search.
//!
//! Both engines get the same problem: ours is written in Knuth's DLX text format with
//! [`Problem`]'s `Display`, and the peer parses that text with its own [`dlx::Spec`]. The peer
//! is stricter about names (items must be alphanumeric, colours a single character), so
//! [`peer_text`] renames every item to `i<number>` and every colour to one character on the way;
//! item order, option order and option contents are untouched, so both engines build the same
//! matrix, and with the same most-remaining-values rule (ties to the leftmost item) they walk the
//! same search tree. [`PeerStats`] makes that checkable: before timing anything, the benchmarks
//! assert that both engines find the same number of solutions and of search-tree nodes.
//!
//! The sudoku benchmarks (`benches/sudoku.rs`) also time the naive way to solve a sudoku with a
//! general exact-cover crate, a fresh matrix per puzzle: [`fresh_dlx_unique`] with the peer,
//! [`fresh_dancer_unique`] with our engine as a control. [`sudoku_placements`] is the matrix both
//! build.

pub mod cases;
pub mod pairs;

use std::collections::HashMap;

use dancer::Problem;
use dlx::choose::{knuth_tiebreak, mrv_chooser, no_tiebreak, prefer_any};
use dlx::{OptOrder, Solve, Solver, Spec};

/// Colour names the peer accepts: it stores a colour as the code of its single character.
const COLOR_CHARS: &str = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/// The DLX text of `problem` with items renamed `i0 i1 ...` (in declaration order) and colours
/// renamed to single characters, in the dialect dlx 0.8.5's [`Spec`] accepts. `dancer::parse`
/// reads it too, so both engines can be built from the very same string.
///
/// # Panics
/// If the problem uses more than 62 colours (the letters and digits).
pub fn peer_text(problem: &Problem) -> String {
    let text = problem.to_string();
    let mut lines = text.lines();
    let mut out = String::with_capacity(text.len());
    let mut items = HashMap::new();
    let mut colors = HashMap::new();
    if let Some(header) = lines.next() {
        let mut names = Vec::new();
        for name in header.split_whitespace() {
            if name == "|" {
                names.push("|".to_owned());
            } else {
                // DLX3's bounds (`u:v|name`) stay before the new name.
                let (bounds, name) = name.rsplit_once('|').map_or(("", name), |(b, n)| (b, n));
                let renamed = format!("i{}", items.len());
                items.insert(name.to_owned(), renamed.clone());
                names.push(if bounds.is_empty() { renamed } else { format!("{bounds}|{renamed}") });
            }
        }
        out.push_str(&names.join(" "));
        out.push('\n');
    }
    for line in lines {
        let tokens = line.split_whitespace().map(|token| {
            let (name, color) = match token.split_once(':') {
                Some((name, color)) => (name, Some(color)),
                None => (token, None),
            };
            let item = &items[name];
            match color {
                None => item.clone(),
                Some(color) => {
                    let next = colors.len();
                    let ch = *colors.entry(color.to_owned()).or_insert_with(|| {
                        COLOR_CHARS.chars().nth(next).expect("more colours than the peer can name")
                    });
                    format!("{item}:{ch}")
                }
            }
        });
        out.push_str(&tokens.collect::<Vec<_>>().join(" "));
        out.push('\n');
    }
    out
}

/// A problem built by the peer: its Algorithm X type (DLX1) when no option has a colour, as our
/// engine also uses its colourless code path then, and its Algorithm C type (DLX2) otherwise;
/// with multiplicities (`u:v|name` on the item line), its Algorithm M types.
#[derive(Debug)]
pub enum PeerProblem {
    /// `dlx::x::Problem`: primary and secondary items, no colours.
    Exact(dlx::x::Problem),
    /// `dlx::c::Problem`: secondary items may carry colours.
    Colored(dlx::c::Problem),
    /// `dlx::m::Problem`: primary items with multiplicities, no colours.
    Bounded(dlx::m::Problem),
    /// `dlx::mc::Problem`: multiplicities and colours.
    BoundedColored(dlx::mc::Problem),
}

/// What one complete search by the peer did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PeerStats {
    /// Solutions found.
    pub solutions: u64,
    /// Search-tree nodes, counted as `dancer` counts them (the peer's per-level profile leaves
    /// out the nodes at which a solution is recorded, so they are added back).
    pub nodes: u64,
    /// The peer's count of link updates.
    pub updates: u64,
}

impl PeerProblem {
    /// Parses DLX text (as [`peer_text`] writes it) and builds the peer's matrix, options in
    /// input order.
    ///
    /// # Errors
    /// The peer's parse or build error, as text.
    pub fn from_text(text: &str) -> Result<PeerProblem, String> {
        let spec = Spec::new(text, false).map_err(|error| error.to_string())?;
        let colored = spec.opts.iter().flatten().any(|entry| entry.contains(':'));
        let header = text.lines().find(|line| !line.starts_with('|')).unwrap_or("");
        let bounded = header.split_whitespace().any(|token| token.len() > 1 && token.contains('|'));
        let problem = match (bounded, colored) {
            (false, false) => PeerProblem::Exact(
                dlx::x::Problem::from_spec(&spec, OptOrder::Seq).map_err(|e| e.to_string())?,
            ),
            (false, true) => {
                PeerProblem::Colored(dlx::c::Problem::from_spec(&spec).map_err(|e| e.to_string())?)
            }
            (true, false) => PeerProblem::Bounded(
                dlx::m::Problem::from_spec(&spec, OptOrder::Seq).map_err(|e| e.to_string())?,
            ),
            (true, true) => PeerProblem::BoundedColored(
                dlx::mc::Problem::from_spec(&spec).map_err(|e| e.to_string())?,
            ),
        };
        Ok(problem)
    }

    /// Counts all solutions. The peer's search leaves the links as it found them once it runs
    /// to the end, so the same problem can be counted again without rebuilding or cloning.
    pub fn count(&mut self) -> u64 {
        self.count_with_stats().solutions
    }

    /// Counts all solutions and reports the work done, for checking that both engines search
    /// the same tree.
    pub fn count_with_stats(&mut self) -> PeerStats {
        match self {
            PeerProblem::Exact(problem) => search(problem),
            PeerProblem::Colored(problem) => search(problem),
            PeerProblem::Bounded(problem) => search_bounded(problem),
            PeerProblem::BoundedColored(problem) => search_bounded(problem),
        }
    }
}

/// The loop of the peer's own benchmark and examples: its MRV chooser with no tie-break (the
/// first item of minimum length wins, as in DLX1 and `dancer`), one solution per call.
fn search<P: Solve>(problem: &mut P) -> PeerStats {
    count_all(problem, mrv_chooser(prefer_any(), no_tiebreak()))
}

/// The same loop for the peer's Algorithm M types, with its chooser's Knuth tie-break (smaller
/// slack, then the longer list), as DLX3 and `dancer` break ties.
fn search_bounded<P: Solve + dlx::Dance<I: dlx::m::ItemsM>>(problem: &mut P) -> PeerStats {
    count_all(problem, mrv_chooser(prefer_any(), knuth_tiebreak()))
}

/// Every solution of `problem`, one per call of the peer's `next_solution`, with `chooser`.
fn count_all<P: Solve>(problem: &mut P, mut chooser: impl dlx::choose::Choose<P>) -> PeerStats {
    let mut solver = Solver::new(problem);
    let mut solutions = 0u64;
    while solver.next_solution(&mut chooser) {
        solutions += 1;
    }
    let entered: usize = solver.get_profile().iter().sum();
    PeerStats {
        solutions,
        nodes: entered as u64 + solutions,
        updates: solver.get_updates().unsigned_abs() as u64,
    }
}

/// Side of the classic sudoku the fresh-matrix functions build.
const SUDOKU_SIZE: usize = 9;

/// The (cell, digit) placements, one option each, of a classic 9×9 puzzle's own exact-cover
/// matrix, as a user of a general exact-cover crate writes it: a blank cell (0 in `cells`, row
/// by row) keeps its nine options, a given cell only the one of its digit, so the matrix has
/// 729 − 8·givens options. Cells and digits go in the order of `dancer-sudoku`'s template.
///
/// # Panics
/// If `cells` is not 81 digits 0 to 9.
pub fn sudoku_placements(cells: &[u8]) -> Vec<(usize, u8)> {
    assert_eq!(cells.len(), SUDOKU_SIZE * SUDOKU_SIZE, "a classic sudoku has 81 cells");
    let mut placements = Vec::with_capacity(SUDOKU_SIZE.pow(3));
    for (cell, &given) in cells.iter().enumerate() {
        assert!(usize::from(given) <= SUDOKU_SIZE, "digit {given} in a 9x9 sudoku");
        if given == 0 {
            placements.extend((1..=SUDOKU_SIZE as u8).map(|digit| (cell, digit)));
        } else {
            placements.push((cell, given));
        }
    }
    placements
}

/// The four items a placement covers, numbered as in `dancer-sudoku`'s template (so that MRV
/// breaks ties the same way): the cell (0..81), then row, column and box with the digit
/// (81 + 9·region + digit − 1, rows being regions 0..9, columns 9..18, boxes 18..27).
fn sudoku_items((cell, digit): (usize, u8)) -> [usize; 4] {
    let n = SUDOKU_SIZE;
    let (row, column) = (cell / n, cell % n);
    let bx = row / 3 * 3 + column / 3;
    let d = usize::from(digit) - 1;
    [cell, n * n + row * n + d, n * n + (n + column) * n + d, n * n + (2 * n + bx) * n + d]
}

/// What a fresh-matrix search of one puzzle found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FreshOutcome {
    /// The first solution's 81 digits, row by row, if there is one.
    pub solution: Option<Vec<u8>>,
    /// Whether the search found no second solution.
    pub unique: bool,
}

/// The grid a list of chosen placements fills in.
fn fill(placements: &[(usize, u8)], chosen: impl Iterator<Item = usize>) -> Vec<u8> {
    let mut grid = vec![0; SUDOKU_SIZE * SUDOKU_SIZE];
    for option in chosen {
        let (cell, digit) = placements[option];
        grid[cell] = digit;
    }
    grid
}

/// Solves a 9×9 puzzle (`cells` as in [`sudoku_placements`]) with the peer, building its matrix
/// from scratch with `dlx::x::make_problem`, the crate's constructor from item numbers (no text
/// is written or parsed), then searching for up to two solutions with the same MRV chooser as
/// [`PeerProblem`]. This is the per-puzzle work that a reusable template avoids.
pub fn fresh_dlx_unique(cells: &[u8]) -> FreshOutcome {
    let placements = sudoku_placements(cells);
    let options: Vec<Vec<dlx::Uint>> = placements
        .iter()
        .map(|&placement| sudoku_items(placement).map(|item| item as dlx::Uint).to_vec())
        .collect();
    let items = (4 * SUDOKU_SIZE * SUDOKU_SIZE) as dlx::Uint;
    let mut problem = dlx::x::make_problem(items, 0, &options, OptOrder::Seq);
    let mut chooser = mrv_chooser(prefer_any(), no_tiebreak());
    let mut solver = Solver::new(&mut problem);
    if !solver.next_solution(&mut chooser) {
        return FreshOutcome { solution: None, unique: false };
    }
    // The peer reports options by their 0-based input position.
    let chosen = solver
        .fmt_solution()
        .iter()
        .map(|&option| usize::try_from(option).expect("the peer numbers options from 0"));
    let solution = fill(&placements, chosen);
    let unique = !solver.next_solution(&mut chooser);
    FreshOutcome { solution: Some(solution), unique }
}

/// The same as [`fresh_dlx_unique`] with our engine: a [`ProblemBuilder`](dancer::ProblemBuilder)
/// per puzzle instead of the reused template, to separate what reuse saves from what the engine
/// itself costs.
pub fn fresh_dancer_unique(cells: &[u8]) -> FreshOutcome {
    let placements = sudoku_placements(cells);
    let mut builder = dancer::ProblemBuilder::new();
    let items = builder.primary_items(4 * SUDOKU_SIZE * SUDOKU_SIZE);
    for &placement in &placements {
        builder.option(sudoku_items(placement).map(|item| items[item]));
    }
    let problem = builder.build().expect("the sudoku matrix is well formed");
    let mut solver = problem.solver();
    let Some(options) = solver.next_solution() else {
        return FreshOutcome { solution: None, unique: false };
    };
    let solution = fill(&placements, options.iter().map(|option| option.index()));
    let unique = solver.next_solution().is_none();
    FreshOutcome { solution: Some(solution), unique }
}

#[cfg(test)]
mod tests {
    use dancer::ProblemBuilder;

    use super::*;

    /// Knuth's toy problem with colours (TAOCP 7.2.2.1 (49)): one solution.
    fn toy() -> Problem {
        let mut builder = ProblemBuilder::new();
        for name in ["p", "q", "r"] {
            builder.primary(name);
        }
        builder.secondary("x_1");
        builder.secondary("y_2");
        for option in ["p q x_1 y_2:A", "p r x_1:A y_2", "p x_1:B", "q x_1:A", "r y_2:B"] {
            builder.option_named(option.split(' '));
        }
        builder.build().expect("toy problem builds")
    }

    #[test]
    fn renames_items_and_colours_only() {
        let text = peer_text(&toy());
        assert_eq!(
            text,
            "i0 i1 i2 | i3 i4\ni0 i1 i3 i4:a\ni0 i2 i3:a i4\ni0 i3:b\ni1 i3:a\ni2 i4:b\n"
        );
        // Our parser reads the renamed text back to the same shape of problem.
        let parsed = dancer::parse(&text).expect("dancer parses the peer text").problem;
        assert_eq!(parsed.option_count(), 5);
        assert_eq!(parsed.primary_count(), 3);
    }

    #[test]
    fn both_engines_agree_on_the_toy_problem() {
        let problem = toy();
        let mut peer = PeerProblem::from_text(&peer_text(&problem)).expect("peer builds");
        assert!(matches!(peer, PeerProblem::Colored(_)));
        let mut solver = problem.solver();
        assert_eq!(solver.count(), 1);
        assert_eq!(peer.count_with_stats().solutions, 1);
        // Counting again reuses the restored links.
        assert_eq!(peer.count(), 1);
    }

    #[test]
    fn fresh_matrices_solve_sudoku() {
        // The first puzzle of tdoku's 17-clue set and its solution.
        let puzzle =
            ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...";
        let cells: Vec<u8> = puzzle.bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect();
        let placements = sudoku_placements(&cells);
        assert_eq!(placements.len(), 729 - 8 * 17);
        let dlx = fresh_dlx_unique(&cells);
        assert!(dlx.unique);
        assert_eq!(fresh_dancer_unique(&cells), dlx);
        let solution = dlx.solution.expect("solvable");
        assert!(cells.iter().zip(&solution).all(|(&given, &digit)| given == 0 || given == digit));
        // Every row, column and box holds each digit once: each item covered exactly once.
        let mut covered = [0u8; 324];
        for (cell, &digit) in solution.iter().enumerate() {
            for item in sudoku_items((cell, digit)) {
                covered[item] += 1;
            }
        }
        assert!(covered.iter().all(|&times| times == 1));
        // Two givens removed from a 17-clue puzzle: several solutions.
        let mut loose = cells.clone();
        let first_two: Vec<usize> = (0..81).filter(|&c| cells[c] != 0).take(2).collect();
        for cell in first_two {
            loose[cell] = 0;
        }
        assert!(!fresh_dlx_unique(&loose).unique);
        assert!(!fresh_dancer_unique(&loose).unique);
    }

    #[test]
    fn both_engines_walk_the_same_tree_without_colours() {
        // 6 queens as rows and columns (primary) plus diagonals (secondary): 4 solutions.
        let mut builder = ProblemBuilder::new();
        let n = 6;
        let rows: Vec<_> = (0..n).map(|r| builder.primary(format!("r{r}"))).collect();
        let cols: Vec<_> = (0..n).map(|c| builder.primary(format!("c{c}"))).collect();
        let up: Vec<_> = (0..2 * n - 1).map(|d| builder.secondary(format!("a{d}"))).collect();
        let down: Vec<_> = (0..2 * n - 1).map(|d| builder.secondary(format!("b{d}"))).collect();
        for r in 0..n {
            for c in 0..n {
                builder.option([rows[r], cols[c], up[r + c], down[r + n - 1 - c]]);
            }
        }
        let problem = builder.build().expect("queens builds");
        let mut peer = PeerProblem::from_text(&peer_text(&problem)).expect("peer builds");
        assert!(matches!(peer, PeerProblem::Exact(_)));
        let mut solver = problem.solver();
        let ours = solver.count();
        let theirs = peer.count_with_stats();
        assert_eq!((ours, solver.stats().nodes()), (theirs.solutions, theirs.nodes));
        assert_eq!(ours, 4);
    }

    #[test]
    fn bounds_reach_the_peer_s_algorithm_m() {
        // DLX3's example (one solution), with colours: the peer's dlx::mc.
        let text = "A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n";
        let problem = dancer::parse(text).expect("DLX3's example parses").problem;
        let renamed = peer_text(&problem);
        assert!(renamed.starts_with("i0 i1 2:3|i2 | i3 i4\n"), "{renamed}");
        let mut peer = PeerProblem::from_text(&renamed).expect("peer builds");
        assert!(matches!(peer, PeerProblem::BoundedColored(_)));
        assert_eq!(peer.count_with_stats().solutions, 1);
        // 4x4 matrices with line sums 2 (90), no colours: dlx::m, the same tree as ours.
        let mut builder = ProblemBuilder::new();
        let rows: Vec<_> =
            (0..4).map(|r| builder.primary_bounded(format!("r{r}"), 2..=2)).collect();
        let cols: Vec<_> =
            (0..4).map(|c| builder.primary_bounded(format!("c{c}"), 2..=2)).collect();
        for &row in &rows {
            for &col in &cols {
                builder.option([row, col]);
            }
        }
        let problem = builder.build().expect("line sums build");
        let mut peer = PeerProblem::from_text(&peer_text(&problem)).expect("peer builds");
        assert!(matches!(peer, PeerProblem::Bounded(_)));
        let mut solver = problem.solver();
        let theirs = peer.count_with_stats();
        assert_eq!((solver.count(), solver.stats().nodes()), (theirs.solutions, theirs.nodes));
        assert_eq!(theirs.solutions, 90);
    }
}
