//! Sudoku Explainer's nested forcing chains of level 3 (10.0): where the level-2 rules
//! ([`nested`](super::nested)) find nothing, SE's static cell and region forcing chains (the
//! 8.0 rung's) on the grid the assumption left turn more candidates off.
//!
//! As SE's rung runs them there: cells of three candidates or more of that grid, each
//! candidate assumed on and followed (static links, stopping at a contradiction); for each
//! digit, each region where the cell is the digit's first place (of two or more) gives a
//! region chain, then the cell gives a cell chain: what every branch turns on (or off). Their
//! parents are the removals their strong links rest on and, for the branches' assumptions, the
//! cell's lost candidates (a cell chain) or the digit's lost places in the region (a region
//! chain); the length is the branches' nodes summed.

use super::nested::{Hint, Nest};
use super::{potential, Engine, Rule, Rules, Run};
use crate::grid::{Cell, Digit};
use crate::logic::bits::bits;
use crate::logic::scale::chain_length_extra;

/// SE's sort keys of cell and region forcing chains.
const CELL: u8 = 5;
const REGION: u8 = 6;

impl Engine<'_> {
    /// SE's level-3 rule on the working grid: whether it found a hint with parents (its
    /// removals queued in `run`).
    pub(super) fn nested_multiple(&mut self, run: &mut Run) -> bool {
        let mut nest = self.nest.take().expect("nested buffers");
        nest.hints.clear();
        nest.parents.clear();
        let (outer, n) = (self.rules, self.n);
        self.rules = Rules { y_links: true, dynamic: false, plus: false, nest: 0 };
        for cell in 0..n * n {
            let mask = self.masks[cell];
            if mask.count_ones() < 3 {
                continue;
            }
            for (i, d) in bits(mask).enumerate() {
                let digit = d as Digit + 1;
                self.run(&mut nest.cells[i], potential(n, cell, digit, true));
                for m in 0..self.regions_of(cell).len() {
                    let (r, k) = self.regions_of(cell)[m];
                    self.region_chains(&mut nest, cell, i, digit, r as usize, k);
                }
            }
            let count = mask.count_ones() as usize;
            self.agreements(&mut nest, cell, count, u32::MAX, 0);
        }
        self.rules = outer;
        let found = self.apply_hints(&mut nest, run);
        self.nest = Some(nest);
        found
    }

    /// Region chains of `digit` in region `r`, if `cell` (its run `nest.cells[i]`, its place
    /// `k`) is the digit's first place there.
    fn region_chains(
        &mut self,
        nest: &mut Nest,
        cell: Cell,
        i: usize,
        digit: Digit,
        r: usize,
        k: u32,
    ) {
        let n = self.n;
        let places = self.positions[r * n + usize::from(digit) - 1];
        if places.count_ones() < 2 || places.trailing_zeros() != k {
            return;
        }
        let region = self.candidates.geometry().region(r);
        // The first place's run is the cell's; the others' are made here.
        std::mem::swap(&mut nest.places[0], &mut nest.cells[i]);
        for (j, h) in bits(places).enumerate().skip(1) {
            let start = potential(n, region[h as usize], digit, true);
            self.run(&mut nest.places[j], start);
        }
        let count = places.count_ones() as usize;
        self.agreements(nest, cell, count, r as u32, digit);
        std::mem::swap(&mut nest.places[0], &mut nest.cells[i]);
    }

    /// The hints of what the first `count` runs (of a cell's candidates, `region` `u32::MAX`;
    /// else of a digit's places in `region`) all turn on, then all turn off.
    fn agreements(&self, nest: &mut Nest, cell: Cell, count: usize, region: u32, digit: Digit) {
        let cells = region == u32::MAX;
        for state in [1, 0] {
            let runs = if cells { &nest.cells[..count] } else { &nest.places[..count] };
            for e in 0..runs[0].reached().len() {
                let p = runs[0].reached()[e].potential;
                if p % 2 != state || runs[1..].iter().any(|run| run.get(p).is_none()) {
                    continue;
                }
                let (at, d) = self.place(p);
                let removals =
                    if state == 1 { self.masks[at] & !(1 << (d - 1)) } else { 1 << (d - 1) };
                if removals == 0 {
                    continue;
                }
                let start = nest.parents.len();
                let mut key = 0x8422_2325_cbf2_9ce4u64 ^ u64::from(p);
                let mut length = 0;
                for run in runs {
                    let target = run.get(p).expect("agreed");
                    length += self.branch(run, target, &mut nest.parents, start, &mut key);
                }
                let house = (region != u32::MAX).then_some(region as usize);
                self.assumption_parents(&mut nest.parents, start, cell, house, digit);
                nest.hints.push(Hint {
                    price: 80 + chain_length_extra(length as usize - 2),
                    length,
                    kind: if cells { CELL } else { REGION },
                    cell: at,
                    removals,
                    start: start as u32,
                    end: nest.parents.len() as u32,
                    rule: Rule::Multiple { cell: cell as u32, region, digit, length, key },
                });
            }
        }
    }

    /// The removals an assumption rests on: `cell`'s lost candidates (no region), or `digit`'s
    /// lost places in `region`.
    pub(super) fn assumption_parents(
        &self,
        parents: &mut Vec<u32>,
        from: usize,
        cell: Cell,
        region: Option<usize>,
        digit: Digit,
    ) {
        let n = self.n;
        let candidates = self.candidates;
        let mut add = |c: Cell, d: Digit| {
            let q = potential(n, c, d, false);
            if !parents[from..].contains(&q) {
                parents.push(q);
            }
        };
        let Some(r) = region else {
            for d in bits(candidates.candidates(cell) & !self.masks[cell]) {
                add(cell, d as Digit + 1);
            }
            return;
        };
        let cells = candidates.geometry().region(r);
        let lost = candidates.positions(r, digit) & !self.positions[r * n + usize::from(digit) - 1];
        for h in bits(lost) {
            add(cells[h as usize], digit);
        }
    }
}
