//! Integration tests of `dancer-sudoku`, one module per area.

// The independent solution checker the other tests verify solutions with.
mod checker;
// Puzzle formats: reading with auto-detection, printing, round trips, the shared data files.
mod formats;
// Solving, counting, enumerating: classic puzzles, blank grids, variants, invalid givens.
mod solve;
