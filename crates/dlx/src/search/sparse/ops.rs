//! The sparse back-end's counterparts of `matrix/dance.rs`: cover, purify, hide and commit,
//! each a few swaps in the item sets; taking an item out of its active list; putting a covered
//! item's options back in the links' order. Nothing here is undone step by step: the walk
//! restores the saved sizes and active counts instead (`save` and `restore`, at the end).

use super::{ItemSet, SLevel, SNode, SmallestSet, Sparse, SPACER};

/// The arrays the removals of a cover or purify index, borrowed once with their common
/// length checked: `Sparse::new` pads them to one power of two, above every index, so that
/// masking an index with `mask` changes nothing but shows the compiler that it is in bounds.
/// The removals then carry no bounds checks (a third of their instructions were those).
struct Cells<'a> {
    nodes: &'a mut [SNode],
    set: &'a mut [u32],
    sets: &'a mut [ItemSet],
    position: &'a [u32],
    /// Empty without colours; else as long as the others.
    colors: &'a [u32],
    singles: &'a mut SmallestSet,
    empty: &'a mut u32,
    primary_count: u32,
    mask: usize,
}

impl Cells<'_> {
    /// `i`, masked: the same index, proven in bounds. (An index past the arrays would be a bug
    /// the mask hides: debug builds, the tests', check.)
    #[inline]
    fn at(&self, i: u32) -> usize {
        debug_assert!(i as usize <= self.mask, "index {i} past the padded arrays");
        i as usize & self.mask
    }

    /// hide(q): every other node of `q`'s option leaves its item's set (but for items no
    /// longer active: purified ones, whose options left all share their colour). As in
    /// `Matrix::hide`, two loops: right of `q` to the spacer, then from the option's start.
    #[inline]
    fn hide<const COLORS: bool, const SHORT: bool>(
        &mut self,
        q: u32,
        secondary_active: u32,
    ) -> u64 {
        let mut removed = 0;
        let mut x = q + 1;
        loop {
            let node = self.nodes[self.at(x)];
            if node.item == SPACER {
                x = node.loc;
                break;
            }
            removed += self.remove::<COLORS, SHORT>(x, node, secondary_active);
            x += 1;
        }
        while x != q {
            removed += self.remove::<COLORS, SHORT>(x, self.nodes[self.at(x)], secondary_active);
            x += 1;
        }
        removed
    }

    /// Node `x` leaves its item's set: swapped with the set's last active node.
    #[inline]
    fn remove<const COLORS: bool, const SHORT: bool>(
        &mut self,
        x: u32,
        node: SNode,
        secondary_active: u32,
    ) -> u64 {
        let SNode { item, loc } = node;
        if COLORS && item > self.primary_count && self.position[self.at(item)] >= secondary_active {
            return 0;
        }
        // Each index masked once, where it is loaded, and the masked value (the same number)
        // stored as well: no copy of it is kept for a second use, and the removal is a few
        // instructions shorter (docs/PERFORMANCE.md).
        let (x, loc) = (x as usize & self.mask, loc as usize & self.mask);
        let set = &mut self.sets[item as usize & self.mask];
        set.size -= 1;
        let left = set.size;
        let last = (set.start + left) as usize & self.mask;
        if SHORT && left <= 1 && item <= self.primary_count {
            shortened(self.singles, self.empty, item, left);
        }
        let other = self.set[last] as usize & self.mask;
        self.set[last] = x as u32;
        self.set[loc] = other as u32;
        self.nodes[x].loc = last as u32;
        self.nodes[other].loc = loc as u32;
        1
    }
}

/// Active primary `item` went down to `left` options (0 or 1): keep `empty` and `singles`.
#[cold]
fn shortened(singles: &mut SmallestSet, empty: &mut u32, item: u32, left: u32) {
    if left == 0 {
        singles.remove(item);
        *empty += 1;
    } else {
        singles.insert(item);
    }
}

