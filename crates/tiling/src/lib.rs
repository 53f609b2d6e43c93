//! Tilings and packings as exact cover on the [`dancer`] engine: a [`Board`] of squares or
//! cubes (from a picture, a rectangle or a box; cells required or optional), named
//! [`Piece`]s (from cells or pictures; turned and mirrored or not; used once, at most once,
//! any number of times, or from `a` to `b` times), and a [`Tiling`] of the one by the others
//! that counts its solutions (plainly or up to the board's symmetries), enumerates them, and
//! draws each as text or SVG.
//!
//! Polyominoes and polycubes are combinatorics, not puzzles, but the engine stays free of
//! every problem's vocabulary: this crate builds items and options, the engine searches
//! (docs/design.md, "Tilings").
//!
//! # Example
//!
//! The twelve pentominoes in a 6×10 box: 2 339 ways, 9 356 counting the box's symmetries.
//!
//! ```
//! use dancer_tiling::{sets, Board, Tiling};
//!
//! let tiling = Tiling::new(Board::rectangle(10, 6), sets::pentominoes())?;
//! let up_to_symmetry = tiling.count_up_to_symmetry()?;
//! assert_eq!((up_to_symmetry.orbits, up_to_symmetry.group), (2339, 4));
//! let first = tiling.solutions(false)?.next().expect("a solution");
//! println!("{}", first.to_text(&tiling));
//! # Ok::<(), dancer_tiling::TilingError>(())
//! ```
//!
//! # Errors
//!
//! Pictures and `dlx tile` files report a [`TilingError::Picture`] with line and column;
//! counting up to symmetry without a piece that can fix it reports
//! [`TilingError::NoFixingPiece`].
#![deny(missing_docs)]

mod board;
mod count;
mod encode;
mod error;
mod file;
mod geometry;
mod piece;
pub mod sets;
mod solution;
mod solutions;
mod symmetry;
mod tiling;

pub use crate::{
    board::{Board, CellKind},
    count::SymmetryCount,
    encode::Encoded,
    error::TilingError,
    geometry::Cell,
    piece::{Count, Piece},
    solution::{sheet, Solution},
    solutions::TilingSolutions,
    tiling::{Encoding, Tiling},
};
