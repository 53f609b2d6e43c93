"""dancer: exact cover on dancing links (Knuth's Algorithms X, C and M), from Python.

- ``covers(options, primary=None, secondary=None, colored=False)``: xcover's generator of
  solutions (lists of option indices), so that an xcover user switches by changing an import.
- ``Problem``: a problem from options of any hashable items, a 0/1 matrix (numpy or lists),
  or Knuth's DLX text; ``first()``, ``solutions()``, ``count()`` (a Python int of any size,
  on every core, memoised where that pays), ``sample()``, ``estimate()``, ``run()`` with time
  and node limits and a checkpoint file that resumes.
- ``dancer.tiling``: boards and pieces (polyominoes, polycubes), counted in all or up to
  symmetry.

Every search runs without the GIL, and Ctrl-C raises KeyboardInterrupt within 0.1 s.
"""

from . import _dancer
from ._dancer import Solutions

__all__ = ["covers", "Problem", "RunResult", "Solutions", "tiling"]


class RunResult:
    """How a ``Problem.run`` ended: the count so far, whether the search is complete, why it
    stopped (``"time-limit"``, ``"node-limit"``, ``"interrupted"`` or None), and its counters."""

    __slots__ = ("count", "complete", "stopped", "nodes", "updates", "seconds")

    def __init__(self, count, complete, stopped, nodes, updates, seconds):
        self.count, self.complete, self.stopped = count, complete, stopped
        self.nodes, self.updates, self.seconds = nodes, updates, seconds

    def __repr__(self):
        return (f"RunResult(count={self.count}, complete={self.complete}, stopped={self.stopped!r}, "
                f"nodes={self.nodes}, updates={self.updates}, seconds={self.seconds:.3f})")


def _item_name(item, taken):
    """A name the DLX format can write for ``item``: its text when that will do, else ``i{k}``."""
    text = str(item)
    if text and not any(c.isspace() or c in "|:" for c in text) and text not in taken:
        return text
    k = len(taken)
    while f"i{k}" in taken:
        k += 1
    return f"i{k}"


