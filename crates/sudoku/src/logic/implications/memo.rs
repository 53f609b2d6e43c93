//! What SE's rules of a dynamic (+) search remove where links run out, remembered by working
//! grid for the rest of the search.
//!
//! The rules ([`plus`](super::plus)'s direct rules, then the nested chains of levels 2 to 4)
//! read nothing but the position and the working grid the assumption left: the removals they
//! make (each with its rule and the removals it rests on) follow from the working grid alone.
//! Different assumptions often leave the same grid (a bivalue cell's "on" and its other
//! candidate's "off", the two places of a digit in a region): a nested rule then runs a whole
//! forcing-chain search on it again. The engine asks here first and replays the removals in
//! the order the rules made them, so the run gets the same entries, parents and notes.

use std::collections::HashMap;

use super::{potential, Engine, Potential, Rule, Run};
use crate::grid::{Cell, Digit};

/// One removal a rule made, its parents `Memo::parents[start..end]`.
#[derive(Clone, Copy)]
pub(super) struct Removal {
    pub(super) cell: u32,
    pub(super) digit: Digit,
    pub(super) rule: Rule,
    pub(super) start: u32,
    pub(super) end: u32,
}

/// The removals made on each working grid seen, kept in flat lists.
pub(super) struct Memo {
    cells: usize,
    /// A grid's hash to its entry (a collision replaces the older entry).
    index: HashMap<u64, u32>,
    /// Entry `i`'s grid is `grids[i * cells..][..cells]`.
    grids: Vec<u64>,
    /// Entry `i`: its removals `removals[start..end]` and whether a rule found a pattern.
    entries: Vec<(u32, u32, bool)>,
    pub(super) removals: Vec<Removal>,
    pub(super) parents: Vec<Potential>,
    /// Whether the removals being made are being recorded.
    pub(super) recording: bool,
}

/// The grids' words kept at most (16 MiB: 25 000 grids of 9x9, 3 300 of 25x25): past this
/// the memo starts again.
const MAX_WORDS: usize = 1 << 21;

impl Memo {
    pub(super) fn new(cells: usize) -> Memo {
        Memo {
            cells,
            index: HashMap::new(),
            grids: Vec::new(),
            entries: Vec::new(),
            removals: Vec::new(),
            parents: Vec::new(),
            recording: false,
        }
    }

    /// The grid's hash (FNV-1a over its masks).
    pub(super) fn hash(masks: &[u64]) -> u64 {
        masks.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &m| {
            (h ^ m).wrapping_mul(0x0100_0000_01b3).rotate_left(29)
        })
    }

    /// The removals recorded for `masks` and whether the rules found a pattern, if seen.
    pub(super) fn find(&self, hash: u64, masks: &[u64]) -> Option<(usize, usize, bool)> {
        let &i = self.index.get(&hash)?;
        let i = i as usize;
        if self.grids[i * self.cells..][..self.cells] != *masks {
            return None;
        }
        let (start, end, found) = self.entries[i];
        Some((start as usize, end as usize, found))
    }

    /// Starts recording the removals made on `masks`.
    pub(super) fn begin(&mut self, masks: &[u64]) {
        if self.grids.len() + masks.len() > MAX_WORDS {
            self.index.clear();
            self.grids.clear();
            self.entries.clear();
            self.removals.clear();
            self.parents.clear();
        }
        self.grids.extend_from_slice(masks);
        let at = self.removals.len() as u32;
        self.entries.push((at, at, false));
        self.recording = true;
    }

    /// Records a removal made with its rule and parents.
    pub(super) fn record(&mut self, cell: usize, digit: Digit, rule: Rule, parents: &[Potential]) {
        let start = self.parents.len() as u32;
        self.parents.extend_from_slice(parents);
        let end = self.parents.len() as u32;
        self.removals.push(Removal { cell: cell as u32, digit, rule, start, end });
    }

    /// Ends the recording begun last, keyed by `hash`.
    pub(super) fn end(&mut self, hash: u64, found: bool) {
        self.recording = false;
        let i = self.entries.len() - 1;
        self.entries[i].1 = self.removals.len() as u32;
        self.entries[i].2 = found;
        self.index.insert(hash, i as u32);
    }
}

impl Engine<'_> {
    /// SE's `getAdvancedPotentials`: the removals of the first rule that finds any, queued
    /// (replayed if this working grid was seen before). Whether the run goes on (something
    /// new was queued, or a contradiction found).
    pub(super) fn advance(&mut self, run: &mut Run) -> bool {
        let before = run.reached().len();
        let found = match self.memo.take() {
            None => self.apply_rules(run),
            Some(mut memo) => {
                let hash = Memo::hash(&self.masks);
                if let Some((start, end, found)) = memo.find(hash, &self.masks) {
                    for i in start..end {
                        let removal = memo.removals[i];
                        self.rule = removal.rule;
                        self.hint.clear();
                        let parents = &memo.parents[removal.start as usize..removal.end as usize];
                        self.hint.extend_from_slice(parents);
                        self.remove(run, removal.cell as Cell, removal.digit);
                    }
                    self.memo = Some(memo);
                    found
                } else {
                    memo.begin(&self.masks);
                    self.memo = Some(memo);
                    let found = self.apply_rules(run);
                    self.memo.as_mut().expect("put back above").end(hash, found);
                    found
                }
            }
        };
        found && (run.reached().len() > before || run.conflict.is_some())
    }

    /// Turns `(cell, digit)` off for the hint at hand (its parents in `self.hint`): a
    /// contradiction if it is on, else queued if new.
    pub(super) fn remove(&mut self, run: &mut Run, cell: Cell, digit: Digit) {
        if let Some(memo) = self.memo.as_mut().filter(|m| m.recording) {
            memo.record(cell, digit, self.rule, &self.hint);
        }
        let p = potential(self.n, cell, digit, false);
        if run.conflict.is_some() || run.get(p).is_some() {
            return;
        }
        let opposite = run.get(p ^ 1);
        let entry = run.push(p, None, opposite.is_none());
        run.note(self.rule);
        for &q in &self.hint {
            if let Some(h) = run.get(q) {
                run.add_parent(h);
            }
        }
        match opposite {
            Some(on) => run.conflict = Some((on, entry)),
            None => self.pending_off.push(entry),
        }
    }
}
