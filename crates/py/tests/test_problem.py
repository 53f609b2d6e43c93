"""dancer.Problem: building, counting (Python ints of any size), solutions, samples,
estimates, runs that resume, the GIL released, Ctrl-C."""

import os
import signal
import threading
import time

import pytest

import dancer
from conftest import data, langford, queens


def test_knuths_toy_problem_has_one_solution():
    options = [["C", "E", "F"], ["A", "D", "G"], ["B", "C", "F"], ["A", "D"], ["B", "G"], ["D", "E", "G"]]
    problem = dancer.Problem(options, secondary=["F", "G"])
    assert problem.count() == 1
    assert sorted(problem.first()) == [0, 3, 4]
    assert [sorted(s) for s in problem.solutions()] == [[0, 3, 4]]


def test_counts_match_published_numbers_on_every_path():
    options, secondary = queens(8)
    problem = dancer.Problem(options, secondary=secondary)
    for memo in ("auto", True, False):
        for threads in (1, 2):
            assert problem.count(threads=threads, memo=memo) == 92
    assert len(list(problem.solutions())) == 92
    assert len(list(problem.solutions(threads=2))) == 92
    assert len(list(problem.solutions(limit=5))) == 5
    assert dancer.Problem(langford(8)).count() == 300  # both orders of each of the 150


def test_a_count_beyond_64_bits_is_a_python_int():
    # Two options for each of 80 items: 2^80 solutions, counted with the table.
    options = [[k] for k in range(80) for _ in range(2)]
    count = dancer.Problem(options).count()
    assert count == 2**80 and isinstance(count, int)


def test_dlx_text_round_trips_and_reads_the_shipped_files():
    with open(data("dlx/dominoes8x8.dlx")) as f:
        problem = dancer.Problem.from_dlx(f.read())
    assert problem.count() == 12988816
    again = dancer.Problem.from_dlx(problem.to_dlx())
    assert again.to_dlx() == problem.to_dlx()
    with pytest.raises(ValueError, match="2:3: unknown item 'c'"):
        dancer.Problem.from_dlx("a b\na c\n")


# Knuth's toy problem as a matrix: 7 columns, the last two secondary.
TOY = [[0, 0, 1, 0, 1, 1, 0], [1, 0, 0, 1, 0, 0, 1], [0, 1, 1, 0, 0, 1, 0],
       [1, 0, 0, 1, 0, 0, 0], [0, 1, 0, 0, 0, 0, 1], [0, 0, 0, 1, 1, 0, 1]]


def test_matrices_from_lists():
    problem = dancer.Problem.from_matrix(TOY, primary=5)
    assert [sorted(s) for s in problem.solutions()] == [[0, 3, 4]]
    assert dancer.Problem.from_matrix([[True, False], [False, True]]).count() == 1


def test_matrices_from_numpy():
    numpy = pytest.importorskip("numpy", reason="numpy is not installed (the list form is tested without it)")
    for dtype in (bool, int, numpy.uint8):
        problem = dancer.Problem.from_matrix(numpy.array(TOY, dtype=dtype), primary=5)
        assert [sorted(s) for s in problem.solutions()] == [[0, 3, 4]]


def test_bounds_are_multiplicities():
    # Two of the three options of x, and y once: 3 ways.
    problem = dancer.Problem([["x"], ["x"], ["x", "y"], ["y"]], bounds={"x": (2, 2)})
    assert problem.count() == 3
    with pytest.raises(ValueError, match="not primary"):
        dancer.Problem([["x", "y"]], secondary=["y"], bounds={"y": 2})


def test_samples_are_solutions_and_reproducible():
    options, secondary = queens(8)
    problem = dancer.Problem(options, secondary=secondary)
    every = {tuple(sorted(s)) for s in problem.solutions()}
    drawn = problem.sample(20, seed=3)
    assert all(tuple(s) in every for s in drawn)
    assert drawn == problem.sample(20, seed=3)
    assert drawn != problem.sample(20, seed=4)


def test_estimates_are_near_the_tree():
    options, secondary = queens(8)
    estimate = dancer.Problem(options, secondary=secondary).estimate(samples=4000, seed=1)
    assert 600 < estimate["nodes"] < 1600  # the tree has 1 049 nodes
    assert 40 < estimate["solutions"] < 150


def test_a_run_stops_and_resumes_from_its_checkpoint(tmp_path):
    options, secondary = queens(9)
    problem = dancer.Problem(options, secondary=secondary)
    checkpoint = tmp_path / "queens.json"
    first = problem.run(threads=1, node_limit=2000, checkpoint=checkpoint)
    assert not first.complete and first.stopped == "node-limit" and checkpoint.exists()
    result = first
    runs = 1
    while not result.complete:
        result = problem.run(threads=2, node_limit=2000, checkpoint=checkpoint)
        runs += 1
    assert result.count == 352 and runs > 2
    whole = problem.run(threads=1)
    assert (result.nodes, result.updates) == (whole.nodes, whole.updates)
    # A finished checkpoint answers at once.
    assert problem.run(checkpoint=checkpoint).count == 352
    stopped = problem.run(time_limit=0.0)
    assert stopped.stopped in ("time-limit", None)


def test_the_gil_is_released_while_counting():
    problem = dancer.Problem.from_dlx(open(data("dlx/pentominoes6x10.dlx")).read())
    ticks = 0
    done = threading.Event()

    def count():
        problem.count(threads=1, memo=False)
        done.set()

    worker = threading.Thread(target=count)
    worker.start()
    while not done.is_set():
        ticks += 1
        time.sleep(0.001)
    worker.join()
    assert ticks > 50  # Python code ran all along the count


@pytest.mark.skipif(os.name != "posix", reason="sends SIGINT to itself")
@pytest.mark.parametrize("what", ["count", "memo", "run", "solutions"])
def test_ctrl_c_raises_keyboard_interrupt_within_a_tenth_of_a_second(what):
    # 16 queens: many seconds of work on every path, even on a fast machine with two cores
    # (13 queens, 73 712 solutions, was counted within the 0.3 s before the signal on CI).
    options, secondary = queens(16)
    problem = dancer.Problem(options, secondary=secondary)
    sent = []

    def interrupt():
        sent.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGINT)

    timer = threading.Timer(0.3, interrupt)
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        if what == "count":
            problem.count(threads=2, memo=False)
        elif what == "memo":
            problem.count(threads=1, memo=True)
        elif what == "run":
            problem.run(threads=2)
        else:
            for _ in problem.solutions(threads=2):
                time.sleep(0.5)
    raised = time.monotonic()
    timer.join()
    assert sent and raised - sent[0] < 0.1, f"raised {raised - sent[0]:.3f} s after the signal"


@pytest.mark.skipif(os.name != "posix", reason="sends SIGINT to itself")
def test_ctrl_c_during_a_run_leaves_its_checkpoint(tmp_path):
    # 15 queens: seconds of work on one thread, so that the signal comes well before the end
    options, secondary = queens(15)
    problem = dancer.Problem(options, secondary=secondary)
    checkpoint = tmp_path / "queens.json"
    timer = threading.Timer(0.2, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        problem.run(threads=1, checkpoint=checkpoint)
    timer.join()
    assert checkpoint.exists()
    assert not problem.run(threads=1, node_limit=1, checkpoint=checkpoint).complete
    resumed = problem.run(threads=2, checkpoint=checkpoint)
    assert resumed.complete and resumed.count == 2279184
