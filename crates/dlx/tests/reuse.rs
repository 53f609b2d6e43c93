//! Reusing one solver: committing options (a partial solution), clashes and their rollback,
//! `reset`, stopping a search early, and cloning a solver mid-search. Every count is checked
//! against a filter of the full problem's enumeration, which the published counts in
//! `counts.rs` vouch for, or against the oracle.

use std::{collections::BTreeSet, ops::ControlFlow};

use dancer::{CommitError, Entry, ItemId, OptionId, Problem, ProblemBuilder};

use crate::{
    counts::{binary_matrices::binary_matrices, langford::langford, n_queens::queens, toy},
    oracle,
};

/// Every solution of `problem` as a set of options, from one full search.
fn enumerate(problem: &Problem) -> Vec<BTreeSet<OptionId>> {
    problem.solver().solutions().map(|s| s.into_iter().collect()).collect()
}

/// How many of `all` contain every option of `committed`.
fn containing(all: &[BTreeSet<OptionId>], committed: &[OptionId]) -> u64 {
    all.iter().filter(|s| committed.iter().all(|o| s.contains(o))).count() as u64
}

fn ids(indices: &[usize]) -> Vec<OptionId> {
    indices.iter().map(|&k| OptionId::new(k)).collect()
}

#[test]
fn committing_one_option_counts_the_solutions_containing_it() {
    // Langford is uncoloured; the 4×4 binary matrices share coloured secondary items.
    for problem in [langford(7).unwrap(), queens(6).unwrap(), binary_matrices(4, 2).unwrap()] {
        let all = enumerate(&problem);
        let mut solver = problem.solver();
        for k in 0..problem.option_count() {
            let option = OptionId::new(k);
            solver.commit(option).unwrap();
            assert_eq!(solver.count(), containing(&all, &[option]), "option {k}");
            solver.reset();
        }
    }
}

#[test]
fn committing_part_of_each_solution_counts_its_completions() {
    let problem = binary_matrices(4, 2).unwrap();
    let all = enumerate(&problem);
    assert_eq!(all.len(), 90, "OEIS A001499");
    let mut solver = problem.solver();
    for solution in &all {
        let options: Vec<OptionId> = solution.iter().copied().collect();
        // Every prefix of the solution, committed in reverse order for variety.
        for len in 0..=options.len() {
            let mut part = options[..len].to_vec();
            part.reverse();
            solver.commit_all(part.iter().copied()).unwrap();
            let expected = containing(&all, &part);
            assert_eq!(solver.count(), expected);
            // Reported solutions are the committed options followed by the search's choices.
            for found in solver.solutions() {
                assert_eq!(found[..len], part[..]);
                assert!(all.contains(&found.into_iter().collect()));
            }
            solver.reset();
        }
    }
}

#[test]
fn eight_queens_one_cell_at_a_time() {
    // Each of the 92 solutions has 8 queens, so committing each cell in turn counts it 8 times.
    let problem = queens(8).unwrap();
    let all = enumerate(&problem);
    let mut solver = problem.solver();
    let mut total = 0;
    for k in 0..problem.option_count() {
        solver.commit(OptionId::new(k)).unwrap();
        solver.reset_stats();
        let count = solver.count();
        assert_eq!(count, containing(&all, &[OptionId::new(k)]));
        // The committed queen is not the search's choice: the other seven are, when they fit.
        let depth = solver.stats().max_depth();
        assert!(if count > 0 { depth == 7 } else { depth < 7 }, "cell {k}: depth {depth}");
        total += count;
        solver.reset();
        assert!(solver.committed().is_empty());
    }
    assert_eq!(total, 92 * 8);
    assert_eq!(solver.count(), 92);
}

#[test]
fn a_clashing_commit_is_refused_and_the_solver_stays_usable() {
    let problem = toy();
    let mut solver = problem.solver();
    solver.commit(OptionId::new(3)).unwrap(); // A D
                                              // A D G shares A (its first item) with A D.
    let error = solver.commit(OptionId::new(1)).unwrap_err();
    assert_eq!(
        error,
        CommitError::Clash { option: OptionId::new(1), item: problem.item_id("A").unwrap() }
    );
    assert_eq!(solver.committed(), ids(&[3]));
    // The only solution contains A D; the refused option left no trace.
    assert_eq!(solver.count(), 1);
    solver.commit(OptionId::new(0)).unwrap(); // C E F
    assert_eq!(solver.count(), 1);
    // B C F clashes on C, which is primary, before F.
    let error = solver.commit(OptionId::new(2)).unwrap_err();
    assert_eq!(
        error,
        CommitError::Clash { option: OptionId::new(2), item: problem.item_id("C").unwrap() }
    );
    assert_eq!(solver.count(), 1);
    solver.reset();
    assert_eq!(solver.count(), 1);
}

