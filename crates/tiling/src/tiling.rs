//! [`Tiling`]: a board and named pieces, and its placements: every way to put each piece on
//! the board.

use std::collections::HashSet;

use crate::board::Board;
use crate::error::TilingError;
use crate::geometry::{shapes, Turn};
use crate::piece::Piece;

/// How counts other than once, at most once and any number are encoded (docs/tiling.md).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Encoding {
    /// Without multiplicities: a piece used `a` to `b` times gets `b` slots, filled in the
    /// order of the copies' first cells, and the slots past the copies used take an "unused"
    /// option. Exact (each set of copies is one solution), and every engine feature works:
    /// threads, memoised counts, checkpoints.
    #[default]
    Slots,
    /// Knuth's Algorithm M: the piece's item is covered `a` to `b` times. Fewer items, but the
    /// engine then searches on one thread, without the table or checkpoints.
    Multiplicities,
}

/// A board and pieces: the exact-cover problem of placing every piece (as many times as its
/// [`Count`](crate::Count) says) so that each required cell is covered once and each
/// optional cell at most once.
///
/// ```
/// use dancer_tiling::{sets, Board, Tiling};
///
/// let tiling = Tiling::new(Board::rectangle(20, 3), sets::pentominoes())?;
/// assert_eq!(tiling.count()?, 8);
/// assert_eq!(tiling.count_up_to_symmetry()?.orbits, 2);
/// # Ok::<(), dancer_tiling::TilingError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Tiling {
    pub(crate) board: Board,
    pub(crate) names: Vec<String>,
    pub(crate) pieces: Vec<Piece>,
    pub(crate) encoding: Encoding,
    /// Each piece's placements: the board's cell numbers, sorted.
    pub(crate) placements: Vec<Vec<Vec<usize>>>,
}

impl Tiling {
    /// The tiling of `board` by `pieces`, with every placement of each piece worked out.
    ///
    /// # Errors
    /// [`TilingError::Piece`] for two pieces of one name, a name the DLX format cannot write
    /// (blanks, `|`, `:`, `#`), or a count whose low end is above its high end.
    pub fn new(
        board: Board,
        pieces: impl IntoIterator<Item = (String, Piece)>,
    ) -> Result<Tiling, TilingError> {
        let (names, pieces): (Vec<String>, Vec<Piece>) = pieces.into_iter().unzip();
        let mut seen = HashSet::new();
        for (name, piece) in names.iter().zip(&pieces) {
            let fail = |what: &str| TilingError::Piece { name: name.clone(), what: what.into() };
            if !seen.insert(name.as_str()) {
                return Err(fail("named twice"));
            }
            if name.is_empty() || name.contains(|c: char| c.is_whitespace() || "|:#".contains(c)) {
                return Err(fail("a name needs a character and no blank, '|', ':' or '#'"));
            }
            if piece.count.high.is_some_and(|high| high < piece.count.low) {
                return Err(fail("its count's low end is above its high end"));
            }
        }
        let placements = pieces.iter().map(|piece| placements(&board, piece)).collect();
        Ok(Tiling { board, names, pieces, encoding: Encoding::default(), placements })
    }

    /// The tiling with counts encoded as `encoding` says.
    #[must_use]
    pub fn encoding(mut self, encoding: Encoding) -> Tiling {
        self.encoding = encoding;
        self
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The pieces' names, in order.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// The pieces, in order.
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// The number of placements of each piece.
    pub fn placement_counts(&self) -> Vec<usize> {
        self.placements.iter().map(Vec::len).collect()
    }

    /// The most copies of piece `k` that can be used: its count's high end, or as many as
    /// the board's cells can hold.
    pub(crate) fn most(&self, k: usize) -> u32 {
        let size = self.pieces[k].cells().len().max(1);
        let room = u32::try_from(self.board.len() / size).unwrap_or(u32::MAX);
        self.pieces[k].count.high.map_or(room, |high| high.min(room.max(self.pieces[k].count.low)))
    }
}

/// Every placement of `piece` on `board`: each shape it may take, at every offset where all
/// its cells are on the board (a piece of the wrong dimension has none).
fn placements(board: &Board, piece: &Piece) -> Vec<Vec<usize>> {
    let turns = Turn::allowed(board.dimensions(), piece.rotate, piece.reflect);
    let mut found = Vec::new();
    for shape in shapes(piece.cells(), &turns) {
        let first = shape[0];
        for &target in board.cells() {
            let offset = [0, 1, 2].map(|k| target[k] - first[k]);
            let cells: Option<Vec<usize>> =
                shape.iter().map(|c| board.index([0, 1, 2].map(|k| c[k] + offset[k]))).collect();
            if let Some(mut cells) = cells {
                cells.sort_unstable();
                found.push(cells);
            }
        }
    }
    found
}
