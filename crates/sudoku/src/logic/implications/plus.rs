//! Sudoku Explainer's "dynamic forcing chains (+)" (its chaining level 1): when an
//! assumption's links run out, SE's first direct rule that applies to the working grid because
//! of the assumption's removals turns more candidates off.
//!
//! The rules, in SE's order: locked candidates, hidden pairs, naked pairs, X-wings; only the
//! first that finds anything runs, and then the links go on. Each candidate a rule removes
//! becomes an "off" potential whose parents are the removals its pattern rests on (SE's
//! `getRuleParents`): the pattern's candidates of the position that the working grid lost. A
//! pattern that rests on none holds in the position already, so SE leaves it to the simpler
//! techniques, and so does this. Regions are taken as SE's rules take them: boxes (and
//! pieces), rows and columns; a variant's other regions give no patterns here.

use super::{potential, Engine, Rule, Run};
use crate::grid::{Cell, Digit};
use crate::logic::bits::bits;
use crate::logic::geometry::Geometry;
use crate::variant::RegionKind;

/// A class of region as SE's rules take them.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Class {
    Box,
    Row,
    Column,
}

fn class(kind: RegionKind) -> Option<Class> {
    match kind {
        RegionKind::Box | RegionKind::Piece => Some(Class::Box),
        RegionKind::Row => Some(Class::Row),
        RegionKind::Column => Some(Class::Column),
        _ => None,
    }
}

/// The regions of `class`, in the geometry's order.
fn regions(geometry: &Geometry, class_of: Class) -> impl Iterator<Item = usize> + Clone + '_ {
    (0..geometry.region_count()).filter(move |&r| class(geometry.kind(r)) == Some(class_of))
}

/// The region of `class` holding `cell`.
fn region_of(geometry: &Geometry, cell: Cell, class_of: Class) -> Option<usize> {
    let mine = geometry.members(cell).iter().map(|m| m.0 as usize);
    mine.into_iter().find(|&r| class(geometry.kind(r)) == Some(class_of))
}

/// Pairs `(i, j)`, `i < j < n`, in the order of SE's `Permutations(2, n)`.
fn pairs(n: usize) -> impl Iterator<Item = (usize, usize)> {
    (1..n).flat_map(|j| (0..j).map(move |i| (i, j)))
}

/// The removals of one hint, cell by cell, in the order found: at most two regions' cells.
struct Removals {
    cells: [(Cell, u64); 128],
    len: usize,
}

impl Removals {
    fn new() -> Removals {
        Removals { cells: [(0, 0); 128], len: 0 }
    }

    /// Adds the digits `mask` of `cell`, if any.
    fn add(&mut self, cell: Cell, mask: u64) {
        if mask != 0 {
            self.cells[self.len] = (cell, mask);
            self.len += 1;
        }
    }
}

