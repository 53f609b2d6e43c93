//! A count on dancing links takes the options of the last active primary item as solutions in
//! one walk of its list (`matrix/last_item.rs`), with the nodes and updates the search would
//! have counted entering each. Enumeration stops at every solution, so it never takes that
//! walk: the two must count alike, with colours, and with options that have no primary item
//! (where the walk does not hold, and is not taken). Paused by a node budget anywhere, the
//! count stands where the sparse sets' count (which has no such walk) stands.

use dancer::{strategy::specs, Problem, Stats};
use proptest::prelude::*;

use crate::sparse::stretches;

/// The counters of a count on the links (a limit of `u64::MAX - 1`, which no test problem
/// reaches, keeps it there) and of an enumeration of every solution.
fn count_and_enumeration(problem: &Problem) -> (Stats, Stats) {
    let mut counted = problem.solver();
    let solutions = counted.count_up_to(u64::MAX - 1);
    let mut enumerated = problem.solver();
    let mut found = 0;
    while enumerated.next_solution().is_some() {
        found += 1;
    }
    assert_eq!(found, solutions);
    (counted.stats(), enumerated.stats())
}

/// Random problems whose every option has a primary item (those without one get the first
/// primary item), where the walk is taken: with coloured secondary items, purified ones too.
fn primary_everywhere(max_items: usize, max_options: usize) -> impl Strategy<Value = Problem> {
    specs(max_items, max_options).prop_map(|mut spec| {
        let primary = spec.primary;
        for option in &mut spec.options {
            if !option.iter().any(|&(item, _)| item < primary) {
                option.push((0, None));
            }
        }
        spec.build().expect("a spec with a primary item in every option builds")
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2_000, ..ProptestConfig::default() })]

    #[test]
    fn a_count_counts_as_enumeration_does(problem in primary_everywhere(12, 24)) {
        let (counted, enumerated) = count_and_enumeration(&problem);
        prop_assert_eq!(counted, enumerated);
    }

    /// Options without a primary item stay in the lists of their secondary items, so the walk
    /// would miss their hiding: such problems are counted on the links step by step.
    #[test]
    fn options_without_a_primary_item_count_alike(problem in dancer::strategy::problems(12, 24)) {
        let (counted, enumerated) = count_and_enumeration(&problem);
        prop_assert_eq!(counted, enumerated);
    }

    /// Paused by a budget, a count on the links stands where one on sparse sets stands.
    #[test]
    fn a_paused_count_stands_where_the_sparse_count_does(
        problem in primary_everywhere(10, 20),
        budget in 1u64..8,
    ) {
        // On the links (all solutions wanted but one, so that the walk of the last item is
        // taken) and on sparse sets (`Solver::count`'s back-end, which does not take it).
        let never = usize::MAX;
        prop_assert_eq!(stretches(&problem, budget, false, never), stretches(&problem, budget, true, never));
    }
}

/// Intervals of lengths 1 to 5 on 30 cells, where 94% of the nodes are the last item's
/// options: DLX1's counters (`dlx1 < intervals_5_30.dlx`: 1 985 273 nodes, 4 695 827
/// updates), counted on the links.
#[test]
fn intervals_count_dlx1s_nodes_and_updates_on_the_links() {
    let mut builder = dancer::ProblemBuilder::new();
    let lengths = builder.primary_items(5);
    let cells = builder.secondary_items(30);
    for (l, &length) in (1..=5).zip(&lengths) {
        for start in 0..=30 - l {
            builder.option(std::iter::once(length).chain(cells[start..start + l].iter().copied()));
        }
    }
    let intervals = builder.build().expect("intervals");
    let mut solver = intervals.solver();
    assert_eq!(solver.count_up_to(u64::MAX - 1), 1_860_480);
    let stats = solver.stats();
    assert_eq!((stats.nodes(), stats.updates(), stats.max_depth()), (1_985_273, 4_695_827, 5));
}
