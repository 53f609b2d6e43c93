//! Sums the cages imply without stating them: the killer solver's "innies" and "outies". A
//! full region (or a few disjoint full regions together) holds every digit once each, so its
//! digits add up to a known total; the cages wholly inside it take their sums out of that
//! total, and the cells left (the innies) must make up the rest. When the cages reaching into
//! the innies cover them exactly, their cells outside (the outies) make up what those cages
//! hold beyond the innies. Such a sum holds in every solution, so adding it as a constraint
//! keeps every solution and removes none: it only lets the search see dead ends sooner.

use dancer::{ColorId, Entry, ItemId, ProblemBuilder};

use super::Model;
use crate::grid::{Cell, Digit};

/// At most this many disjoint full regions, consecutive in the model's list, are taken
/// together (rows 1–3 of a 9×9 are a band).
pub(crate) const MOST_REGIONS: usize = 3;

/// Cells whose digits add up to a sum in every solution (not a cage of the model), with every
/// way to fill them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ImpliedSum {
    /// The cells, in increasing order.
    pub cells: Vec<Cell>,
    /// Each filling's digits, cell by cell, one filling after the other.
    pub fillings: Vec<Digit>,
}

/// What the implied sums are drawn from: which cage holds each cell and where cages and
/// regions meet.
struct Layout {
    cage_of: Vec<Option<usize>>,
    /// `meet[k * regions + r]`: how many cells of cage k region r holds.
    meet: Vec<u8>,
    /// The regions of each cell: `region_list[region_starts[c]..region_starts[c + 1]]`.
    region_starts: Vec<usize>,
    region_list: Vec<usize>,
}

impl Model {
    /// The innie and outie sums of at most `most_cells` cells of the full regions, alone and
    /// up to [`MOST_REGIONS`] consecutive disjoint ones together, once each and none that is a
    /// cage already, that have at most `limit` fillings. None when cages overlap.
    pub(crate) fn implied_sums(&self, most_cells: usize, limit: usize) -> Vec<ImpliedSum> {
        let Some(layout) = self.layout() else { return Vec::new() };
        self.implied_totals_in(&layout, most_cells)
            .into_iter()
            .filter_map(|(cells, sum)| {
                let fillings = self.sum_fillings(&layout, &cells, sum, limit)?;
                Some(ImpliedSum { cells, fillings })
            })
            .collect()
    }

    /// The innie and outie sums of [`implied_sums`](Self::implied_sums), of at most
    /// `most_cells` cells, as their cells and totals, however many fillings they have (the
    /// propagating search bounds them).
    pub(crate) fn implied_totals(&self, most_cells: usize) -> Vec<(Vec<Cell>, i64)> {
        match self.layout() {
            Some(layout) => self.implied_totals_in(&layout, most_cells),
            None => Vec::new(),
        }
    }

