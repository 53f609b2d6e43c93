//! [`PropTables`]: a model's rules compiled once into propagators, each over a few cells, and
//! for each cell the propagators that must look again when its candidates shrink.

use std::ops::Range;

use super::bounds::runs;
use super::fillings::orders;
use super::splits::Split;
use super::sums::{implied, ImpliedSum};
use super::{Crossing, Rule};
use crate::grid::{Cell, Digit};
use crate::model::{digit_sets, Model, ModelError};

/// At most this many digit sets make a cage's list of fillings; past it (large grids, long
/// cages) the cage is bounded by its sum's least and greatest totals instead.
pub(super) const MOST_SETS: usize = 4096;

/// Cages of at most this many cells are tables of their fillings (`fillings.rs`'s
/// `orders`): `TAREK_ALL` took 74 770 nodes and 0.81 s so, 89 548 and 1.03 s with their digit
/// sets alone; with cages of 4 cells, `EXTREME_KILLERS` took fewer nodes and more time.
const CAGE_TABLE_CELLS: usize = 3;

/// A line's automaton unrolled over its cells, as flat arrays: the steps of the k-th cell read
/// are `steps[starts[k]..starts[k + 1]]`, between the states numbered from `states[k]` in that
/// layer and from `states[k + 1]` in the next.
#[derive(Clone, Debug)]
pub(super) struct LineTable {
    /// The cells in the order the automaton reads them.
    pub(super) cells: Vec<Cell>,
    pub(super) starts: Vec<u32>,
    /// `(from, digit bit index, to)`, states numbered within their layers.
    pub(super) steps: Vec<(u32, u8, u32)>,
    /// Where each layer's states start in a scratch array of `states[last]` flags.
    pub(super) states: Vec<u32>,
}

/// The rules of a model as propagators (see `propagate.rs`).
#[derive(Clone, Debug)]
pub(crate) struct PropTables {
    /// The number of symbols.
    pub(super) n: usize,
    /// The cells of the rectangle.
    pub(super) cells: usize,
    /// Each cell's candidates before the givens: its marks (parity, pencilmarks); 0 for an
    /// unused cell.
    pub(super) root: Vec<u64>,
    /// The propagators.
    pub(super) rules: Vec<Rule>,
    /// Cells listed by the rules (groups, sums, tables).
    pub(super) cell_list: Vec<Cell>,
    /// Digit sets of cages, as masks.
    pub(super) sets: Vec<u64>,
    /// Tables' fillings, as the fillings (bits) that put each digit in each cell (`table.rs`).
    pub(super) supports: Vec<u64>,
    /// Relation tables: for a pair at `t`, `pairs[t + d]` the second cell's digits allowed by
    /// the first's digit bit d, and `pairs[t + n + d]` the first's allowed by the second's.
    pub(super) pairs: Vec<u64>,
    pub(super) lines: Vec<LineTable>,
    /// The splits of the clues on full houses.
    pub(super) splits: Vec<Split>,
    /// Where the runs of bounded sums end, within their cells.
    pub(super) runs: Vec<u32>,
    /// Where full groups cross others.
    pub(super) crossings: Vec<Crossing>,
    /// The rules of each cell: `watch[watch_starts[c]..watch_starts[c + 1]]`.
    pub(super) watch_starts: Vec<u32>,
    pub(super) watch: Vec<u32>,
    /// The rules a change of each cell queues, flagged (`watches.rs`):
    /// `queue[queue_starts[c]..queue_starts[c + 1]]`.
    pub(super) queue_starts: Vec<u32>,
    pub(super) queue: Vec<u32>,
    /// Each full group's locked candidates' rule ([`Rule::Crossed`]), or `NONE`.
    pub(super) crossed_of: Vec<u32>,
    /// Whether each rule is cheap ([`Rule::is_cheap`]), read where a change queues it.
    pub(super) cheap: Vec<bool>,
    /// The groups (regions and cages, as [`Rule::Group`]s) of each cell, likewise.
    pub(super) group_starts: Vec<u32>,
    pub(super) groups: Vec<u32>,
    /// The cells each rule reads: `rule_cells[rule_starts[r]..rule_starts[r + 1]]` (whose
    /// branch weights its weight adds to).
    pub(super) rule_starts: Vec<u32>,
    pub(super) rule_cells: Vec<u32>,
    /// The most line states of one line, for the search's scratch flags.
    pub(super) most_states: usize,
    /// Each cell's peers (`peers.rs`): `peer_words` words of one bit a cell.
    pub(super) peers: Vec<u64>,
    pub(super) peer_words: usize,
}

