//! The text after each `sudoku` help: notes, exit statuses, then two or three examples, in
//! the layout `crate::shell` reads for the man pages (see `crate::dlx`'s help for it).

/// The exit statuses of a batch subcommand, with a line for the searches' limits.
macro_rules! exit_status {
    ($limits:expr) => {
        concat!(
            "\
Exit status:
  0    every puzzle solved (checked, shown, rated...)
  1    some puzzle had no solution, was invalid, or was not unique (under --unique, or for
       the logical tools, which need one solution)
  2    some input could not be read: its line says error, and the message on stderr names
       file:line:column
  130  stopped by Ctrl-C or SIGTERM: a long search in hand (a variant's, or a plain one
       from 16x16 up) and the logic of rate, hint and explain stop and print stopped, a
       quick search is finished, no other puzzle is started, the summary follows (a second
       signal ends the program at once)
",
            $limits
        )
    };
}

/// The exit statuses a stopped search adds.
macro_rules! limits {
    () => {
        "  3    a search stopped at --time-limit, --node-limit or --mems-limit (solve prints
       timeout, a count ends with +); --limit N is no stop: the count ends with + and the
       status stays 0
"
    };
}

/// The exit status a puzzle's logic stopped at `--time-limit` adds.
macro_rules! logic_limit {
    () => {
        "  3    a puzzle's logic stopped at --time-limit: it prints timeout (explain: the steps
       found until then, then `timeout after N steps`), the others go on
"
    };
}

/// `sudoku --help`.
pub(super) const SUDOKU: &str = concat!(
    "\
Input:
  The line format (N*N symbols: 1-9 then A=10, B, ...; blank '.', '0' or '_'; fields after ':'
  or blanks are kept), grids (N rows, cells optionally separated by spaces or commas, box
  borders |-+ ignored, puzzles separated by blank lines), or JSON lines records (a first line
  starting with '{'), detected puzzle by puzzle.

Output:
  Exactly one line per puzzle, in input order: the solution, 'none' (no solution), 'invalid'
  (givens break a rule), 'multiple' (with --unique), 'timeout' (stopped by --time-limit, or
  solve by --node-limit) or 'error' (unreadable; the message goes to stderr with file, line and
  column). --format json (or --json) writes JSON lines. A summary goes
  to stderr (puzzles, solved, ..., seconds), as in dlx; -q leaves it out.

Long searches:
  count and enumerate search one puzzle with many solutions on every core (--jobs); with more
  than one job, enumerate prints a puzzle's solutions in an order that varies from run to
  run. --progress, --checkpoint and --resume apply to an input of one puzzle; the limits
  (--time-limit, --node-limit, --mems-limit; solve has the first two) to each puzzle, which
  has the whole budget: one that reaches it prints what it has (a count with +, the
  solutions so far, 'timeout' for solve) and the others go on. rate, hint and explain take
  --time-limit for each puzzle's logic (Sudoku Explainer's deepest chains can take minutes).

",
    exit_status!(limits!()),
    "
Examples:
  sudoku solve data/puzzles/classic.txt          one solution (or none/invalid/error) per line
  sudoku solve --unique --json data/puzzles/classic.txt
      prove uniqueness, as JSON lines (the last puzzle has two solutions: exit status 1)
  cat data/puzzles/classic.txt | sudoku solve -j 2
      read standard input, on two threads
  sudoku count --limit 100 data/puzzles/blank6x6.txt
  sudoku count --progress data/puzzles/blank6x6.txt
      every core, fraction done and ETA
  sudoku enumerate --limit 5 data/puzzles/blank4x4.txt
  sudoku solve --x --format grid data/puzzles/contest.txt
      sudoku X (both diagonals)
  sudoku check data/puzzles/classic.txt          name the first broken rule
  sudoku show --format json data/puzzles/classic.txt
      JSON lines records, which every subcommand reads back
  sudoku generate -n 10 --seed 7 --symmetry rot180
      ten unique puzzles, reproducibly
  sudoku rate data/puzzles/classic.txt           LEVEL STEPS HARDEST per puzzle
  sudoku canon puzzles.txt | sort | uniq -d      puzzles that are the same in disguise

