//! The cell and region forcing chains of [`multiple`](super): what every candidate of a cell,
//! or every place of a digit in a region, leads to.

use super::super::bits::bits;
use super::super::forcing::{agreed, better, meet, CELL, REGION};
use super::super::implications::Run;
use super::super::text::{self, premise, Branch};
use super::{Search, Source};
use crate::grid::{Cell, Digit};

impl Search<'_, '_, '_> {
    /// Region forcing chains of `digit` in the regions where `cell` is its first place.
    pub(super) fn regions(&mut self, cell: Cell, digit: Digit) {
        let n = self.engine.size();
        let candidates = self.candidates;
        let geometry = candidates.geometry();
        for m in 0..self.engine.regions_of(cell).len() {
            let r = self.engine.regions_of(cell)[m].0 as usize;
            let places = candidates.positions(r, digit);
            let region = geometry.region(r);
            if places.count_ones() < 2 || region[places.trailing_zeros() as usize] != cell {
                continue;
            }
            if self.agreements.as_ref().is_some_and(|a| a.regions[r] >> (digit - 1) & 1 == 0) {
                continue;
            }
            let runs: Vec<(Cell, usize)> = bits(places)
                .map(|k| region[k as usize])
                .map(|c| (c, self.on_run(c, digit)))
                .collect();
            if !meet(&self.runs, &runs.iter().map(|&(_, k)| k)) {
                continue;
            }
            let first = &self.runs[runs[0].1];
            for state in [1, 0] {
                for entry in first.reached() {
                    let p = entry.potential;
                    if p % 2 != state || !self.worth(p) {
                        continue;
                    }
                    let numbers = runs.iter().map(|&(_, k)| k);
                    let Some((found, length)) = agreed(&self.runs, &mut self.counter, numbers, p)
                    else {
                        continue;
                    };
                    if let Some(sink) = self.sink.as_deref_mut() {
                        let branches: Vec<(&Run, usize)> = runs
                            .iter()
                            .zip(&found)
                            .map(|(&(_, k), &j)| (&self.runs[k], j))
                            .collect();
                        sink.add(&branches, Source::Region(r, digit), length, REGION, p);
                        continue;
                    }
                    if !better(self.best.as_ref(), length, REGION) {
                        continue;
                    }
                    let branches: Vec<Branch> = runs
                        .iter()
                        .zip(&found)
                        .map(|(&(place, k), &j)| Branch {
                            premise: premise(n, place, digit),
                            run: &self.runs[k],
                            entry: j,
                        })
                        .collect();
                    let places: Vec<Cell> = runs.iter().map(|&(c, _)| c).collect();
                    let intro = format!(
                        "{} lies in {} at {}: ",
                        text::digit(digit),
                        text::region(self.variant.expect("a variant"), r),
                        text::cells(n, &places)
                    );
                    let step = text::forcing_step(
                        self.variant.expect("a variant"),
                        self.family.kind(),
                        p,
                        &intro,
                        &branches,
                        "each way",
                        Some(r),
                    );
                    self.best = Some((length, REGION, step));
                }
            }
        }
    }

    /// Cell forcing chains: what every candidate of `cell` leads to.
    pub(super) fn cell_chains(&mut self, cell: Cell, mask: u64) {
        let n = self.engine.size();
        let runs: Vec<(Digit, usize)> = bits(mask)
            .map(|d| (d as Digit + 1, self.cached[cell * n + d as usize] as usize))
            .collect();
        if !meet(&self.runs, &runs.iter().map(|&(_, k)| k)) {
            return;
        }
        let first = &self.runs[runs[0].1];
        for state in [1, 0] {
            for entry in first.reached() {
                let p = entry.potential;
                if p % 2 != state || !self.worth(p) {
                    continue;
                }
                let numbers = runs.iter().map(|&(_, k)| k);
                let Some((found, length)) = agreed(&self.runs, &mut self.counter, numbers, p)
                else {
                    continue;
                };
                if let Some(sink) = self.sink.as_deref_mut() {
                    let branches: Vec<(&Run, usize)> =
                        runs.iter().zip(&found).map(|(&(_, k), &j)| (&self.runs[k], j)).collect();
                    sink.add(&branches, Source::Cell(cell), length, CELL, p);
                    continue;
                }
                if !better(self.best.as_ref(), length, CELL) {
                    continue;
                }
                let branches: Vec<Branch> = runs
                    .iter()
                    .zip(&found)
                    .map(|(&(digit, k), &j)| Branch {
                        premise: premise(n, cell, digit),
                        run: &self.runs[k],
                        entry: j,
                    })
                    .collect();
                let intro = format!("{} holds {}: ", text::cell(n, cell), text::digits(mask));
                let step = text::forcing_step(
                    self.variant.expect("a variant"),
                    self.family.kind(),
                    p,
                    &intro,
                    &branches,
                    "each way",
                    None,
                );
                self.best = Some((length, CELL, step));
            }
        }
    }
}
