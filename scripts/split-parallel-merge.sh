#!/usr/bin/env bash
# Counts the solutions of a DLX problem by splitting it into parts, running them with GNU
# parallel (on this machine, or on others with --sshlogin), and merging the parts' counts.
#
#   scripts/split-parallel-merge.sh PROBLEM.dlx [PARTS] [-- GNU PARALLEL OPTIONS...]
#
#   scripts/split-parallel-merge.sh big.dlx 64                      # every core here
#   scripts/split-parallel-merge.sh big.dlx 256 -- --sshlogin 8/node1,8/node2,:
#                                                                   # and on node1 and node2
#
# Everything stays in WORKDIR (default: ./dlx-run-PROBLEM, PROBLEM's name without .dlx):
# problem.dlx, parts.jsonl, each part's checkpoint (checkpoints/part-K.json, written every
# CHECKPOINT_EVERY, 10m, and when the part is stopped), GNU parallel's job log (jobs.log) and
# each part's output (results/1/K/stdout and stderr). Run the same command again after
# anything went wrong (a machine rebooted, the run was killed, a part failed): the parts that
# finished are not run again (--resume-failed), and the others go on from their checkpoints
# (dlx --continue). A failing part is tried RETRIES more times (3), on another machine if
# there is one. A WORKDIR that holds the parts of another problem (PROBLEM edited since, or
# another file of the same name) is refused, never added up: remove it, or give another
# WORKDIR, to start afresh.
#
# Exit status: 0 when the total is printed (on stdout); 2 when the run cannot start (a usage
# error, GNU parallel, dlx or rsync missing, PROBLEM unreadable or not one dlx can split, a
# WORKDIR of another problem); 3 when some part is not done (failed, stopped or not run):
# the status of the parts (dlx status) is printed on stderr instead of the total, and running
# the same command again goes on.
#
# With --sshlogin (or -S, --slf), the script adds what running on other machines needs: the
# problem and the parts file copied to each (--basefile), the checkpoints copied there before a
# part runs and back after (--transferfile, --return), and the same working directory relative
# to your home on every machine (--workdir .: run the script from a directory under your home).
# Every machine needs `dlx` on its PATH and rsync (GNU parallel copies with it); this one needs
# key login to each (ssh-copy-id) and their host keys known (one `ssh HOST true` first). GNU
# parallel's warning that a part's checkpoint is not there to copy (a part not yet begun) is
# left out.
set -euo pipefail

usage="usage: split-parallel-merge.sh PROBLEM.dlx [PARTS] [-- PARALLEL OPTIONS...]"
[ $# -gt 0 ] || { echo "$usage" >&2; exit 2; }
problem=$1
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
remote=()
for option in "${options[@]}"; do
    case $option in
        -S | --sshlogin | --sshlogin=* | --slf | --sshloginfile | --sshloginfile=*)
            command -v rsync > /dev/null || { echo "rsync is not installed (GNU parallel copies files to other machines with it)" >&2; exit 2; }
            remote=(--workdir . --basefile problem.dlx --basefile parts.jsonl
                --transferfile 'checkpoints/part-{}.json' --return 'checkpoints/part-{}.json')
            ;;
    esac
done
[ -f "$problem" ] && [ -r "$problem" ] || { echo "cannot read $problem" >&2; exit 2; }
workdir=${WORKDIR:-dlx-run-$(basename "$problem" .dlx)}

# The first "fingerprint" in the JSON lines on stdin: the identity of a problem's search
# tree, which every part of its splits carries (a split into one part searches next to nothing).
fingerprint() {
    grep -o -m 1 '"fingerprint":"[0-9a-f]*"' | cut -d '"' -f 4
}
# A work directory of another problem would add up its own parts, finished long ago, and print
# their total as this problem's: refuse it (its results may be hours of work: not removed).
if [ -s "$workdir/parts.jsonl" ] && ! cmp -s "$problem" "$workdir/problem.dlx"; then
    theirs=$(fingerprint < "$workdir/parts.jsonl" || true)
    ours=$(dlx split -q --parts 1 --pieces 1 --samples 1 "$problem" | fingerprint) \
        || { echo "dlx cannot split $problem" >&2; exit 2; }
    if [ "$ours" != "$theirs" ]; then
        echo "$workdir holds the parts of another problem (fingerprint ${theirs:-none}), not" \
            "of $problem (fingerprint $ours): refused; remove $workdir, or set WORKDIR to" \
            "another directory, to start afresh" >&2
        exit 2
    fi
fi
mkdir -p "$workdir/checkpoints"
cp -f "$problem" "$workdir/problem.dlx"
cd "$workdir"

if [ ! -s parts.jsonl ]; then
    dlx split --parts "$parts" problem.dlx > parts.jsonl.tmp || { rm -f parts.jsonl.tmp; exit 2; }
    mv parts.jsonl.tmp parts.jsonl
fi
count=$(grep -c . parts.jsonl)
every=${CHECKPOINT_EVERY:-10m}
parallel --joblog jobs.log --resume-failed --retries "${RETRIES:-3}" --results results \
    --halt never "${remote[@]}" "${options[@]}" \
    "mkdir -p checkpoints && dlx --count --json --jobs 1 --parts parts.jsonl --part {} \
     --checkpoint checkpoints/part-{}.json --checkpoint-every $every --continue problem.dlx" \
    ::: $(seq 0 $((count - 1))) > /dev/null \
    2> >(grep -v 'is not readable and will not be transferred' >&2) || true
summaries=(results/1/*/stdout)
if dlx merge -q "${summaries[@]}" 2> /dev/null; then
    exit 0
fi
# Status 1 (a part failed) or 3 (some not done): either way, run the same command again.
dlx status parts.jsonl "${summaries[@]}" --checkpoints checkpoints --joblog jobs.log \
    --logs 'results/1/{}/stderr' >&2 || true
exit 3
