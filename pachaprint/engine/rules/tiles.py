"""Terrain tiles with arrows, and chance: which tile turns up (docs/rules.md sections 4.2, 5.1 and 6).

In solo and co-op every terrain tile has, on its back, an arrow of one of the
six pawn colours pointing in a board direction. The tiles are data in the
component template ``templates/tiles/terrain-arrows.json``, the same file the
renderer prints the tile backs from, so a printed set and the engine agree.

Which tile comes up next is **chance**, and the game state exposes it as a
chance node (:class:`ChanceNode`): a solo stack is turned up when a cell is
discovered, a co-op hand shows a new top tile when its top is spent or
taken. The outcomes are the tiles of that terrain not seen yet (the
:class:`TileTable` keeps the game's box of tiles and which are ``unseen``),
each equally likely: the stacks are shuffled, so any unseen tile may be
anywhere. A :class:`Deck` is the real
order of the tiles of one game (a seeded shuffle, or tiles given by a test)
and answers the chance nodes of that game; a search bot answers them by
sampling instead.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Protocol

from pachaprint.engine.rules.actions import TERRAIN_WORDS
from pachaprint.engine.rules.config import PAWN_COLOURS
from pachaprint.engine.rules.movement import Direction
from pachaprint.model.rules import TERRAIN_LETTERS
from pachaprint.resources import load_template

ARROWS_TEMPLATE = "tiles/terrain-arrows.json"


@dataclass(frozen=True)
class ArrowTile:
    """One terrain tile: its name in the template, terrain index, arrow colour and direction."""

    name: str
    terrain: int
    """Index into :data:`~pachaprint.model.rules.TERRAIN_LETTERS`."""
    colour: str
    direction: Direction

    arrow: tuple[str, int] = field(init=False, repr=False, compare=False)
    """``(colour, direction index)`` of the arrow on its back (what a view shows)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "arrow", (self.colour, int(self.direction)))

    def describe(self) -> str:
        """``"valley tile V03, green arrow south"``."""
        return f"{TERRAIN_WORDS[self.terrain]} tile {self.name}, {self.colour} arrow {self.direction.word}"


@cache
def box_tiles() -> tuple[tuple[ArrowTile, ...], ...]:
    """The template's tiles, grouped per terrain index (valley, desert, forest, mountain).

    ``ValueError`` names the template entry when a colour, direction or terrain is unknown.
    """
    data = load_template(ARROWS_TEMPLATE)
    groups: list[list[ArrowTile]] = [[] for _ in TERRAIN_LETTERS]
    for index, entry in enumerate(data["tiles"]):
        where = f"{ARROWS_TEMPLATE}: tiles[{index}]"
        if entry["terrain"] not in TERRAIN_LETTERS:
            raise ValueError(f"{where}: unknown terrain {entry['terrain']!r}")
        if entry["arrow"] not in PAWN_COLOURS:
            raise ValueError(f"{where}: unknown arrow colour {entry['arrow']!r}")
        if entry["direction"] not in Direction.__members__:
            raise ValueError(f"{where}: unknown direction {entry['direction']!r}")
        t = TERRAIN_LETTERS.index(entry["terrain"])
        groups[t].append(ArrowTile(entry["tile"], t, entry["arrow"], Direction[entry["direction"]]))
    for t, group in enumerate(groups):
        if not group:
            raise ValueError(f"{ARROWS_TEMPLATE}: no {TERRAIN_WORDS[t]} tile")
    return tuple(tuple(group) for group in groups)


def tile_pool(terrain: int, count: int) -> list[ArrowTile]:
    """The tiles a game of ``count`` cells of ``terrain`` draws from: the template's, and
    when a print-and-play set needs more, the template's again in order (``V01+1``, ...)."""
    kind = box_tiles()[terrain]
    pool = list(kind)
    for i in range(count - len(kind)):
        tile = kind[i % len(kind)]
        pool.append(
            ArrowTile(f"{tile.name}+{1 + i // len(kind)}", terrain, tile.colour, tile.direction)
        )
    return pool


def deal_sizes(counts: Sequence[int], players: int) -> list[list[int]]:
    """Co-op hand sizes ``[seat][terrain]``: the tiles dealt one at a time round the table,
    terrain after terrain, continuing the rotation (hands differ by at most one tile)."""
    sizes = [[0] * len(counts) for _ in range(players)]
    seat = 0
    for t, count in enumerate(counts):
        for _ in range(count):
            sizes[seat][t] += 1
            seat = (seat + 1) % players
    return sizes


