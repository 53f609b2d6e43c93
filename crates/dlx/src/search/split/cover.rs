//! Checking that the parts of a split cover the tree exactly: every subproblem a subtree of
//! it, none below or equal to another, and every node outside them above one of them, or a
//! node whose forced moves end in a dead end (which a split leaves out: it has no solutions).

use std::collections::HashMap;

use super::expand::Below;
use super::{Part, SplitError};
use crate::explore::Explore;
use crate::ids::OptionId;
use crate::search::Solver;
use crate::subproblem::Subproblem;

/// The subproblems' paths as a tree of their options, so that the walk down the search tree
/// tells in one look whether a node is a subproblem, above one, or outside them all, whatever
/// the depth (a set of every path's prefixes would take the square of a deep path's length).
struct Paths {
    /// The child of a node by the option leading to it; node 0 is the root.
    edges: HashMap<(usize, OptionId), usize>,
    /// Per node, the subproblem it is, as (part, subproblem), if any.
    piece: Vec<Option<(usize, usize)>>,
    /// Per node, a child of it when a subproblem is below it.
    down: Vec<Option<usize>>,
}

impl Paths {
    /// The paths of `parts`' subproblems, refusing two of which one is at or below the other.
    fn of(parts: &[Part]) -> Result<Paths, SplitError> {
        let mut paths = Paths { edges: HashMap::new(), piece: vec![None], down: vec![None] };
        for (index, part) in parts.iter().enumerate() {
            for (k, subproblem) in part.subproblems.iter().enumerate() {
                if !subproblem.is_subtree() {
                    return Err(SplitError::NotSubtree { index, subproblem: k });
                }
                let mut node = 0;
                for &option in subproblem.path() {
                    if let Some(first) = paths.piece[node] {
                        return Err(SplitError::Overlap { first, second: (index, k) });
                    }
                    let fresh = paths.piece.len();
                    let child = *paths.edges.entry((node, option)).or_insert(fresh);
                    if child == fresh {
                        paths.piece.push(None);
                        paths.down.push(None);
                    }
                    paths.down[node] = Some(child);
                    node = child;
                }
                if let Some(first) = paths.piece[node] {
                    return Err(SplitError::Overlap { first, second: (index, k) });
                }
                if paths.down[node].is_some() {
                    return Err(SplitError::Overlap {
                        first: (index, k),
                        second: paths.below(node),
                    });
                }
                paths.piece[node] = Some((index, k));
            }
        }
        Ok(paths)
    }

    /// A subproblem below `node`, which is above one.
    fn below(&self, mut node: usize) -> (usize, usize) {
        loop {
            if let Some(piece) = self.piece[node] {
                return piece;
            }
            node = self.down[node].expect("a node above a subproblem has a child");
        }
    }

    /// The node of `option` below `node`, if a subproblem is there or below.
    fn child(&self, node: Option<usize>, option: OptionId) -> Option<usize> {
        self.edges.get(&(node?, option)).copied()
    }
}

impl Solver<'_> {
    /// Checks that `parts` are one whole split ([`Part::check_set`]) of this solver's tree,
    /// whose subproblems partition its solutions: each is a subtree of the tree, none is below
    /// (or the same as) another, and every node outside them is above one of them or has no
    /// solutions: a dead end, or a line of forced moves (items with one option left) ending in
    /// one, as a split leaves them out. So the parts' counts add up to the tree's, no solution
    /// counted twice or lost.
    ///
    /// The check walks the tree above the subproblems, as the split did, with a fork of this
    /// solver (its counters are left alone): the nodes above them, and one line of forced
    /// moves below each node outside them.
    ///
    /// # Errors
    /// The first thing found wrong.
    pub fn check_split(&self, parts: &[Part]) -> Result<(), SplitError> {
        let fingerprint = self.fingerprint();
        if let Some(index) = parts.iter().position(|part| part.fingerprint != fingerprint) {
            return Err(SplitError::Fingerprint { index });
        }
        Part::check_set(parts)?;
        let paths = Paths::of(parts)?;
        let count = paths.piece.iter().flatten().count();
        let mut solver = self.fork();
        // Down from the root, through the nodes above the subproblems only: each is entered
        // once, from its parent's list of children (entering each subproblem on its own would
        // replay its whole path: on a split of pentominoes into 1000 parts, 10 times the work),
        // and a line of forced moves in one go.
        let mut reached = 0;
        let mut stack = vec![(Vec::new(), Some(0))];
        while let Some((path, node)) = stack.pop() {
            if node.is_some_and(|node| paths.piece[node].is_some()) {
                reached += 1;
                continue;
            }
            let inside = node.is_some_and(|node| paths.down[node].is_some());
            let mut at = node;
            // Inside, down the forced moves that stay above the subproblems; outside, all.
            let mut descend = |option| {
                if !inside {
                    return true;
                }
                match paths.child(at, option) {
                    Some(next) if paths.piece[next].is_none() => {
                        at = Some(next);
                        true
                    }
                    _ => false,
                }
            };
            let node = Subproblem::subtree(path);
            let expansion = solver.expand(&node, &mut descend);
            match expansion.below {
                Below::DeadEnd if !inside => {}
                Below::Children(children) if inside => {
                    stack.extend(children.into_iter().rev().map(|child| {
                        let option = *child.path().last().expect("a child is below its parent");
                        (child.path().to_vec(), paths.child(at, option))
                    }));
                }
                below => {
                    let solution = matches!(below, Below::Solution);
                    let mut path: Vec<u32> = node.path().iter().map(|o| o.as_u32()).collect();
                    if solution {
                        path.extend(expansion.forced.iter().map(|o| o.as_u32()));
                    }
                    return Err(SplitError::Uncovered { path, solution });
                }
            }
        }
        if reached < count {
            // A subproblem the walk did not meet is not in the tree: entering it says why.
            for (index, part) in parts.iter().enumerate() {
                for (k, subproblem) in part.subproblems.iter().enumerate() {
                    let error = |error| SplitError::Path { index, subproblem: k, error };
                    solver.enter(subproblem).map_err(error)?;
                }
            }
        }
        Ok(())
    }
}
