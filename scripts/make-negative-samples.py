"""Makes data/variants/negative.jsonl: the negative rules of grids where every mark is given
(not-consecutive and not-ratio beside Kropki dots, not-sum beside XV marks, not-difference beside
difference-2 dots) and anti-knight (`different` between cells a knight's move apart that share no
region). Each record starts from one of `sudoku generate`'s puzzles (its solution), takes every
mark its solution has and the negative rule on every other edge, then loses givens, in a seeded
random order, while `sudoku count --limit 2` still finds one solution. Run from the repository
root after cargo build --release -p dancer-cli:
    python3 scripts/make-negative-samples.py > data/variants/negative.jsonl"""
import json, random, subprocess

SUDOKU = "target/release/sudoku"


def generate(marks, seed, count):
    out = subprocess.run([SUDOKU, "generate", "--marks", marks, "--size", "6", "-n", str(count),
                          "--seed", str(seed), "-q"], capture_output=True, text=True, check=True)
    return [json.loads(line) for line in out.stdout.splitlines()]


def unique(record):
    line = json.dumps(record, separators=(",", ":"))
    out = subprocess.run([SUDOKU, "count", "--limit", "2", "-q"], input=line + "\n",
                         capture_output=True, text=True)
    return out.stdout.strip() == "1"


def edges(size):
    for a in range(size * size):
        if a % size + 1 < size:
            yield a, a + 1
        if a + size < size * size:
            yield a, a + size


def reduce(record, rng):
    """Takes out every given it can, in a random order, keeping the puzzle unique."""
    solution = record["solution"]
    kept = set(range(len(solution)))
    cells = sorted(kept)
    rng.shuffle(cells)
    for cell in cells:
        kept.remove(cell)
        record["givens"] = [[c, solution[c]] for c in sorted(kept)]
        if not unique(record):
            kept.add(cell)
    record["givens"] = [[c, solution[c]] for c in sorted(kept)]
    return record


def relation(a, b, kind, k=None):
    found = {"a": a, "b": b, "kind": kind}
    if k is not None:
        found["k"] = k
    return found


def negatives(record, name, mark, nots):
    """Every edge: `mark(x, y)` where it names a mark, else the relations `nots`."""
    size, solution = record["width"], record["solution"]
    record["relations"] = []
    for a, b in edges(size):
        found = mark(solution[a], solution[b])
        record["relations"] += [relation(a, b, *found)] if found else [relation(a, b, *n) for n in nots]
    record["name"] = name
    return record


def anti_knight(record, name):
    size, solution = record["width"], record["solution"]
    member = [set() for _ in range(size * size)]
    for k, region in enumerate(record["regions"]):
        for cell in region:
            member[cell].add(k)
    record["relations"] = []
    for a in range(size * size):
        for dr, dc in [(1, -2), (1, 2), (2, -1), (2, 1)]:
            r, c = a // size + dr, a % size + dc
            b = r * size + c
            if r < size and 0 <= c < size and not member[a] & member[b]:
                record["relations"].append(relation(a, b, "different"))
    record["name"] = name
    return record


def kropki(x, y):
    if x == 2 * y or y == 2 * x:
        return ("ratio",)
    return ("difference", 1) if abs(x - y) == 1 else None


def xv(x, y):
    return ("sum", x + y) if x + y in (5, 10) else None


def two_apart(x, y):
    return ("difference", 2) if abs(x - y) == 2 else None


def main():
    rng = random.Random(14)
    records = []
    for n, base in enumerate(generate("givens", 14, 2)):
        records.append(negatives(base, f"kropki, every dot given, 6x6 #{n + 1}", kropki,
                                 [("not-consecutive",), ("not-ratio",)]))
    for n, base in enumerate(generate("givens", 15, 1)):
        records.append(negatives(base, f"XV, every mark given, 6x6 #{n + 1}", xv,
                                 [("not-sum", 5), ("not-sum", 10)]))
    for n, base in enumerate(generate("givens", 16, 1)):
        records.append(negatives(base, f"difference 2, every dot given, 6x6 #{n + 1}", two_apart,
                                 [("not-difference", 2)]))
    # Anti-knight needs a solution that keeps it: the first solution of the blank rules.
    base = generate("givens", 17, 1)[0]
    blank = anti_knight(dict(base, givens=[]), "")
    del blank["solution"]
    out = subprocess.run([SUDOKU, "solve", "-q", "--format", "json"], input=json.dumps(blank) + "\n",
                         capture_output=True, text=True, check=True)
    solved = json.loads(out.stdout)
    base["solution"] = [int(d, 36) for d in solved["solution"]]
    records.append(anti_knight(base, "anti-knight 6x6 #1"))
    for record in records:
        record.pop("generated", None)
        print(json.dumps(reduce(record, rng), separators=(",", ":")))


main()
