//! Unit tests of the search: the two ways of resetting, the dense MRV scan against the list
//! walk, and shuffling (forks and fingerprints of shuffled trees too).

mod reset {
    use crate::builder::ProblemBuilder;
    use crate::ids::OptionId;

    /// All 2-element subsets of 12 items: commits and partial searches of any size.
    pub(super) fn pairs() -> crate::Problem {
        let mut builder = ProblemBuilder::new();
        let items = builder.primary_items(12);
        for a in 0..12 {
            for b in a + 1..12 {
                builder.option([items[a], items[b]]);
            }
        }
        builder.build().unwrap()
    }

    #[test]
    fn both_ways_of_resetting_restore_the_initial_links_exactly() {
        let problem = pairs();
        let mut solver = problem.solver();
        // One option committed: undoing is cheaper than copying.
        solver.commit(OptionId::new(0)).unwrap();
        assert!(solver.committed_updates + solver.search_updates <= solver.matrix.restore_cost());
        solver.reset();
        assert_eq!(solver.matrix, problem.matrix);
        // Five disjoint pairs committed and a search under way: copying is cheaper.
        let disjoint = [(0, 1), (2, 3), (4, 5), (6, 7), (8, 9)];
        for (a, b) in disjoint {
            let index = (0..a).map(|k| 11 - k).sum::<usize>() + (b - a - 1);
            solver.commit(OptionId::new(index)).unwrap();
        }
        assert_eq!(solver.count(), 1);
        assert!(solver.next_solution().is_none());
        solver.commit(OptionId::new(0)).unwrap_err();
        solver.restart();
        assert!(solver.next_solution().is_some());
        assert!(solver.committed_updates + solver.search_updates > solver.matrix.restore_cost());
        solver.reset();
        assert_eq!(solver.matrix, problem.matrix);
        assert!(solver.committed().is_empty());
        // 12 items pair up in 11 · 9 · 7 · 5 · 3 · 1 ways.
        assert_eq!(solver.count(), 10_395);
    }
}

mod dense {
    use crate::builder::ProblemBuilder;
    use crate::ids::OptionId;
    use crate::problem::{Entry, Problem};

    /// 160 primary items (enough for the dense MRV scan) and 12 secondary ones, each primary
    /// item with a singleton option so that solutions abound (unless not `singletons`: then
    /// dead ends abound), plus random options of two to five items, some with coloured
    /// secondary items when `colors`.
    fn large(colors: bool) -> Problem {
        large_with(colors, true)
    }

    fn large_with(colors: bool, singletons: bool) -> Problem {
        let mut builder = ProblemBuilder::new();
        let primary = builder.primary_items(160);
        let secondary = builder.secondary_items(12);
        let palette = [builder.color("a"), builder.color("b")];
        let mut state = 0x2545_f491_u64;
        let mut next = |below: usize| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (state >> 33) as usize % below
        };
        for &item in primary.iter().filter(|_| singletons) {
            builder.option([item]);
        }
        for _ in 0..600 {
            let mut entries: Vec<Entry> = Vec::new();
            for _ in 0..2 + next(4) {
                let item = primary[next(primary.len())];
                if entries.iter().all(|e| e.item != item) {
                    entries.push(item.into());
                }
            }
            if next(2) == 0 {
                let item = secondary[next(secondary.len())];
                let color = (colors && next(3) > 0).then(|| palette[next(2)]);
                entries.push(Entry { item, color });
            }
            builder.option(entries);
        }
        builder.build().unwrap()
    }

    /// The dense scan of the lengths must choose exactly the item the list walk chooses, so
    /// both walk the same tree: same solutions in the same order, same nodes and updates.
    #[test]
    fn the_dense_and_the_list_scans_walk_the_same_tree() {
        for colors in [false, true] {
            let problem = large(colors);
            assert!(problem.matrix.dense);
            assert_eq!(problem.matrix.has_colors, colors);
            let mut listed = problem.clone();
            listed.matrix.dense = false;
            let run = |problem: &Problem| {
                let mut solver = problem.solver();
                let mut solutions: Vec<Vec<OptionId>> = Vec::new();
                while solutions.len() < 3_000 {
                    let Some(solution) = solver.next_solution() else { break };
                    solutions.push(solution.to_vec());
                }
                (solutions, solver.stats())
            };
            let (dense, dense_stats) = run(&problem);
            let (list, list_stats) = run(&listed);
            assert_eq!(dense.len(), 3_000, "colors {colors}");
            assert_eq!(dense, list, "colors {colors}");
            assert_eq!(dense_stats, list_stats, "colors {colors}");
            // Every solution covers all 160 items, so each path to one went from the dense scan
            // (all items active) to the list walk (fewer than a quarter active); and the paths
            // were long, not a few large options.
            assert!(dense_stats.max_depth() > 40, "{dense_stats:?}");
        }
    }

    /// Counting the short lists (what problems with thousands of items do) must choose exactly
    /// the item the scans choose: the same tree, solutions in the same order, same counters.
    #[test]
    fn counting_short_lists_walks_the_same_tree() {
        for (colors, singletons) in [(false, true), (true, true), (false, false), (true, false)] {
            let problem = large_with(colors, singletons);
            let mut counted = problem.clone();
            counted.matrix.count_short_lists(true);
            // The first 200 000 nodes of each tree, and the solutions among them, in order.
            let run = |problem: &Problem| {
                let found = std::sync::Mutex::new(Vec::new());
                let visit = |solver: &crate::Solver<'_>| {
                    found.lock().unwrap().push(solver.solution().to_vec());
                    std::ops::ControlFlow::Continue(())
                };
                let run = crate::run::Run::new().node_limit(200_000);
                let outcome = run.visit(&mut problem.solver(), &visit).unwrap();
                (found.into_inner().unwrap(), outcome.stats())
            };
            let (plain, plain_stats) = run(&problem);
            let (fast, fast_stats) = run(&counted);
            let case = format!("colors {colors}, singletons {singletons}");
            // With singletons, solutions abound; without, dead ends do.
            assert_eq!(plain.len() > 1_000, singletons, "{case}: {}", plain.len());
            assert_eq!(plain_stats.nodes(), 200_000, "{case}");
            assert_eq!(fast, plain, "{case}");
            assert_eq!(fast_stats, plain_stats, "{case}");
            // The counts come back to where they started once the search is undone.
            let mut solver = counted.solver();
            crate::explore::Explore::explore(&mut solver, 5_000, u64::MAX);
            solver.restart();
            assert_eq!(solver.matrix, counted.matrix);
        }
    }
}

