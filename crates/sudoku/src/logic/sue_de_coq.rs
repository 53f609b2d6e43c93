//! Sue de Coq: cells C where two regions meet (a line and a box, or any two regions sharing two
//! cells or more), holding at least two candidates more than they have cells, with cells L of
//! the first region's rest and B of the second's, L's and B's candidates disjoint, the whole
//! holding as many candidates as cells. Each digit then lies in the pattern exactly once: a
//! digit not in B's candidates within the first region, one not in L's within the second.

use super::bits::{at_most, bits};
use super::candidates::Candidates;
use super::{text, Step, Technique, TechniqueKind};
use crate::grid::{Cell, Digit};
use crate::variant::Variant;

/// The most cells taken from each region's rest: the pattern then has at most 3 + 2 × 4 cells.
const MAX_SIDE: usize = 4;

/// Sue de Coq on every pair of overlapping regions, with two or three cells of the overlap.
pub(super) struct SueDeCoq;

/// Cells of one region's rest and their candidates.
#[derive(Clone, Copy)]
struct Side {
    cells: [Cell; MAX_SIDE],
    len: usize,
    digits: u64,
}

impl Side {
    fn cells(&self) -> &[Cell] {
        &self.cells[..self.len]
    }

    /// How many of the core's extra digits the side absorbs: its cells less its candidates
    /// outside the core's (at least one, as [`grow`] keeps them).
    fn gain(&self, core: u64) -> usize {
        self.len - (self.digits & !core).count_ones() as usize
    }
}

impl Technique for SueDeCoq {
    fn kind(&self) -> TechniqueKind {
        TechniqueKind::SueDeCoq
    }

    fn find(&self, candidates: &Candidates, variant: &Variant) -> Option<Step> {
        let geometry = candidates.geometry();
        let n = candidates.size();
        let (mut meet, mut rest_a, mut rest_b) = (Vec::new(), Vec::new(), Vec::new());
        let (mut sides_a, mut sides_b) = (Vec::new(), Vec::new());
        for a in 0..geometry.region_count() {
            for overlap in geometry.overlaps(a).iter().filter(|o| o.a < o.b) {
                let b = overlap.b;
                let blank = |c: &Cell| candidates.candidates(*c) != 0;
                let region_a = geometry.region(a);
                meet.clear();
                meet.extend(bits(overlap.in_a).map(|k| region_a[k as usize]).filter(blank));
                if meet.len() < 2 {
                    continue;
                }
                rest_a.clear();
                rest_a.extend(
                    region_a
                        .iter()
                        .copied()
                        .filter(|c| blank(c) && !meet_of(overlap.in_a, region_a, *c)),
                );
                rest_b.clear();
                let region_b = geometry.region(b);
                rest_b.extend(
                    region_b
                        .iter()
                        .copied()
                        .filter(|c| blank(c) && !meet_of(overlap.in_b, region_b, *c)),
                );
                for (core, len) in cores(&meet) {
                    let core = &core[..len];
                    let digits = core.iter().fold(0, |m, &c| m | candidates.candidates(c));
                    let extra = (digits.count_ones() as usize).saturating_sub(core.len());
                    if extra < 2 {
                        continue;
                    }
                    sides(candidates, &rest_a, digits, extra, &mut sides_a);
                    sides(candidates, &rest_b, digits, extra, &mut sides_b);
                    for side_a in &sides_a {
                        for side_b in &sides_b {
                            if side_a.digits & side_b.digits != 0
                                || side_a.gain(digits) + side_b.gain(digits) != extra
                            {
                                continue;
                            }
                            let pattern = Pattern { a, b, core, digits, side_a, side_b };
                            if let Some(step) = pattern.step(candidates, variant, n) {
                                return Some(step);
                            }
                        }
                    }
                }
            }
        }
        None
    }
}

/// Whether `cell` of `region` is at one of the positions `shared`.
fn meet_of(shared: u64, region: &[Cell], cell: Cell) -> bool {
    bits(shared).any(|k| region[k as usize] == cell)
}

/// The cores: every two or three of the overlap's blank cells, with how many.
fn cores(meet: &[Cell]) -> impl Iterator<Item = ([Cell; 3], usize)> + '_ {
    let m = meet.len();
    (0..m).flat_map(move |i| {
        (i + 1..m).flat_map(move |j| {
            std::iter::once(([meet[i], meet[j], 0], 2))
                .chain((j + 1..m).map(move |k| ([meet[i], meet[j], meet[k]], 3)))
        })
    })
}

/// Fills `out` with the subsets of `rest` (each cell holding a core digit) that absorb between
/// one and `extra - 1` of the core's extra digits: the other side must absorb the others.
fn sides(candidates: &Candidates, rest: &[Cell], core: u64, extra: usize, out: &mut Vec<Side>) {
    out.clear();
    let seed = Side { cells: [0; MAX_SIDE], len: 0, digits: 0 };
    grow(candidates, rest, core, extra, seed, 0, out);
}

