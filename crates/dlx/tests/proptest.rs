//! Properties of the engine on random small problems from `dancer::strategy`, checked against
//! the independent oracle in `oracle.rs`: the solutions are exactly right, the DLX text format
//! round-trips, searches are deterministic, and committing options counts the solutions that
//! contain them. Counterexamples are reported as `ProblemSpec`s, which read better than the
//! `Problem`s built from them.

use std::collections::BTreeSet;

use dancer::{
    strategy::{problems, small_problems, specs, ProblemSpec, MAX_ITEMS, MAX_OPTIONS},
    CommitError, Heuristic, ItemId, OptionId, ParseError, ParseErrorKind as Kind, Problem,
};
use proptest::{collection::vec, prelude::*, sample::Index};

use crate::oracle::{self, Chosen};

/// `cases` cases; under CI (the `CI` variable is set) a failure is reported as found rather
/// than shrunk, so a red run fails fast and its seed is saved in `proptest-regressions/`.
fn config(cases: u32) -> ProptestConfig {
    let max_shrink_iters = if std::env::var_os("CI").is_some() {
        0
    } else {
        ProptestConfig::default().max_shrink_iters
    };
    ProptestConfig { cases, max_shrink_iters, ..ProptestConfig::default() }
}

/// Generated specs with the default bounds.
fn small_specs() -> impl Strategy<Value = ProblemSpec> {
    specs(MAX_ITEMS, MAX_OPTIONS)
}

/// Every solution the engine reports, sorted, in the order reported.
fn engine_solutions(problem: &Problem, heuristic: Heuristic) -> Vec<Chosen> {
    let mut solver = problem.solver();
    solver.heuristic(heuristic);
    solver.solutions().map(|s| oracle::sorted(&s)).collect()
}

/// The options with a primary item, the only ones a solution can contain.
fn primary_options(problem: &Problem) -> Vec<usize> {
    (0..problem.option_count()).filter(|&k| oracle::has_primary(problem, k)).collect()
}

/// The options of `chosen` picked by the bits of `mask`, in an order shuffled by `mask` too so
/// that commits do not always arrive in index order.
fn pick(chosen: &[usize], mask: u32) -> Vec<usize> {
    let bit = |i: usize| mask >> i & 1 == 1;
    let mut picked: Vec<usize> =
        chosen.iter().enumerate().filter(|&(i, _)| bit(i)).map(|(_, &k)| k).collect();
    let turn = (mask >> 24) as usize % picked.len().max(1);
    picked.rotate_left(turn);
    if bit(31) {
        picked.reverse();
    }
    picked
}

/// Random DLX-like text: either short lines of names, bars, colons and blanks, some
/// non-ASCII, or (so that errors also turn up in option lines) a generated problem's text
/// with a few such tokens inserted at random places.
fn texts() -> impl Strategy<Value = String> {
    const TOKENS: [&str; 12] = ["a", "b", "é", "x", "|", ":", ":r", " ", " ", "\t", "\r", "\n"];
    let token = || prop::sample::select(&TOKENS[..]);
    let line = vec(token(), 0..8).prop_map(|tokens| tokens.concat());
    let noise = vec(line, 0..6).prop_map(|lines| lines.join("\n"));
    let edited = (small_problems(), vec((any::<Index>(), token()), 1..4)).prop_map(|(p, edits)| {
        let mut text: Vec<char> = p.to_string().chars().collect();
        for (at, token) in edits {
            let at = at.index(text.len() + 1);
            text.splice(at..at, token.chars());
        }
        text.into_iter().collect()
    });
    prop_oneof![noise, edited]
}

/// Whether `error` points into `text` at the token it blames: its column is where a token
/// starts (in characters), and that token is the one the error names, or holds the stray `|`.
fn points_at_cause(text: &str, error: &ParseError) -> bool {
    let lines: Vec<&str> = text.lines().collect();
    if error.line == 0 || error.line > lines.len().max(1) || error.column == 0 {
        return false;
    }
    let line = lines.get(error.line - 1).copied().unwrap_or("");
    let rest: String = line.chars().skip(error.column - 1).collect();
    let word = rest.split_whitespace().next().unwrap_or("");
    // `name` alone or `name:colour`.
    let names = |t: &str| word == t || word.strip_prefix(t).is_some_and(|c| c.starts_with(':'));
    let blamed = match &error.kind {
        Kind::NoItems => return error.column == 1,
        Kind::SecondBar => word == "|",
        Kind::MisplacedBar => word.contains('|'),
        Kind::ColonInItemName(t) | Kind::DuplicateItem(t) | Kind::BadColor(t) => word == t,
        Kind::UnknownItem(t) | Kind::DuplicateItemInOption(t) | Kind::ColorOnPrimary(t) => names(t),
        _ => false,
    };
    blamed && rest.starts_with(word)
}

