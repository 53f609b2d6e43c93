//! [`WideTables`]: what the wide search needs to know of a variant, computed once per
//! template: each cell's regions and its place in each, each region's cells, and a reference
//! solution that guides the branching when the variant has a known one. The accessors that
//! match the bitmask search's tables are the same few lines over other widths of index (`u32`
//! cells here, `u8` there), kept apart rather than made generic for two users.

use super::linear::linear_grids;
use super::locked::{overlaps, Overlap};
use crate::grid::Grid;
use crate::variant::{RegionKind, Variant};

/// Where a cell sits in one of its regions.
#[derive(Clone, Copy, Debug)]
pub(super) struct Slot {
    pub(super) region: u32,
    /// The cell's index among the region's cells: its bit in the region's place masks.
    pub(super) index: u32,
}

/// The fixed tables of one variant, for the wide search.
#[derive(Clone, Debug)]
pub(crate) struct WideTables {
    pub(super) size: usize,
    /// Every digit: the low `size` bits.
    pub(super) all: u64,
    /// `slots[slot_starts[c]..slot_starts[c + 1]]`: the regions holding cell `c`.
    slots: Vec<Slot>,
    slot_starts: Vec<u32>,
    /// Region `r`'s cells are `region_cells[r * size..(r + 1) * size]` (64² cells fit a `u16`).
    region_cells: Vec<u16>,
    pub(super) reference: Option<Reference>,
    /// The regions that share two cells or more, when locked candidates run at every node
    /// (`locked.rs`).
    pub(super) overlaps: Vec<Overlap>,
}

/// A solution of the blank grid that the search tries to follow (see [`Reference::pattern`]),
/// through a [`Guide`](super::guide::Guide) fitted to each puzzle.
#[derive(Clone, Debug)]
pub(super) struct Reference {
    /// Each cell's digit, from 0.
    digits: Vec<u8>,
    /// The bands' height and the stacks' width by which rows and columns may be shuffled
    /// (1×N for a Latin square), when the variant's regions are only rows, columns and boxes
    /// (shuffles keep no jigsaw piece or extra region).
    pub(super) shape: Option<(usize, usize)>,
}

impl WideTables {
    /// The tables of `variant`.
    pub(crate) fn new(variant: &Variant) -> WideTables {
        let n = variant.size();
        let regions = variant.regions();
        let mut slots = vec![Vec::new(); n * n];
        let mut region_cells = Vec::with_capacity(regions.len() * n);
        for (r, region) in regions.iter().enumerate() {
            for (index, &cell) in region.cells.iter().enumerate() {
                let slot = Slot { region: r as u32, index: index as u32 };
                slots[cell].push(slot);
                region_cells.push(u16::try_from(cell).expect("64x64 cells fit a u16"));
            }
        }
        let slot_starts = std::iter::once(0)
            .chain(slots.iter().scan(0, |end, s| {
                *end += s.len() as u32;
                Some(*end)
            }))
            .collect();
        let all = u64::MAX >> (64 - n);
        let mut tables = WideTables {
            size: n,
            all,
            slots: slots.concat(),
            slot_starts,
            region_cells,
            reference: None,
            overlaps: overlaps(variant),
        };
        tables.reference = Reference::pattern(variant);
        tables
    }

    /// The side of the grid.
    pub(crate) fn size(&self) -> usize {
        self.size
    }

    pub(super) fn cell_count(&self) -> usize {
        self.size * self.size
    }

    pub(super) fn region_count(&self) -> usize {
        self.region_cells.len() / self.size
    }

    /// The regions holding `cell`.
    #[inline]
    pub(super) fn slots(&self, cell: usize) -> &[Slot] {
        &self.slots[self.slot_starts[cell] as usize..self.slot_starts[cell + 1] as usize]
    }

    /// The `index`-th cell of region `region`.
    #[inline]
    pub(super) fn cell_at(&self, region: usize, index: usize) -> usize {
        usize::from(self.region_cells[region * self.size + index])
    }
}

/// Linear grids tried for a variant the plain pattern breaks. Diagonals are fitted by one of
/// the first few: the 6th at 16×16, the 2nd at 25×25, the 1st at 49×49 and 64×64. A check
/// costs a pass over the grid, so a variant that none fits spends them all: building a
/// 64×64's tables took 7.5 ms with an extra region no grid fits, 0.5 ms for the plain
/// variant (measured once with `Instant` around `WideTables::new` in a release test).
const LINEAR_TRIES: usize = 64;

impl Reference {
    /// A solution of the blank grid built by formula, when it obeys the variant's rules: for
    /// R×C boxes row `y` holds `(C·(y mod R) + ⌊y/R⌋ + x) mod N` in column `x` (each band's rows
    /// are shifts of one another by whole boxes, each next band's by one more), which puts
    /// every digit once in each row, column and box; without boxes (or when that fails), the
    /// cyclic Latin square `(x + y) mod N`; with k×k boxes, then, the first of
    /// [`LINEAR_TRIES`] linear grids (see `linear.rs`) that fits, which serves diagonals.
    /// `None` when none fits (jigsaw pieces, most extra regions).
    ///
    /// Why: on a blank or nearly blank grid from about 25×25 up, every branching order we
    /// tried (cells or places first, ties broken leftmost or at random) sooner or later makes
    /// early choices that no completion fits, and plain depth-first search then spends
    /// millions of nodes below them: a blank 56×56 took 49 715 303 nodes in the engine
    /// (`sudoku solve --format json` at commit c97ece6, before this search). A
    /// search that tries the reference's digit first never contradicts it, so it fills a
    /// blank grid without a single wrong turn, and the guidance costs nothing elsewhere.
    fn pattern(variant: &Variant) -> Option<Reference> {
        let n = variant.size();
        let boxed = variant.box_shape().map(|(rows, cols)| {
            let digit = move |y: usize, x: usize| (cols * (y % rows) + y / rows + x) % n;
            Reference::grid(n, digit)
        });
        let latin = Reference::grid(n, |y, x| (x + y) % n);
        let fits = |digits: &Vec<u8>| {
            let cells = digits.iter().map(|&d| d + 1).collect();
            variant.is_solution(&Grid::from_cells(n, cells))
        };
        let square = variant.box_shape().filter(|&(rows, cols)| rows == cols);
        let linear = square.into_iter().flat_map(|(k, _)| linear_grids(k, LINEAR_TRIES));
        let digits = boxed.into_iter().chain([latin]).chain(linear).find(fits)?;
        let plain = |kind| matches!(kind, RegionKind::Row | RegionKind::Column | RegionKind::Box);
        let plain = variant.regions().iter().all(|region| plain(region.kind));
        let shape = plain.then(|| variant.box_shape().unwrap_or((1, n)));
        Some(Reference { digits, shape })
    }

    fn grid(n: usize, digit: impl Fn(usize, usize) -> usize) -> Vec<u8> {
        (0..n * n).map(|cell| digit(cell / n, cell % n) as u8).collect()
    }

    /// The reference's digit (from 0) in `cell`.
    #[inline]
    pub(super) fn digit(&self, cell: usize) -> usize {
        usize::from(self.digits[cell])
    }

    /// The reference as a grid of side `size` (digits from 1).
    pub(super) fn to_grid(&self, size: usize) -> Grid {
        Grid::from_cells(size, self.digits.iter().map(|&d| d + 1).collect())
    }
}
