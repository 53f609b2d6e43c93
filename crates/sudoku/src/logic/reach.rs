//! Which nodes of an implication graph reach their own negation: the sources a forcing chain
//! can start from. [`chains`](super::chains) searches breadth first from every candidate, on
//! and off, and most of those searches find nothing; this answers for all of them at once, so
//! that only the sources with a chain are searched (the chains found, and so the steps, stay
//! the same).
//!
//! The graph's strongly connected components (Tarjan's algorithm, without recursion) come out
//! sinks first, so each component's reach (a bitset over components) is its own bit and the
//! reaches of the components it links to, all known by then.

use super::bits::{at_most, bits, cells_of};
use super::candidates::Candidates;
use super::implications::{decode, potential, Potential};
use crate::grid::Digit;

/// Scratch for [`Reach::negations`], reused between graphs.
#[derive(Default)]
pub(super) struct Reach {
    /// Per node: its visit number (`u32::MAX`: not visited), lowest reachable visit number,
    /// component (`u32::MAX`: none yet).
    order: Vec<u32>,
    low: Vec<u32>,
    component: Vec<u32>,
    /// Tarjan's stack of nodes, and the depth-first path with each node's next link.
    stack: Vec<u32>,
    path: Vec<(u32, u32)>,
    /// The nodes in the order their components completed: component `c`'s are
    /// `members[firsts[c]..firsts[c + 1]]`.
    members: Vec<u32>,
    firsts: Vec<u32>,
    /// Component `c`'s reach: `spans[c * words..(c + 1) * words]`.
    spans: Vec<u64>,
}

impl Reach {
    /// Sets `out[i]` to whether node `i` reaches node `i ^ 1` (its negation) in the graph
    /// where node `i` links to `links[starts[i]..starts[i + 1]]`.
    pub(super) fn negations(&mut self, starts: &[u32], links: &[u32], out: &mut Vec<bool>) {
        let nodes = starts.len() - 1;
        self.components(starts, links);
        let components = self.firsts.len() - 1;
        let words = components.div_ceil(64);
        self.fill_spans(starts, links, words, |_, c, mine| mine[c / 64] |= 1 << (c % 64));
        out.clear();
        out.extend((0..nodes).map(|i| {
            let (c, d) = (self.component[i], self.component[i ^ 1]);
            if c == u32::MAX || d == u32::MAX {
                return false;
            }
            let (c, d) = (c as usize, d as usize);
            self.spans[c * words + d / 64] >> (d % 64) & 1 == 1
        }));
    }

    /// After [`negations`](Self::negations) or [`nodes`](Self::nodes): each node's strongly
    /// connected component (`u32::MAX`: the node neither links nor is linked to).
    pub(super) fn component(&self) -> &[u32] {
        &self.component
    }

    /// Computes every node's reach, a bitset over the nodes, for [`reach`](Self::reach).
    pub(super) fn nodes(&mut self, starts: &[u32], links: &[u32]) {
        let nodes = starts.len() - 1;
        self.components(starts, links);
        let words = nodes.div_ceil(64);
        self.fill_spans(starts, links, words, |reach, c, mine| {
            for &v in &reach.members[reach.firsts[c] as usize..reach.firsts[c + 1] as usize] {
                mine[v as usize / 64] |= 1 << (v % 64);
            }
        });
    }

    /// Fills `spans`, `words` a component, with each component's reach: the bits `seed` sets
    /// for it, and the reaches of the components it links to (sinks come first, so those are
    /// filled already).
    fn fill_spans(
        &mut self,
        starts: &[u32],
        links: &[u32],
        words: usize,
        seed: impl Fn(&Self, usize, &mut [u64]),
    ) {
        let components = self.firsts.len() - 1;
        // Taken out while filled, as the components are read beside it.
        let mut spans = std::mem::take(&mut self.spans);
        spans.clear();
        spans.resize(components * words, 0);
        for c in 0..components {
            let (before, rest) = spans.split_at_mut(c * words);
            let mine = &mut rest[..words];
            seed(self, c, mine);
            self.union_successors(c, words, starts, links, mine, before);
        }
        self.spans = spans;
    }

