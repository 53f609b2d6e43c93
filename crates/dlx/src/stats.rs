//! Search counters, counted the way Knuth's DLX1 counts them so the numbers can be compared.

use std::ops::AddAssign;

/// What a search did.
///
/// `nodes` counts the search-tree nodes entered, including each node at which a solution is
/// recorded; `updates` counts link changes (one per item removed from the active list, one per
/// node hidden). With the same item order both equal DLX1's figures.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub(crate) nodes: u64,
    pub(crate) updates: u64,
    pub(crate) solutions: u64,
    pub(crate) max_depth: u32,
}

impl Stats {
    /// Counters from another search, for a program that runs its own search in front of (or
    /// instead of) the engine and reports in the same terms.
    ///
    /// ```
    /// let stats = dancer::Stats::from_counts(5, 40, 1, 3);
    /// assert_eq!((stats.nodes(), stats.updates(), stats.solutions(), stats.max_depth()), (5, 40, 1, 3));
    /// ```
    #[must_use]
    pub fn from_counts(nodes: u64, updates: u64, solutions: u64, max_depth: u32) -> Stats {
        Stats { nodes, updates, solutions, max_depth }
    }

    /// Search-tree nodes entered.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Links changed by cover, hide and purify (Knuth's "updates").
    pub fn updates(&self) -> u64 {
        self.updates
    }

    /// Solutions found.
    pub fn solutions(&self) -> u64 {
        self.solutions
    }

    /// The deepest level reached: the most options chosen by search at once.
    pub fn max_depth(&self) -> u32 {
        self.max_depth
    }
}

/// Adds counters up, stopping at `u64::MAX` rather than wrapping: counts read from a checkpoint
/// file may be anything, and a total that wrapped round would be a confident wrong answer.
impl AddAssign for Stats {
    fn add_assign(&mut self, other: Stats) {
        self.nodes = self.nodes.saturating_add(other.nodes);
        self.updates = self.updates.saturating_add(other.updates);
        self.solutions = self.solutions.saturating_add(other.solutions);
        self.max_depth = self.max_depth.max(other.max_depth);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn add_assign_saturates_instead_of_wrapping() {
        let mut a = Stats { nodes: u64::MAX - 1, updates: 5, solutions: u64::MAX, max_depth: 1 };
        a += Stats { nodes: 7, updates: 5, solutions: 1, max_depth: 0 };
        assert_eq!((a.nodes(), a.updates(), a.solutions()), (u64::MAX, 10, u64::MAX));
    }

    #[test]
    fn add_assign_sums_counts_and_keeps_deepest() {
        let mut a = Stats { nodes: 1, updates: 2, solutions: 3, max_depth: 4 };
        a += Stats { nodes: 10, updates: 20, solutions: 30, max_depth: 2 };
        assert_eq!((a.nodes(), a.updates(), a.solutions(), a.max_depth()), (11, 22, 33, 4));
    }
}
