"""Board geometry: sizes, cell names and neighbourhoods.

A cell is an ``int`` index ``row * width + column`` (both 0-based). Names follow
the game: column letter then row number, ``a1`` top left, ``c3`` = column c,
row 3. A :class:`Board` holds the precomputed neighbour tables every other
layer uses, so each size exists once (:func:`board_for`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache

ROWS = 5
COLUMN_LETTERS = "abcdefghi"
SIZES = {"tiny": 5, "long": 9}
"""Scenario size -> number of columns (every board has 5 rows)."""

CELL_NAME = re.compile(r"^[a-i][1-5]$")


@dataclass(frozen=True, slots=True)
class Board:
    """The grid of one scenario size, with neighbour tables."""

    size: str
    width: int
    height: int = ROWS
    neighbours4: tuple[tuple[int, ...], ...] = field(default=(), repr=False)
    neighbours8: tuple[tuple[int, ...], ...] = field(default=(), repr=False)

    def __reduce__(self) -> tuple[type[Board], tuple[object, ...]]:
        # compiled by mypyc, a frozen slotted class cannot restore its fields one by one
        # (pickle's default): a board goes to the build's worker processes whole
        return (
            Board,
            (self.size, self.width, self.height, self.neighbours4, self.neighbours8),
        )

    @property
    def cell_count(self) -> int:
        return self.width * self.height

    @property
    def cells(self) -> range:
        return range(self.width * self.height)

    def column(self, cell: int) -> int:
        return cell % self.width

    def row(self, cell: int) -> int:
        return cell // self.width

    def cell(self, column: int, row: int) -> int:
        return row * self.width + column

    def contains(self, column: int, row: int) -> bool:
        return 0 <= column < self.width and 0 <= row < self.height

    def name(self, cell: int) -> str:
        """``name(0) == "a1"``."""
        return f"{COLUMN_LETTERS[cell % self.width]}{cell // self.width + 1}"

    def index(self, name: str) -> int:
        """Cell index of a name such as ``"c3"``; ``ValueError`` if off this board."""
        if not CELL_NAME.match(name):
            raise ValueError(f"{name!r} is not a cell name (a1..i5)")
        column = COLUMN_LETTERS.index(name[0])
        row = int(name[1]) - 1
        if column >= self.width:
            raise ValueError(
                f"{name} is off the {self.size} board (columns a-{COLUMN_LETTERS[self.width - 1]})"
            )
        return self.cell(column, row)

    def has(self, name: str) -> bool:
        """True if ``name`` is a cell of this board."""
        return bool(CELL_NAME.match(name)) and COLUMN_LETTERS.index(name[0]) < self.width

    def is_edge(self, cell: int) -> bool:
        column, row = cell % self.width, cell // self.width
        return column in (0, self.width - 1) or row in (0, self.height - 1)

    @property
    def edge_cells(self) -> tuple[int, ...]:
        return tuple(c for c in self.cells if self.is_edge(c))

    def names(self, cells: Iterable[int]) -> list[str]:
        """Names of ``cells`` in reading order (row, then column)."""
        return [self.name(c) for c in sorted(cells)]


def _neighbours(width: int, height: int, diagonal: bool) -> tuple[tuple[int, ...], ...]:
    steps = [(1, 0), (-1, 0), (0, 1), (0, -1)]
    if diagonal:
        steps += [(1, 1), (1, -1), (-1, 1), (-1, -1)]
    table = []
    for row in range(height):
        for column in range(width):
            near = sorted(
                (row + dr) * width + column + dc
                for dc, dr in steps
                if 0 <= column + dc < width and 0 <= row + dr < height
            )
            table.append(tuple(near))
    return tuple(table)


@cache
def board_for(size: str) -> Board:
    """The shared :class:`Board` for ``"tiny"`` or ``"long"``."""
    if size not in SIZES:
        raise ValueError(f"unknown size {size!r} (tiny or long)")
    width = SIZES[size]
    return Board(
        size=size,
        width=width,
        neighbours4=_neighbours(width, ROWS, diagonal=False),
        neighbours8=_neighbours(width, ROWS, diagonal=True),
    )


def join_names(names: Iterable[str]) -> str:
    """``["a1", "b2", "c3"]`` -> ``"a1, b2 and c3"`` for messages."""
    items = list(names)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]
