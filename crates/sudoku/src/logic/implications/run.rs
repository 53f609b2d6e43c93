//! A run: the potentials one assumption reaches, in the order found, with their parents, and
//! what turned an entry off where links ran out (the rule, for the sentence and the price).

use super::Potential;
use crate::grid::Digit;

/// What turned a candidate off where an assumption's links ran out: one of SE's direct rules
/// on the grid the assumption left (with its digits and regions), or a nested forcing chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::logic) enum Rule {
    /// A digit's places in the first region all in the second.
    Locked(Digit, u32, u32),
    /// Two digits (a mask) with the same two places in a region.
    HiddenPair(u64, u32),
    /// Two cells of a region with the same two digits (a mask).
    NakedPair(u64, u32),
    /// A digit on two base lines.
    XWing(Digit, u32, u32),
    /// A forcing chain on that grid (X-links alone or both) from `source` to its negation,
    /// of `length` nodes; `key` tells chains apart (SE counts each distinct one once).
    Chain { xy: bool, source: Potential, length: u32, key: u64 },
    /// Cell (`region` is `u32::MAX`: every candidate of `cell`) or region (every place of
    /// `digit` in `region`) forcing chains on that grid, of `length` nodes in all.
    Multiple { cell: u32, region: u32, digit: Digit, length: u32, key: u64 },
    /// SE's dynamic forcing chains on that grid (level 4), by their sort key `kind` (see
    /// [`forcing`](crate::logic::forcing)): a contradiction or double implication from the
    /// potential `at`, cell chains from the cell `at`, or region chains from the places of
    /// `digit` in the region `at`; `length` nodes in all.
    Dynamic { kind: u8, at: u32, digit: Digit, length: u32, key: u64 },
}

impl Rule {
    /// A nested chain's length and key (SE adds each distinct one's length once).
    pub(in crate::logic) fn nested(self) -> Option<(u32, u64)> {
        match self {
            Rule::Chain { length, key, .. }
            | Rule::Multiple { length, key, .. }
            | Rule::Dynamic { length, key, .. } => Some((length, key)),
            _ => None,
        }
    }
}

/// A potential reached, with the range of its parents (entry indices) in [`Run::parents`].
#[derive(Clone, Copy, Debug)]
pub(in crate::logic) struct Entry {
    pub(in crate::logic) potential: Potential,
    pub(super) start: u32,
    pub(super) end: u32,
}

/// The potentials one assumption reaches, in the order found, with their parents.
pub(in crate::logic) struct Run {
    /// `slot[p]`: one more than the entry of potential `p`, 0 while `p` is not reached.
    slot: Vec<u32>,
    pub(in crate::logic) entries: Vec<Entry>,
    parents: Vec<u32>,
    /// The reached entries come first; a contradiction's last potential, not reached, after.
    reached: usize,
    /// A contradiction: the entries of one candidate both on and off.
    pub(in crate::logic) conflict: Option<(usize, usize)>,
    /// The entries a rule turned off where links ran out, with the rule, by entry.
    notes: Vec<(u32, Rule)>,
}

impl Run {
    /// An empty run for grids of side `n`.
    pub(in crate::logic) fn new(n: usize) -> Run {
        let potentials = n * n * n * 2;
        Run {
            slot: vec![0; potentials],
            entries: Vec::new(),
            parents: Vec::new(),
            reached: 0,
            conflict: None,
            notes: Vec::new(),
        }
    }

    pub(super) fn clear(&mut self) {
        for entry in &self.entries[..self.reached] {
            self.slot[entry.potential as usize] = 0;
        }
        self.entries.clear();
        self.parents.clear();
        self.reached = 0;
        self.conflict = None;
        self.notes.clear();
    }

    /// The entry of `p`, if reached.
    pub(in crate::logic) fn get(&self, p: Potential) -> Option<usize> {
        (self.slot[p as usize] as usize).checked_sub(1)
    }

    /// The reached entries, in the order found.
    pub(in crate::logic) fn reached(&self) -> &[Entry] {
        &self.entries[..self.reached]
    }

    pub(super) fn push(&mut self, p: Potential, parent: Option<usize>, reach: bool) -> usize {
        let start = self.parents.len() as u32;
        if let Some(e) = parent {
            self.parents.push(e as u32);
        }
        let index = self.entries.len();
        self.entries.push(Entry { potential: p, start, end: self.parents.len() as u32 });
        if reach {
            self.slot[p as usize] = index as u32 + 1;
            self.reached = self.entries.len();
        }
        index
    }

    /// Adds `parent` to the parents of the last entry pushed.
    pub(super) fn add_parent(&mut self, parent: usize) {
        self.parents.push(parent as u32);
        self.entries.last_mut().expect("an entry").end = self.parents.len() as u32;
    }

    /// The entry's parents.
    pub(super) fn parents_of(&self, entry: usize) -> &[u32] {
        let Entry { start, end, .. } = self.entries[entry];
        &self.parents[start as usize..end as usize]
    }

    /// The entries from the assumption to `entry`, each the first parent of the next.
    pub(in crate::logic) fn path(&self, entry: usize) -> Vec<usize> {
        let mut path = vec![entry];
        let mut at = entry;
        while let Some(&parent) = self.parents_of(at).first() {
            at = parent as usize;
            path.push(at);
        }
        path.reverse();
        path
    }

    /// Notes that the last entry pushed was turned off by `rule`.
    pub(super) fn note(&mut self, rule: Rule) {
        self.notes.push((self.entries.len() as u32 - 1, rule));
    }

    /// The rule that turned `entry` off, if a rule did.
    pub(in crate::logic) fn rule(&self, entry: usize) -> Option<Rule> {
        if self.notes.is_empty() {
            return None;
        }
        let at = self.notes.binary_search_by_key(&(entry as u32), |&(e, _)| e).ok()?;
        Some(self.notes[at].1)
    }
}
