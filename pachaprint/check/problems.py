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
    is one, and ``solved`` the solver's whole verdict (the two differing layers of
    a map that is not unique); :attr:`disc` the checked disc of a valid, graded
    scenario. Reports are equal when all their fields are (the disc is made of them).
    """

    __slots__ = (
        "_disc",
        "errors",
        "file",
        "id",
        "scenario",
        "solution",
        "solved",
        "stats",
        "warnings",
    )

    def __init__(
        self,
        file: str,
        id: str | None = None,
        errors: list[Problem] | None = None,
        warnings: list[Problem] | None = None,
        stats: dict[str, Any] | None = None,
        scenario: Any = None,
        solution: tuple[int, ...] | None = None,
        solved: Any = None,
    ) -> None:
        self.file = file
        self.id = id
        self.errors: list[Problem] = [] if errors is None else errors
        self.warnings: list[Problem] = [] if warnings is None else warnings
        self.stats: dict[str, Any] = {} if stats is None else stats
        self.scenario: Any = scenario
        self.solution = solution
        self.solved: Any = solved
        self._disc: Any = None

    def _key(self) -> tuple[Any, ...]:
        return (
            self.file,
            self.id,
            self.errors,
            self.warnings,
            self.stats,
            self.scenario,
            self.solution,
            self.solved,
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
