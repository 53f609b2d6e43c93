//! Forcing chains of strong and weak links, as Sudoku Explainer's "forcing chains" find them:
//! assume a candidate true (or false) and follow what must follow, until the assumption
//! contradicts itself. A candidate that is on turns off every other candidate of its cell (a
//! Y-link) and the same digit in every region it shares (an X-link); a candidate that is off
//! turns on the other candidate of a bivalue cell (Y) and the other place of its digit in a
//! region where only two are left (X). If "r1c2 is 5" leads to "r1c2 is not 5", 5 goes from
//! r1c2; if "r1c2 is not 5" leads to "r1c2 is 5", r1c2 keeps only 5.
//!
//! X-chains use X-links alone (one digit: turbot fish, skyscrapers, kites, colouring); XY-chains
//! use both (XY-chains, W-wings, AICs). The search is breadth first from every candidate, so
//! each chain is a shortest one, and the step taken is the cheapest on SE's scale: 6.6 for an
//! X-chain, 7.0 with Y-links, plus [`chain_length_extra`] of the chain's nodes less two.
//! SE's cycles (from 6.5, [`cycles`](super::cycles)) are searched beside them.

use super::bits::{bits, two_bits};
use super::candidates::Candidates;
use super::implications::potential;
use super::reach::Reach;
use super::scale::{chain_length_extra, Tenths};
use super::{text, Step, Technique, TechniqueKind};
use crate::grid::{Cell, Digit};
use crate::variant::Variant;

/// The cheapest forcing chain (X-chains first, then with Y-links).
pub(super) struct ForcingChain;

impl Technique for ForcingChain {
    fn kind(&self) -> TechniqueKind {
        TechniqueKind::ForcingChain
    }

    fn find(&self, candidates: &Candidates, variant: &Variant) -> Option<Step> {
        let _ = variant;
        cheapest(candidates).map(|(step, _)| step)
    }
}

/// A node: a candidate (cell, digit) and whether the chain makes it true.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Node {
    cell: Cell,
    digit: Digit,
    on: bool,
}

/// A chain found: its nodes from the assumption to its negation, and whether it uses Y-links.
struct Chain {
    nodes: Vec<Node>,
    xy: bool,
}

impl Chain {
    /// Its price on SE's scale.
    fn price(&self) -> Tenths {
        let base = if self.xy { 70 } else { 66 };
        base + chain_length_extra(self.nodes.len() - 2)
    }
}

/// The cheapest step of SE's "forcing chains and cycles" in this position and its price: the
/// cheapest chain, unless a [cycle](super::cycles) is cheaper (or as cheap and shorter).
pub(super) fn cheapest(candidates: &Candidates) -> Option<(Step, Tenths)> {
    // A cycle's elimination is also the end of a chain from it round the loop: without a
    // chain there is no cycle to look for.
    let (chain, components) = cheapest_chain(candidates)?;
    let bound = Some((chain.1, chain.2));
    match super::cycles::cheapest(candidates, bound, &components) {
        Some((step, price, _)) => Some((step, price)),
        None => Some((chain.0, chain.1)),
    }
}

