"""Where the Otoma pawns go (docs/rules.md section 4.3): straight lines and the trails.

An Otoma pawn moves in a straight line over every cell that holds a terrain
tile, whatever else is on it, and stops on the first cell without terrain.
When it would leave the board it follows the **trail** printed around the
board edge to the trail's other end and re-enters the board there, moving
inward; the re-entry cell is entered like any other. The trails are data in
the board template (``templates/board.json``, key ``trails``): pairs of
*edge ends* such as ``top-c`` (where a pawn leaving ``c1`` upwards goes off
the board) or ``right-1`` (leaving ``i1`` to the right). The renderer draws
the same pairs.

:class:`Trails` turns the template into a step table from (cell, direction)
to (next cell, new direction); :func:`otoma_path` follows a pawn until it
stops, or reports that it cannot (no cell without terrain on its line), and
:func:`otoma_stop` gives only the stop cell, fast, for bots that weigh moves;
:func:`reaction_stops` the stops of a whole co-op reaction.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

from pachaprint.engine.rules.movement import Direction
from pachaprint.model.board import COLUMN_LETTERS, Board
from pachaprint.resources import load_template

# Enum members read in hot code, bound once: a compiled module reads a Final
# constant directly, where ``Phase.TURN`` costs a lookup through the enum's class.
_DIR_E: Final = Direction.E
_DIR_N: Final = Direction.N
_DIR_S: Final = Direction.S
_DIR_W: Final = Direction.W

BOARD_TEMPLATE = "board.json"

SIDE_DIRECTION = {
    "top": _DIR_N,
    "right": _DIR_E,
    "bottom": _DIR_S,
    "left": _DIR_W,
}
"""The direction of a pawn that leaves the board across each side."""


def edge_end(board: Board, cell: int, direction: Direction) -> str | None:
    """The edge end a pawn crosses when it leaves ``cell`` in ``direction``, or ``None`` if it stays on the board."""
    column, row = board.column(cell), board.row(cell)
    dc, dr = direction.step
    if board.contains(column + dc, row + dr):
        return None
    if direction is _DIR_N:
        return f"top-{COLUMN_LETTERS[column]}"
    if direction is _DIR_S:
        return f"bottom-{COLUMN_LETTERS[column]}"
    if direction is _DIR_E:
        return f"right-{row + 1}"
    return f"left-{row + 1}"


def end_cell(board: Board, end: str) -> tuple[int, Direction]:
    """The board cell at an edge end and the inward direction of a pawn entering there.

    ``ValueError`` for a name that is not an edge end of this board.
    """
    side, _, line = end.partition("-")
    if side not in SIDE_DIRECTION:
        raise ValueError(f"{end!r} is not an edge end (top-, bottom-, left- or right-)")
    inward = SIDE_DIRECTION[side].opposite
    if side in ("top", "bottom"):
        if len(line) != 1 or line not in COLUMN_LETTERS[: board.width]:
            raise ValueError(f"{end!r}: no column {line!r} on the {board.size} board")
        column = COLUMN_LETTERS.index(line)
        return board.cell(column, 0 if side == "top" else board.height - 1), inward
    if not line.isdecimal() or not 1 <= int(line) <= board.height:
        raise ValueError(f"{end!r}: no row {line!r} on the board")
    row = int(line) - 1
    return board.cell(0 if side == "left" else board.width - 1, row), inward


def all_edge_ends(board: Board) -> list[str]:
    """Every edge end of a board: 2 per column and 2 per row (28 on the long board)."""
    columns = COLUMN_LETTERS[: board.width]
    rows = [str(r + 1) for r in range(board.height)]
    return (
        [f"top-{c}" for c in columns]
        + [f"right-{r}" for r in rows]
        + [f"bottom-{c}" for c in columns]
        + [f"left-{r}" for r in rows]
    )


Step = tuple[int, Direction, tuple[str, str] | None]
"""One step of an Otoma pawn: the cell entered, the new heading, the trail followed (if any)."""


@dataclass(frozen=True)
class Trails:
    """The trails of one board: each edge end paired with exactly one other."""

    board: Board
    pairs: tuple[tuple[str, str], ...]
    partner: dict[str, str]
    """Edge end -> the other end of its trail."""
    steps: tuple[Step, ...] = field(repr=False, default=())
    """Index ``4 * cell + direction`` -> the :data:`Step` a pawn there takes."""

    @classmethod
    def from_pairs(
        cls, board: Board, pairs: Sequence[Sequence[str]], where: str = "trails"
    ) -> Trails:
        """Trails from pairs of edge ends; ``ValueError`` unless every edge end is used exactly once."""
        partner: dict[str, str] = {}
        for index, pair in enumerate(pairs):
            if len(pair) != 2:
                raise ValueError(f"{where}[{index}]: a trail joins exactly two edge ends")
            for end in pair:
                end_cell(board, end)  # validates the name on this board
                if end in partner:
                    raise ValueError(f"{where}[{index}]: edge end {end} is on two trails")
            a, b = pair
            if a == b:
                raise ValueError(f"{where}[{index}]: a trail must join two different edge ends")
            partner[a], partner[b] = b, a
        missing = [end for end in all_edge_ends(board) if end not in partner]
        if missing:
            raise ValueError(f"{where}: edge ends without a trail: {', '.join(missing)}")
        steps: list[Step] = []
        for cell in board.cells:
            for heading in Direction:
                left = edge_end(board, cell, heading)
                if left is None:
                    dc, dr = heading.step
                    steps.append(
                        (board.cell(board.column(cell) + dc, board.row(cell) + dr), heading, None)
                    )
                else:
                    cell_in, inward = end_cell(board, partner[left])
                    steps.append((cell_in, inward, (left, partner[left])))
        pairs_out = tuple((a, b) for a, b in pairs)
        return cls(board, pairs_out, partner, tuple(steps))

    @classmethod
    def of(cls, board: Board) -> Trails:
        """The trails of the board template on ``board`` (solo and co-op use the long board)."""
        pairs = load_template(BOARD_TEMPLATE)["trails"]
        return cls.from_pairs(board, [tuple(p) for p in pairs], where=f"{BOARD_TEMPLATE}: trails")


@dataclass(frozen=True)
class OtomaPath:
    """One Otoma move: every cell entered in order, the trails followed, and where it stopped."""

    start: int
    direction: Direction
    cells: tuple[int, ...]
    """Cells entered, in order; the last is the stop cell. Empty when the pawn does not move."""
    trails: tuple[tuple[int, str, str], ...]
    """Trails followed, in order, as (index in ``cells`` of the re-entry cell, end left, end entered)."""
    final_direction: Direction

    @property
    def stop(self) -> int | None:
        """The cell without terrain where the pawn stops; ``None`` if it does not move."""
        return self.cells[-1] if self.cells else None

    def describe(self, board: Board) -> str:
        """Readable path: ``"north from c3: c2, c1, trail top-c to top-d, d1 (stops)"``."""
        if not self.cells:
            return f"{self.direction.word} from {board.name(self.start)}: no cell without terrain on its way, it stays"
        words = []
        via = {index: (left, entered) for index, left, entered in self.trails}
        for index, cell in enumerate(self.cells):
            if index in via:
                words.append(f"trail {via[index][0]} to {via[index][1]}")
            words.append(board.name(cell))
        return f"{self.direction.word} from {board.name(self.start)}: {', '.join(words)} (stops)"


def otoma_stop(trails: Trails, start: int, direction: Direction, revealed: int) -> int | None:
    """The cell where an Otoma pawn from ``start`` heading ``direction`` stops, or ``None``.

    ``revealed`` is the mask of cells holding a terrain tile. The pawn does not
    move when every cell has terrain or its line never meets a cell without
    terrain (the walk is deterministic, so after visiting every (cell,
    heading) state once it would only repeat itself).
    """
    return _walk(trails, start, direction, revealed, None)


def otoma_path(trails: Trails, start: int, direction: Direction, revealed: int) -> OtomaPath:
    """Follow an Otoma pawn from ``start`` in ``direction`` until the first cell without terrain
    (see :func:`otoma_stop`); the whole path, for the game and for people to read."""
    path: list[Step] = []
    if _walk(trails, start, direction, revealed, path) is None:
        return OtomaPath(start, direction, (), (), direction)
    used = tuple((i, *via) for i, (_, _, via) in enumerate(path) if via is not None)
    return OtomaPath(start, direction, tuple(c for c, _, _ in path), used, path[-1][1])


def _walk(
    trails: Trails, start: int, direction: Direction, revealed: int, path: list[Step] | None
) -> int | None:
    """The walk of an Otoma pawn (see :func:`otoma_stop`): its stop, or ``None``; every
    step taken is appended to ``path`` when one is given."""
    steps = trails.steps
    if revealed == (1 << (len(steps) >> 2)) - 1:
        return None
    cell, heading = start, int(direction)
    for _ in range(len(steps)):
        step = steps[4 * cell + heading]
        if path is not None:
            path.append(step)
        cell, heading = step[0], step[1]
        if not revealed >> cell & 1:
            return cell
    return None


def reaction_order(
    board: Board, moved: int, otoma_pawns: Sequence[int]
) -> list[tuple[int, Direction]]:
    """Co-op reaction: the Otoma pawns in the moved pawn's row or column, each with the
    direction away from it, nearest first; equidistant ones row before column, then
    reading order (docs/rules.md, ruling R22)."""
    width = board.width
    column, row = moved % width, moved // width
    found = []
    for pawn, cell in enumerate(otoma_pawns):
        c, r = cell % width, cell // width
        if r == row and c != column:
            found.append((abs(c - column), 0, cell, pawn, _DIR_E if c > column else _DIR_W))
        elif c == column and r != row:
            found.append((abs(r - row), 1, cell, pawn, _DIR_S if r > row else _DIR_N))
    found.sort()
    return [(pawn, direction) for _, _, _, pawn, direction in found]


def reaction_stops(trails: Trails, moved: int, pawns: Sequence[int], revealed: int) -> list[int]:
    """Co-op: where the Otoma pawns that an Explore ending on ``moved`` sends away stop, in
    the order they move (:func:`reaction_order`); a pawn that finds no cell without
    terrain is left out, and each stop holds terrain before the next pawn moves."""
    cells = list(pawns)
    stops = []
    for pawn, direction in reaction_order(trails.board, moved, cells):
        stop = otoma_stop(trails, cells[pawn], direction, revealed)
        if stop is not None:
            stops.append(stop)
            revealed |= 1 << stop
            cells[pawn] = stop
    return stops
