"""Validate one scenario file or text end to end: JSON, schema, dimensions, rules.

This is what ``pachaprint validate`` runs per file and what the build calls.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pachaprint.check.difficulty import Difficulty
from pachaprint.check.grade import grade
from pachaprint.check.load import parse_bytes, parse_text, read_file, schema_problems
from pachaprint.check.printing import print_warnings
from pachaprint.check.problems import Problem, Report, Rule
from pachaprint.check.rules import check_scenario, dimension_problems
from pachaprint.model.scenario import Scenario


def validate_data(
    data: Any, file: str = "<data>", box: str = "retail", difficulty: bool = True
) -> Report:
    """Validate an already parsed JSON value.

    With ``difficulty`` (the default, as ``validate`` reports it) a unique map
    is also graded; the rule verdict is the same either way.
    """
    report = Report(file=file)
    if isinstance(data, dict) and isinstance(data.get("id"), str):
        report.id = data["id"]
    report.errors = schema_problems(data)
    if report.errors:
        return report
    report.errors = dimension_problems(data)
    if report.errors:
        return report
    scenario = Scenario.from_dict(data)
    report.scenario = scenario
    report.errors, report.warnings, report.solution = check_scenario(scenario, box)
    report.warnings += print_warnings(scenario)
    report.stats = scenario_stats(scenario, report.solution is not None)
    if difficulty and report.solution is not None:
        difficulty = grade(scenario)
        report.stats["difficulty"] = difficulty.value
        if difficulty is Difficulty.NEEDS_GUESSING:
            report.warnings.append(
                Problem(
                    Rule.DIFFICULTY,
                    "the named deductions do not finish this map: players would have to guess at some point "
                    "(`pachaprint solve --explain` shows where the chain stops)",
                )
            )
    return report


def scenario_stats(scenario: Scenario, unique: bool) -> dict[str, Any]:
    """Counts shown in reports: regions, start cells, terrain supply, crop tiles."""
    return {
        "size": scenario.size,
        "regions": len(scenario.regions),
        "start_cells": len(scenario.start_cells),
        "terrain": scenario.terrain_counts(),
        "crop_tiles": {str(k): v for k, v in scenario.crop_tile_counts().items()},
        "unique": unique,
    }


def validate_text(text: str, file: str = "<text>", box: str = "retail") -> Report:
    data, problems = parse_text(text.removeprefix("\ufeff"))
    if problems:
        return Report(file=file, errors=problems)
    return validate_data(data, file, box)


def validate_bytes(raw: bytes, file: str = "<bytes>", box: str = "retail") -> Report:
    data, problems = parse_bytes(raw)
    if problems:
        return Report(file=file, errors=problems)
    return validate_data(data, file, box)


def validate_file(path: str | Path, box: str = "retail") -> Report:
    """Validate a file; ``OSError`` (missing/unreadable) propagates to the caller."""
    return validate_bytes(read_file(Path(path)), str(path), box)
