"""dancer.covers gives the solution sets xcover gives, on xcover's own examples (its test
suite's problems), compared with xcover when it is installed and with the known answers."""

import pytest

import dancer
from conftest import langford, queens

# (options, primary, secondary, colored, the known solution sets)
EXAMPLES = {
    "knuth": ([{"c", "e"}, {"a", "d", "g"}, {"b", "c", "f"}, {"a", "d", "f"}, {"b", "g"}, {"d", "e", "g"}],
              None, None, False, [{0, 3, 4}]),
    "wikipedia": ([{1, 4, 7}, {1, 4}, {4, 5, 7}, {3, 5, 6}, {2, 3, 6, 7}, {2, 7}], None, None, False, [{1, 3, 5}]),
    "secondary": ([["c", "e", "k"], ["a", "d", "g", "h"], ["b", "c", "f"], ["a", "d", "f", "h", "i"],
                   ["b", "g", "j"], ["d", "e", "g", "i"], ["a", "j"]],
                  list("abcdefg"), list("hijk"), False, [{0, 3, 4}, {2, 5, 6}]),
    "colored": ([["p", "q", "x", "y:A"], ["p", "r", "x:A", "y"], ["p", "x:B"], ["q", "x:A"], ["r", "y:B"]],
                ["p", "q", "r"], ["x", "y"], True, [{1, 3}]),
    "colored2": ([["a", "b", "d"], ["c", "d"], ["c", "e"], ["a", "b", "d:BLUE"], ["c", "d:BLUE"],
                  ["a", "b", "d:RED"], ["c", "d:RED"]],
                 ["a", "b", "c"], ["d", "e", "f"], True, None),
    "unsolvable": ([[0, 1], [0, 2], [1, 4], [1, 5], [1, 6], [2, 4], [2, 5], [2, 6], [3, 4], [3, 5], [3, 6],
                    [4, 5], [4, 6]], None, None, False, []),
    "queens": (queens(8)[0], None, set(queens(8)[1]), False, None),
    "langford": (langford(6), None, None, False, None),
}


def solution_set(solutions):
    return {frozenset(s) for s in solutions}


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_known_answers(name):
    options, primary, secondary, colored, known = EXAMPLES[name]
    found = list(dancer.covers(options, primary=primary, secondary=secondary, colored=colored))
    assert len(found) == len(solution_set(found))
    if known is not None:
        assert solution_set(found) == solution_set(known)
    counts = {"colored2": 5, "queens": 92, "langford": 0}
    if name in counts:
        assert len(found) == counts[name]


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_the_same_solutions_as_xcover(name):
    xcover = pytest.importorskip(
        "xcover", reason="xcover is not installed (pip install xcover): the comparison with it is skipped")
    options, primary, secondary, colored, _ = EXAMPLES[name]
    ours = solution_set(dancer.covers(options, primary=primary, secondary=secondary, colored=colored))
    theirs = solution_set(xcover.covers(options, primary=primary, secondary=secondary, colored=colored))
    assert ours == theirs
