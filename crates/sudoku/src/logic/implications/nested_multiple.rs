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

/// The static runs of the candidates assumed on, on the working grid at hand: a candidate's
/// run serves its cell's chain and the region chains of each region it lies in (each made
/// once, not once per chain), kept until its cell is done.
pub(in crate::logic) struct RunPool {
    runs: Vec<Run>,
    free: Vec<u32>,
    /// `slot[cell * N + digit - 1]`: the candidate's run in `runs` (`u32::MAX`: none).
    slot: Vec<u32>,
    /// The candidates with a run, by `slot` index.
    made: Vec<u32>,
    /// The runs of the chain at hand's branches, in order.
    picked: Vec<u32>,
}

impl RunPool {
    pub(super) fn new(n: usize) -> RunPool {
        RunPool {
            runs: Vec::new(),
            free: Vec::new(),
            slot: vec![u32::MAX; n * n * n],
            made: Vec::new(),
            picked: Vec::new(),
        }
    }

    /// Frees the run of candidate `key` (`cell * N + digit - 1`), if made.
    fn release(&mut self, key: usize) {
        if self.slot[key] != u32::MAX {
            self.free.push(self.slot[key]);
            self.slot[key] = u32::MAX;
        }
    }

    /// Frees every run.
    fn release_all(&mut self) {
        while let Some(key) = self.made.pop() {
            self.release(key as usize);
        }
    }
}

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
            for d in bits(mask) {
                let digit = d as Digit + 1;
                for m in 0..self.regions_of(cell).len() {
                    let (r, k) = self.regions_of(cell)[m];
                    self.region_chains(&mut nest, cell, digit, r as usize, k);
                }
            }
            nest.runs.picked.clear();
            for d in bits(mask) {
                let i = self.run_of(&mut nest.runs, cell, d as Digit + 1);
                nest.runs.picked.push(i);
            }
            self.agreements(&mut nest, cell, u32::MAX, 0);
            for d in bits(mask) {
                nest.runs.release(cell * n + d as usize);
            }
        }
        nest.runs.release_all();
        self.rules = outer;
        let found = self.apply_hints(&mut nest, run);
        self.nest = Some(nest);
        found
    }

    /// The index in `runs` of the static run of `(cell, digit)` assumed on, made if new.
    fn run_of(&mut self, runs: &mut RunPool, cell: Cell, digit: Digit) -> u32 {
        let key = cell * self.n + usize::from(digit) - 1;
        if runs.slot[key] == u32::MAX {
            let index = runs.free.pop().unwrap_or_else(|| {
                runs.runs.push(Run::new(self.n));
                runs.runs.len() as u32 - 1
            });
            self.run(&mut runs.runs[index as usize], potential(self.n, cell, digit, true));
            runs.slot[key] = index;
            runs.made.push(key as u32);
        }
        runs.slot[key]
    }

    /// Region chains of `digit` in region `r`, if `cell` (its place `k`) is the digit's first
    /// place there.
    fn region_chains(&mut self, nest: &mut Nest, cell: Cell, digit: Digit, r: usize, k: u32) {
        let n = self.n;
        let places = self.positions[r * n + usize::from(digit) - 1];
        if places.count_ones() < 2 || places.trailing_zeros() != k {
            return;
        }
        let region = self.candidates.geometry().region(r);
        nest.runs.picked.clear();
        for h in bits(places) {
            let i = self.run_of(&mut nest.runs, region[h as usize], digit);
            nest.runs.picked.push(i);
        }
        self.agreements(nest, cell, r as u32, digit);
    }

    /// The hints of what the runs `nest.runs.picked` (of a cell's candidates, `region`
    /// `u32::MAX`; else of a digit's places in `region`) all turn on, then all turn off.
    fn agreements(&self, nest: &mut Nest, cell: Cell, region: u32, digit: Digit) {
        let cells = region == u32::MAX;
        let (runs, picked) = (&nest.runs.runs, &nest.runs.picked);
        let first = &runs[picked[0] as usize];
        for state in [1, 0] {
            for e in 0..first.reached().len() {
                let p = first.reached()[e].potential;
                if p % 2 != state || picked[1..].iter().any(|&k| runs[k as usize].get(p).is_none())
                {
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
                for &k in picked {
                    let run = &runs[k as usize];
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
