//! What a picture in characters is made of: a [`Canvas`] of [`Glyph`]s, each with the [`Ink`]
//! that says what it shows and the cell's [`Shade`] (cursor, conflict, hint), so that `sudoku
//! show` prints the characters and `sudoku play` colours them; and what a cell holds
//! ([`Content`]) at what size ([`CellSize`]), and where the cells ended up ([`Geometry`]).

use super::text::symbol_width;
use crate::grid::{Digit, MAX_LINE_SIZE};
use crate::model::{Constraints, Model};

/// What a glyph shows, for colouring.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Ink {
    /// Nothing, or the shading of an extra region.
    Blank,
    /// A piece's or the grid's edge.
    Line,
    /// A cage's dotted edge.
    Cage,
    /// A cage's sum.
    Sum,
    /// A relation mark between two cells.
    Mark,
    /// A line through cells (an arrow, a thermometer, ...): its path, circles, bulbs.
    Trace,
    /// A parity mark in an empty cell.
    Parity,
    /// A given digit.
    Given,
    /// A digit the player placed.
    Placed,
    /// A digit of the solution, shown where nothing is placed.
    Solution,
    /// Pencil marks.
    Pencil,
    /// A cell marker: `[ ]` around the cursor, `!` beside a conflict, `*` beside a hint's
    /// cell, `?` beside a digit the check found wrong.
    Marker,
}

/// Highlights of a cell, drawn as markers beside its digit (so that they show without colour)
/// and as backgrounds where colour is allowed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[allow(clippy::struct_excessive_bools)]
pub struct Shade {
    /// The cell is in an extra region.
    pub extra: bool,
    /// The cursor is on it.
    pub cursor: bool,
    /// It is in a broken constraint.
    pub conflict: bool,
    /// It is in a region that holds a digit twice (the two cells are `conflict`): the whole
    /// broken region is shown, not only its repeated digit.
    pub broken_region: bool,
    /// A hint uses it.
    pub hint: bool,
    /// The check against the solution found its digit wrong.
    pub wrong: bool,
}

/// One character of a [`Canvas`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Glyph {
    /// The character.
    pub ch: char,
    /// What it shows.
    pub ink: Ink,
    /// The highlights of the cell it is in (default for edges).
    pub shade: Shade,
}

/// What one cell shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Content {
    /// Its digit, if any.
    pub digit: Option<Digit>,
    /// How the digit is drawn: [`Ink::Given`], [`Ink::Placed`] or [`Ink::Solution`].
    pub ink: Option<Ink>,
    /// Corner pencil marks, a bit per digit (bit d − 1 for d).
    pub corner: u64,
    /// Centre pencil marks.
    pub centre: u64,
    /// Its highlights.
    pub shade: Shade,
}

impl Content {
    /// The givens of `model`, and `solution`'s digits elsewhere when given.
    pub fn of_puzzle(model: &Model, solution: Option<&[Option<Digit>]>) -> Vec<Content> {
        (0..model.used.len())
            .map(|cell| match (model.givens[cell], solution.and_then(|s| s[cell])) {
                (Some(d), _) => {
                    Content { digit: Some(d), ink: Some(Ink::Given), ..Content::default() }
                }
                (None, Some(d)) => {
                    Content { digit: Some(d), ink: Some(Ink::Solution), ..Content::default() }
                }
                (None, None) => Content::default(),
            })
            .collect()
    }
}

/// The size of a cell's interior in characters, and whether the drawing is compact.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CellSize {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// Whether a line between two rows of cells that shows nothing (every edge along it thin,
    /// no relation mark on it: the lines inside the boxes of a plain sudoku) is left out, so
    /// that taller cells fit fewer rows of a screen.
    pub compact: bool,
}

impl CellSize {
    /// The narrowest interior that shows `model` whole: room for a symbol and a space, for
    /// the widest cage sum, and for every candidate of a pencilmark puzzle.
    pub fn least(model: &Model) -> CellSize {
        let mut width = symbol_width(model.symbols) + 1;
        for list in model.constraints() {
            let room = match list {
                Constraints::Cages(cages) => {
                    cages.iter().filter_map(|c| c.sum).max().map_or(0, |s| s.to_string().len())
                }
                // Marks on the edges, or one glyph in an empty cell.
                Constraints::Relations(_)
                | Constraints::Lines(_)
                | Constraints::Parity(_)
                | Constraints::Candidates([]) => 0,
                // A pencilmark puzzle's candidates, each at its own place.
                Constraints::Candidates(_) => model.symbols.min(MAX_LINE_SIZE),
            };
            width = width.max(room);
        }
        CellSize { width, height: 1, compact: false }
    }

    /// The interior `sudoku show` uses: [`least`](Self::least), at least three wide so that
    /// digits stand in the middle of their cells.
    pub fn show(model: &Model) -> CellSize {
        let least = CellSize::least(model);
        CellSize { width: least.width.max(3), height: 1, compact: false }
    }
}

/// Characters in a grid: rows of [`Glyph`]s.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Canvas {
    pub(super) width: usize,
    height: usize,
    pub(super) glyphs: Vec<Glyph>,
    pub(super) geometry: Geometry,
}

/// Where the cells of a [`Canvas`] are, to tell which cell a mouse click is on.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Geometry {
    /// The canvas's columns and rows.
    pub(super) size: (usize, usize),
    /// The first row of each row of cells (rows are not evenly spaced in a compact drawing).
    pub(super) tops: Vec<usize>,
    /// Columns from one cell's start to the next's.
    pub(super) cell_width: usize,
}

impl Geometry {
    /// The row and column of the cell at column `x`, row `y` of the canvas (an edge counts
    /// as the cell below or to the right of it), if there is one.
    pub fn cell_at(&self, x: usize, y: usize) -> Option<(usize, usize)> {
        let (width, height) = self.size;
        let row = self.tops.iter().rposition(|&top| top <= y + 1)?;
        let col = x / self.cell_width.max(1);
        let inside = y + 1 < height && x + 1 < width;
        (inside && col < width / self.cell_width.max(1)).then_some((row, col))
    }
}

impl Canvas {
    pub(super) fn blank(width: usize, height: usize) -> Canvas {
        let glyph = Glyph { ch: ' ', ink: Ink::Blank, shade: Shade::default() };
        let glyphs = vec![glyph; width * height];
        let geometry = Geometry { size: (width, height), ..Geometry::default() };
        Canvas { width, height, glyphs, geometry }
    }

    /// Where its cells are.
    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// Columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The glyph at column `x`, row `y`.
    ///
    /// # Panics
    /// Outside the canvas.
    pub fn get(&self, x: usize, y: usize) -> Glyph {
        self.glyphs[y * self.width + x]
    }

    /// One row of glyphs.
    pub fn row(&self, y: usize) -> &[Glyph] {
        &self.glyphs[y * self.width..(y + 1) * self.width]
    }

    pub(super) fn put(&mut self, x: usize, y: usize, ch: char, ink: Ink) {
        if x < self.width && y < self.height {
            let glyph = &mut self.glyphs[y * self.width + x];
            glyph.ch = ch;
            glyph.ink = ink;
        }
    }

    pub(super) fn text(&mut self, x: usize, y: usize, text: &str, ink: Ink) {
        for (i, ch) in text.chars().enumerate() {
            self.put(x + i, y, ch, ink);
        }
    }
}

/// The characters, one line per row, trailing blanks cut.
impl std::fmt::Display for Canvas {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for y in 0..self.height {
            let line: String = self.row(y).iter().map(|g| g.ch).collect();
            writeln!(f, "{}", line.trim_end())?;
        }
        Ok(())
    }
}
