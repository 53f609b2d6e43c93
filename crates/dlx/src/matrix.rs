//! The dancing-links arena: item headers and option nodes in one contiguous `Vec`, linked by
//! `u32` indices exactly as in Knuth's DLX2 (TAOCP 7.2.2.1, Algorithm C), so cover, hide and their
//! inverses are a few array writes with no pointers, no reference counting and no allocation.
//!
//! Layout of `nodes`: index 0 is unused; `1..=n` are the item headers (item `ItemId(k)` is header
//! `k + 1`); then a spacer, the nodes of option 0, a spacer, the nodes of option 1, ... and a final
//! spacer. A spacer's ULINK is the first node of the option before it and its DLINK the last node
//! of the option after it, so walking an option left or right wraps around without a bounds test.

mod dance;
mod last_item;
pub(crate) mod mems;
mod mode;
mod multiplicity;
mod smallest;

use multiplicity::Bound;
pub(crate) use smallest::SmallestSet;

pub(crate) use mode::{with_mode, Flags, Mode};

/// COLOR of a node whose item was purified with the node's own colour: it stays in its list.
pub(crate) const PURIFIED: u32 = u32::MAX;

/// The fewest primary items for which MRV scans lengths densely (see `choose_mrv`).
const DENSE_SCAN_MIN: u32 = 128;

/// The fewest primary items for which covers keep count of the empty and one-option lists, so
/// that choosing an item does not scan them all (see `choose_mrv`). Below it a scan costs
/// less than the counting.
pub(crate) const HUGE_MIN: u32 = 4096;

/// Flag added to a covered item's LEN so that a dense minimum never picks it. Lengths stay far
/// below it (a list cannot have 2^31 nodes in a u32-indexed arena of 4 words a node). A covered
/// item's length does not change while it is covered: every option in its list is hidden.
pub(crate) const COVERED: u32 = 1 << 31;

/// One node: an item header, an option node or a spacer. COLOR stays in the node: kept in a
/// separate array (12-byte nodes) it cost coloured problems 14% and gained sudoku nothing
/// measurable (docs/PERFORMANCE.md).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Node {
    /// Knuth's TOP for option nodes (the header index of the node's item, `1..=n`) and spacers
    /// (0). Unused for headers: their LEN lives in [`Matrix::len`].
    pub(crate) top: u32,
    /// Knuth's ULINK: the node above in the item's vertical list (for a header: the last node).
    ///
    /// # Invariant
    /// While `self` is linked, `nodes[up].down` is `self`.
    pub(crate) up: u32,
    /// Knuth's DLINK: the node below in the item's vertical list (for a header: the first node).
    ///
    /// # Invariant
    /// While `self` is linked, `nodes[down].up` is `self`.
    pub(crate) down: u32,
    /// Knuth's COLOR: 0 for none, a colour id, or [`PURIFIED`]. On a secondary header: the
    /// colour the item is purified with, or 0 while it is not (used to check committed options).
    pub(crate) color: u32,
}

/// Knuth's LLINK and RLINK of one item in the doubly linked list of active items.
///
/// # Invariant
/// For an item in its list, `items[left].right` and `items[right].left` are the item itself.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct ItemLinks {
    pub(crate) left: u32,
    pub(crate) right: u32,
}

