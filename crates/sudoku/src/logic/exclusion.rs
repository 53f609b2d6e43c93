//! Aligned pair and triple exclusion, as Sudoku Explainer finds them: two (three) cells and
//! the cells of two (up to three) candidates that see them all, the "excluders". A choice of
//! digits for the cells is ruled out when two cells that see each other would share a digit,
//! or when it would take every candidate of an excluder; a digit of a cell that no choice
//! left uses is removed. SE looks only at cells with no naked single among their peers and
//! asks for two excluders at least.

use super::bits::{at_most, bits, cells_of, one_bit};
use super::candidates::Candidates;
use super::{text, Step, Technique, TechniqueKind};
use crate::grid::{Cell, Digit};
use crate::variant::Variant;

/// Aligned exclusion of 2 or 3 cells.
pub(super) struct AlignedExclusion(pub(super) usize);

impl Technique for AlignedExclusion {
    fn kind(&self) -> TechniqueKind {
        if self.0 == 2 {
            TechniqueKind::AlignedPairExclusion
        } else {
            TechniqueKind::AlignedTripleExclusion
        }
    }

    fn find(&self, candidates: &Candidates, _: &Variant) -> Option<Step> {
        // Bitsets over cells as arrays of a fixed length, which the compiler unrolls: two
        // words hold a 9×9 grid's cells.
        match candidates.geometry().words() {
            0..=2 => self.search::<2>(candidates),
            3..=4 => self.search::<4>(candidates),
            5..=16 => self.search::<16>(candidates),
            _ => self.search::<64>(candidates),
        }
    }
}

/// A bitset over cells, `W` words (the geometry's and zeros after).
type Set<const W: usize> = [u64; W];

/// The geometry's bitset `words` as a [`Set`].
fn load<const W: usize>(words: &[u64]) -> Set<W> {
    std::array::from_fn(|w| words.get(w).copied().unwrap_or(0))
}

impl AlignedExclusion {
    /// [`find`](Technique::find) with bitsets of `W` words, enough for the grid's cells.
    fn search<const W: usize>(&self, candidates: &Candidates) -> Option<Step> {
        let degree = self.0;
        let masks = candidates.masks();
        let geometry = candidates.geometry();
        // The cells SE considers, with their excluders: cell `list[k]`'s are `sets[k]`.
        let mut list: Vec<Cell> = Vec::new();
        let mut sets: Vec<Set<W>> = Vec::new();
        let mut listed: Set<W> = [0; W];
        for cell in (0..masks.len()).filter(|&c| !at_most(masks[c], 1)) {
            if cells_of(geometry.peers(cell)).any(|p| one_bit(masks[p])) {
                continue;
            }
            let mut excluders: Set<W> = [0; W];
            for p in cells_of(geometry.peers(cell))
                .filter(|&p| !at_most(masks[p], 1) && at_most(masks[p], degree))
            {
                excluders[p / 64] |= 1 << (p % 64);
            }
            if excluders.iter().any(|&w| w != 0) {
                listed[cell / 64] |= 1 << (cell % 64);
                list.push(cell);
                sets.push(excluders);
            }
        }
        let mut index = vec![usize::MAX; masks.len()];
        for (k, &cell) in list.iter().enumerate() {
            index[cell] = k;
        }
        let mut scratch = Vec::new();
        // Pairs in SE's order: the second cell outer, the first inner. Common excluders of
        // three cells are among those of two: fewer than two there rule out every third.
        for j in 1..list.len() {
            for i in 0..j {
                let (c0, c1) = (list[i], list[j]);
                let (first, second) = (&sets[i], &sets[j]);
                let common: Set<W> = std::array::from_fn(|w| first[w] & second[w]);
                if !at_least_two(&common) {
                    continue;
                }
                if degree == 2 {
                    if let Some(step) = self.exclude(candidates, &[c0, c1], &common, &mut scratch) {
                        return Some(step);
                    }
                    continue;
                }
                // A triple is priced here, its step built by `exclude` only if it has one. A
                // third cell's excluders are its peers of two or three candidates: only the
                // cells that see two of the pair's common ones (`twice`) can share two, and
                // those do.
                let (mut once, mut twice): (Set<W>, Set<W>) = ([0; W], [0; W]);
                for e in cells_of(&common) {
                    let peers: Set<W> = load(geometry.peers(e));
                    for w in 0..W {
                        twice[w] |= once[w] & peers[w];
                        once[w] |= peers[w];
                    }
                }
                let tails: Set<W> =
                    std::array::from_fn(|w| (first[w] | second[w]) & listed[w] & twice[w]);
                let meet = geometry.sees(c0, c1);
                for tail in cells_of(&tails).filter(|&t| t != c0 && t != c1) {
                    let k = index[tail];
                    let third = &sets[k];
                    // Three cells with two common excluders come up once for each of them
                    // that is an excluder of one of the other two, priced the same each time
                    // (and found wanting, or the search would have stopped): only the first
                    // time counts. Before this pair: `c1` as the tail of `tail`'s pair with
                    // `c0` (`k` before `j`), `c0` as the tail of (`tail`, `c1`) (`k` before `i`).
                    let has = |set: &Set<W>, c: Cell| set[c / 64] >> (c % 64) & 1 == 1;
                    if (k < j && (has(first, c1) || has(third, c1)))
                        || (k < i && (has(third, c0) || has(second, c0)))
                    {
                        continue;
                    }
                    let m = [masks[c0], masks[c1], masks[tail]];
                    let covered = m[0] | m[1] | m[2];
                    // The common excluders whose digits the three cells could all take.
                    scratch.clear();
                    for (w, (a, b)) in common.iter().zip(third).enumerate() {
                        for e in bits(a & b).map(|bit| w * 64 + bit as usize) {
                            if masks[e] & !covered == 0 {
                                scratch.push(masks[e]);
                            }
                        }
                    }
                    if scratch.is_empty() {
                        continue;
                    }
                    let meets = [meet, geometry.sees(c0, tail), geometry.sees(c1, tail)];
                    let used = triple_choices(m, meets, &scratch);
                    if used[0] == m[0] && used[1] == m[1] && used[2] == m[2] {
                        continue;
                    }
                    let all: Set<W> = std::array::from_fn(|w| common[w] & third[w]);
                    return self.exclude(candidates, &[c0, c1, tail], &all, &mut scratch);
                }
            }
        }
        None
    }
}

