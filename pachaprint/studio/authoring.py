"""What the studio asks of the library about the scenario being edited.

The page edits a scenario mapping exactly as the file holds it
(docs/formats/scenario.md), with one addition: a terrain letter may be ``.`` for a cell not painted
yet. Every answer here is a JSON-ready dict built from :mod:`pachaprint.check`
calls; nothing in this module decides a rule itself.
"""

from __future__ import annotations

import time
from typing import Any

from pachaprint.check.conflict import terrain_conflict
from pachaprint.check.difficulty import Difficulty
from pachaprint.check.explain import chain_difficulty, explain_givens
from pachaprint.check.generate import SCHEMA_REF, generate, slug
from pachaprint.check.load import schema_problems
from pachaprint.check.problems import Problem, Report, Rule
from pachaprint.check.propagate import levels_of
from pachaprint.check.rules import (
    dimension_problems,
    incomplete_words,
    no_digit_words,
    settling_start_cells,
    sort_problems,
    standing_problems,
    start_candidates,
)
from pachaprint.check.solver import givens_of
from pachaprint.check.techniques import is_solved, position_for
from pachaprint.check.validate import EXPLAIN_ADVICE, GUESSING, validate_data
from pachaprint.model.board import SIZES, board_for, join_names
from pachaprint.model.disc import Disc
from pachaprint.model.scenario import FORMAT, Scenario, crops_to_rows

UNPAINTED = "."
"""A terrain letter the studio uses for a cell not painted yet (saved only in a draft)."""
DRAFT_FORMAT = "pachaprint-draft/1"
"""The ``format`` of a map saved with cells still unpainted: not a scenario yet, so
``validate`` and ``build`` skip it in a folder (with a note) and the studio opens it."""
UNPAINTED_RULE = "unpainted"
"""The studio's own problem id for cells without terrain (the file format has none)."""
DIFFICULTIES = ("easy", "medium", "hard", "expert")
"""Difficulties the generator can be asked for."""


class DocumentError(ValueError):
    """The scenario cannot be used for this request yet; ``problems`` say why."""

    def __init__(self, message: str, problems: list[dict[str, Any]] | None = None):
        super().__init__(message)
        self.problems = problems or []


def _problem(problem: Problem) -> dict[str, Any]:
    return problem.to_dict()


ACTIONS = {"incomplete": "fill", "difficulty": "explain", "not-unique": "settle", "start": "digit"}
"""The page's button each kind of problem offers (its Help panel has the same buttons):
``fill`` writes the unique crop layer in, ``explain`` steps through the deductions,
``settle`` adds the suggested start cells, ``digit`` gives a start cell one of its
``digits``."""


def in_page(problem: dict[str, Any], verdict: dict[str, Any]) -> dict[str, Any]:
    """A problem as the studio lists it: its advice is a button of the page (``action``,
    see :data:`ACTIONS`), never a command to run."""
    rule, cells = problem["rule"], problem["cells"]
    shown = dict(problem)
    if rule == "incomplete":
        shown["message"] = incomplete_words(len(cells))
        shown["action"] = ACTIONS[rule]
    elif rule == "difficulty" and problem["message"] == GUESSING + EXPLAIN_ADVICE:
        shown["message"] = GUESSING + "; step through the deductions to see where they stop"
        shown["action"] = ACTIONS[rule]
    elif rule == "not-unique" and verdict["suggestion"]:
        shown["action"] = ACTIONS[rule]
    elif rule == "start" and cells and problem["message"] == no_digit_words(cells[0]):
        digits = verdict["candidates"].get(cells[0], [])
        shown["action"] = ACTIONS[rule]
        shown["digits"] = digits
        if digits:
            words = ", ".join(str(d) for d in digits[:-1])
            fit = f"{words} or {digits[-1]}" if words else str(digits[-1])
            verb = "fits" if len(digits) == 1 else "fit"
            shown["message"] = f"start cell {cells[0]} has no crop digit yet: {fit} {verb} there"
        else:
            shown["message"] = (
                f"start cell {cells[0]} has no crop digit, and none fits there: the "
                "unsolvable problem says why"
            )
    return shown


def unpainted_cells(data: Any) -> list[str]:
    """Names of the cells whose terrain is still ``.`` (empty when the shape is not a grid)."""
    if not isinstance(data, dict) or data.get("size") not in SIZES:
        return []
    rows = data.get("terrain")
    if not isinstance(rows, list) or not all(isinstance(row, str) for row in rows):
        return []
    board = board_for(data["size"])
    return [
        board.name(board.cell(column, row))
        for row, text in enumerate(rows[: board.height])
        for column, letter in enumerate(text[: board.width])
        if letter == UNPAINTED
    ]


def _painted_copy(data: dict[str, Any]) -> dict[str, Any]:
    """A copy with unpainted cells filled in, to schema-check the other fields."""
    copy = dict(data)
    copy["terrain"] = [row.replace(UNPAINTED, "V") for row in data["terrain"]]
    return copy


