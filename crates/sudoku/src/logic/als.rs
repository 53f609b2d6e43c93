//! Almost locked sets: N cells of one region holding N + 1 candidates between them (a bivalue
//! cell is one of a single cell). Losing any one of its digits locks an ALS: its N cells then
//! hold its N other digits. ALS-XZ (`als_xz`) and the ALS-XY-wing chain two or three of them
//! through restricted commons, digits that two sets cannot both hold because each place of the
//! digit in one sees each place in the other.

use super::bits::{at_most, bits};
use super::candidates::Candidates;
use super::{text, Step, TechniqueKind};
use crate::grid::{Cell, Digit};
use crate::variant::Variant;

/// The most cells an ALS is searched with. Larger sets are rare in 9×9 steps and their count
/// grows as the subsets of a region's blanks do: with five, `rate`'s level path on magictour's
/// first 80 took 1.78 G instructions, with four 0.97 G (0.30 G without the ALS moves), and of
/// its first 300, 2 fewer puzzles reach expert (`valgrind --tool=callgrind sudoku rate --jobs 1
/// FILE`, `LogicSolver::solve` inclusive).
pub(super) const MAX_CELLS: usize = 4;

/// One almost locked set.
#[derive(Clone, Copy, Debug)]
pub(super) struct Als {
    /// The lowest region holding every cell, for the explanation.
    pub(super) region: usize,
    len: usize,
    cells: [Cell; MAX_CELLS],
    /// Each cell's candidates, read here rather than from the position in the pair loops.
    masks: [u64; MAX_CELLS],
    /// The candidates of the cells between them: one more than the cells.
    pub(super) digits: u64,
    /// Where its digits' reach starts in [`Sets`].
    reach: usize,
    /// Its digits some cell outside it holding them sees in every place: the only ones it
    /// could remove, a mask that spares most pairs [`Sets::removable`]'s word operations.
    pub(super) reaching: u64,
}

impl Als {
    pub(super) fn cells(&self) -> &[Cell] {
        &self.cells[..self.len]
    }

    /// The cells that may hold `digit`.
    pub(super) fn places(&self, digit: Digit) -> impl Iterator<Item = Cell> + '_ {
        let bit = 1 << (digit - 1);
        (0..self.len).filter(move |&i| self.masks[i] & bit != 0).map(move |i| self.cells[i])
    }

    pub(super) fn contains(&self, cell: Cell) -> bool {
        self.cells().contains(&cell)
    }

    /// Whether the two sets share no cell.
    pub(super) fn disjoint(&self, other: &Als) -> bool {
        self.cells().iter().all(|&c| !other.contains(c))
    }
}

/// The ALSs of a position and, for each digit of each, the cells seeing all its places in the
/// set: the restricted commons and the eliminations are then a few word operations.
#[derive(Default)]
pub(super) struct Sets {
    pub(super) list: Vec<Als>,
    words: usize,
    /// Set `s`'s `k`-th digit (lowest first) is seen from every place in it by the cells of
    /// `reach[s.reach + k * words..][..words]` that may hold it (others could lose nothing).
    reach: Vec<u64>,
    /// Set `s`'s `k`-th digit's places in it, as a cell bitset laid out as `reach`.
    places: Vec<u64>,
    /// Digit `d + 1` may be in the cells of `holding[d * words..][..words]`.
    holding: Vec<u64>,
    /// Every ordered pair of disjoint sets `(c, other)` with restricted commons (their mask),
    /// sorted by `c` then `other`: made by [`links`](Sets::links) when first asked for.
    links: Vec<(u32, u32, u64)>,
    linked: bool,
}

/// Every ALS of the position, each once (a set of cells lying in two regions, such as a row's
/// part of a box, is listed under the lower), region by region. The techniques share one list
/// a position (`buffers::als_sets`); this one is the tests'.
#[cfg(test)]
pub(super) fn all(candidates: &Candidates) -> Sets {
    let mut sets = Sets::default();
    fill(candidates, &mut sets);
    sets
}

