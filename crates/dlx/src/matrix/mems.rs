//! Knuth's mems, counted as his DLX1 (and DLX2, with colours) counts them, so that a profiled
//! search's total can be set beside the one his program prints for the same input.
//!
//! A mem is one access to a 64-bit word (TAOCP 7.2.2.1). DLX1 charges one for reading or
//! writing a node's ULINK and DLINK together, one for its TOP (with its COLOR in DLX2), one for
//! an item's LLINK and RLINK together, one for a LEN. It prints the mems of reading the input
//! apart from those of the search (`I+M mems`); only the search's, M, are counted here. Its
//! costs, which the functions below add up:
//!
//! - **Choosing an item (MRV):** one mem for the first active item, then two per item looked
//!   at (its LEN, then its RLINK); the walk ends after the first empty list.
//! - **cover(i):** four (the item's links, the two writes that unlink it, its first node), one
//!   per option to step down the list, and a walk of each option.
//! - **Walking an option** from one of its nodes (hide): per other node one (its TOP and
//!   COLOR), five more when it leaves its list (its links, two writes, LEN read and written);
//!   two at the spacer. A purified node stays and costs only the one.
//! - **purify:** two, then per option two (stepping down, its colour) and either one (setting
//!   the colour aside) or a walk.
//! - **Committing an option's other items:** one per node, two at the spacer, plus each
//!   cover or purify.
//! - **The search's own steps:** two to take a node's first option, one after each commit to
//!   see whether a primary item is left, two to step to the next option after undoing one,
//!   and two to go back up a level (none from the root).
//!
//! Each inverse (uncover, unpurify, uncommitting) walks the same lists in the same state as
//! its forward operation, so it costs exactly as much. The search therefore charges both when
//! it does the forward one: a node is charged its choice, its cover and uncover and its own
//! steps when it is entered, an option its commit and uncommit when it is tried. So mems, like
//! updates, belong to a node or an option of the tree, and the mems of subproblems add up to
//! the whole tree's however a run splits it (only a search stopped midway has counted some
//! undoing it has not done yet). What the engine does differently costs nothing different: a
//! dead end, which the search does not cover, is charged DLX1's cover and uncover of an empty
//! list; and a profiled search chooses by walking the active items as DLX1 does (the dense
//! scan and the record of short lists choose the same item, but would not say how many items
//! DLX1 looks at).

use super::Matrix;

/// `purify` before its options: the item and colour of the node, then the item's first node.
pub(super) const PURIFY: u64 = 2;

/// `cover` of an item with `len` options, besides the walks of those options.
pub(super) fn cover(len: u32) -> u64 {
    4 + u64::from(len)
}

/// A walk of an option from one node, past `others` nodes of which `unlinked` leave their
/// lists.
pub(super) fn walk(others: u64, unlinked: u64) -> u64 {
    2 + others + 5 * unlinked
}

/// One option of a purified item, besides its walk when it is not `kept`.
pub(super) fn purify_option(kept: bool) -> u64 {
    2 + u64::from(kept)
}

/// Committing the `others` other items of an option, besides their covers and purifications.
pub(super) fn commit(others: u64) -> u64 {
    2 + others
}

/// A node at `level` that is not a solution: its choice of an item after looking at
/// `examined` items, the cover and uncover of that item (`cover` mems each), taking its first
/// option, and going back up.
pub(crate) fn node(examined: u64, cover: u64, level: usize) -> u64 {
    let back_up = if level > 0 { 2 } else { 0 };
    1 + 2 * examined + 2 * cover + 2 + back_up
}

/// A node whose chosen item has no option left, which the search does not cover.
pub(crate) fn dead_end(examined: u64, level: usize) -> u64 {
    node(examined, cover(0), level)
}

/// Trying an option whose commit cost `commit` mems: the commit and its undoing, the test for
/// a solution, and the step to the next option.
pub(crate) fn option(commit: u64) -> u64 {
    2 * commit + 3
}

impl Matrix {
    /// The header index of the item DLX1's MRV loop chooses (the leftmost shortest active
    /// primary list) and the number of items it looks at, found by the same walk; `None` when
    /// every primary item is covered.
    pub(crate) fn choose_mrv_walking(&self) -> Option<(u32, u64)> {
        let mut k = self.items[0].right;
        if k == 0 {
            return None;
        }
        let (mut best, mut best_len, mut examined) = (k, self.len[k as usize], 1);
        while best_len > 0 {
            k = self.items[k as usize].right;
            if k == 0 {
                break;
            }
            examined += 1;
            let len = self.len[k as usize];
            if len < best_len {
                best = k;
                best_len = len;
            }
        }
        Some((best, examined))
    }

    /// The mems counted since the last call.
    pub(crate) fn take_mems(&mut self) -> u64 {
        std::mem::take(&mut self.mems)
    }
}