/// Whether a bitset has two bits or more.
fn at_least_two(set: &[u64]) -> bool {
    let mut seen = false;
    for &word in set.iter().filter(|&&w| w != 0) {
        if seen || !one_bit(word) {
            return true;
        }
        seen = true;
    }
    false
}

impl AlignedExclusion {
    /// The step for `cells` and their common excluders (a bitset over cells, two or more),
    /// if some digit is in no allowed choice; `masks` is a buffer.
    fn exclude(
        &self,
        candidates: &Candidates,
        cells: &[Cell],
        common: &[u64],
        masks_of: &mut Vec<u64>,
    ) -> Option<Step> {
        let masks = candidates.masks();
        let geometry = candidates.geometry();
        // Only an excluder whose digits the cells could cover all rules a choice out; repeats
        // alone never leave a digit of a cell of two or more candidates without a choice.
        let covered = cells.iter().fold(0, |acc, &c| acc | masks[c]);
        masks_of.clear();
        masks_of.extend(cells_of(common).map(|e| masks[e]).filter(|&m| m & !covered == 0));
        if masks_of.is_empty() {
            return None;
        }
        let used = if let &[a, b] = cells {
            pair_choices([masks[a], masks[b]], geometry.sees(a, b), masks_of)
        } else {
            let &[a, b, c] = cells else { unreachable!("two or three cells") };
            let meet = [geometry.sees(a, b), geometry.sees(a, c), geometry.sees(b, c)];
            triple_choices([masks[a], masks[b], masks[c]], meet, masks_of)
        };
        let eliminations: Vec<(Cell, Digit)> = cells
            .iter()
            .zip(&used)
            .flat_map(|(&c, &u)| bits(masks[c] & !u).map(move |d| (c, d as Digit + 1)))
            .collect();
        if eliminations.is_empty() {
            return None;
        }
        let common: Vec<Cell> = cells_of(common).collect();
        let n = candidates.size();
        let name = if self.0 == 2 { "pair" } else { "triple" };
        let explanation = format!(
            "aligned {name} exclusion: {} cannot take digits that repeat where two of them meet \
             or that cover every candidate of {}, which see them all; no choice left uses what \
             goes: {}",
            text::and_list(
                &cells.iter().map(|&c| text::cell(n, c).to_string()).collect::<Vec<_>>()
            ),
            text::and_list(
                &common.iter().map(|&c| text::cell(n, c).to_string()).collect::<Vec<_>>()
            ),
            text::removed(n, &eliminations)
        );
        let mut pattern = cells.to_vec();
        pattern.extend_from_slice(&common);
        Some(Step::eliminating(self.kind(), pattern, Vec::new(), eliminations, explanation))
    }
}

