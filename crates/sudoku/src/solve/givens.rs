//! [`Givens`] and [`SolutionForm`]: what the door ([`PuzzleSolver`](super::PuzzleSolver)) takes as
//! a puzzle and gives back as its solutions. A [`Grid`] comes back as grids, with nothing converted
//! on the way (the fast path of batches of plain puzzles); the digits of a model's rectangle come
//! back as digits, each solution checked by the model's checker.

use std::borrow::Cow;

use crate::grid::{Digit, Grid};
use crate::model::Model;

use super::answer::SolveError;

mod sealed {
    /// Only this crate's types are givens and solutions: the door reads them through
    /// [`View`](super::View) and builds them with the conversions below.
    pub trait Sealed {}
}

/// A puzzle's givens as the door reads them.
#[derive(Clone, Copy, Debug)]
pub enum View<'a> {
    /// A grid of the rules' plain view, or of an N×N model with N symbols.
    Grid(&'a Grid),
    /// One digit or `None` per cell of the model's rectangle.
    Cells(&'a [Option<Digit>]),
}

impl<'v> View<'v> {
    /// The givens as the digits of `model`'s rectangle.
    ///
    /// # Errors
    /// [`SolveError::Shape`] when they do not fit the rectangle.
    pub(crate) fn cells(self, model: &Model) -> Result<Cow<'v, [Option<Digit>]>, SolveError> {
        self.fits(model)?;
        Ok(match self {
            View::Grid(grid) => Cow::Owned((0..grid.cells().len()).map(|c| grid.get(c)).collect()),
            View::Cells(cells) => Cow::Borrowed(cells),
        })
    }

    /// Whether the givens fit `model`'s rectangle: a grid an N×N model of N symbols, digits
    /// one per cell.
    ///
    /// # Errors
    /// [`SolveError::Shape`], saying what was expected.
    pub(crate) fn fits(self, model: &Model) -> Result<(), SolveError> {
        let cells = model.used.len();
        match self {
            View::Grid(grid) => {
                let n = grid.size();
                if model.width == n && model.height == n && model.symbols == n {
                    return Ok(());
                }
                Err(SolveError::Shape(format!(
                    "a {n}x{n} grid given to rules of {}x{} cells and {} symbols",
                    model.width, model.height, model.symbols
                )))
            }
            View::Cells(digits) if digits.len() == cells => Ok(()),
            View::Cells(digits) => Err(SolveError::Shape(format!(
                "{} givens given to rules of {cells} cells",
                digits.len()
            ))),
        }
    }
}

/// A puzzle's givens, as [`PuzzleSolver`](super::PuzzleSolver) takes them: a [`Grid`] (a plain
/// puzzle, or an N×N model's of N symbols: its solutions come back as grids), a read
/// [`Puzzle`](crate::Puzzle) (its grid), or one digit or `None` per cell of the model's rectangle
/// (a slice, a `Vec`, an array, or a [`Model`]'s own givens: solutions come back as such digits,
/// `None` in unused cells).
pub trait Givens: sealed::Sealed {
    /// What each solution comes back as.
    type Solution: SolutionForm;

    #[doc(hidden)]
    /// The givens as the door reads them (sealed: only this crate implements it).
    fn view(&self) -> View<'_>;
}

/// A solution as the door gives it back: a [`Grid`], or one digit per cell of a model's
/// rectangle (`None` in unused cells).
pub trait SolutionForm: sealed::Sealed + Sized {
    #[doc(hidden)]
    /// A plain search's grid.
    fn from_grid(grid: Grid) -> Self;

    #[doc(hidden)]
    /// The digits of a model of `symbols` symbols (an N×N one when asked for a grid).
    fn from_cells(symbols: usize, cells: Vec<Option<Digit>>) -> Self;
}

impl sealed::Sealed for Grid {}
impl sealed::Sealed for Vec<Option<Digit>> {}
impl sealed::Sealed for [Option<Digit>] {}
impl<const N: usize> sealed::Sealed for [Option<Digit>; N] {}
impl sealed::Sealed for Model {}
impl sealed::Sealed for crate::read::puzzles::Puzzle {}
impl<T: sealed::Sealed + ?Sized> sealed::Sealed for &T {}

/// A reference to givens is givens, so that `solver.solve(grid)` takes the `&&Grid` of an
/// iterator's closure as it takes a `&Grid`.
impl<T: Givens + ?Sized> Givens for &T {
    type Solution = T::Solution;

    fn view(&self) -> View<'_> {
        (**self).view()
    }
}

impl Givens for Grid {
    type Solution = Grid;

    fn view(&self) -> View<'_> {
        View::Grid(self)
    }
}

impl Givens for crate::read::puzzles::Puzzle {
    type Solution = Grid;

    fn view(&self) -> View<'_> {
        View::Grid(&self.grid)
    }
}

impl Givens for [Option<Digit>] {
    type Solution = Vec<Option<Digit>>;

    fn view(&self) -> View<'_> {
        View::Cells(self)
    }
}

impl Givens for Vec<Option<Digit>> {
    type Solution = Vec<Option<Digit>>;

    fn view(&self) -> View<'_> {
        View::Cells(self)
    }
}

impl<const N: usize> Givens for [Option<Digit>; N] {
    type Solution = Vec<Option<Digit>>;

    fn view(&self) -> View<'_> {
        View::Cells(self)
    }
}

impl Givens for Model {
    type Solution = Vec<Option<Digit>>;

    fn view(&self) -> View<'_> {
        View::Cells(&self.givens)
    }
}

impl SolutionForm for Grid {
    fn from_grid(grid: Grid) -> Grid {
        grid
    }

    fn from_cells(symbols: usize, cells: Vec<Option<Digit>>) -> Grid {
        Grid::from_cells(symbols, cells.into_iter().map(|digit| digit.unwrap_or(0)).collect())
    }
}

impl SolutionForm for Vec<Option<Digit>> {
    fn from_grid(grid: Grid) -> Self {
        digits_of(&grid)
    }

    fn from_cells(_: usize, cells: Vec<Option<Digit>>) -> Self {
        cells
    }
}

/// A grid's digits, `None` for its empty cells.
pub(crate) fn digits_of(grid: &Grid) -> Vec<Option<Digit>> {
    grid.cells().iter().map(|&digit| (digit != 0).then_some(digit)).collect()
}