/// The linked structure of one problem: what the search mutates and restores.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Matrix {
    /// Index 0 heads the circular list of active primary items, `n + 1` that of secondary items.
    pub(crate) items: Vec<ItemLinks>,
    pub(crate) nodes: Vec<Node>,
    /// Knuth's LEN of each item header, kept apart from `nodes` so that MRV can scan the
    /// primary items as one dense array. [`COVERED`] is added while an item is covered.
    ///
    /// # Invariant
    /// `len[i] & !COVERED` is the number of nodes linked into item `i`'s vertical list, and
    /// the flag is set exactly while `i` is out of its list of active items.
    pub(crate) len: Vec<u32>,
    /// The number of primary items in the active list, to pick the cheaper MRV scan.
    pub(crate) active_primary: u32,
    /// For each node, the option it belongs to (`u32::MAX` for headers and spacers). Read only
    /// when a solution is reported, so it lives apart from the hot `nodes`.
    pub(crate) node_option: Vec<u32>,
    /// First node of each option, plus one past the last option's spacer.
    pub(crate) option_start: Vec<u32>,
    pub(crate) item_count: u32,
    pub(crate) primary_count: u32,
    pub(crate) has_colors: bool,
    /// The number of options without a primary item (see `matrix/last_item.rs`).
    pub(crate) options_without_primary: u32,
    /// Whether MRV may scan the lengths densely (at least [`DENSE_SCAN_MIN`] primary items):
    /// only then do covers keep the [`COVERED`] flags and `active_primary` up to date.
    pub(crate) dense: bool,
    /// Whether the two fields below are kept (at least [`HUGE_MIN`] primary items).
    pub(crate) huge: bool,
    /// The number of active primary items whose lists are empty.
    ///
    /// # Invariant
    /// While `huge`, exactly that number; `singles` holds exactly the active primary items
    /// with one option.
    pub(crate) empty: u32,
    pub(crate) singles: SmallestSet,
    /// Knuth's mems spent by the covers, purifications and commits done since the search last
    /// took them (see `matrix/mems.rs`); counted in [`Mode::PROFILE`] only, and 0 otherwise.
    pub(crate) mems: u64,
    /// Per primary item header, its bound left and slack (Algorithm M); empty when every
    /// primary item is to be covered exactly once (Algorithm X or C).
    pub(crate) bound: Vec<Bound>,
}

