"""dancer.tiling: the published counts, up to symmetry, pieces by cells and pictures, counts
of copies, packing, text and SVG, and the dlx tile format."""

import time

import pytest

from dancer import tiling
from conftest import data


def test_pentominoes_in_rectangles():
    for (width, height), (count, classes) in {(10, 6): (9356, 2339), (12, 5): (4040, 1010), (20, 3): (8, 2)}.items():
        t = tiling.Tiling(tiling.rectangle(width, height), tiling.pentominoes())
        assert t.count() == count
        assert t.count(up_to_symmetry=True) == classes


def test_scotts_board():
    board = tiling.Board.from_text("........\n" * 3 + "...##...\n" * 2 + "........\n" * 3)
    t = tiling.Tiling(board, tiling.pentominoes())
    assert (t.count(), t.count(up_to_symmetry=True), t.symmetries()) == (520, 65, 8)


def test_soma_cube_with_its_mirror_pair():
    t = tiling.Tiling(tiling.box(3, 3, 3), tiling.soma())
    assert (t.count(), t.count(up_to_symmetry=True), t.symmetries()) == (11520, 240, 48)
    assert len(list(t.solutions(up_to_symmetry=True))) == 240


def test_dominoes_12_by_12_as_a_python_int_in_well_under_a_second():
    t = tiling.Tiling(tiling.rectangle(12, 12), {"D": tiling.Piece([(0, 0), (1, 0)], count=None)})
    started = time.monotonic()
    count = t.count()
    assert count == 53060477521960000 and isinstance(count, int)
    assert time.monotonic() - started < 1.0
    with pytest.raises(ValueError, match="used exactly once"):
        t.count(up_to_symmetry=True)


def test_pieces_from_cells_pictures_and_counts():
    # A 1x4 strip: dominoes and squares any number of times (5 ways), exactly two squares (3),
    # at most two (4), dominoes from 1 to 2 (4).
    strip = tiling.rectangle(4, 1)
    square = [(0, 0)]
    for count, expected in [(None, 5), (2, 3), ((0, 2), 4)]:
        pieces = {"D": tiling.Piece("##", count=None), "M": tiling.Piece(square, count=count)}
        assert tiling.Tiling(strip, pieces).count() == expected
    pieces = {"D": tiling.Piece.from_text("##", count=(1, 2)), "M": tiling.Piece(square, count=None)}
    assert tiling.Tiling(strip, pieces).count() == 4
    # Plain cell lists: each piece once, turned freely.
    # (Two labelled dominoes on a 2x2: both across, either on top, or both upright, either left.)
    assert tiling.Tiling(tiling.rectangle(2, 2), {"a": [(0, 0), (1, 0)], "b": [(0, 0), (0, 1)]}).count() == 4


def test_packing_leaves_optional_cells_empty():
    board = tiling.Board.from_text(".o\n.o")
    t = tiling.Tiling(board, {"D": tiling.Piece("##", count=(0, 2))})
    solutions = list(t.solutions())
    assert len(solutions) == t.count() == 3
    assert any(None not in s.grid.values() and len(s.grid) == 2 for s in solutions)


def test_solutions_print_as_text_and_svg():
    t = tiling.Tiling(tiling.rectangle(20, 3), tiling.pentominoes())
    first = next(t.solutions())
    rows = str(first).splitlines()
    assert len(rows) == 3 and all(len(row) == 20 for row in rows)
    assert sorted(name for name, _ in first.pieces) == sorted(tiling.pentominoes())
    assert first.svg().startswith("<svg") and first.svg().count("<rect") == 60
    assert len(list(t.solutions(up_to_symmetry=True))) == 2


def test_the_dlx_tile_format():
    with open(data("tiling/scott.tile")) as f:
        t = tiling.Tiling.from_text(f.read())
    assert t.count(up_to_symmetry=True) == 65
    with pytest.raises(ValueError, match="line 2, column 8"):
        tiling.Tiling.from_text("board 2 2\npieces domino\n")
