//! Memoised counting (the DXZ idea of Nishino, Yasuda, Minato and Nagata, AAAI 2017): the
//! number of ways to finish depends only on what is left to cover, so it is computed once per
//! sub-problem and looked up when the search meets the same sub-problem again.
//!
//! What is left is exactly: the active primary items, and for each secondary item whether it
//! is covered, free, or purified with a colour. An option is still in the matrix if and only
//! if each of its primary items is active and each of its secondary items is free or purified
//! with the option's colour there (covering an item hides the options that hold it, purifying
//! hides the options of other colours, and nothing else hides an option). So two nodes with
//! the same key have the same remaining options under the same rules, and the same number of
//! completions, whatever the branching order and whatever path led to them. That key is what
//! [`Memo`] stores, in full (a hash alone could collide into a wrong count).
//!
//! The table is only an accelerator: when it outgrows its byte limit, about half of it is
//! dropped, and a sub-problem that is met again is counted again. Counts are `u128` and an
//! overflow of even that is an error. There are no checkpoints: the partial sums of a
//! memoised search are not a set of subproblems left to search; an interrupted count ends
//! with an error and the table keeps what it learnt, so counting again is quicker.

use std::{
    collections::HashMap,
    sync::atomic::{AtomicBool, Ordering::Relaxed},
};

use foldhash::fast::FixedState;
use thiserror::Error;

use super::{Level, Phase, Solver};
use crate::matrix::{with_mode, Matrix, Mode};

/// The default byte limit of a [`Memo`]: 1 GiB.
pub const MEMO_BYTES: usize = 1 << 30;

/// Bytes charged per entry beyond its key words: the count, the boxed slice's pointer and
/// length, and the hash table's own slot and control byte, rounded up.
const ENTRY_OVERHEAD: usize = 48;

/// The bytes an entry of `key` is charged.
fn cost(key: &[u64]) -> usize {
    key.len() * 8 + ENTRY_OVERHEAD
}

/// Why a memoised count has no number.
#[derive(Clone, Copy, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum MemoError {
    /// The count does not fit in 128 bits.
    #[error("the number of solutions exceeds 2^128 - 1")]
    Overflow,
    /// The flag given to the count was raised.
    #[error("interrupted")]
    Interrupted,
    /// The count entered the number of nodes it was allowed
    /// ([`count_memo_within`](Solver::count_memo_within)) before it finished.
    #[error("stopped after its node budget, with {counted} solutions counted so far")]
    OutOfNodes {
        /// The solutions in the sub-problems finished so far: a lower bound of the count.
        counted: u128,
    },
    /// The problem has multiplicities. Algorithm M's sub-problems also depend on the options
    /// each level has tweaked away, which the key (active items and colours) does not name.
    #[error("memoised counting is not available for problems with multiplicities (u:v|name)")]
    Multiplicities,
}

/// The nodes [`Solver::probe_memo`] lets a memoised count enter before it judges whether the
/// memo pays: enough for the counts of tilings to run far ahead of their nodes, few enough
/// (about 0.03 s to 0.4 s on the benchmark problems) to be lost without regret.
pub const MEMO_PROBE_NODES: u64 = 1 << 16;

/// The nodes after which [`Solver::probe_memo`] gives up on a problem that is far behind
/// (fewer than one solution in eight nodes, and fewer than one table hit in eight): queens,
/// Langford pairs and pentominoes are, every tiling and set partition measured is already
/// ahead there. Where the memo does not pay, the probe then costs a plain count about 1%
/// instead of 30-60% (queens 12: 211 716 nodes in all).
const MEMO_PROBE_FIRST: u64 = 1 << 10;

/// What a short memoised count found out about a problem ([`Solver::probe_memo`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MemoProbe {
    /// It finished: the number of solutions.
    Counted(u128),
    /// It had counted more solutions than it had entered nodes, which no enumeration can
    /// (each solution is a node of its own): go on memoising.
    Ahead,
    /// It had not: sub-problems repeat too little for the table to pay for itself against a
    /// plain count, which can also use every core.
    Behind,
}

/// Nodes between looks at the interrupt flag.
const POLL: u64 = 4096;

/// The table of sub-problem counts of one problem, bounded in bytes; reused from count to
/// count (of the same problem, whatever is committed) it keeps what it learnt.
#[derive(Debug)]
pub struct Memo {
    table: HashMap<Box<[u64]>, u128, FixedState>,
    bytes: usize,
    limit: usize,
    /// The problem the keys describe (by fingerprint): another problem clears the table.
    problem: Option<crate::Fingerprint>,
    hits: u64,
    evictions: u64,
    /// Per level of the search: the key of the node open there, and its running count.
    keys: Vec<Vec<u64>>,
    sums: Vec<u128>,
}

impl Default for Memo {
    fn default() -> Memo {
        Memo::new(MEMO_BYTES)
    }
}

impl Memo {
    /// An empty table that holds at most about `limit` bytes of entries.
    pub fn new(limit: usize) -> Memo {
        Memo {
            table: HashMap::with_hasher(FixedState::default()),
            bytes: 0,
            limit,
            problem: None,
            hits: 0,
            evictions: 0,
            keys: Vec::new(),
            sums: Vec::new(),
        }
    }

