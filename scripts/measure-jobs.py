"""Times `dlx --count --jobs 1` against `--jobs 2` (docs/PERFORMANCE.md, "Counting on two
cores"): pentominoes 6x10, queens 15 and Langford 12, with the default count and --no-memo, in
rounds of the two runs in alternating order. Run from the repository root after
cargo build --release -p dancer-cli -p dancer --examples:
    python3 scripts/measure-jobs.py [ROUNDS] [DLX ...]
Each DLX is a binary to measure (default target/release/dlx), all in the same rounds. Prints
the medians of wall and CPU time (getrusage of the children) and of the rounds' speed-ups
(wall, --jobs 1 / --jobs 2) and CPU ratios (--jobs 2 / --jobs 1)."""
import os, resource, statistics, subprocess, sys, time

rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 5
binaries = sys.argv[2:] or ["target/release/dlx"]
files = [("pentominoes 6x10", "data/dlx/pentominoes6x10.dlx")]
for name, example, n in [("queens 15", "n_queens", 15), ("Langford 12", "langford", 12)]:
    path = f"target/{example}{n}.dlx"
    with open(path, "w") as out:
        subprocess.run([f"target/release/examples/{example}", str(n), "--dlx"], stdout=out, check=True)
    files.append((name, path))

def run(binary, path, no_memo, jobs):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    flags = ["--no-memo"] if no_memo else []
    subprocess.run([binary, "--count", *flags, "-q", "--jobs", str(jobs), path], check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime

times = {}
for r in range(rounds):
    for name, path in files:
        for no_memo in (False, True):
            for binary in binaries:
                for jobs in (1, 2) if r % 2 == 0 else (2, 1):
                    times.setdefault((binary, name, no_memo, jobs), []).append(run(binary, path, no_memo, jobs))
    print(f"round {r + 1}: load average {os.getloadavg()[0]:.2f}", flush=True)
median = statistics.median
for binary in binaries:
    for name, _ in files:
        for no_memo in (False, True):
            one, two = times[(binary, name, no_memo, 1)], times[(binary, name, no_memo, 2)]
            speed = [a[0] / b[0] for a, b in zip(one, two)]
            ratio = [b[1] / a[1] for a, b in zip(one, two)]
            print(f"{binary} {name} {'--no-memo' if no_memo else 'default'}: --jobs 1 "
                  f"{median(a[0] for a in one):.2f} s wall {median(a[1] for a in one):.2f} s cpu, "
                  f"--jobs 2 {median(b[0] for b in two):.2f} s wall {median(b[1] for b in two):.2f} s cpu; "
                  f"speed-up {median(speed):.2f} ({min(speed):.2f}-{max(speed):.2f}), "
                  f"cpu ratio {median(ratio):.2f} ({min(ratio):.2f}-{max(ratio):.2f})")
