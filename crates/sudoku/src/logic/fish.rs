//! Basic fish: k rows in which a digit's places lie in k columns between them (x-wing k = 2,
//! swordfish 3, jellyfish 4) remove it from the rest of those columns; likewise with columns
//! as base and rows as cover. Every variant keeps rows and columns, so fish work on all.

use super::bits::{at_most, bits};
use super::candidates::Candidates;
use super::{text, Step, Technique, TechniqueKind};
use crate::grid::{Cell, Digit};
use crate::variant::Variant;

/// Fish of this many base lines (2 to 4).
pub(super) struct Fish(pub(super) usize);

impl Technique for Fish {
    fn kind(&self) -> TechniqueKind {
        [TechniqueKind::XWing, TechniqueKind::Swordfish, TechniqueKind::Jellyfish][self.0 - 2]
    }

    fn find(&self, candidates: &Candidates, _: &Variant) -> Option<Step> {
        self.find_in(candidates, u64::MAX)
    }
}

impl Fish {
    /// [`find`](Technique::find) on the digits of `digits` alone (bit `d - 1` for `d`), in
    /// the same order: a digit's fish rest on its own places only.
    pub(super) fn find_in(&self, candidates: &Candidates, digits: u64) -> Option<Step> {
        let n = candidates.size();
        let mut lines: Vec<(usize, u64)> = Vec::with_capacity(n);
        for digit in (1..=n as Digit).filter(|&d| digits >> (d - 1) & 1 == 1) {
            // Base rows (regions 0..N) and cover columns (N..2N), then the other way round.
            for (base, cover) in [(0, n), (n, 0)] {
                lines.clear();
                for line in 0..n {
                    // A row's positions are column numbers and a column's are row numbers.
                    let places = candidates.positions(base + line, digit);
                    if places & places.wrapping_sub(1) != 0 && at_most(places, self.0) {
                        lines.push((line, places));
                    }
                }
                let mut chosen = [0usize; 4];
                if let Some(step) =
                    self.search(candidates, digit, (base, cover), &lines, &mut chosen, 0, 0, 0)
                {
                    return Some(step);
                }
            }
        }
        None
    }
}

impl Fish {
    /// Extends a choice of `depth` base lines (union of their places `union`) from `lines[from..]`.
    #[allow(clippy::too_many_arguments)]
    fn search(
        &self,
        candidates: &Candidates,
        digit: Digit,
        sides: (usize, usize),
        lines: &[(usize, u64)],
        chosen: &mut [usize; 4],
        depth: usize,
        from: usize,
        union: u64,
    ) -> Option<Step> {
        if depth == self.0 {
            return self.step(candidates, digit, sides, &chosen[..depth], union);
        }
        for i in from..lines.len() {
            let (line, places) = lines[i];
            let wider = union | places;
            if !at_most(wider, self.0) {
                continue;
            }
            chosen[depth] = line;
            let found =
                self.search(candidates, digit, sides, lines, chosen, depth + 1, i + 1, wider);
            if found.is_some() {
                return found;
            }
        }
        None
    }

    /// The step of a fish on `base` lines covered by `covers`, if it removes anything.
    fn step(
        &self,
        candidates: &Candidates,
        digit: Digit,
        (base, cover): (usize, usize),
        lines: &[usize],
        covers: u64,
    ) -> Option<Step> {
        if covers.count_ones() as usize != self.0 {
            return None;
        }
        let geometry = candidates.geometry();
        let base_mask = lines.iter().fold(0u64, |m, &l| m | 1 << l);
        let mut eliminations: Vec<(Cell, Digit)> = Vec::new();
        for c in bits(covers) {
            let region = cover + c as usize;
            for k in bits(candidates.positions(region, digit) & !base_mask) {
                eliminations.push((geometry.region(region)[k as usize], digit));
            }
        }
        if eliminations.is_empty() {
            return None;
        }
        eliminations.sort_unstable();
        let n = candidates.size();
        let cells: Vec<Cell> = lines
            .iter()
            .flat_map(|&l| bits(candidates.positions(base + l, digit)).map(move |k| (base + l, k)))
            .map(|(r, k)| geometry.region(r)[k as usize])
            .collect();
        let numbers = |list: Vec<usize>| {
            text::and_list(&list.iter().map(|x| (x + 1).to_string()).collect::<Vec<_>>())
        };
        let (base_word, cover_word) =
            if base == 0 { ("rows", "columns") } else { ("columns", "rows") };
        let explanation = format!(
            "{} on {} in {base_word} {}, {cover_word} {}: {}",
            self.kind().name(),
            text::digit(digit),
            numbers(lines.to_vec()),
            numbers(bits(covers).map(|c| c as usize).collect()),
            text::removed(n, &eliminations)
        );
        let regions = lines
            .iter()
            .map(|&l| base + l)
            .chain(bits(covers).map(|c| cover + c as usize))
            .collect();
        Some(Step::eliminating(self.kind(), cells, regions, eliminations, explanation))
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{at, blank, cells, confine, fire};
    use super::*;

    #[test]
    fn x_wing_in_rows() {
        let variant = Variant::standard(9).unwrap();
        let mut candidates = blank(&variant);
        for r in [1, 6] {
            let row = variant.regions()[r].cells.clone();
            confine(&mut candidates, &row, &[r * 9 + 2, r * 9 + 7], 6);
        }
        // Only r5 keeps 6 elsewhere in columns 3 and 8.
        for r in [0, 2, 3, 5, 7, 8] {
            candidates.eliminate(r * 9 + 2, 6);
            candidates.eliminate(r * 9 + 7, 6);
        }
        candidates.eliminate(at(9, "r5c8"), 6);
        let step = fire(&Fish(2), &candidates, &variant);
        assert_eq!(step.eliminations, [(at(9, "r5c3"), 6)]);
        assert_eq!(step.cells, cells(9, "r2c3 r2c8 r7c3 r7c8"));
        assert_eq!(
            step.explanation,
            "x-wing on 6 in rows 2 and 7, columns 3 and 8: 6 removed from r5c3"
        );
    }

    #[test]
    fn swordfish_in_columns_and_jellyfish_in_rows() {
        let variant = Variant::standard(9).unwrap();
        let mut candidates = blank(&variant);
        for (c, rows) in [(0, "r1c1 r5c1"), (4, "r5c5 r9c5"), (8, "r1c9 r9c9")] {
            let column = variant.regions()[9 + c].cells.clone();
            confine(&mut candidates, &column, &cells(9, rows), 2);
        }
        let step = fire(&Fish(3), &candidates, &variant);
        assert_eq!(step.regions, [9, 13, 17, 0, 4, 8]);
        assert_eq!(step.eliminations.len(), 3 * 6);
        assert!(step
            .explanation
            .starts_with("swordfish on 2 in columns 1, 5 and 9, rows 1, 5 and 9: 2 removed"));
        assert!(Fish(2).find(&candidates, &variant).is_none());

        let mut candidates = blank(&variant);
        for (r, places) in [(1, "r2c1 r2c2"), (3, "r4c2 r4c3"), (5, "r6c3 r6c4"), (7, "r8c4 r8c1")]
        {
            let row = variant.regions()[r].cells.clone();
            confine(&mut candidates, &row, &cells(9, places), 8);
        }
        let step = fire(&Fish(4), &candidates, &variant);
        assert_eq!(step.eliminations.len(), 5 * 4);
        assert!(step.eliminations.iter().all(|&(c, d)| d == 8 && c % 9 < 4 && c / 9 % 2 == 0));
    }
}
