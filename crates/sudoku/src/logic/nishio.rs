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

/// The digits' places and regions in one position, for the fixed points: bitsets over
/// cells, `words` words each.
pub(super) struct Contradictions {
    words: usize,
    /// `places[(digit - 1) * words..digit * words]`: the cells holding `digit`.
    places: Vec<u64>,
    /// Digit `d`'s regions of two places or more, as the bitsets of those places:
    /// `regions[firsts[d - 1] * words..firsts[d] * words]`.
    regions: Vec<u64>,
    firsts: Vec<usize>,
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
        Contradictions { words, places, regions, firsts }
    }

    /// Whether the Nishio run from `(cell, digit)` assumed `on` (or off) meets a contradiction:
    /// the fixed point's rules applied to all the cells turned on (off) at once, round by round.
    pub(super) fn meets(
        &self,
        candidates: &Candidates,
        cell: Cell,
        digit: Digit,
        on: bool,
    ) -> bool {
        // Bitsets as arrays of a fixed length, which the compiler unrolls: two words hold a
        // 9×9 grid's cells.
        match self.words {
            0..=2 => self.fixed::<2>(candidates, cell, digit, on),
            3..=4 => self.fixed::<4>(candidates, cell, digit, on),
            5..=16 => self.fixed::<16>(candidates, cell, digit, on),
            _ => self.fixed::<64>(candidates, cell, digit, on),
        }
    }

    /// [`meets`](Self::meets) with bitsets of `W` words, enough for the grid's cells.
    fn fixed<const W: usize>(
        &self,
        candidates: &Candidates,
        cell: Cell,
        digit: Digit,
        mut on: bool,
    ) -> bool {
        let geometry = candidates.geometry();
        let words = self.words;
        let load =
            |set: &[u64]| -> [u64; W] { std::array::from_fn(|w| set.get(w).copied().unwrap_or(0)) };
        let d = usize::from(digit) - 1;
        let places = load(&self.places[d * words..(d + 1) * words]);
        let regions = &self.regions[self.firsts[d] * words..self.firsts[d + 1] * words];
        let (word, bit) = (cell / 64, 1u64 << (cell % 64));
        // The cells on and off, and those turned on (off) in the last round.
        let (mut cells_on, mut cells_off) = ([0u64; W], [0u64; W]);
        let (mut fresh_on, mut fresh_off) = ([0u64; W], [0u64; W]);
        if on {
            cells_on[word] = bit;
            fresh_on[word] = bit;
        } else {
            cells_off[word] = bit;
            fresh_off[word] = bit;
        }
        loop {
            // The cells on turn off their peers holding the digit.
            if on {
                for c in cells_of(&fresh_on) {
                    let peers = load(geometry.peers(c));
                    for w in 0..W {
                        fresh_off[w] |= peers[w];
                    }
                }
                fresh_on = [0; W];
                let mut any = false;
                for w in 0..W {
                    let fresh = fresh_off[w] & places[w] & !cells_off[w];
                    if fresh & cells_on[w] != 0 {
                        return true;
                    }
                    fresh_off[w] = fresh;
                    cells_off[w] |= fresh;
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
                let region = load(region);
                if (0..W).all(|w| region[w] & fresh_off[w] == 0) {
                    continue;
                }
                let (mut count, mut last) = (0, 0);
                for w in 0..W {
                    let left = region[w] & !cells_off[w];
                    if left != 0 {
                        count += if left & left.wrapping_sub(1) == 0 { 1 } else { 2 };
                        last = w;
                    }
                }
                match count {
                    0 => return true,
                    1 => {
                        let left = region[last] & !cells_off[last];
                        if cells_on[last] & left == 0 {
                            cells_on[last] |= left;
                            fresh_on[last] |= left;
                            any = true;
                        }
                    }
                    _ => {}
                }
            }
            if !any {
                return false;
            }
            fresh_off = [0; W];
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
                let meets = Contradictions::new(&candidates);
                let mut engine = Engine::new(
                    &candidates,
                    Rules { y_links: false, dynamic: true, plus: false, nest: 0 },
                );
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
