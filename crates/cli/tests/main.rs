//! Integration tests of the command-line binaries: each runs the real binary.

// Shared helpers: run a binary with arguments and standard input, compare readably.
mod util;

// `dlx`: output formats, limits, exit statuses and error messages.
mod dlx;

// `sudoku`: one line per puzzle in input order, count, enumerate, check, show, JSON, jobs,
// stats, exit statuses and error messages.
mod sudoku;

// `sudoku` variant options: --x, --hyper, --boxes, --regions, --extra-regions, --board.
mod sudoku_variants;

// `sudoku` puzzle-maker's tools: generate, rate, hint, explain, canon, transform.
mod sudoku_tools;