/// Lists every ALS of the position into `sets` as `all` does, reusing its buffers.
pub(super) fn fill(candidates: &Candidates, sets: &mut Sets) {
    let geometry = candidates.geometry();
    let words = geometry.words();
    sets.words = words;
    sets.list.clear();
    sets.reach.clear();
    sets.places.clear();
    sets.links.clear();
    sets.linked = false;
    sets.holding.clear();
    sets.holding.resize(candidates.size() * words, 0);
    for (cell, &mask) in candidates.masks().iter().enumerate() {
        for d in bits(mask) {
            sets.holding[d as usize * words + cell / 64] |= 1 << (cell % 64);
        }
    }
    let mut blanks = Vec::with_capacity(candidates.size());
    for r in 0..geometry.region_count() {
        blanks.clear();
        // A cell of more than MAX_CELLS + 1 candidates is in no ALS searched.
        blanks.extend(geometry.region(r).iter().copied().filter(|&c| {
            let mask = candidates.candidates(c);
            mask != 0 && at_most(mask, MAX_CELLS + 1)
        }));
        let seed = Als {
            region: r,
            len: 0,
            cells: [0; MAX_CELLS],
            masks: [0; MAX_CELLS],
            digits: 0,
            reach: 0,
            reaching: 0,
        };
        extend(candidates, &blanks, seed, 0, sets);
    }
}

/// Adds to `sets` every ALS that grows `set` by cells of `blanks[from..]`.
fn extend(candidates: &Candidates, blanks: &[Cell], set: Als, from: usize, sets: &mut Sets) {
    for (i, &cell) in blanks.iter().enumerate().skip(from) {
        let mut next = set;
        next.cells[set.len] = cell;
        next.masks[set.len] = candidates.candidates(cell);
        next.len += 1;
        next.digits |= candidates.candidates(cell);
        if !at_most(next.digits, MAX_CELLS + 1) {
            continue;
        }
        if next.digits.count_ones() as usize == next.len + 1 && lowest_region(candidates, &next) {
            sets.push(candidates, next);
        }
        if next.len < MAX_CELLS {
            extend(candidates, blanks, next, i + 1, sets);
        }
    }
}

/// Whether the set's region is the lowest holding all its cells, so it is listed once.
fn lowest_region(candidates: &Candidates, set: &Als) -> bool {
    let geometry = candidates.geometry();
    let cells = set.cells();
    geometry
        .members(cells[0])
        .iter()
        .map(|&(r, _)| r as usize)
        .all(|r| r >= set.region || cells[1..].iter().any(|&c| geometry.position(r, c).is_none()))
}

impl Sets {
    /// Lists `set`, with the cells seeing all the places of each of its digits.
    fn push(&mut self, candidates: &Candidates, mut set: Als) {
        let geometry = candidates.geometry();
        set.reach = self.reach.len();
        for d in bits(set.digits) {
            let start = self.reach.len();
            let holding = &self.holding[d as usize * self.words..][..self.words];
            self.reach.extend_from_slice(holding);
            self.places.resize(self.reach.len(), 0);
            for cell in set.places(d as Digit + 1) {
                for (word, &peers) in self.reach[start..].iter_mut().zip(geometry.peers(cell)) {
                    *word &= peers;
                }
                self.places[start + cell / 64] |= 1 << (cell % 64);
            }
            if self.reach[start..].iter().any(|&word| word != 0) {
                set.reaching |= 1 << d;
            }
        }
        self.list.push(set);
    }

    /// The digits of `mask` that some cell holding them sees in every place in both sets: the
    /// only digits the two could remove.
    pub(super) fn removable(&self, a: &Als, b: &Als, mask: u64) -> u64 {
        bits(mask & a.reaching & b.reaching)
            .filter(|&d| self.reach(a, d).iter().zip(self.reach(b, d)).any(|(x, y)| x & y != 0))
            .fold(0, |found, d| found | 1 << d)
    }

    /// The cells holding digit `d + 1` that see every place of it in `set` (peers only: never
    /// a place).
    pub(super) fn reach(&self, set: &Als, d: u32) -> &[u64] {
        let k = (set.digits & ((1 << d) - 1)).count_ones() as usize;
        &self.reach[set.reach + k * self.words..][..self.words]
    }

    /// The digits of `a` and `b` that are restricted commons: every place of the digit in one
    /// sees every place in the other (the sets share no cell).
    pub(super) fn restricted(&self, a: &Als, b: &Als) -> u64 {
        let mut found = 0;
        // A digit no cell outside a set sees in all its places there is no restricted common.
        for d in bits(a.digits & b.digits & a.reaching & b.reaching) {
            let k = (b.digits & ((1 << d) - 1)).count_ones() as usize;
            let places = &self.places[b.reach + k * self.words..][..self.words];
            if self.reach(a, d).iter().zip(places).all(|(seen, y)| y & !seen == 0) {
                found |= 1 << d;
            }
        }
        found
    }

    /// Every ordered pair of disjoint sets `(c, other)` with restricted commons (their mask),
    /// sorted by `c` then `other`, after [`link`](Self::link).
    pub(super) fn links(&self) -> &[(u32, u32, u64)] {
        debug_assert!(self.linked, "links asked for before link");
        &self.links
    }

