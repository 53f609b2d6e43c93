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
# Everything stays in WORKDIR (default: ./dlx-run-PROBLEM): problem.dlx, parts.jsonl, each
# part's checkpoint (checkpoints/part-K.json, written every CHECKPOINT_EVERY, 10m, and when
# the part is stopped), GNU parallel's job log (jobs.log) and each part's output
# (results/1/K/stdout and stderr). Run the same command again after anything went wrong (a
# machine rebooted, the run was killed, a part failed): the parts that finished are not run
# again (--resume-failed), and the others go on from their checkpoints (dlx --continue). A
# failing part is tried RETRIES more times (3), on another machine if there is one. Prints the
# total on stdout, or the status of the parts (dlx status) and exits with status 3 while some
# are not done.
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
workdir=${WORKDIR:-dlx-run-$(basename "$problem" .dlx)}
mkdir -p "$workdir/checkpoints"
cp -f "$problem" "$workdir/problem.dlx"
cd "$workdir"

if [ ! -s parts.jsonl ]; then
    dlx split --parts "$parts" problem.dlx > parts.jsonl
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
dlx status parts.jsonl "${summaries[@]}" --checkpoints checkpoints --joblog jobs.log \
    --logs 'results/1/{}/stderr' >&2
exit 3
