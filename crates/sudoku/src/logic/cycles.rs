//! Sudoku Explainer's bidirectional cycles: a loop of alternately weak and strong links from a
//! candidate back to itself. Either every "on" candidate of the loop holds, or every "off" one
//! does (the loop read backwards), so a candidate that sees an "on" node and an "off" node of
//! its own digit goes, whichever way the loop runs.
//!
//! SE searches from every candidate of a cell with two or more, breadth first, alternating
//! layers of candidates turned on and off, and keeps every path back to its start of four
//! nodes or more: X-cycles (one digit, X-links only; 6.5), Y-cycles (strong links in bivalue
//! cells only, starting in one; 6.5) and XY-cycles (7.0), plus [`chain_length_extra`] of the
//! loop's nodes less two. A candidate turned on is followed once; one turned off once for each
//! candidate turning it off that it does not itself come from, as SE does.

use super::bits::{bits, cells_of, two_bits};
use super::candidates::Candidates;
use super::implications::{decode, potential, Potential};
use super::scale::{chain_length_extra, Tenths};
use super::{text, Step, TechniqueKind};
use crate::grid::{Cell, Digit};

/// The cheapest cycle in this position whose (price, length) is below `bound`, with its price
/// and length. `components`: the strongly connected components (by potential, `u32::MAX`:
/// none) of the chains' graphs without Y-links and with, those of X-cycles and XY-cycles.
pub(super) fn cheapest(
    candidates: &Candidates,
    bound: Option<(Tenths, usize)>,
    components: &[Vec<u32>; 2],
) -> Option<(Step, Tenths, usize)> {
    let n = candidates.size();
    let words = candidates.geometry().words();
    let mut planes = vec![0u64; n * words];
    for (cell, &mask) in candidates.masks().iter().enumerate() {
        for d in bits(mask) {
            planes[d as usize * words + cell / 64] |= 1 << (cell % 64);
        }
    }
    let mut search = Search {
        candidates,
        n,
        planes,
        scratch: vec![0; words],
        entries: Vec::new(),
        on_stamp: vec![0; n * n * n * 2],
        off_stamp: vec![0; n * n * n * 2],
        stamp: 0,
        places: (0..n * n * n).map(|i| ((i / n) as u16, (i % n + 1) as Digit)).collect(),
        best: bound,
        found: None,
        layer: Vec::new(),
        links: Vec::new(),
        components: &[],
        home: u32::MAX,
    };
    // X-cycles, Y-cycles, then both, as SE lists them.
    for (y, x, base) in [(false, true, 65), (true, false, 65), (true, true, 70)] {
        // Y-cycles' links are no chain's: their searches go unpruned.
        search.components = match (y, x) {
            (false, _) => &components[0],
            (_, false) => &[],
            _ => &components[1],
        };
        for cell in 0..n * n {
            let mask = candidates.candidates(cell);
            let count = mask.count_ones();
            if count < 2 || (!x && count > 2) {
                continue;
            }
            for d in bits(mask) {
                let digit = d as Digit + 1;
                // The loop's last link turns the source on again: from the other candidate
                // of a bivalue cell (Y) or the other place of a region with two (X). Without
                // one no search from it closes.
                if (y && count == 2) || (x && search.conjugate(cell, digit)) {
                    search.from(potential(n, cell, digit, true), y, x, base);
                }
            }
        }
    }
    let (price, length) = search.best?;
    search.found.map(|step| (step, price, length))
}

struct Search<'c> {
    candidates: &'c Candidates,
    /// The strongly connected components of this kind of cycle's links (empty: not known),
    /// and the source's: a node of another component never leads back to the source, nor
    /// does any node it leads to, so a cycle never passes through it and it is not followed.
    components: &'c [u32],
    home: u32,
    n: usize,
    /// `planes[(digit - 1) * words..digit * words]`: the cells holding `digit`, a bitset; and
    /// a bitset's buffer.
    planes: Vec<u64>,
    scratch: Vec<u64>,
    /// Nodes reached: (potential, parent entry), the source its own parent.
    entries: Vec<(Potential, u32)>,
    /// `on_stamp[p] == stamp`: "on" potential `p` reached in this search.
    on_stamp: Vec<u32>,
    /// `off_stamp[p] == stamp`: "off" potential `p` reached (maybe more than once): only
    /// those can be ancestors of an entry.
    off_stamp: Vec<u32>,
    stamp: u32,
    /// `places[p / 2]`: potential `p`'s cell and digit (`decode` divides by N, which is slow
    /// in the inner loop).
    places: Vec<(u16, Digit)>,
    best: Option<(Tenths, usize)>,
    found: Option<Step>,
    /// The entries of the layer at hand, and the links out of it (from entry, to potential).
    layer: Vec<usize>,
    links: Vec<(usize, Potential)>,
}

