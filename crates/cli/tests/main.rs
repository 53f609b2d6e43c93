//! Integration tests of the command-line binaries: each runs the real binary.

// Shared helpers: run a binary with arguments and standard input, compare readably.
mod util;

// `dlx`: output formats, limits, exit statuses and error messages.
mod dlx;

// `dlx` as a long job: --jobs, limits, checkpoints and --resume, signals, progress.
mod dlx_jobs;

// Work that is not lost: checkpoint paths checked first, links, a failed last write, the
// resume hint, signals in every batch subcommand, a full stderr.
mod lost_work;

// Runs that leave one machine: the Slurm script's self-requeue (under a stand-in scontrol)
// and the xargs recipe killed and run again.
#[cfg(unix)]
mod cluster;

// scripts/split-parallel-merge.sh under a stand-in GNU parallel: a work directory of another
// problem refused, its exit statuses.
#[cfg(unix)]
mod parallel_script;

// `dlx status`: every state of a part, from what its runs leave.
mod status;

// `dlx split`, `--parts`/`--part`, `merge`, `estimate`.
mod dlx_parts;

// Damaged, edited or mixed checkpoints, parts files and part summaries refused (every byte
// flipped in turn), never resumed or merged to a wrong total; their JSON read strictly.
mod integrity;

// `dlx -v`, `-vv`, `--profile`: Knuth's mems and the search profile, as DLX1 prints them.
mod dlx_verbose;

// `dlx --seed`, `--every`, `--quiet`, and DLX3 input: Knuth's everyday controls.
mod dlx_controls;

// `dlx --count --memo`: memoised counts beyond enumeration and 64 bits, refusals.
mod dlx_memo;

// `dlx sample`: uniform draws printed as solutions, text and JSON, seeds, exit statuses.
mod dlx_sample;

// `dlx tile`: tilings counted plain and up to symmetry, printed as text and SVG, errors.
mod dlx_tile;

// The engine's example generators, for the DLX text of problems with published counts.
mod problems;

// `sudoku`: one line per puzzle in input order, count, enumerate, check, show, JSON, jobs,
// stats, exit statuses and error messages.
mod sudoku;

// `sudoku count`, `enumerate`, `check` and `show` on classic puzzles.
mod sudoku_tasks;
// sudoku true-candidates against enumerate.
mod sudoku_candidates;

// `sudoku count` and `enumerate` as long jobs: limits, checkpoints, progress, Ctrl-C.
mod sudoku_jobs;

// `sudoku count --memo`: the plain count's output, refusals, Ctrl-C.
mod sudoku_memo;

// Variant inputs from the hostile-input corpus: .board files, layouts on standard input.
mod sudoku_inputs;

// `sudoku convert` (published killers to JSON lines, aligned) and `sudoku encode` (DLX text).
mod sudoku_convert;
// `sudoku convert --to fpuzzles`: links that read back, an unwritable record in place.
mod sudoku_convert_fpuzzles;

// `sudoku show` of variants: text with the rules, SVG to stdout, --output, --per-page, PNG/PDF.
mod sudoku_pictures;

// JSON lines on every subcommand: killers, relations, multi-grids on the engine, plain ones
// the usual way, the whole rectangle printed, bad lines in place.
mod sudoku_models;

// Hostile JSON lines models (misspelled keys, short solutions, empty cages, mistyped symbols)
// answered in place with their column.
mod sudoku_hostile;

// The symbols puzzles are written with: 0-f 16x16s, --symbols; --hyper with --regions.
mod sudoku_symbols;

// `sudoku` variant options: --x, --hyper, --boxes, --regions, --extra-regions, --board.
mod sudoku_variants;

// `sudoku play`: its help, file names, a record read without reading on, endless inputs, and
// in a pseudo-terminal a terminal given back after signals and a large killer's quick start.
mod sudoku_play;

// Both binaries: shell completions, man pages, --color, --quiet.
mod shell;

// Both binaries' shared conventions: `--progress[=HOW]`, `--json`/`--format json`, the
// summary on stderr, `dlx count`, `sudoku show --format json` read back.
mod conventions;

// Every --help ends with examples that parse, and run where they name shipped data; the man
// pages' EXAMPLES and EXIT STATUS sections.
mod help;

// Every console block of README.md and docs/*.md, run as written.
mod docs;

// The tests that need ../shared/data are ignored with that reason, and .ci/run runs them.
mod ignored;

// ISS lines and SudokuPad links by their look, --from FORMAT, batches aligned past bad lines.
mod sudoku_readers;

// `sudoku` puzzle-maker's tools: generate, rate, hint, explain, canon, transform.
mod sudoku_tools;
// `rate`, `hint` and `explain` under --time-limit and Ctrl-C.
mod logic_limits;

// Endless and oversized inputs: lines past their limit refused at once, batches going on.
mod bounded;

// The fuzz targets' checks on stable: kept regressions, seeds and a bounded random run.
mod fuzz;