#[test]
fn secondary_items_clash_unless_coloured_alike() {
    // a and b are covered by one option each; x is shared according to the colours.
    let mut builder = ProblemBuilder::new();
    let [a, b] = [builder.primary("a"), builder.primary("b")];
    let x = builder.secondary("x");
    let [red, blue] = [builder.color("red"), builder.color("blue")];
    let a_red = builder.option::<Entry>([a.into(), (x, red).into()]);
    let b_red = builder.option::<Entry>([b.into(), (x, red).into()]);
    let b_blue = builder.option::<Entry>([b.into(), (x, blue).into()]);
    let b_plain = builder.option([b, x]);
    let problem = builder.build().unwrap();
    assert_eq!(problem.solver().count(), 1, "only a_red with b_red");
    let clash = |option| Err(CommitError::Clash { option, item: x });
    for (other, expected) in [(b_red, Ok(())), (b_blue, clash(b_blue)), (b_plain, clash(b_plain))] {
        let mut solver = problem.solver();
        solver.commit(a_red).unwrap();
        assert_eq!(solver.commit(other), expected);
        // Whether or not `other` was taken, the one solution {a_red, b_red} remains.
        assert_eq!(solver.count(), 1);
    }
    // An uncoloured use is exclusive whichever comes first.
    let mut solver = problem.solver();
    solver.commit(b_plain).unwrap();
    assert_eq!(solver.commit(a_red), clash(a_red));
    assert_eq!(solver.count(), 0);
}

#[test]
fn unknown_option_is_refused() {
    let problem = toy();
    let mut solver = problem.solver();
    let option = OptionId::new(6);
    assert_eq!(solver.commit(option), Err(CommitError::UnknownOption { option }));
    assert_eq!(solver.commit_all(ids(&[3, 6])), Err(CommitError::UnknownOption { option }));
    assert!(solver.committed().is_empty());
    assert_eq!(solver.count(), 1);
}

#[test]
fn commit_all_rolls_back_on_error() {
    let problem = toy();
    let mut solver = problem.solver();
    // C E F and A D fit; A D G then clashes on A: all three are undone.
    let error = solver.commit_all(ids(&[0, 3, 1])).unwrap_err();
    assert_eq!(
        error,
        CommitError::Clash { option: OptionId::new(1), item: problem.item_id("A").unwrap() }
    );
    assert!(solver.committed().is_empty());
    assert_eq!(solver.count(), 1);
    // Options committed before the call stay: B G, then A D fits and D E G clashes on D.
    solver.commit(OptionId::new(4)).unwrap();
    let error = solver.commit_all(ids(&[3, 5])).unwrap_err();
    assert_eq!(
        error,
        CommitError::Clash { option: OptionId::new(5), item: problem.item_id("D").unwrap() }
    );
    assert_eq!(solver.committed(), ids(&[4]));
    assert_eq!(solver.count(), 1);
    solver.commit_all(ids(&[0, 3])).unwrap();
    assert_eq!(
        solver.first().map(|s| s.into_iter().collect()),
        Some(BTreeSet::from_iter(ids(&[0, 3, 4])))
    );
}

#[test]
fn reset_restores_the_fresh_count_and_stats() {
    let problem = langford(8).unwrap();
    let mut fresh = problem.solver();
    let expected = fresh.count();
    let mut solver = problem.solver();
    solver.commit_all(ids(&[2, 40])).unwrap();
    solver.count();
    solver.reset();
    assert!(solver.committed().is_empty());
    solver.reset_stats();
    assert_eq!(solver.count(), expected);
    // Back in its initial state, the solver searches the very same tree.
    assert_eq!(solver.stats(), fresh.stats());
}

