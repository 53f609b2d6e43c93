//! Splitting a search tree into subtrees that partition its solutions: to a fixed depth, or
//! into pieces of about equal estimated work for [`balance`] to pack into parts.

mod cover;
mod part;

pub use self::part::{Part, SplitError};

use std::{cmp::Ordering, collections::BinaryHeap};

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::Solver;
use crate::explore::Explore;
use crate::ids::OptionId;
use crate::matrix::{with_mode, Mode, COVERED};
use crate::search::estimate::Estimate;
use crate::search::Heuristic;
use crate::stats::Stats;
use crate::subproblem::{PathError, Share, Subproblem};

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

/// What is below a node.
enum Below {
    /// The node is a solution.
    Solution,
    /// The node has no options for the item the search would choose.
    DeadEnd,
    /// Its children, in search order.
    Children(Vec<Subproblem>),
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
        let mut stack = vec![Subproblem::root()];
        while let Some(node) = stack.pop() {
            let node = subtree(node);
            if node.path().len() >= depth {
                pieces.push(Piece { subproblem: node, estimate: None });
                continue;
            }
            match self.expand(&node) {
                Below::Solution => pieces.push(Piece { subproblem: node, estimate: None }),
                Below::DeadEnd => {}
                Below::Children(children) => stack.extend(children.into_iter().rev()),
            }
        }
        Split { pieces, stats: since(self.stats, before), sampled: 0 }
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
        let whole = self
            .estimate_below(&Subproblem::root(), samples, &mut random_below)
            .unwrap_or_else(|error| panic!("{error}"));
        let mut sampled = whole.walked();
        let path = whole.walked() as f64 / whole.samples().max(1) as f64;
        let affordable = SAMPLING * whole.nodes() / (pieces.max(1) as f64 * path.max(1.0));
        // A float from a product of counts; truncated to a whole number of paths on purpose.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let samples = (affordable as u64).clamp(4, samples.max(4));
        let mut open = BinaryHeap::new();
        let mut leaves = Vec::new();
        open.push(ByWork(Piece { subproblem: Subproblem::root(), estimate: None }, f64::INFINITY));
        // The estimated work of the open pieces, the root's aside.
        let mut open_work = 0.0;
        let mut extra = 0;
        while let Some(ByWork(_, heaviest)) = open.peek() {
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
            let Some(ByWork(piece, work)) = open.pop() else { break };
            if work.is_finite() {
                open_work -= work;
            }
            let node = subtree(piece.subproblem.clone());
            match self.expand(&node) {
                Below::Solution => leaves.push(piece),
                Below::DeadEnd => {}
                Below::Children(children) => {
                    for child in children {
                        let estimate = self
                            .estimate_below(&child, samples, &mut random_below)
                            .expect("a child made by the search is in its tree");
                        sampled += estimate.walked();
                        let piece = Piece { subproblem: child, estimate: Some(estimate) };
                        let work = piece.work();
                        open_work += work;
                        open.push(ByWork(piece, work));
                    }
                }
            }
        }
        let mut pieces: Vec<Piece> = open.into_iter().map(|entry| entry.0).chain(leaves).collect();
        pieces.sort_by(|a, b| a.from().total_cmp(&b.from()));
        Split { pieces, stats: since(self.stats, before), sampled }
    }

    /// Enters the node `at` leads to as the search would, counting it, and lists its children.
    fn expand(&mut self, at: &Subproblem) -> Below {
        let mut branches = Vec::new();
        self.enter(at).expect("a piece made by the search is in its tree");
        self.position(&mut branches);
        let share = crate::subproblem::share_of(&branches, at.path().len());
        let below = with_mode!(self.matrix, M => self.children::<M>(at.path(), share));
        self.restart();
        below
    }

    fn children<M: Mode>(&mut self, path: &[OptionId], share: Share) -> Below {
        let chosen = match self.heuristic {
            Heuristic::Mrv => self.matrix.choose_mrv::<M>(),
            Heuristic::First => self.matrix.choose_first(),
        };
        // A solution is left for the piece's own search to count.
        let Some(item) = chosen else { return Below::Solution };
        // Entering the node counts it, and the updates of the option that led to it.
        self.stats.nodes += 1;
        self.stats.updates += std::mem::take(&mut self.pending);
        let count = self.matrix.len[item as usize] & !COVERED;
        if count == 0 {
            self.stats.updates += 1;
            return Below::DeadEnd;
        }
        self.stats.updates += self.matrix.cover::<M>(item);
        let width = (share.to - share.from) / f64::from(count);
        let mut children = Vec::with_capacity(count as usize);
        let mut choice = self.matrix.nodes[item as usize].down;
        // The children's own updates are counted by the searches that enter them.
        while choice != item {
            let mut child = path.to_vec();
            child.push(OptionId::from_u32(self.matrix.option_of(choice)));
            let from = share.from + width * children.len() as f64;
            children.push(Subproblem::subtree(child).with_share(Share { from, to: from + width }));
            choice = self.matrix.nodes[choice as usize].down;
        }
        self.matrix.uncover::<M>(item);
        self.stats.max_depth = self.stats.max_depth.max(self.level as u32 + 1);
        Below::Children(children)
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

/// A piece ordered by its work, for the heap; ties go to the earlier piece in search order.
struct ByWork(Piece, f64);

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
