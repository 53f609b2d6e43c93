//! A second back-end for complete counts: the options of each item in a sparse set (Knuth's
//! SSXCC, after Briggs and Torczon, and Christine Solnon's saved set sizes) instead of a doubly
//! linked list.
//!
//! Hiding an option moves each of its other nodes past the end of its item's set (a swap and a
//! shorter size) where dancing links unlink it; undoing is not a second walk that relinks every
//! node but restoring the sizes of the active items saved at the branching level: a few dozen
//! writes instead of hundreds. An item with one option left is taken without saving anything
//! (there is no other option to come back for).
//!
//! The search is Algorithm X (or C, with colours) step for step: the same MRV choice (the
//! leftmost shortest primary item), the same covers in the same order, the same hides, so that
//! a complete count enters exactly DLX1's nodes and makes exactly its updates (a removal from
//! a set being an update). A covered item's options are put back in node order, the order of
//! dancing links' lists, so a level tries them in the links' order and the walk's path names
//! the links' place (`place.rs`): a complete count (of the whole tree, or of a subproblem a
//! worker of a run took, from the place the links stood at) walks here and nothing else,
//! since the walk never stops at a solution.

use crate::matrix::SmallestSet;

mod build;
mod ops;
mod place;

pub(crate) use self::place::LinksPlace;

/// `SNode::item` of a spacer.
const SPACER: u32 = u32::MAX;

/// The most saved (item, size) pairs a back-end may reserve, for the worst case of a save of
/// every item at every level: 4 M pairs, 32 MiB. Larger problems keep to dancing links.
const MAX_SAVED: usize = 1 << 22;

/// The fewest primary items for which the walk keeps count of the empty and one-option lists
/// instead of scanning the active items at every node (dancing links' dense MRV starts there
/// too): a 16x16 sudoku's 1 024 items, not pentominoes' 72 or queens' 24.
const SHORT_MIN: u32 = 128;

/// The nodes a walk enters before it is judged against dancing links ([`Sparse::pays`]): a
/// few milliseconds, and enough for the undo's cost per update to settle.
pub(crate) const SPARSE_TRIAL: u64 = 1 << 14;

/// How many saved sizes a walk may put back per update before dancing links would have been
/// cheaper. Measured over the first [`SPARSE_TRIAL`] nodes: intervals 1..5
/// in 30 cells 6.4 (there the links run 19% fewer instructions), 16x16 sudoku 1.0, queens 12
/// 0.6, pentominoes 0.05 (the sparse sets 18-37% fewer).
const RESTORED_PER_UPDATE: u64 = 4;

/// One node: an option's entry, or the spacer after an option.
#[derive(Clone, Copy, Debug)]
struct SNode {
    /// The item's header index (`1..=n`), or [`SPACER`].
    item: u32,
    /// Where the node sits in its item's set (an index into `Sparse::set`); for a spacer, the
    /// first node of the option before it, where a walk around that option wraps to.
    loc: u32,
}

/// Where an item's set starts in `Sparse::set`, and how many of its options are active.
#[derive(Clone, Copy, Debug, Default)]
struct ItemSet {
    start: u32,
    size: u32,
}

/// One level of the search.
#[derive(Clone, Copy, Debug, Default)]
struct SLevel {
    /// The item branched on.
    item: u32,
    /// The option being tried: its index in the item's (frozen) set, and the index the
    /// level's options stop before: how many there are, but where the walk holds part of the
    /// level only (see `Sparse::floor`).
    tried: u32,
    options: u32,
    /// Where this level's saved sizes start on the save stack (forced moves save none).
    saved: u32,
    /// The active counts after the item's cover, restored before its next option.
    primary_active: u32,
    secondary_active: u32,
    empty: u32,
}