    fn implied_totals_in(&self, layout: &Layout, most_cells: usize) -> Vec<(Vec<Cell>, i64)> {
        let (n, regions) = (self.symbols, self.regions.len());
        let mut found: Vec<(Vec<Cell>, i64)> = Vec::new();
        let mut add = |cells: Vec<Cell>, sum: i64| {
            let cage = layout.cage_of[cells[0]].map(|k| &self.cages[k].cells);
            let is_cage = cage.is_some_and(|c| c.len() == cells.len())
                && cells.iter().all(|&cell| layout.cage_of[cell] == layout.cage_of[cells[0]]);
            if !is_cage && found.iter().all(|(seen, _)| *seen != cells) {
                found.push((cells, sum));
            }
        };
        // `mark[cell] == stamp`: the cell is in the group of regions looked at.
        let (mut mark, mut stamp) = (vec![0usize; self.used.len()], 0);
        for count in 1..=MOST_REGIONS.min(regions) {
            for start in 0..=regions - count {
                let group = &self.regions[start..start + count];
                stamp += 1;
                let mut disjoint = group.iter().all(|region| region.len() == n);
                for &cell in group.iter().flatten() {
                    disjoint &= mark[cell] != stamp;
                    mark[cell] = stamp;
                }
                if !disjoint {
                    continue;
                }
                let total = wide(count * n * (n + 1) / 2);
                let within = |k: usize| {
                    (start..start + count).map(|r| usize::from(layout.meet[k * regions + r])).sum()
                };
                // Cages wholly inside with a sum, and those reaching in from outside.
                let (mut innie_sum, mut innies) = (total, count * n);
                let (mut outie_sum, mut outies, mut covered, mut sums_known) = (0i64, 0, 0, true);
                for (k, cage) in self.cages.iter().enumerate() {
                    let inside: usize = within(k);
                    match cage.sum {
                        Some(sum) if inside == cage.cells.len() => {
                            innie_sum -= i64::from(sum);
                            innies -= inside;
                        }
                        _ if inside == 0 || inside == cage.cells.len() => {}
                        Some(sum) => {
                            outie_sum += i64::from(sum);
                            outies += cage.cells.len() - inside;
                            covered += inside;
                        }
                        None => sums_known = false,
                    }
                }
                if innies == count * n || innies == 0 {
                    continue;
                }
                let whole = |cell: Cell| {
                    layout.cage_of[cell].is_some_and(|k| {
                        self.cages[k].sum.is_some() && within(k) == self.cages[k].cells.len()
                    })
                };
                if innies <= most_cells {
                    let mut cells: Vec<Cell> =
                        group.iter().flatten().copied().filter(|&c| !whole(c)).collect();
                    cells.sort_unstable();
                    add(cells, innie_sum);
                }
                if sums_known && covered == innies && outies > 0 && outies <= most_cells {
                    let reaching = |cell: Cell| {
                        layout.cage_of[cell]
                            .is_some_and(|k| (1..self.cages[k].cells.len()).contains(&within(k)))
                    };
                    let mut cells: Vec<Cell> =
                        (0..self.used.len()).filter(|&c| mark[c] != stamp && reaching(c)).collect();
                    cells.sort_unstable();
                    add(cells, outie_sum - innie_sum);
                }
            }
        }
        found
    }

    /// The cage of each cell and where cages meet regions; `None` when cages overlap or none
    /// has a sum.
    fn layout(&self) -> Option<Layout> {
        if self.cages.iter().all(|cage| cage.sum.is_none()) {
            return None;
        }
        let regions = self.regions.len();
        let mut cage_of = vec![None; self.used.len()];
        for (k, cage) in self.cages.iter().enumerate() {
            for &cell in &cage.cells {
                if cage_of[cell].replace(k).is_some() {
                    return None;
                }
            }
        }
        let mut meet = vec![0u8; self.cages.len() * regions];
        let mut counts = vec![0usize; self.used.len() + 1];
        for (r, region) in self.regions.iter().enumerate() {
            for &cell in region {
                counts[cell + 1] += 1;
                if let Some(k) = cage_of[cell] {
                    meet[k * regions + r] += 1;
                }
            }
        }
        let mut region_starts = counts;
        for c in 1..region_starts.len() {
            region_starts[c] += region_starts[c - 1];
        }
        let mut next = region_starts.clone();
        let mut region_list = vec![0; region_starts[self.used.len()]];
        for (r, region) in self.regions.iter().enumerate() {
            for &cell in region {
                region_list[next[cell]] = r;
                next[cell] += 1;
            }
        }
        Some(Layout { cage_of, meet, region_starts, region_list })
    }

    /// Every way to fill `cells` with digits their marks allow, adding up to `sum`, two cells
    /// that share a region or a cage holding different digits; `None` past `limit` ways.
    fn sum_fillings(
        &self,
        layout: &Layout,
        cells: &[Cell],
        sum: i64,
        limit: usize,
    ) -> Option<Vec<Digit>> {
        let n = wide(self.symbols);
        let regions_of =
            |c: Cell| &layout.region_list[layout.region_starts[c]..layout.region_starts[c + 1]];
        let shares = |a: Cell, b: Cell| {
            layout.cage_of[a].is_some() && layout.cage_of[a] == layout.cage_of[b]
                || regions_of(a).iter().any(|r| regions_of(b).contains(r))
        };
        // For each cell, the earlier cells it must differ from, and the digits it may hold.
        let apart: Vec<Vec<usize>> = (0..cells.len())
            .map(|i| (0..i).filter(|&j| shares(cells[i], cells[j])).collect())
            .collect();
        let allowed: Vec<Vec<Digit>> =
            cells.iter().map(|&cell| self.allowed(cell).collect()).collect();
        let mut out = Vec::new();
        let mut digits: Vec<Digit> = Vec::with_capacity(cells.len());
        // Depth-first, `choice[i]` the index into `allowed[i]` tried next.
        let mut choice = vec![0usize; cells.len()];
        let (mut total, mut looked) = (0i64, 0usize);
        loop {
            let i = digits.len();
            if i + 1 == cells.len() {
                // The last cell takes what the sum still needs, if it may.
                let fits =
                    |d: &Digit| allowed[i].contains(d) && apart[i].iter().all(|&j| digits[j] != *d);
                if let Some(digit) = Digit::try_from(sum - total).ok().filter(fits) {
                    out.extend_from_slice(&digits);
                    out.push(digit);
                    if out.len() > limit * cells.len() {
                        return None;
                    }
                }
            } else if choice[i] < allowed[i].len() {
                let digit = allowed[i][choice[i]];
                choice[i] += 1;
                looked += 1;
                if looked > limit.saturating_mul(64) {
                    return None;
                }
                let left = wide(cells.len() - i - 1);
                let reach = total + i64::from(digit);
                let clash = apart[i].iter().any(|&j| digits[j] == digit);
                if !clash && reach + left <= sum && reach + left * n >= sum {
                    digits.push(digit);
                    total = reach;
                }
                continue;
            }
            // Back up: this cell's digits are all tried.
            choice[i] = 0;
            let Some(digit) = digits.pop() else { return Some(out) };
            total -= i64::from(digit);
        }
    }
}

