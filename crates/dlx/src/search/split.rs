//! Splitting a search tree into subtrees that partition its solutions: to a fixed depth, or
//! into pieces of about equal estimated work for [`balance`] to pack into parts.

mod cover;
mod expand;
mod part;

pub use self::part::{Part, SplitError};

use std::{cmp::Ordering, collections::BinaryHeap};

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use self::expand::Below;
use super::Solver;
use crate::search::estimate::Estimate;
use crate::stats::Stats;
use crate::subproblem::{PathError, Subproblem};

/// The most of a tree's nodes (as a fraction) that a [`Solver::split`]'s estimates walk.
pub const SAMPLING: f64 = 0.02;

/// A subtree of a split and the estimate of its work.
#[derive(Clone, Debug, PartialEq)]
pub struct Piece {
    subproblem: Subproblem,
    estimate: Option<Estimate>,
}

impl Piece {
    /// The subtree.
    pub fn subproblem(&self) -> &Subproblem {
        &self.subproblem
    }

    /// Its estimate, when one was made (a depth split makes none).
    pub fn estimate(&self) -> Option<&Estimate> {
        self.estimate.as_ref()
    }

    /// The estimated updates of searching it, at least 1 (a leaf is some work too).
    fn work(&self) -> f64 {
        self.estimate.map_or(1.0, |e| e.updates().max(1.0))
    }

    fn from(&self) -> f64 {
        self.subproblem.share().map_or(0.0, |s| s.from)
    }
}

/// The pieces of a split, in search order, and what splitting cost.
#[derive(Clone, Debug, PartialEq)]
pub struct Split {
    /// The subtrees: every solution of the tree is below exactly one of them.
    pub pieces: Vec<Piece>,
    /// The nodes and updates of the tree above the pieces, counted as the search counts them:
    /// with the pieces' own counters they add up to one search of the whole tree.
    pub stats: Stats,
    /// Nodes walked by the random paths of the estimates (not part of the search).
    pub sampled: u64,
}

/// A piece found to have no solutions (its forced moves end in a dead end), which a split
/// leaves out, unless nothing else is kept below the node it came from: that node would then
/// be neither a piece, nor above one, nor a dead end, and [`Solver::check_split`] (which walks
/// the nodes above the pieces and one line of forced moves below each node outside them)
/// would find it uncovered.
struct DeadEnd {
    piece: Piece,
    /// The expansion that made it (none for the root).
    parent: Option<usize>,
    /// The nodes and updates its expansion counted, given back when it is kept: its own
    /// search counts them then.
    cost: Stats,
}

/// The nodes a split expanded, each with the expansion that made it, and which of them have
/// a piece kept below.
#[derive(Default)]
struct Expanded {
    parents: Vec<Option<usize>>,
    kept_below: Vec<bool>,
}

impl Expanded {
    /// Records an expansion of a piece made by `parent`; returns its number.
    fn add(&mut self, parent: Option<usize>) -> usize {
        self.parents.push(parent);
        self.kept_below.push(false);
        self.parents.len() - 1
    }

    /// Marks the expansion `from` and those above it as having a piece kept below, stopping at
    /// the first marked already: linear in the expansions over a whole split.
    fn keep_below(&mut self, mut from: Option<usize>) {
        while let Some(k) = from {
            if self.kept_below[k] {
                break;
            }
            self.kept_below[k] = true;
            from = self.parents[k];
        }
    }

    /// The dead ends to keep as pieces: one below each expansion with nothing else kept below
    /// it, once the pieces kept (made by `kept`) are marked. Gives back their counts to `stats`.
    fn dead_ends_to_keep(
        &mut self,
        kept: impl Iterator<Item = Option<usize>>,
        dead_ends: Vec<DeadEnd>,
        stats: &mut Stats,
    ) -> Vec<Piece> {
        for parent in kept {
            self.keep_below(parent);
        }
        let mut pieces = Vec::new();
        for dead_end in dead_ends {
            if dead_end.parent.is_some_and(|k| self.kept_below[k]) {
                continue;
            }
            self.keep_below(dead_end.parent);
            stats.nodes -= dead_end.cost.nodes;
            stats.updates -= dead_end.cost.updates;
            pieces.push(dead_end.piece);
        }
        pieces
    }
}

