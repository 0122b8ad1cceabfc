"""How the Otoma pawns move (RULES.md section 4): straight lines and the trails.

An Otoma pawn moves in a straight line over every cell that holds a terrain
tile, whatever else is on it, and stops on the first cell without terrain.
When it would leave the board it follows the **trail** printed around the
board edge to the trail's other end and re-enters the board there, moving
inward; the re-entry cell is entered like any other. The trails are data in
the board template (``templates/board.json``, key ``trails``): pairs of
*edge ends* such as ``top-c`` (where a pawn leaving ``c1`` upwards goes off
the board) or ``right-1`` (leaving ``i1`` to the right). The renderer draws
the same pairs.

:class:`Trails` turns the template into a table from (last cell, direction)
to (re-entry cell, new direction); :func:`otoma_path` follows a pawn until it
stops, or reports that it cannot (no cell without terrain on its line).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from pachaprint.engine.tiles import Direction
from pachaprint.model.board import COLUMN_LETTERS, Board
from pachaprint.resources import load_template

BOARD_TEMPLATE = "board.json"

SIDE_DIRECTION = {
    "top": Direction.N,
    "right": Direction.E,
    "bottom": Direction.S,
    "left": Direction.W,
}
"""The direction of a pawn that leaves the board across each side."""


def edge_end(board: Board, cell: int, direction: Direction) -> str | None:
    """The edge end a pawn crosses when it leaves ``cell`` in ``direction``, or ``None`` if it stays on the board."""
    column, row = board.column(cell), board.row(cell)
    dc, dr = direction.step
    if board.contains(column + dc, row + dr):
        return None
    if direction is Direction.N:
        return f"top-{COLUMN_LETTERS[column]}"
    if direction is Direction.S:
        return f"bottom-{COLUMN_LETTERS[column]}"
    if direction is Direction.E:
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
    if not line.isdigit() or not 1 <= int(line) <= board.height:
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


@dataclass(frozen=True)
class Trails:
    """The trails of one board: each edge end paired with exactly one other."""

    board: Board
    pairs: tuple[tuple[str, str], ...]
    partner: dict[str, str]
    """Edge end -> the other end of its trail."""

    @classmethod
    def from_pairs(cls, board: Board, pairs, where: str = "trails") -> Trails:
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
        return cls(board, tuple((a, b) for a, b in pairs), partner)

    def exit(self, cell: int, direction: Direction) -> tuple[str, str, int, Direction] | None:
        """Leaving ``cell`` in ``direction`` off the board: ``(end left, end entered, re-entry cell, inward direction)``.

        ``None`` when the step stays on the board.
        """
        left = edge_end(self.board, cell, direction)
        if left is None:
            return None
        other = self.partner[left]
        cell_in, inward = end_cell(self.board, other)
        return left, other, cell_in, inward


@cache
def trails_for(board: Board) -> Trails:
    """The trails of the board template for this board (solo and co-op use the long board)."""
    pairs = load_template(BOARD_TEMPLATE)["trails"]
    return Trails.from_pairs(board, [tuple(p) for p in pairs], where=f"{BOARD_TEMPLATE}: trails")


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


def otoma_path(trails: Trails, start: int, direction: Direction, revealed: int) -> OtomaPath:
    """Follow an Otoma pawn from ``start`` in ``direction`` until the first cell without terrain.

    ``revealed`` is the mask of cells holding a terrain tile. If every cell has
    terrain, or the pawn's line comes back to a cell and direction it already
    had without meeting a cell without terrain, it does not move.
    """
    board = trails.board
    full = (1 << board.cell_count) - 1
    if revealed & full == full:
        return OtomaPath(start, direction, (), (), direction)
    cell, heading = start, direction
    cells: list[int] = []
    used: list[tuple[int, str, str]] = []
    seen: set[tuple[int, Direction]] = set()
    while True:
        column, row = board.column(cell), board.row(cell)
        dc, dr = heading.step
        if board.contains(column + dc, row + dr):
            cell = board.cell(column + dc, row + dr)
        else:
            left, entered, cell, heading = trails.exit(cell, heading)  # type: ignore[misc]
            used.append((len(cells), left, entered))
        cells.append(cell)
        if not revealed >> cell & 1:
            return OtomaPath(start, direction, tuple(cells), tuple(used), heading)
        if (cell, heading) in seen:
            return OtomaPath(start, direction, (), (), direction)
        seen.add((cell, heading))


def line_cells(board: Board, cell: int) -> tuple[list[int], list[int]]:
    """The other cells of ``cell``'s row and of its column."""
    column, row = board.column(cell), board.row(cell)
    same_row = [board.cell(c, row) for c in range(board.width) if c != column]
    same_column = [board.cell(column, r) for r in range(board.height) if r != row]
    return same_row, same_column


# -- the Otoma side of a game ---------------------------------------------------------

OTOMA_KIND = 6
"""Action kind (above :class:`~pachaprint.engine.actions.Kind`): the hard solo choice of
the Otoma pawn to move, ``OTOMA_KIND << 12 | pawn index``."""


