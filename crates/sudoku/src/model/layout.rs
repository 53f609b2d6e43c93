//! The multi-grid puzzles people play: standard 9×9 sudokus placed in one rectangle, sharing
//! the cells where they overlap (a shared cell is one cell, under the rules of every grid it
//! belongs to). The rows and columns of the rectangle itself are not regions; cells no grid
//! covers are unused.
//!
//! The origins were found in the published solutions of janko.at's multi-grid puzzles (every
//! 9×9 window that is a valid sudoku, the same in every puzzle of a kind, together covering
//! exactly the solution's cells); see docs/formats.md.

use std::{fmt, str::FromStr};

use super::Model;

/// A multi-grid layout: where its 9×9 sub-grids sit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Layout {
    /// Four grids in a 12×12 square, each overlapping its neighbours in a 9×6 block.
    Butterfly,
    /// Five grids in a 21×21 square: four corners and a centre sharing a box with each.
    Samurai,
    /// Four grids in a 21×21 square, in a ring: top, left, right, bottom.
    Sohei,
    /// Five grids in a 21×21 square: a centre and four arms turning like a windmill's sails.
    Windmill,
    /// Thirteen grids in a 33×33 square: a 3×3 lattice and the four between them.
    Sumo,
    /// Eleven grids in a 21×45 rectangle: two rows of four and three between them.
    Shogun,
    /// Eight grids in a 21×33 rectangle: two rows of three and two between them.
    Gattai8,
    /// Nine grids tiling a 27×27 square, and a tenth sudoku made of the centres of all 81
    /// boxes (the centre of box (i, j) of grid (a, b) is cell (i, j) of box (a, b)).
    Clueless1,
    /// Nine grids tiling a 27×27 square, and a tenth sudoku made of the nine grids' central
    /// boxes (its rows and columns are new regions; its boxes are the central boxes).
    Clueless2,
}

impl Layout {
    /// Every layout, in the order above.
    pub const ALL: [Layout; 9] = [
        Layout::Butterfly,
        Layout::Samurai,
        Layout::Sohei,
        Layout::Windmill,
        Layout::Sumo,
        Layout::Shogun,
        Layout::Gattai8,
        Layout::Clueless1,
        Layout::Clueless2,
    ];