FIRST_STEP = (
    "A blank map. Paint the terrain first: pick Valley, Desert, Forest or Mountain and click "
    "or drag over the cells (or move with the arrow keys and press V, D, F or M)."
)
START_STEP = (
    "Now mark the start cells, the cells shown at setup: press S on a cell (or use the Start "
    "tool) and give each a crop digit, 1 to 5."
)
NO_START = "no start cell yet: mark at least one with S and give it a crop digit (1-5)"
TERRAIN_FITS = "The terrain alone admits a crop layer: the start cells will pick one."
TERRAIN_FITS_BUT = (
    "The terrain alone admits a crop layer, but the problems listed stand whatever the "
    "start cells: fix them too."
)
TERRAIN_CONFLICT = (
    "No crop layer fits this terrain, whatever the start cells: repaint some of the "
    "{count} cells marked on the map (the unsolvable problem says why)."
)


def check_document(data: Any, box: str = "retail") -> dict[str, Any]:
    """The live verdict: problems with their cells, difficulty, the unique layer, a fix for ambiguity.

    Keys: ``ready`` (the map is complete enough for the rules to be checked),
    ``valid``, ``errors`` and ``warnings`` (``rule``, ``cells``, ``message``),
    ``status`` (``unique``/``multiple``/``none`` or ``null``), ``difficulty``,
    ``stats``, ``solution`` (row strings of the unique crop layer),
    ``suggestion`` (start cells -> levels that make a not-unique map unique),
    ``guide`` (the next step in words while the map is being set up, else
    ``null``), ``terrain`` (before any start cell: whether the terrain alone
    admits a crop layer, ``solvable``, ``message`` and the ``cells`` of a smallest
    conflict, :func:`pachaprint.check.conflict.terrain_conflict`) and
    ``id_for_name`` (the id the name suggests) and ``candidates`` (for each
    start cell without a crop digit, the levels that can still go there:
    :func:`pachaprint.check.rules.start_candidates`).

    Whatever the map's state, every problem its painted cells already decide is
    listed (:func:`pachaprint.check.rules.standing_problems`), and each problem's
    advice is a button of the page (:func:`in_page`).
    """
    began = time.perf_counter()
    verdict: dict[str, Any] = {
        "ready": False,
        "valid": False,
        "errors": [],
        "warnings": [],
        "status": None,
        "difficulty": None,
        "stats": {},
        "solution": None,
        "suggestion": None,
        "guide": None,
        "terrain": None,
        "id_for_name": _id_for_name(data),
        "candidates": {},
    }
    blank = unpainted_cells(data)
    no_start = isinstance(data, dict) and data.get("start") == []
    if blank:
        others = [
            p
            for p in schema_problems(_painted_copy(data))
            if not (p.pointer or "").startswith(("/terrain", "/start"))
        ]
        many = len(blank) != 1
        every = len(blank) == board_for(data["size"]).cell_count
        message = (
            f"all {len(blank)} cells still need a terrain"
            if every
            else f"{len(blank)} cell{'s' if many else ''} still need{'' if many else 's'} a terrain: "
            + join_names(blank)
        )
        standing = []
        if not others and not dimension_problems(data):
            standing = standing_problems(Scenario.from_dict(data), box)
        verdict["errors"] = [
            {"rule": UNPAINTED_RULE, "cells": blank, "message": message},
            *(_problem(p) for p in [*others, *standing]),
        ]
        if every:
            verdict["guide"] = FIRST_STEP
    elif no_start:
        _fill_before_start(verdict, data, box)
    else:
        report = validate_data(data, box=box)
        _fill_verdict(verdict, report)
        if report.scenario is not None:
            verdict["candidates"] = start_candidates(report.scenario)
    verdict["errors"] = [in_page(p, verdict) for p in verdict["errors"]]
    verdict["warnings"] = [in_page(p, verdict) for p in verdict["warnings"]]
    verdict["ms"] = round((time.perf_counter() - began) * 1000, 2)
    return verdict


def _id_for_name(data: Any) -> str | None:
    name = data.get("name") if isinstance(data, dict) else None
    return slug(name) if isinstance(name, str) and name.strip() else None


def _fill_before_start(verdict: dict[str, Any], data: dict[str, Any], box: str) -> None:
    """A painted map without start cells: its shape problems, the missing start cells said
    in words, every problem that stands whatever the start cells, and whether the terrain
    alone admits a crop layer."""
    others = [p for p in schema_problems(data) if not (p.pointer or "").startswith("/start")]
    if not others:
        others = dimension_problems(data)
    if others:
        verdict["errors"] = [
            {"rule": "start", "cells": [], "message": NO_START},
            *(_problem(p) for p in others),
        ]
        return
    scenario = Scenario.from_dict(data)
    found = [*standing_problems(scenario, box), Problem(Rule.START, NO_START)]
    conflict = terrain_conflict(data["terrain"])
    if conflict is not None:
        names = tuple(scenario.board.names(conflict.cells))
        found.append(Problem(Rule.UNSOLVABLE, conflict.message, names))
    sort_problems(scenario.board, found)
    verdict["errors"] = [_problem(p) for p in found]
    if conflict is None:
        verdict["guide"] = START_STEP
        fits = TERRAIN_FITS_BUT if len(found) > 1 else TERRAIN_FITS
        verdict["terrain"] = {"solvable": True, "message": fits, "cells": []}
        return
    cells = board_for(data["size"]).names(conflict.cells)
    verdict["status"] = "none"
    message = TERRAIN_CONFLICT.format(count=len(cells))
    verdict["terrain"] = {"solvable": False, "message": message, "cells": cells}