class Problem:
    """An exact-cover problem.

    ``Problem(options, primary=None, secondary=None, colored=False, bounds=None)``: options are
    lists of hashable items. Primary items must be covered once, secondary ones at most once;
    left out, they are worked out as xcover does (all items primary; or all but the secondary
    ones; or all but the primary ones secondary). With ``colored``, items are strings and
    ``"x:A"`` gives secondary item x the colour A: options may share x when they agree on its
    colour. ``bounds`` maps primary items to ``(low, high)`` (or a number, exactly that many
    times): Knuth's multiplicities (Algorithm M).
    """

    def __init__(self, options, primary=None, secondary=None, colored=False, bounds=None, *, _inner=None):
        if _inner is not None:
            self._inner = _inner
            return
        options = [list(option) for option in options]
        split = (lambda token: tuple(token.split(":", 1)) if ":" in token else (token, None)) if colored \
            else (lambda token: (token, None))
        parsed = [[split(token) for token in option] for option in options]
        seen = {}
        for option in parsed:
            for item, _ in option:
                seen.setdefault(item, None)
        universe = list(seen)
        if primary is None and secondary is None:
            primary, secondary = universe, []
        elif primary is None:
            secondary = list(secondary)
            excluded = set(secondary)
            primary = [item for item in universe if item not in excluded]
        elif secondary is None:
            primary = list(primary)
            excluded = set(primary)
            secondary = [item for item in universe if item not in excluded]
        else:
            primary, secondary = list(primary), list(secondary)
        order = primary + secondary
        index = {}
        for item in order:
            if item in index:
                raise ValueError(f"item {item!r} is listed twice")
            index[item] = len(index)
        taken = set()
        names = []
        for item in order:
            name = _item_name(item, taken)
            taken.add(name)
            names.append(name)
        rows = []
        for k, option in enumerate(parsed):
            row = []
            for item, colour in option:
                if item not in index:
                    raise ValueError(f"option {k} names item {item!r}, neither primary nor secondary")
                row.append((index[item], colour))
            rows.append(row)
        limits = []
        if bounds:
            unknown = [item for item in bounds if item not in index or index[item] >= len(primary)]
            if unknown:
                raise ValueError(f"bounds for items that are not primary: {unknown!r}")
            for item in primary:
                bound = bounds.get(item, 1)
                limits.append((bound, bound) if isinstance(bound, int) else tuple(bound))
        self._inner = _dancer.Problem._from_parts(names, len(primary), rows, limits)

    @classmethod
    def from_dlx(cls, text):
        """The problem written in Knuth's DLX format (as ``dlx`` reads it)."""
        return cls(None, _inner=_dancer.Problem.from_dlx(text))

    @classmethod
    def from_matrix(cls, matrix, primary=None):
        """The problem of a 0/1 matrix: a numpy array (bool or int) or any sequence of
        sequences. Column j is item j, the first ``primary`` columns (all by default) primary;
        row k is option k, over its nonzero columns."""
        rows, columns = _rows_of(matrix)
        primary = columns if primary is None else primary
        return cls(None, _inner=_dancer.Problem._from_sparse(columns, primary, rows))

    def to_dlx(self):
        """The problem in Knuth's DLX format."""
        return self._inner.to_dlx()

    @property
    def items(self):
        return self._inner.items

    @property
    def options(self):
        return self._inner.options

    def option_names(self, k):
        """The item names of option k (``name:colour`` where coloured)."""
        return self._inner.option_names(k)

    def solutions(self, limit=None, threads=1):
        """A lazy generator of solutions, each a list of option indices (in the order chosen):
        the search runs a solution ahead, without the GIL. One thread gives DLX1's order."""
        return self._inner.solutions(limit, threads)

    def first(self):
        """A solution, or None."""
        return next(iter(self._inner.solutions(1, 1)), None)

    def count(self, threads=None, memo="auto"):
        """The number of solutions as ``dlx --count`` counts it: a Python int (up to
        2^128 - 1). ``threads``: all cores by default. ``memo``: ``"auto"`` (a table of
        sub-problems where it pays), True (always) or False (never)."""
        if memo == "auto":
            memo = None
        elif memo not in (True, False):
            raise ValueError(f"memo must be 'auto', True or False, not {memo!r}")
        return self._inner._count(threads, memo)

    def run(self, threads=None, time_limit=None, node_limit=None, checkpoint=None):
        """Counts by enumeration until the end, ``time_limit`` seconds or ``node_limit`` nodes.
        With ``checkpoint`` (a path), a run goes on from that file when it exists and leaves
        its state there: run again until ``complete``."""
        path = None if checkpoint is None else str(checkpoint)
        return RunResult(*self._inner._run(threads, time_limit, node_limit, path))

    def sample(self, k, seed=0):
        """k solutions drawn uniformly at random, each a sorted list of option indices."""
        return [sorted(solution) for solution in self._inner.sample(k, seed)]

    def estimate(self, samples=1000, seed=0):
        """Knuth's estimate of the search tree: a dict of nodes, updates and solutions."""
        nodes, updates, solutions = self._inner.estimate(samples, seed)
        return {"nodes": nodes, "updates": updates, "solutions": solutions}


def _rows_of(matrix):
    """Each row's nonzero columns, and the number of columns."""
    try:
        import numpy
    except ImportError:
        numpy = None
    if numpy is not None and isinstance(matrix, numpy.ndarray):
        if matrix.ndim != 2:
            raise ValueError(f"a matrix has 2 dimensions, not {matrix.ndim}")
        return [numpy.flatnonzero(row).tolist() for row in matrix], matrix.shape[1]
    rows = [list(row) for row in matrix]
    columns = max((len(row) for row in rows), default=0)
    return [[j for j, value in enumerate(row) if value] for row in rows], columns


def covers(options, primary=None, secondary=None, colored=False):
    """The solutions of an exact cover problem, as xcover's ``covers`` gives them: a generator
    of lists of option indices. Options are lists of hashable items; ``primary`` and
    ``secondary`` default as in xcover; with ``colored``, ``"x:A"`` colours secondary item x."""
    yield from Problem(options, primary, secondary, colored).solutions()


from . import tiling  # noqa: E402  (after Problem, which tiling uses)
