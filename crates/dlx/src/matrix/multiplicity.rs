//! Knuth's Algorithm M (his program DLX3): primary items with multiplicities, covered between
//! `u` and `v` times. Each primary item keeps its remaining upper bound (`bound`, decreased by
//! each option chosen that contains it) and its slack `v - u`; it is covered when `bound`
//! reaches 0, and a choice may instead *tweak* it: take its first option out of its list (and
//! out of the matrix), trying that option now and excluding it from the later branches, so that
//! each set of options is found once, not once per order.
//!
//! Problems with multiplicities are searched in neither dense nor huge mode (the chooser below
//! walks the active items to compute its scores), so these steps need no `COVERED` flags nor
//! short-list counts.

use super::{Matrix, Mode, Node};

/// The multiplicity state of one primary item header.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Bound {
    /// How many more chosen options may contain the item.
    pub(crate) left: u32,
    /// Its upper bound minus its lower bound: how many of those it may go without.
    pub(crate) slack: u32,
}

impl Matrix {
    /// Sets the bounds `(lower, upper)` of each primary item, in item order. Searches of such a
    /// matrix take Algorithm M's steps, which walk the active items, so the dense scan and the
    /// short-list counts are switched off. Only valid on a clean matrix.
    pub(crate) fn set_multiplicities(&mut self, bounds: &[(u32, u32)]) {
        self.dense = false;
        self.count_short_lists(false);
        self.bound = vec![Bound::default(); self.primary_count as usize + 1];
        for (k, &(lower, upper)) in bounds.iter().enumerate() {
            self.bound[k + 1] = Bound { left: upper, slack: upper - lower };
        }
    }

    /// Whether some primary item has bounds other than exactly once: Algorithm M's search.
    #[inline]
    pub(crate) fn has_multiplicities(&self) -> bool {
        !self.bound.is_empty()
    }

    /// DLX3's choice: the active primary item of smallest branching degree `len + s - b + 1`
    /// (`b` the bound left, `s` the smaller of `b` and the slack), preferring a smaller `s`,
    /// then a longer list (which keeps the middle levels of the tree narrower), then the
    /// leftmost. With `first`, the leftmost item whatever its degree. `None` when no primary
    /// item is active (a solution); a degree of 0 or less is a dead end.
    pub(crate) fn choose_bounded(&self, first: bool) -> Option<(u32, i64)> {
        let mut k = self.items[0].right;
        let mut best = None;
        let (mut best_score, mut best_s, mut best_len) = (i64::MAX, 0, 0);
        while k != 0 {
            let Bound { left, slack } = self.bound[k as usize];
            let s = i64::from(slack.min(left));
            let len = i64::from(self.len[k as usize]);
            let score = len + s - i64::from(left) + 1;
            let better = score < best_score
                || (score == best_score && (s < best_s || (s == best_s && len > best_len)));
            if better {
                (best, best_score, best_s, best_len) = (Some(k), score, s, len);
            }
            // A degree of 0 or less is a dead end whichever item has it: the search backs up
            // without touching a link, so no later item could change what happens.
            if first || score <= 0 {
                break;
            }
            k = self.items[k as usize].right;
        }
        best.map(|item| (item, best_score))
    }

    /// tweak(x): takes node `x`, the first of its item's list, out of that list; with `block`,
    /// also hides its option from the other items' lists (without, the item is covered, which
    /// hid them already). Returns the updates, counted as DLX3 counts them.
    pub(crate) fn tweak<M: Mode>(&mut self, x: u32, block: bool) -> u64 {
        let mut updates = 1;
        if block {
            updates += self.hide::<M>(x as usize);
        }
        let Node { top, up, down, .. } = self.nodes[x as usize];
        self.nodes[up as usize].down = down;
        self.nodes[down as usize].up = up;
        self.len[top as usize] -= 1;
        updates
    }

    /// untweak: puts back every node tweaked out of item `p`'s list since `first` was its first
    /// node, in their order (each still points down to the next, DLX3's "punch line"), with
    /// their options when `unblock`; otherwise the item was covered, and is uncovered.
    pub(crate) fn untweak<M: Mode>(&mut self, p: u32, first: u32, unblock: bool) {
        let end = self.nodes[p as usize].down;
        self.nodes[p as usize].down = first;
        let (mut above, mut x, mut count) = (p, first, 0);
        while x != end {
            self.nodes[x as usize].up = above;
            count += 1;
            if unblock {
                self.unhide::<M>(x as usize);
            }
            above = x;
            x = self.nodes[x as usize].down;
        }
        self.nodes[end as usize].up = above;
        self.len[p as usize] += count;
        if !unblock {
            self.uncover::<M>(p);
        }
    }

