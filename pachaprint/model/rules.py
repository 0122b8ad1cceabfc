"""The game's fixed numbers, in one place (docs/rules.md sections 1-3).

The checker, the solver, the engine and the reference card all read these
constants; nothing else in the code base repeats them.
"""

from __future__ import annotations

from enum import Enum
from typing import Final


class Terrain(str, Enum):
    """The four terrains; the value is the letter used in scenario files."""

    VALLEY = "V"
    DESERT = "D"
    FOREST = "F"
    MOUNTAIN = "M"

    @property
    def label(self) -> str:
        """Plain English name, e.g. ``Valley``."""
        return self.name.capitalize()


TERRAIN_LETTERS: Final = "VDFM"
"""Terrain letters in canonical order (valley, desert, forest, mountain)."""

CROP_LEVELS: Final = (1, 2, 3, 4, 5)
MAX_REGION_SIZE: Final = 5
OTOMA_START_CELLS: Final = 5
"""The start cells a long disc names for the Otoma in solo and co-op (``solo.otoma``)."""

CROP_NAMES = {
    1: "sweet potato",
    2: "coca leaf",
    3: "chili pepper",
    4: "corn",
    5: "quinoa",
}
"""Crop level -> plain English crop name."""

BOX_TERRAIN_TILES = {"V": 15, "D": 17, "F": 15, "M": 15}
"""Terrain tiles in the retail box, per terrain letter (62 in all)."""

BOX_CROP_TILES = {1: 13, 2: 12, 3: 12, 4: 10, 5: 10}
"""Crop tiles in the retail box, per level (57 in all)."""

OFFERING_TOKENS_PER_TYPE = 4
"""Offering tokens in the box per crop type (20 in all)."""

OFFERING_POINTS: Final = (0, 0, 1, 3, 6, 10)
"""Points for offering k distinct tokens: ``OFFERING_POINTS[k]`` = k(k-1)/2."""

DIVERSITY_TOP_LEVEL = 5
"""Diversity track levels run from 0 (start) to this top level."""

PAWNS_PER_COLOUR = 5
PLAYER_COUNTS = (2, 3, 4)


def explorer_pawns(players: int) -> int:
    """Explorer pawns each player takes in the competitive game (7 - players)."""
    return 7 - players