impl Matrix {
    /// Links `options` (each a list of `(item index, colour)`, colour 0 for none) over
    /// `item_count` items of which the first `primary_count` are primary; `entry_count` is
    /// the number of pairs in all options. Inputs are validated by the builder; this only lays
    /// out the links.
    pub(crate) fn new<'a>(
        item_count: u32,
        primary_count: u32,
        entry_count: usize,
        options: impl Iterator<Item = &'a [(u32, u32)]>,
    ) -> Matrix {
        let n = item_count;
        let mut items = Vec::with_capacity(n as usize + 2);
        for k in 0..=n + 1 {
            items.push(ItemLinks { left: k.wrapping_sub(1), right: k + 1 });
        }
        // Two circular lists: 0 -> primaries -> 0 and n+1 -> secondaries -> n+1.
        let p = primary_count;
        items[0].left = p;
        items[p as usize].right = 0;
        items[n as usize + 1].right = if p == n { n + 1 } else { p + 1 };
        items[n as usize + 1].left = if p == n { n + 1 } else { n };
        if p < n {
            items[p as usize + 1].left = n + 1;
            items[n as usize].right = n + 1;
        }

        // Headers, then each option's nodes and a spacer, then the first spacer: sized once,
        // since doubling a vector of millions of nodes would hold two copies at its peak.
        let (option_count, _) = options.size_hint();
        let capacity = n as usize + 2 + entry_count + option_count;
        let mut nodes: Vec<Node> = Vec::with_capacity(capacity);
        nodes.extend((0..=n).map(|k| Node { top: 0, up: k, down: k, color: 0 }));
        let mut len = vec![0u32; n as usize + 1];
        let mut node_option = Vec::with_capacity(capacity);
        node_option.resize(nodes.len(), u32::MAX);
        let mut option_start = Vec::new();
        let mut has_colors = false;
        let mut options_without_primary = 0;
        // The first spacer.
        let mut spacer = nodes.len() as u32;
        nodes.push(Node::default());
        node_option.push(u32::MAX);
        for (index, option) in options.enumerate() {
            let first = nodes.len() as u32;
            option_start.push(first);
            options_without_primary += u32::from(option.iter().all(|&(item, _)| item >= p));
            for &(item, color) in option {
                let header = item + 1;
                let x = nodes.len() as u32;
                let last = nodes[header as usize].up;
                nodes.push(Node { top: header, up: last, down: header, color });
                node_option.push(index as u32);
                nodes[last as usize].down = x;
                nodes[header as usize].up = x;
                len[header as usize] += 1;
                has_colors |= color != 0;
            }
            let last = nodes.len() as u32 - 1;
            nodes[spacer as usize].down = last;
            spacer = nodes.len() as u32;
            nodes.push(Node { top: 0, up: first, down: 0, color: 0 });
            node_option.push(u32::MAX);
        }
        option_start.push(spacer + 1);
        let mut matrix = Matrix {
            items,
            nodes,
            len,
            active_primary: p,
            node_option,
            option_start,
            item_count: n,
            primary_count: p,
            has_colors,
            options_without_primary,
            dense: p >= DENSE_SCAN_MIN,
            huge: false,
            empty: 0,
            singles: SmallestSet::default(),
            mems: 0,
            bound: Vec::new(),
        };
        matrix.count_short_lists(p >= HUGE_MIN);
        matrix
    }

    /// Starts (or stops) keeping count of the empty and one-option lists. Only valid on a clean
    /// matrix (nothing covered).
    pub(crate) fn count_short_lists(&mut self, huge: bool) {
        self.huge = huge;
        let primary = &self.len[1..=self.primary_count as usize];
        self.empty = primary.iter().filter(|&&len| len == 0).count() as u32;
        self.singles = SmallestSet::new(if huge { primary.len() + 1 } else { 0 });
        for (at, _) in primary.iter().enumerate().filter(|&(_, &len)| len == 1 && huge) {
            self.singles.insert(at as u32 + 1);
        }
    }

    /// The header index of the active primary item with the shortest list, the leftmost on
    /// ties (Knuth's MRV exactly as in DLX1), or `None` when every primary item is covered.
    #[inline]
    pub(crate) fn choose_mrv<M: Mode>(&self) -> Option<u32> {
        if self.items[0].right == 0 {
            return None;
        }
        if M::HUGE {
            // An empty list is a dead end whichever one DLX1 would name: header 0, whose LEN
            // is always 0, stands for it. Without one, the first list of one option is the
            // leftmost shortest. Either way no scan of thousands of items per node: a chain
            // of forced moves through a million items, in any order, is linear, not quadratic.
            if self.empty > 0 {
                return Some(0);
            }
            if let Some(k) = self.singles.smallest() {
                return Some(k);
            }
        }
        // Two scans that choose the same item: a dense one over all primary lengths, which
        // has no chain of dependent loads, for large problems while many items are active
        // (sudoku: 324 items); the list walk otherwise, which on a few dozen items (queens,
        // pentominoes, Langford) measured about 10% faster.
        if M::DENSE && self.active_primary * 4 >= self.primary_count {
            let at = leftmost_min(&self.len[1..=self.primary_count as usize]);
            return Some(at as u32 + 1);
        }
        let mut k = self.items[0].right;
        let mut best = k;
        let mut best_len = self.len[k as usize];
        // Strictly shorter wins, so ties go to the leftmost; nothing beats an empty list.
        while best_len > 0 {
            k = self.items[k as usize].right;
            if k == 0 {
                break;
            }
            let len = self.len[k as usize];
            if len < best_len {
                best = k;
                best_len = len;
            }
        }
        Some(best)
    }

    /// The leftmost active primary item, ignoring list lengths.
    #[inline]
    pub(crate) fn choose_first(&self) -> Option<u32> {
        let k = self.items[0].right;
        (k != 0).then_some(k)
    }

    /// Whether item header `i` is in its list of active items.
    pub(crate) fn is_active(&self, i: u32) -> bool {
        let left = self.items[i as usize].left;
        self.items[left as usize].right == i
    }

    /// How far down item header `i`'s list node `x` is (0 for the first), or `None` when `x`
    /// is not in the list.
    pub(crate) fn list_position(&self, i: u32, x: u32) -> Option<usize> {
        let mut at = self.nodes[i as usize].down;
        let mut position = 0;
        while at != i {
            if at == x {
                return Some(position);
            }
            at = self.nodes[at as usize].down;
            position += 1;
        }
        None
    }

    /// The option that node `x` belongs to.
    pub(crate) fn option_of(&self, x: u32) -> u32 {
        self.node_option[x as usize]
    }

    /// The nodes of option `option`.
    pub(crate) fn option_nodes(&self, option: u32) -> std::ops::Range<u32> {
        let start = self.option_start[option as usize];
        let end = self.option_start[option as usize + 1] - 1;
        start..end
    }
}

