"""The action codec: every decision of every mode as a small integer (OpenSpiel style).

An action is an ``int`` code ``kind << 12 | a << 6 | b`` so that legal-action
lists are cheap to build and bots can pick among them uniformly. This module is
the only one that knows the bit layout: the rest of the engine builds codes
with :func:`enter`, :func:`move`, ... and reads them with :func:`kind_of`,
:func:`cell_of`, :func:`to_of`, ... :func:`format_action` turns a code into
the command text that the terminal game and the game logs use
(``move c3 e3``), and :func:`parse_action` reads that text back.

Kinds (``a``/``b`` fields):

* ``PASS``: stop divining, decline to offer, pass in the end phase.
* ``ENTER`` (b = end cell): a pawn from supply enters at an edge and ends there.
* ``MOVE`` (a = from, b = end cell).
* ``RETRIEVE`` (a = cell): take a pawn back to supply (the whole Explore).
* ``DIVINE`` (a = cell, b = named level 1-5).
* ``OFFER`` (b = token mask, bit ``level - 1``).
* ``OTOMA`` (b = Otoma pawn): hard solo, the pawn an own-colour arrow moves.
* ``SPEND`` (b = terrain): co-op, spend the top tile of that stack.
* ``TILE`` (a = terrain, b = index): a chance outcome, the tile that turns up
  (``b`` indexes the unseen tiles of that terrain, see :mod:`pachaprint.engine.rules.tiles`).
* ``PLACE`` (a = Otoma pawn, b = cell): solo and co-op on a disc that names no Otoma
  start cells, the players place an Otoma pawn on a start cell.
* ``HAND`` (b = seat): co-op, the hand that gives the tile of a group discovery (the
  group agrees; the seat to play says it).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from enum import IntEnum
from typing import Final, overload

from pachaprint.engine.rules.movement import cell_count, cells_of, nth_cell
from pachaprint.model.board import Board
from pachaprint.model.rules import TERRAIN_LETTERS, Terrain

_KIND_SHIFT: Final = 12
_A_SHIFT: Final = 6
_FIELD: Final = 63


class Kind(IntEnum):
    """What an action does (one enum for every mode)."""

    PASS = 0
    ENTER = 1
    MOVE = 2
    RETRIEVE = 3
    DIVINE = 4
    OFFER = 5
    OTOMA = 6
    SPEND = 7
    TILE = 8
    PLACE = 9
    HAND = 10


# Each kind's code bits, bound once (compiled code reads a constant, not the enum)
_ENTER_CODE: Final = int(Kind.ENTER) << _KIND_SHIFT
_MOVE_CODE: Final = int(Kind.MOVE) << _KIND_SHIFT
_RETRIEVE_CODE: Final = int(Kind.RETRIEVE) << _KIND_SHIFT
_DIVINE_CODE: Final = int(Kind.DIVINE) << _KIND_SHIFT
_OFFER_CODE: Final = int(Kind.OFFER) << _KIND_SHIFT
_OTOMA_CODE: Final = int(Kind.OTOMA) << _KIND_SHIFT
_SPEND_CODE: Final = int(Kind.SPEND) << _KIND_SHIFT
_TILE_CODE: Final = int(Kind.TILE) << _KIND_SHIFT
_PLACE_CODE: Final = int(Kind.PLACE) << _KIND_SHIFT
_HAND_CODE: Final = int(Kind.HAND) << _KIND_SHIFT

PASS: Final = 0
"""The pass action's code."""

ANY_LEVEL: Final = 0b111110
"""Bits 1-5: every level a divination may name (also a crop domain with nothing ruled out)."""

TERRAIN_WORDS = tuple(t.label.lower() for t in Terrain)
"""``valley``, ``desert``, ``forest``, ``mountain`` (terrain index order)."""


def base(kind: int, a: int = 0) -> int:
    """The code of ``kind`` (a :class:`Kind`) with field ``a`` set and an empty ``b``: the start of a legal-action group."""
    return kind << _KIND_SHIFT | a << _A_SHIFT


def enter(to: int) -> int:
    return _ENTER_CODE | to


def move(frm: int, to: int) -> int:
    return _MOVE_CODE | frm << _A_SHIFT | to


def retrieve(cell: int) -> int:
    return _RETRIEVE_CODE | cell << _A_SHIFT


def divine(cell: int, level: int) -> int:
    return _DIVINE_CODE | cell << _A_SHIFT | level


def offer(tokens: int) -> int:
    """Offer the tokens in ``tokens`` (bit ``level - 1`` per crop type)."""
    return _OFFER_CODE | tokens


