#!/usr/bin/env python3
# Alternating runs of whole processes: the wall and CPU time medians of each command, and the
# median of its per-round ratios to the LAST command (the peer). No hyperfine needed:
#
#   python3 scripts/measure-alternating.py N STDIN CMD... PEER
#
# STDIN is a file given as standard input, or PIPE:FILE for a closed pipe holding FILE (as
# `echo PUZZLE | cmd` once echo is done). WARM (default 20) rounds are run first, not counted.
# docs/PERFORMANCE.md, "The whole run", took its times this way, e.g.
#   python3 scripts/measure-alternating.py 300 PIPE:one.txt "target/release/sudoku solve" \
#     "target/release/examples/floor_sudoku solve" "target/release/examples/peer_sudoku"
#   python3 scripts/measure-alternating.py 11 /dev/null \
#     "target/release/sudoku solve --jobs 1 FILE" "target/release/examples/peer_sudoku FILE"
import os, sys, time, statistics
def run(argv, stdin_path):
    if stdin_path.startswith("PIPE:"):
        # As `echo PUZZLE | cmd` when echo has finished: the input written, the pipe closed.
        fd_in, w = os.pipe(); os.write(w, open(stdin_path[5:], 'rb').read()); os.close(w)
    else:
        fd_in = os.open(stdin_path, os.O_RDONLY)
    fd_out = os.open("/dev/null", os.O_WRONLY)
    fa = [(os.POSIX_SPAWN_DUP2, fd_in, 0), (os.POSIX_SPAWN_DUP2, fd_out, 1), (os.POSIX_SPAWN_DUP2, fd_out, 2)]
    t = time.perf_counter(); pid = os.posix_spawn(argv[0], argv, os.environ, file_actions=fa)
    _, status, ru = os.wait4(pid, 0); w = time.perf_counter() - t
    os.close(fd_in); os.close(fd_out)
    assert os.waitstatus_to_exitcode(status) == 0, argv
    return w, ru.ru_utime + ru.ru_stime
n = int(sys.argv[1]); stdin = sys.argv[2]; cmds = [c.split() for c in sys.argv[3:]]
for _ in range(int(os.environ.get("WARM", "20"))):
    for c in cmds: run(c, stdin)
res = [[] for _ in cmds]
for i in range(n):
    order = list(range(len(cmds))) if i % 2 == 0 else list(reversed(range(len(cmds))))
    for k in order: res[k].append(run(cmds[k], stdin))
base = res[-1]
for k, c in enumerate(cmds):
    wall = statistics.median(r[0] for r in res[k]) * 1e3; cpu = statistics.median(r[1] for r in res[k]) * 1e3
    ratio = statistics.median(res[k][i][0] / base[i][0] for i in range(n))
    cratio = statistics.median(res[k][i][1] / max(base[i][1], 1e-9) for i in range(n))
    print(f"{' '.join(c)[-60:]:60s} wall {wall:7.3f} ms cpu {cpu:7.3f} ms  wall/last {ratio:.3f} cpu/last {cratio:.3f}")
