//! Sudoku Explainer's Nishio, multiple (cell and region) and dynamic forcing chains.
//!
//! From each candidate of each cell (of three candidates or more for the static multiple
//! chains), [`implications`](super::implications) follows the candidate assumed on and
//! assumed off. A step comes from:
//! - a contradiction (Nishio, dynamic): the assumption on turns some candidate both on and
//!   off, so the candidate goes; assumed off it does so, so the candidate is the cell's digit;
//! - both assumptions (dynamic, cells of three candidates or more) turning the same candidate
//!   on, or the same candidate off;
//! - a cell: every candidate of the cell turning the same candidate on (or off);
//! - a region: every place of a digit in a region turning the same candidate on (or off).
//!
//! SE prices the step at its family's base (Nishio 7.5, multiple 8.0, dynamic 8.5) plus
//! [`chain_length_extra`] of its length less two, the length being the number of candidates the
//! conclusion rests on, summed over branches; it takes the shortest, among equals the double
//! implications, then cells, regions, contradictions, then the first found in row order.

use super::bits::bits;
use super::buffers::Scratch;
use super::candidates::Candidates;
use super::forcing::{better, CONTRADICTION, DOUBLE};
pub(super) use super::forcing::{Family, ForcingChains};
use super::implications::{decode, potential, Counter, Engine, Potential, Run};
use super::nishio::Contradictions;
use super::reach::{agreements, Agreements};
use super::scale::{chain_length_extra, Tenths};
use super::text::{self, say, Branch};
use super::Step;
use crate::grid::{Cell, Digit};
use crate::variant::Variant;

mod houses;

/// The cheapest step of `family` in this position, with its price.
pub(super) fn cheapest(
    candidates: &Candidates,
    variant: &Variant,
    family: Family,
) -> Option<(Step, Tenths)> {
    search(candidates, Some(variant), family, None).map(|(complexity, _, step)| {
        (step, family.base() + chain_length_extra(complexity.saturating_sub(2)))
    })
}

/// Where a dynamic family's conclusions go when all of them are wanted (SE's nested dynamic
/// chains, [`implications`](super::implications)), not only the cheapest.
pub(super) trait Sink {
    /// A conclusion `p` (the sort key `kind`, `length` nodes), reached by every branch
    /// `(run, entry)`, from `source`.
    fn add(&mut self, branches: &[(&Run, usize)], source: Source, length: usize, kind: u8, p: u32);
}

/// What a conclusion's branches assume.
#[derive(Clone, Copy)]
pub(super) enum Source {
    /// A candidate assumed on or off (a contradiction; its "on" potential for a double
    /// implication).
    Binary(Potential),
    /// Each candidate of a cell.
    Cell(Cell),
    /// Each place of a digit in a region.
    Region(usize, Digit),
}

/// Every conclusion of `family` (a dynamic one) in this position, in SE's order, given to
/// `sink`.
pub(super) fn collect(candidates: &Candidates, family: Family, sink: &mut dyn Sink) {
    search(candidates, None, family, Some(sink));
}

/// The search: the best step (with `variant`), else every conclusion given to `sink`.
fn search(
    candidates: &Candidates,
    variant: Option<&Variant>,
    family: Family,
    sink: Option<&mut dyn Sink>,
) -> Option<(usize, u8, Step)> {
    let n = candidates.size();
    let agreements = match family {
        Family::Multiple => Some(agreements(candidates)?),
        _ => None,
    };
    let scratch = Scratch::take(n);
    let mut search = Search {
        engine: Engine::new(candidates, family.rules()),
        candidates,
        variant,
        family,
        free: (0..scratch.runs.len()).collect(),
        runs: scratch.runs,
        cached: scratch.cached,
        off: scratch.off,
        counter: scratch.counter,
        contradictions: (family == Family::Nishio).then(|| Contradictions::new(candidates)),
        agreements,
        best: None,
        sink,
    };
    for cell in 0..n * n {
        search.cell(cell);
    }
    let best = search.best.take();
    let Search { runs, cached, off, counter, .. } = search;
    Scratch { n, runs, cached, off, counter }.give_back();
    best
}

struct Search<'c, 'v, 's> {
    engine: Engine<'c>,
    candidates: &'c Candidates,
    /// For the steps' words (none with a sink: no step is made).
    variant: Option<&'v Variant>,
    family: Family,
    /// The runs of candidates assumed on, kept from a region's first place until their own
    /// cell is done (every run depends only on the position and its assumption).
    runs: Vec<Run>,
    free: Vec<usize>,
    /// `cached[cell * N + digit - 1]`: the index in `runs` of that candidate's run.
    cached: Vec<u32>,
    /// The run of the candidate at hand assumed off.
    off: Run,
    counter: Counter,
    /// Nishio only: which runs meet a contradiction, the only runs its steps come from.
    contradictions: Option<Contradictions>,
    /// Static chains only: the cells and regions whose runs could agree, the only runs made.
    agreements: Option<Agreements>,
    /// The best step so far: its length, sort key and the step.
    best: Option<(usize, u8, Step)>,
    /// Where every conclusion goes, instead of the best.
    sink: Option<&'s mut dyn Sink>,
}