    /// Its name on the command line and in JSON: `samurai`, `gattai-8`, `clueless-1`, ...
    pub fn name(self) -> &'static str {
        match self {
            Layout::Butterfly => "butterfly",
            Layout::Samurai => "samurai",
            Layout::Sohei => "sohei",
            Layout::Windmill => "windmill",
            Layout::Sumo => "sumo",
            Layout::Shogun => "shogun",
            Layout::Gattai8 => "gattai-8",
            Layout::Clueless1 => "clueless-1",
            Layout::Clueless2 => "clueless-2",
        }
    }

    /// The rectangle: (rows, columns).
    pub fn shape(self) -> (usize, usize) {
        match self {
            Layout::Butterfly => (12, 12),
            Layout::Samurai | Layout::Sohei | Layout::Windmill => (21, 21),
            Layout::Sumo => (33, 33),
            Layout::Shogun => (21, 45),
            Layout::Gattai8 => (21, 33),
            Layout::Clueless1 | Layout::Clueless2 => (27, 27),
        }
    }

    /// The top-left cell (row, column) of each 9×9 sub-grid.
    pub fn origins(self) -> Vec<(usize, usize)> {
        let lattice = |rows: &[usize], cols: &[usize]| -> Vec<(usize, usize)> {
            rows.iter().flat_map(|&r| cols.iter().map(move |&c| (r, c))).collect()
        };
        match self {
            Layout::Butterfly => lattice(&[0, 3], &[0, 3]),
            Layout::Samurai => vec![(0, 0), (0, 12), (6, 6), (12, 0), (12, 12)],
            Layout::Sohei => vec![(0, 6), (6, 0), (6, 12), (12, 6)],
            Layout::Windmill => vec![(0, 3), (3, 12), (6, 6), (9, 0), (12, 9)],
            Layout::Sumo => {
                [lattice(&[0, 12, 24], &[0, 12, 24]), lattice(&[6, 18], &[6, 18])].concat()
            }
            Layout::Shogun => {
                [lattice(&[0, 12], &[0, 12, 24, 36]), lattice(&[6], &[6, 18, 30])].concat()
            }
            Layout::Gattai8 => [lattice(&[0, 12], &[0, 12, 24]), lattice(&[6], &[6, 18])].concat(),
            Layout::Clueless1 | Layout::Clueless2 => lattice(&[0, 9, 18], &[0, 9, 18]),
        }
    }

    /// The puzzle with no givens: used cells, and the rows, columns and boxes of every
    /// sub-grid (and the tenth grid of the clueless layouts), each region once even where
    /// grids share it.
    pub fn model(self) -> Model {
        let (height, width) = self.shape();
        let at = |row: usize, col: usize| row * width + col;
        let mut regions: Vec<Vec<usize>> = Vec::new();
        let mut used = vec![false; width * height];
        for (top, left) in self.origins() {
            let grid = |row: usize, col: usize| at(top + row, left + col);
            for i in 0..9 {
                regions.push((0..9).map(|j| grid(i, j)).collect());
                regions.push((0..9).map(|j| grid(j, i)).collect());
                regions.push((0..9).map(|j| grid(i / 3 * 3 + j / 3, i % 3 * 3 + j % 3)).collect());
            }
            for row in 0..9 {
                for col in 0..9 {
                    used[grid(row, col)] = true;
                }
            }
        }
        // The tenth grid's cell (row, col), as a cell of the rectangle.
        let tenth = |row: usize, col: usize| match self {
            Layout::Clueless1 => {
                Some(at(row / 3 * 9 + row % 3 * 3 + 1, col / 3 * 9 + col % 3 * 3 + 1))
            }
            Layout::Clueless2 => Some(at(row / 3 * 9 + 3 + row % 3, col / 3 * 9 + 3 + col % 3)),
            _ => None,
        };
        if tenth(0, 0).is_some() {
            for i in 0..9 {
                regions.push((0..9).filter_map(|j| tenth(i, j)).collect());
                regions.push((0..9).filter_map(|j| tenth(j, i)).collect());
                regions.push(
                    (0..9).filter_map(|j| tenth(i / 3 * 3 + j / 3, i % 3 * 3 + j % 3)).collect(),
                );
            }
        }
        let mut seen = std::collections::HashSet::new();
        regions.retain(|region| {
            let mut key = region.clone();
            key.sort_unstable();
            seen.insert(key)
        });
        Model {
            width,
            height,
            symbols: 9,
            used,
            regions,
            givens: vec![None; width * height],
            ..Model::default()
        }
    }
}

impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a [`Layout`]'s.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a layout (butterfly, samurai, sohei, windmill, sumo, shogun, gattai-8, clueless-1, clueless-2)")]
pub struct UnknownLayout(pub String);

impl FromStr for Layout {
    type Err = UnknownLayout;

    fn from_str(name: &str) -> Result<Layout, UnknownLayout> {
        let wanted = name.to_ascii_lowercase().replace('_', "-");
        Layout::ALL
            .into_iter()
            .find(|layout| layout.name() == wanted || layout.name().replace('-', "") == wanted)
            .ok_or_else(|| UnknownLayout(name.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The used cells and regions match the published puzzles' counts (study of janko.at's
    /// solutions): 369 of 441 cells for a samurai, 909 of 1 089 for a sumo, ...
    #[test]
    fn layouts_cover_the_published_cells() {
        let used = |layout: Layout| layout.model().used.iter().filter(|&&u| u).count();
        let expected = [144, 369, 288, 333, 909, 783, 576, 729, 729];
        for (layout, cells) in Layout::ALL.into_iter().zip(expected) {
            assert_eq!(used(layout), cells, "{layout}");
            let model = layout.model();
            assert_eq!(model.validate(), Ok(()), "{layout}");
            assert_eq!(layout.name().parse::<Layout>(), Ok(layout));
            let encoded = model.encode().expect("a layout encodes");
            let solution = dancer::Solver::new(encoded.problem()).first();
            let grid = encoded.grid(&solution.expect("a blank layout has a solution"));
            assert!(grid.iter().zip(&model.used).all(|(digit, &used)| digit.is_some() == used));
        }
        // Samurai: 5 grids of 27 regions, 4 shared boxes; clueless-2's tenth boxes are shared.
        assert_eq!(Layout::Samurai.model().regions.len(), 5 * 27 - 4);
        assert_eq!(Layout::Clueless1.model().regions.len(), 10 * 27);
        assert_eq!(Layout::Clueless2.model().regions.len(), 10 * 27 - 9);
        assert!("gattai8".parse::<Layout>().is_ok());
        assert!("hexagon".parse::<Layout>().is_err());
    }
}