/// The index of the leftmost smallest value. Written as fixed-width lane-wise minima so that
/// the compiler can vectorise both passes; a plain `min`/`position` stays scalar.
// `|` on bools is meant: `||` would branch on every element.
#[allow(clippy::needless_bitwise_bool)]
fn leftmost_min(values: &[u32]) -> usize {
    const LANES: usize = 16;
    let mut lanes = [u32::MAX; LANES];
    let chunks = values.chunks_exact(LANES);
    let tail = chunks.remainder();
    for chunk in chunks {
        for (lane, &value) in lanes.iter_mut().zip(chunk) {
            *lane = (*lane).min(value);
        }
    }
    let min = lanes.iter().chain(tail).fold(u32::MAX, |m, &v| m.min(v));
    let chunk =
        values.chunks(LANES).position(|chunk| chunk.iter().fold(false, |hit, &v| hit | (v == min)));
    let chunk = chunk.unwrap_or(0);
    let within = values[chunk * LANES..].iter().position(|&v| v == min).unwrap_or(0);
    chunk * LANES + within
}

// Restoring by copy.
impl Matrix {
    /// Roughly how many undo updates cost as much as [`restore_from`](Self::restore_from): an
    /// update (a hidden node relinked) costs about as much as copying 64 bytes.
    pub(crate) fn restore_cost(&self) -> u64 {
        let words = self.nodes.len() * 4 + self.len.len() + self.items.len() * 2;
        words as u64 * 4 / BYTES_PER_UPDATE
    }

    /// Copies the links of `initial` (the matrix this one was cloned from) into this one,
    /// without allocating. Colours are copied only where purification can change them.
    pub(crate) fn restore_from(&mut self, initial: &Matrix) {
        self.items.copy_from_slice(&initial.items);
        self.nodes.copy_from_slice(&initial.nodes);
        self.len.copy_from_slice(&initial.len);
        self.active_primary = initial.active_primary;
        self.empty = initial.empty;
        self.singles.clone_from(&initial.singles);
        self.bound.copy_from_slice(&initial.bound);
    }
}

// Randomising the order in which options are tried.
impl Matrix {
    /// Puts every item's options in a random order: `random_below(k)` must return a number
    /// below `k`. Only valid on a clean matrix (nothing covered), where every option is linked.
    pub(crate) fn shuffle_lists(&mut self, random_below: &mut dyn FnMut(usize) -> usize) {
        let mut column = Vec::new();
        for header in 1..=self.item_count {
            column.clear();
            let mut x = self.nodes[header as usize].down;
            while x != header {
                column.push(x);
                x = self.nodes[x as usize].down;
            }
            // Fisher-Yates, then relink the list in the new order.
            for k in (1..column.len()).rev() {
                column.swap(k, random_below(k + 1).min(k));
            }
            let mut previous = header;
            for &x in &column {
                self.nodes[previous as usize].down = x;
                self.nodes[x as usize].up = previous;
                previous = x;
            }
            self.nodes[previous as usize].down = header;
            self.nodes[header as usize].up = previous;
        }
    }
}

/// See [`Matrix::restore_cost`]; measured on the sudoku path (docs/PERFORMANCE.md).
const BYTES_PER_UPDATE: u64 = 64;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leftmost_min_matches_a_plain_scan() {
        let mut state = 12_345u32;
        for len in 0..100 {
            for _ in 0..20 {
                let values: Vec<u32> = (0..len.max(1))
                    .map(|_| {
                        state = state.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                        (state >> 16) % 5 + if state.is_multiple_of(7) { COVERED } else { 0 }
                    })
                    .collect();
                let min = *values.iter().min().unwrap();
                let expected = values.iter().position(|&v| v == min).unwrap();
                assert_eq!(leftmost_min(&values), expected, "{values:?}");
            }
        }
    }
}