/// `count` as an `i64` (counts of cells and digits are far below its range).
fn wide(count: usize) -> i64 {
    i64::try_from(count).unwrap_or(i64::MAX)
}

/// The items of the implied sums: a primary `S{j}` each, covered by the one of its fillings
/// chosen, and per cell a secondary `S{j}r{row}c{col}`, which the chosen filling colours with
/// the cell's digit and the option placing a digit in the cell asks for that digit's colour.
pub(super) struct ImpliedItems {
    /// Per implied sum: its primary item and its first cell's item (the others follow).
    items: Vec<(ItemId, ItemId)>,
    /// Per cell: the items of the implied sums that hold it.
    of: Vec<Vec<ItemId>>,
}

impl ImpliedItems {
    /// Declares the primary items of `sums`, to be passed to [`declare`](Self::declare) once
    /// every primary item is declared.
    pub(super) fn declare_primary(
        builder: &mut ProblemBuilder,
        sums: &[ImpliedSum],
    ) -> Vec<ItemId> {
        (0..sums.len()).map(|j| builder.primary(format!("S{}", j + 1))).collect()
    }

    /// Declares the cells' secondary items of `sums`, whose primary items are `primary`.
    pub(super) fn declare(
        model: &Model,
        builder: &mut ProblemBuilder,
        sums: &[ImpliedSum],
        primary: &[ItemId],
    ) -> ImpliedItems {
        let mut of = vec![Vec::new(); model.used.len()];
        let mut items = Vec::with_capacity(sums.len());
        for (j, sum) in sums.iter().enumerate() {
            let mut first = None;
            for &cell in &sum.cells {
                let (row, col) = (cell / model.width + 1, cell % model.width + 1);
                let item = builder.secondary(format!("S{}r{row}c{col}", j + 1));
                of[cell].push(item);
                first.get_or_insert(item);
            }
            items.push((primary[j], first.expect("an implied sum has cells")));
        }
        ImpliedItems { items, of }
    }

    /// Adds to `entries` what placing `digit` in `cell` asks of the implied sums holding it;
    /// `colors[d]` is digit d's colour.
    pub(super) fn place(
        &self,
        entries: &mut Vec<Entry>,
        cell: Cell,
        digit: Digit,
        colors: &[ColorId],
    ) {
        for &item in &self.of[cell] {
            entries.push((item, colors[usize::from(digit)]).into());
        }
    }

    /// Makes one option per filling of each implied sum, handing each to `add`.
    pub(super) fn options(
        &self,
        sums: &[ImpliedSum],
        colors: &[ColorId],
        mut add: impl FnMut(&[Entry]),
    ) {
        let mut entries: Vec<Entry> = Vec::new();
        for (sum, &(item, first)) in sums.iter().zip(&self.items) {
            for filling in sum.fillings.chunks(sum.cells.len()) {
                entries.clear();
                entries.push(item.into());
                for (i, &digit) in filling.iter().enumerate() {
                    let cell_item = ItemId::new(first.index() + i);
                    entries.push((cell_item, colors[usize::from(digit)]).into());
                }
                add(&entries);
            }
        }
    }
}
