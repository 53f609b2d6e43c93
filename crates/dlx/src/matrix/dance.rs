//! The dancing itself: Algorithm C's hide, cover, purify and commit with their exact inverses,
//! compiled once per [`Mode`] of a matrix.

use super::{mems, with_mode, ItemLinks, Matrix, Mode, Node, COVERED, PURIFIED};

// Algorithm C's operations, compiled per [`Mode`]: without colours the colour tests vanish
// (Knuth's DLX1), with them this is DLX2. Each returns its number of updates (links changed),
// counted as DLX1 counts them. In `Mode::PROFILE` the forward ones also add DLX1's mems to
// `mems`; the inverses count none, as the search charges them with the forward ones
// (`matrix/mems.rs`).
impl Matrix {
    /// hide'(p): unlink every other node of `p`'s option from its item's list.
    ///
    /// The walk is two loops, right of `p` up to the option's spacer, then from the option's
    /// first node up to `p`, so that each loop tests one exit condition a node instead of two
    /// (Knuth's single loop tests for the spacer and for `p` at every node). Indices are
    /// widened to `usize` as they are loaded: `u32` loop variables made the compiler keep a
    /// zero-extended copy of each beside it.
    #[inline]
    pub(super) fn hide<M: Mode>(&mut self, p: usize) -> u64 {
        let mut unlinked = 0;
        let mut others = 0;
        let mut q = p + 1;
        loop {
            let node = self.nodes[q];
            if node.top == 0 {
                if M::PROFILE {
                    others = option_others(q, node.up);
                }
                q = node.up as usize;
                break;
            }
            unlinked += self.unlink::<M>(node);
            q += 1;
        }
        while q != p {
            unlinked += self.unlink::<M>(self.nodes[q]);
            q += 1;
        }
        if M::PROFILE {
            self.mems += mems::walk(others, unlinked);
        }
        unlinked
    }

    /// Takes the node with links `node` out of its item's list (unless it is purified), and
    /// returns the number of updates.
    #[inline]
    fn unlink<M: Mode>(&mut self, node: Node) -> u64 {
        let Node { top, up, down, color } = node;
        if M::COLORS && color == PURIFIED {
            return 0;
        }
        self.nodes[up as usize].down = down;
        self.nodes[down as usize].up = up;
        self.len[top as usize] -= 1;
        if M::HUGE && top <= self.primary_count {
            self.shortened(top, self.len[top as usize]);
        }
        1
    }

    /// Puts node `q`, with links `node`, back into its item's list: the inverse of `unlink`.
    #[inline]
    fn relink<M: Mode>(&mut self, q: usize, node: Node) {
        let Node { top, up, down, color } = node;
        if M::COLORS && color == PURIFIED {
            return;
        }
        self.nodes[up as usize].down = q as u32;
        self.nodes[down as usize].up = q as u32;
        self.len[top as usize] += 1;
        if M::HUGE && top <= self.primary_count {
            self.lengthened(top, self.len[top as usize]);
        }
    }

    /// Active primary list `item` went down to `len` options: keep the short lists' record.
    #[inline]
    fn shortened(&mut self, item: u32, len: u32) {
        match len {
            0 => {
                self.singles.remove(item);
                self.empty += 1;
            }
            1 => self.singles.insert(item),
            _ => {}
        }
    }

    /// The inverse of `shortened`: active primary list `item` went up to `len` options.
    #[inline]
    fn lengthened(&mut self, item: u32, len: u32) {
        match len {
            1 => {
                self.empty -= 1;
                self.singles.insert(item);
            }
            2 => self.singles.remove(item),
            _ => {}
        }
    }

    /// Primary list `item` of `len` options leaves (`leaves`) or joins the active items.
    #[inline]
    fn short_list_moves(&mut self, item: u32, len: u32, leaves: bool) {
        match (len, leaves) {
            (0, true) => self.empty -= 1,
            (0, false) => self.empty += 1,
            (1, true) => self.singles.remove(item),
            (1, false) => self.singles.insert(item),
            _ => {}
        }
    }

