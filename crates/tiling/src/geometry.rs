//! Cells and the isometries of the square and cubic grids: each a signed permutation of the
//! axes (8 in the plane, 48 in space), as matrices that turn and mirror shapes.

/// A cell of the grid: `[x, y, z]`, with `z = 0` in the plane. `x` runs right and `y` down,
/// as pictures are read.
pub type Cell = [i32; 3];

/// A linear isometry of the grid: `out[k] = sign[k] · in[axis[k]]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Turn {
    axis: [usize; 3],
    sign: [i32; 3],
}

impl Turn {
    pub(crate) const IDENTITY: Turn = Turn { axis: [0, 1, 2], sign: [1, 1, 1] };

    /// The turns of `dimensions` (2: the 8 of the square, z fixed; 3: the 48 of the cube),
    /// the identity first.
    pub(crate) fn all(dimensions: usize) -> Vec<Turn> {
        let axes: &[[usize; 3]] = if dimensions == 2 {
            &[[0, 1, 2], [1, 0, 2]]
        } else {
            &[[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]]
        };
        let mut turns = Vec::new();
        for &axis in axes {
            for signs in 0..8 {
                let sign = [0, 1, 2].map(|k| if signs >> k & 1 == 1 { -1 } else { 1 });
                if dimensions == 2 && sign[2] == -1 {
                    continue;
                }
                turns.push(Turn { axis, sign });
            }
        }
        turns
    }

    /// Whether the turn keeps handedness (a rotation, not a mirror image): in the plane, z
    /// is kept and the determinant of the x-y part is taken.
    pub(crate) fn is_proper(self) -> bool {
        let parity = match self.axis {
            [0, 1, 2] | [1, 2, 0] | [2, 0, 1] => 1,
            _ => -1,
        };
        parity * self.sign[0] * self.sign[1] * self.sign[2] == 1
    }

    pub(crate) fn apply(self, cell: Cell) -> Cell {
        [0, 1, 2].map(|k| self.sign[k] * cell[self.axis[k]])
    }

    /// The turns a piece may take: all, the proper ones, the identity and one mirror, or the
    /// identity alone.
    pub(crate) fn allowed(dimensions: usize, rotate: bool, reflect: bool) -> Vec<Turn> {
        let mirror = Turn { axis: [0, 1, 2], sign: [-1, 1, 1] };
        match (rotate, reflect) {
            (true, true) => Turn::all(dimensions),
            (true, false) => Turn::all(dimensions).into_iter().filter(|t| t.is_proper()).collect(),
            (false, true) => vec![Turn::IDENTITY, mirror],
            (false, false) => vec![Turn::IDENTITY],
        }
    }
}

/// `cells` moved so that their least coordinates are 0, sorted: a shape up to translation.
pub(crate) fn normalized(cells: &[Cell]) -> Vec<Cell> {
    let low = [0, 1, 2].map(|k| cells.iter().map(|c| c[k]).min().unwrap_or(0));
    let mut shape: Vec<Cell> = cells.iter().map(|c| [0, 1, 2].map(|k| c[k] - low[k])).collect();
    shape.sort_unstable();
    shape.dedup();
    shape
}

/// The distinct shapes of `cells` under `turns`, in the order first met.
pub(crate) fn shapes(cells: &[Cell], turns: &[Turn]) -> Vec<Vec<Cell>> {
    let mut found: Vec<Vec<Cell>> = Vec::new();
    for turn in turns {
        let moved: Vec<Cell> = cells.iter().map(|&c| turn.apply(c)).collect();
        let shape = normalized(&moved);
        if !found.contains(&shape) {
            found.push(shape);
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_groups_have_8_and_48_turns_half_of_them_proper() {
        for (dimensions, order) in [(2, 8), (3, 48)] {
            let turns = Turn::all(dimensions);
            assert_eq!(turns.len(), order);
            assert_eq!(turns.iter().filter(|t| t.is_proper()).count(), order / 2);
            let mut distinct = turns.clone();
            distinct.sort();
            distinct.dedup();
            assert_eq!(distinct.len(), order);
        }
    }

    #[test]
    fn the_f_pentomino_has_8_shapes_and_the_x_one() {
        let f = [[1, 0, 0], [2, 0, 0], [0, 1, 0], [1, 1, 0], [1, 2, 0]];
        let x = [[1, 0, 0], [0, 1, 0], [1, 1, 0], [2, 1, 0], [1, 2, 0]];
        assert_eq!(shapes(&f, &Turn::all(2)).len(), 8);
        assert_eq!(shapes(&f, &Turn::allowed(2, true, false)).len(), 4);
        assert_eq!(shapes(&x, &Turn::all(2)).len(), 1);
    }
}
