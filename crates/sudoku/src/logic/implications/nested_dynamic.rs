//! Sudoku Explainer's experimental level 4 (10.5): where an assumption's links run out and
//! SE's direct rules ([`plus`](super::plus)) find nothing, SE's dynamic forcing chains (of
//! nesting level 0, 1 (+) or 2, one family each) run on the grid the assumption left.
//!
//! SE takes every hint that search finds there (contradictions, double implications, cell and
//! region chains), sorted as its rung sorts them (price, length, kind), equal removals kept
//! once; a hint counts only where it rests on the assumption's removals (SE's
//! `getRuleParents`): for each candidate its chains turn on as a naked single, the cell's lost
//! candidates, as a hidden single, the digit's lost places in that region (a cell chain's
//! assumptions are naked singles of its cell, a region chain's hidden singles of its region).
//! The inner search is [`multiple`](crate::logic::multiple)'s, on a copy of the working grid
//! made when the rule runs (that copy and the inner search's own buffers are the rule's only
//! allocations; the rule is the costliest SE has, run only where level 3 stalls).

use super::nested::{Hint, Nest};
use super::{potential, Engine, Potential, Rule, Run};
use crate::grid::{Cell, Digit};
use crate::logic::bits::bits;
use crate::logic::forcing::Family;
use crate::logic::multiple::{self, Sink, Source};
use crate::logic::scale::{chain_length_extra, Tenths};

impl Engine<'_> {
    /// SE's level-4 rule on the working grid: whether it found a hint with parents (its
    /// removals queued in `run`).
    pub(super) fn nested_dynamic(&mut self, run: &mut Run) -> bool {
        let family = match self.rules.nest {
            4 => Family::Dynamic,
            5 => Family::DynamicPlus,
            _ => Family::Nested,
        };
        let mut nest = self.nest.take().expect("nested buffers");
        let mut grid = nest.grid.take().unwrap_or_else(|| Box::new(self.candidates.clone()));
        (*grid).clone_from(self.candidates);
        for cell in 0..self.n * self.n {
            for d in bits(self.candidates.candidates(cell) & !self.masks[cell]) {
                grid.eliminate(cell, d as Digit + 1);
            }
        }
        nest.hints.clear();
        nest.parents.clear();
        let mut collector = Collector { engine: self, nest: &mut nest, base: family.base() };
        multiple::collect(&grid, family, &mut collector);
        let found = self.apply_hints(&mut nest, run);
        nest.grid = Some(grid);
        self.nest = Some(nest);
        found
    }

    /// Adds to `nest.parents` (from `from` on, once each) the removals the chain of `run`
    /// ending at `target` rests on, and its potentials to `key`.
    fn rule_parents(
        &self,
        nest: &mut Nest,
        (run, target): (&Run, usize),
        source: Source,
        from: usize,
        key: &mut u64,
    ) {
        nest.stamp = nest.stamp.wrapping_add(1);
        if nest.stamp == 0 {
            nest.wanted.fill(0);
            nest.stamp = 1;
        }
        nest.todo.clear();
        nest.todo.push(target as u32);
        while let Some(e) = nest.todo.pop() {
            let e = e as usize;
            let q = run.entries[e].potential;
            if nest.wanted[q as usize] == nest.stamp {
                continue;
            }
            nest.wanted[q as usize] = nest.stamp;
            *key = (*key ^ u64::from(q)).wrapping_mul(0x0100_0000_01b3);
            if q % 2 == 1 {
                self.cause_parents(&mut nest.parents, from, run, e, source);
            }
            nest.todo.extend_from_slice(run.parents_of(e));
        }
    }

    /// The removals an "on" entry `e` rests on: its cell's lost candidates if a naked single
    /// turned it on, its digit's lost places in the region if a hidden single did (the
    /// assumptions: as `source` says).
    fn cause_parents(
        &self,
        parents: &mut Vec<u32>,
        from: usize,
        run: &Run,
        e: usize,
        source: Source,
    ) {
        let (cell, digit) = self.place(run.entries[e].potential);
        // Only the cell's lost candidates or the digit's lost places in one of its regions
        // can be parents: where the working grid lost neither, there are none to look for.
        let slot = usize::from(digit) - 1;
        let lost = |&(r, _): &(u32, u32)| {
            let r = r as usize * self.n + slot;
            self.positions[r] != self.pristine[r]
        };
        if self.masks[cell] == self.candidates.candidates(cell)
            && !self.regions_of(cell).iter().any(lost)
        {
            return;
        }
        let others = run.parents_of(e);
        let region = match others.first() {
            None => match source {
                Source::Binary(_) => return,
                Source::Cell(_) => None,
                Source::Region(r, _) => Some(r),
            },
            Some(&f) if self.place(run.entries[f as usize].potential).0 == cell => None,
            Some(&f) => {
                let before = self.place(run.entries[f as usize].potential).0;
                match self.cause_region(run, others, before, cell, digit) {
                    Some(r) => Some(r),
                    None => return,
                }
            }
        };
        self.assumption_parents(parents, from, cell, region, digit);
    }

    /// The region whose hidden single turned `digit` on in `cell` after it went off in
    /// `before`: the first of `before`'s regions (SE's order) holding `cell` whose other places
    /// of the digit on the working grid are all among the entry's parents (`others`; a dynamic
    /// link lists the places its region lost as parents).
    fn cause_region(
        &self,
        run: &Run,
        others: &[u32],
        before: Cell,
        cell: Cell,
        digit: Digit,
    ) -> Option<usize> {
        let n = self.n;
        let geometry = self.candidates.geometry();
        self.regions_of(before).iter().find_map(|&(r, k)| {
            let r = r as usize;
            let at = geometry.position(r, cell)?;
            let slot = r * n + usize::from(digit) - 1;
            let rest = self.positions[slot] & !(1u64 << k) & !(1u64 << at);
            let region = geometry.region(r);
            let gone = bits(rest).all(|h| {
                let q = potential(n, region[h as usize], digit, false);
                others[1..].iter().any(|&o| run.entries[o as usize].potential == q)
            });
            gone.then_some(r)
        })
    }
}

/// Takes the inner search's conclusions as hints of the outer run's rule.
struct Collector<'a, 'c> {
    engine: &'a Engine<'c>,
    nest: &'a mut Nest,
    base: Tenths,
}

impl Sink for Collector<'_, '_> {
    fn add(&mut self, branches: &[(&Run, usize)], source: Source, length: usize, kind: u8, p: u32) {
        let engine = self.engine;
        let (cell, digit) = engine.place(p);
        let bit = 1u64 << (digit - 1);
        let removals = engine.masks[cell] & if p % 2 == 1 { !bit } else { bit };
        if removals == 0 {
            return;
        }
        let start = self.nest.parents.len();
        let mut key = 0x2325_cbf2_9ce4_8422u64 ^ u64::from(p) ^ u64::from(kind) << 56;
        for &branch in branches {
            engine.rule_parents(self.nest, branch, source, start, &mut key);
        }
        let (at, from_digit) = match source {
            Source::Binary(q) => (q as Potential, 0),
            Source::Cell(c) => (c as u32, 0),
            Source::Region(r, d) => (r as u32, d),
        };
        let length = length as u32;
        self.nest.hints.push(Hint {
            price: self.base + chain_length_extra((length as usize).saturating_sub(2)),
            length,
            kind,
            cell,
            removals,
            start: start as u32,
            end: self.nest.parents.len() as u32,
            rule: Rule::Dynamic { kind, at, digit: from_digit, length, key },
        });
    }
}