fn grow(
    candidates: &Candidates,
    rest: &[Cell],
    core: u64,
    extra: usize,
    side: Side,
    from: usize,
    out: &mut Vec<Side>,
) {
    for (i, &cell) in rest.iter().enumerate().skip(from) {
        let mask = candidates.candidates(cell);
        if mask & core == 0 {
            continue;
        }
        let mut next = side;
        next.cells[side.len] = cell;
        next.len += 1;
        next.digits |= mask;
        // A side absorbs at least one extra digit, so holds fewer outside digits than cells.
        if !at_most(next.digits & !core, MAX_SIDE - 1) {
            continue;
        }
        let outside = (next.digits & !core).count_ones() as usize;
        if next.len > outside && (1..extra).contains(&(next.len - outside)) {
            out.push(next);
        }
        if next.len < MAX_SIDE {
            grow(candidates, rest, core, extra, next, i + 1, out);
        }
    }
}

/// A Sue de Coq found: regions `a` and `b`, the core where they meet, one side in each rest.
struct Pattern<'p> {
    a: usize,
    b: usize,
    core: &'p [Cell],
    digits: u64,
    side_a: &'p Side,
    side_b: &'p Side,
}

impl Pattern<'_> {
    /// The step, if the pattern removes anything: digits not in B's side leave the rest of
    /// `a`, digits not in A's side the rest of `b`.
    fn step(&self, candidates: &Candidates, variant: &Variant, n: usize) -> Option<Step> {
        let geometry = candidates.geometry();
        let all = self.digits | self.side_a.digits | self.side_b.digits;
        let mut eliminations: Vec<(Cell, Digit)> = Vec::new();
        for (region, side, kept) in
            [(self.a, self.side_a, self.side_b.digits), (self.b, self.side_b, self.side_a.digits)]
        {
            for &cell in geometry.region(region) {
                if self.core.contains(&cell) || side.cells().contains(&cell) {
                    continue;
                }
                for d in bits(candidates.candidates(cell) & all & !kept) {
                    eliminations.push((cell, d as Digit + 1));
                }
            }
        }
        if eliminations.is_empty() {
            return None;
        }
        eliminations.sort_unstable();
        eliminations.dedup();
        let count = self.core.len() + self.side_a.len + self.side_b.len;
        let explanation = format!(
            "sue de coq: {} {{{}}} where {} meets {}, with {} {{{}}} of {} and {} {{{}}} of {}: \
             these {count} cells hold {}, each once: {}",
            text::cells(n, self.core),
            text::digits(self.digits),
            text::region(variant, self.a),
            text::region(variant, self.b),
            text::cells(n, self.side_a.cells()),
            text::digits(self.side_a.digits),
            text::region(variant, self.a),
            text::cells(n, self.side_b.cells()),
            text::digits(self.side_b.digits),
            text::region(variant, self.b),
            text::digits(all),
            text::removed(n, &eliminations)
        );
        let mut cells = self.core.to_vec();
        cells.extend_from_slice(self.side_a.cells());
        cells.extend_from_slice(self.side_b.cells());
        Some(Step::eliminating(
            TechniqueKind::SueDeCoq,
            cells,
            vec![self.a, self.b],
            eliminations,
            explanation,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{at, blank, cells, fire, keep, sorted};
    use super::*;

    fn pattern(box_side: &[Digit]) -> (Variant, Candidates) {
        let variant = Variant::standard(9).unwrap();
        let mut candidates = blank(&variant);
        keep(&mut candidates, at(9, "r1c1"), &[1, 2, 3]);
        keep(&mut candidates, at(9, "r1c2"), &[2, 3, 4]);
        keep(&mut candidates, at(9, "r1c5"), &[1, 2]);
        keep(&mut candidates, at(9, "r2c3"), box_side);
        (variant, candidates)
    }

    #[test]
    fn sue_de_coq_where_a_row_meets_a_box() {
        let (variant, candidates) = pattern(&[3, 4]);
        let step = fire(&SueDeCoq, &candidates, &variant);
        let mut expected = Vec::new();
        for cell in cells(9, "r1c3 r1c4 r1c6 r1c7 r1c8 r1c9") {
            expected.extend([(cell, 1), (cell, 2)]);
        }
        for cell in cells(9, "r1c3 r2c1 r2c2 r3c1 r3c2 r3c3") {
            expected.extend([(cell, 3), (cell, 4)]);
        }
        assert_eq!(step.eliminations, sorted(expected));
        assert_eq!(step.cells, cells(9, "r1c1 r1c2 r1c5 r2c3"));
        assert_eq!(step.regions, [0, 18]);
        assert!(step.explanation.starts_with(
            "sue de coq: r1c1, r1c2 {1, 2, 3, 4} where row 1 meets box 1, with r1c5 {1, 2} of \
             row 1 and r2c3 {3, 4} of box 1: these 4 cells hold 1, 2, 3, 4, each once: 1 removed \
             from r1c3, r1c4"
        ));
    }

    #[test]
    fn no_sue_de_coq_when_the_sides_share_a_digit_or_absorb_too_little() {
        // 2 could then lie once in the row's side and once in the box's.
        let (variant, candidates) = pattern(&[2, 4]);
        assert!(SueDeCoq.find(&candidates, &variant).is_none());
        let (variant, candidates) = pattern(&[3, 5]);
        assert!(SueDeCoq.find(&candidates, &variant).is_none());
    }
}
