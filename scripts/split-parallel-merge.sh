#!/usr/bin/env bash
# Counts the solutions of a DLX problem by splitting it into parts, running them with GNU
# parallel (on this machine, or on others with --sshlogin), and merging the parts' counts.
#
#   scripts/split-parallel-merge.sh PROBLEM.dlx [PARTS] [-- GNU PARALLEL OPTIONS...]
#
#   scripts/split-parallel-merge.sh big.dlx 64                  # every core here
#   scripts/split-parallel-merge.sh big.dlx 256 -- --controlmaster \
#       --sshlogin 8/node1,8/node2,: --basefile problem.dlx --basefile parts.jsonl \
#       --workdir /tmp/dlx-run                                  # and on node1 and node2
#
# Each machine needs `dlx` on its PATH (cargo install --path crates/cli). Everything stays in
# WORKDIR (default: ./dlx-run-PROBLEM): problem.dlx, parts.jsonl, GNU parallel's job log and
# each part's output (results/1/K/stdout, brought back from whichever machine ran it). Run the
# same command again after a failure: parts that finished are not run again
# (--resume-failed). Prints the total on stdout; exits with dlx merge's status (2, naming
# them, when parts are missing or unfinished).
set -euo pipefail

problem=${1:?usage: split-parallel-merge.sh PROBLEM.dlx [PARTS] [-- PARALLEL OPTIONS...]}
shift
parts=64
if [ $# -gt 0 ] && [ "$1" != "--" ]; then
    parts=$1
    shift
fi
if [ $# -gt 0 ] && [ "$1" = "--" ]; then
    shift
fi
options=("$@")

command -v parallel > /dev/null || { echo "GNU parallel is not installed" >&2; exit 2; }
command -v dlx > /dev/null || { echo "dlx is not on PATH (cargo install --path crates/cli)" >&2; exit 2; }
workdir=${WORKDIR:-dlx-run-$(basename "$problem" .dlx)}
mkdir -p "$workdir"
cp -f "$problem" "$workdir/problem.dlx"
cd "$workdir"

if [ ! -s parts.jsonl ]; then
    dlx split --parts "$parts" problem.dlx > parts.jsonl
fi
# Exit status 1 (a part with no solution) is a finished part too.
parallel --joblog jobs.log --resume-failed --results results --halt never "${options[@]}" \
    'dlx --count --json --jobs 1 --parts parts.jsonl --part {} problem.dlx || [ $? -eq 1 ]' \
    ::: $(seq 0 $(($(wc -l < parts.jsonl) - 1))) > /dev/null || true
cat results/1/*/stdout | dlx merge