mod shuffle {
    use std::collections::BTreeSet;

    use crate::builder::ProblemBuilder;
    use crate::explore::Explore;

    #[test]
    fn shuffling_changes_the_order_not_the_solutions_and_reset_undoes_it() {
        // Exact covers of 6 items by pairs: 15 solutions.
        let mut builder = ProblemBuilder::new();
        let items = builder.primary_items(6);
        for a in 0..6 {
            for b in a + 1..6 {
                builder.option([items[a], items[b]]);
            }
        }
        let problem = builder.build().unwrap();
        let mut solver = problem.solver();
        let sorted = |s: Vec<crate::OptionId>| s.into_iter().collect::<BTreeSet<_>>();
        let plain: Vec<_> = solver.solutions().map(sorted).collect();
        let mut state = 1u64;
        let mut random = |k: usize| {
            state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            (state >> 33) as usize % k
        };
        let mut orders = BTreeSet::new();
        for _ in 0..20 {
            solver.shuffle(&mut random);
            let shuffled: Vec<_> = solver.solutions().map(sorted).collect();
            assert_eq!(
                shuffled.iter().collect::<BTreeSet<_>>(),
                plain.iter().collect::<BTreeSet<_>>()
            );
            orders.insert(shuffled);
        }
        assert!(orders.len() > 1, "twenty shuffles gave one order");
        solver.reset();
        assert_eq!(solver.matrix, problem.matrix);
        assert_eq!(solver.solutions().map(sorted).collect::<Vec<_>>(), plain);
    }

    /// A generator of numbers below `k`, seeded.
    fn random(seed: u64) -> impl FnMut(usize) -> usize {
        let mut state = seed;
        move |k| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (state >> 33) as usize % k
        }
    }

    #[test]
    fn forks_keep_the_order_and_fingerprints_name_it() {
        let problem = super::reset::pairs();
        let mut solver = problem.solver();
        let plain = solver.fingerprint();
        solver.shuffle(&mut random(3));
        let shuffled = solver.fingerprint();
        assert_ne!(shuffled, plain, "a shuffled tree is another tree");
        let fork = solver.fork();
        assert_eq!(fork.matrix, solver.matrix, "a fork tries the options in the same order");
        assert_eq!(fork.fingerprint(), shuffled);
        // The same order again: the same fingerprint; another order: another.
        let mut again = problem.solver();
        again.shuffle(&mut random(3));
        assert_eq!(again.fingerprint(), shuffled);
        again.shuffle(&mut random(4));
        assert_ne!(again.fingerprint(), shuffled);
        solver.reset();
        assert_eq!(solver.fingerprint(), plain);
        assert_eq!(solver.fork().matrix, problem.matrix);
    }

    /// A shuffle that changes no list (every list has one option) leaves the tree as it was.
    #[test]
    fn a_shuffle_of_single_option_lists_changes_nothing() {
        let mut builder = ProblemBuilder::new();
        let items = builder.primary_items(3);
        builder.option([items[0], items[1]]);
        builder.option([items[2]]);
        let problem = builder.build().unwrap();
        let mut solver = problem.solver();
        solver.shuffle(&mut random(1));
        assert!(solver.order.is_none());
        assert_eq!(solver.fingerprint(), problem.fingerprint());
    }

    /// Workers start from forks and replay paths given away by others: with forks in the
    /// problem's order, the positions would name other subtrees and the counts would be wrong.
    #[test]
    fn a_shuffled_search_on_several_threads_counts_what_one_thread_does() {
        // All pairings of 14 items: 13 · 11 · 9 · 7 · 5 · 3 = 135 135, enough to hand work over.
        let mut builder = ProblemBuilder::new();
        let items = builder.primary_items(14);
        for a in 0..14 {
            for b in a + 1..14 {
                builder.option([items[a], items[b]]);
            }
        }
        let problem = builder.build().unwrap();
        let mut one = problem.solver();
        one.shuffle(&mut random(9));
        let alone = crate::run::Run::new().threads(1).count(&mut one).unwrap();
        assert_eq!(alone.solutions(), 135_135);
        for threads in [2, 4] {
            let mut solver = problem.solver();
            solver.shuffle(&mut random(9));
            let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
            let run = crate::run::Run::new().threads(threads);
            let outcome = pool.install(|| run.count(&mut solver)).unwrap();
            assert_eq!(outcome.solutions(), 135_135, "{threads} threads");
            assert_eq!(outcome.stats().nodes(), alone.stats().nodes(), "{threads} threads");
            assert_eq!(outcome.stats().updates(), alone.stats().updates(), "{threads} threads");
            assert!(outcome.splits() > 0, "work was handed over on {threads} threads");
        }
    }
}

