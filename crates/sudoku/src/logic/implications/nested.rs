//! Sudoku Explainer's nested forcing chains of level 2 (9.5): where an assumption's links run
//! out and SE's direct rules ([`plus`](super::plus)) find nothing, its forcing chains (the
//! 6.6-7.x rung's, X-links alone, then both) on the grid the assumption left turn more
//! candidates off.
//!
//! SE runs that rung on the working grid and takes every hint it finds, sorted as the rung
//! sorts them (by price, then length, then kind), equal removals kept once (the first); a hint
//! counts only where some strong link of its chain exists because of the assumption's removals
//! (SE's `getRuleParents`: a bivalue cell, or a region with two places of a digit, that lost
//! candidates), those removals its parents. Each removal's first hint gives its parents. A
//! chain's nodes (its complexity) are added to the length of every conclusion resting on it,
//! each distinct chain once. SE's cycles of that rung are not sought here.

use std::collections::HashSet;

use super::nested_multiple::RunPool;
use super::{potential, Engine, Rule, Rules, Run};
use crate::grid::{Cell, Digit};
use crate::logic::bits::bits;
use crate::logic::candidates::Candidates;
use crate::logic::scale::{chain_length_extra, Tenths};

/// A chain found on the working grid: what it removes, its parents and its place in SE's sort.
#[derive(Clone, Copy)]
pub(super) struct Hint {
    pub(super) price: Tenths,
    pub(super) length: u32,
    pub(super) kind: u8,
    pub(super) cell: Cell,
    pub(super) removals: u64,
    /// Its parents: `Nest::parents[start..end]`.
    pub(super) start: u32,
    pub(super) end: u32,
    pub(super) rule: Rule,
}

/// The buffers of the nested search, kept with the engine.
pub(in crate::logic) struct Nest {
    inner: Run,
    other: Run,
    pub(super) hints: Vec<Hint>,
    /// The removals (cell, digits) of the hints taken so far in SE's order.
    seen: HashSet<(Cell, u64)>,
    pub(super) parents: Vec<u32>,
    /// Level 3: the runs of the candidates on the working grid.
    pub(super) runs: RunPool,
    /// `wanted[s] == stamp`: a chain from potential `s` could rest on the assumption (level
    /// 2); at level 4, potential `s` already walked in a chain (`wanted` is level 2's alone).
    pub(super) wanted: Vec<u32>,
    pub(super) stamp: u32,
    links: Vec<(u32, u32)>,
    /// Level 4: the working grid as a position of its own, and the entries left to walk.
    pub(super) grid: Option<Box<Candidates>>,
    pub(super) todo: Vec<u32>,
}

impl Nest {
    pub(super) fn new(n: usize) -> Nest {
        Nest {
            inner: Run::new(n),
            other: Run::new(n),
            hints: Vec::new(),
            seen: HashSet::new(),
            parents: Vec::new(),
            runs: RunPool::new(n),
            wanted: vec![0; n * n * n * 2],
            stamp: 0,
            links: Vec::new(),
            grid: None,
            todo: Vec::new(),
        }
    }
}