/// The sparse-set structures of one problem, ready to count from its initial state.
#[derive(Clone, Debug)]
pub(crate) struct Sparse {
    nodes: Vec<SNode>,
    /// The node's colour (0 for none); empty without colours.
    colors: Vec<u32>,
    sets: Vec<ItemSet>,
    /// Every item's nodes, one run per item.
    set: Vec<u32>,
    /// The active primary items in `primary[..primary_active]`; `position[item]` is where an
    /// item is in `primary` or `secondary`.
    primary: Vec<u32>,
    secondary: Vec<u32>,
    position: Vec<u32>,
    primary_count: u32,
    levels: Vec<SLevel>,
    /// (item, size) pairs saved by the branching levels.
    saves: Vec<(u32, u32)>,
    initial: Vec<ItemSet>,
    /// Where a paused walk stands: its depth and active counts, whether the tree is done,
    /// and the updates of the commit that led to the node it stopped before, which entering
    /// that node counts (as `Solver::pending`).
    level: usize,
    /// The level at which backtracking ends the walk (as `Solver::floor`): 0 from the root,
    /// more below a subproblem's path. The walk does not test it: the levels above it are
    /// closed (`options` is `tried + 1`, their number kept in `counts`), so that backtracking
    /// goes through them to the root as from a tree done, with no register held for it.
    floor: usize,
    /// The number of options of each level above the floor (`counts[..floor]`).
    counts: Vec<u32>,
    /// The number of options of the floor level when the walk holds part of them only (it
    /// entered a subproblem that stops before one, or gave the later ones away): its
    /// `options` is then where they stop.
    floor_count: Option<u32>,
    /// Levels `floor..closed` have no option left to try: where the last look for work to give
    /// away found none (as `Solver::closed`), so that a line of forced moves is not scanned at
    /// every look. A level that goes on to another option lowers it (`restore`): kept in the
    /// walk's loop, as the links' search keeps it, it cost 0.6% more instructions.
    closed: usize,
    primary_active: u32,
    secondary_active: u32,
    done: bool,
    pending: u64,
    /// The number of active primary items without options: while it is not 0 the node is a
    /// dead end, whichever of them DLX1 would name. Saved with each branching level.
    empty: u32,
    /// The active primary items with one option: the leftmost of them is DLX1's choice when
    /// no list is empty, found without a scan. Saved and restored whole with each branching level.
    ///
    /// # Invariant
    /// `empty` and `singles` are exactly those items whenever the walk chooses.
    singles: SmallestSet,
    initial_empty: u32,
    initial_singles: SmallestSet,
    /// `singles` as each branching level saved it, a slot of `singles.words()`'s length per
    /// level (empty without the short lists).
    saved_singles: Vec<u64>,
    /// Whether `empty` and `singles` are kept (at least [`SHORT_MIN`] primary items): a test
    /// at every removal, which a scan of a few dozen items costs less than.
    short_lists: bool,
    /// The nodes entered, the updates made and the saved sizes put back by every walk of these
    /// structures, by which [`Sparse::pays`] judges the back-end against dancing links: a
    /// worker's subproblems add up to one trial, as one count from the root is.
    walked: Counted,
    restored: u64,
    /// Whether the walks have been judged (after [`SPARSE_TRIAL`] nodes).
    pub(crate) judged: bool,
}

/// What a complete count found and did, as [`Stats`](crate::Stats) counts it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Counted {
    pub(crate) solutions: u64,
    pub(crate) nodes: u64,
    pub(crate) updates: u64,
    pub(crate) max_depth: u32,
}

impl Sparse {
    /// Goes back to the root of the tree, nothing covered (the trial's counters are kept).
    fn start(&mut self) {
        self.empty = self.initial_empty;
        self.singles.set_words(self.initial_singles.words());
        self.sets.copy_from_slice(&self.initial);
        self.primary_active = self.primary_count;
        self.secondary_active = self.secondary.len() as u32;
        self.level = 0;
        self.floor = 0;
        self.floor_count = None;
        self.closed = 0;
        self.done = false;
        self.pending = 0;
        self.saves.clear();
    }

    /// The nodes entered by every walk so far.
    pub(crate) fn walked_nodes(&self) -> u64 {
        self.walked.nodes
    }

    /// Whether the walk so far did better than dancing links would: undoing a level here
    /// puts back every active item's size, there it relinks each update. Where there are
    /// few updates per node and many items (solution-dense, secondary-heavy problems such as
    /// intervals: 2.4 updates a node, 35 items), the links' undo is the cheaper one.
    pub(crate) fn pays(&self) -> bool {
        self.restored <= RESTORED_PER_UPDATE * self.walked.updates
    }

    /// Whether the whole tree (or subproblem) has been walked.
    pub(crate) fn is_done(&self) -> bool {
        self.done
    }

    /// Walks on until the tree is done or `budget` more nodes have been entered (then it stops
    /// before the next one, uncounted), and returns what that stretch found and did.
    pub(crate) fn advance(&mut self, budget: u64) -> Counted {
        if self.done {
            return Counted::default();
        }
        let counted = match (!self.colors.is_empty(), self.short_lists) {
            (false, false) => self.walk::<false, false>(budget),
            (false, true) => self.walk::<false, true>(budget),
            (true, false) => self.walk::<true, false>(budget),
            (true, true) => self.walk::<true, true>(budget),
        };
        self.walked.nodes += counted.nodes;
        self.walked.updates += counted.updates;
        counted
    }

