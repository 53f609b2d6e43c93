//! The propagators: each takes its cells' candidates in and keeps only the digits its rule
//! still allows, or finds that it cannot hold. Each is sound (it removes no digit of a
//! solution) and exact on placed digits (with every cell of a rule placed, it fails exactly
//! when the rule is broken), so that a board with one candidate a cell and no propagator left
//! to run is a solution.

use super::board::{fewer_than, single, PropBoard};
use super::tables::LineTable;
use super::{Crossing, PropTables, Rule};
use crate::solve::kit::Contradiction;

type Step = Result<(), Contradiction>;

/// A cage's sets are checked by Hall's condition (`sum`) when at most this many of its cells
/// are open: `EXTREME_KILLERS` 77 202 -> 61 519 nodes, `TAREK_ALL` 74 770 -> 66 874,
/// `MATHEMAGIC_KILLERS`' first five 1 729 734 -> 1 668 234; to 6 open cells, those five took
/// 2 252 127.
const MOST_OPEN: usize = 4;

/// The number of open cells in each subset of at most [`MOST_OPEN`] of them, read in Hall's
/// condition with [`fewer_than`] rather than a scalar `count_ones` (no `popcnt` in the
/// baseline): `MATHEMAGIC_KILLERS`' first, 1 685 M -> 1 656 M instructions for 20 000 nodes.
const SUBSET_SIZES: [u32; 1 << MOST_OPEN] = {
    let mut sizes = [0; 1 << MOST_OPEN];
    let mut subset = 0;
    while subset < sizes.len() {
        sizes[subset] = (subset as u32).count_ones();
        subset += 1;
    }
    sizes
};

impl PropBoard {
    /// Runs propagator `id`.
    pub(super) fn run(&mut self, tables: &PropTables, id: u32, scratch: &mut Vec<u8>) -> Step {
        match &tables.rules[id as usize] {
            Rule::Group { cells, full } => self.group(tables, tables.cells_of(cells), *full),
            Rule::Crossed { cells, crossings, widest } => {
                let crossings = &tables.crossings[crossings.start as usize..crossings.end as usize];
                self.crossed(tables, tables.cells_of(cells), crossings, *widest)
            }
            Rule::Sum { cells, sets, crossings } => {
                let sets = &tables.sets[sets.start as usize..sets.end as usize];
                let crossings = &tables.crossings[crossings.start as usize..crossings.end as usize];
                self.sum(tables, tables.cells_of(cells), sets, crossings)
            }
            Rule::Bounds { cells, sum, runs, flipped, pill } => {
                let ends = &tables.runs[runs.start as usize..runs.end as usize];
                let cells = tables.cells_of(cells);
                let (cells, pill) = cells.split_at(cells.len() - *pill as usize);
                self.bounds(tables, cells, (ends, *flipped as usize), (*sum, pill))
            }
            Rule::GroupSum { cells, runs, sum } => {
                let ends = &tables.runs[runs.start as usize..runs.end as usize];
                self.group_sum(tables, tables.cells_of(cells), (ends, runs.start as usize), *sum)
            }
            Rule::Pair { a, b, table } => {
                let at = *table as usize;
                let forward = &tables.pairs[at..at + tables.n];
                let backward = &tables.pairs[at + tables.n..at + 2 * tables.n];
                let (a, b) = (*a as usize, *b as usize);
                self.restrict(tables, b, supported(self.masks[a], forward))?;
                self.restrict(tables, a, supported(self.masks[b], backward))
            }
            Rule::Table { cells, supports, fillings, words } => {
                let range = cells.start as usize..cells.end as usize;
                let supports = tables.supports_of(*supports, range.len(), *words);
                self.table_again(tables, id, range, |board, cells| {
                    board.table(tables, cells, supports, (*fillings, *words))
                })
            }
            Rule::Line { line } => self.line(tables, &tables.lines[*line as usize], scratch),
            Rule::Splits { cells, splits } => {
                let splits = &tables.splits[splits.start as usize..splits.end as usize];
                self.splits(tables, tables.cells_of(cells), splits)
            }
            Rule::Renban { cells, .. } => self.renban(tables, tables.cells_of(cells)),
        }
    }

