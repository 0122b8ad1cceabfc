"""Actions of the competitive game, as small integers (OpenSpiel style).

An action is an ``int`` code ``kind << 12 | a << 6 | b`` so that legal-action
lists are cheap to build and bots can pick among them uniformly. :func:`decode`
turns a code into a readable :class:`Action`, :func:`format_action` into the
command text the terminal game and the JSON logs use (``move c3 e3``), and
:func:`parse_action` reads that text back.

Kinds (``a``/``b`` fields):

* ``PASS``: stop divining, decline to offer, pass in the end phase.
* ``ENTER`` (b = end cell): a pawn from supply enters at an edge and ends there.
* ``MOVE`` (a = from, b = end cell).
* ``RETRIEVE`` (a = cell): take a pawn back to supply (the whole Explore).
* ``DIVINE`` (a = cell, b = named level 1-5).
* ``OFFER`` (b = token mask, bit ``level - 1``).
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum
from typing import NamedTuple

from pachaprint.engine.movement import cells_of, nth_cell
from pachaprint.model.board import Board


class Kind(IntEnum):
    """What an action does. Solo and co-op modes may add kinds above these."""

    PASS = 0
    ENTER = 1
    MOVE = 2
    RETRIEVE = 3
    DIVINE = 4
    OFFER = 5


PASS = 0
"""The pass action's code."""

ENTER_BASE = Kind.ENTER << 12
MOVE_BASE = Kind.MOVE << 12
RETRIEVE_BASE = Kind.RETRIEVE << 12
DIVINE_BASE = Kind.DIVINE << 12
OFFER_BASE = Kind.OFFER << 12
"""Codes with empty ``a``/``b`` fields, one per kind (legal-action groups start from these)."""

ANY_LEVEL = 0b111110
"""Bits 1-5: every level a divination may name (also a crop domain with nothing ruled out)."""


def enter(to: int) -> int:
    return ENTER_BASE | to


def move(frm: int, to: int) -> int:
    return MOVE_BASE | frm << 6 | to


def retrieve(cell: int) -> int:
    return RETRIEVE_BASE | cell << 6


def divine(cell: int, level: int) -> int:
    return DIVINE_BASE | cell << 6 | level


def offer(tokens: int) -> int:
    """Offer the tokens in ``tokens`` (bit ``level - 1`` per crop type)."""
    return OFFER_BASE | tokens


def kind_of(code: int) -> int:
    return code >> 12


class Action(NamedTuple):
    """A decoded action. Unused fields are -1 (cells) or 0."""

    kind: Kind
    cell: int = -1
    """The pawn's cell: moved from, retrieved, or divining."""
    to: int = -1
    """End cell of an enter or move."""
    level: int = 0
    """Named level of a divination."""
    tokens: int = 0
    """Offered token mask."""

    @property
    def offered_levels(self) -> list[int]:
        return token_levels(self.tokens)


def token_levels(mask: int) -> list[int]:
    """Crop levels of a token mask, ascending."""
    return [level for level in range(1, 6) if mask >> (level - 1) & 1]


def token_mask(levels) -> int:
    mask = 0
    for level in levels:
        mask |= 1 << (level - 1)
    return mask


def decode(code: int) -> Action:
    """The :class:`Action` of an action code."""
    kind = Kind(code >> 12)
    a = code >> 6 & 63
    b = code & 63
    if kind is Kind.ENTER:
        return Action(kind, to=b)
    if kind is Kind.MOVE:
        return Action(kind, cell=a, to=b)
    if kind is Kind.RETRIEVE:
        return Action(kind, cell=a)
    if kind is Kind.DIVINE:
        return Action(kind, cell=a, level=b)
    if kind is Kind.OFFER:
        return Action(kind, tokens=b)
    return Action(kind)


def format_action(board: Board, code: int) -> str:
    """Command text of an action: ``enter b1``, ``move c3 e3``, ``divine c3 4``, ``offer 1 2 5``, ``pass``."""
    action = decode(code)
    kind = action.kind
    if kind is Kind.ENTER:
        return f"enter {board.name(action.to)}"
    if kind is Kind.MOVE:
        return f"move {board.name(action.cell)} {board.name(action.to)}"
    if kind is Kind.RETRIEVE:
        return f"retrieve {board.name(action.cell)}"
    if kind is Kind.DIVINE:
        return f"divine {board.name(action.cell)} {action.level}"
    if kind is Kind.OFFER:
        return "offer " + " ".join(str(level) for level in action.offered_levels)
    return "pass"


