"""The Otoma side of a solo or co-op game (docs/rules.md sections 4 and 5).

:class:`Otoma` holds the Otoma pawns (a pawn side of their own, so explorers
can neither enter nor cross them) and plays them on a
:class:`~pachaprint.engine.rules.state.GameState` through its public table
operations (:class:`Table`) (place, lift, discover, reveal a crop, score): setup on the Otoma
start cells, and the straight-line moves of :mod:`pachaprint.engine.rules.trails`
that end in a discovery.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Protocol

from pachaprint.engine.rules.config import Seating
from pachaprint.engine.rules.events import EventKind, Source
from pachaprint.engine.rules.movement import Direction
from pachaprint.engine.rules.trails import OtomaPath, Trails, otoma_path, otoma_stop
from pachaprint.model.board import Board

# Enum members read in hot code, bound once: a compiled module reads a Final
# constant directly, where ``Phase.TURN`` costs a lookup through the enum's class.
_EVENT_OTOMA_CROP: Final = EventKind.OTOMA_CROP
_EVENT_OTOMA_MOVE: Final = EventKind.OTOMA_MOVE
_EVENT_OTOMA_SETUP: Final = EventKind.OTOMA_SETUP
_EVENT_OTOMA_STAYS: Final = EventKind.OTOMA_STAYS
_SOURCE_DIVINATION: Final = Source.DIVINATION


class Table(Protocol):
    """The table operations of a game state that the Otoma use."""

    @property
    def board(self) -> Board: ...

    terrain: list[int]
    crop: list[int]
    score: list[int]
    tokens: list[int]
    revealed: int
    crop_mask: int

    def place(self, side: int, cell: int) -> None: ...
    def lift(self, side: int, cell: int) -> None: ...
    def discover(self, account: int, cell: int) -> None: ...
    def place_crop(self, cell: int) -> int: ...
    def gain(self, account: int, source: Source, points: int) -> None: ...
    def note(
        self, what: EventKind, who: int, cell: int = -1, value: int = 0, points: int = 0
    ) -> None: ...


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


class Otoma:
    """The Otoma pawns of one game: where they stand and what they did.

    ``side`` indexes the state's pawn lists, ``account`` its score lists;
    ``takes_tokens``: co-op Otoma take the offering token of a crop they find.
    """

    def __init__(
        self, side: int, account: int, colours: Sequence[str], trails: Trails, takes_tokens: bool
    ):
        self.side = side
        self.account = account
        self.colours = tuple(colours)
        self.trails = trails
        self.takes_tokens = takes_tokens
        self.pawns: list[int] = []
        """Cell of each Otoma pawn, in setup order (the order of their colours)."""
        self.moves: list[OtomaMove] = []
        self.recording = True
        """Whether :attr:`moves` records each move (a search's lookahead keeps no record:
        see ``Table.keep_no_record``)."""

    @classmethod
    def seated(cls, seating: Seating, trails: Trails, takes_tokens: bool) -> Otoma:
        """The Otoma of a game seated as ``seating`` (their side, account and colours)."""
        return cls(
            seating.otoma_side, seating.otoma_account, seating.otoma_colours, trails, takes_tokens
        )

    def copy(self) -> Otoma:
        twin = Otoma(self.side, self.account, self.colours, self.trails, self.takes_tokens)
        twin.pawns = list(self.pawns)
        twin.moves = list(self.moves)
        twin.recording = self.recording
        return twin

    def setup(self, state: Table, cells: Sequence[int]) -> None:
        """Place a pawn on each start cell, colours in list order, then score each cell's
        crop level and diversity in reading order (row by row, then column), whatever the
        order of the list (docs/rules.md, ruling R9). No cells: the pawns wait to be
        placed one by one (:meth:`place`)."""
        if not cells:
            self.pawns = [-1] * len(self.colours)
            return
        for cell in cells:
            if not state.crop_mask >> cell & 1:
                raise ValueError(f"{state.board.name(cell)} is not a starting crop cell")
        for cell in cells:
            state.place(self.side, cell)
            self.pawns.append(cell)
        for cell in sorted(cells):
            self._score_start(state, self.pawns.index(cell), cell)

    def unplaced(self) -> list[int]:
        """The pawns still waiting to be placed, in pawn order."""
        return [pawn for pawn, cell in enumerate(self.pawns) if cell < 0]

    def place(self, state: Table, pawn: int, cell: int) -> None:
        """Place a pawn that waited on a start cell and score it at once (the players
        place the pawns in the order they choose, so the stones resolve in that order)."""
        if self.pawns[pawn] >= 0:
            raise ValueError(f"Otoma pawn {pawn + 1} is on the board already")
        if not state.crop_mask >> cell & 1 or cell in self.pawns:
            raise ValueError(f"{state.board.name(cell)} is no free starting crop cell")
        state.place(self.side, cell)
        self.pawns[pawn] = cell
        self._score_start(state, pawn, cell)

    def _score_start(self, state: Table, pawn: int, cell: int) -> None:
        """The Otoma score a start cell: its diversity, and its crop level."""
        before = state.score[self.account]
        state.discover(self.account, cell)
        state.gain(self.account, _SOURCE_DIVINATION, state.crop[cell])
        points = state.score[self.account] - before
        state.note(_EVENT_OTOMA_SETUP, self.account, cell, pawn, points)

    def preview(self, state: Table, pawn: int, direction: Direction) -> OtomaPath:
        """Where an Otoma pawn would go, without moving it."""
        return otoma_path(self.trails, self.pawns[pawn], direction, state.revealed)

    def move(self, state: Table, pawn: int, direction: Direction) -> None:
        """Move a pawn in a straight line; on stopping the Otoma discover terrain and crop
        and score. The move is recorded in :attr:`moves` (with :attr:`recording`)."""
        acc = self.account
        path: OtomaPath | None = None
        if self.recording:
            path = self.preview(state, pawn, direction)
            stop = path.stop
        else:  # the same walk, without the path no one will read
            stop = otoma_stop(self.trails, self.pawns[pawn], direction, state.revealed)
        colour = self.colours[pawn]
        if stop is None:
            state.note(_EVENT_OTOMA_STAYS, acc, self.pawns[pawn], pawn)
            if path is not None:
                self.moves.append(OtomaMove(pawn, colour, path))
            return
        state.lift(self.side, self.pawns[pawn])
        state.place(self.side, stop)
        self.pawns[pawn] = stop
        state.note(_EVENT_OTOMA_MOVE, acc, stop, pawn)
        before = state.score[acc]
        state.discover(acc, stop)
        level = state.place_crop(stop)
        state.gain(acc, _SOURCE_DIVINATION, level)
        bit = 1 << (level - 1)
        token = self.takes_tokens and not state.tokens[acc] & bit
        if token:
            state.tokens[acc] |= bit
        state.note(_EVENT_OTOMA_CROP, acc, stop, level, level)
        if path is not None:
            points = state.score[acc] - before
            self.moves.append(
                OtomaMove(pawn, colour, path, state.terrain[stop], level, points, token)
            )
