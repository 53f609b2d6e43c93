//! Which rules look again when a cell changes: each cell's watchers, those its changes queue
//! first (whether each is cheap read beside it), then those only the branching's weights read.

use super::{PropTables, Rule};
use crate::grid::Cell;

/// In a cell's queued rules ([`PropTables::queued_by`]): the rule is cheap.
pub(super) const CHEAP: u32 = 1 << 31;
/// The rule is a group whose locked candidates' rule is queued with it.
pub(super) const LINKED: u32 = 1 << 30;
/// The rule number under the flags.
pub(super) const RULE: u32 = LINKED - 1;
/// No rule.
pub(super) const NONE: u32 = u32::MAX;

impl PropTables {
    /// Indexes, for each cell, the rules that read it.
    pub(super) fn index_watches(&mut self) {
        self.watch.clear();
        self.groups.clear();
        assert!(self.rules.len() < LINKED as usize, "rule numbers fit below the flags");
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
        self.index_crossed();
        self.watch_starts = Vec::with_capacity(self.cells + 1);
        self.watch_starts.push(0);
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
        let queued: Vec<Vec<u32>> = (lists.iter())
            .map(|list| list.iter().copied().filter(|&id| watched[id as usize]).collect())
            .collect();
        let mut paired = vec![false; self.rules.len()];
        for &crossed in self.crossed_of.iter().filter(|&&c| c != NONE) {
            paired[crossed as usize] = true;
        }
        let linked = queued.iter().all(|list| self.links_keep_order(list, &paired));
        self.queue.clear();
        self.queue_starts = Vec::with_capacity(self.cells + 1);
        self.queue_starts.push(0);
        for (list, queued) in lists.into_iter().zip(queued) {
            let groups =
                list.iter().filter(|&&id| matches!(self.rules[id as usize], Rule::Group { .. }));
            self.groups.extend(groups);
            self.group_starts.push(self.groups.len() as u32);
            // The rules a change queues, then those only the branching's weights read.
            let (first, quiet): (Vec<u32>, Vec<u32>) =
                list.iter().partition(|&&id| watched[id as usize]);
            self.watch.extend(first.iter().chain(&quiet));
            self.watch_starts.push(self.watch.len() as u32);
            for id in queued {
                let crossed = self.crossed_of[id as usize];
                if linked && paired[id as usize] {
                    continue;
                }
                let mut entry = id;
                if self.cheap[id as usize] {
                    entry |= CHEAP;
                }
                if linked && crossed != NONE {
                    entry |= LINKED;
                }
                self.queue.push(entry);
            }
            self.queue_starts.push(self.queue.len() as u32);
        }
    }

    /// Pairs each full group with its locked candidates' rule (`crossed_of`): the same cells,
    /// so the same changes queue both.
    fn index_crossed(&mut self) {
        self.crossed_of = vec![NONE; self.rules.len()];
        for (id, rule) in self.rules.iter().enumerate() {
            let Rule::Crossed { cells, .. } = rule else { continue };
            let group = self.rules.iter().position(
                |other| matches!(other, Rule::Group { cells: theirs, full: true } if theirs == cells),
            );
            if let Some(group) = group {
                self.crossed_of[group] = id as u32;
            }
        }
    }

    /// Whether a cell's rules `list` (those its changes queue, in order) push the costly ones
    /// in the same order when each group's locked candidates' rule is queued with the group,
    /// after the cell's other rules, rather than looked at apart: then a change of the cell
    /// need not look at it (a group queued means its locked candidates queued too, as those
    /// run only once no cheap rule is left).
    fn links_keep_order(&self, list: &[u32], paired: &[bool]) -> bool {
        let costly = |id: &u32| !self.cheap[*id as usize];
        let rest: Vec<u32> = list.iter().copied().filter(|&id| !paired[id as usize]).collect();
        let crossed = rest.iter().map(|&id| self.crossed_of[id as usize]).filter(|&c| c != NONE);
        let linked_reach = rest.iter().rposition(|&id| self.crossed_of[id as usize] != NONE);
        list.iter().copied().filter(costly).eq(rest.iter().copied().filter(costly).chain(crossed))
            && linked_reach.is_none_or(|at| at < 64)
    }

    /// The groups (regions and cages) that hold `cell`, by rule number.
    #[inline]
    pub(super) fn groups_of(&self, cell: Cell) -> &[u32] {
        &self.groups[self.group_starts[cell] as usize..self.group_starts[cell + 1] as usize]
    }

    /// The rules a change of `cell` queues, each a rule number with [`CHEAP`] and [`LINKED`]
    /// flags (a group whose locked candidates' rule, `crossed_of`, is queued with it).
    #[inline]
    pub(super) fn queued_by(&self, cell: Cell) -> &[u32] {
        &self.queue[self.queue_starts[cell] as usize..self.queue_starts[cell + 1] as usize]
    }

    /// Queues each group's locked candidates' rule on every change of its cells, as if they
    /// were not linked (held to the same search in `queue_tests.rs`).
    #[cfg(test)]
    pub(super) fn unlink(&mut self) {
        let mut queue = Vec::new();
        let mut starts = vec![0];
        for cell in 0..self.cells {
            let queued = self.queued_ids(cell);
            let ids = self.watchers(cell).iter().filter(|id| queued.contains(id));
            queue.extend(ids.map(|&id| if self.cheap[id as usize] { id | CHEAP } else { id }));
            starts.push(queue.len() as u32);
        }
        (self.queue, self.queue_starts) = (queue, starts);
    }

    /// The rule numbers a change of `cell` queues, with those queued with their groups.
    #[cfg(test)]
    pub(super) fn queued_ids(&self, cell: Cell) -> Vec<u32> {
        let ids = self.queued_by(cell).iter().map(|&entry| entry & RULE);
        let linked = self.queued_by(cell).iter().filter(|&&entry| entry & LINKED != 0);
        ids.chain(linked.map(|&entry| self.crossed_of[(entry & RULE) as usize])).collect()
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