    /// Algorithm X (C with `COLORS`) over the sparse sets, iteratively: a descent loop that
    /// chooses, covers and commits until a solution or a dead end, and a backtrack loop that
    /// goes up to a branching level with another option, restores it and tries that option.
    /// A level's options are tried in node order, the order of dancing links' lists, so that
    /// the walk's path names the same place in the same tree.
    fn walk<const COLORS: bool, const SHORT: bool>(&mut self, budget: u64) -> Counted {
        let mut primary_active = self.primary_active;
        let mut secondary_active = self.secondary_active;
        let mut level = self.level;
        // `last`: the updates of the commit that led to the node about to be entered.
        let mut last = std::mem::take(&mut self.pending);
        let mut counted = Counted { updates: last, ..Counted::default() };
        loop {
            // X2-X5: a node (unless the budget is spent); a solution when no primary item is
            // left, else cover the leftmost shortest item (saving the sizes unless it is a
            // forced move) and commit its first option.
            loop {
                if counted.nodes == budget {
                    counted.updates -= last;
                    self.pending = last;
                    (self.primary_active, self.secondary_active) =
                        (primary_active, secondary_active);
                    self.level = level;
                    return counted;
                }
                counted.nodes += 1;
                if SHORT && self.empty > 0 {
                    // A dead end: DLX1 covers an empty item and counts its unlinking, as
                    // `advance` does.
                    counted.updates += 1;
                    break;
                }
                let Some(item) = self.choose::<SHORT>(primary_active) else {
                    counted.solutions += 1;
                    break;
                };
                let options = self.sets[item as usize].size;
                if !SHORT && options == 0 {
                    // A dead end found by the scan, counted as above.
                    counted.updates += 1;
                    break;
                }
                let (p, s) = (&mut primary_active, &mut secondary_active);
                counted.updates += self.cover::<COLORS, SHORT>(item, p, s);
                let saved = self.saves.len() as u32;
                if options > 1 {
                    self.sort_options(item);
                    self.save::<SHORT>(level, *p, *s);
                }
                let (primary_active, secondary_active, empty) = (*p, *s, self.empty);
                self.levels[level] = SLevel {
                    item,
                    tried: 0,
                    options,
                    saved,
                    primary_active,
                    secondary_active,
                    empty,
                };
                let x = self.set[self.sets[item as usize].start as usize];
                last = self.commit_others::<COLORS, SHORT>(x, p, s);
                counted.updates += last;
                level += 1;
                counted.max_depth = counted.max_depth.max(level as u32);
            }
            // X8: up to the deepest level with another option; X6: back to the state after
            // its cover, then that option; X7: a level done is undone by a branching
            // ancestor's restore.
            loop {
                if level == 0 {
                    self.done = true;
                    self.level = 0;
                    return counted;
                }
                level -= 1;
                let at = self.levels[level];
                if at.tried + 1 < at.options {
                    self.restore::<SHORT>(level, &at, &mut primary_active, &mut secondary_active);
                    self.levels[level].tried += 1;
                    let start = self.sets[at.item as usize].start;
                    let x = self.set[(start + at.tried + 1) as usize];
                    let (p, s) = (&mut primary_active, &mut secondary_active);
                    last = self.commit_others::<COLORS, SHORT>(x, p, s);
                    counted.updates += last;
                    level += 1;
                    break;
                }
                self.saves.truncate(at.saved as usize);
            }
        }
    }

    /// The active primary item with the fewest options, the lowest index on ties (DLX1's
    /// leftmost), or `None` when none is active.
    /// With no list empty (the walk looks at `empty` first), a list of one option is the
    /// shortest there can be: the leftmost of those, from `singles`, without a scan.
    ///
    /// The scan takes the least of `size << 32 | item` over the active items: the shortest
    /// list, and the lowest index among the shortest, in one comparison a conditional move
    /// makes. Comparing size, then index on a tie, took branches that went either way (a
    /// fifth of a 16x16 sudoku's mispredictions were there, docs/PERFORMANCE.md).
    #[inline]
    fn choose<const SHORT: bool>(&self, primary_active: u32) -> Option<u32> {
        if SHORT {
            if let Some(item) = self.singles.smallest() {
                return Some(item);
            }
        }
        // `Sparse::new` pads `sets` to a power of two above every item: the mask changes no
        // index and spares the bounds check.
        let sets = &self.sets[..];
        let mask = sets.len() - 1;
        let best = self.primary[..primary_active as usize]
            .iter()
            .map(|&item| u64::from(sets[item as usize & mask].size) << 32 | u64::from(item))
            .min()?;
        Some(best as u32)
    }
}
