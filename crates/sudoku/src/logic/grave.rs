//! BUG types 2 to 4, as Sudoku Explainer finds them. A "bivalue universal grave" is a
//! position where every unsolved cell has two candidates and every digit two places in each
//! region it is missing from: then the complement of a solution is another, so it has none or
//! several. Where only a few "BUG cells" hold extra digits (each the digit seen three times in
//! one of the cell's regions), a unique puzzle must keep one of them: type 2 (they share the
//! one extra digit: it leaves every cell seeing them all), type 3 (their extra digits form a
//! naked set with other cells of a region they share), type 4 (two BUG cells of a region
//! share a digit with no other place there: each is that digit or its extra one).
//! [`BugPlusOne`](super::uniqueness::BugPlusOne) is type 1.

use super::bits::{bits, digit_bit, one_bit};
use super::candidates::Candidates;
use super::loop_types::combinations;
use super::scale::Tenths;
use super::{text, Step, Technique, TechniqueKind};
use crate::grid::{Cell, Digit};
use crate::variant::Variant;

/// Finds BUG type 2, 3 or 4, whichever kind it is given.
pub(super) struct Grave(pub(super) TechniqueKind);

impl Technique for Grave {
    fn kind(&self) -> TechniqueKind {
        self.0
    }

    fn find(&self, candidates: &Candidates, variant: &Variant) -> Option<Step> {
        let grave = Analysis::of(candidates)?;
        grave
            .steps(candidates, variant)
            .into_iter()
            .find(|(s, _)| s.technique == self.0)
            .map(|f| f.0)
    }
}

/// SE's choice of a BUG type 2 to 4 step: the first it finds (type 2, then 4, then 3 by
/// size), with its price (5.7, 5.8 for a type 3 pair and 0.1 more for each larger set).
pub(super) fn first(candidates: &Candidates, variant: &Variant) -> Option<(Step, Tenths)> {
    Analysis::of(candidates)?.steps(candidates, variant).into_iter().next()
}

/// The BUG cells, their extra digits and the unsolved cells that see them all.
struct Analysis {
    cells: Vec<Cell>,
    extras: Vec<u64>,
    all: u64,
    common: Vec<Cell>,
}

impl Analysis {
    /// The grave under the position, when taking the BUG cells' extra digits out leaves one.
    fn of(candidates: &Candidates) -> Option<Analysis> {
        let geometry = candidates.geometry();
        let masks = candidates.masks();
        let n = candidates.size();
        let mut grave =
            Analysis { cells: Vec::new(), extras: Vec::new(), all: 0, common: Vec::new() };
        let mut left = masks.to_vec();
        for &r in geometry.scan() {
            for d in 1..=n as Digit {
                let places = candidates.positions(r, d).count_ones();
                if places == 0 || places == 2 {
                    continue;
                }
                let wide: Vec<Cell> = geometry
                    .region(r)
                    .iter()
                    .copied()
                    .filter(|&c| candidates.has(c, d) && masks[c].count_ones() >= 3)
                    .collect();
                // Two or more: another region names the BUG cell; none: no grave.
                let cell = match wide[..] {
                    [] => return None,
                    [cell] => cell,
                    _ => continue,
                };
                let k = grave.cells.iter().position(|&c| c == cell).unwrap_or_else(|| {
                    grave.cells.push(cell);
                    grave.extras.push(0);
                    grave.cells.len() - 1
                });
                grave.extras[k] |= digit_bit(d);
                grave.all |= digit_bit(d);
                left[cell] &= !digit_bit(d);
            }
        }
        if grave.cells.len() < 2 || left.iter().any(|&m| m != 0 && m.count_ones() != 2) {
            return None;
        }
        for r in 0..geometry.region_count() {
            for d in 1..=n as Digit {
                let places = geometry.region(r).iter().filter(|&&c| left[c] & digit_bit(d) != 0);
                if !matches!(places.count(), 0 | 2) {
                    return None;
                }
            }
        }
        grave.common = (0..n * n)
            .filter(|&c| masks[c] != 0 && !grave.cells.contains(&c))
            .filter(|&c| grave.cells.iter().all(|&b| geometry.sees(c, b)))
            .collect();
        Some(grave)
    }

    /// Every step in SE's order.
    fn steps(&self, candidates: &Candidates, variant: &Variant) -> Vec<(Step, Tenths)> {
        let mut steps = Vec::new();
        if one_bit(self.all) {
            steps.extend(self.type2(candidates));
            steps.extend(self.type4(candidates, variant));
        } else if !self.common.is_empty() {
            steps.extend(self.type4(candidates, variant));
            steps.extend(self.type3(candidates, variant));
        }
        steps
    }

