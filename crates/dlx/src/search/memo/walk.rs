//! The memoised walk: iterative, like the plain one, each level with its running count; the
//! keys of the open levels on one stack, as far as its bound allows (deeper ones are worked
//! out again when their level closes), so that a deep search with long keys (a chain of a
//! million items) holds a bounded number of keys, not one per level.

use std::sync::atomic::Ordering::Relaxed;

use super::order::{self, Ties};
use super::watch::Watch;
use super::{key_of, key_words, Memo, MemoError, Table};
use crate::matrix::{Matrix, Mode, COVERED};
use crate::search::{Heuristic, Level, Solver};

/// Nodes between looks at the interrupt flag and the clock: a node of the walk costs up to
/// tens of microseconds where keys are long (13 queens), so 1 024 of them stay well within
/// the tenth of a second the Python wheel promises for Ctrl-C (4 096 took 0.15 s there, on a
/// loaded machine).
const POLL: u64 = 1024;

/// `starts[level]` for a level whose key is not on the stack.
const NOT_KEPT: usize = usize::MAX;

/// How a walk ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Walked {
    /// The count below the committed options.
    Counted(u128),
    /// Out of its budget before the node at the solver's `level`, the levels above it still
    /// committed (the solver stands before that node, as a plain search paused on a budget),
    /// with the solutions of the sub-problems finished so far.
    Paused {
        /// Those solutions: a lower bound of the count.
        counted: u128,
    },
}

/// The scratch a walk needs, kept in the [`Memo`] from count to count.
#[derive(Debug, Default)]
pub(super) struct Scratch {
    /// The keys of the open levels, one after the other.
    stack: Vec<u64>,
    /// Per level: where its key starts on the stack, or `NOT_KEPT`.
    starts: Vec<usize>,
    /// Per level: the solutions below the options tried there so far.
    sums: Vec<u128>,
    /// A key that is not kept on the stack, with room for the largest.
    key: Vec<u64>,
    /// The most words a key takes.
    largest: usize,
}

impl Scratch {
    /// Room for a search of `depth` levels over `matrix`, and an empty stack.
    fn prepare(&mut self, depth: usize, matrix: &Matrix) {
        if self.starts.len() < depth {
            self.starts.resize(depth, NOT_KEPT);
            self.sums.resize(depth, 0);
        }
        self.largest = key_words(matrix);
        self.key.clear();
        self.key.reserve(self.largest);
        self.stack.clear();
    }

    /// Appends the key of the matrix's state to the stack when it fits under `bound` words
    /// (and the memory can be had), or else writes it alone: where it starts on the stack (the
    /// top, where it is not on it), whether it is on the stack, and the work it took.
    #[inline]
    fn push_key(&mut self, matrix: &Matrix, bound: usize) -> (usize, bool, u64) {
        let top = self.stack.len();
        // Room at hand is the rule; growing the stack (and a refusal of memory) the exception.
        let room = top + self.largest <= bound
            && (self.stack.capacity() - top >= self.largest
                || self.stack.try_reserve(self.largest).is_ok());
        if room {
            (top, true, key_of(matrix, &mut self.stack))
        } else {
            self.key.clear();
            (top, false, key_of(matrix, &mut self.key))
        }
    }

    /// The key from `start`, on the stack or alone.
    fn key(&self, start: usize, on_stack: bool) -> &[u64] {
        if on_stack {
            &self.stack[start..]
        } else {
            &self.key
        }
    }
}