impl PropTables {
    /// The propagators of `model`'s rules (its givens are not part of them).
    ///
    /// # Errors
    /// What [`Model::validate`] finds, or a line whose automaton is too large.
    pub(crate) fn new(model: &Model) -> Result<PropTables, ModelError> {
        model.validate()?;
        PropTables::with_implied(model, &implied(model))
    }

    /// The propagators of `model`'s rules with `sums` as the sums its cages imply (those of
    /// [`implied`], or some of them: the logical solver's chains compile each alone beside
    /// the regions).
    ///
    /// # Errors
    /// A line whose automaton is too large.
    pub(crate) fn with_implied(
        model: &Model,
        sums: &[ImpliedSum],
    ) -> Result<PropTables, ModelError> {
        PropTables::compile(model, sums, true)
    }

    /// The same, every little killer as a group sum (`group_sum.rs`), as the unit tests hold
    /// it to brute force on lines short enough to be tables otherwise.
    #[cfg(test)]
    pub(super) fn with_group_sums(model: &Model) -> Result<PropTables, ModelError> {
        PropTables::compile(model, &implied(model), false)
    }

    /// See [`PropTables::with_implied`]; `short_tables` as [`PropTables::add_lines`] reads it.
    fn compile(
        model: &Model,
        sums: &[ImpliedSum],
        short_tables: bool,
    ) -> Result<PropTables, ModelError> {
        let (n, cells) = (model.symbols, model.used.len());
        let root: Vec<u64> = (0..cells).map(|cell| marks(model, cell)).collect();
        let mut tables = PropTables {
            n,
            cells,
            root,
            rules: Vec::new(),
            cell_list: Vec::new(),
            sets: Vec::new(),
            supports: Vec::new(),
            pairs: Vec::new(),
            lines: Vec::new(),
            splits: Vec::new(),
            runs: Vec::new(),
            crossings: Vec::new(),
            watch_starts: Vec::new(),
            watch: Vec::new(),
            queue_starts: Vec::new(),
            queue: Vec::new(),
            crossed_of: Vec::new(),
            cheap: Vec::new(),
            group_starts: Vec::new(),
            groups: Vec::new(),
            rule_starts: Vec::new(),
            rule_cells: Vec::new(),
            most_states: 0,
            peers: Vec::new(),
            peer_words: 0,
        };
        for region in &model.regions {
            let full = region.len() == n;
            let cells = tables.list(region);
            tables.rules.push(Rule::Group { cells, full });
        }
        for cage in &model.cages {
            let cells = tables.list(&cage.cells);
            let full = cage.cells.len() == n;
            tables.rules.push(Rule::Group { cells: cells.clone(), full });
            let Some(sum) = cage.sum else { continue };
            let sets = digit_sets(n, cage.cells.len(), sum);
            // A small cage is the table of its sets' orders: exact, where the sets alone let a
            // cell keep a digit no filling of the others allows.
            let orders = match &sets {
                Some(sets) if cage.cells.len() <= CAGE_TABLE_CELLS => {
                    orders(sets, cage.cells.len())
                }
                _ => None,
            };
            if let Some(fillings) = orders {
                tables.add_table(&cage.cells, fillings);
                continue;
            }
            match sets.filter(|sets| sets.len() <= MOST_SETS) {
                Some(found) => {
                    let start = tables.sets.len() as u32;
                    tables.sets.extend(found);
                    let sets = start..tables.sets.len() as u32;
                    tables.rules.push(Rule::Sum { cells, sets, crossings: 0..0 });
                }
                None => tables.add_bounds(model, &cage.cells, &[], sum),
            }
        }
        tables.add_relations(model);
        tables.add_implied(model, sums);
        tables.add_lines(model, short_tables)?;
        tables.index_watches();
        tables.add_crossings();
        // Again, for the locked candidates' rules just added.
        tables.index_watches();
        tables.index_peers();
        Ok(tables)
    }

    /// A rule over `cells` holding one of `sets` (digit masks).
    pub(super) fn add_sets(&mut self, cells: &[Cell], sets: &[u64]) {
        let listed = self.list(cells);
        let start = self.sets.len() as u32;
        self.sets.extend_from_slice(sets);
        let sets = start..self.sets.len() as u32;
        self.rules.push(Rule::Sum { cells: listed, sets, crossings: 0..0 });
    }

    /// The sum of `plus` less `minus`, bounded run by run (`bounds.rs`): `sum` counts each
    /// cell of `minus` as N + 1 less its digit.
    pub(super) fn add_bounds(&mut self, model: &Model, plus: &[Cell], minus: &[Cell], sum: u32) {
        self.add_bounds_to(model, plus, minus, (sum, &[]));
    }

