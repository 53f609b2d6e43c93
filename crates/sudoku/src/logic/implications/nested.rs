//! Sudoku Explainer's nested forcing chains of level 2 (9.5): where an assumption's links run
//! out and SE's direct rules ([`plus`](super::plus)) find nothing, its forcing chains (the
//! 6.6-7.x rung's, X-links alone, then both) on the grid the assumption left turn more
//! candidates off.
//!
//! SE runs that rung on the working grid and takes every hint it finds, sorted as the rung
//! sorts them (by price, then length, then kind), equal removals kept once (the first); a hint
//! counts only where some strong link of its chain exists because of the assumption's removals
//! (SE's `getRuleParents`: a bivalue cell, or a region with two places of a digit, that lost
//! candidates), those removals its parents. Each removal's first hint gives its parents. A
//! chain's nodes (its complexity) are added to the length of every conclusion resting on it,
//! each distinct chain once. SE's cycles of that rung are not sought here.

use super::{potential, Engine, Rule, Rules, Run};
use crate::grid::{Cell, Digit};
use crate::logic::bits::bits;
use crate::logic::scale::{chain_length_extra, Tenths};

/// A chain found on the working grid: what it removes, its parents and its place in SE's sort.
#[derive(Clone, Copy)]
struct Hint {
    price: Tenths,
    length: u32,
    kind: u8,
    cell: Cell,
    removals: u64,
    /// Its parents: `Nest::parents[start..end]`.
    start: u32,
    end: u32,
    rule: Rule,
}

/// The buffers of the nested search, kept with the engine.
pub(in crate::logic) struct Nest {
    inner: Run,
    hints: Vec<Hint>,
    parents: Vec<u32>,
}

impl Nest {
    pub(super) fn new(n: usize) -> Nest {
        Nest { inner: Run::new(n), hints: Vec::new(), parents: Vec::new() }
    }
}