impl Engine<'_> {
    /// SE's rules of levels 2 and 3 (as far as the engine's level), the first that finds
    /// a hint with parents; at level 4, its dynamic forcing chains alone.
    pub(super) fn nested_rules(&mut self, run: &mut Run) -> bool {
        match self.rules.nest {
            2 => self.nested(run),
            3 => self.nested(run) || self.nested_multiple(run),
            4.. => self.nested_dynamic(run),
            _ => false,
        }
    }

    /// SE's level-2 rule on the working grid: whether it found a hint with parents (its
    /// removals queued in `run`).
    pub(super) fn nested(&mut self, run: &mut Run) -> bool {
        let mut nest = self.nest.take().expect("nested buffers");
        self.lossy_links(&mut nest.links);
        if nest.links.is_empty() {
            self.nest = Some(nest);
            return false;
        }
        nest.hints.clear();
        nest.parents.clear();
        let (outer, n) = (self.rules, self.n);
        self.rules = Rules { y_links: true, dynamic: false, plus: false, nest: 0 };
        self.wanted(&mut nest);
        self.unary = 1;
        for xy in [false, true] {
            self.rules = Rules { y_links: xy, dynamic: false, plus: false, nest: 0 };
            for cell in 0..n * n {
                let mask = self.masks[cell];
                if mask.count_ones() < 2 {
                    continue;
                }
                for d in bits(mask) {
                    for on in [true, false] {
                        let source = potential(n, cell, d as Digit + 1, on);
                        if nest.wanted[source as usize] == nest.stamp {
                            self.chain(&mut nest, source, xy);
                        }
                    }
                }
            }
        }
        (self.rules, self.unary) = (outer, 0);
        let found = self.apply_hints(&mut nest, run);
        self.nest = Some(nest);
        found
    }

    /// Queues the removals of `nest.hints` in SE's order (price, length, kind, then as found;
    /// equal removals once, the first), each with its hint's parents: whether a hint had some.
    pub(super) fn apply_hints(&mut self, nest: &mut Nest, run: &mut Run) -> bool {
        self.pending_on.clear();
        self.pending_off.clear();
        nest.hints.sort_by_key(|h| (h.price, h.length, h.kind));
        let mut found = false;
        // A set, not a scan of the hints before: level 4 finds thousands on one grid.
        nest.seen.clear();
        for i in 0..nest.hints.len() {
            let hint = nest.hints[i];
            let fresh = nest.seen.insert((hint.cell, hint.removals));
            if hint.start == hint.end || !fresh {
                continue;
            }
            found = true;
            self.hint.clear();
            let parents = &nest.parents[hint.start as usize..hint.end as usize];
            self.hint.extend(parents.iter().map(|&p| p as super::Potential));
            self.rule = hint.rule;
            for d in bits(hint.removals) {
                self.remove(run, hint.cell, d as Digit + 1);
            }
        }
        found
    }

    /// The working grid's strong links that the assumption made, as pairs of "on"
    /// potentials: bivalue cells and regions with two places of a digit that lost some.
    /// Without one no chain has parents (at this rung the position has no forcing chain, and a
    /// chain of the working grid without such a link would be one).
    fn lossy_links(&self, links: &mut Vec<(u32, u32)>) {
        links.clear();
        let n = self.n;
        let candidates = self.candidates;
        let geometry = candidates.geometry();
        for c in 0..n * n {
            let mask = self.masks[c];
            if mask.count_ones() == 2 && candidates.candidates(c) != mask {
                let (a, b) = (mask.trailing_zeros(), mask.ilog2());
                links.push((
                    potential(n, c, a as Digit + 1, true),
                    potential(n, c, b as Digit + 1, true),
                ));
            }
        }
        for r in 0..geometry.region_count() {
            for d in 1..=n as Digit {
                let places = self.positions[r * n + usize::from(d) - 1];
                if places.count_ones() == 2 && candidates.positions(r, d) != places {
                    let region = geometry.region(r);
                    let a = region[places.trailing_zeros() as usize];
                    let b = region[places.ilog2() as usize];
                    let link = (potential(n, a, d, true), potential(n, b, d, true));
                    if !links.contains(&link) {
                        links.push(link);
                    }
                }
            }
        }
    }

    /// Marks in `nest.wanted` the sources whose chains could pass a link of `nest.links`.
    /// Links are symmetric under negation (if p then q: if not q then not p), so a chain
    /// from `s` through the link `a off -> b on` (or back) to `not s` needs `s` to reach both
    /// "a off" and "b off", that is "not s" reached from both "a on" and "b on".
    fn wanted(&mut self, nest: &mut Nest) {
        nest.stamp = nest.stamp.wrapping_add(1);
        if nest.stamp == 0 {
            nest.wanted.fill(0);
            nest.stamp = 1;
        }
        self.unary = 2;
        for i in 0..nest.links.len() {
            let (a, b) = nest.links[i];
            self.unary_run(&mut nest.inner, a);
            self.unary_run(&mut nest.other, b);
            let (inner, other) = (&nest.inner, &nest.other);
            for e in other.reached() {
                if inner.get(e.potential).is_some() {
                    nest.wanted[(e.potential ^ 1) as usize] = nest.stamp;
                }
            }
        }
    }

    /// SE's forcing chain from `source` to its negation on the working grid, if any, kept
    /// as a hint.
    fn chain(&mut self, nest: &mut Nest, source: super::Potential, xy: bool) {
        let inner = &mut nest.inner;
        self.unary_run(inner, source);
        let Some((on, off)) = inner.conflict else { return };
        let target = if source % 2 == 1 { off } else { on };
        let start = nest.parents.len();
        let mut key = 0xcbf2_9ce4_8422_2325u64;
        let length = self.branch(inner, target, &mut nest.parents, start, &mut key);
        let (cell, digit) = self.place(source);
        let removals =
            if source % 2 == 1 { 1 << (digit - 1) } else { self.masks[cell] & !(1 << (digit - 1)) };
        let base = if xy { 70 } else { 66 };
        nest.hints.push(Hint {
            price: base + chain_length_extra(length as usize - 2),
            length,
            kind: if xy { 4 } else { 2 },
            cell,
            removals,
            start: start as u32,
            end: nest.parents.len() as u32,
            rule: Rule::Chain { xy, source, length, key },
        });
    }

    /// Walks a static run's chain from `target` back to its assumption (SE's order for the
    /// rule's parents): adds the removals its strong links rest on to `parents` (from `from`
    /// on, once each) and its potentials to `key`; its number of nodes.
    pub(super) fn branch(
        &self,
        run: &Run,
        target: usize,
        parents: &mut Vec<u32>,
        from: usize,
        key: &mut u64,
    ) -> u32 {
        let (mut at, mut length) = (target, 1);
        loop {
            let p = run.entries[at].potential;
            *key = (*key ^ u64::from(p)).wrapping_mul(0x0100_0000_01b3);
            let Some(&parent) = run.parents_of(at).first() else { return length };
            if p % 2 == 1 {
                self.lost_of_link(parents, run.entries[parent as usize].potential, p, from);
            }
            (at, length) = (parent as usize, length + 1);
        }
    }

    /// The removals the strong link from `parent` (off) to `p` (on) rests on, added to
    /// `parents` (from `from` on, once each): the cell's lost candidates for a bivalue cell,
    /// else the lost places of the digit in the first region (SE's order) making the link.
    pub(super) fn lost_of_link(&self, parents: &mut Vec<u32>, parent: u32, p: u32, from: usize) {
        let n = self.n;
        let candidates = self.candidates;
        let (cell, digit) = self.place(p);
        let (before, _) = self.place(parent);
        let mut add = |c: Cell, d: Digit| {
            let q = potential(n, c, d, false);
            if !parents[from..].contains(&q) {
                parents.push(q);
            }
        };
        if before == cell {
            for d in bits(candidates.candidates(cell) & !self.masks[cell]) {
                add(cell, d as Digit + 1);
            }
            return;
        }
        let geometry = candidates.geometry();
        let slot = usize::from(digit) - 1;
        for &(r, k) in self.regions_of(before) {
            let r = r as usize;
            let Some(at) = geometry.position(r, cell) else { continue };
            if self.positions[r * n + slot] != (1u64 << k | 1u64 << at) {
                continue;
            }
            let region = geometry.region(r);
            for h in bits(candidates.positions(r, digit) & !self.positions[r * n + slot]) {
                add(region[h as usize], digit);
            }
            return;
        }
    }

    /// Follows `start` as SE's static forcing chains do, layer by layer (every "on" queued,
    /// then every "off"), until its negation is reached (the run's conflict) or nothing new.
    fn unary_run(&mut self, run: &mut Run, start: super::Potential) {
        self.begin(run, start);
        if crate::logic::halt::halted() {
            return;
        }
        loop {
            let mut moved = false;
            while let Some(e) = self.pending_on.pop() {
                moved = true;
                self.follow_on(run, e);
                if run.conflict.is_some() {
                    return;
                }
            }
            while let Some(e) = self.pending_off.pop() {
                moved = true;
                self.follow_off(run, e);
                if run.conflict.is_some() {
                    return;
                }
            }
            if !moved {
                return;
            }
        }
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
    fn nested_steps_hold_in_the_solution_and_name_their_chains() {
        // norvig_hardest11's 2nd, which SE rates 10.6 with its nested forcing chains: every
        // step of the walk in SE's order holds in the solution, and some need the new rung.
        let puzzle = grid(
            "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..",
        );
        let solution = grid(
            "145327698839654127672918543496185372218473956753296481367542819984761235521839764",
        );
        let path = ScaleSolver::new(&Variant::standard(9).unwrap()).solve(&puzzle).unwrap();
        let mut nested = 0;
        for (step, _) in &path.steps {
            for &(cell, digit) in &step.placements {
                assert_eq!(solution.get(cell), Some(digit), "{step}");
            }
            for &(cell, digit) in &step.eliminations {
                assert_ne!(solution.get(cell), Some(digit), "{step}");
            }
            if step.technique == TechniqueKind::NestedChain {
                nested += 1;
                assert!(step.explanation.contains("(a nested forcing X"), "{step}");
            }
        }
        assert!(path.solved && nested > 0, "{nested}");
        assert_eq!(path.rating().to_string(), "10.6/1.2/1.2");
    }
}
