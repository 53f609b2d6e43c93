//! Sudoku Explainer's forcing chains past the single chain: Nishio, multiple (cell and region)
//! and dynamic forcing chains, each found and priced as SE finds and prices them.
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
//! [`chain_length_extra`] of its length less two, the length being the number of candidates
//! the conclusion rests on, counted per branch and summed; it takes the shortest, and among
//! equals the double implications first, then cells, regions and contradictions, then the
//! first found, cells in row order.

use super::bits::bits;
use super::candidates::Candidates;
use super::implications::{decode, potential, Engine, Potential, Rules, Run};
use super::scale::{chain_length_extra, Tenths};
use super::{text, Step, Technique, TechniqueKind};
use crate::grid::{Cell, Digit};
use crate::variant::Variant;

/// A family of SE's forcing chains.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Family {
    /// Dynamic, X-links only, contradictions only (7.5).
    Nishio,
    /// Static cell and region forcing chains (8.0).
    Multiple,
    /// Dynamic contradictions, double implications, cells and regions (8.5).
    Dynamic,
}

impl Family {
    fn rules(self) -> Rules {
        match self {
            Family::Nishio => Rules { y_links: false, dynamic: true },
            Family::Multiple => Rules { y_links: true, dynamic: false },
            Family::Dynamic => Rules { y_links: true, dynamic: true },
        }
    }

    /// The price of the family's shortest chains.
    pub(super) fn base(self) -> Tenths {
        match self {
            Family::Nishio => 75,
            Family::Multiple => 80,
            Family::Dynamic => 85,
        }
    }

    fn kind(self) -> TechniqueKind {
        match self {
            Family::Nishio => TechniqueKind::NishioChain,
            Family::Multiple => TechniqueKind::MultipleChain,
            Family::Dynamic => TechniqueKind::DynamicChain,
        }
    }
}

/// The cheapest step of a family.
pub(super) struct ForcingChains(pub(super) Family);

impl Technique for ForcingChains {
    fn kind(&self) -> TechniqueKind {
        self.0.kind()
    }

    fn find(&self, candidates: &Candidates, variant: &Variant) -> Option<Step> {
        cheapest(candidates, variant, self.0).map(|(step, _)| step)
    }
}

/// SE's sort keys: among chains of one length, which comes first.
const DOUBLE: u8 = 1;
const CELL: u8 = 5;
const REGION: u8 = 6;
const CONTRADICTION: u8 = 7;

/// The cheapest step of `family` in this position, with its price.
pub(super) fn cheapest(
    candidates: &Candidates,
    variant: &Variant,
    family: Family,
) -> Option<(Step, Tenths)> {
    let n = candidates.size();
    let mut search = Search {
        engine: Engine::new(candidates, family.rules()),
        candidates,
        variant,
        family,
        values: (0..n).map(|_| Run::new(n)).collect(),
        off: Run::new(n),
        others: Vec::new(),
        best: None,
    };
    for cell in 0..n * n {
        search.cell(cell);
    }
    search.best.map(|(complexity, _, step)| {
        (step, family.base() + chain_length_extra(complexity.saturating_sub(2)))
    })
}

/// One branch of a step: what it assumes, and where in which run its conclusion lies.
struct Branch<'r> {
    premise: String,
    run: &'r Run,
    entry: usize,
}

struct Search<'c, 'v> {
    engine: Engine<'c>,
    candidates: &'c Candidates,
    variant: &'v Variant,
    family: Family,
    /// The run of each candidate of the cell at hand assumed on, by digit.
    values: Vec<Run>,
    /// The run of the candidate at hand assumed off.
    off: Run,
    /// The runs of a digit's other places in a region.
    others: Vec<Run>,
    /// The best step so far: its length, sort key and the step.
    best: Option<(usize, u8, Step)>,
}