impl Sparse {
    /// Puts the active options of covered `item` in node order (their order in dancing links'
    /// list), which removals from the set have shuffled. A few options, mostly in order:
    /// insertion sort.
    pub(super) fn sort_options(&mut self, item: u32) {
        let ItemSet { start, size } = self.sets[item as usize];
        let run = &mut self.set[start as usize..(start + size) as usize];
        for i in 1..run.len() {
            let mut j = i;
            while j > 0 && run[j - 1] > run[j] {
                run.swap(j - 1, j);
                j -= 1;
            }
        }
        for (at, &x) in (start..).zip(run.iter()) {
            self.nodes[x as usize].loc = at;
        }
    }

    /// The arrays of the removals, borrowed with their common length checked (see [`Cells`]).
    #[inline]
    fn cells(&mut self) -> Cells<'_> {
        let len = self.nodes.len();
        assert!(
            len.is_power_of_two()
                && self.set.len() == len
                && self.sets.len() == len
                && self.position.len() == len
                && (self.colors.is_empty() || self.colors.len() == len)
        );
        Cells {
            nodes: &mut self.nodes,
            set: &mut self.set,
            sets: &mut self.sets,
            position: &self.position,
            colors: &self.colors,
            singles: &mut self.singles,
            empty: &mut self.empty,
            primary_count: self.primary_count,
            mask: len - 1,
        }
    }

    /// Takes `item` out of its active items: swapped with the last active one.
    // Always: left a call from `cover`, with the active count passed through memory, the 16x16
    // sudoku ran 1% more instructions (docs/PERFORMANCE.md).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn deactivate<const SHORT: bool>(
        &mut self,
        item: u32,
        primary_active: &mut u32,
        secondary_active: &mut u32,
    ) {
        let (list, active) = if item <= self.primary_count {
            (&mut self.primary, primary_active)
        } else {
            (&mut self.secondary, secondary_active)
        };
        *active -= 1;
        let at = self.position[item as usize];
        let last = list[*active as usize];
        list[*active as usize] = item;
        list[at as usize] = last;
        self.position[item as usize] = *active;
        self.position[last as usize] = at;
        if SHORT && item <= self.primary_count {
            match self.sets[item as usize].size {
                0 => self.empty -= 1,
                1 => self.singles.remove(item),
                _ => {}
            }
        }
    }

    /// Whether a secondary item is still active (neither covered nor purified).
    #[inline]
    fn secondary_is_active(&self, item: u32, secondary_active: u32) -> bool {
        self.position[item as usize] < secondary_active
    }

    /// cover(i): the item leaves the active items and every option in its set is hidden.
    #[inline]
    pub(super) fn cover<const COLORS: bool, const SHORT: bool>(
        &mut self,
        item: u32,
        primary_active: &mut u32,
        secondary_active: &mut u32,
    ) -> u64 {
        self.deactivate::<SHORT>(item, primary_active, secondary_active);
        let ItemSet { start, size } = self.sets[item as usize];
        let mut updates = 1;
        let mut cells = self.cells();
        for at in start..start + size {
            let q = cells.set[cells.at(at)];
            updates += cells.hide::<COLORS, SHORT>(q, *secondary_active);
        }
        updates
    }

    /// purify(p): the options giving `p`'s item another colour are hidden; the item leaves
    /// the active items, so the options left (its colour) keep it without a check.
    fn purify<const SHORT: bool>(
        &mut self,
        p: u32,
        primary_active: &mut u32,
        secondary_active: &mut u32,
    ) -> u64 {
        let item = self.nodes[p as usize].item;
        let color = self.colors[p as usize];
        let ItemSet { start, size } = self.sets[item as usize];
        let mut updates = 0;
        let mut cells = self.cells();
        for at in start..start + size {
            let q = cells.set[cells.at(at)];
            if cells.colors[cells.at(q)] != color {
                updates += cells.hide::<true, SHORT>(q, *secondary_active);
            }
        }
        self.deactivate::<SHORT>(item, primary_active, secondary_active);
        updates
    }

    /// Commits every other node of `x`'s option, left to right from `x` as `Matrix::commit_others`
    /// does: a primary or uncoloured item is covered, a coloured one purified unless it is
    /// already (with this colour: any other would have hidden the option).
    #[inline]
    pub(super) fn commit_others<const COLORS: bool, const SHORT: bool>(
        &mut self,
        x: u32,
        primary_active: &mut u32,
        secondary_active: &mut u32,
    ) -> u64 {
        let mut updates = 0;
        let mut p = x + 1;
        loop {
            let node = self.nodes[p as usize];
            if node.item == SPACER {
                p = node.loc;
                break;
            }
            if !COLORS || !self.purified(p, node.item, *secondary_active) {
                updates +=
                    self.commit::<COLORS, SHORT>(p, node.item, primary_active, secondary_active);
            }
            p += 1;
        }
        while p != x {
            let item = self.nodes[p as usize].item;
            if !COLORS || !self.purified(p, item, *secondary_active) {
                updates += self.commit::<COLORS, SHORT>(p, item, primary_active, secondary_active);
            }
            p += 1;
        }
        updates
    }

    /// Whether node `p` gives its item a colour and the item is purified already: nothing to
    /// commit. Options share their coloured items, so many are purified by the time an option
    /// is committed; `commit_others` tests this inline, before the call that `commit` (too
    /// large to inline with colours) costs: 7x7 line sums commits 122 M items, and runs 10%
    /// fewer instructions so (docs/PERFORMANCE.md).
    #[inline]
    fn purified(&self, p: u32, item: u32, secondary_active: u32) -> bool {
        self.colors[p as usize] != 0 && !self.secondary_is_active(item, secondary_active)
    }

    #[inline]
    fn commit<const COLORS: bool, const SHORT: bool>(
        &mut self,
        p: u32,
        item: u32,
        primary_active: &mut u32,
        secondary_active: &mut u32,
    ) -> u64 {
        if !COLORS || self.colors[p as usize] == 0 {
            return self.cover::<COLORS, SHORT>(item, primary_active, secondary_active);
        }
        if self.secondary_is_active(item, *secondary_active) {
            self.purify::<SHORT>(p, primary_active, secondary_active)
        } else {
            0
        }
    }

    /// Saves the size of every active item, and with the short lists the one-option items,
    /// for the next options of branching level `level`.
    pub(super) fn save<const SHORT: bool>(
        &mut self,
        level: usize,
        primary_active: u32,
        secondary_active: u32,
    ) {
        let sets = &self.sets;
        let active = self.primary[..primary_active as usize]
            .iter()
            .chain(&self.secondary[..secondary_active as usize]);
        self.saves.extend(active.map(|&item| (item, sets[item as usize].size)));
        if SHORT {
            let words = self.singles.words();
            let at = level * words.len();
            self.saved_singles[at..at + words.len()].copy_from_slice(words);
        }
    }

    /// Puts back the sizes, the one-option items and the active counts that branching level
    /// `index` saved (`level`). Every saved size is stored back, changed or not: a store costs
    /// less than a test that goes either way.
    pub(super) fn restore<const SHORT: bool>(
        &mut self,
        index: usize,
        level: &SLevel,
        primary_active: &mut u32,
        secondary_active: &mut u32,
    ) {
        self.restored += (self.saves.len() - level.saved as usize) as u64;
        // The level goes on to another option: the claim of `closed` may no longer hold there.
        self.closed = self.closed.min(index);
        for &(item, size) in &self.saves[level.saved as usize..] {
            self.sets[item as usize].size = size;
        }
        if SHORT {
            let len = self.singles.words().len();
            self.singles.set_words(&self.saved_singles[index * len..(index + 1) * len]);
        }
        *primary_active = level.primary_active;
        *secondary_active = level.secondary_active;
        self.empty = level.empty;
    }
}