    /// Distinct digits: placed ones leave the other cells; in a full group a digit with one
    /// place goes there, a digit with none is a contradiction (its locked candidates are
    /// [`Rule::Crossed`]); a group of k cells needs k digits among its candidates.
    fn group(&mut self, tables: &PropTables, cells: &[usize], full: bool) -> Step {
        // One pass for the placed digits and each digit's places: the eliminations below
        // take only placed digits, so the places of the others stay as counted.
        let (mut placed, mut open, mut once, mut twice) = (0u64, 0u64, 0u64, 0u64);
        for &cell in cells {
            let mask = self.masks[cell];
            if single(mask) {
                if placed & mask != 0 {
                    return Err(Contradiction);
                }
                placed |= mask;
            } else {
                open |= mask;
            }
            twice |= once & mask;
            once |= mask;
        }
        // Most looks find the placed digits gone from the open cells already.
        if placed & open != 0 {
            for &cell in cells {
                let mask = self.masks[cell];
                if !single(mask) && mask & placed != 0 {
                    self.restrict(tables, cell, !placed)?;
                }
            }
        }
        if full {
            let all = if tables.n >= 64 { u64::MAX } else { (1 << tables.n) - 1 };
            if once != all {
                return Err(Contradiction);
            }
            let mut lone = once & !twice & !placed;
            while lone != 0 {
                let digit = lone & lone.wrapping_neg();
                lone &= lone - 1;
                let cell = cells.iter().copied().find(|&c| self.masks[c] & digit != 0);
                let cell = cell.ok_or(Contradiction)?;
                self.restrict(tables, cell, digit)?;
            }
        } else if (once.count_ones() as usize) < cells.len() {
            return Err(Contradiction);
        }
        Ok(())
    }

    /// A cage's sum by its digit sets: the sets that hold the placed digits and whose every
    /// digit some cell can take, where every cell takes one of them (and, with few open
    /// cells, every few of them as many digits); then each cell keeps the digits of those
    /// sets, and a digit all of them hold goes to its one place when it has one.
    fn sum(
        &mut self,
        tables: &PropTables,
        cells: &[usize],
        sets: &[u64],
        crossings: &[Crossing],
    ) -> Step {
        let (mut union, mut placed) = (0u64, 0u64);
        for &cell in cells {
            let mask = self.masks[cell];
            union |= mask;
            if single(mask) {
                placed |= mask;
            }
        }
        // With at most MOST_OPEN open cells, each subset of them must cover as many of a
        // set's digits left as it has cells (Hall's condition), or the set cannot be filled.
        let mut unions = [0u64; 1 << MOST_OPEN];
        let mut open = 0usize;
        for &cell in cells {
            let mask = self.masks[cell];
            if !single(mask) {
                if open == MOST_OPEN {
                    open += 1;
                    break;
                }
                for subset in 0..1 << open {
                    unions[subset | 1 << open] = unions[subset] | mask;
                }
                open += 1;
            }
        }
        let (mut some, mut every) = (0u64, u64::MAX);
        for &set in sets {
            if set & placed != placed || set & union != set {
                continue;
            }
            if cells.iter().any(|&cell| self.masks[cell] & set == 0) {
                continue;
            }
            // One open cell or all of them: the checks above.
            if (3..=MOST_OPEN).contains(&open) {
                let left = set & !placed;
                let short = (3..(1usize << open) - 1).any(|subset| {
                    let size = SUBSET_SIZES[subset];
                    size >= 2 && fewer_than(unions[subset] & left, size)
                });
                if short {
                    continue;
                }
            }
            some |= set;
            every &= set;
        }
        if some == 0 {
            return Err(Contradiction);
        }
        // Most runs find every candidate in some set: no cell to look at again.
        if union & !some != 0 {
            for &cell in cells {
                self.restrict(tables, cell, some)?;
            }
        }
        self.required(tables, cells, every & !placed, Some(crossings))
    }

