"""Tilings and packings: a board of squares or cubes and named pieces.

    from dancer import tiling
    t = tiling.Tiling(tiling.rectangle(10, 6), tiling.pentominoes())
    t.count()                     # 9356
    t.count(up_to_symmetry=True)  # 2339

A board is ``rectangle(w, h)``, ``box(w, h, d)``, ``Board.from_text(picture)`` (``.`` a
cell, ``o`` a cell that may stay empty, ``#`` or a blank a hole, a ``+`` line between the
layers of a board in space) or ``Board(cells, optional=())``. Pieces are a dict of names to
cell lists (each used once, turned and mirrored freely) or to ``Piece(cells, rotate=True,
reflect=True, count=1)``; ``count`` is a number, a ``(low, high)`` pair (``high`` None for no
bound) or None for any number of times. Cells are ``(x, y)`` or ``(x, y, z)``, x to the right
and y down.
"""

from . import Problem
from . import _dancer

__all__ = ["Board", "Piece", "Tiling", "Solution", "rectangle", "box", "pentominoes",
           "tetrominoes", "trominoes", "dominoes", "soma"]


def _cell(cell):
    cell = tuple(int(v) for v in cell)
    if len(cell) == 2:
        return cell + (0,)
    if len(cell) != 3:
        raise ValueError(f"a cell is (x, y) or (x, y, z), not {cell!r}")
    return cell


class Board:
    """The cells pieces are placed on; ``optional`` cells may stay empty."""

    def __init__(self, cells, optional=()):
        optional = {_cell(c) for c in optional}
        cells = [_cell(c) for c in cells]
        self.cells = [(x, y, z, (x, y, z) in optional) for (x, y, z) in cells]
        self.cells += [(x, y, z, True) for (x, y, z) in optional if (x, y, z) not in set(cells)]

    @classmethod
    def from_text(cls, text):
        """A board drawn as text (see the module's notes)."""
        board = cls([])
        board.cells = _dancer.Tiling.board_cells(text)
        return board

    def __len__(self):
        return len(self.cells)


def rectangle(width, height):
    """A width x height board."""
    return Board((x, y) for y in range(height) for x in range(width))


def box(width, height, depth):
    """A width x height x depth box of cubes."""
    return Board((x, y, z) for z in range(depth) for y in range(height) for x in range(width))


class Piece:
    """A piece: its cells (or a picture, ``#`` a cell), whether it may be rotated and
    mirrored, and how many times it is used: a number, ``(low, high)``, or None (any)."""

    def __init__(self, cells, rotate=True, reflect=True, count=1):
        if isinstance(cells, str):
            cells = _dancer.Tiling.piece_cells(cells)
        self.cells = [_cell(c) for c in cells]
        self.rotate, self.reflect, self.count = bool(rotate), bool(reflect), count

    @classmethod
    def from_text(cls, picture, **options):
        """A piece drawn as text: rows separated by newlines or ``/``, ``#`` a cell."""
        return cls(picture, **options)

    def _range(self):
        count = self.count
        if count is None:
            return 0, None
        if isinstance(count, int):
            return count, count
        low, high = count
        return int(low), None if high is None else int(high)

    def __repr__(self):
        return f"Piece({self.cells!r}, rotate={self.rotate}, reflect={self.reflect}, count={self.count!r})"


def _standard(name):
    return {piece: Piece(cells, rotate=rotate, reflect=reflect, count=(low, high) if (low, high) != (1, 1) else 1)
            for piece, cells, rotate, reflect, low, high in _dancer.Tiling.standard_set(name)}


def pentominoes():
    """The twelve pentominoes, F I L N P T U V W X Y Z, each once, turned and mirrored."""
    return _standard("pentominoes")


def tetrominoes():
    """The five free tetrominoes, I O T L S."""
    return _standard("tetrominoes")


def trominoes():
    """The two free trominoes, I and V."""
    return _standard("trominoes")


def dominoes():
    """The domino D, used any number of times."""
    pieces = _standard("dominoes")
    pieces["D"].count = None
    return pieces


def soma():
    """The seven Soma pieces V L T Z A B P, turned but not mirrored (A and B are mirror images)."""
    return _standard("soma")


class Solution:
    """A solution: ``pieces`` is a list of (name, cells) pairs; ``grid`` the name on each
    cell (None: an optional cell left empty); ``str()`` the text picture, ``svg()`` an SVG."""

    def __init__(self, tiling, placements):
        self._tiling = tiling
        self.pieces = [(name, [tuple(c) for c in cells]) for name, cells in placements]

    @property
    def grid(self):
        return {cell: name for name, cells in self.pieces for cell in cells}

    def __str__(self):
        return self._tiling._inner.draw(self.pieces)[0]

    def svg(self):
        return self._tiling._inner.draw(self.pieces)[1]

    def __repr__(self):
        return f"Solution({self.pieces!r})"


class Tiling:
    """A board and pieces: ``count(up_to_symmetry=False, threads=None)``, ``solutions()``."""

    def __init__(self, board, pieces):
        parts = []
        for name, piece in pieces.items():
            if not isinstance(piece, Piece):
                piece = Piece(piece)
            low, high = piece._range()
            parts.append((str(name), piece.cells, piece.rotate, piece.reflect, low, high))
        self._inner = _dancer.Tiling(board.cells, parts)

    @classmethod
    def from_text(cls, text):
        """The tiling of a ``dlx tile`` file's text (docs/tiling.md)."""
        tiling = cls.__new__(cls)
        tiling._inner = _dancer.Tiling.from_text(text)
        return tiling

    def count(self, up_to_symmetry=False, threads=None):
        """The number of solutions (a Python int), or of classes of solutions that the
        board's symmetries turn into each other. Up to symmetry, a piece used exactly once
        is fixed to one placement of each class; ValueError says why when none can be."""
        return self._inner.count(up_to_symmetry, threads)[0]

    def symmetries(self):
        """The order of the group of the tiling's symmetries."""
        return self._inner.symmetry_count()

    def solutions(self, up_to_symmetry=False, limit=None):
        """The solutions (one per class up to symmetry), at most ``limit``."""
        for placements in self._inner.solutions(up_to_symmetry, limit):
            yield Solution(self, placements)

    def problem(self):
        """The exact-cover problem of the tiling, as a ``dancer.Problem``."""
        return Problem(None, _inner=self._inner.problem())
