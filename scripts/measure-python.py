"""Times the pentominoes 6x10 count through the Python wheel against the dlx command
(docs/PERFORMANCE.md, "Python and tilings"). Run from the repository root with a venv that
has the wheel (pip install ./crates/py) and after cargo build --release -p dancer-cli:
    .venv/bin/python scripts/measure-python.py [REPEATS]
Prints, per run, the median wall time (time.perf_counter) and CPU time (getrusage of the
process, or of its children for the commands)."""
import os, resource, subprocess, time, statistics, sys
import dancer
from dancer import tiling
problem = dancer.Problem.from_dlx(open("data/dlx/pentominoes6x10.dlx").read())
t = tiling.Tiling.from_text(open("data/tiling/pentominoes-6x10.tile").read())
def cpu_self():
    r = resource.getrusage(resource.RUSAGE_SELF); return r.ru_utime + r.ru_stime
def cpu_children():
    r = resource.getrusage(resource.RUSAGE_CHILDREN); return r.ru_utime + r.ru_stime
def measure(f, child=False):
    c0 = cpu_children() if child else cpu_self(); w0 = time.perf_counter()
    f()
    w = time.perf_counter() - w0; c = (cpu_children() if child else cpu_self()) - c0
    return w, c
cases = [
    ("cli dlx --count pentominoes6x10.dlx", lambda: subprocess.run(["target/release/dlx", "--count", "-q", "data/dlx/pentominoes6x10.dlx"], check=True, capture_output=True), True),
    ("py Problem.from_dlx(..).count()", lambda: problem.count(), False),
    ("cli dlx tile --count pentominoes-6x10.tile", lambda: subprocess.run(["target/release/dlx", "tile", "--count", "-q", "data/tiling/pentominoes-6x10.tile"], check=True, capture_output=True), True),
    ("py Tiling(..).count()", lambda: t.count(), False),
    ("py Problem.count(threads=1)", lambda: problem.count(threads=1), False),
    ("py Problem.count(threads=2)", lambda: problem.count(threads=2), False),
]
results = {name: [] for name, _, _ in cases}
reps = int(sys.argv[1]) if len(sys.argv) > 1 else 3
for rep in range(reps):
    for name, f, child in cases:
        results[name].append(measure(f, child))
    print(rep, os.getloadavg(), flush=True)
for name, runs in results.items():
    walls = [w for w, _ in runs]; cpus = [c for _, c in runs]
    print(f"{name:42} wall min {min(walls):6.3f} median {statistics.median(walls):6.3f}   cpu median {statistics.median(cpus):6.3f}")
