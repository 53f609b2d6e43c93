//! Symmetries of the clue pattern: the sets of cells that are given or removed together.

use std::{fmt, str::FromStr};

use crate::grid::Cell;

/// A map of cells (m = N − 1, row, column) → (row, column).
type CellMap = fn(usize, usize, usize) -> (usize, usize);

/// How the givens of a generated puzzle are placed: a symmetric puzzle gives every cell of an
/// orbit of the symmetry, or none of them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// No constraint.
    #[default]
    None,
    /// Half-turn rotation: r,c and N−1−r,N−1−c.
    Rot180,
    /// Quarter-turn rotations: four cells at a time.
    Rot90,
    /// Mirror across the horizontal axis: r,c and N−1−r,c.
    Horizontal,
    /// Mirror across the vertical axis: r,c and r,N−1−c.
    Vertical,
    /// Mirror across the main diagonal: r,c and c,r.
    Diagonal,
    /// Mirror across the anti-diagonal: r,c and N−1−c,N−1−r.
    Antidiagonal,
    /// All eight symmetries of the square.
    Dihedral,
}

impl Symmetry {
    /// Every symmetry, in the order of the names.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::None,
        Symmetry::Rot180,
        Symmetry::Rot90,
        Symmetry::Horizontal,
        Symmetry::Vertical,
        Symmetry::Diagonal,
        Symmetry::Antidiagonal,
        Symmetry::Dihedral,
    ];

    /// The name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rot180 => "rot180",
            Symmetry::Rot90 => "rot90",
            Symmetry::Horizontal => "horizontal",
            Symmetry::Vertical => "vertical",
            Symmetry::Diagonal => "diagonal",
            Symmetry::Antidiagonal => "antidiagonal",
            Symmetry::Dihedral => "dihedral",
        }
    }

    /// The maps (m, r, c) → (r', c'), with m = N − 1, that generate the symmetry group.
    fn generators(self) -> &'static [CellMap] {
        const ROT90: CellMap = |m, r, c| (c, m - r);
        const HORIZONTAL: CellMap = |m, r, c| (m - r, c);
        match self {
            Symmetry::None => &[],
            Symmetry::Rot180 => &[|m, r, c| (m - r, m - c)],
            Symmetry::Rot90 => &[ROT90],
            Symmetry::Horizontal => &[HORIZONTAL],
            Symmetry::Vertical => &[|m, r, c| (r, m - c)],
            Symmetry::Diagonal => &[|_, r, c| (c, r)],
            Symmetry::Antidiagonal => &[|m, r, c| (m - c, m - r)],
            Symmetry::Dihedral => &[ROT90, HORIZONTAL],
        }
    }

    /// The orbits of the n×n cells: each cell in exactly one, orbits in order of their
    /// smallest cell, cells of an orbit sorted.
    pub fn orbits(self, n: usize) -> Vec<Vec<Cell>> {
        let maps = self.generators();
        let mut orbit_of = vec![usize::MAX; n * n];
        let mut orbits: Vec<Vec<Cell>> = Vec::new();
        for start in 0..n * n {
            if orbit_of[start] != usize::MAX {
                continue;
            }
            // Close {start} under the generators.
            let mut orbit = vec![start];
            orbit_of[start] = orbits.len();
            let mut k = 0;
            while k < orbit.len() {
                let (r, c) = (orbit[k] / n, orbit[k] % n);
                for map in maps {
                    let (r2, c2) = map(n - 1, r, c);
                    let cell = r2 * n + c2;
                    if orbit_of[cell] == usize::MAX {
                        orbit_of[cell] = orbits.len();
                        orbit.push(cell);
                    }
                }
                k += 1;
            }
            orbit.sort_unstable();
            orbits.push(orbit);
        }
        orbits
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a symmetry.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown symmetry '{0}': expected none, rot180, rot90, horizontal, vertical, diagonal, antidiagonal or dihedral")]
pub struct UnknownSymmetry(pub String);

impl FromStr for Symmetry {
    type Err = UnknownSymmetry;

    fn from_str(name: &str) -> Result<Symmetry, UnknownSymmetry> {
        let lower = name.to_ascii_lowercase();
        Symmetry::ALL
            .into_iter()
            .find(|s| s.name() == lower)
            .ok_or_else(|| UnknownSymmetry(name.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbits_partition_the_grid_with_the_expected_sizes() {
        for symmetry in Symmetry::ALL {
            for n in [1, 4, 6, 9] {
                let orbits = symmetry.orbits(n);
                let mut cells: Vec<Cell> = orbits.concat();
                cells.sort_unstable();
                assert_eq!(cells, (0..n * n).collect::<Vec<_>>(), "{symmetry} {n}");
            }
        }
        // 9x9: the centre is fixed by every symmetry.
        assert_eq!(Symmetry::None.orbits(9).len(), 81);
        assert_eq!(Symmetry::Rot180.orbits(9).len(), 41);
        assert_eq!(Symmetry::Rot90.orbits(9).len(), 21);
        assert_eq!(Symmetry::Horizontal.orbits(9).len(), 45);
        assert_eq!(Symmetry::Diagonal.orbits(9).len(), 45);
        assert_eq!(Symmetry::Dihedral.orbits(9).len(), 15);
        assert!(Symmetry::Rot180.orbits(9).contains(&vec![0, 80]));
        assert!(Symmetry::Antidiagonal.orbits(9).contains(&vec![0, 80]));
    }

    #[test]
    fn names_round_trip() {
        for symmetry in Symmetry::ALL {
            assert_eq!(symmetry.name().parse::<Symmetry>(), Ok(symmetry));
        }
        assert!("spiral".parse::<Symmetry>().is_err());
    }
}
