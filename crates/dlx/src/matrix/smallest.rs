//! A set of small integers that names its smallest member in a few word reads, however large
//! the universe: how MRV finds the leftmost one-option list among a million items without
//! walking them (the item list is in index order, so leftmost means smallest).

/// Bits of the members, then one bit per nonzero word of the level below, up to one word.
///
/// # Invariant
/// `levels[0]` has bit `k` set exactly for the members `k`; for `l > 0`, bit `w` of
/// `levels[l]` is set exactly when word `w` of `levels[l - 1]` is nonzero. The last level has
/// one word.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct SmallestSet {
    levels: Vec<Vec<u64>>,
}

impl SmallestSet {
    /// An empty set that can hold `0..universe`.
    pub(crate) fn new(universe: usize) -> SmallestSet {
        let mut levels = Vec::new();
        let mut words = universe.div_ceil(64).max(1);
        loop {
            levels.push(vec![0; words]);
            if words == 1 {
                break;
            }
            words = words.div_ceil(64);
        }
        SmallestSet { levels }
    }

    /// Adds `k`, which must be in the universe; adding a member again changes nothing.
    #[inline]
    pub(crate) fn insert(&mut self, k: u32) {
        let mut at = k as usize;
        for level in &mut self.levels {
            let word = &mut level[at / 64];
            let was_empty = *word == 0;
            *word |= 1 << (at % 64);
            if !was_empty {
                break;
            }
            at /= 64;
        }
    }

    /// Takes `k` out; taking out a non-member changes nothing.
    #[inline]
    pub(crate) fn remove(&mut self, k: u32) {
        let mut at = k as usize;
        for level in &mut self.levels {
            let word = &mut level[at / 64];
            *word &= !(1 << (at % 64));
            if *word != 0 {
                break;
            }
            at /= 64;
        }
    }

    /// The smallest member, if any.
    #[inline]
    pub(crate) fn smallest(&self) -> Option<u32> {
        let top = self.levels.last()?[0];
        if top == 0 {
            return None;
        }
        let mut at = 0;
        for level in self.levels.iter().rev() {
            let word = level[at];
            at = at * 64 + word.trailing_zeros() as usize;
        }
        Some(at as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::SmallestSet;
    use proptest::prelude::*;
    use std::collections::BTreeSet;

    proptest! {
        /// Any sequence of inserts and removals agrees with a `BTreeSet` at every step, over
        /// universes of one, two and three levels.
        #[test]
        fn agrees_with_an_ordered_set(
            universe in prop_oneof![1usize..70, 4000usize..5000, 262_000usize..263_000],
            steps in prop::collection::vec((any::<bool>(), any::<u32>()), 1..300),
        ) {
            let mut set = SmallestSet::new(universe);
            let mut oracle = BTreeSet::new();
            for (insert, k) in steps {
                // Crowd members near each other so that words empty and fill again.
                let k = (k % 300).min(universe as u32 - 1) * (k % 3 + 1) % universe as u32;
                if insert {
                    set.insert(k);
                    oracle.insert(k);
                } else {
                    set.remove(k);
                    oracle.remove(&k);
                }
                prop_assert_eq!(set.smallest(), oracle.first().copied());
            }
        }
    }

    #[test]
    fn the_last_member_of_a_large_universe_is_found() {
        let universe = 1_000_001;
        let mut set = SmallestSet::new(universe);
        assert_eq!(set.smallest(), None);
        set.insert(1_000_000);
        assert_eq!(set.smallest(), Some(1_000_000));
        set.insert(64 * 64);
        assert_eq!(set.smallest(), Some(4096));
        set.remove(4096);
        assert_eq!(set.smallest(), Some(1_000_000));
        set.remove(1_000_000);
        assert_eq!(set.smallest(), None);
    }
}
