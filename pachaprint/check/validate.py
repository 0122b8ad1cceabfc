"""Validate one scenario file or text end to end: JSON, schema, dimensions, rules.

This is what ``pachaprint validate`` runs per file and what the build calls.
Every function here returns a :class:`~pachaprint.check.problems.Report` for
any input; ``file`` is shown escaped (:func:`~pachaprint.model.text.display_path`),
so a report prints and serialises safely whatever the file is called. The report
of a valid scenario gives its checked :class:`~pachaprint.model.disc.Disc`
(``report.disc``): the one solve and the one grade of the file, which every
command that prints or shares the disc uses.
"""

from __future__ import annotations

import re
from os import PathLike
from pathlib import Path
from typing import Any

from pachaprint.check.difficulty import Difficulty
from pachaprint.check.grade import grade
from pachaprint.check.load import parse_bytes, parse_text, read_file, schema, schema_problems
from pachaprint.check.printing import print_warnings
from pachaprint.check.problems import Problem, Report, Rule
from pachaprint.check.rules import check_scenario, dimension_problems
from pachaprint.check.solver import SolveStatus
from pachaprint.model.disc import DiscStats
from pachaprint.model.scenario import Scenario
from pachaprint.model.text import display_path


def _scenario_id(data: Any) -> str | None:
    """The file's ``id`` when it is a well-formed id (reports never carry a malformed one)."""
    value = data.get("id") if isinstance(data, dict) else None
    if isinstance(value, str) and re.fullmatch(schema()["properties"]["id"]["pattern"], value):
        return value
    return None


def validate_data(
    data: Any, file: str = "<data>", box: str = "retail", difficulty: bool = True
) -> Report:
    """Validate an already parsed JSON value.

    With ``difficulty`` (the default, as ``validate`` reports it) a unique map
    is also graded, and a valid one gets its :class:`~pachaprint.model.disc.Disc`
    (``report.disc``); the rule verdict is the same either way.
    """
    report = Report(file=display_path(file))
    report.errors = schema_problems(data)
    if report.errors:
        report.id = _scenario_id(data)
        return report
    report.id = data["id"]  # the schema checked it (compiling its pattern again costs start-up)
    report.errors = dimension_problems(data)
    if report.errors:
        return report
    scenario = Scenario.from_dict(data)
    report.scenario = scenario
    report.errors, report.warnings, report.solved = check_scenario(scenario, box)
    unique = report.solved.status is SolveStatus.UNIQUE
    solution = report.solution = report.solved.solution if unique else None
    report.warnings += print_warnings(scenario)
    report.stats = DiscStats.of(scenario).to_dict(solution is not None)
    if difficulty and solution is not None:
        graded = grade(scenario)
        report.stats["difficulty"] = graded.value
        if graded is Difficulty.NEEDS_GUESSING:
            report.warnings.append(Problem(Rule.DIFFICULTY, GUESSING + EXPLAIN_ADVICE))
    return report


GUESSING = "the named deductions do not finish this map: players would have to guess at some point"
"""The ``difficulty`` warning's finding, without the advice of a command."""
EXPLAIN_ADVICE = " (`pachaprint solve --explain` shows where the chain stops)"
"""What the ``difficulty`` warning tells a person at the command line to do."""


def validate_text(text: str, file: str = "<text>", box: str = "retail") -> Report:
    """Validate JSON text (a leading byte-order mark is dropped)."""
    data, problems = parse_text(text.removeprefix("\ufeff"))
    if problems:
        return Report(file=display_path(file), errors=problems)
    return validate_data(data, file, box)


def validate_bytes(
    raw: bytes, file: str = "<bytes>", box: str = "retail", difficulty: bool = True
) -> Report:
    """Validate a file's bytes (UTF-8, optionally with a byte-order mark); ``difficulty``
    as :func:`validate_data` takes it."""
    data, problems = parse_bytes(raw)
    if problems:
        return Report(file=display_path(file), errors=problems)
    return validate_data(data, file, box, difficulty)


def validate_file(path: str | PathLike[str], box: str = "retail") -> Report:
    """Validate a file; ``OSError`` (missing/unreadable) propagates to the caller."""
    return validate_bytes(read_file(Path(path)), str(path), box)


def read_problem(path: str | PathLike[str], error: OSError) -> Report:
    """The report of a file that could not be read (one ``json`` problem, in words)."""
    reason = error.strerror or type(error).__name__
    return Report(
        file=display_path(path),
        errors=[Problem(Rule.JSON, f"the file cannot be read: {reason}")],
    )


def validate_path(path: str | PathLike[str], box: str = "retail") -> tuple[Report, bytes | None]:
    """Validate one file of a batch: ``(report, bytes read)``.

    A file that cannot be read is itself reported (a ``json`` problem, bytes
    ``None``), so one bad file never stops the others.
    """
    try:
        raw = read_file(Path(path))
    except OSError as error:
        return read_problem(path, error), None
    return validate_bytes(raw, str(path), box), raw