    /// After [`nodes`](Self::nodes): the nodes `node` reaches, itself included (`None`: it
    /// neither links nor is linked to).
    pub(super) fn reach(&self, node: usize) -> Option<&[u64]> {
        let c = self.component[node];
        let words = self.component.len().div_ceil(64);
        (c != u32::MAX).then(|| &self.spans[c as usize * words..(c as usize + 1) * words])
    }

    /// ORs into `mine` the reaches (in `before`, `words` a component) of the components that
    /// component `c`'s nodes link to.
    fn union_successors(
        &self,
        c: usize,
        words: usize,
        starts: &[u32],
        links: &[u32],
        mine: &mut [u64],
        before: &[u64],
    ) {
        for &v in &self.members[self.firsts[c] as usize..self.firsts[c + 1] as usize] {
            for &to in &links[starts[v as usize] as usize..starts[v as usize + 1] as usize] {
                let d = self.component[to as usize] as usize;
                if d != c {
                    let theirs = &before[d * words..(d + 1) * words];
                    for (slot, word) in mine.iter_mut().zip(theirs) {
                        *slot |= word;
                    }
                }
            }
        }
    }

    /// Tarjan's algorithm: `component`, `members` and `firsts`, sinks first.
    fn components(&mut self, starts: &[u32], links: &[u32]) {
        let nodes = starts.len() - 1;
        let linked = |i: usize| starts[i] < starts[i + 1];
        for v in [&mut self.order, &mut self.low, &mut self.component] {
            v.clear();
            v.resize(nodes, u32::MAX);
        }
        self.members.clear();
        self.firsts.clear();
        self.firsts.push(0);
        let mut visits = 0;
        for root in (0..nodes).filter(|&i| linked(i)) {
            if self.order[root] != u32::MAX {
                continue;
            }
            self.enter(root as u32, &mut visits, starts);
            while let Some(&mut (at, ref mut next)) = self.path.last_mut() {
                let at_ = at as usize;
                if *next < starts[at_ + 1] {
                    let to = links[*next as usize];
                    *next += 1;
                    if self.order[to as usize] == u32::MAX {
                        self.enter(to, &mut visits, starts);
                    } else if self.component[to as usize] == u32::MAX {
                        self.low[at_] = self.low[at_].min(self.order[to as usize]);
                    }
                    continue;
                }
                self.path.pop();
                if let Some(&(parent, _)) = self.path.last() {
                    self.low[parent as usize] = self.low[parent as usize].min(self.low[at_]);
                }
                if self.low[at_] == self.order[at_] {
                    let c = self.firsts.len() as u32 - 1;
                    loop {
                        let v = self.stack.pop().expect("the component's nodes");
                        self.component[v as usize] = c;
                        self.members.push(v);
                        if v == at {
                            break;
                        }
                    }
                    self.firsts.push(self.members.len() as u32);
                }
            }
        }
    }

    /// Starts visiting node `v`.
    fn enter(&mut self, v: u32, visits: &mut u32, starts: &[u32]) {
        self.order[v as usize] = *visits;
        self.low[v as usize] = *visits;
        *visits += 1;
        self.stack.push(v);
        self.path.push((v, starts[v as usize]));
    }
}

/// Where static cell or region forcing chains could agree on something: a static run reaches
/// no more than its assumption's reach in the static links (all of it unless it meets a
/// contradiction), so where a cell's candidates, or a digit's places in a region, do not all
/// reach a common candidate that would change the grid,
/// [`Family::Multiple`](super::multiple::Family::Multiple) finds nothing there and runs none of
/// their assumptions. `None` where that holds everywhere (most steps that need dynamic chains).
pub(super) struct Agreements {
    /// Per cell of three candidates or more: whether its candidates' runs could agree.
    pub(super) cells: Vec<bool>,
    /// Per region: the digits (bit `digit - 1`) whose places' runs could agree.
    pub(super) regions: Vec<u64>,
}

