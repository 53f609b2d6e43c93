//! Knuth's Monte Carlo estimate of a search tree (TAOCP 7.2.2, "Estimating the running time";
//! D. E. Knuth, "Estimating the efficiency of backtrack programs", 1975): walk down from the
//! root choosing a random option at each node; the products of the branching degrees along the
//! path give an unbiased estimate of the tree's nodes, updates and solutions.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{Level, Solver};
use crate::explore::Explore;
use crate::matrix::{with_mode, Mode, COVERED};
use crate::search::Heuristic;
use crate::subproblem::{PathError, Subproblem};

/// An estimate of a search tree: means over random paths, with their standard errors.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Estimate {
    samples: u64,
    walked: u64,
    nodes: Mean,
    updates: Mean,
    solutions: Mean,
}

/// A running mean and variance (Welford's method, TAOCP 4.2.2, (15)).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Mean {
    mean: f64,
    /// The sum of squared differences from the mean.
    spread: f64,
}

impl Mean {
    fn add(&mut self, count: u64, value: f64) {
        let delta = value - self.mean;
        self.mean += delta / count as f64;
        self.spread += delta * (value - self.mean);
    }

    fn stderr(self, count: u64) -> f64 {
        if count < 2 {
            return f64::INFINITY;
        }
        (self.spread / (count - 1) as f64 / count as f64).sqrt()
    }
}

impl Estimate {
    /// The number of random paths.
    pub fn samples(&self) -> u64 {
        self.samples
    }

    /// The nodes the random paths walked through, in all.
    pub fn walked(&self) -> u64 {
        self.walked
    }

    /// Estimated nodes of the tree (its root included).
    pub fn nodes(&self) -> f64 {
        self.nodes.mean
    }

    /// Estimated updates of a search of the tree.
    pub fn updates(&self) -> f64 {
        self.updates.mean
    }

    /// Estimated solutions.
    pub fn solutions(&self) -> f64 {
        self.solutions.mean
    }

    /// The standard error of [`nodes`](Self::nodes).
    pub fn stderr_nodes(&self) -> f64 {
        self.nodes.stderr(self.samples)
    }

    /// The standard error of [`updates`](Self::updates).
    pub fn stderr_updates(&self) -> f64 {
        self.updates.stderr(self.samples)
    }

    /// The standard error of [`solutions`](Self::solutions).
    pub fn stderr_solutions(&self) -> f64 {
        self.solutions.stderr(self.samples)
    }

    fn add(&mut self, path: Path) {
        self.samples += 1;
        self.walked += path.walked;
        self.nodes.add(self.samples, path.nodes);
        self.updates.add(self.samples, path.updates);
        self.solutions.add(self.samples, path.solutions);
    }
}

/// What one random path says of the tree.
#[derive(Clone, Copy, Debug, Default)]
struct Path {
    walked: u64,
    nodes: f64,
    updates: f64,
    solutions: f64,
}

