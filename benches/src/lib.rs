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
pub mod process;

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
mod tests;
