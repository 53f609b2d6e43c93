//! The four types of a unique rectangle or loop ([`loops`](super::loops)): what the loop's
//! rescue cells remove, priced as Sudoku Explainer prices it (4.5, plus 0.1 to 0.5 for a
//! longer loop, plus 0.1 for each digit of a type 3 naked set beyond two, or each cell of a hidden set
//! beyond two).

use super::bits::{bits, one_bit};
use super::candidates::Candidates;
use super::loops::{length_extra, pair_words};
use super::scale::Tenths;
use super::{text, Step, TechniqueKind};
use crate::grid::{Cell, Digit};
use crate::variant::Variant;

/// A unique loop step, its price and its type (1 to 4: SE's tie-break among equal prices).
pub(super) struct Found {
    pub(super) step: Step,
    pub(super) price: Tenths,
    pub(super) kind: u8,
}

/// The steps a loop on `pair` gives: type 1, 2, or 3 and 4, by its rescue cells.
pub(super) fn classify(
    candidates: &Candidates,
    variant: &Variant,
    cells: &[Cell],
    pair: u64,
) -> Vec<Found> {
    let masks = candidates.masks();
    let rescue: Vec<Cell> = cells.iter().copied().filter(|&c| masks[c] != pair).collect();
    let extra = rescue.iter().fold(0, |acc, &c| acc | masks[c]) & !pair;
    let base = 45 + length_extra(cells.len());
    let loop_ = Loop { candidates, variant, cells, pair, rescue: &rescue, extra };
    let mut found = Vec::new();
    match rescue.len() {
        0 => {}
        1 => found.extend(loop_.type1(base)),
        _ if one_bit(extra) => {
            found.extend(loop_.type2(base));
            if rescue.len() == 2 {
                found.extend(loop_.type4(base));
            }
        }
        2 => {
            found.extend(loop_.type3(base));
            found.extend(loop_.type4(base));
        }
        _ => {}
    }
    found
}

/// A loop and its rescue cells.
struct Loop<'a> {
    candidates: &'a Candidates,
    variant: &'a Variant,
    cells: &'a [Cell],
    pair: u64,
    rescue: &'a [Cell],
    extra: u64,
}

