//! Search counters, counted the way Knuth's DLX1 counts them so the numbers can be compared.

use std::ops::AddAssign;

/// What a search did.
///
/// `nodes` counts the search-tree nodes entered, including each node at which a solution is
/// recorded; `updates` counts link changes (one per item removed from the active list, one per
/// node hidden); `mems` counts Knuth's memory accesses, when the search is profiled
/// ([`Solver::profiling`](crate::Solver::profiling)). With the same item order all three equal
/// DLX1's figures (DLX2's with colours).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub(crate) nodes: u64,
    pub(crate) updates: u64,
    pub(crate) solutions: u64,
    pub(crate) max_depth: u32,
    pub(crate) mems: u64,
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
        Stats { nodes, updates, solutions, max_depth, mems: 0 }
    }

    /// The same counters with `mems` mems (a separate setter, so that callers of
    /// [`from_counts`](Self::from_counts) that have none need not say so).
    ///
    /// ```
    /// let stats = dancer::Stats::from_counts(6, 30, 1, 3).with_mems(468);
    /// assert_eq!(stats.mems(), 468);
    /// ```
    #[must_use]
    pub fn with_mems(mut self, mems: u64) -> Stats {
        self.mems = mems;
        self
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

    /// Knuth's mems of the search: memory accesses to 64-bit words, counted as DLX1 counts
    /// them (without those of reading the input, which DLX1 prints apart, or of commits). 0
    /// unless the search was profiled ([`Solver::profiling`](crate::Solver::profiling)):
    /// counting costs time. Undoing a step costs what doing it did and is counted with it, so
    /// a search stopped before its end (at a solution, say) has counted the undoing of the
    /// levels it stands on; a complete search's total is DLX1's.
    pub fn mems(&self) -> u64 {
        self.mems
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
        self.mems = self.mems.saturating_add(other.mems);
    }
}

/// Adds the nodes per level of `other` to `profile`, level by level, lengthening it as needed
/// and saturating as [`Stats`] does.
pub(crate) fn add_profile(profile: &mut Vec<u64>, other: &[u64]) {
    if profile.len() < other.len() {
        profile.resize(other.len(), 0);
    }
    for (total, &more) in profile.iter_mut().zip(other) {
        *total = total.saturating_add(more);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn add_assign_saturates_instead_of_wrapping() {
        let mut a = Stats::from_counts(u64::MAX - 1, 5, u64::MAX, 1).with_mems(u64::MAX);
        a += Stats::from_counts(7, 5, 1, 0).with_mems(1);
        assert_eq!((a.nodes(), a.updates(), a.solutions()), (u64::MAX, 10, u64::MAX));
        assert_eq!(a.mems(), u64::MAX);
    }

    #[test]
    fn add_assign_sums_counts_and_keeps_deepest() {
        let mut a = Stats::from_counts(1, 2, 3, 4).with_mems(5);
        a += Stats::from_counts(10, 20, 30, 2).with_mems(50);
        assert_eq!((a.nodes(), a.updates(), a.solutions(), a.max_depth()), (11, 22, 33, 4));
        assert_eq!(a.mems(), 55);
    }

    #[test]
    fn profiles_add_up_level_by_level() {
        let mut profile = vec![1, 3];
        add_profile(&mut profile, &[1, 2, 5]);
        assert_eq!(profile, [2, 5, 5]);
        add_profile(&mut profile, &[u64::MAX]);
        assert_eq!(profile, [u64::MAX, 5, 5]);
    }
}
