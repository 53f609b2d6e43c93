//! The two back-ends of a complete count agree: [`Solver::count`] walks the tree on sparse
//! sets where it can (`search/sparse.rs`), a count with a limit on dancing links (a limit of
//! `u64::MAX - 1`, which no test problem reaches, keeps it there), and both must find the same
//! solutions in trees of DLX1's size, with DLX1's updates and depth. A sparse walk paused by a
//! node budget names its place as the links' search would, gives work away as it would, and
//! goes on there on the links when asked; so does one entered at a subproblem, as a run's
//! worker enters what another gave away or a part of a split.

use dancer::{run::Explore, run::Pause, run::Subproblem, strategy::problems, Problem, Stats};
use proptest::prelude::*;

/// The counters of a complete count by each back-end.
fn both(problem: &Problem) -> (Stats, Stats) {
    let mut sparse = problem.solver();
    let solutions = sparse.count();
    let mut links = problem.solver();
    assert_eq!(links.count_up_to(u64::MAX - 1), solutions);
    (sparse.stats(), links.stats())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2_000, ..ProptestConfig::default() })]

    /// Random problems with primary and secondary items and colours.
    #[test]
    fn sparse_sets_count_as_dancing_links_do(problem in problems(12, 24)) {
        let (sparse, links) = both(&problem);
        prop_assert_eq!(sparse, links);
    }
}

/// A count on sparse sets leaves the search done, as one on dancing links does, and a second
/// count of the same solver counts the same again.
#[test]
fn a_sparse_count_ends_the_search_and_repeats() {
    let text = "A B C D | E\nA B\nC D E:x\nA C\nB D E:y\nA D\nB C\nC E:x\n";
    let problem = dancer::parse(text).expect("parses").problem;
    let mut solver = problem.solver();
    let first = solver.count();
    assert_eq!(first, 3);
    assert!(solver.next_solution().is_none(), "the count left the search done");
    let once = solver.stats();
    assert_eq!(solver.count(), first);
    assert_eq!(solver.stats().nodes(), 2 * once.nodes());
    let (sparse, links) = both(&problem);
    assert_eq!(sparse, links);
}

/// Explores `problem` in stretches of `budget` nodes as `stretches` does, but only the first
/// `pauses` of them (a tree too large to finish).
fn first_stretches(problem: &Problem, budget: u64, sparse: bool, pauses: usize) -> Vec<String> {
    let wanted = if sparse { u64::MAX } else { u64::MAX - 1 };
    let mut solver = problem.solver();
    solver.enter(&Subproblem::root()).expect("the root");
    let mut branches = Vec::new();
    (0..pauses)
        .map(|_| {
            let pause = solver.explore(budget, wanted);
            let place = solver.position(&mut branches);
            format!("{pause:?} {:?} {place:?} {branches:?}", solver.stats())
        })
        .collect()
}

/// Domino tilings of a 2×`n` board: `2n` primary items, a chain of forced moves and two-way
/// branches (Fibonacci(n + 1) solutions).
fn dominoes_2xn(n: usize) -> Problem {
    let mut builder = dancer::ProblemBuilder::new();
    let cells: Vec<_> = (0..2 * n).map(|k| builder.primary(format!("c{k}"))).collect();
    for column in 0..n {
        builder.option([cells[column], cells[n + column]]);
        if column + 1 < n {
            builder.option([cells[column], cells[column + 1]]);
            builder.option([cells[n + column], cells[n + column + 1]]);
        }
    }
    builder.build().expect("a board")
}

/// Intervals of lengths 1 to 5 on a line of 30 cells without overlap: after its trial the
/// sparse walk hands this count to the links (`Sparse::pays`), paused or not, at the same
/// places and with the same counters as a walk on the links throughout.
#[test]
fn a_walk_handed_to_the_links_after_its_trial_counts_and_pauses_alike() {
    let mut builder = dancer::ProblemBuilder::new();
    let lengths = builder.primary_items(5);
    let cells = builder.secondary_items(30);
    for (l, &length) in (1..=5).zip(&lengths) {
        for start in 0..=30 - l {
            builder.option(std::iter::once(length).chain(cells[start..start + l].iter().copied()));
        }
    }
    let intervals = builder.build().expect("intervals");
    let (sparse, links) = both(&intervals);
    assert_eq!((sparse, sparse.solutions()), (links, 1_860_480));
    for budget in [1_000, 16_383, 16_385] {
        assert_eq!(
            first_stretches(&intervals, budget, true, 40),
            first_stretches(&intervals, budget, false, 40)
        );
    }
    // Below subproblems that stop before an option of their open level, the walk is judged
    // on its trial and handed to the links with its floor and stop.
    let starts = handed_over(&intervals, 5_000, 0, true);
    assert_eq!(starts, handed_over(&intervals, 5_000, 0, false));
    for at in &starts {
        assert_eq!(
            stretches_from(&intervals, at, 4_099, true, 3),
            stretches_from(&intervals, at, 4_099, false, 3)
        );
    }
}

