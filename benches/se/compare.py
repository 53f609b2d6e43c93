#!/usr/bin/env python3
"""Compares dancer's `sudoku rate` with Sudoku Explainer's ratings (issue 37).

Usage: compare.py SE_RATINGS SUDOKU_BIN [REPEAT]
SE_RATINGS: the output of run_se.sh (SOURCE, PUZZLE, ER/EP/ED, HARDEST, CPU seconds).
Prints, per source and overall: puzzles, those SE rated within its CPU limit, those dancer's
logic solves, `er` within 0.1 and 0.3 of SE's ER (of those SE rated), dancer's stalls where SE
solves, the geometric-mean CPU per puzzle of SE (one JVM a puzzle, start-up included) and the
mean CPU per puzzle of dancer (the source's puzzles rated REPEAT times in one process, start-up
included; a mean is never below the geometric mean, so that ratio is a lower bound); then the
geometric means of each puzzle's own CPU, the issue's measure: SE's JVM less its start-up, taken
as the least CPU of any puzzle of SE_RATINGS (a puzzle of singles), at least 1 ms left (its
least in one JVM); dancer's from two processes, one rating the puzzle once and one 1 + R times
(the start-up cancels); and their ratio; and Spearman's rank correlation of `er` and ER over the
puzzles both rate.
"""
import json
import math
import resource
import subprocess
import sys
from collections import defaultdict


def ranks(values):
    order = sorted(range(len(values)), key=lambda i: values[i])
    result = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            result[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return result


def spearman(xs, ys):
    if len(xs) < 2:
        return float("nan")
    rx, ry = ranks(xs), ranks(ys)
    mx, my = sum(rx) / len(rx), sum(ry) / len(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    sx = math.sqrt(sum((a - mx) ** 2 for a in rx))
    sy = math.sqrt(sum((b - my) ** 2 for b in ry))
    return cov / (sx * sy)


def process_cpu(binary, puzzles):
    """CPU seconds of one `sudoku rate` process on `puzzles`, start-up included."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([binary, "rate"], input="".join(p + "\n" for p in puzzles), text=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def own_cpu(binary, puzzle):
    """CPU seconds of rating `puzzle` alone, start-up left out: a process rating it once
    against one rating it 1 + R times (R from 2 to 50, about 20 ms of work), so that the
    start-up cancels and its noise is divided by R."""
    once = process_cpu(binary, [puzzle])
    guess = max(once - 1e-3, 2e-5)
    repeat = min(50, max(2, round(2e-2 / guess)))
    return max(process_cpu(binary, [puzzle] * (1 + repeat)) - once, 0) / repeat


def dancer_cpu(binary, puzzles, repeat):
    """Mean CPU seconds a puzzle for `sudoku rate` over `puzzles` repeated `repeat` times."""
    return process_cpu(binary, puzzles * repeat) / (len(puzzles) * repeat)


def geo_mean(values):
    return math.exp(sum(map(math.log, values)) / len(values)) if values else float("nan")


def main():
    se_path, binary = sys.argv[1], sys.argv[2]
    repeat = int(sys.argv[3]) if len(sys.argv) > 3 else 50
    rows = [line.rstrip("\n").split("\t") for line in open(se_path) if line.strip()]
    out = subprocess.run([binary, "rate", "--json"], input="".join(r[1] + "\n" for r in rows),
                         text=True, capture_output=True, check=False).stdout
    ours = [json.loads(line) for line in out.splitlines()]
    assert len(ours) == len(rows), "one JSON record a puzzle"
    groups = defaultdict(list)
    for row, mine in zip(rows, ours):
        se_er = None if row[2] == "-" else float(row[2].split("/")[0])
        se_cpu = None if row[4] == "-" else float(row[4])
        groups[row[0]].append((row[1], se_er, se_cpu, mine.get("er"), own_cpu(binary, row[1])))
    se_start_up = min(float(r[4]) for r in rows if r[4] != "-")
    print("| source | puzzles | SE rated | dancer solves | within 0.1 | within 0.3 | stalls "
          "where SE solves | SE CPU (geo-mean) | dancer CPU (mean) | ratio ≥ | SE less start-up "
          "(geo-mean) | dancer a puzzle (geo-mean) | ratio |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    pairs = []
    total = defaultdict(int)
    for name, group in list(groups.items()) + [("all", [g for gs in groups.values() for g in gs])]:
        rated = [g for g in group if g[1] is not None]
        solved = [g for g in group if g[3] is not None]
        near = [g for g in rated if g[3] is not None and abs(g[3] - g[1]) < 0.05 + 1e-9]
        within1 = [g for g in rated if g[3] is not None and abs(g[3] - g[1]) <= 0.1 + 1e-9]
        within3 = [g for g in rated if g[3] is not None and abs(g[3] - g[1]) <= 0.3 + 1e-9]
        stalls = [g for g in rated if g[3] is None]
        timed = [g for g in group if g[2] is not None and g[2] > 0]
        geo = geo_mean([g[2] for g in timed])
        mine = dancer_cpu(binary, [g[0] for g in group], repeat)
        se_own = geo_mean([max(g[2] - se_start_up, 1e-3) for g in timed])
        ours_own = geo_mean([max(g[4], 1e-6) for g in timed])
        print(f"| {name} | {len(group)} | {len(rated)} | {len(solved)} | "
              f"{len(within1)} ({100 * len(within1) / max(1, len(rated)):.0f}%) | "
              f"{len(within3)} ({100 * len(within3) / max(1, len(rated)):.0f}%) | {len(stalls)} | "
              f"{geo * 1e3:.0f} ms | {mine * 1e6:.0f} µs | {geo / mine:.0f}× | "
              f"{se_own * 1e3:.0f} ms | {ours_own * 1e6:.0f} µs | {se_own / ours_own:.0f}× |")
        if name == "all":
            pairs = [(g[1], g[3]) for g in rated if g[3] is not None]
            total["exact"] = len(near)
            total["stall_ranked"] = [(g[1], 99.0 if g[3] is None else g[3]) for g in rated]
    print()
    print(f"exact (same tenth): {total['exact']} of {len(pairs)} both rate")
    print(f"Spearman er vs ER, puzzles both rate: {spearman(*zip(*pairs)):.3f} ({len(pairs)})")
    ranked = total["stall_ranked"]
    print(f"Spearman, stalls ranked hardest: {spearman(*zip(*ranked)):.3f} ({len(ranked)})")


if __name__ == "__main__":
    main()