impl Solver<'_> {
    /// Splits the tree at depth `depth`: its nodes there, and the solutions above it. Dead ends
    /// above it are left out (they have no solutions).
    ///
    /// # Panics
    /// If the problem has multiplicities ([`PathError::Multiplicities`]).
    pub fn split_at_depth(&mut self, depth: usize) -> Split {
        assert!(!self.problem.has_multiplicities(), "{}", PathError::Multiplicities);
        let before = self.stats;
        let mut pieces = Vec::new();
        let (mut expanded, mut kept, mut dead_ends) = (Expanded::default(), Vec::new(), Vec::new());
        let mut stack = vec![(Subproblem::root(), None)];
        while let Some((node, parent)) = stack.pop() {
            let node = subtree(node);
            if node.path().len() >= depth {
                kept.push(parent);
                pieces.push(Piece { subproblem: node, estimate: None });
                continue;
            }
            let counted = self.stats;
            // One level at a time: a piece at the depth asked for may be below a forced move.
            match self.expand(&node, &mut |_| false).below {
                Below::Solution => {
                    kept.push(parent);
                    pieces.push(Piece { subproblem: node, estimate: None });
                }
                Below::DeadEnd => {
                    let cost = since(self.stats, counted);
                    let piece = Piece { subproblem: node, estimate: None };
                    dead_ends.push(DeadEnd { piece, parent, cost });
                }
                Below::Children(children) => {
                    let made = Some(expanded.add(parent));
                    stack.extend(children.into_iter().rev().map(|child| (child, made)));
                }
            }
        }
        let mut stats = since(self.stats, before);
        pieces.extend(expanded.dead_ends_to_keep(kept.into_iter(), dead_ends, &mut stats));
        pieces.sort_by(|a, b| a.from().total_cmp(&b.from()));
        Split { pieces, stats, sampled: 0 }
    }

    /// Splits the tree into at least `pieces` subtrees (fewer only when the tree has fewer
    /// leaves), always expanding the piece with the most estimated work, each estimated from
    /// up to `samples` random paths; the same seed gives the same split. Past `pieces`, a
    /// piece estimated at over 8 times the average work of `pieces` is split again (at most
    /// `pieces` more times), so that [`balance`] can pack the pieces into parts of about equal
    /// work.
    ///
    /// The random paths of all the pieces' estimates walk at most about [`SAMPLING`] of the
    /// tree's nodes, as `samples` paths from the root estimate it (but at least 4 paths a
    /// piece): on a small tree, fewer paths a piece; on a large one, `samples`.
    ///
    /// # Panics
    /// If the problem has multiplicities ([`PathError::Multiplicities`]).
    pub fn split(&mut self, pieces: usize, samples: u64, seed: u64) -> Split {
        let before = self.stats;
        let mut random = ChaCha8Rng::seed_from_u64(seed);
        let mut random_below = |k: usize| random.random_range(0..k);
        // Paths that have walked more nodes than the tree holds say all there is to say: on a
        // line of forced moves (a chain of 200 001 items), the 256 paths asked for would walk
        // the whole tree 256 times, where searching it once is the split's work.
        let walked_the_tree = |estimate: &Estimate| {
            estimate.samples() >= 4 && estimate.walked() as f64 > estimate.nodes()
        };
        let whole = self
            .estimate_until(&Subproblem::root(), samples, &mut random_below, &walked_the_tree)
            .unwrap_or_else(|error| panic!("{error}"));
        let mut sampled = whole.walked();
        let path = whole.walked() as f64 / whole.samples().max(1) as f64;
        let affordable = SAMPLING * whole.nodes() / (pieces.max(1) as f64 * path.max(1.0));
        // A float from a product of counts; truncated to a whole number of paths on purpose.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let samples = (affordable as u64).clamp(4, samples.max(4));
        let mut open = BinaryHeap::new();
        let mut leaves = Vec::new();
        let (mut expanded, mut dead_ends) = (Expanded::default(), Vec::new());
        let root = Piece { subproblem: Subproblem::root(), estimate: Some(whole) };
        open.push(ByWork(root, f64::INFINITY, None));
        // The estimated work of the open pieces, the root's aside.
        let mut open_work = 0.0;
        let mut extra = 0;
        while let Some(ByWork(_, heaviest, _)) = open.peek() {
            let count = open.len() + leaves.len();
            // Past the count asked for, a piece of over 8 times the average work of `pieces`
            // is split on (up to as many more times): an estimate from a few paths can be an
            // outlier, and one piece that outweighs a part (of a few pieces, as `dlx split`
            // packs them) leaves the parts unequal. On pentominoes 6x10 split for 64 parts,
            // without this 1 seed in 3 gave parts of 1.3 to 9 times one another's work.
            let share = open_work / pieces as f64;
            if count >= pieces && (extra == pieces || *heaviest <= 8.0 * share) {
                break;
            }
            extra += usize::from(count >= pieces);
            let Some(ByWork(piece, work, parent)) = open.pop() else { break };
            if work.is_finite() {
                open_work -= work;
            }
            let node = subtree(piece.subproblem.clone());
            let counted = self.stats;
            // Down the forced moves below it in one go: a line of them does not add pieces,
            // and expanding it a node at a time would replay the path from the root at each.
            match self.expand(&node, &mut |_| true).below {
                Below::Solution => {
                    // Its own search counts the forced moves above the solution, and it.
                    self.stats = counted;
                    leaves.push((piece, parent));
                }
                Below::DeadEnd => {
                    let cost = since(self.stats, counted);
                    dead_ends.push(DeadEnd { piece, parent, cost });
                }
                Below::Children(children) => {
                    let made = Some(expanded.add(parent));
                    for child in children {
                        let estimate = self
                            .estimate_below(&child, samples, &mut random_below)
                            .expect("a child made by the search is in its tree");
                        sampled += estimate.walked();
                        let piece = Piece { subproblem: child, estimate: Some(estimate) };
                        let work = piece.work();
                        open_work += work;
                        open.push(ByWork(piece, work, made));
                    }
                }
            }
        }
        let mut stats = since(self.stats, before);
        let kept = open.iter().map(|entry| entry.2).chain(leaves.iter().map(|leaf| leaf.1));
        let kept_dead_ends = expanded.dead_ends_to_keep(kept, dead_ends, &mut stats);
        let mut pieces: Vec<Piece> = open
            .into_iter()
            .map(|entry| entry.0)
            .chain(leaves.into_iter().map(|leaf| leaf.0))
            .chain(kept_dead_ends)
            .collect();
        pieces.sort_by(|a, b| a.from().total_cmp(&b.from()));
        Split { pieces, stats, sampled }
    }
}

