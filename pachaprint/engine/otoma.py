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

from pachaprint.engine.movement import Direction
from pachaprint.engine.trails import (  # noqa: F401  (re-exported while callers move)
    OtomaPath,
    Trails,
    all_edge_ends,
    end_cell,
    otoma_path,
    reaction_order,
    trails_for,
)

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
