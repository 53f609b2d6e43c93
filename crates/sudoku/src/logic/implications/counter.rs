//! SE's measure of a chain's length: the distinct potentials an entry of a run follows from.

use super::Run;

/// Counts the ancestors of entries of runs, reusing its marks.
pub(in crate::logic) struct Counter {
    seen: Vec<u32>,
    stamp: u32,
    level: Vec<usize>,
    next: Vec<usize>,
}

impl Counter {
    /// A counter for runs on grids of side `n`.
    pub(in crate::logic) fn new(n: usize) -> Counter {
        Counter { seen: vec![0; n * n * n * 2], stamp: 0, level: Vec::new(), next: Vec::new() }
    }

    /// How many distinct potentials `entry` of `run` follows from, itself included: SE's
    /// measure of a chain's length (counted level by level, a potential once, as SE counts).
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
                    self.next.extend(run.parents_of(e).iter().map(|&q| q as usize));
                }
            }
            std::mem::swap(&mut self.level, &mut self.next);
        }
        count
    }
}
