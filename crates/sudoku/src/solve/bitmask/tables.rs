//! [`Tables`]: what the bitmask search needs to know of a variant, computed once per template:
//! each cell's peers and regions, each region's cells, and the pairs of regions that meet.

use super::MAX_CELLS;
use crate::variant::Variant;

/// The fixed tables of one variant: peers, regions, and region intersections.
#[derive(Clone, Debug)]
pub(crate) struct Tables {
    pub(super) size: usize,
    /// Every digit: the low `size` bits.
    pub(super) all: u32,
    /// `peers[peer_starts[c]..peer_starts[c + 1]]`: the cells sharing a region with `c`.
    pub(super) peers: Vec<u8>,
    pub(super) peer_starts: Vec<u16>,
    /// Region `r`'s cells are `region_cells[r * size..(r + 1) * size]`.
    pub(super) region_cells: Vec<u8>,
    /// Pairs of regions meeting in two cells or more (a box and a line, say).
    pub(super) intersections: Vec<Intersection>,
    /// The cells of every intersection's three parts, see [`Intersection`].
    pub(super) parts: Vec<u8>,
    /// For each cell, bit `r` set for each region `r` it is in; every bit when the variant has
    /// more than 64 regions (then every scan looks at every region).
    pub(super) region_bits: Box<[u64; MAX_CELLS]>,
    /// Bit `r` set for every region `r`.
    pub(super) all_regions: u64,
    /// Up to [`PLANE_CELLS`] cells: bit `p` of entry `c` set for each peer `p` of cell `c`
    /// (see [`MaskBoard::planes`](super::MaskBoard)); `None` for larger grids.
    pub(super) peer_masks: Option<Box<[u128; MAX_CELLS]>>,
    /// With `peer_masks`: bit `c` of entry `c` (a load is cheaper than a 128-bit shift).
    pub(super) cell_masks: Box<[u128; MAX_CELLS]>,
    /// With `peer_masks`: bit `c` of entry `r` set for each cell `c` of region `r`.
    pub(super) region_masks: Vec<u128>,
}

/// The most cells for which boards keep a cell set per digit (one `u128` each): up to 11×11.
pub(super) const PLANE_CELLS: usize = 128;

/// Regions `a` and `b` meeting in `parts[start..shared]`; `parts[shared..a_end]` are the rest
/// of `a`, `parts[a_end..b_end]` the rest of `b`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Intersection {
    pub(super) start: u16,
    pub(super) shared: u16,
    pub(super) a_end: u16,
    pub(super) b_end: u16,
}

impl Tables {
    /// The tables of `variant`.
    ///
    /// # Panics
    /// From 16×16 up: cells are bytes and a digit's candidates a bit of a `u32` word (the
    /// strategy never asks, see `strategy.rs`).
    pub(crate) fn new(variant: &Variant) -> Tables {
        let n = variant.size();
        assert!(n < 16, "the bitmask search's tables are for grids below 16x16, not {n}x{n}");
        let byte = |cell: usize| u8::try_from(cell).expect("below 16x16 a cell fits a byte");
        let mut peers = Vec::new();
        let mut peer_starts = vec![0];
        let mut seen = vec![false; n * n];
        for cell in 0..n * n {
            let start = peers.len();
            for &r in variant.regions_of(cell) {
                for &other in &variant.regions()[r as usize].cells {
                    if other != cell && !seen[other] {
                        seen[other] = true;
                        peers.push(byte(other));
                    }
                }
            }
            for &other in &peers[start..] {
                seen[usize::from(other)] = false;
            }
            peer_starts.push(u16::try_from(peers.len()).expect("at most 225 x 224 peers"));
        }
        let regions = variant.regions();
        let region_cells = regions.iter().flat_map(|r| r.cells.iter().map(|&c| byte(c))).collect();
        let (mut intersections, mut parts) = (Vec::new(), Vec::new());
        let at = |parts: &Vec<u8>| u16::try_from(parts.len()).expect("intersections fit");
        for (i, a) in regions.iter().enumerate() {
            for b in &regions[i + 1..] {
                let shared: Vec<usize> =
                    a.cells.iter().filter(|c| b.cells.contains(c)).copied().collect();
                if shared.len() < 2 || shared.len() == n {
                    continue;
                }
                let start = at(&parts);
                parts.extend(shared.iter().map(|&c| byte(c)));
                let shared_end = at(&parts);
                parts.extend(a.cells.iter().filter(|c| !shared.contains(c)).map(|&c| byte(c)));
                let a_end = at(&parts);
                parts.extend(b.cells.iter().filter(|c| !shared.contains(c)).map(|&c| byte(c)));
                intersections.push(Intersection {
                    start,
                    shared: shared_end,
                    a_end,
                    b_end: at(&parts),
                });
            }
        }
        let all = (1u32 << n) - 1;
        let mut region_bits = Box::new([0; MAX_CELLS]);
        let all_regions = if regions.len() <= 64 {
            for (r, region) in regions.iter().enumerate() {
                for &cell in &region.cells {
                    region_bits[cell] |= 1 << r;
                }
            }
            u64::MAX >> (64 - regions.len())
        } else {
            region_bits.fill(u64::MAX);
            u64::MAX
        };
        let mut cell_masks = Box::new([0; MAX_CELLS]);
        let (peer_masks, region_masks) = if n * n <= PLANE_CELLS {
            for (cell, mask) in cell_masks.iter_mut().enumerate().take(n * n) {
                *mask = 1 << cell;
            }
            let mut masks = Box::new([0; MAX_CELLS]);
            for (cell, mask) in masks.iter_mut().enumerate().take(n * n) {
                let cell = byte(cell);
                *mask = peers[usize::from(peer_starts[usize::from(cell)])
                    ..usize::from(peer_starts[usize::from(cell) + 1])]
                    .iter()
                    .fold(0, |m, &p| m | 1u128 << p);
            }
            let regions = regions.iter().map(|r| r.cells.iter().fold(0, |m, &c| m | 1u128 << c));
            (Some(masks), regions.collect())
        } else {
            (None, Vec::new())
        };
        Tables {
            size: n,
            all,
            peers,
            peer_starts,
            region_cells,
            intersections,
            parts,
            region_bits,
            all_regions,
            peer_masks,
            cell_masks,
            region_masks,
        }
    }

    pub(super) fn peers(&self, cell: u8) -> &[u8] {
        let cell = usize::from(cell);
        &self.peers[usize::from(self.peer_starts[cell])..usize::from(self.peer_starts[cell + 1])]
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
}