def choose_otoma(pawn: int) -> int:
    """The action code "move Otoma pawn number ``pawn``" (hard solo, own-colour arrow)."""
    return OTOMA_KIND << 12 | pawn


@dataclass(frozen=True)
class OtomaMove:
    """What one Otoma pawn did: its path, what it discovered and what the Otoma scored."""

    pawn: int
    colour: str
    path: OtomaPath
    terrain: int = -1
    """Terrain index discovered, -1 when the pawn did not move."""
    crop: int = 0
    points: int = 0
    """Diversity plus crop points scored by the Otoma."""
    token: bool = False
    """True when the Otoma took an offering token (co-op only)."""


class OtomaPeople:
    """Mixin for a :class:`~pachaprint.engine.state.GameState` that has Otoma pawns.

    The host sets ``otoma_side`` (pawn side index), ``otoma_account`` (index into
    ``score``, ``stones``, ``points`` and ``tokens``), ``otoma_colours`` and
    ``otoma_takes_tokens`` before calling :meth:`_place_otoma`. Otoma pawns are
    pawns of their own side, so explorers can neither enter nor cross them.
    """

    otoma_side: int
    otoma_account: int
    otoma_colours: tuple[str, ...]
    otoma_takes_tokens: bool = False

    def _place_otoma(self, cells) -> None:
        """Set up the Otoma pawns on start cells in order, scoring crop level and diversity for each."""
        from pachaprint.engine.state import Source

        state = self  # type: ignore[assignment]
        self.otoma_pawns: list[int] = []
        self.otoma_moves: list[OtomaMove] = []
        self.trails = trails_for(state.board)
        acc = self.otoma_account
        for index, cell in enumerate(cells):
            state._place(self.otoma_side, cell)
            self.otoma_pawns.append(cell)
            before = state.score[acc]
            state._discover(acc, cell)
            level = state.crop[cell]
            state.score[acc] += level
            state.points[acc][Source.DIVINATION] += level
            state._note("otoma-setup", acc, cell, index, state.score[acc] - before)

    def otoma_pawn_at(self, cell: int) -> int:
        """Index of the Otoma pawn on ``cell``, -1 if none."""
        try:
            return self.otoma_pawns.index(cell)
        except ValueError:
            return -1

    def otoma_preview(self, pawn: int, direction: Direction) -> OtomaPath:
        """Where an Otoma pawn would go, without moving it."""
        return otoma_path(self.trails, self.otoma_pawns[pawn], direction, self.revealed)  # type: ignore[attr-defined]

    def _move_otoma(self, pawn: int, direction: Direction) -> OtomaMove:
        """Move an Otoma pawn in a straight line; on stopping it discovers terrain and crop and scores."""
        from pachaprint.engine.state import Source

        state = self  # type: ignore[assignment]
        acc = self.otoma_account
        path = self.otoma_preview(pawn, direction)
        stop = path.stop
        colour = self.otoma_colours[pawn]
        if stop is None:
            move = OtomaMove(pawn, colour, path)
            state._note("otoma-stays", acc, self.otoma_pawns[pawn], pawn)
            self.otoma_moves.append(move)
            return move
        state._lift(self.otoma_side, self.otoma_pawns[pawn])
        state._place(self.otoma_side, stop)
        self.otoma_pawns[pawn] = stop
        state._note("otoma-move", acc, stop, pawn)
        before = state.score[acc]
        self._otoma_reveal(stop)
        level = state._oracle.divine(stop)
        state.crop[stop] = level
        state.crop_mask |= 1 << stop
        state.score[acc] += level
        state.points[acc][Source.DIVINATION] += level
        token = False
        if self.otoma_takes_tokens and not state.tokens[acc] >> (level - 1) & 1:
            state.tokens[acc] |= 1 << (level - 1)
            token = True
        points = state.score[acc] - before
        state._note("otoma-crop", acc, stop, level, level)
        move = OtomaMove(pawn, colour, path, state.terrain[stop], level, points, token)
        self.otoma_moves.append(move)
        return move

    def _otoma_reveal(self, cell: int) -> None:
        """Discover the terrain under a stopped Otoma pawn and score Otoma diversity (a mode may override)."""
        self._discover(self.otoma_account, cell)  # type: ignore[attr-defined]


def reaction_order(board: Board, moved: int, otoma_pawns) -> list[tuple[int, Direction]]:
    """Co-op reaction: the Otoma pawns in the moved pawn's row or column, each with the
    direction away from it, nearest first; equidistant ones row before column, then
    reading order (RULES.md section 5 rulings)."""
    column, row = board.column(moved), board.row(moved)
    found = []
    for pawn, cell in enumerate(otoma_pawns):
        c, r = board.column(cell), board.row(cell)
        if r == row and c != column:
            found.append(
                (abs(c - column), 0, cell, pawn, Direction.E if c > column else Direction.W)
            )
        elif c == column and r != row:
            found.append((abs(r - row), 1, cell, pawn, Direction.S if r > row else Direction.N))
    found.sort()
    return [(pawn, direction) for _, _, _, pawn, direction in found]