/// The [`Agreements`] of this position, `None` if none could agree.
pub(super) fn agreements(candidates: &Candidates) -> Option<Agreements> {
    let n = candidates.size();
    let geometry = candidates.geometry();
    let (starts, links) = super::chains::xy_links(candidates);
    let mut reach = Reach::default();
    reach.nodes(&starts, &links);
    let mut common = vec![0u64; (starts.len() - 1).div_ceil(64)];
    let worth = |p: usize| {
        let (cell, digit, on) = decode(n, p as Potential);
        !on || candidates.candidates(cell) & !(1 << (digit - 1)) != 0
    };
    let mut meet = |assumptions: &mut dyn Iterator<Item = Potential>| {
        common.fill(u64::MAX);
        for p in assumptions {
            let Some(reached) = reach.reach(p as usize) else { return true };
            for (slot, word) in common.iter_mut().zip(reached) {
                *slot &= word;
            }
        }
        cells_of(&common).any(worth)
    };
    let mut agreements =
        Agreements { cells: vec![false; n * n], regions: vec![0; geometry.region_count()] };
    let mut any = false;
    for cell in 0..n * n {
        let mask = candidates.candidates(cell);
        if !at_most(mask, 2)
            && meet(&mut bits(mask).map(|d| potential(n, cell, d as Digit + 1, true)))
        {
            agreements.cells[cell] = true;
            any = true;
        }
    }
    for r in 0..geometry.region_count() {
        let region = geometry.region(r);
        for digit in 1..=n as Digit {
            let places = candidates.positions(r, digit);
            if !at_most(places, 1)
                && meet(&mut bits(places).map(|k| potential(n, region[k as usize], digit, true)))
            {
                agreements.regions[r] |= 1 << (digit - 1);
                any = true;
            }
        }
    }
    any.then_some(agreements)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The graph of `edges` over `nodes` nodes, as `starts` and `links`.
    fn graph(nodes: usize, edges: &[(u32, u32)]) -> (Vec<u32>, Vec<u32>) {
        let mut starts = vec![0];
        let mut links = Vec::new();
        for i in 0..nodes as u32 {
            links.extend(edges.iter().filter(|e| e.0 == i).map(|e| e.1));
            starts.push(links.len() as u32);
        }
        (starts, links)
    }

    /// Whether `i` reaches `i ^ 1`, by a plain depth-first search.
    fn slow(starts: &[u32], links: &[u32], i: usize) -> bool {
        let mut seen = vec![false; starts.len() - 1];
        let mut todo = vec![i];
        while let Some(v) = todo.pop() {
            for &to in &links[starts[v] as usize..starts[v + 1] as usize] {
                if to as usize == i ^ 1 {
                    return true;
                }
                if !std::mem::replace(&mut seen[to as usize], true) {
                    todo.push(to as usize);
                }
            }
        }
        false
    }

    #[test]
    fn nodes_reaching_their_negation_through_cycles_and_chains() {
        // 0 -> 2 -> 4 -> 2 (a cycle) -> 1: 0 reaches 1, so do 2 and 4 (not their negations);
        // 3 <-> 5 (a cycle) and 5 -> 7 -> 6 -> 7: 6 reaches 7 and 7 reaches 6.
        let edges = [(0, 2), (2, 4), (4, 2), (4, 1), (3, 5), (5, 3), (5, 7), (7, 6), (6, 7)];
        let (starts, links) = graph(10, &edges);
        let mut out = Vec::new();
        let mut reach = Reach::default();
        reach.negations(&starts, &links, &mut out);
        let expected: Vec<bool> = (0..10).map(|i| slow(&starts, &links, i)).collect();
        assert_eq!(out, expected);
        assert_eq!(out, [true, false, false, false, false, false, true, true, false, false]);
        // The scratch is reused: a second, larger graph of 160 pseudo-random links.
        let mut state = 37u64;
        let mut next = || {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            ((state >> 33) % 98) as u32
        };
        let edges: Vec<(u32, u32)> = (0..160).map(|_| (next(), next())).collect();
        let (starts, links) = graph(98, &edges);
        reach.negations(&starts, &links, &mut out);
        let expected: Vec<bool> = (0..98).map(|i| slow(&starts, &links, i)).collect();
        assert_eq!(out, expected);
        assert!(out.iter().any(|&b| b) && out.iter().any(|&b| !b));
    }
}
