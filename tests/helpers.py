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
