"""A named technique and one step of reasoning made with it.

:mod:`pachaprint.check.techniques` holds the list of techniques, easiest first;
each finds :class:`Deduction` objects in a position (domain masks, bit
``1 << level`` set while the level is still possible, plus the set of cells
already *placed*). This module holds the two types and the words they share.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from pachaprint.check.difficulty import Difficulty
from pachaprint.model.board import Board

Finder = Callable[..., Iterator["Deduction"]]
"""A technique's search: ``find(pos, dom, placed)`` yields what it deduces there (``pos``
a :class:`~pachaprint.check.position.Position`, which needs this module's words)."""
Words = tuple[tuple[int, ...], str]
"""A step's reasons: the cells that justify it and the sentence that says it."""


@dataclass(frozen=True, slots=True)
class Technique:
    """A named deduction technique: its id, its title and tier, a one-sentence
    summary in plain words, and the search that finds it in a position."""

    id: str
    title: str
    tier: Difficulty
    summary: str
    find: Finder
    rank: int
    """``tier.rank``, for the solver loop's comparisons."""


@dataclass(frozen=True, slots=True)
class Deduction:
    """One step of reasoning.

    ``placed`` lists ``(cell, level)`` set by the step, ``ruled_out`` the
    ``(cell, level)`` pairs it removes; ``because`` the cells that justify it;
    ``text`` the step in plain words, cells by name ("c3 must be 1: ...").
    The last two are written when asked for (``words``): the grader never
    needs them.
    """

    technique: Technique
    placed: tuple[tuple[int, int], ...]
    ruled_out: tuple[tuple[int, int], ...]
    words: Callable[[], Words] = field(compare=False, repr=False)

    @property
    def because(self) -> tuple[int, ...]:
        return self.words()[0]

    @property
    def text(self) -> str:
        return self.words()[1]

    @property
    def tier(self) -> Difficulty:
        return self.technique.tier

    @property
    def cells(self) -> tuple[int, ...]:
        """The cells this step changes, ascending."""
        return tuple(sorted({c for c, _ in self.placed} | {c for c, _ in self.ruled_out}))

    @property
    def levels(self) -> tuple[int, ...]:
        """The levels this step places or rules out, ascending."""
        return tuple(sorted({v for _, v in self.placed} | {v for _, v in self.ruled_out}))

    @property
    def is_placement(self) -> bool:
        return bool(self.placed)

    def apply(self, dom: list[int], placed: set[int] | None = None) -> None:
        """Apply the step to a position in place."""
        for cell, level in self.ruled_out:
            dom[cell] &= ~(1 << level)
        for cell, level in self.placed:
            dom[cell] = 1 << level
            if placed is not None:
                placed.add(cell)

    def to_dict(self, board: Board) -> dict[str, Any]:
        """JSON-ready form with cell names."""
        ruled: dict[str, list[int]] = {}
        for cell, level in sorted(self.ruled_out):
            ruled.setdefault(board.name(cell), []).append(level)
        return {
            "technique": self.technique.id,
            "tier": self.tier.value,
            "placed": {board.name(c): v for c, v in sorted(self.placed)},
            "ruled_out": ruled,
            "because": board.names(self.because),
            "text": self.text,
        }


def join(words: list[str], word: str = "and") -> str:
    """``["a", "b", "c"]`` -> ``"a, b and c"``."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {word} " + words[-1]


def levels_text(levels: Iterable[int], word: str = "and") -> str:
    """Levels in words, ascending: ``"1, 2 and 4"``."""
    return join([str(v) for v in sorted(levels)], word)