Long runs:
  sudoku count --time-limit 1h --checkpoint c.json blank.txt
      stop after an hour (exit status 3), resumable
  sudoku count --resume c.json blank.txt
      go on from there (checkpointing to c.json again)"
);

/// `sudoku solve --help`.
pub(super) const SOLVE: &str = concat!(
    exit_status!(limits!()),
    "
Examples:
  sudoku solve data/puzzles/classic.txt          one line per puzzle
  sudoku solve --time-limit 10s data/puzzles/classic.txt
      give up on a puzzle after 10 s: it prints timeout, the others go on (exit status 3)
  sudoku solve --unique --format json data/puzzles/classic.txt
      prove each unique (the last has two solutions: multiple, exit status 1), as JSON"
);

/// `sudoku count --help`.
pub(super) const COUNT: &str = concat!(
    exit_status!(limits!()),
    "
Examples:
  sudoku count data/puzzles/blank4x4.txt         288
  sudoku count --limit 100 data/puzzles/blank6x6.txt
      100+ (exit status 0: --limit is no stop)
  sudoku count --time-limit 1h --checkpoint c.json blank.txt
      stop after an hour (exit status 3), resumable with --resume c.json"
);

/// `sudoku enumerate --help`.
pub(super) const ENUMERATE: &str = concat!(
    exit_status!(limits!()),
    "
Examples:
  sudoku enumerate --limit 5 data/puzzles/blank4x4.txt
      the first five solutions, then an empty line
  sudoku enumerate --format json data/puzzles/contest.txt
      each solution as JSON, then its record with the count"
);

/// `sudoku check --help`.
pub(super) const CHECK: &str = concat!(
    exit_status!(""),
    "
Examples:
  sudoku check data/puzzles/classic.txt          valid: the givens break no rule
  sudoku solve data/puzzles/contest.txt | sudoku check
      solved: the solution checked
  sudoku check data/variants/killer-9x9.jsonl    cages and published solutions too"
);

/// `sudoku show --help`.
pub(super) const SHOW: &str = concat!(
    exit_status!(""),
    "
Examples:
  sudoku show data/variants/killer-9x9.jsonl
      drawn with their rules: box borders, dotted cages with their sums, marks
  sudoku show --format json data/puzzles/classic.txt > puzzles.jsonl
      as JSON lines records, which every subcommand reads back
  sudoku generate --killer -n 6 | sudoku show --format svg --per-page 6 > sheet.svg
      six killers on an A4 sheet, ready to print (--output DIR: a file per picture)"
);

/// `sudoku play --help`.
pub(super) const PLAY: &str = "\
Keys:
  arrows, hjkl, mouse   move (unused cells of multi-grids are skipped)
  1-9, A-Z              place a digit (again: take it out); letters for sizes past 9
  0, Del, Backspace     erase the digit, then the pencil marks
  Tab, Shift-Tab        what digits do: place, centre pencil marks, corner pencil marks
  ?  Enter  Esc         a hint (its sentence, its cells marked * *); apply it; hide it
  *  !                  fill every empty cell with the digits the rules allow; check
  u, Ctrl-Z  r, Ctrl-Y  undo, redo (no limit)
  s  q  Ctrl-C          save; quit (asks again with unsaved moves); quit at once
