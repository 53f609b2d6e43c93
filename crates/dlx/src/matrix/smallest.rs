//! A set of small integers that names its smallest member in a few word reads, however large
//! the universe: how MRV finds the leftmost one-option list among a million items without
//! walking them (the item list is in index order, so leftmost means smallest). All its words
//! are in one slice, so that the sparse walk saves the whole set at a branching level and puts
//! it back in two copies of a few dozen words: putting it back item by item, as the saved
//! sizes were restored, tested every saved size for a change, a branch taken at random and
//! the most mispredicted of the walk (docs/PERFORMANCE.md).

/// Bits of the members, then one bit per nonzero word of the level below, up to one word, the
/// levels one after another in `words`.
///
/// # Invariant
/// Level 0 (`words[..starts[1]]`) has bit `k` set exactly for the members `k`; for `l > 0`, bit
/// `w` of level `l` is set exactly when word `w` of level `l - 1` is nonzero. The last level
/// has one word, `words`' last.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct SmallestSet {
    words: Vec<u64>,
    /// Where each level starts in `words`.
    starts: Vec<usize>,
}

impl SmallestSet {
    /// An empty set that can hold `0..universe`.
    pub(crate) fn new(universe: usize) -> SmallestSet {
        let mut starts = Vec::new();
        let mut len = 0;
        let mut words = universe.div_ceil(64).max(1);
        loop {
            starts.push(len);
            len += words;
            if words == 1 {
                break;
            }
            words = words.div_ceil(64);
        }
        SmallestSet { words: vec![0; len], starts }
    }

    /// Every word of the set, for a save (the sparse walk saves it at each branching level).
    pub(crate) fn words(&self) -> &[u64] {
        &self.words
    }

    /// Makes the set the one whose `words` were saved (of a set of the same universe).
    pub(crate) fn set_words(&mut self, words: &[u64]) {
        self.words.copy_from_slice(words);
    }

    /// Adds `k`, which must be in the universe; adding a member again changes nothing.
    #[inline]
    pub(crate) fn insert(&mut self, k: u32) {
        let mut at = k as usize;
        for &start in &self.starts {
            let word = &mut self.words[start + at / 64];
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
        for &start in &self.starts {
            let word = &mut self.words[start + at / 64];
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
        let &top = self.words.last()?;
        if top == 0 {
            return None;
        }
        let mut at = 0;
        for &start in self.starts.iter().rev() {
            at = at * 64 + self.words[start + at].trailing_zeros() as usize;
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
        /// Any sequence of inserts, removals, saves and restores agrees with a `BTreeSet` at
        /// every step, over universes of one, two and three levels.
        #[test]
        fn agrees_with_an_ordered_set(
            universe in prop_oneof![1usize..70, 4000usize..5000, 262_000usize..263_000],
            steps in prop::collection::vec((0u8..6, any::<u32>()), 1..300),
        ) {
            let mut set = SmallestSet::new(universe);
            let mut oracle = BTreeSet::new();
            let mut saved = (set.words().to_vec(), oracle.clone());
            for (step, k) in steps {
                // Crowd members near each other so that words empty and fill again.
                let k = (k % 300).min(universe as u32 - 1) * (k % 3 + 1) % universe as u32;
                match step {
                    0 | 1 => {
                        set.insert(k);
                        oracle.insert(k);
                    }
                    2 | 3 => {
                        set.remove(k);
                        oracle.remove(&k);
                    }
                    4 => saved = (set.words().to_vec(), oracle.clone()),
                    _ => {
                        set.set_words(&saved.0);
                        oracle.clone_from(&saved.1);
                    }
                }
                prop_assert_eq!(set.smallest(), oracle.first().copied());
            }
        }
    }

    #[test]
    fn the_last_member_of_a_large_universe_is_found() {
        let mut set = SmallestSet::new(1_000_001);
        assert_eq!(set.smallest(), None);
        set.insert(1_000_000);
        assert_eq!(set.smallest(), Some(1_000_000));
        set.insert(64 * 64);
        assert_eq!(set.smallest(), Some(4096));
        let saved = set.words().to_vec();
        set.remove(4096);
        assert_eq!(set.smallest(), Some(1_000_000));
        set.remove(1_000_000);
        assert_eq!(set.smallest(), None);
        set.set_words(&saved);
        assert_eq!(set.smallest(), Some(4096));
    }
}
