"""Times the pentominoes 6x10 count through the Python wheel on one thread and on two, in
alternating pairs (docs/PERFORMANCE.md, "Python and tilings"). Run from the repository root
with a venv that has the wheel (pip install ./crates/py):
    .venv/bin/python scripts/measure-python-threads.py [PAIRS]
Prints each pair (wall and CPU seconds, getrusage of the process), then the medians and the
median of the pairs' speed-ups and CPU ratios."""
import os, resource, time, statistics, sys
import dancer
problem = dancer.Problem.from_dlx(open("data/dlx/pentominoes6x10.dlx").read())
def cpu():
    r = resource.getrusage(resource.RUSAGE_SELF); return r.ru_utime + r.ru_stime
def measure(threads):
    c0 = cpu(); w0 = time.perf_counter()
    assert problem.count(threads=threads) == 9356
    return time.perf_counter() - w0, cpu() - c0
pairs = []
for r in range(int(sys.argv[1]) if len(sys.argv) > 1 else 7):
    pair = {t: measure(t) for t in ((1, 2) if r % 2 == 0 else (2, 1))}
    pairs.append(pair)
    print(r, pair, os.getloadavg(), flush=True)
speed = [p[1][0] / p[2][0] for p in pairs]; ratio = [p[2][1] / p[1][1] for p in pairs]
med = lambda t, k: statistics.median(p[t][k] for p in pairs)
print(f"threads=1 wall {med(1, 0):.2f} cpu {med(1, 1):.2f}; threads=2 wall {med(2, 0):.2f} "
      f"cpu {med(2, 1):.2f}; speed-up {statistics.median(speed):.2f} ({min(speed):.2f}-"
      f"{max(speed):.2f}); cpu ratio {statistics.median(ratio):.2f} ({min(ratio):.2f}-{max(ratio):.2f})")
