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
//! The table is only an accelerator: when it outgrows its byte limit, or the memory it asks
//! for cannot be had, about half of it is dropped, and a sub-problem that is met again is
//! counted again. Counts are `u128` and an overflow of even that is an error. There are no
//! checkpoints: the partial sums of a memoised search are not a set of subproblems left to
//! search; an interrupted count ends with an error and the table keeps what it learnt, so
//! counting again is quicker. The walk is in `memo/walk.rs`; how a count runs (interrupt,
//! progress, the probe of a plain `count`) in `memo/run.rs`.

mod order;
mod run;
mod walk;
mod watch;

use std::collections::HashMap;

use foldhash::fast::FixedState;
use thiserror::Error;

use crate::ids::ItemId;
use crate::matrix::Matrix;

pub use self::run::{
    MemoProbe, MemoProgress, MemoRun, MEMO_PROBE_NODES, MEMO_PROBE_WORK, PLAIN_FIRST_NODES,
};

/// The default byte limit of a [`Memo`]: 1 GiB.
pub const MEMO_BYTES: usize = 1 << 30;

/// Bytes charged per entry beyond its key words: the count, the boxed slice's pointer and
/// length, and the hash table's own slot and control byte, rounded up.
const ENTRY_OVERHEAD: usize = 48;

/// The entries a new table has room for before it first grows.
const FIRST_ENTRIES: usize = 1 << 10;

/// The bytes an entry of `key` is charged.
fn cost(key: &[u64]) -> usize {
    key.len() * 8 + ENTRY_OVERHEAD
}