class ChanceNode:
    """A tile about to turn up: from the solo stack of ``terrain`` for ``cell``
    (``seat`` -1), or as the new top of ``seat``'s co-op stack of ``terrain``.

    A plain class, never changed once made: a search makes one at every tile it
    turns up, and a compiled constructor is far cheaper than a named tuple's."""

    __slots__ = ("cell", "position", "react", "seat", "terrain")

    def __init__(
        self, terrain: int, seat: int, position: int, cell: int = -1, react: bool = False
    ) -> None:
        self.terrain = terrain
        self.seat = seat
        self.position = position
        """Where the tile lies in its stack or hand, counted from the bottom."""
        self.cell = cell
        self.react = react
        """Solo: the player's discovery, whose arrow the Otoma answer once it is known."""

    def __repr__(self) -> str:
        return (
            f"ChanceNode(terrain={self.terrain}, seat={self.seat}, position={self.position}, "
            f"cell={self.cell}, react={self.react})"
        )


class TileOrder(Protocol):
    """What answers the chance nodes of a game (a :class:`Deck`)."""

    def outcome(self, node: ChanceNode, box: Sequence[ArrowTile], unseen: int) -> int: ...


class Deck:
    """The real order of one game's tiles: answers its chance nodes.

    ``box[t]`` holds the tiles of terrain ``t`` the game may show; ``stacks[t]``
    the solo stack (bottom to top), or ``hands[seat][t]`` the co-op hands.
    """

    def __init__(
        self,
        box: Sequence[Sequence[ArrowTile]],
        stacks: Sequence[Sequence[ArrowTile]] = (),
        hands: Sequence[Sequence[Sequence[ArrowTile]]] = (),
    ):
        self.box = tuple(tuple(tiles) for tiles in box)
        self.stacks = [list(stack) for stack in stacks]
        self.hands = [[list(stack) for stack in hand] for hand in hands]

    @classmethod
    def shuffled(cls, counts: Sequence[int], seed: int, players: int = 0) -> Deck:
        """``counts[t]`` tiles of each terrain chosen at random from the box and shuffled,
        as one stack per terrain (solo), or dealt to ``players`` hands (co-op, see
        :func:`deal_sizes`)."""
        rng = random.Random(seed)
        box = [tile_pool(t, count) for t, count in enumerate(counts)]
        stacks = []
        for t, count in enumerate(counts):
            pool = list(box[t])
            rng.shuffle(pool)
            stacks.append(pool[:count])
        if not players:
            return cls(box, stacks)
        hands: list[list[list[ArrowTile]]] = [[[] for _ in counts] for _ in range(players)]
        seat = 0
        for t, stack in enumerate(stacks):
            for tile in stack:
                hands[seat][t].append(tile)
                seat = (seat + 1) % players
        return cls(box, hands=hands)

    @classmethod
    def seeded(cls, counts: Sequence[int], seed: int | None, players: int = 0) -> Deck | None:
        """:meth:`shuffled` with ``seed``; ``None`` without a seed (chance left to the caller)."""
        return None if seed is None else cls.shuffled(counts, seed, players)

    @classmethod
    def scripted(
        cls,
        stacks: Sequence[Sequence[ArrowTile]] = (),
        hands: Sequence[Sequence[Sequence[ArrowTile]]] = (),
    ) -> Deck:
        """A deck of exactly these tiles, in this order, top last (scripted games, tests)."""
        terrains = len(TERRAIN_LETTERS)
        box: list[list[ArrowTile]] = [[] for _ in range(terrains)]
        for t, stack in enumerate(stacks):
            box[t] += stack
        for hand in hands:
            for t, stack in enumerate(hand):
                box[t] += stack
        return cls(box, stacks, hands)

    @property
    def hand_sizes(self) -> list[list[int]]:
        return [[len(stack) for stack in hand] for hand in self.hands]

    def tile(self, node: ChanceNode) -> ArrowTile:
        """The tile that really turns up at ``node``."""
        if node.seat < 0:
            return self.stacks[node.terrain][node.position]
        return self.hands[node.seat][node.terrain][node.position]

    def outcome(self, node: ChanceNode, box: Sequence[ArrowTile], unseen: int) -> int:
        """The index in ``box`` of the tile at ``node`` (among the ``unseen`` ones, a mask)."""
        tile = self.tile(node)
        for index, candidate in enumerate(box):
            if unseen >> index & 1 and candidate == tile:
                return index
        raise ValueError(f"the deck's {tile.describe()} has been seen already")


