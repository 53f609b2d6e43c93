"""Shared problems for the tests of the dancer wheel."""

import os
import signal

import pytest

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))


@pytest.fixture(autouse=True)
def ctrl_c_raises():
    """Ctrl-C raises KeyboardInterrupt in every test, as in an interactive Python, even where the
    tests were started with SIGINT ignored (a background job of a shell without job control,
    `nohup`, some CI runners), which Python then leaves ignored: the interrupt tests would wait
    out a whole count."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, before)


def data(path):
    """A file of the repository's data/ folder."""
    return os.path.join(REPO, "data", path)


def queens(n):
    """The n queens: rows and columns primary, diagonals secondary."""
    options = [[f"r{r}", f"c{c}", f"d{r + c}", f"a{r + n - 1 - c}"] for r in range(n) for c in range(n)]
    secondary = [f"d{k}" for k in range(2 * n - 1)] + [f"a{k}" for k in range(2 * n - 1)]
    return options, secondary


def langford(n):
    """Langford pairs: the two k's k + 1 apart in 2n places (the items are numbers too)."""
    options = []
    for k in range(1, n + 1):
        for i in range(2 * n - k - 1):
            options.append([("value", k), ("place", i), ("place", i + k + 1)])
    return options
