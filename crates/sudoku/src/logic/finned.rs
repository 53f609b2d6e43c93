//! Finned and sashimi fish: k base lines whose places of a digit lie in k cover lines but for
//! a few fins. Either no fin holds the digit, and the fish removes it from the rest of the
//! covers, or a fin does, and removes it from the cells it sees: so the cells of the covers
//! off the base lines that see every fin lose it. Sashimi when a cover meets the base lines'
//! digit, fins aside, only once (without the fins the fish would be degenerate). Rows and
//! columns of every variant; the fins usually share a box, but any cell seeing them all counts.

use super::bits::bits;
use super::candidates::Candidates;
use super::{text, Step, Technique, TechniqueKind};
use crate::grid::{Cell, Digit};
use crate::variant::Variant;

/// Finned fish of this many base lines (2 to 4).
pub(super) struct FinnedFish(pub(super) usize);

/// At most this many positions beyond the k covers hold fins. A fin's removals are the cells
/// of a cover in its box, so its box holds a cover's position too: the fins take at most a
/// box's width less one (2 on a 9×9, 3 from 16×16 on). A cap on the search, not on soundness.
fn fin_columns(n: usize) -> u32 {
    if n <= 9 {
        2
    } else {
        3
    }
}

impl Technique for FinnedFish {
    fn kind(&self) -> TechniqueKind {
        [TechniqueKind::FinnedXWing, TechniqueKind::FinnedSwordfish, TechniqueKind::FinnedJellyfish]
            [self.0 - 2]
    }

    fn find(&self, candidates: &Candidates, _: &Variant) -> Option<Step> {
        self.find_in(candidates, u64::MAX)
    }
}

impl FinnedFish {
    /// [`find`](Technique::find) on the digits of `digits` alone (bit `d - 1` for `d`), in
    /// the same order: a digit's fish rest on its own places only.
    pub(super) fn find_in(&self, candidates: &Candidates, digits: u64) -> Option<Step> {
        let n = candidates.size();
        let k = self.0;
        let mut lines: Vec<(usize, u64)> = Vec::with_capacity(n);
        let mut chosen = Vec::with_capacity(k);
        let words = candidates.geometry().words();
        let seen = vec![0; words];
        let (fin_seen, targets) = (vec![0; 8 * words], vec![0; 8 * words]);
        let mut fish = Fish { candidates, digit: 1, base: 0, cover: n, k, seen, fin_seen, targets };
        for digit in (1..=n as Digit).filter(|&d| digits >> (d - 1) & 1 == 1) {
            for (base, cover) in [(0, n), (n, 0)] {
                lines.clear();
                for line in 0..n {
                    let places = candidates.positions(base + line, digit);
                    if places != 0 && places.count_ones() <= k as u32 + fin_columns(n) {
                        lines.push((line, places));
                    }
                }
                (fish.digit, fish.base, fish.cover) = (digit, base, cover);
                if let Some(step) = fish.bases(&lines, &mut chosen, 0, 0) {
                    return Some(step);
                }
            }
        }
        None
    }
}

/// One digit and orientation's search.
struct Fish<'a> {
    candidates: &'a Candidates,
    digit: Digit,
    base: usize,
    cover: usize,
    k: usize,
    /// The cells that see every fin so far (a cell a bit), reused from choice to choice.
    seen: Vec<u64>,
    /// Per position of the bases' union (`words` each), the cells seeing all the bases'
    /// places there: what sees the fins of a choice of covers is the meet of its other
    /// positions', made once for the bases rather than once for each choice.
    fin_seen: Vec<u64>,
    /// Per position, the cells of its cover line off the bases that may hold the digit: the
    /// only cells a choice of covers holding it can clear.
    targets: Vec<u64>,
}

