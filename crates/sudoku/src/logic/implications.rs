//! What follows from an assumption, as Sudoku Explainer's multiple, Nishio and dynamic forcing
//! chains compute it: from a candidate assumed on (or off), every candidate that must then be
//! on or off, each with the candidates it follows from, until nothing new follows or some
//! candidate would be both on and off (a contradiction).
//!
//! A candidate on turns off its cell's other candidates (a Y-link) and its digit in every
//! region of its cell (X); one off turns on the other candidate of a bivalue cell (Y) and the
//! other place of its digit in a region where only two are left (X). In a dynamic search each
//! candidate turned off leaves a working copy of the grid, so that later links see cells and
//! regions emptied by the assumption; a link that needs those removals counts them among its
//! parents (SE's "hidden parents"), which lengthens the chain it prices.
//!
//! The order of the search is SE's, for its chains and so its prices: the candidates turned on
//! are followed before those turned off, each queue first in first out; a cell's regions are
//! taken boxes (and pieces) first, then rows, columns and the rest. With SE's dynamic forcing
//! chains (+), when both queues are empty, [`plus`]'s direct rules may turn more off.

mod counter;
mod memo;
mod nested;
mod nested_dynamic;
mod nested_multiple;
mod plus;
mod run;

pub(super) use self::counter::Counter;
pub(super) use self::run::{Rule, Run};

use super::bits::bits;
use super::buffers::Fifo;
use super::candidates::Candidates;
use crate::grid::{Cell, Digit};
use crate::variant::RegionKind;

/// How implications spread.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Rules {
    /// Y-links as well as X-links (Nishio chains have X-links only).
    pub(super) y_links: bool,
    /// Whether candidates turned off leave the working grid.
    pub(super) dynamic: bool,
    /// Dynamic only: whether SE's direct rules run on the working grid when links run out.
    pub(super) plus: bool,
    /// With `plus`: SE's chaining level when it is 2 or 3 (nested forcing chains), 4 plus the
    /// nesting limit (0 to 2) at level 4, else 0.
    pub(super) nest: u8,
}

/// A candidate assumed on or off, as one number: `((cell * N + digit - 1) * 2 + on)`.
pub(super) type Potential = u32;

/// The potential of `(cell, digit)` on or off in a grid of side `n`.
pub(super) fn potential(n: usize, cell: Cell, digit: Digit, on: bool) -> Potential {
    ((cell * n + usize::from(digit) - 1) * 2 + usize::from(on)) as Potential
}

/// The cell, digit and state of a potential.
pub(super) fn decode(n: usize, p: Potential) -> (Cell, Digit, bool) {
    let p = p as usize;
    (p / 2 / n, (p / 2 % n + 1) as Digit, p % 2 == 1)
}

/// Runs assumptions on one position, reusing its working grid and queues.
pub(super) struct Engine<'c> {
    candidates: &'c Candidates,
    n: usize,
    rules: Rules,
    /// Cell `c`'s regions in SE's order are `regions[starts[c]..starts[c + 1]]`, each with the
    /// cell's position in it.
    starts: Vec<u32>,
    regions: Vec<(u32, u32)>,
    /// The working grid of a dynamic search, whether it lost a candidate, and the grid's
    /// places to restore it from (copied whole: cheaper than undoing each loss).
    masks: Vec<u64>,
    positions: Vec<u64>,
    dirty: bool,
    pristine: Vec<u64>,
    pending_on: Fifo,
    pending_off: Fifo,
    /// `places[p / 2]`: potential `p`'s cell and digit (`decode` divides by N, which is
    /// slow in the inner loop).
    places: Vec<(u16, Digit)>,
    /// Cells already given an X-link by the potential being followed.
    marks: Vec<u32>,
    stamp: u32,
    /// The removals the direct rule's pattern at hand rests on (dynamic plus only), and the
    /// rule.
    hint: Vec<Potential>,
    rule: Rule,
    /// While a nested chain is sought: 1, only the assumption's negation is a contradiction;
    /// 2, nothing is (0: any candidate both on and off is).
    unary: u8,
    /// The nested chains' buffers (level 2 and up).
    nest: Option<Box<nested::Nest>>,
    /// What the rules removed on each working grid seen (dynamic plus only).
    memo: Option<Box<memo::Memo>>,
}