/// The cheapest chain of this position with its price and length: every candidate of a cell
/// with two or more, assumed on and assumed off, X-links first; Y-links only while they could
/// still be cheaper (an XY-chain costs at least 7.0). With it, the graphs' [`Components`]
/// (`u32::MAX`: none), for the cycles.
fn cheapest_chain(candidates: &Candidates) -> Option<((Step, Tenths, usize), Components)> {
    let mut search = Search::new(candidates);
    // Y-links only add links: where no node reaches its negation with them (most positions
    // past this rung), none does without, and the X-links' graph is never built.
    search.build(true);
    if !search.chained.contains(&true) {
        return None;
    }
    let mut best: Option<Chain> = None;
    for xy in [false, true] {
        if xy && best.as_ref().is_some_and(|b| b.price() <= 70) {
            break;
        }
        search.build(xy);
        for cell in 0..candidates.masks().len() {
            let mask = candidates.candidates(cell);
            if mask & mask.wrapping_sub(1) == 0 {
                continue;
            }
            for d in bits(mask) {
                for on in [true, false] {
                    let source = Node { cell, digit: d as Digit + 1, on };
                    if !search.chained[search.index(source) as usize] {
                        continue;
                    }
                    if let Some(chain) = search.run(source, xy, limit(best.as_ref(), xy)) {
                        let better = best.as_ref().is_none_or(|b| {
                            (chain.price(), chain.nodes.len()) < (b.price(), b.nodes.len())
                        });
                        if better {
                            best = Some(chain);
                        }
                    }
                }
            }
        }
    }
    let components = std::mem::take(&mut search.components);
    best.map(|chain| {
        let n = candidates.size();
        let nodes: Vec<_> =
            chain.nodes.iter().map(|v| potential(n, v.cell, v.digit, v.on)).collect();
        let step = text::chain_step(candidates, &nodes, chain.xy);
        ((step, chain.price(), chain.nodes.len()), components)
    })
}

/// The links of SE's static chains with Y-links, node `i` (numbered as
/// [`potential`](super::implications::potential) numbers potentials) linking to
/// `links[starts[i]..starts[i + 1]]`: what [`multiple`](super::multiple)'s static runs follow.
pub(super) fn xy_links(candidates: &Candidates) -> (Vec<u32>, Vec<u32>) {
    let mut search = Search::new(candidates);
    search.link(true);
    (search.starts, search.links)
}

/// The fewest nodes a chain (with Y-links or not) needs to cost no less than `best`: only
/// shorter ones could be taken instead.
fn limit(best: Option<&Chain>, xy: bool) -> usize {
    let Some(best) = best else { return usize::MAX };
    let base = if xy { 70 } else { 66 };
    let mut nodes = 2;
    while (base + chain_length_extra(nodes - 2), nodes) < (best.price(), best.nodes.len()) {
        nodes += 1;
    }
    nodes
}

/// The strongly connected components of the graphs without and with Y-links, by node.
type Components = [Vec<u32>; 2];

/// A graph of links kept aside: with Y-links or not, `starts`, `links` and `chained`.
type Graph = (bool, Vec<u32>, Vec<u32>, Vec<bool>);

/// Breadth-first search over (cell, digit, on/off), reusing its buffers between sources.
struct Search<'c> {
    candidates: &'c Candidates,
    size: usize,
    /// The node each node was reached from (`u32::MAX`: not reached), by node index.
    parent: Vec<u32>,
    /// The nodes reached in this run, in the order found: the breadth-first queue, and what
    /// to reset.
    touched: Vec<u32>,
    /// The links of the kind last searched (with Y-links or not), built once for every
    /// source: node `i` implies `links[starts[i]..starts[i + 1]]`, in `follow`'s order.
    graph: Option<bool>,
    starts: Vec<u32>,
    links: Vec<u32>,
    /// Per node, whether it reaches its negation in those links: whether a search from it
    /// finds a chain.
    chained: Vec<bool>,
    /// The other kind's graph, if built: `(xy, starts, links, chained)`.
    spare: Option<Graph>,
    reach: Reach,
    /// The strongly connected components of each graph built, without Y-links and with.
    components: Components,
}