    /// Makes [`links`](Self::links), once a position: the techniques there share them.
    pub(super) fn link(&mut self) {
        if !self.linked {
            self.linked = true;
            let mut links = std::mem::take(&mut self.links);
            for (i, a) in self.list.iter().enumerate() {
                for (j, b) in self.list.iter().enumerate().skip(i + 1) {
                    if a.digits & b.digits & a.reaching & b.reaching == 0 {
                        continue;
                    }
                    // No place of both is a restricted common (it sees no place of itself):
                    // the shared cells are tested only where there is one.
                    let rcc = self.restricted(a, b);
                    if rcc != 0 && a.disjoint(b) {
                        links.push((i as u32, j as u32, rcc));
                        links.push((j as u32, i as u32, rcc));
                    }
                }
            }
            links.sort_unstable_by_key(|&(c, other, _)| (c, other));
            self.links = links;
        }
    }

    /// Adds to `out` the cells that see every place of `digit` in every set of `sets` and may
    /// hold it: where one of the sets must put it, no other cell can.
    pub(super) fn seeing_places(
        &self,
        candidates: &Candidates,
        sets: &[&Als],
        digit: Digit,
        out: &mut Vec<(Cell, Digit)>,
    ) {
        let d = u32::from(digit) - 1;
        for w in 0..self.words {
            let common = sets.iter().fold(u64::MAX, |word, set| word & self.reach(set, d)[w]);
            out.extend(
                bits(common)
                    .map(|b| w * 64 + b as usize)
                    .filter(|&c| candidates.has(c, digit))
                    .map(|c| (c, digit)),
            );
        }
    }
}

/// `r1c1, r1c2 {1, 2, 3} (row 1)`, or `r5c5 {1, 3}` for one cell.
pub(super) fn describe(candidates: &Candidates, variant: &Variant, set: &Als) -> String {
    let n = candidates.size();
    let cells = text::cells(n, set.cells());
    let digits = text::digits(set.digits);
    if set.len == 1 {
        format!("{cells} {{{digits}}}")
    } else {
        format!("{cells} {{{digits}}} ({})", text::region(variant, set.region))
    }
}

/// The digits of a list of eliminations, as a mask.
pub(super) fn removed_digits(eliminations: &[(Cell, Digit)]) -> u64 {
    eliminations.iter().fold(0, |mask, &(_, d)| mask | 1 << (d - 1))
}

/// `5 lies` or `3 and 5 lie`.
pub(super) fn digits_lie(mask: u64) -> String {
    let names: Vec<String> = bits(mask).map(|d| text::digit(d as Digit + 1).to_string()).collect();
    let verb = if names.len() == 1 { "lies" } else { "lie" };
    format!("{} {verb}", text::and_list(&names))
}

/// The step of an ALS pattern: its cells, the regions of its sets of two cells or more, and the
/// sorted eliminations.
pub(super) fn als_step(
    kind: TechniqueKind,
    sets: &[&Als],
    extra: &[Cell],
    mut eliminations: Vec<(Cell, Digit)>,
    explanation: String,
) -> Step {
    eliminations.sort_unstable();
    eliminations.dedup();
    let mut cells: Vec<Cell> = extra.to_vec();
    cells.extend(sets.iter().flat_map(|s| s.cells().iter().copied()));
    let mut regions: Vec<usize> = sets.iter().filter(|s| s.len > 1).map(|s| s.region).collect();
    regions.dedup();
    Step::eliminating(kind, cells, regions, eliminations, explanation)
}

#[cfg(test)]
mod tests {
    use super::super::testing::{at, blank, keep};
    use super::*;

    #[test]
    fn sets_are_listed_once_each() {
        let variant = Variant::standard(9).unwrap();
        let mut candidates = blank(&variant);
        keep(&mut candidates, at(9, "r1c1"), &[1, 2]);
        keep(&mut candidates, at(9, "r1c2"), &[2, 3]);
        keep(&mut candidates, at(9, "r5c5"), &[4, 5, 6]);
        // r1c1, r1c2 lie in row 1 and box 1, listed under row 1; r5c5 alone is no ALS.
        let sets: Vec<(usize, Vec<Cell>, u64)> = all(&candidates)
            .list
            .iter()
            .map(|s| (s.region, s.cells().to_vec(), s.digits))
            .collect();
        assert_eq!(
            sets,
            [
                (0, vec![at(9, "r1c1")], 0b11),
                (0, vec![at(9, "r1c1"), at(9, "r1c2")], 0b111),
                (0, vec![at(9, "r1c2")], 0b110),
            ]
        );
    }
}