proptest! {
    #![proptest_config(config(2048))]

    /// (1) The engine finds exactly the oracle's solutions, each once, whichever item the
    /// search branches on; `count`, `first` and the iterator agree.
    #[test]
    fn solutions_equal_the_oracle(spec in small_specs()) {
        let problem = spec.build().unwrap();
        let expected = oracle::solutions(&problem);
        for heuristic in [Heuristic::Mrv, Heuristic::First] {
            let found = engine_solutions(&problem, heuristic);
            let distinct: BTreeSet<Chosen> = found.iter().cloned().collect();
            prop_assert_eq!(distinct.len(), found.len(), "reported twice: {:?}", found);
            prop_assert_eq!(&distinct, &expected, "{:?}\n{}", heuristic, problem);
        }
        let mut solver = problem.solver();
        prop_assert_eq!(solver.count(), expected.len() as u64);
        let first = solver.first().map(|s| oracle::sorted(&s));
        prop_assert_eq!(first.is_some(), !expected.is_empty());
        if let Some(first) = first {
            prop_assert!(expected.contains(&first));
        }
    }

    /// (2) Every reported solution passes the checker, and the stats are consistent with it:
    /// one solution counted per report, and never deeper than the number of primary items.
    #[test]
    fn every_reported_solution_is_valid(problem in small_problems()) {
        let mut solver = problem.solver();
        let mut reported = 0;
        for solution in solver.solutions() {
            let valid = oracle::is_solution(&problem, &oracle::sorted(&solution));
            prop_assert!(valid, "{:?}\n{}", solution, problem);
            reported += 1;
        }
        let stats = solver.stats();
        prop_assert_eq!(stats.solutions(), reported);
        prop_assert!(stats.max_depth() as usize <= problem.primary_count());
        prop_assert!(stats.nodes() >= reported);
    }

    /// The oracle's shortcut enumeration agrees with trying every subset, so (1) compares the
    /// engine with the definition itself.
    #[test]
    fn oracle_enumeration_equals_every_subset(problem in problems(MAX_ITEMS, 14)) {
        prop_assert_eq!(oracle::solutions(&problem), oracle::brute_force(&problem));
    }

    /// (3) Writing a problem in the DLX format and parsing the text gives the same problem,
    /// option sources included.
    #[test]
    fn text_format_round_trips(problem in small_problems()) {
        let text = problem.to_string();
        let parsed = dancer::parse(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(&parsed.problem, &problem);
        prop_assert_eq!(parsed.options.len(), problem.option_count());
        for (k, source) in parsed.options.iter().enumerate() {
            prop_assert_eq!(source.line, k + 2, "one item line, then one line per option");
            prop_assert_eq!(&source.text, &problem.option_names(OptionId::new(k)).join(" "));
        }
        let mut written = Vec::new();
        dancer::write(&problem, &mut written).unwrap();
        prop_assert_eq!(String::from_utf8(written).unwrap(), text);
    }

    /// The strategy's specs build, and build alike every time.
    #[test]
    fn specs_build_deterministically(spec in small_specs()) {
        let (a, b) = (spec.build().unwrap(), spec.build().unwrap());
        prop_assert_eq!(&a, &b);
        prop_assert_eq!(a.primary_count(), spec.primary);
        prop_assert_eq!(a.item_count(), spec.item_count());
        prop_assert_eq!(a.option_count(), spec.options.len());
    }

    /// (4) Searching twice, with one solver or two, gives the same solutions in the same order
    /// and the same node and update counts.
    #[test]
    fn repeated_runs_agree(spec in small_specs()) {
        let problem = spec.build().unwrap();
        let run = |solver: &mut dancer::Solver<'_>| {
            solver.reset_stats();
            let found: Vec<_> = solver.solutions().collect();
            (found, solver.stats())
        };
        let mut solver = problem.solver();
        let first = run(&mut solver);
        prop_assert_eq!(&run(&mut solver), &first);
        prop_assert_eq!(&run(&mut problem.solver()), &first);
        prop_assert_eq!(solver.count(), first.0.len() as u64);
    }

    /// (5) Committing some options of a solution, in any order, then counting gives the number
    /// of solutions containing them; every solution then found starts with the committed
    /// options. After `reset` the full count is back.
    #[test]
    fn committing_part_of_a_solution(spec in small_specs(), which: Index, mask: u32) {
        let problem = spec.build().unwrap();
        let all = oracle::solutions(&problem);
        prop_assume!(!all.is_empty());
        let solution = all.iter().nth(which.index(all.len())).unwrap();
        let subset = pick(solution, mask);
        let committed: Vec<OptionId> = subset.iter().map(|&k| OptionId::new(k)).collect();
        let mut solver = problem.solver();
        solver.commit_all(committed.iter().copied()).unwrap();
        prop_assert_eq!(solver.count(), oracle::containing(&all, &subset) as u64);
        for found in solver.solutions() {
            prop_assert_eq!(&found[..committed.len()], &committed[..]);
            prop_assert!(all.contains(&oracle::sorted(&found)));
        }
        solver.reset();
        prop_assert_eq!(solver.count(), all.len() as u64);
    }

    /// (5, generalised) Committing any options that have primary items, repeats included:
    /// exactly those that clash with an option committed earlier are refused, the solver is
    /// unchanged by a refusal, and the count is the number of solutions containing the
    /// accepted options.
    #[test]
    fn committing_any_options(spec in small_specs(), picks in vec(any::<Index>(), 1..5)) {
        let problem = spec.build().unwrap();
        let candidates = primary_options(&problem);
        prop_assume!(!candidates.is_empty());
        let all = oracle::solutions(&problem);
        let mut solver = problem.solver();
        let mut accepted = Vec::new();
        for k in picks.iter().map(|i| candidates[i.index(candidates.len())]) {
            let result = solver.commit(OptionId::new(k));
            if oracle::clash(&problem, &accepted, k).is_some() {
                let refused =
                    matches!(result, Err(CommitError::Clash { option, .. }) if option.index() == k);
                prop_assert!(refused, "{} should clash with {:?}: {:?}", k, accepted, result);
            } else {
                prop_assert_eq!(result, Ok(()));
                accepted.push(k);
            }
            let committed: Vec<OptionId> = accepted.iter().map(|&a| OptionId::new(a)).collect();
            prop_assert_eq!(solver.committed(), &committed[..]);
        }
        prop_assert_eq!(solver.count(), oracle::containing(&all, &accepted) as u64);
    }

    /// A refused commit names the item on which the option clashes, as `CommitError`
    /// documents: one a committed option covers, or purifies with another colour. A secondary
    /// item that both give the same colour is shared, not a clash. The engine checks the
    /// option's items in order, so the first clashing one is named.
    #[test]
    fn clash_names_a_clashing_item(spec in small_specs(), picks in vec(any::<Index>(), 2..5)) {
        let problem = spec.build().unwrap();
        let candidates = primary_options(&problem);
        prop_assume!(!candidates.is_empty());
        let mut solver = problem.solver();
        let mut accepted = Vec::new();
        for k in picks.iter().map(|i| candidates[i.index(candidates.len())]) {
            let option = OptionId::new(k);
            let expected = match oracle::clash(&problem, &accepted, k) {
                Some(item) => Err(CommitError::Clash { option, item: ItemId::new(item) }),
                None => Ok(()),
            };
            let result = solver.commit(option);
            prop_assert_eq!(&result, &expected, "after {:?}\n{}", accepted, problem);
            if result.is_ok() {
                accepted.push(k);
            }
        }
    }

    /// The parser never panics. An error points at the token it blames, counting columns in
    /// characters; a text that parses writes back to an equal problem.
    #[test]
    fn parse_errors_point_at_their_cause(text in texts()) {
        match dancer::parse(&text) {
            Ok(parsed) => {
                let again = dancer::parse(&parsed.problem.to_string()).unwrap();
                prop_assert_eq!(again.problem, parsed.problem);
            }
            Err(error) => prop_assert!(points_at_cause(&text, &error), "{:?} in {:?}", error, text),
        }
    }
}
