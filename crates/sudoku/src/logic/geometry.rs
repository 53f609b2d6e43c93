//! The layout the techniques read, computed once per variant: each region's cells, each cell's
//! regions with its place in them, peers as bitsets, and the pairs of regions that overlap.

use crate::grid::Cell;
use crate::variant::{RegionKind, Variant};

/// Two regions sharing at least two cells: the ground of locked candidates. (One shared cell
/// would only restate a hidden single.)
#[derive(Clone, Copy, Debug)]
pub(super) struct Overlap {
    /// The region whose digit is confined to the overlap.
    pub(super) a: usize,
    /// The region that loses the digit outside the overlap.
    pub(super) b: usize,
    /// The shared cells as positions in `a`.
    pub(super) in_a: u64,
    /// The shared cells as positions in `b`.
    pub(super) in_b: u64,
}

/// A variant's regions in the flat, index-only form the inner loops want.
#[derive(Debug)]
pub(super) struct Geometry {
    size: usize,
    /// Region `r`'s cells are `cells[r * size..(r + 1) * size]`, in row order: every region
    /// has exactly N cells, and a position `k` in a mask means the `k`-th of them.
    cells: Vec<Cell>,
    kinds: Vec<RegionKind>,
    /// `members[starts[c]..starts[c + 1]]` are (region, position of `c` in it).
    starts: Vec<u32>,
    members: Vec<(u32, u32)>,
    /// Cell `c`'s peers (cells sharing a region with it, not itself) are the set bits of
    /// `peers[c * words..(c + 1) * words]`.
    words: usize,
    peers: Vec<u64>,
    /// Grouped by `a`: region `a`'s are `overlaps[overlap_starts[a]..overlap_starts[a + 1]]`.
    overlaps: Vec<Overlap>,
    overlap_starts: Vec<usize>,
    /// Partition regions (boxes, pieces) first, then lines, then the rest: the order in which
    /// a player looks for hidden singles.
    scan: Vec<usize>,
}

impl Geometry {
    pub(super) fn new(variant: &Variant) -> Geometry {
        let n = variant.size();
        let regions = variant.regions();
        let cells: Vec<Cell> = regions.iter().flat_map(|r| r.cells.iter().copied()).collect();
        let kinds: Vec<RegionKind> = regions.iter().map(|r| r.kind).collect();
        let mut starts = vec![0u32; n * n + 1];
        let mut members = Vec::new();
        for cell in 0..n * n {
            for &r in variant.regions_of(cell) {
                let k = regions[r as usize].cells.binary_search(&cell).expect("cell of region");
                members.push((r, k as u32));
            }
            starts[cell + 1] = members.len() as u32;
        }
        let words = (n * n).div_ceil(64);
        let mut peers = vec![0u64; n * n * words];
        for region in regions {
            for &a in &region.cells {
                for &b in region.cells.iter().filter(|&&b| b != a) {
                    peers[a * words + b / 64] |= 1 << (b % 64);
                }
            }
        }
        let mut geometry = Geometry {
            size: n,
            cells,
            kinds,
            starts,
            members,
            words,
            peers,
            overlaps: Vec::new(),
            overlap_starts: Vec::new(),
            scan: Vec::new(),
        };
        geometry.overlaps = geometry.find_overlaps();
        geometry.overlap_starts =
            (0..=regions.len()).map(|a| geometry.overlaps.partition_point(|o| o.a < a)).collect();
        let partition = |k: RegionKind| matches!(k, RegionKind::Box | RegionKind::Piece);
        let rank = |r: &usize| match geometry.kinds[*r] {
            k if partition(k) => 0,
            RegionKind::Row | RegionKind::Column => 1,
            _ => 2,
        };
        let mut scan: Vec<usize> = (0..regions.len()).collect();
        scan.sort_by_key(rank);
        geometry.scan = scan;
        geometry
    }