/// With 128 primary items or more the sparse walk keeps its empty and one-option lists
/// instead of scanning: the same counters, places and counts as the links.
#[test]
fn many_primary_items_count_and_pause_alike() {
    // 2x20: 40 items, the scan; 2x70: 140 items, the lists (10 946 and 308 061 521 170 129
    // tilings: the second is paused, not finished).
    let small = dominoes_2xn(20);
    let (sparse, links) = both(&small);
    assert_eq!((sparse, sparse.solutions()), (links, 10_946));
    let large = dominoes_2xn(70);
    for budget in [1, 7, 100] {
        assert_eq!(
            first_stretches(&large, budget, true, 300),
            first_stretches(&large, budget, false, 300)
        );
    }
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/dlx/sudoku9x9.dlx"
    ))
    .expect("data/dlx/sudoku9x9.dlx");
    let sudoku = dancer::parse(&text).expect("parses").problem;
    let (sparse, links) = both(&sudoku);
    assert_eq!((sparse, sparse.nodes(), sparse.updates()), (links, 2_741, 49_765));
    assert_eq!(stretches(&sudoku, 10, true, 20), stretches(&sudoku, 10, false, 20));
}

/// Explores `problem` in stretches of `budget` nodes, every solution wanted (`sparse`: on
/// sparse sets) or all but one (on the links), and returns the place and counters at every
/// pause; from pause `split_at` on, each pause also gives half the work left away
/// (`split_off`, which moves a sparse walk onto the links; `usize::MAX`: never).
pub(crate) fn stretches(
    problem: &Problem,
    budget: u64,
    sparse: bool,
    split_at: usize,
) -> Vec<String> {
    stretches_from(problem, &Subproblem::root(), budget, sparse, split_at)
}

/// [`stretches`] from subproblem `at`.
fn stretches_from(
    problem: &Problem,
    at: &Subproblem,
    budget: u64,
    sparse: bool,
    split_at: usize,
) -> Vec<String> {
    let wanted = if sparse { u64::MAX } else { u64::MAX - 1 };
    let mut solver = problem.solver();
    solver.enter(at).expect("a subproblem of the tree");
    let mut seen = Vec::new();
    let mut branches = Vec::new();
    loop {
        let pause = solver.explore(budget, wanted);
        let place = solver.position(&mut branches);
        seen.push(format!("{pause:?} {:?} {place:?} {branches:?}", solver.stats()));
        if seen.len() > split_at {
            let given = solver.split_off(&mut branches);
            seen.push(format!("gave {given:?} {branches:?}"));
        }
        if pause == Pause::Done {
            return seen;
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    /// Paused every few nodes, the sparse walk stands where the links' search stands, with
    /// the same counters and the same place and shares; split, it goes on alike.
    #[test]
    fn a_paused_sparse_walk_names_the_links_place(
        problem in problems(10, 20),
        budget in 1u64..6,
        split_at in 0usize..8,
    ) {
        prop_assert_eq!(
            stretches(&problem, budget, true, split_at),
            stretches(&problem, budget, false, split_at)
        );
    }
}

/// What a worker may be given: the pieces of a split to `depth`, and what a search (on sparse
/// sets or not) paused after `nodes` nodes gives away three times and keeps, which stops
/// before an option of its open level.
fn handed_over(problem: &Problem, nodes: u64, depth: usize, sparse: bool) -> Vec<Subproblem> {
    let wanted = if sparse { u64::MAX } else { u64::MAX - 1 };
    let mut solver = problem.solver();
    solver.enter(&Subproblem::root()).expect("the root");
    let mut given = Vec::new();
    let mut branches = Vec::new();
    if solver.explore(nodes, wanted) == Pause::Budget {
        given.extend((0..3).filter_map(|_| solver.split_off(&mut branches)));
        given.extend(solver.position(&mut branches));
    }
    let split = problem.solver().split_at_depth(depth);
    given.extend(split.pieces.iter().map(|piece| piece.subproblem().clone()));
    given
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// Entered at a subproblem (given away, kept, or a piece of a split) and paused every few
    /// nodes, the sparse walk stands where the links' search stands, with the same counters,
    /// place and shares, and gives away the same work.
    #[test]
    fn a_sparse_walk_below_a_subproblem_names_the_links_place(
        problem in problems(10, 20),
        nodes in 0u64..40,
        depth in 0usize..4,
        budget in 1u64..6,
        split_at in 0usize..8,
    ) {
        let starts = handed_over(&problem, nodes, depth, true);
        prop_assert_eq!(&starts, &handed_over(&problem, nodes, depth, false));
        for at in &starts {
            prop_assert_eq!(
                stretches_from(&problem, at, budget, true, split_at),
                stretches_from(&problem, at, budget, false, split_at)
            );
        }
    }
}

#[test]
fn eight_queens_paused_every_hundred_nodes() {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/dlx/queens8.dlx"))
            .expect("data/dlx/queens8.dlx");
    let problem = dancer::parse(&text).expect("parses").problem;
    let sparse = stretches(&problem, 100, true, usize::MAX);
    assert_eq!(sparse, stretches(&problem, 100, false, usize::MAX));
    assert!(sparse.last().expect("pauses").contains("nodes: 1049, updates: 16680"), "{sparse:?}");
}
