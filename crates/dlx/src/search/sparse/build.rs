//! Building the sparse sets of a matrix in its initial state: each item's options in node
//! order, the active lists, and the arrays a removal indexes padded to one power-of-two length.

use super::SmallestSet;
use super::{Counted, ItemSet, SLevel, SNode, Sparse, MAX_SAVED, SHORT_MIN, SPACER};
use crate::matrix::Matrix;

impl Sparse {
    /// The structures for `matrix` in its initial state, or `None` when the worst-case save
    /// stack would be too large (then dancing links count instead).
    pub(crate) fn new(matrix: &Matrix) -> Option<Sparse> {
        let n = matrix.item_count as usize;
        let depth = matrix.primary_count as usize + 1;
        if depth.saturating_mul(n + 1) > MAX_SAVED {
            return None;
        }
        let mut sets = vec![ItemSet::default(); n + 1];
        let mut at = 0;
        for (header, set) in sets.iter_mut().enumerate().skip(1) {
            *set = ItemSet { start: at, size: 0 };
            at += matrix.len[header];
        }
        let mut nodes = vec![SNode { item: SPACER, loc: 0 }; matrix.nodes.len()];
        let mut set = vec![0; at as usize];
        for (x, node) in matrix.nodes.iter().enumerate().skip(n + 1) {
            if node.top == 0 {
                // A spacer: its ULINK is the first node of the option before it.
                nodes[x] = SNode { item: SPACER, loc: node.up };
                continue;
            }
            let item = &mut sets[node.top as usize];
            let loc = item.start + item.size;
            set[loc as usize] = x as u32;
            item.size += 1;
            nodes[x] = SNode { item: node.top, loc };
        }
        let mut colors = if matrix.has_colors {
            matrix.nodes.iter().map(|node| node.color).collect()
        } else {
            Vec::new()
        };
        let p = matrix.primary_count;
        let mut position = vec![0; n + 1];
        let primary: Vec<u32> = (1..=p).collect();
        let secondary: Vec<u32> = (p + 1..=n as u32).collect();
        for (at, &item) in primary.iter().chain(&secondary).enumerate() {
            position[item as usize] = if item <= p { at as u32 } else { at as u32 - p };
        }
        // The arrays a hide indexes share one power-of-two length (see `ops::Cells`).
        let cap = nodes.len().max(set.len()).max(n + 1).next_power_of_two();
        nodes.resize(cap, SNode { item: SPACER, loc: 0 });
        set.resize(cap, 0);
        sets.resize(cap, ItemSet::default());
        position.resize(cap, 0);
        if !colors.is_empty() {
            colors.resize(cap, 0);
        }
        Some(
            Sparse {
                nodes,
                colors,
                initial: sets.clone(),
                sets,
                set,
                primary,
                secondary,
                position,
                primary_count: p,
                levels: vec![SLevel::default(); depth],
                saves: Vec::with_capacity(depth * (n + 1)),
                level: 0,
                floor: 0,
                counts: vec![0; depth],
                floor_count: None,
                closed: 0,
                primary_active: p,
                secondary_active: (n as u32) - p,
                done: false,
                pending: 0,
                empty: 0,
                singles: SmallestSet::new(p as usize + 1),
                initial_empty: 0,
                initial_singles: SmallestSet::new(p as usize + 1),
                saved_singles: Vec::new(),
                short_lists: p >= SHORT_MIN,
                walked: Counted::default(),
                restored: 0,
                judged: false,
            }
            .with_short_lists(),
        )
    }

    /// Records the primary items with no option or one at the start, and makes room for a
    /// copy of them per level when the walk keeps them.
    fn with_short_lists(mut self) -> Sparse {
        if self.short_lists {
            self.saved_singles = vec![0; self.levels.len() * self.singles.words().len()];
        }
        for item in 1..=self.primary_count {
            match self.initial[item as usize].size {
                0 => self.initial_empty += 1,
                1 => self.initial_singles.insert(item),
                _ => {}
            }
        }
        self
    }
}