impl Solver<'_> {
    /// Estimates the whole search tree from `samples` random paths; the same seed gives the
    /// same estimate. The solver's counters are left alone.
    ///
    /// ```
    /// # let mut builder = dancer::ProblemBuilder::new();
    /// # let items = builder.primary_items(6);
    /// # for a in 0..6 { for b in a + 1..6 { builder.option([items[a], items[b]]); } }
    /// # let problem = builder.build().unwrap();
    /// let mut solver = problem.solver(); // the 15 pairings of 6 items
    /// let estimate = solver.estimate(1000, 7);
    /// assert!((estimate.solutions() - 15.0).abs() < 1e-9); // every path ends in a solution
    /// ```
    ///
    /// # Panics
    /// If the problem has multiplicities ([`PathError::Multiplicities`]); see
    /// [`estimate_below`](Self::estimate_below) for an error instead.
    pub fn estimate(&mut self, samples: u64, seed: u64) -> Estimate {
        let mut random = ChaCha8Rng::seed_from_u64(seed);
        self.estimate_below(&Subproblem::root(), samples, &mut |k| random.random_range(0..k))
            .unwrap_or_else(|error| panic!("{error}"))
    }

    /// Estimates the subtree below the node `at`'s path leads to. `random_below(k)` must
    /// return a number below `k` (as for [`shuffle`](Self::shuffle)): the engine has no random
    /// source of its own, so callers choose theirs and its seed.
    ///
    /// # Errors
    /// When the path is not in the tree, or the problem has multiplicities.
    pub fn estimate_below(
        &mut self,
        at: &Subproblem,
        samples: u64,
        random_below: &mut dyn FnMut(usize) -> usize,
    ) -> Result<Estimate, PathError> {
        self.estimate_until(at, samples, random_below, &|_| false)
    }

    /// [`estimate_below`](Self::estimate_below), stopping before `samples` paths as soon as
    /// `enough` says so of the estimate so far.
    pub(crate) fn estimate_until(
        &mut self,
        at: &Subproblem,
        samples: u64,
        random_below: &mut dyn FnMut(usize) -> usize,
        enough: &dyn Fn(&Estimate) -> bool,
    ) -> Result<Estimate, PathError> {
        // Its random paths follow Algorithm X's branching.
        if self.problem.has_multiplicities() {
            return Err(PathError::Multiplicities);
        }
        let stats = self.stats;
        let subtree = Subproblem::subtree(at.path().to_vec());
        self.enter(&subtree)?;
        let mut estimate = Estimate::default();
        for _ in 0..samples {
            let path = with_mode!(self.matrix, M => self.random_path::<M>(random_below));
            estimate.add(path);
            if enough(&estimate) {
                break;
            }
        }
        self.restart();
        self.stats = stats;
        Ok(estimate)
    }

    /// One random path down from the level the search stands at, undone before returning.
    fn random_path<M: Mode>(&mut self, random_below: &mut dyn FnMut(usize) -> usize) -> Path {
        let start = self.level;
        let mut path = Path::default();
        // The number of nodes at this depth that the path stands for.
        let mut weight = 1.0;
        loop {
            path.walked += 1;
            path.nodes += weight;
            let chosen = match self.heuristic {
                Heuristic::Mrv => self.matrix.choose_mrv::<M>(),
                Heuristic::First => self.matrix.choose_first(),
            };
            let Some(item) = chosen else {
                path.solutions += weight;
                break;
            };
            let count = self.matrix.len[item as usize] & !COVERED;
            if count == 0 {
                // A dead end: the one update DLX1 makes there.
                path.updates += weight;
                break;
            }
            path.updates += weight * self.matrix.cover::<M>(item) as f64;
            let mut choice = self.matrix.nodes[item as usize].down;
            for _ in 0..random_below(count as usize) {
                choice = self.matrix.nodes[choice as usize].down;
            }
            self.levels[self.level] = Level { item, choice };
            self.level += 1;
            weight *= f64::from(count);
            path.updates += weight * self.matrix.commit_others::<M>(choice) as f64;
        }
        while self.level > start {
            self.level -= 1;
            let Level { item, choice } = self.levels[self.level];
            self.matrix.uncommit_others::<M>(choice);
            self.matrix.uncover::<M>(item);
        }
        path
    }
}

#[cfg(test)]
mod tests {
    use crate::builder::ProblemBuilder;

    // Every path of this tree gives the same exact figures: equality is the test.
    #[allow(clippy::float_cmp)]
    #[test]
    fn a_tree_with_equal_branches_is_estimated_exactly() {
        // Three items, two options each, independent: a complete binary tree of depth 3.
        let mut builder = ProblemBuilder::new();
        let items = builder.primary_items(3);
        for &item in &items {
            builder.option([item]);
            builder.option([item]);
        }
        let problem = builder.build().unwrap();
        let mut solver = problem.solver();
        let estimate = solver.estimate(50, 1);
        assert_eq!(estimate.samples(), 50);
        assert_eq!(estimate.nodes(), 15.0);
        assert_eq!(estimate.solutions(), 8.0);
        assert_eq!(estimate.stderr_nodes(), 0.0);
        solver.count();
        assert_eq!(estimate.updates(), solver.stats().updates() as f64);
        // The solver is left as it was: nothing entered, counters untouched.
        let counted = solver.stats();
        solver.estimate(10, 2);
        assert_eq!(solver.stats(), counted);
        assert_eq!(solver.first().unwrap().len(), 3);
    }
}
