"""Every scenario the share tests round-trip: the shipped library and every valid fixture scenario."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from pachaprint.check.validate import validate_data
from tests.helpers import REPO


def _found(value: Any) -> list[dict[str, Any]]:
    """Scenario mappings in a fixture file: the file itself, a log's scenario, a golden list's."""
    if isinstance(value, dict) and value.get("format") == "pachaprint-scenario/1":
        return [value]
    if isinstance(value, dict) and isinstance(value.get("scenario"), dict):
        return _found(value["scenario"])
    if isinstance(value, list):
        return [s for item in value for s in _found(item)]
    return []


@cache
def corpus() -> tuple[tuple[str, str], ...]:
    """``(label, JSON text)`` of every shipped scenario and every fixture scenario that validates."""
    found: dict[str, str] = {}
    for path in sorted((REPO / "scenarios").glob("*.json")):
        found[f"scenarios/{path.name}"] = path.read_text(encoding="utf-8")
    fixtures = sorted((REPO / "tests" / "fixtures").rglob("*.json")) + sorted(
        (REPO / "tests" / "golden").glob("*.json")
    )
    for path in fixtures:
        for k, data in enumerate(_found(json.loads(path.read_text(encoding="utf-8")))):
            if validate_data(data, difficulty=False).valid:
                text = json.dumps(data)
                if text not in found.values():
                    found[f"{path.relative_to(REPO)}#{k}"] = text
    return tuple(found.items())
