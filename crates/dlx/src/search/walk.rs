//! The search loops: Algorithm X's steps as a descent loop and a backtrack loop, paused at a
//! solution or when a node budget runs out.

use super::{Level, Phase, Solver};
use crate::matrix::{with_mode, Mode};
use crate::Heuristic;

impl Solver<'_> {
    /// [`advance`](Self::advance), compiled for the matrix's mode.
    pub(super) fn advance_any(&mut self, wanted: u64, budget: u64) -> u64 {
        with_mode!(self.matrix, M => self.advance::<M>(wanted, budget))
    }

    /// Searches on until it has found `wanted` solutions (at least one), entered `budget`
    /// nodes, or reached the end of the tree, and returns the number found. It stops at the
    /// last one found, so a caller asking for one can read it from the level stack; or before
    /// the next node, uncounted, when the budget runs out (phase `Enter`).
    ///
    /// Two loops instead of a state machine: one goes down, choosing and covering an item and
    /// trying its first option, until a solution or a dead end; the other goes up until a level
    /// has another option to try. Without a phase to dispatch on at every step, the compiler
    /// jumps straight from one to the other.
    fn advance<M: Mode>(&mut self, wanted: u64, budget: u64) -> u64 {
        if self.phase == Phase::Done {
            return 0;
        }
        // Disjoint borrows of the fields the loop uses, so that the compiler knows the calls
        // into the matrix leave the level stack where it is (no reload of its address).
        let matrix = &mut self.matrix;
        let levels = &mut self.levels[..];
        let heuristic = self.heuristic;
        let (floor, stop) = (self.floor, self.stop);
        let mut level = self.level;
        let mut lowest = level;
        // `last`: the updates of the option that led to the node being entered (see `pending`).
        let mut last = std::mem::take(&mut self.pending);
        let (mut nodes, mut updates, mut found) = (0u64, last, 0u64);
        let mut max_depth = self.stats.max_depth as usize;
        let mut going_down = self.phase == Phase::Enter;
        let phase = 'search: loop {
            if going_down {
                loop {
                    // X2: a new node, unless the budget is spent (a pause, not counted);
                    // X3: choose an item, or record a solution.
                    if nodes == budget {
                        break 'search Phase::Enter;
                    }
                    nodes += 1;
                    let chosen = match heuristic {
                        Heuristic::Mrv => matrix.choose_mrv::<M>(),
                        Heuristic::First => matrix.choose_first(),
                    };
                    let Some(item) = chosen else {
                        found += 1;
                        if found == wanted {
                            break 'search Phase::Backtrack;
                        }
                        break;
                    };
                    if matrix.len[item as usize] == 0 {
                        // A dead end. DLX1 covers the item, finds no option (X5) and uncovers
                        // it (X7); only the item's own unlinking changes a link, so count that
                        // update and skip the two calls.
                        updates += 1;
                        break;
                    }
                    // X4: cover the item; X5: try its first option (it has one), committing
                    // the option's other items, and go deeper.
                    updates += matrix.cover::<M>(item);
                    let choice = matrix.nodes[item as usize].down;
                    levels[level] = Level { item, choice };
                    last = matrix.commit_others::<M>(choice);
                    updates += last;
                    level += 1;
                    max_depth = max_depth.max(level);
                }
            }
            going_down = true;
            // X8: leave levels until one has another option; X6: undo the option tried there
            // and try the next, or X7: uncover the item once its options are exhausted.
            loop {
                if level == floor {
                    break 'search Phase::Done;
                }
                level -= 1;
                lowest = lowest.min(level);
                let Level { item, choice } = levels[level];
                matrix.uncommit_others::<M>(choice);
                let next = matrix.nodes[choice as usize].down;
                if next == item || next == stop {
                    matrix.uncover::<M>(item);
                    continue;
                }
                levels[level].choice = next;
                last = matrix.commit_others::<M>(next);
                updates += last;
                level += 1;
                break;
            }
        };
        if phase == Phase::Enter {
            // Paused before a node: its option's updates wait for it to be entered.
            updates -= last;
            self.pending = last;
        }
        self.last_commit = last;
        self.level = level;
        self.closed = self.closed.min(lowest);
        self.phase = phase;
        self.stats.nodes += nodes;
        self.stats.updates += updates;
        self.search_updates += updates;
        self.stats.solutions += found;
        self.stats.max_depth = max_depth as u32;
        found
    }
}