impl Search<'_, '_> {
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
            let mut run = std::mem::replace(&mut self.values[d as usize], Run::new(0));
            self.engine.run(&mut run, on);
            let mut off_run = std::mem::replace(&mut self.off, Run::new(0));
            self.engine.run(&mut off_run, off);
            if contradictions {
                self.contradiction(&mut run, on);
                self.contradiction(&mut off_run, off);
            }
            if self.family == Family::Dynamic && count >= 3 {
                self.double(&mut run, &mut off_run, on);
            }
            if self.family != Family::Nishio {
                self.regions(cell, digit, &mut run);
            }
            self.values[d as usize] = run;
            self.off = off_run;
        }
        if self.family != Family::Nishio {
            self.cell_chains(cell, mask);
        }
    }

    /// A contradiction in `run`: its assumption is false.
    fn contradiction(&mut self, run: &mut Run, source: Potential) {
        let Some((on, off)) = run.conflict else { return };
        let length = run.ancestors(on) + run.ancestors(off);
        if !self.better(length, CONTRADICTION) {
            return;
        }
        let n = self.engine.size();
        let (_, digit, _) = decode(n, run.entries[on].potential);
        let (cell, _, _) = decode(n, run.entries[on].potential);
        let premise = format!("if {}, then", say(n, source));
        let run = &*run;
        let branches = [
            Branch { premise, run, entry: on },
            Branch { premise: "and".to_owned(), run, entry: off },
        ];
        let why = format!(
            "{} would both be and not be {}, a contradiction",
            text::cell(n, cell),
            text::digit(digit)
        );
        self.offer(length, CONTRADICTION, source ^ 1, String::new(), &branches, &why, None);
    }

    /// Candidates both assumptions turn on, or both turn off.
    fn double(&mut self, on_run: &mut Run, off_run: &mut Run, source: Potential) {
        let n = self.engine.size();
        for state in [1, 0] {
            for i in 0..on_run.reached().len() {
                let p = on_run.entries[i].potential;
                let Some(j) = off_run.get(p).filter(|_| p % 2 == state) else { continue };
                if !self.worth(p) {
                    continue;
                }
                let length = on_run.ancestors(i) + off_run.ancestors(j);
                if self.better(length, DOUBLE) {
                    let branches = [
                        Branch {
                            premise: format!("if {}, then", say(n, source)),
                            run: on_run,
                            entry: i,
                        },
                        Branch { premise: "if not, then".to_owned(), run: off_run, entry: j },
                    ];
                    self.offer(length, DOUBLE, p, String::new(), &branches, "either way", None);
                }
            }
        }
    }

    /// Region forcing chains of `digit` in the regions where `cell` is its first place.
    fn regions(&mut self, cell: Cell, digit: Digit, run: &mut Run) {
        let n = self.engine.size();
        let geometry = self.candidates.geometry();
        for m in 0..self.engine.regions_of(cell).len() {
            let r = self.engine.regions_of(cell)[m].0 as usize;
            let places = self.candidates.positions(r, digit);
            let region = geometry.region(r);
            if places.count_ones() < 2 || region[places.trailing_zeros() as usize] != cell {
                continue;
            }
            let rest: Vec<Cell> = bits(places).skip(1).map(|k| region[k as usize]).collect();
            while self.others.len() < rest.len() {
                self.others.push(Run::new(n));
            }
            let mut others = std::mem::take(&mut self.others);
            for (other, &place) in others.iter_mut().zip(&rest) {
                self.engine.run(other, potential(n, place, digit, true));
            }
            let others_used = &mut others[..rest.len()];
            for state in [1, 0] {
                for i in 0..run.reached().len() {
                    let p = run.entries[i].potential;
                    if p % 2 != state || !self.worth(p) {
                        continue;
                    }
                    let found: Option<Vec<usize>> = others_used.iter().map(|o| o.get(p)).collect();
                    let Some(found) = found else { continue };
                    let mut length = run.ancestors(i);
                    for (other, &j) in others_used.iter_mut().zip(&found) {
                        length += other.ancestors(j);
                    }
                    if !self.better(length, REGION) {
                        continue;
                    }
                    let mut branches =
                        vec![Branch { premise: premise(n, cell, digit), run: &*run, entry: i }];
                    for ((other, &j), &place) in others_used.iter().zip(&found).zip(&rest) {
                        branches.push(Branch {
                            premise: premise(n, place, digit),
                            run: other,
                            entry: j,
                        });
                    }
                    let places: Vec<Cell> = bits(places).map(|k| region[k as usize]).collect();
                    let intro = format!(
                        "{} lies in {} at {}: ",
                        text::digit(digit),
                        text::region(self.variant, r),
                        text::cells(n, &places)
                    );
                    self.offer(length, REGION, p, intro, &branches, "each way", Some(r));
                }
            }
            self.others = others;
        }
    }

    /// Cell forcing chains: what every candidate of `cell` leads to.
    fn cell_chains(&mut self, cell: Cell, mask: u64) {
        let n = self.engine.size();
        let first = mask.trailing_zeros() as usize;
        let mut values = std::mem::take(&mut self.values);
        for state in [1, 0] {
            for i in 0..values[first].reached().len() {
                let p = values[first].entries[i].potential;
                if p % 2 != state || !self.worth(p) {
                    continue;
                }
                let found: Option<Vec<(usize, usize)>> = bits(mask)
                    .map(|d| values[d as usize].get(p).map(|j| (d as usize, j)))
                    .collect();
                let Some(found) = found else { continue };
                let length: usize = found.iter().map(|&(d, j)| values[d].ancestors(j)).sum();
                if !self.better(length, CELL) {
                    continue;
                }
                let branches: Vec<Branch> = found
                    .iter()
                    .map(|&(d, j)| Branch {
                        premise: premise(n, cell, d as Digit + 1),
                        run: &values[d],
                        entry: j,
                    })
                    .collect();
                let intro = format!("{} holds {}: ", text::cell(n, cell), text::digits(mask));
                self.offer(length, CELL, p, intro, &branches, "each way", None);
            }
        }
        self.values = values;
    }

    /// Whether concluding `p` changes the grid: an "on" in a cell with other candidates
    /// (an "off" always does: every potential reached is a candidate).
    fn worth(&self, p: Potential) -> bool {
        let (cell, digit, on) = decode(self.engine.size(), p);
        !on || self.candidates.candidates(cell) & !(1 << (digit - 1)) != 0
    }

    /// Whether a step of this length and key would come before the best so far.
    fn better(&self, length: usize, key: u8) -> bool {
        self.best.as_ref().is_none_or(|&(l, k, _)| (length, key) < (l, k))
    }

    /// Records the step concluding `p` as the best so far.
    #[allow(clippy::too_many_arguments)]
    fn offer(
        &mut self,
        length: usize,
        key: u8,
        p: Potential,
        intro: String,
        branches: &[Branch],
        joint: &str,
        region: Option<usize>,
    ) {
        let n = self.engine.size();
        let (cell, digit, on) = decode(n, p);
        let mut cells = Vec::new();
        let mut said = Vec::new();
        for branch in branches {
            let path = branch.run.path(branch.entry);
            for &q in &path {
                let (c, _, _) = decode(n, q);
                if !cells.contains(&c) {
                    cells.push(c);
                }
            }
            let chain: Vec<String> = path.iter().skip(1).map(|&q| say(n, q)).collect();
            let chain = if chain.is_empty() { say(n, path[0]) } else { chain.join(", so ") };
            said.push(format!("{} {chain}", branch.premise));
        }
        let (placements, eliminations) =
            if on { (vec![(cell, digit)], Vec::new()) } else { (Vec::new(), vec![(cell, digit)]) };
        let result = if on {
            format!("{} = {}", text::cell(n, cell), text::digit(digit))
        } else {
            text::removed(n, &eliminations)
        };
        let explanation = format!(
            "{}: {intro}{}; {joint}, so {result}",
            self.family.kind().name(),
            said.join("; ")
        );
        let step = Step {
            technique: self.family.kind(),
            cells,
            regions: region.into_iter().collect(),
            placements,
            eliminations,
            explanation,
        };
        self.best = Some((length, key, step));
    }
}

/// `r1c2 is 5` or `r1c2 is not 5`.
fn say(n: usize, p: Potential) -> String {
    let (cell, digit, on) = decode(n, p);
    let verb = if on { "is" } else { "is not" };
    format!("{} {verb} {}", text::cell(n, cell), text::digit(digit))
}

/// `if r1c2 is 5, then`.
fn premise(n: usize, cell: Cell, digit: Digit) -> String {
    format!("if {}, then", say(n, potential(n, cell, digit, true)))
}
