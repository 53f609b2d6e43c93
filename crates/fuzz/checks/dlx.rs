//! Knuth's DLX text format: `dancer::parse` and the problem it builds.

use std::ops::ControlFlow;

use dancer::{
    run::{Explore, Part, Run},
    OptionId, ParseError, ParsedProblem, Problem, Solver,
};

use super::NODES;

/// Problems searched (rather than only parsed and written): small enough that a bounded search,
/// a split and the parts' searches take microseconds.
const SEARCHED_ENTRIES: usize = 200;

/// Reads `data` as the `dlx` command does (line by line from a stream, any bytes), and as text
/// when it is UTF-8; checks that both agree, and what is refused and what is accepted.
pub(crate) fn dlx_text(data: &[u8]) -> bool {
    let read = dancer::read(data);
    let Ok(text) = std::str::from_utf8(data) else {
        return match read {
            Err(error) => check_error(&String::from_utf8_lossy(data), &error),
            Ok(_) => panic!("bytes that are not UTF-8 read as a problem"),
        };
    };
    match (dancer::parse(text), read) {
        (Err(error), Err(streamed)) => {
            assert_eq!(error, streamed, "parsed and read from a stream");
            check_error(text, &error)
        }
        (Ok(parsed), Ok(streamed)) => {
            assert!(same_problem(&parsed.problem, &streamed.problem), "parsed and read");
            assert_eq!(parsed.options, streamed.options, "parsed and read from a stream");
            check_parsed(text, &parsed)
        }
        (parsed, streamed) => panic!("parsed: {:?}, read: {:?}", parsed.err(), streamed.err()),
    }
}

/// An error names a line of the input and a column within it (or just past its end).
fn check_error(text: &str, error: &ParseError) -> bool {
    let lines: Vec<&str> = text.lines().collect();
    assert!(error.line >= 1 && error.column >= 1, "{error:?}");
    assert!(error.line <= lines.len().max(1), "line beyond the input: {error:?}");
    let width = lines.get(error.line - 1).map_or(0, |line| line.chars().count());
    assert!(error.column <= width + 1, "column beyond line {}: {error:?}", error.line);
    assert!(!error.to_string().is_empty());
    false
}

fn check_parsed(text: &str, parsed: &ParsedProblem) -> bool {
    let problem = &parsed.problem;
    // Each option keeps its line as written without its ending (`\n` or `\r\n`), for `dlx`.
    assert_eq!(parsed.options.len(), problem.option_count());
    let lines: Vec<&str> = text.split('\n').collect();
    for source in &parsed.options {
        let line = lines[source.line - 1];
        assert_eq!(line.strip_suffix('\r').unwrap_or(line), source.text, "line {}", source.line);
    }
    // Written and read back, it is the same problem, written the same way.
    let written = problem.to_string();
    let again = match dancer::parse(&written) {
        Ok(again) => again,
        Err(error) => panic!("the writer's text does not parse: {error}\n{written}"),
    };
    assert!(same_problem(problem, &again.problem), "written differently:\n{written}");
    assert_eq!(again.problem.to_string(), written);
    assert_eq!(again.problem.fingerprint(), problem.fingerprint());
    let size: usize = problem.options().map(<[_]>::len).sum();
    if size <= SEARCHED_ENTRIES {
        let searched = search(problem);
        // Algorithm M's search runs whole only: no split (see `Explore::splittable`).
        if problem.has_multiplicities() {
            assert!(!problem.solver().splittable());
        } else {
            split_and_search_parts(problem, searched);
        }
    }
    true
}

/// Whether two problems have the same items (primary, then secondary) and the same options,
/// item by item, colours compared by name.
pub(crate) fn same_problem(a: &Problem, b: &Problem) -> bool {
    let names = |p: &Problem| -> Vec<String> {
        (0..p.item_count()).map(|k| p.item_name(dancer::ItemId::new(k)).to_owned()).collect()
    };
    let options = |p: &Problem| -> Vec<Vec<(String, Option<String>)>> {
        let entry = |e: &dancer::Entry| {
            (p.item_name(e.item).to_owned(), e.color.map(|c| p.color_name(c).to_owned()))
        };
        p.options().map(|option| option.iter().map(entry).collect()).collect()
    };
    let bounds = |p: &Problem| -> Vec<_> {
        (0..p.item_count()).map(|k| p.multiplicity(dancer::ItemId::new(k))).collect()
    };
    a.primary_count() == b.primary_count()
        && names(a) == names(b)
        && bounds(a) == bounds(b)
        && options(a) == options(b)
}

/// A bounded search, each solution checked to be an exact cover: its count and counters, and
/// whether it finished.
fn search(problem: &Problem) -> (u64, u64, bool) {
    let check = |solver: &Solver<'_>| {
        assert_exact_cover(problem, solver.solution());
        ControlFlow::Continue(())
    };
    let outcome = Run::new().node_limit(NODES).visit(&mut problem.solver(), &check);
    let outcome = outcome.expect("the whole tree is the search's own");
    (outcome.solutions(), outcome.stats().nodes(), outcome.is_complete())
}

/// Every primary item covered exactly once (or within its bounds); a secondary item at most
/// once, or by options that all give it the same colour; no option twice.
fn assert_exact_cover(problem: &Problem, solution: &[OptionId]) {
    let mut distinct = solution.to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), solution.len(), "an option twice in {solution:?}");
    let mut uses: Vec<Vec<Option<dancer::ColorId>>> = vec![Vec::new(); problem.item_count()];
    for &option in solution {
        for entry in problem.option(option) {
            uses[entry.item.index()].push(entry.color);
        }
    }
    for (k, colors) in uses.iter().enumerate() {
        let item = dancer::ItemId::new(k);
        let name = problem.item_name(item);
        if problem.is_primary(item) {
            let uses = u32::try_from(colors.len()).expect("few options");
            let bounds = problem.multiplicity(item);
            assert!(bounds.contains(&uses), "primary item {name} {uses} times in {solution:?}");
        } else if colors.len() > 1 {
            let shared = colors[0].is_some() && colors.iter().all(|&c| c == colors[0]);
            assert!(shared, "secondary item {name} clashes in {solution:?}");
        }
    }
}

/// Splits the tree into parts as `dlx split` does: the parts pass the check every part run
/// makes, and when the whole search finished within the budget, the parts' searches (from
/// their JSON) find the same solutions between them.
fn split_and_search_parts(problem: &Problem, (solutions, _, complete): (u64, u64, bool)) {
    let mut solver = problem.solver();
    let split = solver.split(6, 8, 1);
    let parts = Part::pack(&split, 3, solver.fingerprint());
    // What `dlx --parts` checks before running a part: a split always passes (issue 32).
    assert_eq!(solver.check_split(&parts), Ok(()), "a split the parts check refuses");
    if !complete {
        return;
    }
    let mut found = 0;
    for part in &parts {
        let json = serde_json::to_string(part).expect("a part is JSON");
        let part: Part = serde_json::from_str(&json).expect("a part reads back");
        let run = Run::new().node_limit(NODES).subproblems(&part.subproblems);
        let outcome = run.count(&mut problem.solver()).expect("the split's own subproblems");
        assert!(outcome.is_complete(), "a part is larger than the whole tree");
        found += outcome.solutions();
    }
    assert_eq!(found, solutions, "the parts do not partition the solutions");
}