    /// `bug type 2: without 5 in r1c2 and r3c3, ... a grave`.
    fn opening(&self, n: usize, type_: u8) -> String {
        let parts: Vec<String> = self
            .cells
            .iter()
            .zip(&self.extras)
            .map(|(&c, &x)| format!("{} in {}", text::digits(x), text::cell(n, c)))
            .collect();
        format!(
            "bug type {type_}: without {}, every unsolved cell would have two candidates and \
             every digit two places in its regions, a grave with no solution or several",
            text::and_list(&parts)
        )
    }

    fn step(
        &self,
        n: usize,
        kind: (TechniqueKind, u8, Tenths),
        regions: Vec<usize>,
        eliminations: Vec<(Cell, Digit)>,
        why: &str,
    ) -> Option<(Step, Tenths)> {
        let (technique, type_, price) = kind;
        if eliminations.is_empty() {
            return None;
        }
        let explanation =
            format!("{}; {why}: {}", self.opening(n, type_), text::removed(n, &eliminations));
        let step =
            Step::eliminating(technique, self.cells.clone(), regions, eliminations, explanation);
        Some((step, price))
    }

    /// One extra digit x for all: one BUG cell is x, so no cell seeing them all is.
    fn type2(&self, candidates: &Candidates) -> Option<(Step, Tenths)> {
        let n = candidates.size();
        let x = bits(self.all).next()? as Digit + 1;
        let eliminations =
            self.common.iter().filter(|&&c| candidates.has(c, x)).map(|&c| (c, x)).collect();
        let why = format!("so one of them is {}", text::digit(x));
        self.step(n, (TechniqueKind::Bug2, 2, 57), Vec::new(), eliminations, &why)
    }

    /// Two BUG cells of a region sharing one other digit v: without the extra digits v has
    /// two places there, these cells; one is v, so the other holds its extra digit.
    fn type4(&self, candidates: &Candidates, variant: &Variant) -> Option<(Step, Tenths)> {
        let [c1, c2] = self.cells[..] else { return None };
        let masks = candidates.masks();
        let shared = masks[c1] & masks[c2] & !self.all;
        if !one_bit(shared) {
            return None;
        }
        let geometry = candidates.geometry();
        let &r = geometry
            .scan()
            .iter()
            .find(|&&r| geometry.position(r, c1).is_some() && geometry.position(r, c2).is_some())?;
        let v = bits(shared).next()? as Digit + 1;
        let n = candidates.size();
        let mut eliminations = Vec::new();
        for (&c, &x) in self.cells.iter().zip(&self.extras) {
            eliminations.extend(bits(masks[c] & !x & !shared).map(|d| (c, d as Digit + 1)));
        }
        let why = format!(
            "without them {} has only {} and {} in {}, so one is {} and the other its extra digit",
            text::digit(v),
            text::cell(n, c1),
            text::cell(n, c2),
            text::region(variant, r),
            text::digit(v)
        );
        self.step(n, (TechniqueKind::Bug4, 4, 57), vec![r], eliminations, &why)
    }

    /// A BUG cell holds one of the extra digits: with degree - 1 cells of a region the BUG
    /// cells share, holding degree digits among them that cover the extra ones, a naked set.
    fn type3(&self, candidates: &Candidates, variant: &Variant) -> Vec<(Step, Tenths)> {
        let geometry = candidates.geometry();
        let masks = candidates.masks();
        let n = candidates.size();
        let mut steps = Vec::new();
        for degree in 2..n.saturating_sub(2) {
            for &r in geometry.scan() {
                if self.cells.iter().any(|&c| geometry.position(r, c).is_none()) {
                    continue;
                }
                let cells: Vec<Cell> = self
                    .common
                    .iter()
                    .copied()
                    .filter(|&c| geometry.position(r, c).is_some())
                    .collect();
                for chosen in combinations(cells.len(), degree - 1) {
                    let set: Vec<Cell> = chosen.iter().map(|&k| cells[k]).collect();
                    let digits = set.iter().fold(0, |acc, &c| acc | masks[c]);
                    if digits.count_ones() as usize != degree || self.all & !digits != 0 {
                        continue;
                    }
                    let eliminations: Vec<(Cell, Digit)> = cells
                        .iter()
                        .filter(|c| !set.contains(c))
                        .flat_map(|&c| bits(masks[c] & digits).map(move |d| (c, d as Digit + 1)))
                        .collect();
                    let names: Vec<String> =
                        set.iter().map(|&c| text::cell(n, c).to_string()).collect();
                    let why = format!(
                        "so one of them holds one of {}, a naked set of {} with {} in {}",
                        text::digits(self.all),
                        text::digits(digits),
                        text::and_list(&names),
                        text::region(variant, r)
                    );
                    let price = 57 + Tenths::try_from(degree - 1).unwrap_or(Tenths::MAX);
                    steps.extend(self.step(
                        n,
                        (TechniqueKind::Bug3, 3, price),
                        vec![r],
                        eliminations,
                        &why,
                    ));
                }
            }
        }
        steps
    }
}
