"""Shared test helpers: small scenario dicts built from grids."""

from __future__ import annotations

import json
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
EXAMPLES = REPO / "tests" / "fixtures"

LAKE_TERRAIN = ["VVFFF", "VVVFV", "MDDMM", "MMVMM", "MVVVM"]
LAKE_CROPS = ["12142", "34531", "21242", "34353", "12141"]


def scenario_dict(terrain, crops, start, size=None, **extra) -> dict:
    """A scenario mapping for tests; size follows the row length unless given."""
    data = {
        "format": "pachaprint-scenario/1",
        "id": "test",
        "name": "Test",
        "size": size or ("tiny" if len(terrain[0]) == 5 else "long"),
        "terrain": list(terrain),
        "crops": list(crops),
        "start": list(start),
    }
    data.update(extra)
    return data


def example(name: str) -> dict:
    return json.loads((EXAMPLES / f"{name}.json").read_text())


def example_folder(parent: Path, names=("high-valley", "lake-shore")) -> Path:
    """``parent/discs`` holding the named example scenarios, as a person saves them."""
    inside = parent / "discs"
    inside.mkdir()
    for name in names:
        (inside / f"{name}.json").write_text(json.dumps(example(name), indent=2) + "\n")
    return inside


def next_tile(state, terrain: str, colour: str, direction: str):
    """Rig a solo game: the next tile of a terrain's stack has this arrow (a tile added
    to the game's box and put on top of the deck's stack)."""
    from pachaprint.engine.rules.movement import Direction
    from pachaprint.engine.rules.tiles import ArrowTile
    from pachaprint.model.rules import TERRAIN_LETTERS

    t = TERRAIN_LETTERS.index(terrain)
    tile = ArrowTile("T", t, colour, Direction[direction])
    state.tiles.add_to_box(tile)
    state.deck.stacks[t][state.tiles.left[t] - 1] = tile
    return tile


def disc_of(scenario, grade: str | None = None):
    """The checked disc of a :class:`~pachaprint.model.scenario.Scenario`, as the checker
    makes it (dots filled, graded, its share code made); with ``grade`` the disc of a
    complete scenario with that grade, the checker not asked (a test that sets the words)."""
    from pachaprint.check.validate import validate_data
    from pachaprint.model.disc import checked_disc

    if grade is not None:
        return checked_disc(scenario, grade)
    report = validate_data(scenario.to_dict(), box="unlimited")
    assert report.disc is not None, [p.message for p in report.errors]
    return report.disc


def both_wheels(**settings):
    """Print settings with both shipped wheel templates (and the others given)."""
    from pachaprint.model.printing import PrintSettings

    return PrintSettings(wheels=("retail", "volvelle45"), **settings)


def write_disc(scenario, out: Path, settings=None, grade: str | None = None, **options):
    """``scenario``'s disc files written into ``out`` (both templates unless ``settings``
    say otherwise); ``grade`` as :func:`disc_of` takes it."""
    from pachaprint.render.disc_files import write_disc_files

    return write_disc_files(disc_of(scenario, grade), settings or both_wheels(), out, **options)


def write_core_wheels(root: Path, paper: str = "a4", settings=None, suffix: str = "") -> list:
    """The core wheel files (covers, calibration disc) on ``paper``, written under ``root``."""
    from pachaprint.render.core import wheel_core_files

    written = []
    for name, data in wheel_core_files(paper, settings or both_wheels(), suffix).items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(data)
        written.append(root / name)
    return written
