#!/usr/bin/env bash
# A seeded sample of classic 9x9 puzzles, easy to extreme, for the comparison with Sudoku
# Explainer (issue 37). Prints `SOURCE<TAB>PUZZLE` lines (81 characters, `.` for blanks).
# Usage: sample.sh DATA_DIR [SEED] [SCALE]   (DATA_DIR: ../shared/data/puzzles)
# The same SEED, SCALE and coreutils give the same sample: `shuf` draws from a stream keyed by
# the seed.
set -euo pipefail
data=${1:?usage: sample.sh DATA_DIR [SEED] [SCALE]}
seed=${2:-37}
scale=${3:-1}
stream() { openssl enc -aes-256-ctr -pass "pass:$seed-$1" -nosalt </dev/zero 2>/dev/null; }
pick() { # NAME COUNT: COUNT random puzzle lines of a file of 81-character lines
    grep -E '^[.0-9]{81}$' "$data/$1" | shuf -n "$(($2 * scale))" --random-source=<(stream "$1") |
        tr 0 . | sed "s/^/$1\t/"
}
# KrazyDad's seven human labels, three each: `LABEL VOL BOOK NUM PUZZLE`.
for label in EZ NO IM CH TF ST IN; do
    awk -v l="$label" '$1 == l { print $5 }' "$data/krazydad_9x9_rated.txt" |
        shuf -n "$((3 * scale))" --random-source=<(stream "$label") | tr 0 . | sed "s/^/krazydad_$label\t/"
done
pick tdoku_unbiased_first1000.txt 20
pick tdoku_17_clue.txt 20
pick tdoku_magictour_top1465.txt 20
pick norvig_top95.txt 10
pick norvig_hardest11.txt 5
pick tdoku_forum_hardest_1106.txt 12
pick tdoku_forum_hardest_1905_11plus.txt 12