def _fill_verdict(verdict: dict[str, Any], report: Report) -> None:
    verdict["ready"] = report.scenario is not None
    verdict["valid"] = report.valid
    verdict["errors"] = [_problem(p) for p in report.errors]
    verdict["warnings"] = [_problem(p) for p in report.warnings]
    verdict["stats"] = report.stats
    verdict["difficulty"] = report.stats.get("difficulty")
    rules = {p.rule.value for p in report.errors}
    scenario = report.scenario
    if report.solution is not None and scenario is not None:
        verdict["status"] = "unique"
        verdict["solution"] = crops_to_rows(scenario.board, report.solution)
    elif "not-unique" in rules and scenario is not None:
        verdict["status"] = "multiple"
        verdict["suggestion"] = settling_start_cells(scenario)
    elif "unsolvable" in rules:
        verdict["status"] = "none"


def disc_of(data: Any, box: str = "retail") -> Disc:
    """The checked disc of a mapping: its dots filled, graded, its share code made.

    Raises :class:`DocumentError` listing the problems when it is not valid yet.
    """
    if unpainted_cells(data):
        raise DocumentError("paint every cell first")
    report = validate_data(data, box=box)
    if not report.valid or report.disc is None:
        raise DocumentError(
            "the scenario is not valid yet; fix the problems listed first",
            [_problem(p) for p in report.errors],
        )
    disc: Disc = report.disc
    return disc


def explain_document(data: Any) -> dict[str, Any]:
    """The explained deductions from the start cells, with the grid after every step.

    ``initial`` and each step's ``candidates`` give every cell's possible
    levels as a digit string (reading order); ``placed`` lists the cells
    decided so far. Each step also has the keys of
    :meth:`~pachaprint.check.techniques.Deduction.to_dict` and ``cells``, the
    cells it changes.
    """
    if unpainted_cells(data):
        raise DocumentError("paint every cell first")
    report = validate_data(data, difficulty=False)
    scenario = report.scenario
    if scenario is None:
        raise DocumentError("fix the file's shape first", [_problem(p) for p in report.errors])
    board = scenario.board
    pos = position_for(board, scenario.terrain_flat)
    givens = givens_of(scenario)
    started = pos.start(givens)
    if started is None:
        raise DocumentError(
            "a start cell's crop does not fit its region; fix the start crops first"
        )
    dom, placed = started

    def snapshot() -> tuple[list[str], list[str]]:
        digits = ["".join(str(v) for v in levels_of(d)) for d in dom]
        return digits, board.names(placed)

    initial, initial_placed = snapshot()
    steps = []
    chain = explain_givens(pos, givens)
    for step in chain:
        step.apply(dom, placed)
        candidates, decided = snapshot()
        steps.append(
            {
                **step.to_dict(board),
                "cells": board.names(step.cells),
                "candidates": candidates,
                "placed": decided,
            }
        )
    complete = is_solved(dom)
    return {
        "initial": initial,
        "placed": initial_placed,
        "steps": steps,
        "complete": complete,
        "difficulty": chain_difficulty(chain, complete).value,
        "givens": board.names(givens),
    }


def blank_document(size: str, scenario_id: str, name: str) -> dict[str, Any]:
    """A new scenario mapping with no terrain painted and no crops."""
    board = board_for(size)
    return {
        "$schema": SCHEMA_REF,
        "format": FORMAT,
        "id": scenario_id,
        "name": name,
        "size": size,
        "terrain": [UNPAINTED * board.width] * board.height,
        "crops": [UNPAINTED * board.width] * board.height,
        "start": [],
    }


def generated_document(
    size: str, difficulty: str, seed: int, scenario_id: str | None = None
) -> dict[str, Any]:
    """A fresh valid scenario from the generator (``pachaprint new``), as a mapping.

    ``ValueError`` for an unknown size or difficulty;
    :class:`~pachaprint.check.generate.GenerationError` if the generator gives up.
    """
    if size not in SIZES:
        raise ValueError(f"size must be tiny or long, not {size!r}")
    if difficulty not in DIFFICULTIES:
        raise ValueError(f"difficulty must be one of {', '.join(DIFFICULTIES)}")
    made = generate(size, seed, Difficulty(difficulty), id=scenario_id)
    return made.scenario.to_dict()


def default_id(size: str, seed: int) -> str:
    """The id the generator gives a scenario of this size and seed."""
    return slug(f"{size.capitalize()} disc {seed}")