impl Search<'_> {
    /// Whether a cycle of `length` nodes would come before the best so far.
    fn could(&self, base: Tenths, length: usize) -> bool {
        let price = base + chain_length_extra(length - 2);
        self.best.is_none_or(|best| (price, length) < best)
    }

    /// Whether `digit` has exactly two places in one of `cell`'s regions.
    fn conjugate(&self, cell: Cell, digit: Digit) -> bool {
        let candidates = self.candidates;
        let members = candidates.geometry().members(cell);
        members.iter().any(|&(r, _)| two_bits(candidates.positions(r as usize, digit)))
    }

    /// SE's layered search from `source` (on), with Y-links and/or X-links.
    fn from(&mut self, source: Potential, y: bool, x: bool, base: Tenths) {
        self.stamp += 1;
        self.home = self.components.get(source as usize).copied().unwrap_or(u32::MAX);
        self.entries.clear();
        self.entries.push((source, 0));
        self.on_stamp[source as usize] = self.stamp;
        let (mut layer, mut links) =
            (std::mem::take(&mut self.layer), std::mem::take(&mut self.links));
        layer.clear();
        layer.push(0);
        let mut length = 0;
        // A cycle closing in the layers of `length` has `length` nodes.
        while !layer.is_empty() {
            length += 2;
            if !self.could(base, length.max(4)) {
                break;
            }
            links.clear();
            for &e in &layer {
                let (cell, digit) = self.place(self.entries[e].0);
                self.each_off(cell, digit, y, |p| links.push((e, p)));
            }
            layer.clear();
            for &(parent, p) in &links {
                // Y-cycles turn on only from bivalue cells: an "off" node elsewhere ends there.
                let on_next = x || two_bits(self.candidates.candidates(self.place(p).0));
                if on_next && self.home(p) && !self.descends(parent, p) {
                    self.off_stamp[p as usize] = self.stamp;
                    self.entries.push((p, parent as u32));
                    layer.push(self.entries.len() - 1);
                }
            }
            links.clear();
            for &e in &layer {
                let (cell, digit) = self.place(self.entries[e].0);
                self.each_on(cell, digit, y, x, |p| links.push((e, p)));
            }
            layer.clear();
            for &(parent, p) in &links {
                if length >= 4 && p == source && self.could(base, length) {
                    self.cycle(parent, base, length, (y, x));
                }
                if self.on_stamp[p as usize] != self.stamp && self.home(p) {
                    self.on_stamp[p as usize] = self.stamp;
                    self.entries.push((p, parent as u32));
                    layer.push(self.entries.len() - 1);
                }
            }
        }
        (self.layer, self.links) = (layer, links);
    }

    /// Whether `p` could be on a cycle through the source: in its component, if known.
    fn home(&self, p: Potential) -> bool {
        self.home == u32::MAX || self.components[p as usize] == self.home
    }

    /// The cell and digit of potential `p`.
    fn place(&self, p: Potential) -> (Cell, Digit) {
        let (cell, digit) = self.places[p as usize / 2];
        (usize::from(cell), digit)
    }

    /// Whether "off" potential `p` is among the ancestors of entry `e` (SE's `isParent`).
    fn descends(&self, mut e: usize, p: Potential) -> bool {
        if self.off_stamp[p as usize] != self.stamp {
            return false;
        }
        while e != 0 {
            e = self.entries[e].1 as usize;
            if self.entries[e].0 == p {
                return true;
            }
        }
        false
    }

    /// What `(cell, digit)` on turns off: the cell's other candidates (Y), then the digit's
    /// other places in the cell's regions (X, always).
    fn each_off(&mut self, cell: Cell, digit: Digit, y: bool, mut emit: impl FnMut(Potential)) {
        let candidates = self.candidates;
        if y {
            for d in bits(candidates.candidates(cell) & !(1 << (digit - 1))) {
                emit(potential(self.n, cell, d as Digit + 1, false));
            }
        }
        // The peers holding the digit, lowest first: the peers' bitset and the digit's ANDed.
        let words = self.scratch.len();
        let plane = &self.planes[(usize::from(digit) - 1) * words..usize::from(digit) * words];
        let peers = candidates.geometry().peers(cell);
        for ((slot, p), h) in self.scratch.iter_mut().zip(peers).zip(plane) {
            *slot = p & h;
        }
        for other in cells_of(&self.scratch) {
            emit(potential(self.n, other, digit, false));
        }
    }

    /// What `(cell, digit)` off turns on: the other candidate of a bivalue cell (Y), the other
    /// place of the digit in a region with two (X).
    fn each_on(&self, cell: Cell, digit: Digit, y: bool, x: bool, mut emit: impl FnMut(Potential)) {
        let candidates = self.candidates;
        let mask = candidates.candidates(cell);
        if y && mask.count_ones() == 2 {
            let other = (mask & !(1 << (digit - 1))).trailing_zeros() as Digit + 1;
            emit(potential(self.n, cell, other, true));
        }
        if x {
            let geometry = candidates.geometry();
            for &(r, k) in geometry.members(cell) {
                let others = candidates.positions(r as usize, digit) & !(1 << k);
                if others.is_power_of_two() {
                    let place = geometry.region(r as usize)[others.trailing_zeros() as usize];
                    emit(potential(self.n, place, digit, true));
                }
            }
        }
    }

    /// A cycle closing at `last` (the off node whose link returns to the source): its
    /// eliminations, and the step if it has some.
    fn cycle(&mut self, last: usize, base: Tenths, length: usize, links: (bool, bool)) {
        let n = self.n;
        let mut nodes = Vec::with_capacity(length);
        let mut at = last;
        while at != 0 {
            nodes.push(self.entries[at].0);
            at = self.entries[at].1 as usize;
        }
        nodes.push(self.entries[0].0);
        nodes.reverse();
        let cells: Vec<Cell> = nodes.iter().map(|&p| decode(n, p).0).collect();
        let candidates = self.candidates;
        let geometry = candidates.geometry();
        let mut eliminations: Vec<(Cell, Digit)> = Vec::new();
        let seen_by = |cell: Cell, digit: Digit, on: bool| {
            nodes.iter().any(|&p| {
                let (c, d, state) = decode(n, p);
                d == digit && state == on && geometry.sees(c, cell)
            })
        };
        for &p in &nodes {
            let (c, digit, _) = decode(n, p);
            for other in cells_of(geometry.peers(c)) {
                // The cheap test first: most peers do not hold the digit.
                let new = candidates.has(other, digit)
                    && !cells.contains(&other)
                    && !eliminations.contains(&(other, digit));
                if new && seen_by(other, digit, true) && seen_by(other, digit, false) {
                    eliminations.push((other, digit));
                }
            }
        }
        if eliminations.is_empty() {
            return;
        }
        eliminations.sort_unstable();
        let name = match links {
            (false, _) => "bidirectional X-cycle",
            (_, false) => "bidirectional Y-cycle",
            _ => "bidirectional cycle",
        };
        let say = |&p: &Potential| {
            let (c, d, on) = decode(n, p);
            let verb = if on { "is" } else { "is not" };
            format!("{} {verb} {}", text::cell(n, c), text::digit(d))
        };
        let links: Vec<String> = nodes.iter().map(say).collect();
        let explanation = format!(
            "{name}: if {}, then {}, so {} again; read backwards the loop holds as well, so \
             either way {}",
            links[0],
            links[1..].join(", so "),
            links[0],
            text::removed(n, &eliminations)
        );
        let mut step_cells = cells;
        step_cells.dedup();
        self.best = Some((base + chain_length_extra(length - 2), length));
        self.found = Some(Step::eliminating(
            TechniqueKind::ForcingChain,
            step_cells,
            Vec::new(),
            eliminations,
            explanation,
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{blank, cells, confine};
    use super::*;
    use crate::variant::Variant;

    #[test]
    fn an_x_wing_is_a_four_node_x_cycle_at_6_5() {
        let variant = Variant::standard(9).unwrap();
        let mut candidates = blank(&variant);
        let row = |r: usize| variant.regions()[r].cells.clone();
        // 1 only at c1 and c4 in rows 1 and 4: r1c1 on, r4c1 off, r4c4 on, r1c4 off, r1c1 on.
        confine(&mut candidates, &row(0), &cells(9, "r1c1 r1c4"), 1);
        confine(&mut candidates, &row(3), &cells(9, "r4c1 r4c4"), 1);
        let unknown = [Vec::new(), Vec::new()];
        let (step, price, length) = cheapest(&candidates, None, &unknown).expect("a cycle");
        assert_eq!((price, length), (65, 4), "{step}");
        assert!(step.explanation.starts_with("bidirectional X-cycle: if r"), "{step}");
        // Columns 1 and 4 lose 1 but in rows 1 and 4.
        let mut expected: Vec<(Cell, Digit)> = (0..9)
            .filter(|&r| r != 0 && r != 3)
            .flat_map(|r| [(r * 9, 1), (r * 9 + 3, 1)])
            .collect();
        expected.sort_unstable();
        assert_eq!(step.eliminations, expected);
        // The chains' rung takes it over the 6-node X-chain that finds one of its eliminations
        // (its cycles searched only through their sources' components).
        let (chain_step, chain_price) = super::super::chains::cheapest(&candidates).unwrap();
        assert_eq!((chain_step, chain_price), (step, 65));
        // Nothing beats a bound of (6.5, 4); one strong link makes no loop.
        assert!(cheapest(&candidates, Some((65, 4)), &unknown).is_none());
        let mut open = blank(&variant);
        confine(&mut open, &row(0), &cells(9, "r1c1 r1c4"), 1);
        assert!(cheapest(&open, None, &unknown).is_none());
    }
}