def parse_action(board: Board, text: str) -> int:
    """The code of a command such as ``move c3 e3``; ``ValueError`` with a readable message.

    ``offer`` with no levels is not handled here (it means "all my tokens" and
    needs the player's holding; see :func:`pachaprint.engine.play`).
    """
    words = text.strip().lower().split()
    if not words:
        raise ValueError("empty command")
    verb, args = words[0], words[1:]

    def cell(word: str) -> int:
        if not board.has(word):
            raise ValueError(f"{word!r} is not a cell of this board")
        return board.index(word)

    def count(n: int, usage: str) -> None:
        if len(args) != n:
            raise ValueError(f"usage: {usage}")

    if verb == "pass":
        count(0, "pass")
        return PASS
    if verb == "enter":
        count(1, "enter CELL (the cell where the new pawn ends)")
        return enter(cell(args[0]))
    if verb == "move":
        count(2, "move FROM TO")
        return move(cell(args[0]), cell(args[1]))
    if verb == "retrieve":
        count(1, "retrieve CELL")
        return retrieve(cell(args[0]))
    if verb == "divine":
        count(2, "divine CELL LEVEL")
        if args[1] not in ("1", "2", "3", "4", "5"):
            raise ValueError(f"level {args[1]!r} must be 1 to 5")
        return divine(cell(args[0]), int(args[1]))
    if verb == "offer":
        if not args:
            raise ValueError("usage: offer LEVEL... (the crop levels of the tokens to offer)")
        levels = []
        for word in args:
            if word not in ("1", "2", "3", "4", "5"):
                raise ValueError(f"token {word!r} must be a crop level 1 to 5")
            if int(word) in levels:
                raise ValueError(f"token {word} named twice")
            levels.append(int(word))
        return offer(token_mask(levels))
    raise ValueError(f"unknown command {verb!r}")


class LegalActions(Sequence[int]):
    """The legal actions of one decision, kept as bit masks until someone asks.

    Each group is ``(base, mask, shift)`` and stands for the codes
    ``base | v << shift`` for every set bit ``v`` of ``mask``; ``extra`` holds
    explicit codes (offers, pass). Length, indexing and membership work on the
    masks, so a random bot picks an action without building the list; the list
    itself (in the same order) is built once on first iteration.
    """

    __slots__ = ("_len", "_list", "extra", "groups")

    def __init__(self, groups: list[tuple[int, int, int]], extra: list[int]):
        self.groups = groups
        self.extra = extra
        self._list: list[int] | None = None
        count = len(extra)
        for group in groups:
            count += group[1].bit_count()
        self._len = count

    def __len__(self) -> int:
        return self._len

    def __bool__(self) -> bool:
        return self._len > 0

    def __getitem__(self, index):  # type: ignore[override]
        if isinstance(index, slice):
            return self.as_list()[index]
        if index < 0:
            index += self._len
        if not 0 <= index < self._len:
            raise IndexError("legal action index out of range")
        for base, mask, shift in self.groups:
            count = mask.bit_count()
            if index < count:
                return base | nth_cell(mask, index) << shift
            index -= count
        return self.extra[index]

    def __contains__(self, code) -> bool:  # type: ignore[override]
        for base, mask, shift in self.groups:
            value = code >> shift & 63
            if code ^ (value << shift) == base and mask >> value & 1:
                return True
        return code in self.extra

    def __iter__(self):
        return iter(self.as_list())

    def as_list(self) -> list[int]:
        """All codes, in index order."""
        if self._list is None:
            out: list[int] = []
            for base, mask, shift in self.groups:
                out += [base | v << shift for v in cells_of(mask)]
            out += self.extra
            self._list = out
        return self._list

    def __repr__(self) -> str:
        return f"LegalActions({self.as_list()!r})"


NO_ACTIONS = LegalActions([], [])