mod sparse_trial {
    use crate::builder::ProblemBuilder;
    use crate::problem::Problem;

    /// Intervals of lengths 1 to `k` on a line of `n` cells without overlap (a secondary item
    /// per cell): solution-dense and secondary-heavy, a few updates a node.
    fn intervals(k: usize, n: usize) -> Problem {
        let mut builder = ProblemBuilder::new();
        let lengths = builder.primary_items(k);
        let cells = builder.secondary_items(n);
        for (l, &length) in (1..=k).zip(&lengths) {
            for start in 0..=n - l {
                builder
                    .option(std::iter::once(length).chain(cells[start..start + l].iter().copied()));
            }
        }
        builder.build().unwrap()
    }

    /// After its trial a sparse walk that puts back many saved sizes per update hands the
    /// count to the links (intervals: 6.4 per update), one that does not keeps it (pairings
    /// of 14 items), and either way the counters are the links' own.
    /// See: issue 25 (set partitions and intervals against the `dlx` crate).
    #[test]
    fn a_count_leaves_the_sparse_sets_where_the_links_undo_for_less() {
        let dense = intervals(5, 30);
        let mut pairings = ProblemBuilder::new();
        let items = pairings.primary_items(14);
        for a in 0..14 {
            for b in a + 1..14 {
                pairings.option([items[a], items[b]]);
            }
        }
        let pairings = pairings.build().unwrap();
        for (problem, unfit) in [(&dense, true), (&pairings, false)] {
            let mut solver = problem.solver();
            let found = solver.count();
            assert!(solver.stats().nodes() > super::super::sparse::SPARSE_TRIAL);
            assert_eq!(solver.sparse_unfit, unfit);
            let mut links = problem.solver();
            assert_eq!(links.count_up_to(u64::MAX - 1), found);
            assert_eq!(solver.stats(), links.stats());
        }
    }
}

mod sparse_workers {
    use crate::explore::{Explore, Pause};
    use crate::subproblem::Subproblem;

    /// A count that gives work away keeps walking on sparse sets, and the worker that takes
    /// the work walks it there too, from the subproblem's path; the two add up to one count.
    /// Only a search that is not a complete count (a solution wanted) goes to the links. See:
    /// issue 38 (a hand-over moved the walk to the links, and workers searched there).
    #[test]
    fn a_worker_counts_its_subproblem_on_sparse_sets() {
        let problem = super::reset::pairs();
        let mut alone = problem.solver();
        assert_eq!(alone.count(), 10_395);
        let mut solver = problem.solver();
        solver.enter(&Subproblem::root()).unwrap();
        assert_eq!(solver.explore(5, u64::MAX), Pause::Budget);
        assert!(solver.sparse_walk);
        let mut branches = Vec::new();
        let given = solver.split_off(&mut branches).expect("options left at the root");
        assert!(solver.sparse_walk, "a hand-over moved the walk to the links");
        let mut worker = solver.fork();
        worker.enter(&given).unwrap();
        assert_eq!(worker.explore(3, u64::MAX), Pause::Budget);
        assert!(worker.sparse_walk, "the worker searched its subproblem on the links");
        let place = worker.position(&mut branches).expect("a place");
        assert_eq!((place.open_from(), place.until()), (given.open_from(), given.until()));
        assert_eq!(solver.explore(u64::MAX, u64::MAX), Pause::Done);
        assert_eq!(worker.explore(u64::MAX, u64::MAX), Pause::Done);
        let (solver, worker) = (solver.stats(), worker.stats());
        assert_eq!(solver.solutions() + worker.solutions(), 10_395);
        assert_eq!(solver.nodes() + worker.nodes(), alone.stats().nodes());
        assert_eq!(solver.updates() + worker.updates(), alone.stats().updates());
        // A search for a solution goes on on the links, from the same place.
        let mut visitor = problem.solver();
        visitor.enter(&given).unwrap();
        assert_eq!(visitor.explore(3, u64::MAX), Pause::Budget);
        assert!(visitor.sparse_walk);
        assert_eq!(visitor.explore(u64::MAX, 1), Pause::Solution);
        assert!(!visitor.sparse_walk);
    }
}
