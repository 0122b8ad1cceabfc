"""Explorer movement (docs/rules.md section 3.3) as a graph search on bit masks.

A set of cells is an ``int`` with bit ``cell`` set. A moving pawn enters cells
orthogonally, one at a time:

* a cell with a blocking pawn (an opponent's, or an Otoma pawn) is never entered;
* a cell with one of the mover's own pawns is passed through, never ended on;
* a cell with a crop and no pawn may be ended on or passed through;
* any other cell (empty, or terrain without crop) ends the move.

The start cell counts as holding no pawn once left, and the move may not end
there. Paths may revisit cells, so the end cells are a flood fill: first the
cells the pawn can pass through, then every cell entered from them. The co-op
variant (:func:`coop_move_ends`, :func:`coop_enter_ends`) forbids passing a
cell twice and stopping on a crop, and may force the first step.

These are plain functions of bit masks, with no game state: the hot path of
every game and every search, compiled by mypyc where a compiler is at hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Final

from pachaprint.model.board import Board


class Direction(IntEnum):
    """A board direction. North points to row 1 (where the orientation llama looks)."""

    N = 0
    E = 1
    S = 2
    W = 3

    @property
    def step(self) -> tuple[int, int]:
        """``(column change, row change)`` of one step."""
        return _STEPS[self]

    @property
    def opposite(self) -> Direction:
        return Direction((self + 2) % 4)

    @property
    def word(self) -> str:
        """``north``, ``east``, ``south`` or ``west``."""
        return ("north", "east", "south", "west")[self]


_STEPS: Final = ((0, -1), (1, 0), (0, 1), (-1, 0))


@dataclass(frozen=True, eq=False)
class Geometry:
    """The bit-mask tables of one board (made once per game, :meth:`of`)."""

    board: Board
    width: int
    height: int
    all: int
    edge: int
    not_first_column: int
    not_last_column: int
    near8: tuple[int, ...]
    """Per cell: the mask of the cells touching it, diagonals included."""
    within2: tuple[int, ...]
    """Per cell: the mask of the cells at most two columns and two rows away, itself included."""

    @classmethod
    def of(cls, board: Board) -> Geometry:
        w, h = board.width, board.height
        first = sum(1 << board.cell(0, r) for r in range(h))
        last = sum(1 << board.cell(w - 1, r) for r in range(h))
        full = (1 << (w * h)) - 1
        within2 = tuple(
            sum(
                1 << board.cell(x, y)
                for x in range(board.column(c) - 2, board.column(c) + 3)
                for y in range(board.row(c) - 2, board.row(c) + 3)
                if board.contains(x, y)
            )
            for c in board.cells
        )
        return cls(
            board,
            w,
            h,
            all=full,
            edge=sum(1 << c for c in board.edge_cells),
            not_first_column=full & ~first,
            not_last_column=full & ~last,
            near8=tuple(sum(1 << n for n in board.neighbours8[c]) for c in board.cells),
            within2=within2,
        )

    def spread(self, mask: int) -> int:
        """The cells orthogonally next to any cell of ``mask``."""
        w = self.width
        return (
            ((mask << 1) & self.not_first_column)
            | ((mask >> 1) & self.not_last_column)
            | (mask << w)
            | (mask >> w)
        ) & self.all


_CHUNK: Final = 12
_CHUNK_MASK: Final = (1 << _CHUNK) - 1


def _table(offset: int) -> tuple[tuple[int, ...], ...]:
    rows: list[tuple[int, ...]] = [()]
    for value in range(1, 1 << _CHUNK):
        low = (value & -value).bit_length() - 1
        rows.append((offset + low,) + rows[value & (value - 1)])
    return tuple(rows)


_T0: Final = _table(0)
_T1: Final = _table(_CHUNK)
_T2: Final = _table(2 * _CHUNK)
_T3: Final = _table(3 * _CHUNK)
_FAST_LIMIT: Final = 1 << (4 * _CHUNK)
_CHUNK2: Final = 2 * _CHUNK
_CHUNK3: Final = 3 * _CHUNK


def cells_of(mask: int) -> tuple[int, ...]:
    """The cells of a mask, ascending (table lookups, 12 bits at a time)."""
    if mask <= _CHUNK_MASK:
        return _T0[mask]
    if mask < _FAST_LIMIT:
        return (
            _T0[mask & _CHUNK_MASK]
            + _T1[mask >> _CHUNK & _CHUNK_MASK]
            + _T2[mask >> _CHUNK2 & _CHUNK_MASK]
            + _T3[mask >> _CHUNK3]
        )
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)


_COUNTS: Final = tuple(bin(value).count("1") for value in range(1 << _CHUNK))


def cell_count(mask: int) -> int:
    """How many cells a mask holds (``mask.bit_count()``, which compiled code can only
    call as a method: table lookups, 12 bits at a time, are several times cheaper)."""
    count = 0
    while mask:
        count += _COUNTS[mask & _CHUNK_MASK]
        mask >>= _CHUNK
    return count


def nth_cell(mask: int, index: int) -> int:
    """The ``index``-th cell (0-based, ascending) of a mask."""
    for _ in range(index):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


def player_move_ends(geo: Geometry, own: int, pawns: int, crops: int) -> list[tuple[int, int]]:
    """``(pawns mask, end mask)`` groups covering every pawn of a side.

    All pawns of a side share one passable set ``P`` (crops without pawn, plus
    own pawns). The pawn on ``s`` ends on the pawn-free cells next to the
    component of ``P`` holding ``s``: from ``s`` it enters its neighbours, and
    it continues exactly through the cells of that component. (When ``s`` has
    no crop, ``s`` itself is not passable for this pawn, but everything reached
    through it is also a neighbour of ``s``; and ``s`` is never an end.) So the
    pawns of one component share their end cells.
    """
    passable = (crops & ~pawns) | own
    free = geo.all & ~pawns
    out = []
    left = own
    while left:
        done = flood(geo, left & -left, passable)
        group = done & own
        out.append((group, geo.spread(done) & free))
        left &= ~group
    return out


def flood(geo: Geometry, start: int, passable: int) -> int:
    """The cells of ``start`` and every ``passable`` cell joined to them orthogonally through
    ``passable`` cells: where a pawn may go on from (the walk of every move)."""
    done = frontier = start
    while frontier:
        frontier = geo.spread(frontier) & passable & ~done
        done |= frontier
    return done


def flood_ends(geo: Geometry, seeds: int, passable: int, enterable: int, endable: int) -> int:
    """End cells of a move whose first entered cells are ``seeds``.

    ``passable`` cells let the pawn continue; every entered cell is in
    ``enterable``; the move may end on entered cells of ``endable``.
    """
    through = flood(geo, seeds & passable, passable)
    return (seeds | (geo.spread(through) & enterable)) & endable


def enter_ends(geo: Geometry, own: int, pawns: int, crops: int, entries: int | None = None) -> int:
    """End cells for a pawn entering from supply.

    It enters any edge cell without a blocking pawn (or only those in
    ``entries``), which is the first cell entered; from there it moves as
    usual through crops without pawn and its own pawns.
    """
    seeds = geo.edge & ~(pawns & ~own)
    if entries is not None:
        seeds &= entries
    return flood_ends(geo, seeds, (crops & ~pawns) | own, geo.all, geo.all & ~pawns)


def coop_move_ends(
    geo: Geometry, start: int, direction: Direction | None, own: int, pawns: int, crops: int
) -> int:
    """End cells of a co-op move of the pawn on ``start``.

    The first step goes one cell in ``direction`` (any direction when ``None``); then the pawn moves as usual, never passing a cell
    twice (so never back through ``start``) and never stopping on a crop.
    """
    bit = 1 << start
    enterable = geo.all & ~(pawns & ~own)
    passable = ((crops & ~pawns) | own) & ~bit
    endable = geo.all & ~pawns & ~crops
    if direction is None:
        seeds = geo.spread(bit) & enterable
    else:
        column, row = start % geo.width, start // geo.width
        dc, dr = _STEPS[direction]
        if not (0 <= column + dc < geo.width and 0 <= row + dr < geo.height):
            return 0
        seeds = (1 << (start + dr * geo.width + dc)) & enterable
    if not seeds:
        return 0
    return flood_ends(geo, seeds, passable, enterable, endable)


def coop_enter_ends(geo: Geometry, own: int, pawns: int, crops: int) -> int:
    """End cells of a pawn entering from supply in co-op: as usual, but never on a crop."""
    return enter_ends(geo, own, pawns, crops) & ~crops
