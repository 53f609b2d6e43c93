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

use std::collections::HashMap;

use dancer::Problem;
use dlx::choose::{mrv_chooser, no_tiebreak, prefer_any};
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
                let renamed = format!("i{}", items.len());
                items.insert(name.to_owned(), renamed.clone());
                names.push(renamed);
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
/// engine also uses its colourless code path then, and its Algorithm C type (DLX2) otherwise.
#[derive(Debug)]
pub enum PeerProblem {
    /// `dlx::x::Problem`: primary and secondary items, no colours.
    Exact(dlx::x::Problem),
    /// `dlx::c::Problem`: secondary items may carry colours.
    Colored(dlx::c::Problem),
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
        let problem = if colored {
            PeerProblem::Colored(dlx::c::Problem::from_spec(&spec).map_err(|e| e.to_string())?)
        } else {
            let problem = dlx::x::Problem::from_spec(&spec, OptOrder::Seq);
            PeerProblem::Exact(problem.map_err(|e| e.to_string())?)
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
        }
    }
}

/// The loop of the peer's own benchmark and examples: its MRV chooser with no tie-break (the
/// first item of minimum length wins, as in DLX1 and `dancer`), one solution per call.
fn search<P: Solve>(problem: &mut P) -> PeerStats {
    let mut chooser = mrv_chooser(prefer_any(), no_tiebreak());
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
}