def choose_otoma(pawn: int) -> int:
    """Hard solo, own-colour arrow: move Otoma pawn number ``pawn`` (0-based)."""
    return _OTOMA_CODE | pawn


def spend(terrain: int) -> int:
    """Co-op: spend the top tile of one's stack of ``terrain``."""
    return _SPEND_CODE | terrain


def tile(terrain: int, index: int) -> int:
    """Chance: the unseen tile ``index`` of ``terrain`` turns up."""
    return _TILE_CODE | terrain << _A_SHIFT | index


def place(pawn: int, cell: int) -> int:
    """Place Otoma pawn number ``pawn`` (0-based) on the start cell ``cell``."""
    return _PLACE_CODE | pawn << _A_SHIFT | cell


def hand(seat: int) -> int:
    """Co-op: the tile of the group's discovery comes from the hand of ``seat`` (0-based)."""
    return _HAND_CODE | seat


def kind_of(code: int) -> int:
    """The :class:`Kind` value of a code (an ``int``; compare it with ``Kind`` members)."""
    return code >> _KIND_SHIFT


def cell_of(code: int) -> int:
    """Field ``a``: the pawn's cell (move from, retrieve, divine), or a tile's terrain."""
    return code >> _A_SHIFT & _FIELD


def to_of(code: int) -> int:
    """Field ``b``: the end cell (enter, move), named level, token mask, pawn, terrain or tile index."""
    return code & _FIELD


MOVE_FROM = tuple(base(Kind.MOVE, cell) for cell in range(_FIELD + 1))
"""Per cell: the base code of the moves of the pawn on it (a legal-action group)."""
DIVINE_AT = tuple(base(Kind.DIVINE, cell) for cell in range(_FIELD + 1))
"""Per cell: the base code of the divinations there (a legal-action group)."""


def cells_group(kind: Kind, cells: int) -> tuple[int, int, int]:
    """The legal-action group of ``kind`` on every cell of the mask ``cells`` (field ``a``: retrieve)."""
    return (kind << _KIND_SHIFT, cells, _A_SHIFT)


def fields(code: int) -> tuple[int, int, int]:
    """``(kind, a, b)`` of a code at once (the state's hot path: one call, not three)."""
    return code >> _KIND_SHIFT, code >> _A_SHIFT & _FIELD, code & _FIELD


def group_code(group: tuple[int, int, int], value: int) -> int:
    """The code of one member ``value`` (a set bit of ``group[1]``) of a legal-action group."""
    return group[0] | value << group[2]


def token_levels(mask: int) -> list[int]:
    """Crop levels of a token mask, ascending."""
    return [level for level in range(1, 6) if mask >> (level - 1) & 1]


def token_mask(levels: Iterable[int]) -> int:
    mask = 0
    for level in levels:
        mask |= 1 << (level - 1)
    return mask


def format_action(
    board: Board, code: int, otoma_colours: Sequence[str] = (), tile_name: str = ""
) -> str:
    """Command text of an action: ``enter b1``, ``move c3 e3``, ``divine c3 4``,
    ``offer 1 2 5``, ``otoma yellow`` (``otoma 2`` when the colours do not tell
    the pawns apart), ``spend forest``, ``tile valley V03``, ``place yellow d1``
    (``place 2 d1``, as ``otoma``), ``hand 2`` (seats count from 1), ``pass``."""
    kind, a, b = fields(code)
    if kind == Kind.ENTER:
        return f"enter {board.name(b)}"
    if kind == Kind.MOVE:
        return f"move {board.name(a)} {board.name(b)}"
    if kind == Kind.RETRIEVE:
        return f"retrieve {board.name(a)}"
    if kind == Kind.DIVINE:
        return f"divine {board.name(a)} {b}"
    if kind == Kind.OFFER:
        return "offer " + " ".join(str(level) for level in token_levels(b))
    if kind == Kind.OTOMA:
        return f"otoma {_pawn_word(b, otoma_colours)}"
    if kind == Kind.PLACE:
        return f"place {_pawn_word(a, otoma_colours)} {board.name(b)}"
    if kind == Kind.HAND:
        return f"hand {b + 1}"
    if kind == Kind.SPEND:
        return f"spend {TERRAIN_WORDS[b]}"
    if kind == Kind.TILE:
        return f"tile {TERRAIN_WORDS[a]} {tile_name or b}"
    return "pass"