/// The digits each of two cells (digit masks `m`, `meet` when they see each other) takes in
/// some allowed choice: no repeat where they meet, no excluder's digits all taken.
fn pair_choices(m: [u64; 2], meet: bool, excluders: &[u64]) -> [u64; 3] {
    let mut used = [0; 3];
    for d in bits(m[0]) {
        let b = 1u64 << d;
        let allowed = m[1] & !(if meet { b } else { 0 }) & !forbidden(b, excluders);
        if allowed != 0 {
            used[0] |= b;
            used[1] |= allowed;
        }
    }
    used
}

/// As [`pair_choices`] for three cells, `meet` for the pairs (0, 1), (0, 2) and (1, 2): the
/// third cell's digits are found at once for each digit of the first two. `used` is a union,
/// so a pair of digits that could add nothing to it is never priced.
fn triple_choices(m: [u64; 3], meet: [bool; 3], excluders: &[u64]) -> [u64; 3] {
    let mut used = [0; 3];
    for d0 in bits(m[0]) {
        let b0 = 1u64 << d0;
        for d1 in bits(m[1] & !(if meet[0] { b0 } else { 0 })) {
            let b1 = 1u64 << d1;
            let clash = (if meet[1] { b0 } else { 0 }) | (if meet[2] { b1 } else { 0 });
            let open = m[2] & !clash;
            if used[0] & b0 != 0 && used[1] & b1 != 0 && open & !used[2] == 0 {
                continue;
            }
            let allowed = open & !forbidden(b0 | b1, excluders);
            if allowed != 0 {
                used[0] |= b0;
                used[1] |= b1;
                used[2] |= allowed;
                // The other two cells' digits all have a choice: this digit's other pairs
                // add nothing; every digit has one: nothing goes (compared word by word, as
                // `[u64; 3]`'s `==` was not inlined here).
                if used[1] == m[1] && used[2] == m[2] {
                    if used[0] == m[0] {
                        return used;
                    }
                    break;
                }
            }
        }
    }
    used
}

/// The digits a last cell may not take once `taken` is: those that would complete an
/// excluder's digits (all of them when one is complete already).
fn forbidden(taken: u64, excluders: &[u64]) -> u64 {
    let mut out = 0;
    for &m in excluders {
        let rest = m & !taken;
        if rest == 0 {
            return u64::MAX;
        }
        if one_bit(rest) {
            out |= rest;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The digits each cell takes in some allowed choice, every choice tried.
    fn brute(m: &[u64], meet: &[[bool; 3]; 3], excluders: &[u64]) -> [u64; 3] {
        let mut used = [0; 3];
        let k = m.len();
        let digits: Vec<Vec<u32>> = m.iter().map(|&x| bits(x).collect()).collect();
        let total: usize = digits.iter().map(Vec::len).product();
        for mut code in 0..total {
            let mut choice = [0u32; 3];
            for (slot, options) in choice.iter_mut().zip(&digits) {
                *slot = options[code % options.len()];
                code /= options.len();
            }
            let clash = (0..k).any(|a| (a + 1..k).any(|b| meet[a][b] && choice[a] == choice[b]));
            let taken = choice[..k].iter().fold(0u64, |acc, &d| acc | 1 << d);
            if !clash && excluders.iter().all(|&x| x & !taken != 0) {
                for i in 0..k {
                    used[i] |= 1 << choice[i];
                }
            }
        }
        used
    }

    #[test]
    fn choices_match_trying_every_choice() {
        let mut state = 37u64;
        let mut next = |modulo: u64| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (state >> 33) % modulo
        };
        let mut eliminating = 0;
        for _ in 0..2000 {
            // Cells of two to five of six digits, excluders of two or three.
            let mut mask = |low: u32, high: u32| loop {
                let m = next(64);
                if (low..=high).contains(&m.count_ones()) {
                    break m;
                }
            };
            let m = [mask(2, 5), mask(2, 5), mask(2, 5)];
            let excluders: Vec<u64> =
                (0..4).map(|_| mask(2, 3)).take(1 + m[0] as usize % 4).collect();
            let meet = [next(2) == 1, next(2) == 1, next(2) == 1];
            let table = [[false, meet[0], meet[1]], [false, false, meet[2]], [false; 3]];
            let pair = brute(&m[..2], &table, &excluders);
            assert_eq!(pair_choices([m[0], m[1]], meet[0], &excluders), pair);
            let triple = brute(&m, &table, &excluders);
            assert_eq!(triple_choices(m, meet, &excluders), triple, "{m:?} {meet:?}");
            eliminating += usize::from(triple != m);
        }
        assert!(eliminating > 100, "{eliminating}");
    }
}