impl Search<'_, '_, '_> {
    /// The run of `(cell, digit)` assumed on, made if not cached.
    fn on_run(&mut self, cell: Cell, digit: Digit) -> usize {
        let n = self.engine.size();
        let key = cell * n + usize::from(digit) - 1;
        if self.cached[key] != u32::MAX {
            return self.cached[key] as usize;
        }
        let index = self.free.pop().unwrap_or_else(|| {
            self.runs.push(Run::new(n));
            self.runs.len() - 1
        });
        self.engine.run(&mut self.runs[index], potential(n, cell, digit, true));
        self.cached[key] = index as u32;
        index
    }

    /// Every step SE draws from `cell`, in its order.
    fn cell(&mut self, cell: Cell) {
        let n = self.engine.size();
        let mask = self.candidates.candidates(cell);
        let count = mask.count_ones();
        if count < 2 || (self.family == Family::Multiple && count < 3) {
            return;
        }
        let contradictions = self.family != Family::Multiple;
        for d in bits(mask) {
            let digit = d as Digit + 1;
            let (on, off) = (potential(n, cell, digit, true), potential(n, cell, digit, false));
            if let Some(meets) = self.contradictions.as_ref() {
                // The same contradictions, in the same order, from the runs that meet one.
                let candidates = self.candidates;
                let (on_meets, off_meets) = (
                    meets.meets(candidates, cell, digit, true),
                    meets.meets(candidates, cell, digit, false),
                );
                if on_meets {
                    let index = self.on_run(cell, digit);
                    self.contradiction(index, None, on);
                }
                if off_meets {
                    let mut off_run = std::mem::replace(&mut self.off, Run::new(0));
                    self.engine.run(&mut off_run, off);
                    self.contradiction(usize::MAX, Some(&off_run), off);
                    self.off = off_run;
                }
                continue;
            }
            if self.agreements.is_some() {
                // Static chains conclude nothing from contradictions or a candidate assumed
                // off: only regions (and the cell, below) where the runs could agree.
                self.regions(cell, digit);
                continue;
            }
            let index = self.on_run(cell, digit);
            let mut off_run = std::mem::replace(&mut self.off, Run::new(0));
            self.engine.run(&mut off_run, off);
            if contradictions {
                self.contradiction(index, None, on);
                self.contradiction(usize::MAX, Some(&off_run), off);
            }
            if self.family.dynamic() && count >= 3 {
                self.double(index, &off_run, on);
            }
            self.off = off_run;
            if self.family != Family::Nishio {
                self.regions(cell, digit);
            }
        }
        let agree = self.agreements.as_ref().is_none_or(|a| a.cells[cell]);
        if self.family != Family::Nishio && agree {
            for d in bits(mask) {
                self.on_run(cell, d as Digit + 1);
            }
            self.cell_chains(cell, mask);
        }
        for d in bits(mask) {
            let key = cell * n + d as usize;
            if self.cached[key] != u32::MAX {
                self.free.push(self.cached[key] as usize);
                self.cached[key] = u32::MAX;
            }
        }
    }

    /// A contradiction in run `index` (or `run`): its assumption is false.
    fn contradiction(&mut self, index: usize, run: Option<&Run>, source: Potential) {
        let run = run.unwrap_or_else(|| &self.runs[index]);
        let Some((on, off)) = run.conflict else { return };
        self.counter.fresh();
        let length = self.counter.ancestors(run, on) + self.counter.ancestors(run, off);
        if let Some(sink) = self.sink.as_deref_mut() {
            let from = Source::Binary(source);
            sink.add(&[(run, on), (run, off)], from, length, CONTRADICTION, source ^ 1);
            return;
        }
        if !better(self.best.as_ref(), length, CONTRADICTION) {
            return;
        }
        let n = self.engine.size();
        let (cell, digit, _) = decode(n, run.entries[on].potential);
        let branches = [
            Branch { premise: format!("if {}, then", say(n, source)), run, entry: on },
            Branch { premise: "and".to_owned(), run, entry: off },
        ];
        let why = format!(
            "{} would both be and not be {}, a contradiction",
            text::cell(n, cell),
            text::digit(digit)
        );
        let step = text::forcing_step(
            self.variant.expect("a variant"),
            self.family.kind(),
            source ^ 1,
            "",
            &branches,
            &why,
            None,
        );
        self.best = Some((length, CONTRADICTION, step));
    }

    /// Candidates both assumptions turn on, or both turn off.
    fn double(&mut self, index: usize, off_run: &Run, source: Potential) {
        let n = self.engine.size();
        let on_run = &self.runs[index];
        for state in [1, 0] {
            for (i, entry) in on_run.reached().iter().enumerate() {
                let p = entry.potential;
                let Some(j) = off_run.get(p).filter(|_| p % 2 == state) else { continue };
                if !self.worth(p) {
                    continue;
                }
                self.counter.fresh();
                let length = self.counter.ancestors(on_run, i) + self.counter.ancestors(off_run, j);
                if let Some(sink) = self.sink.as_deref_mut() {
                    let from = Source::Binary(source);
                    sink.add(&[(on_run, i), (off_run, j)], from, length, DOUBLE, p);
                    continue;
                }
                if better(self.best.as_ref(), length, DOUBLE) {
                    let premise = format!("if {}, then", say(n, source));
                    let branches = [
                        Branch { premise, run: on_run, entry: i },
                        Branch { premise: "if not, then".to_owned(), run: off_run, entry: j },
                    ];
                    let step = text::forcing_step(
                        self.variant.expect("a variant"),
                        self.family.kind(),
                        p,
                        "",
                        &branches,
                        "either way",
                        None,
                    );
                    self.best = Some((length, DOUBLE, step));
                }
            }
        }
    }

    /// Whether concluding `p` changes the grid: an "on" in a cell with other candidates
    /// (an "off" always does: every potential reached is a candidate).
    fn worth(&self, p: Potential) -> bool {
        // Read from the engine's table: `decode` divides by N, twice.
        p.is_multiple_of(2) || {
            let (cell, digit) = self.engine.place(p);
            self.candidates.candidates(cell) & !(1 << (digit - 1)) != 0
        }
    }
}