    /// Digits each of which some cell of `cells` (distinct digits, at most 64) must hold: one
    /// with a single place goes there, one with none is a contradiction, and one with several
    /// leaves other cells: where `cells` crosses a group, by `crossings` listed at build time
    /// (a cage's: those cells see all its places), or else every cell that sees all its places
    /// ([`Self::seen_by_all`]).
    pub(super) fn required(
        &mut self,
        tables: &PropTables,
        cells: &[usize],
        digits: u64,
        crossings: Option<&[Crossing]>,
    ) -> Step {
        let mut needed = digits;
        while needed != 0 {
            let digit = needed & needed.wrapping_neg();
            needed &= needed - 1;
            let (mut here, mut last) = (0u64, 0);
            for (position, &cell) in cells.iter().enumerate() {
                if self.masks[cell] & digit != 0 {
                    here |= 1 << position;
                    last = cell;
                }
            }
            // Counted as none, one or more: no `count_ones` (no `popcnt` in the baseline).
            let places = if here == 0 {
                0
            } else if single(here) {
                1
            } else {
                2
            };
            match (places, crossings) {
                (0, _) => return Err(Contradiction),
                (1, _) => self.restrict(tables, last, digit)?,
                (_, None) => self.seen_by_all(tables, cells, digit)?,
                (_, Some(crossings)) => {
                    for crossing in crossings.iter().filter(|c| here & !c.inside == 0) {
                        for &other in tables.cells_of(&crossing.outside) {
                            if self.masks[other] & digit != 0 {
                                self.restrict(tables, other, !digit)?;
                            }
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// Locked candidates of a full group: the digits not placed whose places in `cells` all
    /// lie where it crosses another group (of at most `widest` of its cells) leave that
    /// group's cells outside it.
    fn crossed(
        &mut self,
        tables: &PropTables,
        cells: &[usize],
        crossings: &[Crossing],
        widest: u32,
    ) -> Step {
        // Each crossing's digits inside and outside it: a few words ORed a crossing (a row of
        // a killer crosses its boxes and a cage or four), where each digit's places, bit by
        // bit, cost four times as much. The group's masks are read once (the eliminations
        // fall outside it); a group of more than `SMALL` cells reads them crossing by crossing.
        const SMALL: usize = 16;
        let mut room = [0u64; SMALL];
        let small = cells.len() <= SMALL;
        // Each digit's places counted to 3 (`low` and `high`, the count's two bits) or more
        // (`many`): a digit locked in a crossing has at most `widest` places, and most runs
        // find none with so few (`HARD_RENBAN`'s second: 96% of them change nothing).
        let (mut placed, mut low, mut high, mut many) = (0u64, 0u64, 0u64, 0u64);
        for (position, &cell) in cells.iter().enumerate() {
            let mask = self.masks[cell];
            if small {
                room[position] = mask;
            }
            if single(mask) {
                placed |= mask;
            }
            let carry = low & mask;
            low ^= mask;
            many |= high & carry;
            high ^= carry;
        }
        let few = match widest {
            0..=2 => !many & !(low & high),
            3 => !many,
            _ => u64::MAX,
        } & !placed;
        if few & (low | high | many) == 0 {
            return Ok(());
        }
        let all = u64::MAX >> (64 - cells.len());
        for crossing in crossings {
            let or_of = |board: &PropBoard, mut positions: u64| {
                let mut union = 0u64;
                while positions != 0 {
                    let position = positions.trailing_zeros() as usize;
                    union |=
                        if small { room[position % SMALL] } else { board.masks[cells[position]] };
                    positions &= positions - 1;
                }
                union
            };
            let inside = or_of(self, crossing.inside) & few;
            if inside == 0 {
                continue;
            }
            let confined = inside & !or_of(self, all & !crossing.inside);
            if confined == 0 {
                continue;
            }
            for &other in tables.cells_of(&crossing.outside) {
                if self.masks[other] & confined != 0 {
                    self.restrict(tables, other, !confined)?;
                }
            }
        }
        Ok(())
    }

    /// A line: the states of its automaton reachable from the start through the candidates
    /// (forward), then the steps from those into states that still reach the end (backward);
    /// each cell keeps the digits of those steps.
    fn line(&mut self, tables: &PropTables, line: &LineTable, scratch: &mut Vec<u8>) -> Step {
        const REACHED: u8 = 1;
        const ALIVE: u8 = 2;
        let states = *line.states.last().expect("a line has a start") as usize;
        scratch.clear();
        scratch.resize(states, 0);
        scratch[0] = REACHED;
        let layers = line.cells.len();
        for k in 0..layers {
            let mask = self.masks[line.cells[k]];
            let (from_base, to_base) = (line.states[k] as usize, line.states[k + 1] as usize);
            let steps = &line.steps[line.starts[k] as usize..line.starts[k + 1] as usize];
            for &(from, digit, to) in steps {
                if mask >> digit & 1 == 1 && scratch[from_base + from as usize] & REACHED != 0 {
                    scratch[to_base + to as usize] |= REACHED;
                }
            }
        }
        // The last layer's states are all accepting (the unrolling kept only such steps).
        let end = line.states[layers] as usize;
        for flag in &mut scratch[end..states] {
            if *flag & REACHED != 0 {
                *flag |= ALIVE;
            }
        }
        for k in (0..layers).rev() {
            let cell = line.cells[k];
            let mask = self.masks[cell];
            let (from_base, to_base) = (line.states[k] as usize, line.states[k + 1] as usize);
            let steps = &line.steps[line.starts[k] as usize..line.starts[k + 1] as usize];
            let mut keep = 0u64;
            for &(from, digit, to) in steps {
                let from = from_base + from as usize;
                if mask >> digit & 1 == 1
                    && scratch[from] & REACHED != 0
                    && scratch[to_base + to as usize] & ALIVE != 0
                {
                    scratch[from] |= ALIVE;
                    keep |= 1 << digit;
                }
            }
            self.restrict(tables, cell, keep)?;
        }
        Ok(())
    }
}

/// The digits some digit of `mask` allows, by a relation's table (one mask a digit).
#[inline]
fn supported(mask: u64, table: &[u64]) -> u64 {
    let (mut rest, mut allowed) = (mask, 0);
    while rest != 0 {
        allowed |= table[rest.trailing_zeros() as usize];
        rest &= rest - 1;
    }
    allowed
}