impl Engine<'_> {
    /// SE's `getAdvancedPotentials` on a grid not seen before: the removals of the first rule
    /// that finds any, queued. Whether a rule found a pattern.
    pub(super) fn apply_rules(&mut self, run: &mut Run) -> bool {
        let found = self.locking(run) || self.hidden_pairs(run) || self.naked_pairs(run);
        let found = found || self.x_wings(run);
        found || self.nested_rules(run)
    }

    /// Whether the working grid still holds `digit` in `cell`.
    fn works(&self, cell: Cell, digit: Digit) -> bool {
        self.masks[cell] >> (digit - 1) & 1 == 1
    }

    /// Whether the working grid lost `digit` in `cell`: a removal a pattern can rest on.
    fn lost(&self, cell: Cell, digit: Digit) -> bool {
        self.candidates.has(cell, digit) && !self.works(cell, digit)
    }

    /// Adds removal `(cell, digit)` to the parents of the hint at hand.
    fn rests_on(&mut self, cell: Cell, digit: Digit) {
        self.hint.push(potential(self.n, cell, digit, false));
    }

    /// Queues a hint's removals (parents in `self.hint`) in the order SE reads them from its
    /// `HashMap<Cell, BitSet>` (a cell's hash is its index): by bucket, then as added.
    fn queue(&mut self, run: &mut Run, removals: &mut Removals) {
        let mut buckets = 16;
        while removals.len * 4 > buckets * 3 {
            buckets *= 2;
        }
        let list = &mut removals.cells[..removals.len];
        // Insertion sort: stable, and a hint removes from few cells.
        for i in 1..list.len() {
            let mut j = i;
            while j > 0 && list[j - 1].0 & (buckets - 1) > list[j].0 & (buckets - 1) {
                list.swap(j - 1, j);
                j -= 1;
            }
        }
        for &(cell, mask) in &*list {
            for d in bits(mask) {
                self.remove(run, cell, d as Digit + 1);
            }
        }
    }

    /// Pointing and claiming: a digit's places in a box all in one line (or in a line all in
    /// one box) leave the rest of the other region.
    fn locking(&mut self, run: &mut Run) -> bool {
        let (n, candidates) = (self.n, self.candidates);
        let geometry = candidates.geometry();
        let mut found = false;
        let orders = [
            (Class::Box, Class::Column),
            (Class::Box, Class::Row),
            (Class::Column, Class::Box),
            (Class::Row, Class::Box),
        ];
        for (from, to) in orders {
            for digit in 1..=n as Digit {
                for r1 in regions(geometry, from) {
                    let places = self.positions[r1 * n + usize::from(digit) - 1];
                    // A pattern rests on places the working grid lost: none lost, none.
                    let lost = self.pristine[r1 * n + usize::from(digit) - 1] & !places;
                    if places.count_ones() < 2 || lost == 0 {
                        continue;
                    }
                    let one = geometry.region(r1);
                    let first = one[places.trailing_zeros() as usize];
                    let Some(r2) = region_of(geometry, first, to) else { continue };
                    if bits(places).any(|k| geometry.position(r2, one[k as usize]).is_none()) {
                        continue;
                    }
                    let other = geometry.region(r2);
                    let outside = |c: &&Cell| geometry.position(r1, **c).is_none();
                    if !other.iter().filter(outside).any(|&c| self.works(c, digit)) {
                        continue;
                    }
                    self.hint.clear();
                    for &c in one {
                        if geometry.position(r2, c).is_none() && self.lost(c, digit) {
                            self.rests_on(c, digit);
                        }
                    }
                    if self.hint.is_empty() {
                        continue;
                    }
                    found = true;
                    self.rule = Rule::Locked(digit, r1 as u32, r2 as u32);
                    let mut removals = Removals::new();
                    for &c in other.iter().filter(outside) {
                        removals.add(c, self.masks[c] & 1 << (digit - 1));
                    }
                    self.queue(run, &mut removals);
                }
            }
        }
        found
    }

    /// Two digits with the same two places in a region, and no others: the places lose their
    /// other digits.
    fn hidden_pairs(&mut self, run: &mut Run) -> bool {
        let (n, candidates) = (self.n, self.candidates);
        let geometry = candidates.geometry();
        let mut found = false;
        for from in [Class::Box, Class::Column, Class::Row] {
            for r in regions(geometry, from) {
                let region = geometry.region(r);
                // SE looks for hidden pairs only in regions of five blank cells or more.
                if region.iter().filter(|&&c| candidates.candidates(c) != 0).count() <= 4 {
                    continue;
                }
                for (i, j) in pairs(n) {
                    let (a, b) = (self.positions[r * n + i], self.positions[r * n + j]);
                    if a.count_ones() < 2 || b.count_ones() < 2 || (a | b).count_ones() != 2 {
                        continue;
                    }
                    // The pattern's parents: the pair's digits lost outside its two places.
                    if (self.pristine[r * n + i] | self.pristine[r * n + j]) & !(a | b) == 0 {
                        continue;
                    }
                    let pair = 1 << i | 1 << j;
                    if !bits(a).any(|k| self.masks[region[k as usize]] & !pair != 0) {
                        continue;
                    }
                    self.hint.clear();
                    for (k, &c) in region.iter().enumerate() {
                        for d in [i, j] {
                            if (a | b) >> k & 1 == 0 && self.candidates.has(c, d as Digit + 1) {
                                self.rests_on(c, d as Digit + 1);
                            }
                        }
                    }
                    if self.hint.is_empty() {
                        continue;
                    }
                    found = true;
                    self.rule = Rule::HiddenPair(pair, r as u32);
                    let mut removals = Removals::new();
                    for k in bits(a) {
                        let c = region[k as usize];
                        removals.add(c, self.masks[c] & !pair);
                    }
                    self.queue(run, &mut removals);
                }
            }
        }
        found
    }

    /// Two cells of a region with the same two digits, and no others: the region's other
    /// cells lose those digits.
    fn naked_pairs(&mut self, run: &mut Run) -> bool {
        let candidates = self.candidates;
        let geometry = candidates.geometry();
        let mut found = false;
        for from in [Class::Box, Class::Column, Class::Row] {
            for r in regions(geometry, from) {
                let region = geometry.region(r);
                let blanks = region.iter().filter(|&&c| self.candidates.candidates(c) != 0);
                if blanks.count() < 4 {
                    continue;
                }
                for (i, j) in pairs(region.len()) {
                    let (a, b) = (region[i], region[j]);
                    let (ma, mb) = (self.masks[a], self.masks[b]);
                    if ma.count_ones() < 2 || mb.count_ones() < 2 || (ma | mb).count_ones() != 2 {
                        continue;
                    }
                    // The pattern's parents: the two cells' lost candidates.
                    if candidates.candidates(a) == ma && candidates.candidates(b) == mb {
                        continue;
                    }
                    let others = || region.iter().filter(move |&&c| c != a && c != b);
                    if !others().any(|&c| self.masks[c] & ma != 0) {
                        continue;
                    }
                    self.hint.clear();
                    for c in [a, b] {
                        for d in bits(self.candidates.candidates(c) & !ma) {
                            self.rests_on(c, d as Digit + 1);
                        }
                    }
                    if self.hint.is_empty() {
                        continue;
                    }
                    found = true;
                    self.rule = Rule::NakedPair(ma, r as u32);
                    let mut removals = Removals::new();
                    for &c in others() {
                        removals.add(c, self.masks[c] & ma);
                    }
                    self.queue(run, &mut removals);
                }
            }
        }
        found
    }

    /// A digit's places in two lines on the same two crossing lines: those lose its others.
    fn x_wings(&mut self, run: &mut Run) -> bool {
        let (n, candidates) = (self.n, self.candidates);
        let geometry = candidates.geometry();
        // SE skips a digit placed so often that too few lines are left for a fish.
        let mut placed = [0usize; 64];
        for (d, count) in placed.iter_mut().enumerate().take(n) {
            let rows = regions(geometry, Class::Row);
            *count = rows.filter(|&r| candidates.positions(r, d as Digit + 1) == 0).count();
        }
        let mut found = false;
        for (base, cover) in [(Class::Column, Class::Row), (Class::Row, Class::Column)] {
            for (j, b2) in regions(geometry, base).enumerate() {
                for b1 in regions(geometry, base).take(j) {
                    for digit in 1..=n as Digit {
                        let slot = usize::from(digit) - 1;
                        if placed[slot] + 4 > n {
                            continue;
                        }
                        found |= self.x_wing(run, [b1, b2], cover, digit);
                    }
                }
            }
        }
        found
    }

    /// The X-wing of `digit` on base lines `lines`, if any: whether it rests on a removal.
    fn x_wing(&mut self, run: &mut Run, lines: [usize; 2], cover: Class, digit: Digit) -> bool {
        let (n, candidates) = (self.n, self.candidates);
        let geometry = candidates.geometry();
        let slot = usize::from(digit) - 1;
        let (a, b) = (self.positions[lines[0] * n + slot], self.positions[lines[1] * n + slot]);
        if a.count_ones() < 2 || b.count_ones() < 2 || (a | b).count_ones() != 2 {
            return false;
        }
        // The pattern's parents: places the base lines lost.
        let pristine = |line: usize| self.pristine[line * n + slot];
        if pristine(lines[0]) == a && pristine(lines[1]) == b {
            return false;
        }
        let first = geometry.region(lines[0]);
        let mut covers = bits(a | b).map(|k| region_of(geometry, first[k as usize], cover));
        let (Some(Some(c1)), Some(Some(c2))) = (covers.next(), covers.next()) else {
            return false;
        };
        let on_covers =
            |c: Cell| geometry.position(c1, c).is_some() || geometry.position(c2, c).is_some();
        let in_base = |c: Cell| lines.iter().any(|&r| geometry.position(r, c).is_some());
        let second = geometry.region(lines[1]);
        if !bits(b).all(|k| on_covers(second[k as usize])) {
            return false;
        }
        let targets = || {
            let cells = geometry.region(c1).iter().chain(geometry.region(c2));
            cells.copied().filter(move |&c| !in_base(c))
        };
        if !targets().any(|c| self.works(c, digit)) {
            return false;
        }
        self.hint.clear();
        for &c in first.iter().chain(second) {
            if !on_covers(c) && self.lost(c, digit) {
                self.rests_on(c, digit);
            }
        }
        if self.hint.is_empty() {
            return false;
        }
        self.rule = Rule::XWing(digit, lines[0] as u32, lines[1] as u32);
        let mut removals = Removals::new();
        for c in targets() {
            removals.add(c, self.masks[c] & 1 << (digit - 1));
        }
        self.queue(run, &mut removals);
        true
    }
}