impl Solver<'_> {
    /// The memoised search, iterative: each level keeps its key and running count in `memo`;
    /// a node's count goes to its parent's when the node is done (or found in the table).
    /// Stops when `watch` says (the interrupt flag, or the budget of a probe or of
    /// [`count_memo_within`](Self::count_memo_within)).
    // One loop on purpose, as the plain walk: split, the steps could not jump into each other.
    #[allow(clippy::too_many_lines)]
    pub(super) fn walk_memo<M: Mode>(
        &mut self,
        memo: &mut Memo,
        watch: &mut Watch<'_>,
    ) -> Result<Walked, MemoError> {
        let Memo { table, scratch, ties, preferred, .. } = memo;
        scratch.prepare(self.levels.len(), &self.matrix);
        // Only MRV's ties are the walk's to break; the leftmost item (`--no-mrv`) is the user's.
        // A probe branches in the same order as a count, so that it judges the table on the
        // sub-problems the count would meet, whatever the declared order.
        let first_key = u64::from(self.matrix.item_count) + key_words(&self.matrix) as u64;
        if matches!(self.heuristic, Heuristic::Mrv) && watch.orders(first_key) {
            ties.settle(&self.matrix, preferred);
        }
        // An eighth of the table's limit for the keys of the open levels, at least 64 Ki words.
        let bound = (table.limit / 64).max(1 << 16);
        let heuristic = self.heuristic;
        let matrix = &mut self.matrix;
        let levels = &mut self.levels[..];
        let (mut level, mut nodes, mut updates, mut max_depth) = (0, 0u64, 0u64, 0);
        // The updates of the option that led to the node being entered (see `pending`).
        let mut last = 0;
        // Solutions in the sub-problems finished so far, the work spent on keys, and the work
        // of the last key.
        let (mut counted, mut work, mut key_work) = (0u128, 0u64, 0u64);
        let result = 'search: loop {
            // Enter the node at `level`: its count is known at once, or a level opens.
            if watch.out_of_budget(nodes, work, key_work) {
                break 'search Ok(Walked::Paused { counted });
            }
            nodes += 1;
            if nodes % POLL == 0 {
                if watch.interrupt.is_some_and(|flag| flag.load(Relaxed)) {
                    break 'search Err(MemoError::Interrupted);
                }
                if watch.report_due() {
                    watch.report(table, nodes, counted, || fraction(matrix, &levels[..level]));
                }
            }
            let mut count = if matrix.items[0].right == 0 {
                1
            } else {
                let (start, on_stack, spent) = scratch.push_key(matrix, bound);
                (work, key_work) = (work + spent, spent);
                if let Some(known) = table.find(scratch.key(start, on_stack)) {
                    scratch.stack.truncate(start);
                    known
                } else {
                    let chosen = match heuristic {
                        Heuristic::Mrv => match ties {
                            Ties::Ranked(ranks) => order::choose::<M>(matrix, ranks),
                            _ => matrix.choose_mrv::<M>(),
                        },
                        Heuristic::First => matrix.choose_first(),
                    };
                    let item = chosen.expect("an active primary item");
                    if matrix.len[item as usize] & !COVERED == 0 {
                        updates += 1;
                        table.store(scratch.key(start, on_stack), 0);
                        scratch.stack.truncate(start);
                        0
                    } else {
                        updates += matrix.cover::<M>(item);
                        let choice = matrix.nodes[item as usize].down;
                        levels[level] = Level { item, choice };
                        scratch.starts[level] = if on_stack { start } else { NOT_KEPT };
                        scratch.sums[level] = 0;
                        last = matrix.commit_others::<M>(choice);
                        updates += last;
                        level += 1;
                        max_depth = max_depth.max(level);
                        continue;
                    }
                }
            };
            counted = counted.saturating_add(count);
            watch.tally(nodes, counted);
            // Hand the count up, closing the levels whose options are all tried.
            loop {
                if level == 0 {
                    break 'search Ok(Walked::Counted(count));
                }
                level -= 1;
                let Some(sum) = scratch.sums[level].checked_add(count) else {
                    break 'search Err(MemoError::Overflow);
                };
                scratch.sums[level] = sum;
                let Level { item, choice } = levels[level];
                matrix.uncommit_others::<M>(choice);
                let next = matrix.nodes[choice as usize].down;
                if next != item {
                    levels[level].choice = next;
                    last = matrix.commit_others::<M>(next);
                    updates += last;
                    level += 1;
                    continue 'search;
                }
                matrix.uncover::<M>(item);
                count = sum;
                // The matrix is as it was when the level's node was entered: its key is the
                // one kept, or the same worked out again.
                let start = scratch.starts[level];
                if start == NOT_KEPT {
                    scratch.key.clear();
                    key_work = key_of(matrix, &mut scratch.key);
                    work += key_work;
                    table.store(&scratch.key, count);
                } else {
                    table.store(&scratch.stack[start..], count);
                    scratch.stack.truncate(start);
                }
            }
        };
        match result {
            Ok(Walked::Paused { .. }) => {
                // Paused before a node: its option's updates wait for it to be entered.
                updates -= last;
                self.pending = last;
            }
            // The last report, at 100%, as a run's progress ends: a count shorter than a poll
            // would otherwise show none at all.
            Ok(Walked::Counted(count)) => watch.report(table, nodes, count, || 1.0),
            Err(error) => {
                // Undo the levels still open, innermost first, so that the matrix is whole
                // again: those below `level` (interrupted on entering a node there), and
                // `level` too on an overflow (its sum overflowed as its option was undone).
                let open = if error == MemoError::Overflow { level + 1 } else { level };
                unwind::<M>(matrix, &levels[..open]);
                level = 0;
            }
        }
        self.level = level;
        self.stats.nodes += nodes;
        self.stats.updates += updates;
        self.search_updates += updates;
        self.stats.max_depth = self.stats.max_depth.max(max_depth as u32);
        result
    }
}

/// Undoes the open `levels`, innermost first, so that the matrix is as at the root again.
fn unwind<M: Mode>(matrix: &mut Matrix, levels: &[Level]) {
    for open in levels.iter().rev() {
        matrix.uncommit_others::<M>(open.choice);
        matrix.uncover::<M>(open.item);
    }
}

/// How much of the tree lies left of the node that `levels` lead to, in Knuth's measure (see
/// [`Share`](crate::run::Share)): what a depth-first search standing there has done, the
/// sub-problems found in the table included.
fn fraction(matrix: &Matrix, levels: &[Level]) -> f64 {
    let (mut from, mut width) = (0.0f64, 1.0f64);
    for &Level { item, choice } in levels {
        width /= f64::from((matrix.len[item as usize] & !COVERED).max(1));
        from += matrix.list_position(item, choice).unwrap_or(0) as f64 * width;
    }
    from
}

impl Table {
    /// Its figures, for a progress report.
    pub(super) fn figures(&self) -> (usize, usize, u64, u64) {
        (self.entries.len(), self.bytes, self.hits, self.evictions)
    }
}