impl<'c> Search<'c> {
    fn new(candidates: &'c Candidates) -> Search<'c> {
        let size = candidates.size();
        let nodes = candidates.masks().len() * size * 2;
        Search {
            candidates,
            size,
            parent: vec![u32::MAX; nodes],
            touched: Vec::new(),
            graph: None,
            starts: Vec::new(),
            links: Vec::new(),
            chained: Vec::new(),
            spare: None,
            reach: Reach::default(),
            components: [Vec::new(), Vec::new()],
        }
    }

    /// Builds the links with Y-links (`xy`) or without, unless built (the graph of the other
    /// kind is kept aside, for the search's one switch back).
    fn build(&mut self, xy: bool) {
        if self.graph == Some(xy) {
            return;
        }
        let spare = self.spare.take();
        if let Some(graph) = self.graph {
            let starts = std::mem::take(&mut self.starts);
            let links = std::mem::take(&mut self.links);
            self.spare = Some((graph, starts, links, std::mem::take(&mut self.chained)));
        }
        self.graph = Some(xy);
        if let Some((_, starts, links, chained)) = spare.filter(|s| s.0 == xy) {
            (self.starts, self.links, self.chained) = (starts, links, chained);
            return;
        }
        self.link(xy);
        self.reach.negations(&self.starts, &self.links, &mut self.chained);
        let components = &mut self.components[usize::from(xy)];
        components.clear();
        components.extend_from_slice(self.reach.component());
    }

    /// Fills `starts` and `links` with Y-links (`xy`) or without: what each node forces at
    /// once, in SE's order (a node once where a cell shares two regions with it).
    fn link(&mut self, xy: bool) {
        self.starts.clear();
        self.links.clear();
        self.starts.push(0);
        let candidates = self.candidates;
        let geometry = candidates.geometry();
        let size = self.size;
        let index =
            |cell: Cell, d: usize, on: bool| ((cell * size + d) * 2 + usize::from(on)) as u32;
        let links = &mut self.links;
        // `linked[j] == i`: node `i` links to `j` already.
        let mut linked = vec![u32::MAX; self.parent.len()];
        let mut add = |links: &mut Vec<u32>, i: u32, j: u32| {
            if linked[j as usize] != i {
                linked[j as usize] = i;
                links.push(j);
            }
        };
        // Nodes in index order: by cell, digit, then off before on.
        for cell in 0..candidates.masks().len() {
            let mask = candidates.candidates(cell);
            for d in 0..size {
                let (bit, digit) = (1u64 << d, d as Digit + 1);
                if mask & bit == 0 {
                    self.starts.extend([links.len() as u32; 2]);
                    continue;
                }
                // Off: the other candidate of a bivalue cell (Y), the other place of the
                // digit in a region with two (X).
                let i = index(cell, d, false);
                if xy && two_bits(mask) {
                    add(links, i, index(cell, (mask & !bit).trailing_zeros() as usize, true));
                }
                for &(r, _) in geometry.members(cell) {
                    let places = candidates.positions(r as usize, digit);
                    if two_bits(places) {
                        let region = geometry.region(r as usize);
                        for other in bits(places).map(|k| region[k as usize]) {
                            if other != cell {
                                add(links, i, index(other, d, true));
                            }
                        }
                    }
                }
                self.starts.push(links.len() as u32);
                // On: the cell's other candidates (Y), the digit's other places in the cell's
                // regions (X).
                let i = index(cell, d, true);
                if xy {
                    for other in bits(mask & !bit) {
                        add(links, i, index(cell, other as usize, false));
                    }
                }
                for &(r, _) in geometry.members(cell) {
                    let region = geometry.region(r as usize);
                    for k in bits(candidates.positions(r as usize, digit)) {
                        let other = region[k as usize];
                        if other != cell {
                            add(links, i, index(other, d, false));
                        }
                    }
                }
                self.starts.push(links.len() as u32);
            }
        }
    }

    fn index(&self, node: Node) -> u32 {
        ((node.cell * self.size + usize::from(node.digit) - 1) * 2 + usize::from(node.on)) as u32
    }

    fn node(&self, index: u32) -> Node {
        let index = index as usize;
        let on = index % 2 == 1;
        let digit = (index / 2 % self.size + 1) as Digit;
        Node { cell: index / 2 / self.size, digit, on }
    }

    /// The shortest chain from `source` to its negation with fewer than `limit` nodes, if any.
    fn run(&mut self, source: Node, xy: bool, limit: usize) -> Option<Chain> {
        for &i in &self.touched {
            self.parent[i as usize] = u32::MAX;
        }
        self.touched.clear();
        let start = self.index(source);
        let target = self.index(Node { on: !source.on, ..source });
        self.parent[start as usize] = start;
        self.touched.push(start);
        self.build(xy);
        // Nodes of depth `depth` (the source is 1) end at `level_end` in the queue.
        let (mut head, mut depth, mut level_end) = (0, 1, 1);
        while head < self.touched.len() {
            if head == level_end {
                depth += 1;
                level_end = self.touched.len();
            }
            if depth + 1 >= limit {
                return None;
            }
            let at = self.touched[head];
            head += 1;
            let (from, to) = (self.starts[at as usize], self.starts[at as usize + 1]);
            for k in from..to {
                let i = self.links[k as usize];
                if i == target {
                    self.parent[i as usize] = at;
                    return Some(self.chain(start, target, xy));
                }
                if self.parent[i as usize] == u32::MAX {
                    self.parent[i as usize] = at;
                    self.touched.push(i);
                }
            }
        }
        None
    }

    /// The chain from `start` to `target` by the recorded parents.
    fn chain(&mut self, start: u32, target: u32, xy: bool) -> Chain {
        let mut nodes = vec![self.node(target)];
        let mut at = target;
        while at != start {
            at = self.parent[at as usize];
            nodes.push(self.node(at));
        }
        self.parent[target as usize] = u32::MAX;
        nodes.reverse();
        Chain { nodes, xy }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{blank, cells, confine};
    use super::*;

    #[test]
    fn a_skyscraper_is_a_six_node_x_chain_at_6_6() {
        let variant = Variant::standard(9).unwrap();
        let mut candidates = blank(&variant);
        let row = |r: usize| variant.regions()[r].cells.clone();
        // 1 only at r1c1, r1c4 in row 1 and at r4c1, r4c6 in row 4: one of r1c4, r4c6 is 1.
        confine(&mut candidates, &row(0), &cells(9, "r1c1 r1c4"), 1);
        confine(&mut candidates, &row(3), &cells(9, "r4c1 r4c6"), 1);
        let (step, price) = cheapest(&candidates).expect("a chain");
        assert_eq!(price, 66, "{step}");
        let seeing_both = cells(9, "r2c6 r3c6 r5c4 r6c4");
        assert_eq!(step.eliminations.len(), 1);
        assert!(
            step.eliminations.iter().all(|&(c, d)| d == 1 && seeing_both.contains(&c)),
            "{step}"
        );
        assert!(step.explanation.starts_with("forcing X-chain: if "), "{step}");
        assert!(step.explanation.contains(": a contradiction, so 1 removed from r"), "{step}");
        assert_eq!(ForcingChain.find(&candidates, &variant), Some(step));
        // Without the second strong link there is no chain.
        let mut loose = blank(&variant);
        confine(&mut loose, &row(0), &cells(9, "r1c1 r1c4"), 1);
        assert!(cheapest(&loose).is_none());
    }

    #[test]
    fn a_w_wing_needs_y_links_and_costs_7_1() {
        let variant = Variant::standard(9).unwrap();
        let mut candidates = blank(&variant);
        let keep = |c: &mut Candidates, name: &str, digits: &[Digit]| {
            super::super::testing::keep(c, cells(9, name)[0], digits);
        };
        // r1c1 and r9c9 hold {2, 7}; 7 in column 5 only at r1c5 and r9c5 (a strong link).
        keep(&mut candidates, "r1c1", &[2, 7]);
        keep(&mut candidates, "r9c9", &[2, 7]);
        let column5 = variant.regions()[9 + 4].cells.clone();
        confine(&mut candidates, &column5, &cells(9, "r1c5 r9c5"), 7);
        let (step, price) = cheapest(&candidates).expect("a chain");
        // Either r1c1 or r9c9 is 2: r1c9 and r9c1 lose 2 (an 8-node XY-chain).
        assert_eq!(price, 71, "{step}");
        assert!(step.explanation.starts_with("forcing XY-chain: if "), "{step}");
        let corners = cells(9, "r1c9 r9c1");
        assert!(step.eliminations.iter().all(|&(c, d)| d == 2 && corners.contains(&c)), "{step}");
    }
}
