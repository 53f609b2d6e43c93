//! Checking that the parts of a split cover the tree exactly: every subproblem a subtree of
//! it, none below or equal to another, and every node outside them a dead end (which a split
//! leaves out: it has no solutions) or above one of them.

use std::collections::{HashMap, HashSet};

use super::{Below, Part, SplitError};
use crate::explore::Explore;
use crate::ids::OptionId;
use crate::search::Solver;
use crate::subproblem::Subproblem;

impl Solver<'_> {
    /// Checks that `parts` are one whole split ([`Part::check_set`]) of this solver's tree,
    /// whose subproblems partition its solutions: each is a subtree of the tree, none is below
    /// (or the same as) another, and the nodes outside them are dead ends or above them. So
    /// the parts' counts add up to the tree's, no solution counted twice or lost.
    ///
    /// The check walks the tree above the subproblems, as the split did, with a fork of this
    /// solver (its counters are left alone).
    ///
    /// # Errors
    /// The first thing found wrong.
    pub fn check_split(&self, parts: &[Part]) -> Result<(), SplitError> {
        let fingerprint = self.fingerprint();
        if let Some(index) = parts.iter().position(|part| part.fingerprint != fingerprint) {
            return Err(SplitError::Fingerprint { index });
        }
        Part::check_set(parts)?;
        let mut solver = self.fork();
        let mut pieces: HashMap<&[OptionId], (usize, usize)> = HashMap::new();
        let mut above: HashSet<&[OptionId]> = HashSet::new();
        for (index, part) in parts.iter().enumerate() {
            for (k, subproblem) in part.subproblems.iter().enumerate() {
                if !subproblem.is_subtree() {
                    return Err(SplitError::NotSubtree { index, subproblem: k });
                }
                let path = subproblem.path();
                if let Some(&first) = pieces.get(path) {
                    return Err(SplitError::Overlap { first, second: (index, k) });
                }
                pieces.insert(path, (index, k));
                above.extend((0..path.len()).map(|depth| &path[..depth]));
            }
        }
        if let Some((path, &first)) = pieces.iter().find(|(path, _)| above.contains(*path)) {
            let below = pieces
                .iter()
                .find(|(other, _)| other.len() > path.len() && other.starts_with(path));
            let second = below.map_or(first, |(_, &second)| second);
            return Err(SplitError::Overlap { first, second });
        }
        // Down from the root, through the nodes above the subproblems only: each is entered
        // once, from its parent's list of children (entering each subproblem on its own would
        // replay its whole path: on a split of pentominoes into 1000 parts, 10 times the work).
        let mut reached = 0;
        let mut stack = vec![Vec::new()];
        while let Some(path) = stack.pop() {
            if pieces.contains_key(&path[..]) {
                reached += 1;
                continue;
            }
            let inside = above.contains(&path[..]);
            let node = Subproblem::subtree(path);
            match solver.expand(&node) {
                Below::DeadEnd if !inside => {}
                Below::Children(children) if inside => {
                    stack.extend(children.iter().rev().map(|child| child.path().to_vec()));
                }
                below => {
                    let path = node.path().iter().map(|option| option.as_u32()).collect();
                    let solution = matches!(below, Below::Solution);
                    return Err(SplitError::Uncovered { path, solution });
                }
            }
        }
        if reached < pieces.len() {
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
