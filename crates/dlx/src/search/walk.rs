//! The search loops: Algorithm X's steps as a descent loop and a backtrack loop, paused at a
//! solution or when a node budget runs out.

use super::{Level, Phase, Solver};
use crate::matrix::{mems, with_mode, Mode};
use crate::search::Heuristic;

impl Solver<'_> {
    /// [`advance`](Self::advance), compiled for the matrix's mode, profiled or not.
    pub(super) fn advance_any(&mut self, wanted: u64, budget: u64) -> u64 {
        // A complete count (every solution wanted) walks on sparse sets, from wherever the
        // search stands (the root, or a subproblem a run's worker entered); anything else
        // continues on the links, from where a sparse walk got to.
        let (mut found, mut budget) = (0, budget);
        if wanted == u64::MAX && (self.sparse_walk || self.sparse_may_take_over()) {
            if let Some((sparse_found, left)) = self.advance_sparse(budget) {
                if left == 0 || !self.sparse_unfit || self.phase == Phase::Done {
                    return sparse_found;
                }
                // Judged slower than the links: the rest of the budget goes on there.
                (found, budget) = (sparse_found, left);
            }
        }
        self.sync_sparse();
        if self.matrix.has_multiplicities() {
            // Profiled or not: Algorithm M counts nodes per level, and no mems.
            return with_mode!(self.matrix, M => self.advance_bounded::<M>(wanted, budget));
        }
        found
            + with_mode!(self.matrix, profile: self.profiling, M => {
                // Compiled apart, so that a search that never looks for the last item does
                // not pay for the look (`Matrix::counts_last_items`).
                if !M::PROFILE && self.matrix.counts_last_items() {
                    self.advance::<M, true>(wanted, budget)
                } else {
                    self.advance::<M, false>(wanted, budget)
                }
            })
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
    ///
    /// Profiled (`M::PROFILE`), it also counts each node at its level and charges mems as
    /// `matrix/mems.rs` explains: a node when it is entered, an option when it is tried, the
    /// undoing of both included. Every such step is under a test of the constant, so the
    /// ordinary search compiles without them. With `LAST_ITEMS`, a node whose item is the last
    /// primary one takes its options' solutions in one walk (`matrix/last_item.rs`).
    // One function on purpose: split, the two loops could no longer jump into each other.
    #[allow(clippy::too_many_lines)]
    fn advance<M: Mode, const LAST_ITEMS: bool>(&mut self, wanted: u64, budget: u64) -> u64 {
        if self.phase == Phase::Done {
            return 0;
        }
        // Disjoint borrows of the fields the loop uses, so that the compiler knows the calls
        // into the matrix leave the level stack where it is (no reload of its address).
        let matrix = &mut self.matrix;
        let levels = &mut self.levels[..];
        let profile = &mut self.profile[..];
        let heuristic = self.heuristic;
        let (floor, stop) = (self.floor, self.stop);
        let mut level = self.level;
        let mut lowest = level;
        // `last`: the updates of the option that led to the node being entered (see `pending`).
        let mut last = std::mem::take(&mut self.pending);
        let (mut nodes, mut updates, mut found) = (0u64, last, 0u64);
        // `last_mems`, `spent`: as `last` and `updates`, for mems.
        let mut last_mems = if M::PROFILE { std::mem::take(&mut self.pending_mems) } else { 0 };
        let mut spent = last_mems;
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
                    // How many items DLX1 looks at to choose (profiled only).
                    let mut examined = 1;
                    let chosen = match heuristic {
                        Heuristic::Mrv if M::PROFILE => {
                            matrix.choose_mrv_walking().map(|(item, looked)| {
                                examined = looked;
                                item
                            })
                        }
                        Heuristic::Mrv => matrix.choose_mrv::<M>(),
                        Heuristic::First => matrix.choose_first(),
                    };
                    if M::PROFILE {
                        profile[level] += 1;
                    }
                    let Some(item) = chosen else {
                        found += 1;
                        if found == wanted {
                            break 'search Phase::Backtrack;
                        }
                        break;
                    };
                    let options = u64::from(matrix.len[item as usize]);
                    if options == 0 {
                        // A dead end. DLX1 covers the item, finds no option (X5) and uncovers
                        // it (X7); only the item's own unlinking changes a link, so count that
                        // update and skip the two calls.
                        updates += 1;
                        if M::PROFILE {
                            spent += mems::dead_end(examined, level);
                        }
                        break;
                    }
                    // The last primary item: each of its options is a solution, counted with
                    // its updates in one walk of the list when the search would not stop at
                    // one of them (`matrix/last_item.rs`); the node is then left as a dead end
                    // is.
                    if LAST_ITEMS
                        && matrix.is_last_item()
                        && budget - nodes >= options
                        && wanted - found > options
                    {
                        updates += matrix.last_item_updates::<M>(item);
                        nodes += options;
                        found += options;
                        max_depth = max_depth.max(level + 1);
                        break;
                    }
                    // X4: cover the item; X5: try its first option (it has one), committing
                    // the option's other items, and go deeper.
                    updates += matrix.cover::<M>(item);
                    if M::PROFILE {
                        spent += mems::node(examined, matrix.take_mems(), level);
                    }
                    let choice = matrix.nodes[item as usize].down;
                    levels[level] = Level { item, choice };
                    last = matrix.commit_others::<M>(choice);
                    updates += last;
                    if M::PROFILE {
                        last_mems = mems::option(matrix.take_mems());
                        spent += last_mems;
                    }
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
                if M::PROFILE {
                    last_mems = mems::option(matrix.take_mems());
                    spent += last_mems;
                }
                level += 1;
                break;
            }
        };
        if phase == Phase::Enter {
            // Paused before a node: its option's updates wait for it to be entered.
            updates -= last;
            self.pending = last;
            if M::PROFILE {
                spent -= last_mems;
                self.pending_mems = last_mems;
            }
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
        if M::PROFILE {
            self.last_commit_mems = last_mems;
            self.stats.mems += spent;
        }
        found
    }
}
