//! SE's measure of a chain's length: the distinct potentials an entry of a run follows from.

use super::{Rule, Run};

/// Counts the ancestors of entries of runs, reusing its marks.
pub(in crate::logic) struct Counter {
    seen: Vec<u32>,
    stamp: u32,
    level: Vec<usize>,
    next: Vec<usize>,
    /// The nested chains counted since [`fresh`](Self::fresh), by key.
    nested: Vec<u64>,
}

impl Counter {
    /// A counter for runs on grids of side `n`.
    pub(in crate::logic) fn new(n: usize) -> Counter {
        Counter {
            seen: vec![0; n * n * n * 2],
            stamp: 0,
            level: Vec::new(),
            next: Vec::new(),
            nested: Vec::new(),
        }
    }

    /// Starts a conclusion's count: a nested chain is counted once over all its branches.
    pub(in crate::logic) fn fresh(&mut self) {
        self.nested.clear();
    }

    /// How many distinct potentials `entry` of `run` follows from, itself included: SE's
    /// measure of a chain's length (counted level by level, a potential once, as SE counts),
    /// with the nested chains' lengths.
    pub(in crate::logic) fn ancestors(&mut self, run: &Run, entry: usize) -> usize {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.stamp = 1;
        }
        self.level.clear();
        self.level.push(entry);
        let mut count = 0;
        while !self.level.is_empty() {
            self.next.clear();
            for &e in &self.level {
                let p = run.entries[e].potential as usize;
                if self.seen[p] != self.stamp {
                    self.seen[p] = self.stamp;
                    count += 1;
                    // SE adds each distinct nested chain's own length (its complexity).
                    if let Some((length, key)) = run.rule(e).and_then(Rule::nested) {
                        if !self.nested.contains(&key) {
                            self.nested.push(key);
                            count += length as usize;
                        }
                    }
                    self.next.extend(run.parents_of(e).iter().map(|&q| q as usize));
                }
            }
            std::mem::swap(&mut self.level, &mut self.next);
        }
        count
    }
}