    /// The same, to the number `pill`'s cells read when it has any (an arrow's body).
    pub(super) fn add_bounds_to(
        &mut self,
        model: &Model,
        plus: &[Cell],
        minus: &[Cell],
        (sum, pill): (u32, &[Cell]),
    ) {
        let (mut ordered, mut ends) = runs(model, plus);
        let flipped = ordered.len() as u32;
        let (reflected, reflected_ends) = runs(model, minus);
        ordered.extend(reflected);
        ends.extend(reflected_ends.into_iter().map(|end| end + flipped));
        ordered.extend_from_slice(pill);
        let cells = self.list(&ordered);
        let start = self.runs.len() as u32;
        self.runs.extend(ends);
        let runs = start..self.runs.len() as u32;
        let pill = pill.len() as u32;
        self.rules.push(Rule::Bounds { cells, sum, runs, flipped, pill });
    }

    /// Lists `cells` in the shared list.
    pub(super) fn list(&mut self, cells: &[Cell]) -> Range<u32> {
        let start = self.cell_list.len() as u32;
        self.cell_list.extend_from_slice(cells);
        start..self.cell_list.len() as u32
    }

    /// A pair propagator per relation, their tables shared by the relations of one kind.
    fn add_relations(&mut self, model: &Model) {
        let n = self.n;
        let mut made: Vec<(crate::model::RelationKind, u32)> = Vec::new();
        for relation in &model.relations_with_lines() {
            let known = made.iter().find(|(kind, _)| *kind == relation.kind);
            let table = if let Some(&(_, table)) = known {
                table
            } else {
                let table = self.pairs.len() as u32;
                let holds = |a: usize, b: usize| relation.kind.holds(a as Digit, b as Digit);
                let mask = |digits: &mut dyn Iterator<Item = usize>| {
                    digits.fold(0u64, |mask, digit| mask | 1 << (digit - 1))
                };
                for first in 1..=n {
                    self.pairs.push(mask(&mut (1..=n).filter(|&b| holds(first, b))));
                }
                for second in 1..=n {
                    self.pairs.push(mask(&mut (1..=n).filter(|&a| holds(a, second))));
                }
                made.push((relation.kind, table));
                table
            };
            self.rules.push(Rule::Pair { a: relation.a as u32, b: relation.b as u32, table });
        }
    }

    /// Lists, for each full group and each sum by its digit sets, the groups it crosses in
    /// two cells or more that reach outside it.
    fn add_crossings(&mut self) {
        let mut inside = vec![0u64; self.rules.len()];
        for id in 0..self.rules.len() {
            let (Rule::Group { cells, full: true, .. } | Rule::Sum { cells, .. }) = &self.rules[id]
            else {
                continue;
            };
            let members = self.cells_of(cells).to_vec();
            for (position, &cell) in members.iter().enumerate() {
                for &other in self.groups_of(cell) {
                    inside[other as usize] |= 1 << position;
                }
            }
            let start = self.crossings.len() as u32;
            for (other, slot) in inside.iter_mut().enumerate() {
                let crossing = std::mem::take(slot);
                if other == id || crossing.count_ones() < 2 {
                    continue;
                }
                let Rule::Group { cells: theirs, .. } = &self.rules[other] else { continue };
                let outside: Vec<Cell> = self
                    .cells_of(theirs)
                    .iter()
                    .copied()
                    .filter(|cell| !members.contains(cell))
                    .collect();
                if !outside.is_empty() {
                    let outside = self.list(&outside);
                    self.crossings.push(Crossing { inside: crossing, outside });
                }
            }
            let end = self.crossings.len() as u32;
            match &mut self.rules[id] {
                Rule::Sum { crossings, .. } => *crossings = start..end,
                Rule::Group { cells, .. } if start < end => {
                    let cells = cells.clone();
                    let listed = &self.crossings[start as usize..end as usize];
                    let widest = listed.iter().map(|c| c.inside.count_ones()).max().unwrap_or(0);
                    self.rules.push(Rule::Crossed { cells, crossings: start..end, widest });
                }
                _ => {}
            }
        }
    }

    /// The cells of a rule's range.
    #[inline]
    pub(super) fn cells_of(&self, range: &Range<u32>) -> &[Cell] {
        &self.cell_list[range.start as usize..range.end as usize]
    }
}

/// The bit of `digit` (bit d − 1 for digit d).
#[inline]
pub(super) fn bit(digit: Digit) -> u64 {
    1 << (digit - 1)
}

/// The digits `cell` may hold by its marks (parity, pencilmarks; the rules' model has no
/// givens, each puzzle brings its own); none for a cell the puzzle does not use.
fn marks(model: &Model, cell: Cell) -> u64 {
    if !model.used[cell] {
        return 0;
    }
    model.allowed(cell).fold(0, |mask, digit| mask | bit(digit))
}