/// Ranks (by header; entry 0 unused) that put the items of `preferred` first, in its order,
/// and the other primary items after them in their declared order (`Memo::prefer_order`).
fn preferred_ranks(preferred: &[u32], primary: u32) -> Vec<u32> {
    let listed = u32::try_from(preferred.len()).unwrap_or(u32::MAX);
    let mut ranks: Vec<u32> = (0..=primary).map(|h| listed.saturating_add(h)).collect();
    for (rank, &item) in (0..).zip(preferred) {
        if item < primary && ranks[item as usize + 1] >= listed {
            ranks[item as usize + 1] = rank;
        }
    }
    ranks
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
    /// ([`count_memo_within`](crate::Solver::count_memo_within)) before it finished.
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

/// The table of sub-problem counts of one problem, bounded in bytes; reused from count to
/// count (of the same problem, whatever is committed) it keeps what it learnt.
///
/// Nothing is allocated up front: the table grows as entries come, so a limit far beyond the
/// memory there is costs nothing until it is used, and when the memory asked for cannot be
/// had the table is treated as full (about half is dropped) instead of ending the process.
#[derive(Debug)]
pub struct Memo {
    table: Table,
    /// The problem the keys describe (by fingerprint): another problem clears the table.
    problem: Option<crate::subproblem::Fingerprint>,
    /// How the walk breaks MRV's ties (`memo/order.rs`), worked out the first time a count
    /// of the problem needs it.
    ties: order::Ties,
    /// The order of primary items that breaks MRV's ties instead of the walk's own, as the
    /// caller gave it ([`Memo::prefer_order`]); empty when the walk chooses.
    preferred: Vec<u32>,
    scratch: walk::Scratch,
}

/// The entries and their counters.
#[derive(Debug)]
struct Table {
    entries: HashMap<Box<[u64]>, u128, FixedState>,
    bytes: usize,
    limit: usize,
    hits: u64,
    evictions: u64,
    /// Times memory for the table could not be had (each followed by an eviction).
    refused: u64,
}

impl Default for Memo {
    fn default() -> Memo {
        Memo::new(MEMO_BYTES)
    }
}

impl Memo {
    /// An empty table that holds at most about `limit` bytes of entries.
    pub fn new(limit: usize) -> Memo {
        // Room for the first entries at once (as many as the limit allows): growing from empty
        // rehashed the table nine times in a probe's first thousand keys.
        let first = (limit / ENTRY_OVERHEAD).min(FIRST_ENTRIES);
        let table = Table {
            entries: HashMap::with_capacity_and_hasher(first, FixedState::default()),
            bytes: 0,
            limit,
            hits: 0,
            evictions: 0,
            refused: 0,
        };
        Memo {
            table,
            problem: None,
            ties: order::Ties::Unsettled,
            preferred: Vec::new(),
            scratch: walk::Scratch::default(),
        }
    }

    /// The most of `limit` bytes that a table can be given in this process now: half the
    /// largest block of memory it can reserve (a table growing holds its old and new slots at
    /// once), found to within 1/32 by asking for blocks of `2 * limit` bytes, then of halving
    /// sizes, then bisecting, each reserved but never written, and freed at once (a few dozen
    /// system calls). A limit beyond what the process may
    /// have (`ulimit -v`, the machine's memory and swap) is otherwise found out only when the
    /// table grows into it, maybe hours later, and the table then runs at whatever size it
    /// had reached.
    ///
    /// ```
    /// assert_eq!(dancer::Memo::affordable(1 << 20), 1 << 20);
    /// assert!(dancer::Memo::affordable(usize::MAX) < usize::MAX / 2);
    /// ```
    pub fn affordable(limit: usize) -> usize {
        let fits = |bytes: usize| Vec::<u8>::new().try_reserve_exact(bytes).is_ok();
        let mut too_big = limit.saturating_mul(2);
        if fits(too_big) {
            return limit;
        }
        let mut block = too_big / 2;
        while block > 0 && !fits(block) {
            (too_big, block) = (block, block / 2);
        }
        // Between `block`, which fits, and `too_big`, which does not.
        while too_big - block > too_big / 32 {
            let middle = block + (too_big - block) / 2;
            if fits(middle) {
                block = middle;
            } else {
                too_big = middle;
            }
        }
        block / 2
    }

    /// Sub-problems whose count is stored.
    pub fn entries(&self) -> usize {
        self.table.entries.len()
    }

    /// The bytes the entries are charged (keys, counts and the table's slots).
    pub fn bytes(&self) -> usize {
        self.table.bytes
    }

    /// Lookups that found their sub-problem's count, over every count so far.
    pub fn hits(&self) -> u64 {
        self.table.hits
    }

    /// Times the table was full (over its limit, or refused memory) and about half of it was
    /// dropped.
    pub fn evictions(&self) -> u64 {
        self.table.evictions
    }

    /// Times the table asked for memory and could not have it (each time it was treated as
    /// full): a limit beyond what the machine can give.
    pub fn refusals(&self) -> u64 {
        self.table.refused
    }

    /// Breaks MRV's ties in the memoised walk by `items`' order (the first listed first; the
    /// primary items not listed after them, in their declared order), instead of the order
    /// the walk works out for itself (`memo/order.rs`). For a caller that knows its problem's
    /// structure: the sub-problems a count meets depend on the order in which the items are
    /// covered, not the count. The blank 6×6 sudoku, its region items digit by digit, meets 2.6
    /// million sub-problems against 5.5 million in its declared order (docs/PERFORMANCE.md).
    /// Ids past the problem's primary items are ignored, so the order suits any problem the
    /// table counts; an empty list gives the choice back to the walk.
    pub fn prefer_order(&mut self, items: &[ItemId]) {
        // The same order again (one per puzzle of a batch) keeps the ties worked out.
        if !self.preferred.iter().copied().eq(items.iter().map(|item| item.as_u32())) {
            self.preferred = items.iter().map(|item| item.as_u32()).collect();
            self.ties = order::Ties::Unsettled;
        }
    }

    /// Forgets every entry (the counters stay).
    pub fn clear(&mut self) {
        self.table.entries.clear();
        self.table.bytes = 0;
    }

    /// Makes the table the one of `problem`'s sub-problems, clearing it if it was another's.
    fn belong_to(&mut self, problem: crate::subproblem::Fingerprint) {
        if self.problem != Some(problem) {
            self.clear();
            self.ties = order::Ties::Unsettled;
            self.problem = Some(problem);
        }
    }
}

impl Table {
    /// The count stored for `key`, counting the hit.
    fn find(&mut self, key: &[u64]) -> Option<u128> {
        let found = self.entries.get(key).copied();
        self.hits += u64::from(found.is_some());
        found
    }

    /// Stores `count` under `key`, making room first if need be: over the byte limit, or when
    /// the memory for the entry or for the table's next growth cannot be had, about half the
    /// table goes. An entry that still does not fit is not stored.
    fn store(&mut self, key: &[u64], count: u128) {
        let cost = cost(key);
        while self.bytes + cost > self.limit && !self.entries.is_empty() {
            self.evict();
        }
        if self.bytes + cost > self.limit {
            return;
        }
        // The table doubles when full: ask for that first, so that a refusal evicts (and the
        // slots freed take the entry) instead of aborting inside `insert`.
        if self.entries.len() == self.entries.capacity() && self.entries.try_reserve(1).is_err() {
            self.refused += 1;
            if self.entries.is_empty() {
                return;
            }
            self.evict();
        }
        let boxed = boxed(key).or_else(|| {
            self.refused += 1;
            self.evict();
            boxed(key)
        });
        if let Some(boxed) = boxed {
            if self.entries.insert(boxed, count).is_none() {
                self.bytes += cost;
            }
        }
    }

    /// Drops about half of the entries: those whose key, mixed with the number of evictions
    /// so far, has an odd parity (another half each time).
    fn evict(&mut self) {
        self.evictions += 1;
        let salt = self.evictions.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let bytes = &mut self.bytes;
        self.entries.retain(|key, _| {
            let mixed = key.iter().fold(salt, |h, &w| (h ^ w).wrapping_mul(0x100_0000_01B3));
            let keep = (mixed >> 32).count_ones() % 2 == 0;
            if !keep {
                *bytes -= cost(key);
            }
            keep
        });
    }
}

/// A copy of `key` on the heap, or `None` when the memory cannot be had.
fn boxed(key: &[u64]) -> Option<Box<[u64]>> {
    let mut copy = Vec::new();
    copy.try_reserve_exact(key.len()).ok()?;
    copy.extend_from_slice(key);
    Some(copy.into_boxed_slice())
}

/// Appends to `key` the state that decides what is left of the problem: the active primary
/// items as a bit set over their headers, then each active secondary item with its colour
/// (0 while free), in list order (which is the items' order, so the key is canonical).
/// Returns the work it took: the items visited and the words written. The caller reserves
/// the room ([`key_words`]), so that nothing is allocated here.
fn key_of(matrix: &Matrix, key: &mut Vec<u64>) -> u64 {
    let start = key.len();
    key.resize(start + matrix.primary_count as usize / 64 + 1, 0);
    let mut visited = 0u64;
    let mut item = matrix.items[0].right;
    while item != 0 {
        key[start + item as usize / 64] |= 1 << (item % 64);
        item = matrix.items[item as usize].right;
        visited += 1;
    }
    let head = matrix.item_count + 1;
    let mut item = matrix.items[head as usize].right;
    while item != head {
        key.push(u64::from(item) << 32 | u64::from(matrix.nodes[item as usize].color));
        item = matrix.items[item as usize].right;
        visited += 1;
    }
    visited + (key.len() - start) as u64
}

/// The most words a key of `matrix` can have: a word per 64 primary items, one more, and one
/// per secondary item.
fn key_words(matrix: &Matrix) -> usize {
    matrix.primary_count as usize / 64 + 1 + (matrix.item_count - matrix.primary_count) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_table_has_room_for_its_first_entries_within_its_limit() {
        // A probe stores up to a thousand keys: they go in without the table growing.
        let memo = Memo::new(MEMO_BYTES);
        assert!(memo.table.entries.capacity() >= FIRST_ENTRIES);
        let small = Memo::new(10 * ENTRY_OVERHEAD);
        assert!((10..FIRST_ENTRIES).contains(&small.table.entries.capacity()));
        assert_eq!(Memo::new(0).table.entries.capacity(), 0, "no room taken for nothing");
    }
}