Conflicts are marked ! ! as they happen (a region with a digit twice, a cage past its sum
or unable to reach it, a broken relation), in red unless NO_COLOR is set. An autopear
preset (Presets/NAME/*.sdk) is played by the rules of Boards/NAME.board unless --board says.

Exit status:
  0    the game ended (won, or quit)
  2    no puzzle, a puzzle or saved game that cannot be read, or no terminal
  130  stopped by SIGTERM or SIGHUP (the terminal is restored)

Examples:
  sudoku play --new --killer --seed 7      a new killer
  sudoku play data/variants/samurai.jsonl --record 2
      the second samurai of the file (needs a terminal of 85x48)
  sudoku play --resume sudoku-play.json    the game saved with s";

/// `sudoku rate --help`.
pub(super) const RATE: &str = concat!(
    exit_status!(logic_limit!()),
    "
Examples:
  sudoku rate data/puzzles/classic.txt           easy 64 hidden single, ...
  sudoku rate --format json data/puzzles/contest.txt
      with the clue band and the nodes"
);

/// `sudoku hint --help`.
pub(super) const HINT: &str = concat!(
    exit_status!(logic_limit!()),
    "
Examples:
  sudoku hint data/puzzles/contest.txt           r3c6 = 2: hidden single — ...
  sudoku hint --format json data/puzzles/contest.txt
      the step's cells, regions, placements and eliminations"
);

/// `sudoku explain --help`.
pub(super) const EXPLAIN: &str = concat!(
    exit_status!(logic_limit!()),
    "
Examples:
  sudoku explain data/puzzles/contest.txt        every step, until solved
  sudoku explain --format json data/puzzles/contest.txt
      the steps as JSON, one object per puzzle"
);

/// `sudoku canon --help`.
pub(super) const CANON: &str = concat!(
    exit_status!(""),
    "
Examples:
  sudoku canon data/puzzles/classic.txt          one canonical form per puzzle
  sudoku canon puzzles.txt | sort | uniq -d      puzzles that are the same in disguise"
);

/// `sudoku true-candidates --help`.
pub(super) const TRUE_CANDIDATES: &str = concat!(
    exit_status!(""),
    "
Examples:
  sudoku true-candidates data/puzzles/classic.txt
      one pencilmark line of 729 characters per puzzle
  sudoku true-candidates --json --cap 10 puzzle.txt
      with each candidate's solutions, counted up to 10"
);

/// `sudoku transform --help`.
pub(super) const TRANSFORM: &str = concat!(
    exit_status!(""),
    "
Examples:
  sudoku transform --seed 7 data/puzzles/contest.txt
      the same puzzle in disguise, the same for seed 7
  sudoku transform data/puzzles/classic.txt | sudoku canon
      the canonical forms of the originals"
);

/// `sudoku generate --help`.
pub(super) const GENERATE: &str = "\
Exit status:
  0    generated
  2    bad options, or rules with no solution at all

Examples:
  sudoku generate -n 10 --seed 7 --symmetry rot180
      ten unique puzzles, reproducibly
  sudoku generate --difficulty hard --with-solution
      a hard puzzle and its solution
  sudoku generate --killer --size 6 --seed 1     a 6x6 killer, as a JSON lines record";

/// `sudoku convert --help`.
pub(super) const CONVERT: &str = "\
Exit status:
  0    every puzzle converted
  2    some puzzle could not be read (or written): {\"line\": N, \"error\": ...} in its place

Examples:
  sudoku convert --from sukaku data/variants/sukaku-classic.txt
      pencilmark puzzles as JSON lines records
  sudoku convert --from puzzles --x data/puzzles/contest.txt
      the puzzle as a sudoku X record
  sudoku convert --from json --to fpuzzles puzzles.jsonl
      each record as an f-puzzles link (an error in place where f-puzzles cannot say it)";

/// `sudoku encode --help`.
pub(super) const ENCODE: &str = "\
Exit status:
  0    written
  2    not exactly one readable puzzle

Examples:
  sudoku encode data/puzzles/contest.txt > contest.dlx
      the exact-cover problem the engine searches, in DLX format
  sudoku encode data/puzzles/contest.txt | dlx --count -
      1, counted by dlx
  sudoku encode --boxes 2x3 data/puzzles/blank6x6.txt | dlx --count --memo -";