    /// unhide'(p): the exact inverse of `hide`, walking the option the other way.
    #[inline]
    pub(super) fn unhide<M: Mode>(&mut self, p: usize) {
        let mut q = p - 1;
        loop {
            let node = self.nodes[q];
            if node.top == 0 {
                q = node.down as usize;
                break;
            }
            self.relink::<M>(q, node);
            q -= 1;
        }
        while q != p {
            self.relink::<M>(q, self.nodes[q]);
            q -= 1;
        }
    }

    /// cover(i): unlink item `i` from its list and hide every option that contains it.
    #[inline]
    pub(crate) fn cover<M: Mode>(&mut self, i: u32) -> u64 {
        // The item leaves its list first, Knuth last: the two touch different arrays, and
        // this way the loop below does not keep the item arrays live (fewer registers spilled).
        let header = i as usize;
        if M::PROFILE {
            self.mems += mems::cover(self.len[header] & !COVERED);
        }
        let ItemLinks { left, right } = self.items[header];
        self.items[left as usize].right = right;
        self.items[right as usize].left = left;
        if M::HUGE && i <= self.primary_count {
            self.short_list_moves(i, self.len[header], true);
        }
        if M::DENSE {
            self.len[header] |= COVERED;
            self.active_primary -= u32::from(i <= self.primary_count);
        }
        let mut updates = 1;
        let mut p = self.nodes[header].down as usize;
        while p != header {
            updates += self.hide::<M>(p);
            p = self.nodes[p].down as usize;
        }
        updates
    }

    /// uncover(i): the exact inverse of `cover`.
    #[inline]
    pub(crate) fn uncover<M: Mode>(&mut self, i: u32) {
        let header = i as usize;
        let ItemLinks { left, right } = self.items[header];
        self.items[left as usize].right = i;
        self.items[right as usize].left = i;
        if M::DENSE {
            self.len[header] &= !COVERED;
            self.active_primary += u32::from(i <= self.primary_count);
        }
        if M::HUGE && i <= self.primary_count {
            self.short_list_moves(i, self.len[header], false);
        }
        let mut p = self.nodes[header].up as usize;
        while p != header {
            self.unhide::<M>(p);
            p = self.nodes[p].up as usize;
        }
    }

    /// purify(p): keep the options that give `p`'s item `p`'s colour (marking them purified),
    /// hide the rest.
    fn purify<M: Mode>(&mut self, p: u32) -> u64 {
        let Node { top: i, color: c, .. } = self.nodes[p as usize];
        self.nodes[i as usize].color = c;
        if M::PROFILE {
            self.mems += mems::PURIFY;
        }
        let mut updates = 0;
        let mut q = self.nodes[i as usize].down;
        while q != i {
            let kept = self.nodes[q as usize].color == c;
            if M::PROFILE {
                self.mems += mems::purify_option(kept);
            }
            if kept {
                if q != p {
                    self.nodes[q as usize].color = PURIFIED;
                }
            } else {
                updates += self.hide::<M>(q as usize);
            }
            q = self.nodes[q as usize].down;
        }
        updates
    }

    /// unpurify(p): the exact inverse of `purify`.
    fn unpurify<M: Mode>(&mut self, p: u32) {
        let Node { top: i, color: c, .. } = self.nodes[p as usize];
        self.nodes[i as usize].color = 0;
        let mut q = self.nodes[i as usize].up;
        while q != i {
            if self.nodes[q as usize].color == PURIFIED {
                self.nodes[q as usize].color = c;
            } else if q != p {
                self.unhide::<M>(q as usize);
            }
            q = self.nodes[q as usize].up;
        }
    }

    /// commit(p, j): the effect on item `j` of choosing the option of node `p`.
    #[inline]
    pub(super) fn commit<M: Mode>(&mut self, p: u32, j: u32) -> u64 {
        if !M::COLORS {
            return self.cover::<M>(j);
        }
        match self.nodes[p as usize].color {
            0 => self.cover::<M>(j),
            PURIFIED => 0,
            _ => self.purify::<M>(p),
        }
    }

    /// uncommit(p, j): the exact inverse of `commit`.
    #[inline]
    pub(super) fn uncommit<M: Mode>(&mut self, p: u32, j: u32) {
        if !M::COLORS {
            return self.uncover::<M>(j);
        }
        match self.nodes[p as usize].color {
            0 => self.uncover::<M>(j),
            PURIFIED => {}
            _ => self.unpurify::<M>(p),
        }
    }

