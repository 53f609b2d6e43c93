//! The search for the classic 9×9 (3×3 boxes, no other region): candidates digit-major by
//! band, one 27-bit word per digit and band of three rows, as `JCZSolve` and tdoku's ancestors
//! lay them out (learnt from reading the `sudoku` crate's port, not copied).
//!
//! Why a search of its own for one size: most puzzles users solve are classic 9×9, and for
//! them a word per digit and band turns every deduction into a handful of word operations and
//! table lookups. Locked candidates, along rows and columns, run at every node (the bitmask
//! search below 16×16 affords them at the root only), and a branch point saves its words
//! instead of a board of cells. Every search adds tdoku's triads and branches on how a digit
//! fills a band or a stack (`board/triads.rs`, `board/branch.rs`): first solutions as well as
//! uniqueness and counts, since a first solution found so takes fewer nodes than by cells of
//! two candidates (`search.rs`). The other 9×9s
//! (diagonals, windows, jigsaw pieces) keep the bitmask search: their regions do not follow
//! the bands.
//!
//! It answers first solutions, uniqueness and counts up to a limit (`GridSolver::solve`,
//! `solve_unique`, `count`, and the generator's tests); enumeration and parallel runs keep the
//! bitmask search's tree and the engine, which stream their solutions and split their work.

mod board;
mod search;
mod tables;

pub(crate) use self::search::BandSearch;

#[cfg(test)]
mod tests;
