"""The vocabulary of a game in progress: decisions, points, events and how a game ended.

One enum each, for every mode: :class:`Phase` (which decision the seat to act
faces), :class:`Source` (where points came from), :class:`EventKind` (what
happened, for people reading a game) and :class:`Ending` (how a game ended,
inside :class:`Outcome`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, IntEnum
from typing import NamedTuple


class Phase(IntEnum):
    """Which decision the current seat faces."""

    TURN = 0
    """Start of a turn: Explore (enter, move, retrieve) or Divine."""
    DIVINING = 1
    """After a divination: divine again with another pawn (or pass, except in solo)."""
    OFFER = 2
    """After an Explore or a Divine turn without a stopping mistake: offer tokens, or pass."""
    END_DIVINE = 3
    """Competitive end phase: exactly one divination, or pass (final)."""
    FINAL_OFFER = 4
    """After the end: one last offer (each player; the group in co-op), or pass."""
    OVER = 5
    CHOOSE_OTOMA = 6
    """Hard solo, own-colour arrow: choose the Otoma pawn that moves in the arrow's direction."""
    SPEND = 7
    """Co-op, start of a turn: spend the top tile of one of your stacks."""
    PLACE_OTOMA = 8
    """Before the first turn, on a disc that names no Otoma start cells: place an Otoma
    pawn on a start cell (the players choose where, and in which order)."""
    GIVE_TILE = 9
    """Co-op, after a group discovery with no spent tile of its terrain: the hand that
    gives the tile (the group agrees on it)."""


class Source(IntEnum):
    """Where points came from; the five add up to the score (co-op Otoma: plus the empty cells)."""

    DISCOVERY = 0
    DIVINATION = 1
    """Right divinations; for the Otoma, the crops they find."""
    DIVINATION_LOST = 2
    """Negative: the true levels of wrong divinations."""
    CLAMPED = 3
    """Positive: what the floor at 0 gave back of those losses."""
    OFFERING = 4


SOURCE_NAMES = tuple(s.name.lower() for s in Source)


class EventKind(str, Enum):
    """What happened. The value is the word game logs and tests use."""

    ENTER = "enter"
    MOVE = "move"
    RETRIEVE = "retrieve"
    DISCOVER = "discover"
    DIVINE = "divine"
    WRONG = "wrong"
    OFFER = "offer"
    PASS = "pass"
    SKIP = "skip"
    END_PHASE = "end-phase"
    OVER = "over"
    OTOMA_SETUP = "otoma-setup"
    OTOMA_MOVE = "otoma-move"
    OTOMA_STAYS = "otoma-stays"
    OTOMA_CROP = "otoma-crop"
    OTOMA_EMPTY = "otoma-empty"
    OWN_ARROW = "own-arrow"
    SPEND = "spend"
    NO_TILE = "no-tile"
    BLOCKED = "blocked"
    """Solo: no tile can be discovered any more; the game moves to its end (value: the
    cells left without terrain)."""
    HAND = "hand"
    """Co-op: the group took the tile of a discovery from a seat's hand (who: that seat,
    value: the terrain)."""


class Event(NamedTuple):
    """Something that happened, for people reading a game (see ``GameState.events``)."""

    what: EventKind
    who: int
    """The seat that acted, or the account that scored (discover, divine, wrong, offer and the
    Otoma's events); -1 for none."""
    cell: int = -1
    value: int = 0
    """Terrain index (discover), true level (divine, wrong, otoma-crop), token mask (offer),
    start cell (move), Otoma pawn (otoma-setup, -move, -stays), direction (own-arrow),
    terrain (spend, hand), cells without terrain (otoma-empty)."""
    points: int = 0


class Ending(str, Enum):
    """How a game ended."""

    FINISHED = "finished"
    """The rules' end: the last tile and the end phase, the last tile (solo), empty hands (co-op)."""
    SHUT_OUT = "shut-out"
    """Solo: no Explore could ever reveal a tile again, so the player divined what was left
    and the game ended (docs/rules.md, ruling R13; the game counts)."""
    STALLED = "stalled"
    """No seat could act in a whole round: the game cannot go on."""
    TURN_LIMIT = "turn-limit"
    """A simulation stopped it after its turn limit."""
    ERROR = "error"
    """A simulation stopped it on an exception (a bot or engine bug)."""

    @property
    def completed(self) -> bool:
        """True for the endings a simulation counts as a game played to its end."""
        return self is Ending.FINISHED or self is Ending.SHUT_OUT


@dataclass(frozen=True)
class Outcome:
    """The result of a game that is over."""

    ending: Ending
    scores: tuple[int, ...]
    """Per score account (the players; or the player or group, then the Otoma)."""
    winners: tuple[int, ...]
    """Seats that won (several when a victory is shared or a co-op group wins); none when the Otoma win."""
    returns: tuple[float, ...]
    """Per seat: 1/k for each of k winners, else 0."""
