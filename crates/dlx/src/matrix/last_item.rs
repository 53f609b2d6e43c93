//! The last primary item's options, counted without dancing. Once a single primary item is
//! active, each option left in its list is a solution: the search would cover the item, and
//! commit, report and uncommit each option in turn, changing the links only to change them
//! back. What those steps count, Knuth's updates, follows from the options alone, so a count
//! takes them in one walk down the item's list (intervals, where 94% of the nodes are such
//! solutions: docs/PERFORMANCE.md).
//!
//! Why the updates follow: an option is in a list only while all its primary items are active
//! (covering one hides it), so once the last primary item is covered, the lists of secondary
//! items hold only options without a primary item. Where the problem has none, they are empty:
//! committing an option then costs one update per item it covers (its unlinking) and none per
//! purification (an empty list has nothing to hide). A node marked purified costs nothing,
//! in the cover's hiding as in the commit.

use super::{Matrix, Mode, PURIFIED};

impl Matrix {
    /// Whether a count should look for the last primary item at every node: where
    /// [`last_item_updates`] holds (every option has a primary item) and can pay. Without
    /// secondary items it cannot: the last item's list then holds only options made of the
    /// item alone, so the walk would save next to nothing, and the look costs every node
    /// (Langford 11 on the links: 1.3% more instructions, 2.5% more time).
    ///
    /// [`last_item_updates`]: Self::last_item_updates
    pub(crate) fn counts_last_items(&self) -> bool {
        self.options_without_primary == 0 && self.item_count > self.primary_count
    }

    /// Whether a single primary item is active (the one the search chose).
    #[inline]
    pub(crate) fn is_last_item(&self) -> bool {
        let head = self.items[0];
        head.left == head.right
    }

    /// The updates of covering `i`, the last active primary item ([`is_last_item`]) of a
    /// problem where every option has a primary item ([`counts_last_items`]), then committing
    /// and uncommitting each option of its list: each is a solution. The links are left as
    /// they are.
    ///
    /// [`is_last_item`]: Self::is_last_item
    /// [`counts_last_items`]: Self::counts_last_items
    // Apart from the search loop, which it would crowd: one call per node, not per option.
    #[inline(never)]
    pub(crate) fn last_item_updates<M: Mode>(&self, i: u32) -> u64 {
        let header = i as usize;
        // The item's own unlinking; then per option, its hiding and its commit.
        let mut updates = 1;
        let mut p = self.nodes[header].down as usize;
        while p != header {
            updates += if M::COLORS { self.option_updates(p) } else { 2 * self.others(p) };
            p = self.nodes[p].down as usize;
        }
        updates
    }

    /// The number of nodes of `p`'s option besides `p`.
    #[inline]
    fn others(&self, p: usize) -> u64 {
        let option = self.node_option[p] as usize;
        // From the option's first node to the next one's: its nodes and its spacer.
        u64::from(self.option_start[option + 1] - self.option_start[option] - 2)
    }

    /// With colours, the updates of hiding `p`'s option (one per other node not purified)
    /// and of committing it (one per other node without a colour: covered, not purified).
    fn option_updates(&self, p: usize) -> u64 {
        let option = self.node_option[p] as usize;
        let nodes = self.option_start[option] as usize..self.option_start[option + 1] as usize - 1;
        let mut updates = 0;
        for q in nodes.filter(|&q| q != p) {
            let color = self.nodes[q].color;
            updates += u64::from(color != PURIFIED) + u64::from(color == 0);
        }
        updates
    }
}
