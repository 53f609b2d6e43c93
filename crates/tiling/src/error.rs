//! Why a tiling cannot be read, built or counted.

/// What went wrong with a tiling.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TilingError {
    /// A picture (of a board or a piece) or a `dlx tile` file that cannot be read.
    #[error("line {line}, column {column}: {what}")]
    Picture {
        /// The line, from 1.
        line: usize,
        /// The column, from 1.
        column: usize,
        /// What is wrong there.
        what: String,
    },
    /// A piece that cannot be used: no cell, a count range upside down, a name the engine
    /// cannot write, two pieces of one name.
    #[error("piece '{name}': {what}")]
    Piece {
        /// The piece.
        name: String,
        /// What is wrong with it.
        what: String,
    },
    /// No piece can fix the symmetry: counting up to symmetry needs a piece used exactly
    /// once that every symmetry of the tiling maps to itself.
    #[error("cannot count up to symmetry: {reason}")]
    NoFixingPiece {
        /// Why each candidate was turned down.
        reason: String,
    },
    /// The engine refused the problem or the count.
    #[error("{0}")]
    Engine(String),
}