    /// Sub-problems whose count is stored.
    pub fn entries(&self) -> usize {
        self.table.len()
    }

    /// The bytes the entries are charged (keys, counts and the table's slots).
    pub fn bytes(&self) -> usize {
        self.bytes
    }

    /// Lookups that found their sub-problem's count, over every count so far.
    pub fn hits(&self) -> u64 {
        self.hits
    }

    /// Times the table was over its limit and about half of it was dropped.
    pub fn evictions(&self) -> u64 {
        self.evictions
    }

    /// Forgets every entry (the counters stay).
    pub fn clear(&mut self) {
        self.table.clear();
        self.bytes = 0;
    }

    /// Stores `count` for the key of level `level`, making room first if need be.
    fn store(&mut self, level: usize, count: u128) {
        let cost = cost(&self.keys[level]);
        while self.bytes + cost > self.limit && !self.table.is_empty() {
            self.evict();
        }
        if self.bytes + cost > self.limit {
            return;
        }
        if self.table.insert(self.keys[level].as_slice().into(), count).is_none() {
            self.bytes += cost;
        }
    }

    /// Drops about half of the entries: those whose key, mixed with the number of evictions
    /// so far, has an odd parity (another half each time).
    fn evict(&mut self) {
        self.evictions += 1;
        let salt = self.evictions.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let bytes = &mut self.bytes;
        self.table.retain(|key, _| {
            let mixed = key.iter().fold(salt, |h, &w| (h ^ w).wrapping_mul(0x100_0000_01B3));
            let keep = (mixed >> 32).count_ones() % 2 == 0;
            if !keep {
                *bytes -= cost(key);
            }
            keep
        });
    }

    /// Room for a search of `depth` levels.
    fn prepare(&mut self, depth: usize) {
        if self.keys.len() < depth {
            self.keys.resize_with(depth, Vec::new);
            self.sums.resize(depth, 0);
        }
    }
}

/// Writes into `key` the state that decides what is left of the problem: the active primary
/// items as a bit set over their headers, then each active secondary item with its colour
/// (0 while free), in list order (which is the items' order, so the key is canonical).
fn key_of(matrix: &Matrix, key: &mut Vec<u64>) {
    key.clear();
    let primary = matrix.primary_count as usize;
    key.resize(primary / 64 + 1, 0);
    let mut item = matrix.items[0].right;
    while item != 0 {
        key[item as usize / 64] |= 1 << (item % 64);
        item = matrix.items[item as usize].right;
    }
    let head = matrix.item_count + 1;
    let mut item = matrix.items[head as usize].right;
    while item != head {
        key.push(u64::from(item) << 32 | u64::from(matrix.nodes[item as usize].color));
        item = matrix.items[item as usize].right;
    }
}