#[test]
fn stopping_early_then_committing() {
    let problem = queens(8).unwrap();
    let all = enumerate(&problem);
    let corner = OptionId::new(0);
    let expected = containing(&all, &[corner]);
    let mut solver = problem.solver();
    // Each way of abandoning a search part-way must leave the links intact.
    let stops: [fn(&mut dancer::Solver<'_>); 4] = [
        |s| assert!(s.first().is_some()),
        |s| assert!(s.solutions().take(3).count() > 0),
        |s| assert!(s.count_up_to(3) > 0),
        |s| assert!(s.for_each(|_| ControlFlow::Break(())).is_break()),
    ];
    for stop in stops {
        stop(&mut solver);
        solver.commit(corner).unwrap();
        assert_eq!(solver.count(), expected);
        // Stopping early with the option committed, then committing a second one.
        stop(&mut solver);
        let other = all
            .iter()
            .find(|s| s.contains(&corner))
            .and_then(|s| s.iter().find(|&&o| o != corner))
            .copied();
        if let Some(other) = other {
            solver.commit(other).unwrap();
            assert_eq!(solver.count(), containing(&all, &[corner, other]));
        }
        solver.reset();
        assert_eq!(solver.count(), 92);
    }
}

#[test]
fn repeated_counts_agree() {
    let problem = binary_matrices(4, 2).unwrap();
    let mut solver = problem.solver();
    solver.reset_stats();
    assert_eq!(solver.count(), 90);
    let once = solver.stats();
    for _ in 0..5 {
        solver.reset_stats();
        assert_eq!(solver.count(), 90);
        assert_eq!(solver.stats(), once);
    }
}

#[test]
fn next_solution_resumes_and_a_clone_continues_alike() {
    let problem = langford(7).unwrap();
    let mut solver = problem.solver();
    let mut seen = Vec::new();
    for _ in 0..20 {
        seen.push(solver.next_solution().unwrap().to_vec());
    }
    // A clone taken mid-search finds the same remaining solutions as the original.
    let mut copy = solver.clone();
    let rest: Vec<Vec<OptionId>> =
        std::iter::from_fn(|| solver.next_solution().map(<[_]>::to_vec)).collect();
    let rest_of_copy: Vec<Vec<OptionId>> =
        std::iter::from_fn(|| copy.next_solution().map(<[_]>::to_vec)).collect();
    assert_eq!(rest, rest_of_copy);
    assert_eq!(seen.len() + rest.len(), 52);
    // Exhausted, it stays exhausted until a search restarts it.
    assert!(solver.next_solution().is_none());
    assert_eq!(solver.count(), 52);
}

#[test]
fn an_option_of_secondary_items_can_be_committed() {
    // The search never chooses {x}, which covers no primary item, but a commit forces it into
    // every solution, taking x away from {a x}.
    let parsed = dancer::parse("a | x\nx\na x\na\n").unwrap();
    let mut solver = parsed.problem.solver();
    let mut full: Vec<Vec<usize>> = solver.solutions().map(|s| oracle::sorted(&s)).collect();
    full.sort();
    assert_eq!(full, [vec![1], vec![2]]);
    solver.commit(OptionId::new(0)).unwrap();
    assert_eq!(solver.solutions().collect::<Vec<_>>(), [ids(&[0, 2])]);
    assert_eq!(
        solver.commit(OptionId::new(1)),
        Err(CommitError::Clash { option: OptionId::new(1), item: ItemId::new(1) })
    );
    solver.reset();
    assert_eq!(solver.count(), 2);
}

/// Minimal reproduction of a wrongly named clash. Option 1 is `x:red a`; committing option 0,
/// `a x:red`, then option 1 must fail on `a`, which both options cover. It must not name `x`:
/// both give `x` the same colour, so `x` may be shared (`CommitError::Clash`'s documentation:
/// an item "already covered by a committed option (or purified with another colour)").
#[test]
fn clash_on_a_shared_colour_names_the_covered_item() {
    let mut builder = ProblemBuilder::new();
    let a = builder.primary("a");
    let x = builder.secondary("x");
    let red = builder.color("red");
    let first = builder.option::<Entry>([a.into(), (x, red).into()]);
    let second = builder.option::<Entry>([(x, red).into(), a.into()]);
    let problem = builder.build().unwrap();
    assert_eq!(oracle::clash(&problem, &[0], 1), Some(0));
    let mut solver = problem.solver();
    solver.commit(first).unwrap();
    assert_eq!(
        solver.commit(second),
        Err(CommitError::Clash { option: second, item: ItemId::new(0) })
    );
    // The same when an option is committed twice.
    let mut solver = problem.solver();
    solver.commit(second).unwrap();
    assert_eq!(solver.commit(second), Err(CommitError::Clash { option: second, item: a }));
}

#[test]
fn a_solver_that_owns_its_problem_searches_as_a_borrowing_one() {
    // Moved to another thread and kept there: it borrows nothing. Counts, counters, commits
    // and the forks of a run on two threads all agree with the borrowing solver's.
    for problem in [langford(7).unwrap(), queens(7).unwrap(), binary_matrices(4, 2).unwrap()] {
        let mut borrowing = problem.solver();
        let (count, stats) = (borrowing.count(), borrowing.stats());
        borrowing.commit(OptionId::new(1)).unwrap();
        let committed = borrowing.count();
        let run = dancer::run::Run::new().threads(2).count(&mut problem.solver()).unwrap();

        let shared = std::sync::Arc::new(problem.clone());
        let mut owning = dancer::Solver::owning(std::sync::Arc::clone(&shared));
        let on_thread = std::thread::spawn(move || {
            let counted = (owning.count(), owning.stats());
            owning.commit(OptionId::new(1)).unwrap();
            (counted, owning.count())
        });
        assert_eq!(on_thread.join().unwrap(), ((count, stats), committed));
        let mut owning = problem.clone().into_solver();
        let owned_run = dancer::run::Run::new().threads(2).count(&mut owning).unwrap();
        assert_eq!(owned_run.solutions(), run.solutions());
        assert_eq!(owned_run.stats().nodes(), run.stats().nodes());
        assert_eq!(owning.problem().option_count(), shared.option_count());
    }
}
