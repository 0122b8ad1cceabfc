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

    @property
    def valid(self) -> bool:
        return not self.errors

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