#[cfg(test)]
mod tests {
    use crate::grid::Grid;
    use crate::logic::scale::ScaleSolver;
    use crate::logic::TechniqueKind;
    use crate::variant::Variant;

    fn grid(line: &str) -> Grid {
        Grid::from_cells(9, line.bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect())
    }

    #[test]
    fn plus_steps_hold_in_the_solution() {
        // top1465's 77th, which SE rates 9.8 with its dynamic forcing chains (+): every step of
        // the walk in SE's order holds in the solution, and the walk needs the new rung.
        let puzzle = grid(
            "7.....4...2..7..8...3..8..9...5..3...6..2..9...1..7..6...3..9...3..4..6...9..1..5",
        );
        let solution = grid(
            "798635421126974583453218679972586314564123897381497256617352948835749162249861735",
        );
        let path = ScaleSolver::new(&Variant::standard(9).unwrap()).solve(&puzzle).unwrap();
        let mut plus = 0;
        for (step, _) in &path.steps {
            for &(cell, digit) in &step.placements {
                assert_eq!(solution.get(cell), Some(digit), "{step}");
            }
            for &(cell, digit) in &step.eliminations {
                assert_ne!(solution.get(cell), Some(digit), "{step}");
            }
            // The sentence names the rule that turned a candidate off.
            let named =
                ["(locked candidates: ", "(the hidden pair ", "(the naked pair ", "(the X-wing "]
                    .iter()
                    .any(|rule| step.explanation.contains(rule));
            plus += usize::from(step.technique == TechniqueKind::DynamicPlusChain && named);
        }
        assert!(path.solved && plus > 0, "{plus}");
        assert_eq!(path.rating().to_string(), "9.8/1.2/1.2");
    }
}