impl Loop<'_> {
    fn n(&self) -> usize {
        self.candidates.size()
    }

    /// `unique rectangle type 2: r1c1, r1c2, r4c2 and r4c1 would hold only 3 and 7`.
    fn opening(&self, type_: u8) -> String {
        let shape = if self.cells.len() == 4 { "rectangle" } else { "loop" };
        let names: Vec<String> =
            self.cells.iter().map(|&c| text::cell(self.n(), c).to_string()).collect();
        format!(
            "unique {shape} type {type_}: {} would hold only {}, a pattern whose digits could \
             swap and leave two solutions",
            text::and_list(&names),
            pair_words(self.pair)
        )
    }

    fn technique(&self, type_: u8) -> TechniqueKind {
        match (self.cells.len(), type_) {
            (4, 1) => TechniqueKind::UniqueRectangle,
            (4, 2) => TechniqueKind::UniqueRectangle2,
            (4, 3) => TechniqueKind::UniqueRectangle3,
            (4, _) => TechniqueKind::UniqueRectangle4,
            _ => TechniqueKind::UniqueLoop,
        }
    }

    fn step(
        &self,
        type_: u8,
        price: Tenths,
        regions: Vec<usize>,
        eliminations: Vec<(Cell, Digit)>,
        why: &str,
    ) -> Option<Found> {
        if eliminations.is_empty() {
            return None;
        }
        let explanation =
            format!("{}; {why}: {}", self.opening(type_), text::removed(self.n(), &eliminations));
        let step = Step::eliminating(
            self.technique(type_),
            self.cells.to_vec(),
            regions,
            eliminations,
            explanation,
        );
        Some(Found { step, price, kind: type_ })
    }

    /// One rescue cell: it cannot be a or b.
    fn type1(&self, base: Tenths) -> Option<Found> {
        let cell = self.rescue[0];
        let eliminations = bits(self.pair).map(|d| (cell, d as Digit + 1)).collect();
        let why = format!("so {} keeps an extra digit", text::cell(self.n(), cell));
        self.step(1, base, Vec::new(), eliminations, &why)
    }

    /// The rescue cells share one extra digit x: one of them is x, so the cells seeing them
    /// all are not.
    fn type2(&self, base: Tenths) -> Option<Found> {
        let x = bits(self.extra).next()? as Digit + 1;
        let geometry = self.candidates.geometry();
        let eliminations: Vec<(Cell, Digit)> = (0..self.n() * self.n())
            .filter(|&c| self.candidates.has(c, x) && !self.rescue.contains(&c))
            .filter(|&c| self.rescue.iter().all(|&r| geometry.sees(c, r)))
            .map(|c| (c, x))
            .collect();
        let why =
            format!("so one of {} is {}", text::and_list(&self.names(self.rescue)), text::digit(x));
        self.step(2, base, Vec::new(), eliminations, &why)
    }

    /// Two rescue cells in a region: one of them holds an extra digit, so together they act
    /// as one cell. With other cells of the region it makes a naked set (as many digits as
    /// cells, the extra digits among them) whose digits leave the rest of the region, or a
    /// hidden set (the pair and digits of neither rescue cell, as many as their places with
    /// the two counted once) whose cells keep only its digits. Found in Sudoku Explainer's
    /// order: by size, then region, naked before hidden, so that its first cheapest is ours.
    fn type3(&self, base: Tenths) -> Vec<Found> {
        let geometry = self.candidates.geometry();
        let (c1, c2) = (self.rescue[0], self.rescue[1]);
        let mut found = Vec::new();
        let most = self.n().saturating_sub(2);
        for degree in self.extra.count_ones() as usize..=most {
            for r in (0..geometry.region_count()).filter(|&r| {
                geometry.position(r, c1).is_some() && geometry.position(r, c2).is_some()
            }) {
                self.naked_set(base, degree, r, &mut found);
                self.hidden_set(base, degree, r, &mut found);
            }
        }
        found
    }

    /// Type 3's naked sets of `degree` cells (the two rescue cells counted once) in region `r`.
    fn naked_set(&self, base: Tenths, degree: usize, r: usize, found: &mut Vec<Found>) {
        let masks = self.candidates.masks();
        let others = self.others(r);
        if degree * 2 > others.len() + 2 {
            return;
        }
        for chosen in combinations(others.len(), degree - 1) {
            let set: Vec<Cell> = chosen.iter().map(|&k| others[k]).collect();
            let digits = set.iter().fold(self.extra, |acc, &c| acc | masks[c]);
            if digits.count_ones() as usize != degree {
                continue;
            }
            let eliminations: Vec<(Cell, Digit)> = others
                .iter()
                .filter(|c| !set.contains(c))
                .flat_map(|&c| bits(masks[c] & digits).map(move |d| (c, d as Digit + 1)))
                .collect();
            let why = format!(
                "one of {} holds {}, a naked set of {} with {} in {}",
                text::and_list(&self.names(self.rescue)),
                text::digits(self.extra),
                text::digits(digits),
                text::and_list(&self.names(&set)),
                text::region(self.variant, r)
            );
            let price = base + Tenths::try_from(degree - 1).unwrap_or(Tenths::MAX);
            found.extend(self.step(3, price, vec![r], eliminations, &why));
        }
    }

    /// Type 3's hidden sets of `degree` digits in region `r`: the pair and `degree - 2` digits
    /// that neither rescue cell has, whose places, the two rescue cells counted once (they
    /// hold at most one digit of the pair between them), are `degree` cells. Each digit has
    /// one of them, so the cells besides the rescue cells keep only the set's digits. Priced
    /// 0.1 for each cell beyond two, as SE prices it.
    fn hidden_set(&self, base: Tenths, degree: usize, r: usize, found: &mut Vec<Found>) {
        let geometry = self.candidates.geometry();
        let masks = self.candidates.masks();
        let (c1, c2) = (self.rescue[0], self.rescue[1]);
        if degree * 2 >= self.others(r).len() + 2 {
            return;
        }
        let all = (1u64 << self.n()) - 1;
        let rest: Vec<Digit> =
            bits(all & !self.pair & !self.extra).map(|d| d as Digit + 1).collect();
        if degree < 2 || degree - 2 > rest.len() {
            return;
        }
        let second = geometry.position(r, c2).map_or(0, |p| 1u64 << p);
        let pair: Vec<Digit> = bits(self.pair).map(|d| d as Digit + 1).collect();
        for chosen in combinations(rest.len(), degree - 2) {
            let digits: Vec<Digit> =
                chosen.iter().map(|&k| rest[k]).chain(pair.iter().copied()).collect();
            let places: Vec<u64> =
                digits.iter().map(|&d| self.candidates.positions(r, d) & !second).collect();
            let union = places.iter().fold(0, |acc, &p| acc | p);
            if places.contains(&0) || union.count_ones() as usize != degree {
                continue;
            }
            let set_mask = digits.iter().fold(0u64, |acc, &d| acc | 1 << (d - 1));
            let region = geometry.region(r);
            let cells: Vec<Cell> =
                bits(union).map(|p| region[p as usize]).filter(|&c| c != c1 && c != c2).collect();
            let eliminations: Vec<(Cell, Digit)> = cells
                .iter()
                .flat_map(|&c| bits(masks[c] & !set_mask).map(move |d| (c, d as Digit + 1)))
                .collect();
            let why = format!(
                "{} hold at most one of {} between them, so {} fill {} and one of the two: a \
                 hidden set in {}",
                text::and_list(&self.names(self.rescue)),
                pair_words(self.pair),
                text::digits(set_mask),
                text::and_list(&self.names(&cells)),
                text::region(self.variant, r)
            );
            let price = base + Tenths::try_from(degree - 2).unwrap_or(Tenths::MAX);
            found.extend(self.step(3, price, vec![r], eliminations, &why));
        }
    }

    /// The cells of region `r` other than the rescue cells that are still empty.
    fn others(&self, r: usize) -> Vec<Cell> {
        let (c1, c2) = (self.rescue[0], self.rescue[1]);
        let masks = self.candidates.masks();
        let region = self.candidates.geometry().region(r);
        region.iter().copied().filter(|&c| c != c1 && c != c2 && masks[c] != 0).collect()
    }

    /// Two rescue cells in a region where one digit of the pair has no other place: one of
    /// them is it, so neither is the other digit.
    fn type4(&self, base: Tenths) -> Option<Found> {
        let geometry = self.candidates.geometry();
        let (c1, c2) = (self.rescue[0], self.rescue[1]);
        let locked = |r: usize, d: Digit| {
            let places = self.candidates.positions(r, d);
            let both = [c1, c2]
                .iter()
                .map(|&c| geometry.position(r, c).map_or(0, |p| 1u64 << p))
                .fold(0, |acc, b| acc | b);
            places & !both == 0
        };
        let shared: Vec<usize> = (0..geometry.region_count())
            .filter(|&r| geometry.position(r, c1).is_some() && geometry.position(r, c2).is_some())
            .collect();
        let digits: Vec<Digit> = bits(self.pair).map(|d| d as Digit + 1).collect();
        for (lock, drop) in [(digits[0], digits[1]), (digits[1], digits[0])] {
            if let Some(&r) = shared.iter().find(|&&r| locked(r, lock)) {
                let eliminations = vec![(c1, drop), (c2, drop)];
                let why = format!(
                    "{} lies only in {} in {}, so one of them is {} and neither can be {}",
                    text::digit(lock),
                    text::and_list(&self.names(self.rescue)),
                    text::region(self.variant, r),
                    text::digit(lock),
                    text::digit(drop)
                );
                return self.step(4, base, vec![r], eliminations, &why);
            }
        }
        None
    }

    fn names(&self, cells: &[Cell]) -> Vec<String> {
        cells.iter().map(|&c| text::cell(self.n(), c).to_string()).collect()
    }
}

/// Every choice of `k` of `n` indices, in lexicographic order.
pub(super) fn combinations(n: usize, k: usize) -> Vec<Vec<usize>> {
    let mut all = Vec::new();
    if k > n {
        return all;
    }
    let mut pick: Vec<usize> = (0..k).collect();
    loop {
        all.push(pick.clone());
        let Some(i) = (0..k).rev().find(|&i| pick[i] < n - k + i) else { return all };
        pick[i] += 1;
        for j in i + 1..k {
            pick[j] = pick[j - 1] + 1;
        }
    }
}
