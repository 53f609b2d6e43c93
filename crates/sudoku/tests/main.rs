//! Integration tests of `dancer-sudoku`, one module per area.

// The independent solution checker the other tests verify solutions with.
mod checker;
// Reading the shared data sets beside the workspace: the tests that need them are ignored
// unless asked for (`-- --ignored`), and fail without them.
mod fixtures;
// Puzzle formats: reading with auto-detection, printing, round trips, the shared data files.
mod formats;
// Reading what the hostile-input corpus found: one-line grids, \r, bad bytes, streaming.
mod reading;
// Solving, counting, enumerating: classic puzzles, blank grids, variants, invalid givens.
mod solve;
// Every size from 1×1 to 64×64: blank grids of every box shape, limits, generated puzzles.
mod sizes;
// The variant model on the engine: cages, relations, parity, candidates against a filter of
// all 4×4 grids; the options' colours.
mod model;
// The black Kropki dot (a ratio) at every layer: JSON, the checker's names, the engine against
// a filter of all 4×4 grids, text and SVG, the game's conflicts.
mod kropki;
// Lines (arrows, sandwiches, renban, ...): the engine against a filter of all 4×4 grids by
// each kind's definition, JSON, the checker, the bound on an automaton.
mod lines;
// Reading JSON lines models strictly: unknown and repeated keys, wrong shapes, their columns.
mod model_json;
// The sums killer cages imply (innies and outies): no solution lost, the options' colours.
mod implied;
// The published variant puzzles (killers, Andoku): solved, unique, as published; skipped when
// absent.
mod variants_data;
// The committed samples of every constraint kind (data/variants): unique, solved as stored,
// and each constraint checked from its definition.
mod variant_samples;
// The variant logic (hint, explain, rate on cages, dots, lines): each step true in the solution.
mod variant_logic;
// Model::generate: killers, every kind of marks and a samurai unique; seeds reproducible.
mod model_generate;
// f-puzzles and SudokuPad links: every key read, negative rules against a filter of all 4×4
// grids, bad input; the 46 published puzzles solved or refused by name.
mod fpuzzles;
// ISS constraint strings and killer forms: each type as its f-puzzles key, bad input.
mod iss;
// SudokuPad's scl and ctc payloads: as their f-puzzles form, link forms, bad input.
mod sudokupad;
// Writing f-puzzles links: read back the same, or refused by name.
mod fpuzzles_write;
// The propagating search against a filter of all 4×4 grids, on one thread and two.
mod propagate;
// The memoised count: equal to the plain count on every variant, with any table, reused.
mod memo;
// One solver API for every puzzle (Rules, PuzzleSolver): every call agrees, plain or not.
mod rules;
// True candidates against enumeration.
mod candidates;
// A puzzle's search on several threads, stopped and resumed: the bitmask search and the engine.
mod explore;
// Property tests: random valid grids solve, counts survive symmetries, checks agree, reuse.
mod properties;
// The public data sets in ../shared/data (tdoku, Norvig, autopear), ignored unless asked for.
mod shared_data;
// The logical solver: every step checked against the unique solution, and its strength.
mod logic;
// Hints and explanations: HoDoKu's patterns and SE's chains on puzzles that need them, each
// step checked against the solution, and the level they give.
mod hints;
// Sue de Coq and the ALS techniques alone at every position of a walk: each removal checked
// against the unique solution.
mod als;
// Transforms and canonical forms: class invariance, a brute-force oracle, the 17-clue list.
mod canon;
// Ratings over the shared sets: forum-hardest all extreme; level distributions.
mod rating;
// Sudoku Explainer's scale: ER/EP/ED of puzzles SE rated, every priced step checked against
// the unique solution on every size and variant; SE's uniqueness patterns and aligned
// exclusion where they apply; its nested forcing chains (ignored: slow).
mod se_nested;
mod se_patterns;
mod se_scale;
// Pictures of every variant: SVG parsed and counted against the model, the text's glyphs.
mod draw;
// The game of `sudoku play` without a terminal: scripted keys, conflicts, hints, save, win.
mod play;
// The game's keys on grids of 4 to 36 symbols, the fill that keeps the player's marks, names
// as the grid shows them, a game whose solution is not known.
mod play_keys;
// PNG pictures against checked-in references, with a small tolerance (the `render` feature).
#[cfg(feature = "render")]
mod render;