impl<'c> Engine<'c> {
    pub(super) fn new(candidates: &'c Candidates, rules: Rules) -> Engine<'c> {
        let geometry = candidates.geometry();
        let n = candidates.size();
        let rank = |kind: RegionKind| match kind {
            RegionKind::Box | RegionKind::Piece => 0,
            RegionKind::Row => 1,
            RegionKind::Column => 2,
            _ => 3,
        };
        let mut starts = vec![0u32];
        let mut regions = Vec::new();
        for cell in 0..n * n {
            let mine = geometry.members(cell);
            for r in 0..4 {
                regions.extend(mine.iter().filter(|m| rank(geometry.kind(m.0 as usize)) == r));
            }
            starts.push(regions.len() as u32);
        }
        let positions: Vec<u64> = (0..geometry.region_count())
            .flat_map(|r| (1..=n as Digit).map(move |d| (r, d)))
            .map(|(r, d)| candidates.positions(r, d))
            .collect();
        Engine {
            candidates,
            n,
            rules,
            starts,
            regions,
            masks: candidates.masks().to_vec(),
            pristine: positions.clone(),
            positions,
            dirty: false,
            pending_on: Fifo::default(),
            pending_off: Fifo::default(),
            places: (0..n * n * n).map(|i| ((i / n) as u16, (i % n + 1) as Digit)).collect(),
            marks: vec![0; n * n],
            stamp: 0,
            hint: Vec::new(),
            rule: Rule::Locked(0, 0, 0),
            unary: 0,
            nest: (rules.nest >= 2).then(|| Box::new(nested::Nest::new(n))),
            memo: rules.plus.then(|| Box::new(memo::Memo::new(n * n))),
        }
    }

    /// The side N.
    pub(super) fn size(&self) -> usize {
        self.n
    }

    /// Cell `cell`'s regions in SE's order, each with the cell's position in it.
    pub(super) fn regions_of(&self, cell: Cell) -> &[(u32, u32)] {
        &self.regions[self.starts[cell] as usize..self.starts[cell + 1] as usize]
    }

    /// The cell and digit of potential `p`.
    pub(super) fn place(&self, p: Potential) -> (Cell, Digit) {
        let (cell, digit) = self.places[p as usize / 2];
        (usize::from(cell), digit)
    }

    /// Empties `run` and the queues, then puts `start` first in both.
    pub(super) fn begin(&mut self, run: &mut Run, start: Potential) {
        run.clear();
        self.pending_on.clear();
        self.pending_off.clear();
        let first = run.push(start, None, true);
        if start % 2 == 1 {
            self.pending_on.push(first);
        } else {
            self.pending_off.push(first);
        }
    }

    /// Fills `run` with what follows from potential `start` (SE's `doChaining`).
    ///
    /// A static run leaves the working grid as it found it: it strikes nothing, and a static
    /// run nested in a dynamic one (level 3's cell and region chains) reads the outer run's
    /// grid, which only the outer run restores.
    pub(super) fn run(&mut self, run: &mut Run, start: Potential) {
        self.begin(run, start);
        // Past a limit, a run finds nothing: fewer implications, never a wrong one.
        if super::halt::halted() {
            return;
        }
        while run.conflict.is_none() {
            if let Some(e) = self.pending_on.pop() {
                self.follow_on(run, e);
            } else if let Some(e) = self.pending_off.pop() {
                self.follow_off(run, e);
            } else if !(self.rules.plus && self.advance(run)) {
                break;
            }
        }
        if self.rules.dynamic && std::mem::take(&mut self.dirty) {
            self.masks.copy_from_slice(self.candidates.masks());
            self.positions.copy_from_slice(&self.pristine);
        }
    }

    /// Turns off what an "on" potential excludes.
    fn follow_on(&mut self, run: &mut Run, e: usize) {
        let (cell, digit) = self.place(run.entries[e].potential);
        if self.rules.y_links {
            for d in bits(self.masks[cell] & !(1 << (digit - 1))) {
                if self.imply(run, e, potential(self.n, cell, d as Digit + 1, false)) {
                    return;
                }
            }
        }
        self.stamp = self.stamp.wrapping_add(1);
        self.marks[cell] = self.stamp;
        let candidates = self.candidates;
        let geometry = candidates.geometry();
        for m in self.starts[cell]..self.starts[cell + 1] {
            let r = self.regions[m as usize].0 as usize;
            let region = geometry.region(r);
            for k in bits(self.positions[r * self.n + usize::from(digit) - 1]) {
                let other = region[k as usize];
                if self.marks[other] != self.stamp {
                    self.marks[other] = self.stamp;
                    if self.imply(run, e, potential(self.n, other, digit, false)) {
                        return;
                    }
                }
            }
        }
    }

    /// Turns on what an "off" potential forces and (dynamic) strikes it from the grid.
    fn follow_off(&mut self, run: &mut Run, e: usize) {
        let n = self.n;
        let (cell, digit) = self.place(run.entries[e].potential);
        let bit = 1u64 << (digit - 1);
        let candidates = self.candidates;
        let geometry = candidates.geometry();
        let mask = self.masks[cell];
        if self.rules.y_links && (mask & !bit).is_power_of_two() && mask & bit != 0 {
            let other = (mask & !bit).trailing_zeros() as Digit + 1;
            let hidden = candidates.candidates(cell) & !mask;
            if self.imply_with(run, e, potential(n, cell, other, true), |run| {
                for d in bits(hidden) {
                    if let Some(h) = run.get(potential(n, cell, d as Digit + 1, false)) {
                        run.add_parent(h);
                    }
                }
            }) {
                return;
            }
        }
        // Struck from the working grid as each region's links are read (from its places before).
        let strike = self.rules.dynamic && mask & bit != 0;
        self.masks[cell] &= if strike { !bit } else { u64::MAX };
        self.dirty |= strike;
        for m in self.starts[cell]..self.starts[cell + 1] {
            let (r, k) = self.regions[m as usize];
            let slot = r as usize * n + usize::from(digit) - 1;
            let places = self.positions[slot];
            let others = places & !(1 << k);
            self.positions[slot] = if strike { others } else { places };
            if !others.is_power_of_two() {
                continue;
            }
            let region = geometry.region(r as usize);
            let target = potential(n, region[others.trailing_zeros() as usize], digit, true);
            let hidden = candidates.positions(r as usize, digit) & !places;
            if self.imply_with(run, e, target, |run| {
                for h in bits(hidden) {
                    if let Some(h) = run.get(potential(n, region[h as usize], digit, false)) {
                        run.add_parent(h);
                    }
                }
            }) {
                return;
            }
        }
    }

    /// Records that entry `e` implies `p`: a contradiction when its opposite is reached (true
    /// then), else `p` is queued if new.
    fn imply(&mut self, run: &mut Run, e: usize, p: Potential) -> bool {
        self.imply_with(run, e, p, |_| {})
    }

    /// As [`imply`](Self::imply), `hidden` adding the potential's other parents.
    fn imply_with(
        &mut self,
        run: &mut Run,
        e: usize,
        p: Potential,
        hidden: impl Fn(&mut Run),
    ) -> bool {
        if let Some(opposite) =
            run.get(p ^ 1).filter(|&o| self.unary == 0 || (self.unary == 1 && o == 0))
        {
            let fresh = run.push(p, Some(e), false);
            if self.rules.dynamic {
                hidden(run);
            }
            run.conflict = Some(if p % 2 == 1 { (fresh, opposite) } else { (opposite, fresh) });
            return true;
        }
        if run.get(p).is_none() {
            let entry = run.push(p, Some(e), true);
            if self.rules.dynamic {
                hidden(run);
            }
            if p % 2 == 1 {
                self.pending_on.push(entry);
            } else {
                self.pending_off.push(entry);
            }
        }
        false
    }
}
