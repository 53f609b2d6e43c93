//! Which Nishio runs end in a contradiction, answered without running them.
//!
//! A Nishio run (dynamic, X-links only: [`implications`](super::implications)) never leaves
//! its assumption's digit, and what it reaches is the least fixed point of two rules over that
//! digit's cells: a cell on turns off its peers that still hold the digit; a region with a cell
//! off and one place left (in the grid less the cells off) turns that place on. The run stops
//! at its first contradiction, so its entries and their parents depend on its order, but
//! whether it meets one does not: with none, it reaches the whole fixed point, and a fixed
//! point holding some cell both on and off, or a region of two places or more with all of them
//! off (the second last of those turned off turns the last one on), is one the run meets. A
//! Nishio step comes only from a contradiction, so the runs that meet none are skipped: they
//! are most of the runs, and propagating bits over cells costs far less than a run recording
//! every potential's parents (the steps found stay the same).

use super::bits::{bits, cells_of};
use super::candidates::Candidates;
use crate::grid::{Cell, Digit};

/// The fixed point's scratch, for one position: bitsets over cells, `words` words each.
pub(super) struct Contradictions {
    words: usize,
    /// `places[(digit - 1) * words..digit * words]`: the cells holding `digit`.
    places: Vec<u64>,
    /// Digit `d`'s regions of two places or more, as the bitsets of those places:
    /// `regions[firsts[d - 1] * words..firsts[d] * words]`.
    regions: Vec<u64>,
    firsts: Vec<usize>,
    on: Vec<u64>,
    off: Vec<u64>,
    /// The cells turned on, then off, in the last round.
    fresh_on: Vec<u64>,
    fresh_off: Vec<u64>,
}

impl Contradictions {
    /// Scratch for `candidates`' position.
    pub(super) fn new(candidates: &Candidates) -> Contradictions {
        let geometry = candidates.geometry();
        let words = geometry.words();
        let n = candidates.size();
        let mut places = vec![0u64; n * words];
        for (cell, &mask) in candidates.masks().iter().enumerate() {
            for d in bits(mask) {
                places[d as usize * words + cell / 64] |= 1 << (cell % 64);
            }
        }
        let (mut regions, mut firsts) = (Vec::new(), vec![0]);
        for digit in 1..=n as Digit {
            for r in 0..geometry.region_count() {
                let positions = candidates.positions(r, digit);
                if positions & positions.wrapping_sub(1) != 0 {
                    let at = regions.len();
                    regions.resize(at + words, 0);
                    for k in bits(positions) {
                        let c = geometry.region(r)[k as usize];
                        regions[at + c / 64] |= 1 << (c % 64);
                    }
                }
            }
            firsts.push(regions.len() / words);
        }
        Contradictions {
            words,
            places,
            regions,
            firsts,
            on: vec![0; words],
            off: vec![0; words],
            fresh_on: vec![0; words],
            fresh_off: vec![0; words],
        }
    }

    /// Whether the Nishio run from `(cell, digit)` assumed `on` (or off) meets a contradiction:
    /// the fixed point's rules applied to all the cells turned on (off) at once, round by round.
    pub(super) fn meets(
        &mut self,
        candidates: &Candidates,
        cell: Cell,
        digit: Digit,
        mut on: bool,
    ) -> bool {
        let geometry = candidates.geometry();
        let words = self.words;
        let d = usize::from(digit) - 1;
        let places = &self.places[d * words..(d + 1) * words];
        let regions = &self.regions[self.firsts[d] * words..self.firsts[d + 1] * words];
        let (word, bit) = (cell / 64, 1u64 << (cell % 64));
        for v in [&mut self.on, &mut self.off, &mut self.fresh_on, &mut self.fresh_off] {
            v.fill(0);
        }
        if on {
            self.on[word] = bit;
            self.fresh_on[word] = bit;
        } else {
            self.off[word] = bit;
            self.fresh_off[word] = bit;
        }
        loop {
            // The cells on turn off their peers holding the digit.
            if on {
                for c in cells_of(&self.fresh_on) {
                    for (slot, peers) in self.fresh_off.iter_mut().zip(geometry.peers(c)) {
                        *slot |= peers;
                    }
                }
                self.fresh_on.fill(0);
                let mut any = false;
                let zipped = self.fresh_off.iter_mut().zip(places).zip(&mut self.off).zip(&self.on);
                for (((slot, &holding), off), &on) in zipped {
                    let fresh = *slot & holding & !*off;
                    if fresh & on != 0 {
                        return true;
                    }
                    *slot = fresh;
                    *off |= fresh;
                    any |= fresh != 0;
                }
                if !any {
                    return false;
                }
            }
            on = true;
            // A region where a cell went off: none left is a contradiction, one left is on.
            let mut any = false;
            for region in regions.chunks_exact(words) {
                let touched = region.iter().zip(&self.fresh_off).any(|(r, f)| r & f != 0);
                if !touched {
                    continue;
                }
                let (mut count, mut last) = (0, 0);
                for (w, (r, o)) in region.iter().zip(&self.off).enumerate() {
                    let left = r & !o;
                    if left != 0 {
                        count += if left & left.wrapping_sub(1) == 0 { 1 } else { 2 };
                        last = w;
                    }
                }
                match count {
                    0 => return true,
                    1 => {
                        let left = region[last] & !self.off[last];
                        if self.on[last] & left == 0 {
                            self.on[last] |= left;
                            self.fresh_on[last] |= left;
                            any = true;
                        }
                    }
                    _ => {}
                }
            }
            if !any {
                return false;
            }
            self.fresh_off.fill(0);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::implications::{potential, Engine, Rules, Run};
    use super::super::scale::ScaleSolver;
    use super::*;
    use crate::grid::Grid;
    use crate::variant::Variant;

    #[test]
    fn meets_a_contradiction_exactly_where_the_run_does() {
        // A magictour puzzle of ER 9.1: every position on its path in SE's order, every
        // candidate assumed on and off.
        let line =
            "....3..715..4.2............2..6..4...38.7..............7..8..1.6..5..2...........";
        let cells = line.bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect();
        let grid = Grid::from_cells(9, cells);
        let variant = Variant::standard(9).unwrap();
        let path = ScaleSolver::new(&variant).solve(&grid).unwrap();
        assert!(path.solved);
        let mut candidates = Candidates::new(&variant, &grid).unwrap();
        let (mut met, mut missed, mut run) = (0, 0, Run::new(9));
        for (step, _) in &path.steps {
            {
                let mut meets = Contradictions::new(&candidates);
                let mut engine = Engine::new(&candidates, Rules { y_links: false, dynamic: true });
                for cell in 0..81 {
                    for digit in bits(candidates.candidates(cell)).map(|d| d as Digit + 1) {
                        for on in [true, false] {
                            engine.run(&mut run, potential(9, cell, digit, on));
                            let found = meets.meets(&candidates, cell, digit, on);
                            assert_eq!(found, run.conflict.is_some(), "{cell} {digit} {on}");
                            *(if found { &mut met } else { &mut missed }) += 1;
                        }
                    }
                }
            }
            candidates.apply(step);
        }
        assert!(met > 500 && missed > 10_000, "{met} {missed}");
    }
}
