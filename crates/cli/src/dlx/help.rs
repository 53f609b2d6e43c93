//! The text after each `dlx` help: notes, exit statuses, then two or three examples.
//!
//! Sections open with a heading at the left margin ending in `:` and hold lines indented by
//! two spaces: an example is a command, then at least two spaces and what it does (a longer
//! description goes on lines indented further); an exit status is its number, then the same.
//! `crate::shell` turns these sections into the man pages' EXAMPLES and EXIT STATUS, and a
//! test parses every example with the clap definition (and runs those on `data/`).

/// The exit statuses of a search.
macro_rules! exit_status {
    () => {
        "\
Exit status:
  0    solutions found (or drawn, split, added up); a part of a split run to its end
  1    no solution (of the whole problem: a part without solutions exits with 0)
  2    bad usage, or input that could not be read (the message names file:line:column), or
       a checkpoint that could not be written (the count so far is printed first)
  3    stopped at --time-limit, --node-limit or --mems-limit (a count ends with +)
  130  stopped by Ctrl-C, SIGTERM or SIGHUP (a second one ends the program at once)"
    };
}

/// `dlx --help`.
pub(super) const DLX: &str = concat!(
    "\
Input format:
  Knuth's DLX: lines starting with '|' are comments; the first other line names the primary
  items, then '|' and the secondary items; every later line is one option. A secondary item
  may carry a colour, 'item:colour'; options may share it when colours agree. A problem file
  named like a subcommand is read as ./count, ./estimate, ... .

Order of solutions:
  With more than one job, solutions are printed in an order that varies from run to run (each
  job's in search order); --jobs 1 prints them in DLX1's order. Counts and totals never vary.
  --seed S changes only the order in which options are tried: the same seed gives the same
  order, so with --jobs 1 the same solutions in the same order; any seed gives the same count,
  nodes and updates. A checkpoint made with a seed is resumed with the same one; the parts of
  `dlx split` are run without one.

",
    exit_status!(),
    "

Examples:
  dlx data/dlx/toy.dlx                 every solution, option lines as written
  dlx --count data/dlx/queens8.dlx     only the number of solutions (92)
  dlx count data/dlx/queens8.dlx       the same, as `sudoku count` spells it
  dlx --limit 1 --seed 7 data/dlx/pentominoes6x10.dlx
      one solution, options tried in a random order (seed 7)
  dlx --format json data/dlx/toy.dlx   one JSON object per solution, then a summary
  dlx -vv --count data/dlx/queens8.dlx
      mems too, and the nodes at each level (as DLX1 v129)
  dlx --every 10 data/dlx/queens8.dlx  the 10th, 20th, ... solution; all 92 are counted
  dlx --count --memo data/dlx/matrices4x4.dlx
      count with a table of sub-problems (beyond enumeration)
  generate | dlx -                     the problem from standard input

Long runs:
  dlx --count --progress big.dlx       fraction done, ETA, solutions so far
  dlx --count --time-limit 2h --checkpoint c.json big.dlx
      stop after 2 hours (exit status 3), resumable
  dlx --count --resume c.json big.dlx
      go on from there (checkpointing to c.json again)
  dlx --count --checkpoint c.json --checkpoint-every 10m --continue big.dlx
      the same command starts, and after any stop goes on
  dlx split --parts 64 big.dlx > parts.jsonl
      64 parts of about equal work, then:
  seq 0 63 | xargs -P 8 -I{} dlx --count --json --jobs 1 --parts parts.jsonl --part {} --checkpoint part-{}.json --continue big.dlx >> done.jsonl
      every part on one thread, eight at a time; run it again after a failure
  dlx merge done.jsonl                 the total (refuses missing or unfinished parts)
  dlx status parts.jsonl done.jsonl --checkpoints 'part-{}.json'
      how far the parts are"
);

/// `dlx count --help` (which shows `dlx --help`) and its man page.
pub(super) const COUNT: &str = concat!(
    exit_status!(),
    "

Examples:
  dlx count data/dlx/queens8.dlx               92, as dlx --count data/dlx/queens8.dlx
  dlx count --json data/dlx/langford4.dlx      the count in a JSON summary
  dlx count --node-limit 1e5 data/dlx/pentominoes6x10.dlx
      stop after 100 000 nodes: N+ (exit status 3)"
);

/// `dlx enumerate --help` (which shows `dlx --help`) and its man page.
pub(super) const ENUMERATE: &str = concat!(
    exit_status!(),
    "

Examples:
  dlx enumerate data/dlx/toy.dlx               its one solution, as dlx data/dlx/toy.dlx
  dlx enumerate --limit 2 --json data/dlx/queens8.dlx
      the first two solutions as JSON, then a summary"
);

/// `dlx estimate --help`.
pub(super) const ESTIMATE: &str = "\
Exit status:
  0    estimated
  2    bad usage, unreadable input, or a problem with multiplicities

Examples:
  dlx estimate data/dlx/pentominoes6x10.dlx
      nodes, updates, solutions and the run time, with their errors
  dlx estimate --samples 3000 --seed 3 data/dlx/pentominoes6x10.dlx
      three times the paths, another draw of them
  dlx estimate --json --jobs 1 data/dlx/queens8.dlx
      as JSON, for one thread";

/// `dlx sample --help`.
pub(super) const SAMPLE: &str = "\
Exit status:
  0    solutions drawn
  1    the problem has no solution
  2    bad usage, unreadable input, or more than 2^128 - 1 solutions
  130  stopped by Ctrl-C or SIGTERM (the solutions drawn so far are printed)

Examples:
  dlx sample data/dlx/queens8.dlx              one of the 92 solutions, each as likely
  dlx sample -n 5 --seed 7 data/dlx/matrices4x4.dlx
      five draws (the same five for seed 7)
  dlx sample -n 3 --json data/dlx/langford4.dlx
      three draws as JSON objects";

/// `dlx split --help`.
pub(super) const SPLIT: &str = "\
Exit status:
  0    split
  2    bad usage, unreadable input, or a problem with multiplicities

Examples:
  dlx split --parts 8 data/dlx/pentominoes6x10.dlx > parts.jsonl
      eight parts of about equal work
  dlx --count --json --parts parts.jsonl --part 0 data/dlx/pentominoes6x10.dlx
      run part 0 (anywhere), for dlx merge
  dlx split --parts 64 --samples 1024 --seed 1 big.dlx > parts.jsonl
      better balanced parts, reproducibly";

/// `dlx status --help`.
pub(super) const STATUS: &str = "\
Exit status:
  0    every part done
  1    some part failed (its line says why)
  2    bad usage, or a parts file that cannot be read or is not one whole split
  3    some part is not done yet (running, stopped, silent or not started)

Examples:
  dlx status parts.jsonl done.jsonl --checkpoints checkpoints
      parts done (from their summaries), running or stopped (from their checkpoints)
  dlx status parts.jsonl part-*.json --checkpoints 'checkpoint-{}.json' --logs 'part-{}.log'
      the files scripts/slurm-part.sbatch leaves, failed parts with their error
  dlx status --json parts.jsonl done.jsonl --joblog jobs.log
      for scripts: GNU parallel's job log for the exit statuses";

/// `dlx merge --help`.
pub(super) const MERGE: &str = "\
Exit status:
  0    the total of every part
  1    every part ran and there is no solution
  2    a part missing, unfinished, with two counts or of another split (each named); a
       part given twice with the same count is counted once

Examples:
  dlx merge done.jsonl                 the total of the parts' summaries
  dlx merge part-*.json                one file per part, as Slurm tasks write them
  dlx merge --json done.jsonl          the total with nodes, updates and seconds";

/// `dlx tile --help`.
pub(super) const TILE: &str = "\
Exit status:
  0    solutions found
  1    no solution
  2    bad usage or unreadable input (the message names line and column), or no piece to fix
       the symmetries with --up-to-symmetry
  130  stopped by Ctrl-C or SIGTERM

Examples:
  dlx tile --count data/tiling/soma.tile        11520 (240 with --up-to-symmetry)
  dlx tile --count --up-to-symmetry data/tiling/scott.tile
      65: Scott's 520 tilings, one per class
  dlx tile --limit 1 --svg data/tiling/soma.tile > soma.svg";
