#!/usr/bin/env python3
# Alternating runs of 9x9 solvers that report their own solving CPU time (`... cpu SECONDS` on
# standard output): `benches/examples/nine` and tdoku's benchmark driver. Each round runs every
# binary once (reversed order every other round); printed: each binary's median CPU and the
# median of its per-round ratios to the LAST binary (the peer). A binary whose path contains
# "tdoku" is run as `BIN MODE FILE LIMIT`, any other as `BIN dancer MODE FILE LIMIT`.
#
#   python3 scripts/alternate-nine.py N first|unique FILE BIN... PEER
#
# docs/PERFORMANCE.md ("Sudoku", target features) took its times so, e.g.
#   python3 scripts/alternate-nine.py 11 unique /tmp/top1465x10.txt \
#     target/release/examples/nine target-native/release/examples/nine \
#     $DANCER_PEERS/tdoku_driver
import subprocess, sys, statistics
n, mode, path = int(sys.argv[1]), sys.argv[2], sys.argv[3]
bins = sys.argv[4:]
def run(binary):
    argv = [binary] + ([] if 'tdoku' in binary else ['dancer']) + [mode, path, '100000000']
    out = subprocess.run(argv, capture_output=True, text=True, check=True).stdout
    return float(out.split('cpu')[1].split()[0])
res = [[] for _ in bins]
for i in range(n):
    order = range(len(bins)) if i % 2 == 0 else reversed(range(len(bins)))
    for k in order:
        res[k].append(run(bins[k]))
for k, binary in enumerate(bins):
    ratio = statistics.median(res[k][i] / res[-1][i] for i in range(n))
    cpu = statistics.median(res[k]) * 1e3
    print(f"{mode:6s} {path.split('/')[-1]:20s} {binary[-40:]:40s} cpu {cpu:8.2f} ms  /last {ratio:.3f}")
