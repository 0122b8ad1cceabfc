"""A checked disc: a scenario the checker proved valid, with what it found, computed once.

The checker makes a :class:`Disc` (:func:`pachaprint.check.validate.validate_data`
gives it in its report); whatever prints, shows or shares a disc starts from it
and never asks the checker again: the renderer draws the crop layer, the grade
and the share code it holds.
"""

from __future__ import annotations

from dataclasses import dataclass

from pachaprint.model.rules import CROP_LEVELS, TERRAIN_LETTERS
from pachaprint.model.scenario import Scenario


@dataclass(frozen=True, slots=True)
class DiscStats:
    """The counts a report shows of a scenario (``stats`` in ``validate --format json``)."""

    size: str
    regions: int
    start_cells: int
    terrain: tuple[int, ...]
    """Cells of each terrain, in :data:`~pachaprint.model.rules.TERRAIN_LETTERS` order: the
    terrain supply (the disc back prints it)."""
    crop_tiles: tuple[int, ...]
    """Crop tiles the disc needs, per crop level from 1."""

    @classmethod
    def of(cls, scenario: Scenario) -> DiscStats:
        """The counts of ``scenario`` (its crop layer does not change them)."""
        terrain = scenario.terrain_counts()
        tiles = scenario.crop_tile_counts()
        return cls(
            size=scenario.size,
            regions=len(scenario.regions),
            start_cells=len(scenario.start_cells),
            terrain=tuple(terrain[letter] for letter in TERRAIN_LETTERS),
            crop_tiles=tuple(tiles[level] for level in CROP_LEVELS),
        )

    def supply(self) -> dict[str, int]:
        """Terrain letter -> cells of that terrain."""
        return dict(zip(TERRAIN_LETTERS, self.terrain, strict=True))

    def to_dict(self, unique: bool) -> dict[str, object]:
        """The report's form: ``unique`` says whether the start cells fix one crop layer."""
        return {
            "size": self.size,
            "regions": self.regions,
            "start_cells": self.start_cells,
            "terrain": self.supply(),
            "crop_tiles": {
                str(level): n for level, n in zip(CROP_LEVELS, self.crop_tiles, strict=True)
            },
            "unique": unique,
        }


@dataclass(frozen=True, slots=True)
class Disc:
    """A valid scenario and what the checker found: the value a disc is printed from.

    ``scenario`` has a complete crop layer (dots filled with the unique solution);
    ``grade`` is the difficulty the named deductions give it (a
    :class:`~pachaprint.check.difficulty.Difficulty` value: ``easy`` to
    ``needs-guessing``); ``share_code`` the code printed on its back
    (:func:`pachaprint.model.sharecode.code_of` without the name part), ``None`` for
    the rare disc no code can carry; ``stats`` its counts.
    """

    scenario: Scenario
    grade: str
    share_code: str | None
    stats: DiscStats

    @property
    def id(self) -> str:
        return self.scenario.id

    @property
    def name(self) -> str:
        return self.scenario.name

    @property
    def title(self) -> str:
        """``Name (id)``, as page labels and PDF titles name a disc."""
        return f"{self.scenario.name} ({self.scenario.id})"


def checked_disc(scenario: Scenario, grade: str, stats: DiscStats | None = None) -> Disc:
    """The disc of a scenario whose crop layer is complete and proved unique, graded
    ``grade``: its share code computed here, once (and its counts, unless given)."""
    from pachaprint.model.sharecode import code_of

    if not scenario.is_complete:
        raise ValueError(f"{scenario.id}: a disc has a complete crop layer; fill it first")
    try:
        code: str | None = code_of(scenario, with_name=False)
    except ValueError:  # a disc whose cells no code can carry (ShareCodeError is one)
        code = None
    return Disc(scenario, grade, code, stats or DiscStats.of(scenario))
