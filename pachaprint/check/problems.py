"""Rule ids and the structured problems and reports every check returns."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any


class Rule(str, Enum):
    """The rule ids of docs/formats/validation-report.md, in report order."""

    JSON = "json"
    SCHEMA = "schema"
    DIMENSIONS = "dimensions"
    REGION_SIZE = "region-size"
    REGION_SEPARATION = "region-separation"
    CROP_RANGE = "crop-range"
    CROP_SEPARATION = "crop-separation"
    START = "start"
    UNSOLVABLE = "unsolvable"
    NOT_UNIQUE = "not-unique"
    CROPS_MISMATCH = "crops-mismatch"
    BOX_LIMIT = "box-limit"
    # Warnings only (never change the exit code):
    INCOMPLETE = "incomplete"
    SOLO = "solo"
    GIVENS = "givens"
    DIFFICULTY = "difficulty"
    NAME_FIT = "name-fit"
    GLYPH = "missing-glyph"

    @property
    def order(self) -> int:
        return list(Rule).index(self)


@dataclass(frozen=True, slots=True)
class Problem:
    """One problem: the rule broken, the cells involved (names), and a message in words.

    ``pointer`` is the JSON pointer for ``schema`` problems, ``line``/``column``
    the position for ``json`` problems.
    """

    rule: Rule
    message: str
    cells: tuple[str, ...] = ()
    pointer: str | None = None
    omitted: int | None = None
    """Set on the one problem that stands for the problems of its rule not listed (how many)."""

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "rule": self.rule.value,
            "cells": list(self.cells),
            "message": self.message,
        }
        if self.pointer is not None:
            data["pointer"] = self.pointer
        if self.omitted is not None:
            data["omitted"] = self.omitted
        return data

    @property
    def count(self) -> int:
        """How many problems this one stands for: 1, or the number omitted."""
        return 1 if self.omitted is None else self.omitted

    def sort_key(self) -> tuple[int, str, tuple[str, ...], str]:
        return (self.rule.order, self.pointer or "", self.cells, self.message)


@dataclass(slots=True)
class Report:
    """The verdict on one scenario file."""

    file: str
    id: str | None = None
    errors: list[Problem] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)
    stats: dict[str, Any] = field(default_factory=dict)
    scenario: Any = field(default=None, repr=False)
    """The :class:`~pachaprint.model.Scenario` when the file got past the schema."""
    solution: tuple[int, ...] | None = field(default=None, repr=False)
    """The unique crop layer (flat levels) when there is one."""
    solved: Any = field(default=None, repr=False)
    """The solver's whole verdict (the two differing layers of a map that is not unique)."""
    _disc: Any = field(default=None, init=False, repr=False, compare=False)
    """The checked disc, made when :attr:`disc` is first asked for."""

    @property
    def valid(self) -> bool:
        return not self.errors

    @property
    def disc(self) -> Any:
        """The checked :class:`~pachaprint.model.disc.Disc` of a valid scenario that was graded
        (``None`` otherwise): its crop layer completed with the one solution, its grade, its
        counts and its share code, made of this report when first asked for, then kept (so
        ``validate``, which prints no disc, makes none)."""
        graded = self.stats.get("difficulty")
        if self._disc is None and self.valid and self.solution is not None and graded:
            from pachaprint.model.disc import DiscStats, checked_disc
            from pachaprint.model.scenario import crops_to_rows

            scenario = self.scenario
            complete = (
                scenario
                if scenario.is_complete
                else scenario.with_crops(crops_to_rows(scenario.board, self.solution))
            )
            self._disc = checked_disc(complete, str(graded), DiscStats.of(scenario))
        return self._disc

    def rules(self) -> list[str]:
        """The distinct rule ids of the errors, in report order."""
        return sorted({p.rule.value for p in self.errors}, key=lambda r: Rule(r).order)

    def to_dict(self) -> dict[str, Any]:
        return {
            "file": self.file,
            "id": self.id,
            "valid": self.valid,
            "errors": [p.to_dict() for p in self.errors],
            "warnings": [p.to_dict() for p in self.warnings],
            "stats": self.stats,
        }
