"""Rule ids and the structured problems and reports every check returns.

:class:`Problem` and :class:`Report` are written out by hand rather than as
dataclasses: ``pachaprint validate`` loads them on every run, and the
``dataclasses`` module (with ``inspect``, ``ast`` and ``tokenize`` behind it)
would cost a third of a bare Python start (see :mod:`pachaprint.cli.fast`).
"""

from __future__ import annotations

from enum import Enum

TYPE_CHECKING = False  # typing is not loaded at run time (start-up time)
if TYPE_CHECKING:
    from typing import Any, Final


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


class Problem:
    """One problem: the rule broken, the cells involved (names), and a message in words.

    ``pointer`` is the JSON pointer for ``schema`` problems, ``line``/``column``
    the position for ``json`` problems. ``omitted`` is set on the one problem
    that stands for the problems of its rule not listed (how many). A value:
    equal and hashed by its fields, never changed.
    """

    __slots__ = ("cells", "message", "omitted", "pointer", "rule")

    def __init__(
        self,
        rule: Rule,
        message: str,
        cells: tuple[str, ...] = (),
        pointer: str | None = None,
        omitted: int | None = None,
    ) -> None:
        self.rule: Final = rule
        self.message: Final = message
        self.cells: Final = cells
        self.pointer: Final = pointer
        self.omitted: Final = omitted

    def _key(self) -> tuple[Rule, str, tuple[str, ...], str | None, int | None]:
        return (self.rule, self.message, self.cells, self.pointer, self.omitted)

    def __eq__(self, other: object) -> bool:
        if type(other) is not Problem:
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (
            f"Problem(rule={self.rule!r}, message={self.message!r}, cells={self.cells!r}, "
            f"pointer={self.pointer!r}, omitted={self.omitted!r})"
        )

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


class Report:
    """The verdict on one scenario file.

    ``scenario`` is the :class:`~pachaprint.model.Scenario` when the file got
    past the schema; ``solution`` the unique crop layer (flat levels) when there
    is one. Reports are equal when all their fields are.
    """

    __slots__ = ("errors", "file", "id", "scenario", "solution", "stats", "warnings")

    def __init__(
        self,
        file: str,
        id: str | None = None,
        errors: list[Problem] | None = None,
        warnings: list[Problem] | None = None,
        stats: dict[str, Any] | None = None,
        scenario: Any = None,
        solution: tuple[int, ...] | None = None,
    ) -> None:
        self.file = file
        self.id = id
        self.errors: list[Problem] = [] if errors is None else errors
        self.warnings: list[Problem] = [] if warnings is None else warnings
        self.stats: dict[str, Any] = {} if stats is None else stats
        self.scenario: Any = scenario
        self.solution = solution

    def _key(self) -> tuple[Any, ...]:
        return (
            self.file,
            self.id,
            self.errors,
            self.warnings,
            self.stats,
            self.scenario,
            self.solution,
        )

    def __eq__(self, other: object) -> bool:
        if type(other) is not Report:
            return NotImplemented
        return self._key() == other._key()

    def __repr__(self) -> str:
        return (
            f"Report(file={self.file!r}, id={self.id!r}, errors={self.errors!r}, "
            f"warnings={self.warnings!r}, stats={self.stats!r})"
        )

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
