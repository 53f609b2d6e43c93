#!/usr/bin/env bash
# Rates `SOURCE<TAB>PUZZLE` lines (from sample.sh, on stdin) with SukakuExplainer's serate in
# Sudoku Explainer 1.2.1's technique set (the GUI's "Bring back SE121": its techniques, the old
# ratings, neither of lkSudoku's fixes), one JVM a puzzle under a CPU limit.
# Prints `SOURCE<TAB>PUZZLE<TAB>ER/EP/ED<TAB>HARDEST<TAB>CPU_SECONDS`; ER/EP/ED is `-` when SE
# ran out of CPU. CPU_SECONDS is the JVM's user+system time (start-up included: about 0.5 s).
# Usage: run_se.sh SE_CLASSES [CPU_LIMIT_SECONDS] < sample.tsv
# SE_CLASSES: SukakuExplainer @ 362854e compiled outside this repository, e.g.
#   javac -nowarn -encoding ISO-8859-1 -d /tmp/se/classes $(find src/diuf -name '*.java')
#   (cd src && find diuf -type f ! -name '*.java' -exec cp --parents {} /tmp/se/classes/ \;)
set -uo pipefail
classes=${1:?usage: run_se.sh SE_CLASSES [CPU_LIMIT_SECONDS] < sample.tsv}
limit=${2:-60}
# serate's --techs order (print it with `--techs=`); 0 for what SE 1.2.1 lacked: generalized
# intersections and naked sets, turbot fish, strong-linked fishes, the WXYZ-wing family.
se121=1111111111010111011011011011000010100010111111
while IFS=$'\t' read -r source puzzle; do
    out=$( (ulimit -t "$limit"; /usr/bin/time -f 'CPU %U %S' nice -n 15 java -Xss64m -cp "$classes" \
        diuf.sudoku.test.serate --techs=$se121 --islkSudokuBUG=0 --islkSudokuURUL=0 \
        --threads=1 --format='%r/%p/%d	%R' "$puzzle") 2>&1)
    cpu=$(sed -n 's/^CPU \([0-9.]*\) \([0-9.]*\)$/\1 \2/p' <<<"$out" | awk '{ print $1 + $2 }')
    rating=$(grep -E '^[0-9]+\.[0-9]/' <<<"$out" | head -1)
    [ -n "$rating" ] || rating=$'-\t-'
    printf '%s\t%s\t%s\t%s\n' "$source" "$puzzle" "$rating" "${cpu:--}"
done