impl Fish<'_> {
    /// Extends `chosen` base lines (their places' union `union`) from `lines[from..]`.
    fn bases(
        &mut self,
        lines: &[(usize, u64)],
        chosen: &mut Vec<(usize, u64)>,
        from: usize,
        union: u64,
    ) -> Option<Step> {
        if chosen.len() == self.k {
            return self.covers(chosen, union);
        }
        for i in from..lines.len() {
            let wider = union | lines[i].1;
            if wider.count_ones() > self.k as u32 + fin_columns(self.candidates.size()) {
                continue;
            }
            chosen.push(lines[i]);
            let found = self.bases(lines, chosen, i + 1, wider);
            chosen.pop();
            if found.is_some() {
                return found;
            }
        }
        None
    }

    /// Every choice of k covers among the bases' positions, with fins left over.
    fn covers(&mut self, bases: &[(usize, u64)], union: u64) -> Option<Step> {
        // At most k + fin_columns(n) <= 7 positions (bases' union is capped), k <= 4 covers.
        let mut positions = [0u32; 8];
        let count = union.count_ones() as usize;
        if count <= self.k {
            return None; // a basic fish, or fewer places than lines
        }
        for (slot, p) in positions.iter_mut().zip(bits(union)) {
            *slot = p;
        }
        let positions = &positions[..count];
        self.prepare(bases, positions);
        let mut pick = [0, 1, 2, 3];
        let pick = &mut pick[..self.k];
        loop {
            let covers = pick.iter().fold(0u64, |m, &i| m | 1 << positions[i]);
            if self.clears(bases, positions, covers) {
                if let Some(step) = self.step(bases, covers) {
                    return Some(step);
                }
            }
            // The next k-subset of positions, in lexicographic order.
            let mut i = self.k;
            while i > 0 && pick[i - 1] == positions.len() - self.k + i - 1 {
                i -= 1;
            }
            if i == 0 {
                return None;
            }
            pick[i - 1] += 1;
            for j in i..self.k {
                pick[j] = pick[j - 1] + 1;
            }
        }
    }

    /// Fills [`fin_seen`](Self::fin_seen) and [`targets`](Self::targets) for the bases'
    /// `positions`.
    fn prepare(&mut self, bases: &[(usize, u64)], positions: &[u32]) {
        let (candidates, digit) = (self.candidates, self.digit);
        let geometry = candidates.geometry();
        let words = self.seen.len();
        let base_mask = bases.iter().fold(0u64, |m, &(line, _)| m | 1 << line);
        for (i, &p) in positions.iter().enumerate() {
            let seen = &mut self.fin_seen[i * words..][..words];
            seen.fill(u64::MAX);
            for &(line, _) in bases.iter().filter(|&&(_, places)| places >> p & 1 == 1) {
                let fin = geometry.region(self.base + line)[p as usize];
                for (word, peers) in seen.iter_mut().zip(geometry.peers(fin)) {
                    *word &= peers;
                }
            }
            let targets = &mut self.targets[i * words..][..words];
            targets.fill(0);
            let region = self.cover + p as usize;
            for q in bits(candidates.positions(region, digit) & !base_mask) {
                let target = geometry.region(region)[q as usize];
                targets[target / 64] |= 1 << (target % 64);
            }
        }
    }

    /// Whether `covers` (a mask of `positions`) meets every base and clears some cell: the
    /// test of [`step`](Self::step), in word operations on what [`prepare`](Self::prepare)
    /// made.
    fn clears(&self, bases: &[(usize, u64)], positions: &[u32], covers: u64) -> bool {
        if bases.iter().any(|&(_, places)| places & covers == 0) {
            return false;
        }
        let words = self.seen.len();
        (0..words).any(|w| {
            let (mut seen, mut targets) = (u64::MAX, 0);
            for (i, &p) in positions.iter().enumerate() {
                if covers >> p & 1 == 1 {
                    targets |= self.targets[i * words + w];
                } else {
                    seen &= self.fin_seen[i * words + w];
                }
            }
            seen & targets != 0
        })
    }

    /// The step of `bases` covered by `covers`, if every base meets a cover and some cell of
    /// the covers sees every fin. Nothing is allocated until a step is found: this runs for
    /// every choice of bases and covers.
    fn step(&mut self, bases: &[(usize, u64)], covers: u64) -> Option<Step> {
        let (candidates, n, digit) = (self.candidates, self.candidates.size(), self.digit);
        let geometry = candidates.geometry();
        if bases.iter().any(|&(_, places)| places & covers == 0) {
            return None;
        }
        let cell =
            |line: usize, position: u32| geometry.region(self.base + line)[position as usize];
        self.seen.fill(u64::MAX);
        for &(line, places) in bases {
            for p in bits(places & !covers) {
                let fin = cell(line, p);
                for (word, peers) in self.seen.iter_mut().zip(geometry.peers(fin)) {
                    *word &= peers;
                }
            }
        }
        if self.seen.iter().all(|&word| word == 0) {
            return None;
        }
        let base_mask = bases.iter().fold(0u64, |m, &(line, _)| m | 1 << line);
        let mut eliminations = Vec::new();
        for c in bits(covers) {
            let region = self.cover + c as usize;
            for p in bits(candidates.positions(region, digit) & !base_mask) {
                let target = geometry.region(region)[p as usize];
                if self.seen[target / 64] >> (target % 64) & 1 == 1 {
                    eliminations.push((target, digit));
                }
            }
        }
        if eliminations.is_empty() {
            return None;
        }
        let fins: Vec<Cell> = bases
            .iter()
            .flat_map(|&(line, places)| bits(places & !covers).map(move |p| (line, p)))
            .map(|(line, p)| cell(line, p))
            .collect();
        eliminations.sort_unstable();
        // Sashimi: some cover meets the bases, fins aside, in one line only.
        let sashimi =
            bits(covers).any(|c| bases.iter().filter(|&&(_, p)| p >> c & 1 == 1).count() < 2);
        let kind = [
            TechniqueKind::FinnedXWing,
            TechniqueKind::FinnedSwordfish,
            TechniqueKind::FinnedJellyfish,
        ][self.k - 2];
        let fish = kind.name().trim_start_matches("finned ");
        let numbers = |list: Vec<usize>| {
            text::and_list(&list.iter().map(|x| (x + 1).to_string()).collect::<Vec<_>>())
        };
        let (base_word, cover_word) =
            if self.base == 0 { ("rows", "columns") } else { ("columns", "rows") };
        let fin_word = if fins.len() == 1 { "fin" } else { "fins" };
        let explanation = format!(
            "{} {fish} on {} in {base_word} {}, {cover_word} {}, {fin_word} {}: either no fin \
             holds {} and the {fish} removes it, or one does; {}",
            if sashimi { "sashimi" } else { "finned" },
            text::digit(digit),
            numbers(bases.iter().map(|&(line, _)| line).collect()),
            numbers(bits(covers).map(|c| c as usize).collect()),
            text::cells(n, &fins),
            text::digit(digit),
            text::removed(n, &eliminations),
        );
        let cells = bases
            .iter()
            .flat_map(|&(line, places)| bits(places).map(move |p| (line, p)))
            .map(|(line, p)| cell(line, p))
            .collect();
        let regions = bases
            .iter()
            .map(|&(line, _)| self.base + line)
            .chain(bits(covers).map(|c| self.cover + c as usize))
            .collect();
        Some(Step::eliminating(kind, cells, regions, eliminations, explanation))
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{blank, cells, confine, fire};
    use super::*;

    fn rows(variant: &Variant, digit: Digit, rules: &[(usize, &str)]) -> Candidates {
        let mut candidates = blank(variant);
        for &(row, places) in rules {
            let row_cells = variant.regions()[row].cells.clone();
            confine(&mut candidates, &row_cells, &cells(9, places), digit);
        }
        candidates
    }

    #[test]
    fn a_finned_x_wing_removes_what_its_fin_sees() {
        let variant = Variant::standard(9).unwrap();
        let candidates = rows(&variant, 3, &[(1, "r2c4 r2c8"), (6, "r7c4 r7c8 r7c9")]);
        let step = fire(&FinnedFish(2), &candidates, &variant);
        let expected: Vec<(Cell, Digit)> =
            cells(9, "r8c8 r9c8").into_iter().map(|c| (c, 3)).collect();
        assert_eq!(step.eliminations, expected);
        assert_eq!(
            step.explanation,
            "finned x-wing on 3 in rows 2 and 7, columns 4 and 8, fin r7c9: either no fin holds \
             3 and the x-wing removes it, or one does; 3 removed from r8c8, r9c8"
        );
    }

    #[test]
    fn a_sashimi_x_wing_and_a_fin_too_far() {
        let variant = Variant::standard(9).unwrap();
        let candidates = rows(&variant, 3, &[(1, "r2c4 r2c8"), (6, "r7c4 r7c9")]);
        let step = fire(&FinnedFish(2), &candidates, &variant);
        assert!(step.explanation.starts_with("sashimi x-wing on 3"), "{}", step.explanation);
        assert_eq!(step.eliminations, [(cells(9, "r8c8")[0], 3), (cells(9, "r9c8")[0], 3)]);
        // A fin in another box than the cover's cells sees none of them.
        let far = rows(&variant, 3, &[(1, "r2c4 r2c8"), (6, "r7c4 r7c8 r7c1")]);
        let found = FinnedFish(2).find(&far, &variant);
        assert!(found.is_none_or(|step| step.eliminations.iter().all(|&(c, _)| c % 9 != 7)));
    }
}