    /// Takes primary item `p` out of the active items without covering it: the null move of
    /// a level, after which it gets no more options.
    pub(crate) fn deactivate(&mut self, p: u32) {
        let super::ItemLinks { left, right } = self.items[p as usize];
        self.items[left as usize].right = right;
        self.items[right as usize].left = left;
    }

    /// The inverse of `deactivate` (also harmless on an item whose neighbours already point to
    /// it, as after `uncover`).
    pub(crate) fn reactivate(&mut self, p: u32) {
        let super::ItemLinks { left, right } = self.items[p as usize];
        self.items[left as usize].right = p;
        self.items[right as usize].left = p;
    }

    /// Commits every node of `x`'s option except `x`, left to right, as Algorithm M does: a
    /// primary item's bound goes down and it is covered at 0; a secondary item is committed as
    /// in Algorithm C. The walk wraps at the option's spacer, as `commit_others` does.
    pub(crate) fn commit_others_bounded<M: Mode>(&mut self, x: u32) -> u64 {
        let mut updates = 0;
        let mut p = x + 1;
        while p != x {
            let Node { top, up, .. } = self.nodes[p as usize];
            if top == 0 {
                p = up;
                continue;
            }
            updates += self.commit_bounded::<M>(p, top);
            p += 1;
        }
        updates
    }

    /// The exact inverse of `commit_others_bounded`, right to left.
    pub(crate) fn uncommit_others_bounded<M: Mode>(&mut self, x: u32) {
        let mut p = x - 1;
        while p != x {
            let Node { top, down, .. } = self.nodes[p as usize];
            if top == 0 {
                p = down;
                continue;
            }
            self.uncommit_bounded::<M>(p, top);
            p -= 1;
        }
    }

    /// The effect on item `top` of choosing node `p`'s option.
    #[inline]
    fn commit_bounded<M: Mode>(&mut self, p: u32, top: u32) -> u64 {
        if top > self.primary_count {
            return self.commit::<M>(p, top);
        }
        let bound = &mut self.bound[top as usize].left;
        *bound -= 1;
        if *bound == 0 {
            self.cover::<M>(top)
        } else {
            0
        }
    }

    /// The inverse of `commit_bounded`.
    #[inline]
    fn uncommit_bounded<M: Mode>(&mut self, p: u32, top: u32) {
        if top > self.primary_count {
            return self.uncommit::<M>(p, top);
        }
        if self.bound[top as usize].left == 0 {
            self.uncover::<M>(top);
        }
        self.bound[top as usize].left += 1;
    }

    /// Commits a whole option from outside the search, as if a level had chosen it from the
    /// list of its first primary item: that node is tweaked out with its option (so that no
    /// search chooses the option again), and every item's bound goes down. An option without
    /// a primary item is committed as in Algorithm C. The caller has checked that it fits.
    pub(crate) fn commit_option_bounded<M: Mode>(&mut self, option: u32) -> u64 {
        let Some(x) = self.first_primary(option) else {
            return self.commit_option(option);
        };
        let p = self.nodes[x as usize].top;
        let mut updates = self.tweak::<M>(x, true);
        self.bound[p as usize].left -= 1;
        if self.bound[p as usize].left == 0 {
            updates += self.cover::<M>(p);
        }
        updates + self.commit_others_bounded::<M>(x)
    }

    /// The exact inverse of `commit_option_bounded`.
    pub(crate) fn uncommit_option_bounded<M: Mode>(&mut self, option: u32) {
        let Some(x) = self.first_primary(option) else {
            return self.uncommit_option(option);
        };
        let p = self.nodes[x as usize].top;
        self.uncommit_others_bounded::<M>(x);
        if self.bound[p as usize].left == 0 {
            self.uncover::<M>(p);
        }
        self.bound[p as usize].left += 1;
        let Node { top, up, down, .. } = self.nodes[x as usize];
        self.nodes[up as usize].down = x;
        self.nodes[down as usize].up = x;
        self.len[top as usize] += 1;
        self.unhide::<M>(x as usize);
    }

    /// The first node of `option` whose item is primary.
    fn first_primary(&self, option: u32) -> Option<u32> {
        self.option_nodes(option).find(|&x| self.nodes[x as usize].top <= self.primary_count)
    }
}
