//! Profiling a search as Knuth's DLX1 does when asked to be verbose: the mems the search
//! spends (counted as in `matrix/mems.rs`) and the nodes it enters at each level.

use super::Solver;

impl Solver<'_> {
    /// Sets whether later searches are profiled: they then also count Knuth's mems
    /// ([`Stats::mems`](crate::Stats::mems)) and the nodes entered at each level
    /// ([`profile`](Self::profile)), and find the same solutions with the same nodes and
    /// updates. A profiled search is compiled apart from the ordinary one, which therefore
    /// pays nothing for it; it runs slower (docs/PERFORMANCE.md). A [`Run`](crate::run::Run) of
    /// a profiling solver profiles on every thread and adds the counts up.
    ///
    /// ```
    /// # let mut builder = dancer::ProblemBuilder::new();
    /// # for name in ["A", "B", "C", "D", "E"] { builder.primary(name); }
    /// # builder.secondary("F");
    /// # builder.secondary("G");
    /// # for option in ["C E F", "A D G", "B C F", "A D", "B G", "D E G"] {
    /// #     builder.option_named(option.split(' '));
    /// # }
    /// # let problem = builder.build()?;
    /// // Knuth's toy problem: DLX1 reports 6 nodes, 30 updates and 468 mems, with 1, 2, 2
    /// // and 1 nodes on levels 0 to 3.
    /// let mut solver = problem.solver();
    /// solver.profiling(true);
    /// assert_eq!(solver.count(), 1);
    /// let stats = solver.stats();
    /// assert_eq!((stats.nodes(), stats.updates(), stats.mems()), (6, 30, 468));
    /// assert_eq!(solver.profile(), [1, 2, 2, 1]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn profiling(&mut self, yes: bool) -> &mut Self {
        self.profiling = yes;
        if yes && self.profile.is_empty() {
            // One entry per level the search can reach, so that it never has to grow.
            self.profile = vec![0; self.levels.len()];
        }
        self
    }

    /// Whether searches are profiled.
    pub fn is_profiling(&self) -> bool {
        self.profiling
    }

    /// The nodes entered at each level by profiled searches, as DLX1's profile lists them:
    /// the root at level 0, a solution of `k` options at level `k`. It ends at the deepest
    /// level with a node (so it is empty when nothing was profiled), and counts since the
    /// solver was made or [`reset_stats`](Self::reset_stats) was called.
    pub fn profile(&self) -> &[u64] {
        let end = self.profile.iter().rposition(|&nodes| nodes > 0).map_or(0, |last| last + 1);
        &self.profile[..end]
    }
}

#[cfg(test)]
mod tests {
    use crate::builder::ProblemBuilder;
    use crate::explore::Explore;
    use crate::run::Run;

    /// All pairings of `n` items, as options of two.
    fn pairings(n: usize) -> crate::Problem {
        let mut builder = ProblemBuilder::new();
        let items = builder.primary_items(n);
        for a in 0..n {
            for b in a + 1..n {
                builder.option([items[a], items[b]]);
            }
        }
        builder.build().unwrap()
    }

    #[test]
    fn profiling_changes_no_other_counter() {
        let problem = pairings(8);
        let mut plain = problem.solver();
        let mut profiled = problem.solver();
        profiled.profiling(true);
        assert_eq!(plain.count(), 105);
        assert_eq!(profiled.count(), 105);
        let (a, b) = (plain.stats(), profiled.stats());
        assert_eq!(
            (a.nodes(), a.updates(), a.max_depth()),
            (b.nodes(), b.updates(), b.max_depth())
        );
        assert_eq!((a.mems(), plain.profile()), (0, &[][..]));
        assert!(b.mems() > 0);
        assert_eq!(profiled.profile().iter().sum::<u64>(), b.nodes());
        assert_eq!(profiled.profile().len(), b.max_depth() as usize + 1);
        // Levels 0 to 4: 1 root, 7 pairs for item 0, 7·5, 7·5·3, 7·5·3 solutions.
        assert_eq!(profiled.profile(), [1, 7, 35, 105, 105]);
    }

    #[test]
    fn counters_and_profile_start_again_at_reset_stats() {
        let problem = pairings(6);
        let mut solver = problem.solver();
        solver.profiling(true);
        solver.count();
        let once = (solver.stats().mems(), solver.profile().to_vec());
        solver.count();
        assert_eq!(solver.stats().mems(), 2 * once.0);
        solver.reset_stats();
        assert_eq!((solver.stats().mems(), solver.profile()), (0, &[][..]));
        solver.count();
        assert_eq!((solver.stats().mems(), solver.profile().to_vec()), once);
    }

    #[test]
    fn runs_add_up_the_workers_profiles_and_mems() {
        let problem = pairings(12);
        let mut alone = problem.solver();
        alone.profiling(true);
        alone.count();
        for threads in [1, 2, 4] {
            let mut solver = problem.solver();
            solver.profiling(true);
            let outcome = Run::new().threads(threads).poll_nodes(7).count(&mut solver).unwrap();
            assert_eq!(outcome.stats(), alone.stats(), "{threads} threads");
            assert_eq!(outcome.profile(), alone.profile(), "{threads} threads");
        }
        // A fork profiles as its parent does, from nothing.
        let fork = alone.fork();
        assert!(fork.is_profiling());
        assert_eq!(fork.stats().mems(), 0);
    }
}