impl Solver<'_> {
    /// The number of solutions below the committed options, as [`count`](Self::count) finds
    /// them, but with each sub-problem counted once and looked up in `memo` afterwards (see
    /// the module's notes): exponentially many solutions can be counted where they share
    /// sub-problems, as tilings do. Nodes and updates count the search that was made (a
    /// lookup is a node); solutions in [`stats`](Self::stats) saturate at `u64::MAX`.
    ///
    /// With `interrupt`, the count looks at the flag every few thousand nodes and stops once
    /// it is raised.
    ///
    /// # Errors
    /// [`MemoError::Overflow`] when the count exceeds `u128::MAX`; [`MemoError::Interrupted`]
    /// when `interrupt` was raised. The solver is then as after a finished search.
    /// [`MemoError::Multiplicities`] at once for a problem with multiplicities.
    pub fn count_memo(
        &mut self,
        memo: &mut Memo,
        interrupt: Option<&AtomicBool>,
    ) -> Result<u128, MemoError> {
        self.count_memo_within(memo, interrupt, u64::MAX)
    }

    /// [`count_memo`](Self::count_memo), entering at most `nodes` nodes: a probe of whether
    /// memoising pays on a problem. What was learnt stays in `memo`, so a later count goes
    /// quickly back to where this one stopped.
    ///
    /// # Errors
    /// As `count_memo`, and [`MemoError::OutOfNodes`] when the budget ran out, with the
    /// solutions counted so far.
    pub fn count_memo_within(
        &mut self,
        memo: &mut Memo,
        interrupt: Option<&AtomicBool>,
        budget: u64,
    ) -> Result<u128, MemoError> {
        self.restart();
        if self.problem.has_multiplicities() {
            return Err(MemoError::Multiplicities);
        }
        let fingerprint = self.problem.fingerprint();
        if memo.problem != Some(fingerprint) {
            memo.clear();
            memo.problem = Some(fingerprint);
        }
        memo.prepare(self.levels.len());
        let counted = with_mode!(self.matrix, M => self.walk_memo::<M>(memo, interrupt, budget));
        self.level = 0;
        self.phase = Phase::Done;
        if let Ok(count) = counted {
            self.stats.solutions += u64::try_from(count).unwrap_or(u64::MAX);
        }
        counted
    }

    /// Counts with `memo` for at most [`MEMO_PROBE_NODES`] nodes and says whether memoising
    /// pays on this problem: how the `dlx` command chooses between a memoised and a plain
    /// count. A problem far behind after the first thousand nodes is judged there, so that
    /// the probe costs little where the memo does not pay. Deterministic: the same problem
    /// gets the same verdict on any machine.
    ///
    /// # Errors
    /// As [`count_memo`](Self::count_memo), but never [`MemoError::OutOfNodes`].
    pub fn probe_memo(
        &mut self,
        memo: &mut Memo,
        interrupt: Option<&AtomicBool>,
    ) -> Result<MemoProbe, MemoError> {
        let (before, hits) = (self.stats.nodes, memo.hits);
        match self.count_memo_within(memo, interrupt, MEMO_PROBE_FIRST) {
            Ok(count) => return Ok(MemoProbe::Counted(count)),
            Err(MemoError::OutOfNodes { counted }) => {
                let nodes = u128::from(self.stats.nodes - before);
                if counted * 8 < nodes && u128::from(memo.hits - hits) * 8 < nodes {
                    return Ok(MemoProbe::Behind);
                }
            }
            Err(error) => return Err(error),
        }
        // The table keeps the first stretch: this goes quickly back to where it stopped.
        let before = self.stats.nodes;
        match self.count_memo_within(memo, interrupt, MEMO_PROBE_NODES) {
            Ok(count) => Ok(MemoProbe::Counted(count)),
            Err(MemoError::OutOfNodes { counted }) => {
                let nodes = self.stats.nodes - before;
                Ok(if counted > u128::from(nodes) { MemoProbe::Ahead } else { MemoProbe::Behind })
            }
            Err(error) => Err(error),
        }
    }

    /// The memoised search, iterative: each level keeps its key and running count in `memo`;
    /// a node's count goes to its parent's when the node is done (or found in the table).
    pub(super) fn walk_memo<M: Mode>(
        &mut self,
        memo: &mut Memo,
        interrupt: Option<&AtomicBool>,
        budget: u64,
    ) -> Result<u128, MemoError> {
        let matrix = &mut self.matrix;
        let levels = &mut self.levels[..];
        let (mut level, mut nodes, mut updates, mut max_depth) = (0, 0u64, 0u64, 0);
        let result = 'search: loop {
            // Enter the node at `level`: its count is known at once, or a level opens.
            if nodes == budget {
                let counted = memo.sums[..level].iter().fold(0u128, |a, &s| a.saturating_add(s));
                break 'search Err(MemoError::OutOfNodes { counted });
            }
            nodes += 1;
            if nodes % POLL == 0 && interrupt.is_some_and(|flag| flag.load(Relaxed)) {
                break 'search Err(MemoError::Interrupted);
            }
            let mut count = if matrix.items[0].right == 0 {
                1
            } else {
                let key = &mut memo.keys[level];
                key_of(matrix, key);
                if let Some(&known) = memo.table.get(key.as_slice()) {
                    memo.hits += 1;
                    known
                } else {
                    let item = matrix.choose_mrv::<M>().expect("an active primary item");
                    if matrix.len[item as usize] == 0 {
                        updates += 1;
                        memo.store(level, 0);
                        0
                    } else {
                        updates += matrix.cover::<M>(item);
                        let choice = matrix.nodes[item as usize].down;
                        levels[level] = Level { item, choice };
                        memo.sums[level] = 0;
                        updates += matrix.commit_others::<M>(choice);
                        level += 1;
                        max_depth = max_depth.max(level);
                        continue;
                    }
                }
            };
            // Hand the count up, closing the levels whose options are all tried.
            loop {
                if level == 0 {
                    break 'search Ok(count);
                }
                level -= 1;
                let Some(sum) = memo.sums[level].checked_add(count) else {
                    break 'search Err(MemoError::Overflow);
                };
                memo.sums[level] = sum;
                let Level { item, choice } = levels[level];
                matrix.uncommit_others::<M>(choice);
                let next = matrix.nodes[choice as usize].down;
                if next != item {
                    levels[level].choice = next;
                    updates += matrix.commit_others::<M>(next);
                    level += 1;
                    continue 'search;
                }
                matrix.uncover::<M>(item);
                count = sum;
                memo.store(level, count);
            }
        };
        if result.is_err() {
            // Undo the levels still open, innermost first, so that the matrix is whole again:
            // those below `level` (interrupted on entering a node there), and `level` too on
            // an overflow (its sum overflowed as its option was being undone).
            let open = if result == Err(MemoError::Overflow) { level + 1 } else { level };
            for open in levels[..open].iter().rev() {
                matrix.uncommit_others::<M>(open.choice);
                matrix.uncover::<M>(open.item);
            }
        }
        self.stats.nodes += nodes;
        self.stats.updates += updates;
        self.stats.max_depth = self.stats.max_depth.max(max_depth as u32);
        result
    }
}
