//! The integration tests of `dancer`, in one binary so that they build and link once.
//! Run them with `cargo test -p dancer --all-features --release`.

// Published solution counts (queens, Langford, pentominoes, Bell numbers, 0/1 matrices) and
// DLX1's node and update counts, plus the search entry points (first, count_up_to, for_each).
mod counts;
// `Counting`, the count of `dlx --count` as one call: the command's numbers and counters.
mod counting;
// Checkpoints and parts that do not tile their tree (a subproblem repeated or dropped, counts
// changed, parts of two splits) are refused, never resumed or added up to a wrong total.
mod coverage;
// A count on the links takes the last primary item's options in one walk: it counts as
// enumeration does, with colours, without a primary item in every option, and paused.
mod last_item;
// Parser and builder errors, each with its exact kind, line and column.
mod malformed;
// Memoised counting: published counts beyond enumeration, agreement with the plain count and
// the oracle (secondary items, colours), eviction.
mod memo;
// Memoised counts whatever the declared order: the 4×24 strip within a node budget in any
// order, boards in two orders against the plain count, dense problems keep their order.
mod memo_order;
// Multiplicities (Algorithm M, DLX3): published counts, DLX3's counters, every search mode,
// commits, the text format, the oracle with bounds, and what is refused.
mod multiplicity;
// Profiled searches (mems, nodes per level) against Knuth's DLX1 and DLX2 on the same inputs.
mod mems;
// The independent solution checker and brute-force enumerator the properties compare with.
mod oracle;
// Counts on 1 to 4 threads (in one run, sliced, resumed from periodic checkpoints, as parts of
// a split) count and count nodes and updates as one thread does, the workers on sparse sets.
mod parallel;
// Properties on random problems from `dancer::strategy`, checked against the oracle.
mod proptest;
// Stopping at limits and resuming from checkpoints (one-off, sliced and periodic); bad
// checkpoints refused.
mod resume;
// Reusing a solver: commit, clash, commit_all rollback, reset, stopping early, cloning.
mod reuse;
// Runs on several threads: counts, counters and solutions as the sequential search's; limits;
// progress.
mod run;
// Uniform sampling from memoised counts: valid, reproducible, uniform by chi-square (against
// a naive walk that must fail), independent of the table's size, below commits, the oracle's.
mod sample;
// Splitting into parts that partition the solutions; Knuth's estimate.
mod sparse;
mod split;