def _pawn_word(pawn: int, otoma_colours: Sequence[str]) -> str:
    """An Otoma pawn in a command: its colour, or its number when colours repeat."""
    if pawn < len(otoma_colours) and otoma_colours.count(otoma_colours[pawn]) == 1:
        return otoma_colours[pawn]
    return str(pawn + 1)


def parse_action(board: Board, text: str, otoma_colours: Sequence[str] = ()) -> int:
    """The code of a command such as ``move c3 e3``; ``ValueError`` with a readable message.

    ``offer`` with no levels is not handled here (it means "all my tokens" and
    needs the player's holding), nor is ``tile`` (its index depends on the
    unseen tiles; see :meth:`pachaprint.engine.rules.state.GameState.parse`).
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
        levels: list[int] = []
        for word in args:
            if word not in ("1", "2", "3", "4", "5"):
                raise ValueError(f"token {word!r} must be a crop level 1 to 5")
            if int(word) in levels:
                raise ValueError(f"token {word} named twice")
            levels.append(int(word))
        return offer(token_mask(levels))

    def pawn(word: str) -> int:
        if word.isdecimal() and 1 <= int(word) <= 5:
            return int(word) - 1
        if otoma_colours.count(word) == 1:
            return otoma_colours.index(word)
        raise ValueError(f"no Otoma pawn {word!r}")

    if verb == "otoma":
        count(1, "otoma PAWN (a number 1-5 or a colour)")
        return choose_otoma(pawn(args[0]))
    if verb == "place":
        count(2, "place PAWN CELL (an Otoma pawn, by number 1-5 or colour, and a start cell)")
        return place(pawn(args[0]), cell(args[1]))
    if verb == "hand":
        count(1, "hand SEAT (the seat whose hand gives the tile, 1-4)")
        if args[0] not in ("1", "2", "3", "4"):
            raise ValueError(f"seat {args[0]!r} must be 1 to 4")
        return hand(int(args[0]) - 1)
    if verb == "spend":
        count(1, "spend TERRAIN (valley, desert, forest or mountain)")
        return spend(parse_terrain(args[0]))
    raise ValueError(f"unknown command {verb!r}")


def parse_terrain(word: str) -> int:
    """A terrain index from its name or letter (``forest``, ``F``); ``ValueError`` otherwise."""
    for t, name in enumerate(TERRAIN_WORDS):
        if word.lower() in (name, TERRAIN_LETTERS[t].lower()):
            return t
    raise ValueError(f"unknown terrain {word!r}")


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
            count += cell_count(group[1])
        self._len = count

    def __len__(self) -> int:
        return self._len

    def __bool__(self) -> bool:
        return self._len > 0

    @overload
    def __getitem__(self, index: int) -> int: ...

    @overload
    def __getitem__(self, index: slice) -> list[int]: ...

    def __getitem__(self, index: int | slice) -> int | list[int]:
        if isinstance(index, slice):
            return self.as_list()[index]
        if index < 0:
            index += self._len
        if not 0 <= index < self._len:
            raise IndexError("legal action index out of range")
        for group_base, mask, shift in self.groups:
            count = cell_count(mask)
            if index < count:
                return group_base | nth_cell(mask, index) << shift
            index -= count
        return self.extra[index]

    def __contains__(self, code: object) -> bool:
        return isinstance(code, int) and self.allows(code)

    def allows(self, code: int) -> bool:
        """``code in self`` for an int, without the type check (the state's hot path)."""
        for group_base, mask, shift in self.groups:
            value = code >> shift & _FIELD
            if code ^ (value << shift) == group_base and mask >> value & 1:
                return True
        return code in self.extra

    def without(self, codes: Iterable[int]) -> LegalActions:
        """These actions but ``codes`` (the order of the rest kept)."""
        groups = [list(group) for group in self.groups]
        extra = list(self.extra)
        for code in codes:
            for group in groups:
                value = code >> group[2] & _FIELD
                if code ^ (value << group[2]) == group[0]:
                    group[1] &= ~(1 << value)
            if code in extra:
                extra.remove(code)
        return LegalActions([(b, m, s) for b, m, s in groups if m], extra)

    def __iter__(self) -> Iterator[int]:
        return iter(self.as_list())

    def as_list(self) -> list[int]:
        """All codes, in index order."""
        if self._list is None:
            out: list[int] = []
            for group_base, mask, shift in self.groups:
                out += [group_base | v << shift for v in cells_of(mask)]
            out += self.extra
            self._list = out
        return self._list

    def __repr__(self) -> str:
        return f"LegalActions({self.as_list()!r})"


NO_ACTIONS: Final = LegalActions([], [])