class TileTable:
    """The tiles of a solo or co-op game that lie open (public information).

    ``tile_at``: the tile on each cell (``None`` without terrain, or for a tile
    placed from the box without an arrow); ``box[t]``: the tiles of terrain ``t``
    this game may show (shared by copies); ``unseen[t]``: a mask of those nobody
    has seen yet (bit ``i`` for ``box[t][i]``: the outcomes of the next chance
    node of that terrain); solo ``left[t]``: tiles still in the stack; co-op ``hands[seat][t]``
    (sizes), ``tops[seat][t]`` (the visible top tiles), ``columns[t]`` (spent
    tiles waiting on the diversity board), ``arrow`` (the spent tile's arrow this
    turn), ``wanted`` (a cell the group discovered, waiting for the tile a hand
    gives); hard solo ``pending`` (an own-colour arrow waiting for the player to
    choose the Otoma pawn it moves).
    """

    def __init__(
        self,
        cells: int,
        box: Sequence[Sequence[ArrowTile]],
        left: Sequence[int] = (),
        hands: Sequence[Sequence[int]] = (),
    ):
        self.tile_at: list[ArrowTile | None] = [None] * cells
        self.box = tuple(tuple(tiles) for tiles in box)
        self.unseen = [(1 << len(tiles)) - 1 for tiles in box]
        self.left = list(left)
        self.hands = [list(sizes) for sizes in hands]
        self.tops: list[list[ArrowTile | None]] = [[None] * len(box) for _ in hands]
        self.columns: list[list[ArrowTile]] = [[] for _ in box]
        self.arrow: Direction | None = None
        self.pending: Direction | None = None
        self.wanted = -1
        """Co-op: the cell of a group discovery waiting for the tile a hand gives (-1: none)."""
        self.box_tiles = 0
        """Co-op: terrain tiles placed from the box (no tile in a column or hand for them)."""

    @classmethod
    def stacked(cls, cells: int, counts: Sequence[int], deck: Deck | None) -> TileTable:
        """Solo: one stack per terrain holding ``counts[t]`` tiles."""
        box = deck.box if deck else [tile_pool(t, c) for t, c in enumerate(counts)]
        return cls(cells, box, left=counts)

    @classmethod
    def dealt(cls, cells: int, counts: Sequence[int], players: int, deck: Deck | None) -> TileTable:
        """Co-op: ``counts[t]`` tiles of each terrain dealt out to ``players`` hands."""
        box = deck.box if deck else [tile_pool(t, c) for t, c in enumerate(counts)]
        return cls(cells, box, hands=deck.hand_sizes if deck else deal_sizes(counts, players))

    def top_nodes(self) -> list[ChanceNode]:
        """Co-op setup: the top tile of every stack in every hand turns up."""
        return [
            ChanceNode(t, seat, size - 1)
            for seat, sizes in enumerate(self.hands)
            for t, size in enumerate(sizes)
            if size
        ]

    def copy(self) -> TileTable:
        twin = TileTable(0, ())
        twin.box, twin.arrow, twin.pending = self.box, self.arrow, self.pending
        twin.box_tiles, twin.wanted = self.box_tiles, self.wanted
        twin.tile_at = list(self.tile_at)
        twin.unseen = list(self.unseen)
        twin.left = list(self.left)
        twin.hands = [list(sizes) for sizes in self.hands]
        twin.tops = [list(tops) for tops in self.tops]
        twin.columns = [list(column) for column in self.columns]
        return twin

    def add_to_box(self, tile: ArrowTile) -> int:
        """Put one more tile in the game's box, unseen (a set printed with extra tiles,
        or a test that wants this arrow); its index in ``box[tile.terrain]``."""
        t = tile.terrain
        self.box = (*self.box[:t], (*self.box[t], tile), *self.box[t + 1 :])
        self.unseen[t] |= 1 << (len(self.box[t]) - 1)
        return len(self.box[t]) - 1

    @property
    def in_hands(self) -> int:
        """Tiles held by all seats (co-op)."""
        return sum(sum(sizes) for sizes in self.hands)