impl Engine<'_> {
    /// SE's level-2 rule on the working grid: whether it found a hint with parents (its
    /// removals queued in `run`).
    pub(super) fn nested(&mut self, run: &mut Run) -> bool {
        if !self.lossy_links() {
            return false;
        }
        let mut nest = self.nest.take().expect("nested buffers");
        nest.hints.clear();
        nest.parents.clear();
        let (outer, n) = (self.rules, self.n);
        self.unary = true;
        for xy in [false, true] {
            self.rules = Rules { y_links: xy, dynamic: false, plus: false, nest: 0 };
            for cell in 0..n * n {
                let mask = self.masks[cell];
                if mask.count_ones() < 2 {
                    continue;
                }
                for d in bits(mask) {
                    for on in [true, false] {
                        let source = potential(n, cell, d as Digit + 1, on);
                        self.chain(&mut nest, source, xy);
                    }
                }
            }
        }
        (self.rules, self.unary) = (outer, false);
        self.pending_on.clear();
        self.pending_off.clear();
        // SE's sort is stable: among equals, the order found.
        nest.hints.sort_by_key(|h| (h.price, h.length, h.kind));
        let mut found = false;
        for i in 0..nest.hints.len() {
            let hint = nest.hints[i];
            let same = |h: &Hint| h.cell == hint.cell && h.removals == hint.removals;
            if hint.start == hint.end || nest.hints[..i].iter().any(same) {
                continue;
            }
            found = true;
            self.hint.clear();
            let parents = &nest.parents[hint.start as usize..hint.end as usize];
            self.hint.extend(parents.iter().map(|&p| p as super::Potential));
            self.rule = hint.rule;
            for d in bits(hint.removals) {
                self.remove(run, hint.cell, d as Digit + 1);
            }
        }
        self.nest = Some(nest);
        found
    }

    /// Whether the working grid has a strong link that the assumption made: a bivalue cell or
    /// a region with two places of a digit that lost some. Without one no chain has parents.
    fn lossy_links(&self) -> bool {
        let n = self.n;
        let candidates = self.candidates;
        let cells = (0..n * n).any(|c| {
            self.masks[c].count_ones() == 2 && candidates.candidates(c) != self.masks[c]
        });
        cells
            || (0..candidates.geometry().region_count()).any(|r| {
                (1..=n as Digit).any(|d| {
                    let places = self.positions[r * n + usize::from(d) - 1];
                    places.count_ones() == 2 && candidates.positions(r, d) != places
                })
            })
    }

    /// SE's forcing chain from `source` to its negation on the working grid, if any, kept
    /// as a hint.
    fn chain(&mut self, nest: &mut Nest, source: super::Potential, xy: bool) {
        let inner = &mut nest.inner;
        self.unary_run(inner, source);
        let Some((on, off)) = inner.conflict else { return };
        let target = if source % 2 == 1 { off } else { on };
        let path = inner.path(target);
        let start = nest.parents.len() as u32;
        let mut key = 0xcbf2_9ce4_8422_2325u64;
        for (i, &e) in path.iter().enumerate() {
            let p = inner.entries[e].potential;
            key = (key ^ u64::from(p)).wrapping_mul(0x0100_0000_01b3);
            if i > 0 && p % 2 == 1 {
                let parent = inner.entries[path[i - 1]].potential;
                self.lost_of_link(&mut nest.parents, parent, p, start as usize);
            }
        }
        let (cell, digit) = self.place(source);
        let removals = if source % 2 == 1 {
            1 << (digit - 1)
        } else {
            self.masks[cell] & !(1 << (digit - 1))
        };
        let length = path.len() as u32;
        let base = if xy { 70 } else { 66 };
        nest.hints.push(Hint {
            price: base + chain_length_extra(path.len() - 2),
            length,
            kind: if xy { 4 } else { 2 },
            cell,
            removals,
            start,
            end: nest.parents.len() as u32,
            rule: Rule::Chain { xy, source, length, key },
        });
    }

    /// The removals the strong link from `parent` (off) to `p` (on) rests on, added to
    /// `parents` (from `from` on, once each): the cell's lost candidates for a bivalue cell,
    /// else the lost places of the digit in the first region (SE's order) making the link.
    fn lost_of_link(&self, parents: &mut Vec<u32>, parent: u32, p: u32, from: usize) {
        let n = self.n;
        let candidates = self.candidates;
        let (cell, digit) = self.place(p);
        let (before, _) = self.place(parent);
        let mut add = |c: Cell, d: Digit| {
            let q = potential(n, c, d, false);
            if !parents[from..].contains(&q) {
                parents.push(q);
            }
        };
        if before == cell {
            for d in bits(candidates.candidates(cell) & !self.masks[cell]) {
                add(cell, d as Digit + 1);
            }
            return;
        }
        let geometry = candidates.geometry();
        let slot = usize::from(digit) - 1;
        for &(r, k) in self.regions_of(before) {
            let r = r as usize;
            let Some(at) = geometry.position(r, cell) else { continue };
            if self.positions[r * n + slot] != (1u64 << k | 1u64 << at) {
                continue;
            }
            let region = geometry.region(r);
            for h in bits(candidates.positions(r, digit) & !self.positions[r * n + slot]) {
                add(region[h as usize], digit);
            }
            return;
        }
    }

    /// Follows `start` as SE's static forcing chains do, layer by layer (every "on" queued,
    /// then every "off"), until its negation is reached (the run's conflict) or nothing new.
    fn unary_run(&mut self, run: &mut Run, start: super::Potential) {
        run.clear();
        self.pending_on.clear();
        self.pending_off.clear();
        let first = run.push(start, None, true);
        if start % 2 == 1 {
            self.pending_on.push(first);
        } else {
            self.pending_off.push(first);
        }
        loop {
            let mut moved = false;
            while let Some(e) = self.pending_on.pop() {
                moved = true;
                self.follow_on(run, e);
                if run.conflict.is_some() {
                    return;
                }
            }
            while let Some(e) = self.pending_off.pop() {
                moved = true;
                self.follow_off(run, e);
                if run.conflict.is_some() {
                    return;
                }
            }
            if !moved {
                return;
            }
        }
    }
}
