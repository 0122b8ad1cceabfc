"""Board geometry, the game's constants and the scenario model (the bottom layer).

The names below load with their module on first use: :mod:`pachaprint.model.text`
alone (which the build's no-change path needs) loads no compiled module.
"""

from __future__ import annotations

import importlib

TYPE_CHECKING = False  # typing is not loaded at run time (start-up time of a rebuild)
if TYPE_CHECKING:
    from pachaprint.model.board import Board, board_for
    from pachaprint.model.regions import Region, find_regions
    from pachaprint.model.scenario import FORMAT, Scenario

_HOMES = {
    "Board": "board",
    "board_for": "board",
    "Region": "regions",
    "find_regions": "regions",
    "FORMAT": "scenario",
    "Scenario": "scenario",
}


def __getattr__(name: str) -> object:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"pachaprint.model.{home}"), name)


__all__ = ["FORMAT", "Board", "Region", "Scenario", "board_for", "find_regions"]