/// Packs `pieces` into `parts` lists of about equal estimated work: the largest piece first,
/// each into the part with the least work so far (Graham's LPT rule, within 4/3 of the best
/// packing). Each part lists its pieces in search order. Parts may be empty when there are
/// fewer pieces than parts.
pub fn balance(pieces: &[Piece], parts: usize) -> Vec<Vec<Subproblem>> {
    let packed = pack(pieces, parts);
    let subproblems = |part: Vec<usize>| part.into_iter().map(|k| pieces[k].subproblem.clone());
    packed.into_iter().map(|part| subproblems(part).collect()).collect()
}

/// [`balance`], as the pieces' indices.
fn pack(pieces: &[Piece], parts: usize) -> Vec<Vec<usize>> {
    let parts = parts.max(1);
    let mut order: Vec<usize> = (0..pieces.len()).collect();
    let (work, from) = (|k: usize| pieces[k].work(), |k: usize| pieces[k].from());
    order.sort_by(|&a, &b| work(b).total_cmp(&work(a)).then(from(a).total_cmp(&from(b))));
    // The lightest part first, by work then number: a heap of (work, part) would do the same
    // in O(log parts); parts are few (thousands at most), so a scan is plenty.
    let mut loads = vec![0.0f64; parts];
    let mut packed: Vec<Vec<usize>> = vec![Vec::new(); parts];
    for piece in order {
        let lightest = (0..parts).min_by(|&a, &b| loads[a].total_cmp(&loads[b])).unwrap_or(0);
        loads[lightest] += work(piece);
        packed[lightest].push(piece);
    }
    for part in &mut packed {
        part.sort_by(|&a, &b| from(a).total_cmp(&from(b)));
    }
    packed
}

/// A piece ordered by its work, for the heap (ties go to the earlier piece in search order),
/// with the expansion that made it.
struct ByWork(Piece, f64, Option<usize>);

impl PartialEq for ByWork {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for ByWork {}

impl PartialOrd for ByWork {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for ByWork {
    fn cmp(&self, other: &Self) -> Ordering {
        self.1.total_cmp(&other.1).then(other.0.from().total_cmp(&self.0.from()))
    }
}

/// The subtree below `node`'s path, keeping its share.
fn subtree(node: Subproblem) -> Subproblem {
    if node.is_subtree() {
        return node;
    }
    let share = node.share();
    let tree = Subproblem::subtree(node.path().to_vec());
    match share {
        Some(share) => tree.with_share(share),
        None => tree,
    }
}

fn since(now: Stats, before: Stats) -> Stats {
    Stats::from_counts(
        now.nodes - before.nodes,
        now.updates - before.updates,
        now.solutions - before.solutions,
        now.max_depth,
    )
}
