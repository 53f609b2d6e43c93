//! Which rules look again when a cell changes: each cell's watchers, those its changes queue
//! first (whether each is cheap read beside it), then those only the branching's weights read.

use super::{PropTables, Rule};
use crate::grid::Cell;

impl PropTables {
    /// Indexes, for each cell, the rules that read it.
    pub(super) fn index_watches(&mut self) {
        self.watch.clear();
        self.groups.clear();
        let mut lists: Vec<Vec<u32>> = vec![Vec::new(); self.cells];
        for (id, rule) in self.rules.iter().enumerate() {
            let id = id as u32;
            let mut watch = |cell: Cell| {
                if lists[cell].last() != Some(&id) {
                    lists[cell].push(id);
                }
            };
            match rule {
                Rule::Group { cells, .. }
                | Rule::Sum { cells, .. }
                | Rule::Bounds { cells, .. }
                | Rule::GroupSum { cells, .. }
                | Rule::Table { cells, .. }
                | Rule::Splits { cells, .. }
                | Rule::Renban { cells, .. }
                | Rule::Crossed { cells, .. } => {
                    for &cell in &self.cell_list[cells.start as usize..cells.end as usize] {
                        watch(cell);
                    }
                }
                Rule::Pair { a, b, .. } => {
                    watch(*a as usize);
                    watch(*b as usize);
                }
                Rule::Line { line } => {
                    for &cell in &self.lines[*line as usize].cells {
                        watch(cell);
                    }
                }
            }
        }
        self.cheap = self.rules.iter().map(Rule::is_cheap).collect();
        // What a group that is not full or a relation that only keeps two cells apart would
        // find, their peers' exclusions find first (`peers.rs`): they run once, from the
        // load, for a group's count of digits.
        let watched: Vec<bool> = (self.rules.iter())
            .map(|rule| match rule {
                Rule::Group { full, .. } => *full,
                Rule::Pair { table, .. } => !self.only_apart(*table),
                Rule::Renban { tabled, .. } => !tabled,
                _ => true,
            })
            .collect();
        self.watch_cheap.clear();
        self.watch_starts = Vec::with_capacity(self.cells + 1);
        self.watch_starts.push(0);
        self.queued_ends = Vec::with_capacity(self.cells);
        self.group_starts = Vec::with_capacity(self.cells + 1);
        self.group_starts.push(0);
        let mut readers: Vec<Vec<u32>> = vec![Vec::new(); self.rules.len()];
        for (cell, list) in lists.iter().enumerate() {
            for &id in list {
                readers[id as usize].push(cell as u32);
            }
        }
        self.rule_starts = Vec::with_capacity(self.rules.len() + 1);
        self.rule_starts.push(0);
        self.rule_cells.clear();
        for cells in readers {
            self.rule_cells.extend(cells);
            self.rule_starts.push(self.rule_cells.len() as u32);
        }
        for list in lists {
            let groups =
                list.iter().filter(|&&id| matches!(self.rules[id as usize], Rule::Group { .. }));
            self.groups.extend(groups);
            self.group_starts.push(self.groups.len() as u32);
            // The rules a change queues first, then those only the branching's weights read.
            let (queued, quiet): (Vec<u32>, Vec<u32>) =
                list.iter().partition(|&&id| watched[id as usize]);
            self.watch.extend(&queued);
            self.queued_ends.push(self.watch.len() as u32);
            self.watch.extend(&quiet);
            let cheap = queued.iter().chain(&quiet).map(|&id| self.cheap[id as usize]);
            self.watch_cheap.extend(cheap);
            self.watch_starts.push(self.watch.len() as u32);
        }
    }

    /// The groups (regions and cages) that hold `cell`, by rule number.
    #[inline]
    pub(super) fn groups_of(&self, cell: Cell) -> &[u32] {
        &self.groups[self.group_starts[cell] as usize..self.group_starts[cell + 1] as usize]
    }

    /// The rules a change of `cell` queues and whether each is cheap.
    #[inline]
    pub(super) fn watchers_cheap(&self, cell: Cell) -> (&[u32], &[bool]) {
        let range = self.watch_starts[cell] as usize..self.queued_ends[cell] as usize;
        (&self.watch[range.clone()], &self.watch_cheap[range])
    }

    /// The cells that rule `id` reads.
    #[inline]
    pub(super) fn cells_read(&self, id: u32) -> &[u32] {
        let id = id as usize;
        &self.rule_cells[self.rule_starts[id] as usize..self.rule_starts[id + 1] as usize]
    }

    /// The rules that read `cell`, queued by its changes or not.
    #[inline]
    pub(super) fn watchers(&self, cell: Cell) -> &[u32] {
        &self.watch[self.watch_starts[cell] as usize..self.watch_starts[cell + 1] as usize]
    }
}