    /// Every ordered pair of regions sharing two cells or more, with the shared positions.
    fn find_overlaps(&self) -> Vec<Overlap> {
        let regions = self.kinds.len();
        let (mut in_a, mut in_b) = (vec![0u64; regions], vec![0u64; regions]);
        let mut overlaps = Vec::new();
        for a in 0..regions {
            in_a.fill(0);
            in_b.fill(0);
            for (k, &cell) in self.region(a).iter().enumerate() {
                for &(b, j) in self.members(cell) {
                    in_a[b as usize] |= 1 << k;
                    in_b[b as usize] |= 1 << j;
                }
            }
            for b in (0..regions).filter(|&b| b != a && in_a[b].count_ones() >= 2) {
                overlaps.push(Overlap { a, b, in_a: in_a[b], in_b: in_b[b] });
            }
        }
        overlaps
    }

    /// The side N.
    pub(super) fn size(&self) -> usize {
        self.size
    }

    /// The number of regions.
    pub(super) fn region_count(&self) -> usize {
        self.kinds.len()
    }

    /// Region `r`'s cells in row order.
    pub(super) fn region(&self, r: usize) -> &[Cell] {
        &self.cells[r * self.size..(r + 1) * self.size]
    }

    pub(super) fn kind(&self, r: usize) -> RegionKind {
        self.kinds[r]
    }

    /// The regions holding `cell`, each with the cell's position in it.
    pub(super) fn members(&self, cell: Cell) -> &[(u32, u32)] {
        &self.members[self.starts[cell] as usize..self.starts[cell + 1] as usize]
    }

    /// The position of `cell` in region `r`, if it is there.
    pub(super) fn position(&self, r: usize, cell: Cell) -> Option<u32> {
        self.members(cell).iter().find(|&&(m, _)| m as usize == r).map(|&(_, k)| k)
    }

    /// The words of a cell bitset.
    pub(super) fn words(&self) -> usize {
        self.words
    }

    /// `cell`'s peers as a bitset over cells.
    pub(super) fn peers(&self, cell: Cell) -> &[u64] {
        &self.peers[cell * self.words..(cell + 1) * self.words]
    }

    /// Whether two distinct cells share a region.
    pub(super) fn sees(&self, a: Cell, b: Cell) -> bool {
        self.peers(a)[b / 64] & 1 << (b % 64) != 0
    }

    /// The overlaps of region `a` with the others, `a` being the confining region.
    pub(super) fn overlaps(&self, a: usize) -> &[Overlap] {
        &self.overlaps[self.overlap_starts[a]..self.overlap_starts[a + 1]]
    }

    /// Every region, boxes and pieces first, then lines, then the rest.
    pub(super) fn scan(&self) -> &[usize] {
        &self.scan
    }
}

/// Whether a region is a row or a column.
pub(super) fn is_line(kind: RegionKind) -> bool {
    matches!(kind, RegionKind::Row | RegionKind::Column)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overlaps_of_a_classic_grid_and_an_x_grid() {
        let classic = Geometry::new(&Variant::standard(9).unwrap());
        // Each of 9 boxes meets 3 rows and 3 columns in 3 cells, counted both ways.
        let count =
            |g: &Geometry| (0..g.region_count()).map(|a| g.overlaps(a).len()).sum::<usize>();
        assert_eq!(count(&classic), 9 * 6 * 2);
        let x = Geometry::new(&Variant::standard(9).unwrap().with_diagonals().unwrap());
        // Each diagonal adds boxes 1, 5, 9 (or 3, 5, 7), both ways.
        assert_eq!(count(&x), 9 * 6 * 2 + 2 * 3 * 2);
        assert_eq!(x.peers(0).iter().map(|w| w.count_ones()).sum::<u32>(), 20 + 6);
        assert!(x.sees(0, 80) && !classic.sees(0, 80));
        assert_eq!((classic.position(12, 21), classic.position(19, 21)), (Some(2), Some(6)));
        assert_eq!(classic.scan()[0], 18);
    }
}
