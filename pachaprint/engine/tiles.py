"""Terrain tiles with arrows and their shuffled stacks (RULES.md sections 4 and 5).

In solo and co-op every terrain tile has, on its back, an arrow of one of the
six pawn colours pointing in a board direction. The tiles are data in the
component template ``templates/tiles/terrain-arrows.json``, the same file the
renderer prints the tile backs from, so a printed set and the engine agree.

:func:`box_tiles` reads the template; :class:`TileStacks` holds a scenario's
terrain supply as one shuffled stack per terrain and hands out the top tile
when a cell is discovered.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache

from pachaprint.engine.movement import Direction
from pachaprint.model.rules import TERRAIN_LETTERS
from pachaprint.resources import load_template

ARROWS_TEMPLATE = "tiles/terrain-arrows.json"

PLAYER_COLOURS = ("brown", "white", "green", "blue")
"""The four explorer pawn colours, in the order the solo ruling lists them."""
OTOMA_ONLY_COLOURS = ("purple", "yellow")
"""The two pawns that belong to the Otoma alone."""
PAWN_COLOURS = PLAYER_COLOURS + OTOMA_ONLY_COLOURS


@dataclass(frozen=True)
class ArrowTile:
    """One terrain tile: its name in the template, terrain index, arrow colour and direction."""

    name: str
    terrain: int
    """Index into :data:`~pachaprint.model.rules.TERRAIN_LETTERS`."""
    colour: str
    direction: Direction

    def describe(self) -> str:
        """``"valley tile V03, green arrow south"``."""
        return f"{_TERRAIN_WORDS[self.terrain]} tile {self.name}, {self.colour} arrow {self.direction.word}"


_TERRAIN_WORDS = ("valley", "desert", "forest", "mountain")


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
            raise ValueError(f"{ARROWS_TEMPLATE}: no {_TERRAIN_WORDS[t]} tile")
    return tuple(tuple(group) for group in groups)


class TileStacks:
    """A scenario's terrain supply as one shuffled stack per terrain, arrow side down.

    ``counts[t]`` tiles of terrain ``t`` are chosen at random from the box (a
    scenario's supply is its terrain map, at most the box; a print-and-play set
    printed with more tiles than the template repeats the template's tiles in
    order), shuffled with ``rng``, and stacked. :meth:`draw` takes the top tile.
    """

    def __init__(self, counts, rng: random.Random):
        box = box_tiles()
        self.stacks: list[list[ArrowTile]] = []
        for t, count in enumerate(counts):
            kind = box[t]
            pool = list(kind)
            for i in range(count - len(kind)):
                tile = kind[i % len(kind)]
                pool.append(
                    ArrowTile(f"{tile.name}+{1 + i // len(kind)}", t, tile.colour, tile.direction)
                )
            rng.shuffle(pool)
            self.stacks.append(pool[:count])

    @classmethod
    def from_lists(cls, stacks) -> TileStacks:
        """Stacks given explicitly, per terrain index, bottom to top (scripted games, tests)."""
        made = cls.__new__(cls)
        made.stacks = [list(stack) for stack in stacks]
        return made

    def draw(self, terrain: int) -> ArrowTile:
        """The top tile of a terrain's stack; ``ValueError`` if that stack is empty."""
        stack = self.stacks[terrain]
        if not stack:
            raise ValueError(f"no {_TERRAIN_WORDS[terrain]} tile left in its stack")
        return stack.pop()

    def counts(self) -> tuple[int, ...]:
        """Tiles left per terrain."""
        return tuple(len(s) for s in self.stacks)

    def tiles(self) -> list[ArrowTile]:
        """Every tile left, stack by stack, bottom to top."""
        return [tile for stack in self.stacks for tile in stack]


def colours_of(player_colour: str) -> tuple[str, ...]:
    """The Otoma pawn colours when the player uses ``player_colour`` (RULES.md section 4 ruling).

    Purple, yellow, then the player colours other than the player's, in the order
    brown, white, green, blue.
    """
    if player_colour not in PLAYER_COLOURS:
        raise ValueError(
            f"unknown player colour {player_colour!r} (choose from {', '.join(PLAYER_COLOURS)})"
        )
    return OTOMA_ONLY_COLOURS + tuple(c for c in PLAYER_COLOURS if c != player_colour)
