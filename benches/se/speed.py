#!/usr/bin/env python3
"""Times two builds of `sudoku rate` on the SE comparison's sample, source by source (issue 37).

Usage: speed.py BEFORE AFTER [REPEAT] [ROUNDS] [SAMPLE]
BEFORE, AFTER: two `sudoku` binaries (keep a copy of the old one, e.g. /tmp/rate-base).
SAMPLE: sample.sh's output (default /tmp/se/sample.tsv). Prints, per source and for all: the
mean CPU per puzzle (user + system, start-up included) of each binary, the source's puzzles
rated REPEAT times (default 10) in one process as compare.py's `dancer_cpu` does, the lower of
ROUNDS runs (default 2) taken alternately, so that both see the same load; then AFTER's speed-up.
The speed of a change that must not change a rating: check the ratings themselves apart (e.g.
diff `sudoku rate --json` or crates/sudoku/examples/se_steps.rs's output).
"""
import collections
import resource
import subprocess
import sys


def cpu(binary, puzzles, repeat):
    """Mean CPU seconds a puzzle for `sudoku rate` over `puzzles` repeated `repeat` times."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([binary, "rate"], input="\n".join(puzzles * repeat) + "\n", text=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu_time = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu_time / (len(puzzles) * repeat)


def main():
    old, new = sys.argv[1], sys.argv[2]
    repeat = int(sys.argv[3]) if len(sys.argv) > 3 else 10
    rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 2
    sample = sys.argv[5] if len(sys.argv) > 5 else "/tmp/se/sample.tsv"
    groups = collections.OrderedDict()
    with open(sample) as rows:
        for row in rows:
            source, puzzle = row.rstrip("\n").split("\t")[:2]
            groups.setdefault(source, []).append(puzzle)
    groups["all"] = [p for group in list(groups.values()) for p in group]
    print("| source | before (µs) | after (µs) | speed-up |")
    print("|---|---:|---:|---:|")
    for source, puzzles in groups.items():
        times = {old: [], new: []}
        for _ in range(rounds):
            for binary in (old, new):
                times[binary].append(cpu(binary, puzzles, repeat) * 1e6)
        before, after = min(times[old]), min(times[new])
        print(f"| {source} | {before:.0f} | {after:.0f} | {before / after:.2f}× |", flush=True)


if __name__ == "__main__":
    main()