    /// Commits every node of `x`'s option except `x` itself, left to right: as in `hide`, the
    /// nodes right of `x` up to the spacer, then the option's first nodes up to `x`.
    #[inline]
    pub(crate) fn commit_others<M: Mode>(&mut self, x: u32) -> u64 {
        let x = x as usize;
        let mut updates = 0;
        let mut p = x + 1;
        loop {
            let Node { top, up, .. } = self.nodes[p];
            if top == 0 {
                if M::PROFILE {
                    self.mems += mems::commit(option_others(p, up));
                }
                p = up as usize;
                break;
            }
            updates += self.commit::<M>(p as u32, top);
            p += 1;
        }
        while p != x {
            let top = self.nodes[p].top;
            updates += self.commit::<M>(p as u32, top);
            p += 1;
        }
        updates
    }

    /// The exact inverse of `commit_others`, right to left.
    #[inline]
    pub(crate) fn uncommit_others<M: Mode>(&mut self, x: u32) {
        let x = x as usize;
        let mut p = x - 1;
        loop {
            let Node { top, down, .. } = self.nodes[p];
            if top == 0 {
                p = down as usize;
                break;
            }
            self.uncommit::<M>(p as u32, top);
            p -= 1;
        }
        while p != x {
            let top = self.nodes[p].top;
            self.uncommit::<M>(p as u32, top);
            p -= 1;
        }
    }

    /// Commits a whole option from outside the search: primary items are covered, secondary
    /// items committed. The caller has checked that it fits.
    pub(crate) fn commit_option(&mut self, option: u32) -> u64 {
        let first = self.option_nodes(option).start;
        let j = self.nodes[first as usize].top;
        with_mode!(self, M => self.commit::<M>(first, j) + self.commit_others::<M>(first))
    }

    /// The exact inverse of `commit_option`.
    pub(crate) fn uncommit_option(&mut self, option: u32) {
        let first = self.option_nodes(option).start;
        let j = self.nodes[first as usize].top;
        with_mode!(self, M => {
            self.uncommit_others::<M>(first);
            self.uncommit::<M>(first, j);
        });
    }

    /// Whether the option could be committed now: each primary item is active, and each
    /// secondary item is active and either unpurified or purified with the same colour.
    /// (An option with no primary item that is already committed passes this test; the
    /// solver checks that case itself.)
    pub(crate) fn option_fits(&self, option: u32) -> Result<(), u32> {
        for x in self.option_nodes(option) {
            let Node { top: i, color, .. } = self.nodes[x as usize];
            // A secondary item purified with this node's colour may be shared. The node is
            // marked PURIFIED then, unless it was hidden before the purification; its option
            // then clashes on another item, which this loop names instead.
            let purified_with = self.nodes[i as usize].color;
            let fits = self.is_active(i)
                && (i <= self.primary_count
                    || purified_with == 0
                    || color == PURIFIED
                    || color == purified_with);
            if !fits {
                return Err(i - 1);
            }
        }
        Ok(())
    }
}

/// The number of nodes of an option besides the one a walk starts at, from its spacer's index
/// and the index of its first node (the spacer's ULINK).
fn option_others(spacer: usize, first: u32) -> u64 {
    (spacer - first as usize - 1) as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matrix::Flags;

    #[test]
    fn cover_then_uncover_restores_the_matrix_exactly() {
        let options: [&[(u32, u32)]; 4] =
            [&[(0, 0), (2, 0)], &[(1, 0), (2, 0)], &[(0, 0), (1, 0)], &[(1, 0), (3, 1)]];
        let original = Matrix::new(4, 3, 8, options.into_iter());
        let mut matrix = original.clone();
        for item in 1..=4 {
            let updates = matrix.cover::<Flags<true, false>>(item);
            assert!(updates >= 1);
            assert_ne!(matrix, original);
            matrix.uncover::<Flags<true, false>>(item);
            assert_eq!(matrix, original, "item {item}");
        }
        for option in 0..4 {
            matrix.commit_option(option);
            matrix.uncommit_option(option);
            assert_eq!(matrix, original, "option {option}");
        }
    }
}
