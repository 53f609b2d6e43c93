//! The search loop of Algorithm M (Knuth's DLX3), for problems with multiplicities: each level
//! branches on one primary item, trying the options of its list in turn and, when the item may
//! go without more options, a last "null" branch that makes it inactive. Plain problems never
//! come here, so their node and update counts stay DLX1's.
//!
//! The comments name Knuth's steps (TAOCP 7.2.2.1, Algorithm M), as walk.rs names Algorithm
//! X's: M2 enter a level, M3 choose an item, M4 prepare to branch on it, M5 possibly tweak the
//! option tried, M6 try it, M7 try again, M8 restore the item, M9 leave the level. M1 is the
//! building of the problem.

use super::{Level, Phase, Solver};
use crate::matrix::{Matrix, Mode};
use crate::search::Heuristic;
use crate::subproblem::Branch;

impl Solver<'_> {
    /// [`advance`](Self::advance) for problems with multiplicities: searches on until `wanted`
    /// solutions, `budget` nodes or the end of the tree, and returns the solutions found.
    /// Nodes and updates are counted as DLX3 counts them: a node whose best item cannot reach
    /// its lower bound is a dead end that changes no link.
    pub(super) fn advance_bounded<M: Mode>(&mut self, wanted: u64, budget: u64) -> u64 {
        if self.phase == Phase::Done {
            return 0;
        }
        let matrix = &mut self.matrix;
        let levels = &mut self.levels[..];
        let tweaks = &mut self.tweaks[..];
        let scores = &mut self.scores[..];
        let profile = &mut self.profile[..];
        let profiling = self.profiling;
        let first = self.heuristic == Heuristic::First;
        let floor = self.floor;
        let mut level = self.level;
        let mut last = std::mem::take(&mut self.pending);
        let (mut nodes, mut updates, mut found) = (0u64, last, 0u64);
        let mut max_depth = self.stats.max_depth as usize;
        let mut going_down = self.phase == Phase::Enter;
        let phase = 'search: loop {
            if going_down {
                loop {
                    if nodes == budget {
                        break 'search Phase::Enter;
                    }
                    nodes += 1;
                    if profiling {
                        profile[level] += 1;
                    }
                    // M2: a new node (a solution when no active primary item is left); M3:
                    // choose the item, a dead end when its branching degree is 0.
                    let Some((item, score)) = matrix.choose_bounded(first) else {
                        found += 1;
                        if found == wanted {
                            break 'search Phase::Backtrack;
                        }
                        break;
                    };
                    if score <= 0 {
                        break;
                    }
                    // M4: enter the item's level: one of its options (or the null move) is chosen
                    // here, so its bound goes down; at 0 with no slack this is Algorithm X's
                    // step, otherwise the options are tweaked out one by one.
                    let choice = matrix.nodes[item as usize].down;
                    let bound = &mut matrix.bound[item as usize];
                    bound.left -= 1;
                    let plain = bound.left == 0 && bound.slack == 0;
                    if bound.left == 0 {
                        updates += matrix.cover::<M>(item);
                    }
                    levels[level] = Level { item, choice };
                    tweaks[level] = if plain { 0 } else { choice };
                    // At most the list's length plus one (the null move).
                    scores[level] = u32::try_from(score).unwrap_or(u32::MAX);
                    // M5, M6: the first branch, or M8 when there is none.
                    let Some(made) = try_choice::<M>(matrix, item, choice) else {
                        restore::<M>(matrix, item, tweaks[level]);
                        break;
                    };
                    last = made;
                    updates += made;
                    level += 1;
                    max_depth = max_depth.max(level);
                }
            }
            going_down = true;
            // M9: back up until a level has another branch to try.
            loop {
                if level == floor {
                    break 'search Phase::Done;
                }
                level -= 1;
                let Level { item, choice } = levels[level];
                if choice == item {
                    // The null move was this level's last branch: M8.
                    matrix.reactivate(item);
                    restore::<M>(matrix, item, tweaks[level]);
                    continue;
                }
                // M7: undo the option tried here and go on to the next (M5, M6), or M8.
                matrix.uncommit_others_bounded::<M>(choice);
                let next = matrix.nodes[choice as usize].down;
                levels[level].choice = next;
                if let Some(made) = try_choice::<M>(matrix, item, next) {
                    last = made;
                    updates += made;
                    level += 1;
                    max_depth = max_depth.max(level);
                    break;
                }
                restore::<M>(matrix, item, tweaks[level]);
            }
        };
        if phase == Phase::Enter {
            updates -= last;
            self.pending = last;
        }
        self.last_commit = last;
        self.level = level;
        self.phase = phase;
        self.stats.nodes += nodes;
        self.stats.updates += updates;
        self.search_updates += updates;
        self.stats.solutions += found;
        self.stats.max_depth = max_depth as u32;
        found
    }

    /// Undoes the levels of the search in progress, innermost first (Algorithm M).
    pub(super) fn unwind_bounded<M: Mode>(&mut self) {
        for l in (0..self.level).rev() {
            let Level { item, choice } = self.levels[l];
            if choice == item {
                self.matrix.reactivate(item);
            } else {
                self.matrix.uncommit_others_bounded::<M>(choice);
            }
            restore::<M>(&mut self.matrix, item, self.tweaks[l]);
        }
    }
}

// Where the search stands, for a run's progress.
impl Solver<'_> {
    /// The branch taken at each level of the search in progress, as Algorithm M orders them:
    /// the options in the order they were tweaked out, then the null move.
    pub(super) fn bounded_branches(&self, branches: &mut Vec<Branch>) {
        for (l, &Level { item, choice }) in self.levels[..self.level].iter().enumerate() {
            let count = u64::from(self.scores[l]).max(1);
            let first = self.tweaks[l];
            let index = if first == 0 {
                self.matrix.list_position(item, choice).unwrap_or(0) as u64
            } else {
                // The nodes tweaked out at this level still point down to the next one, up to
                // the one being tried (or the item itself after the last).
                let (mut x, mut index) = (first, 0);
                while x != choice && x != item {
                    x = self.matrix.nodes[x as usize].down;
                    index += 1;
                }
                index
            };
            branches.push(Branch::new(index.min(count - 1), count));
        }
    }
}

/// M5 and M6: tries branch `choice` of item `item`'s level (an option node, or the item itself for the
/// null move): returns the updates it made, or `None` when the level has no more branches
/// (its options are used up, or too few are left to reach the item's lower bound).
fn try_choice<M: Mode>(matrix: &mut Matrix, item: u32, choice: u32) -> Option<u64> {
    let bound = matrix.bound[item as usize];
    let mut updates = 0;
    if bound.left == 0 && bound.slack == 0 {
        if choice == item {
            return None;
        }
    } else if i64::from(matrix.len[item as usize]) <= i64::from(bound.left) - i64::from(bound.slack)
    {
        return None;
    } else if choice != item {
        updates += matrix.tweak::<M>(choice, bound.left != 0);
    } else if bound.left != 0 {
        matrix.deactivate(item);
    }
    if choice != item {
        updates += matrix.commit_others_bounded::<M>(choice);
    }
    Some(updates)
}

/// M8: puts item `item` back as it was before its level began (`first`: the node its tweaks began
/// at, 0 when the level took Algorithm X's step), and gives its bound back.
fn restore<M: Mode>(matrix: &mut Matrix, item: u32, first: u32) {
    let bound = matrix.bound[item as usize];
    if first == 0 {
        matrix.uncover::<M>(item);
    } else {
        matrix.untweak::<M>(item, first, bound.left != 0);
    }
    matrix.bound[item as usize].left += 1;
}
