//! `dancer._dancer.Tiling`: the tiling layer (`dancer_tiling`) behind `dancer.tiling`.

use std::sync::Arc;

use dancer::run::{Counting, Run};
use dancer_tiling::{Board, Cell, CellKind, Count, Piece, Solution, Tiling};
use pyo3::{exceptions::PyKeyboardInterrupt, prelude::*};

use crate::problem::{value_error, PyProblem};
use crate::solutions::TilingSolutions;
use crate::watch::{interruptible, pool};

/// A piece as Python hands it over: name, cells, rotate, reflect, low, high.
type PieceParts = (String, Vec<(i32, i32, i32)>, bool, bool, u32, Option<u32>);

/// A board and pieces (see `dancer.tiling.Tiling`).
#[pyclass(module = "dancer._dancer", name = "Tiling", frozen)]
pub(crate) struct PyTiling {
    tiling: Arc<Tiling>,
}

/// A solution decoded: each piece's name and cells.
pub(crate) type Decoded = Vec<(String, Vec<(i32, i32, i32)>)>;

pub(crate) fn decode(tiling: &Tiling, solution: &Solution) -> Decoded {
    solution
        .placements
        .iter()
        .map(|(piece, cells)| {
            let cells = cells.iter().map(|&c| {
                let [x, y, z] = tiling.board().cells()[c];
                (x, y, z)
            });
            (tiling.names()[*piece].clone(), cells.collect())
        })
        .collect()
}

#[pymethods]
impl PyTiling {
    /// The tiling of the board's `cells` ((x, y, z, optional)) by `pieces`.
    #[new]
    fn new(cells: Vec<(i32, i32, i32, bool)>, pieces: Vec<PieceParts>) -> PyResult<PyTiling> {
        let board = Board::new(cells.into_iter().map(|(x, y, z, optional)| {
            ([x, y, z], if optional { CellKind::Optional } else { CellKind::Required })
        }));
        let pieces = pieces.into_iter().map(|(name, cells, rotate, reflect, low, high)| {
            let cells = cells.into_iter().map(|(x, y, z)| -> Cell { [x, y, z] });
            let piece =
                Piece::new(cells).rotate(rotate).reflect(reflect).count(Count::range(low, high));
            (name, piece)
        });
        let tiling = Tiling::new(board, pieces).map_err(value_error)?;
        Ok(PyTiling { tiling: Arc::new(tiling) })
    }

    /// The tiling of a `dlx tile` file's text.
    #[staticmethod]
    fn from_text(text: &str) -> PyResult<PyTiling> {
        let tiling = Tiling::from_text(text).map_err(value_error)?;
        Ok(PyTiling { tiling: Arc::new(tiling) })
    }

    /// The cells of a board picture: (x, y, z, optional).
    #[staticmethod]
    fn board_cells(text: &str) -> PyResult<Vec<(i32, i32, i32, bool)>> {
        let board = Board::from_text(text).map_err(value_error)?;
        Ok(board
            .cells()
            .iter()
            .enumerate()
            .map(|(k, &[x, y, z])| (x, y, z, board.kind(k) == CellKind::Optional))
            .collect())
    }

    /// The cells of a piece picture.
    #[staticmethod]
    fn piece_cells(text: &str) -> PyResult<Vec<(i32, i32, i32)>> {
        let piece = Piece::from_text(text).map_err(value_error)?;
        Ok(piece.cells().iter().map(|&[x, y, z]| (x, y, z)).collect())
    }

    /// The standard set `name`: (name, cells, rotate, reflect, low, high) of each piece.
    #[staticmethod]
    fn standard_set(name: &str) -> PyResult<Vec<PieceParts>> {
        let set = dancer_tiling::sets::by_name(name)
            .ok_or_else(|| value_error(format!("unknown set '{name}'")))?;
        Ok(set
            .into_iter()
            .map(|(name, piece)| {
                let cells = piece.cells().iter().map(|&[x, y, z]| (x, y, z)).collect();
                (name, cells, piece.rotate, piece.reflect, piece.count.low, piece.count.high)
            })
            .collect())
    }

    /// The number of solutions, or of classes of solutions under the board's symmetries,
    /// on `threads` threads; (count, group order, fixed piece) up to symmetry.
    #[pyo3(signature = (up_to_symmetry=false, threads=None))]
    fn count(
        &self,
        py: Python<'_>,
        up_to_symmetry: bool,
        threads: Option<usize>,
    ) -> PyResult<(u128, usize, Option<String>)> {
        let pool = pool(threads)?;
        let jobs = pool.current_num_threads();
        let tiling = Arc::clone(&self.tiling);
        let (counted, stopped) = interruptible(py, move |flag| {
            let counted = pool.install(|| {
                let counting = Counting::new(Run::new().threads(jobs).interrupt(flag));
                if up_to_symmetry {
                    tiling
                        .count_up_to_symmetry_with(&counting)
                        .map(|c| (c.orbits, c.group, c.piece))
                } else {
                    tiling.count_with(&counting).map(|count| (count, 1, None))
                }
            });
            (counted, flag.load(std::sync::atomic::Ordering::Relaxed))
        })?;
        if stopped {
            return Err(PyKeyboardInterrupt::new_err("interrupted"));
        }
        counted.map_err(value_error)
    }

    /// The solutions, decoded, at most `limit` (one of each class up to symmetry), found
    /// one at a time on a thread of their own.
    #[pyo3(signature = (up_to_symmetry=false, limit=None))]
    fn solutions(&self, up_to_symmetry: bool, limit: Option<usize>) -> PyResult<TilingSolutions> {
        let solutions = self.tiling.solutions(up_to_symmetry).map_err(value_error)?;
        Ok(TilingSolutions::start(solutions, limit))
    }

    /// The text and the SVG picture of a solution given as (name, cells) pairs.
    fn draw(&self, placements: Decoded) -> PyResult<(String, String)> {
        let solution = self.solution_of(placements)?;
        Ok((solution.to_text(&self.tiling), solution.to_svg(&self.tiling)))
    }

    /// The exact-cover problem of the tiling.
    fn problem(&self) -> PyResult<PyProblem> {
        let encoded = self.tiling.encode().map_err(value_error)?;
        Ok(PyProblem { problem: Arc::new(encoded.problem) })
    }

    /// The order of the group of symmetries.
    fn symmetry_count(&self) -> usize {
        self.tiling.symmetry_count()
    }
}

impl PyTiling {
    fn solution_of(&self, placements: Decoded) -> PyResult<Solution> {
        let board = self.tiling.board();
        let mut chosen = Vec::new();
        for (name, cells) in placements {
            let piece = self
                .tiling
                .names()
                .iter()
                .position(|n| *n == name)
                .ok_or_else(|| value_error(format!("no piece '{name}'")))?;
            let mut numbers: Vec<usize> = cells
                .iter()
                .map(|&(x, y, z)| {
                    board
                        .index([x, y, z])
                        .ok_or_else(|| value_error(format!("({x}, {y}, {z}) is not on the board")))
                })
                .collect::<PyResult<_>>()?;
            numbers.sort_unstable();
            chosen.push((piece, numbers));
        }
        chosen.sort();
        Ok(Solution { placements: chosen })
    }
}
