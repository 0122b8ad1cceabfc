"""A named technique and one step of reasoning made with it.

:mod:`pachaprint.check.techniques` holds the list of techniques, easiest first;
each finds :class:`Deduction` objects in a position (domain masks, bit
``1 << level`` set while the level is still possible, plus the set of cells
already *placed*). This module holds the two types and the words they share.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from pachaprint.check.difficulty import Difficulty
from pachaprint.model.board import Board

TYPE_CHECKING = False  # typing is not loaded at run time (start-up time)
if TYPE_CHECKING:
    from typing import Any, Final

Finder = Callable[..., Iterator["Deduction"]]
"""A technique's search: ``find(pos, dom, placed)`` yields what it deduces there (``pos``
a :class:`~pachaprint.check.position.Position`, which needs this module's words)."""
Words = tuple[tuple[int, ...], str]
"""A step's reasons: the cells that justify it and the sentence that says it."""


class Technique:
    """A named deduction technique: its id, its title and tier, a one-sentence
    summary in plain words, the search that finds it in a position, and
    ``rank`` (``tier.rank``, for the solver loop's comparisons).

    A value (equal and hashed by its fields, never changed), written out
    rather than a dataclass for the start-up time of ``validate``.
    """

    __slots__ = ("find", "id", "rank", "summary", "tier", "title")

    def __init__(
        self, id: str, title: str, tier: Difficulty, summary: str, find: Finder, rank: int
    ) -> None:
        self.id: Final = id
        self.title: Final = title
        self.tier: Final = tier
        self.summary: Final = summary
        self.find: Final = find
        self.rank: Final = rank

    def _key(self) -> tuple[object, ...]:
        return (self.id, self.title, self.tier, self.summary, self.find, self.rank)

    def __eq__(self, other: object) -> bool:
        if type(other) is not Technique:
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (
            f"Technique(id={self.id!r}, title={self.title!r}, tier={self.tier!r}, "
            f"summary={self.summary!r}, find={self.find!r}, rank={self.rank!r})"
        )


class Deduction:
    """One step of reasoning.

    ``placed`` lists ``(cell, level)`` set by the step, ``ruled_out`` the
    ``(cell, level)`` pairs it removes; ``because`` the cells that justify it;
    ``text`` the step in plain words, cells by name ("c3 must be 1: ...").
    The last two are written when asked for (``words``, which takes no part
    in equality): the grader never needs them. A value, like :class:`Technique`.
    """

    __slots__ = ("placed", "ruled_out", "technique", "words")

    def __init__(
        self,
        technique: Technique,
        placed: tuple[tuple[int, int], ...],
        ruled_out: tuple[tuple[int, int], ...],
        words: Callable[[], Words],
    ) -> None:
        self.technique: Final = technique
        self.placed: Final = placed
        self.ruled_out: Final = ruled_out
        self.words: Final = words

    def __eq__(self, other: object) -> bool:
        if type(other) is not Deduction:
            return NotImplemented
        return (self.technique, self.placed, self.ruled_out) == (
            other.technique,
            other.placed,
            other.ruled_out,
        )

    def __hash__(self) -> int:
        return hash((self.technique, self.placed, self.ruled_out))

    def __repr__(self) -> str:
        return (
            f"Deduction(technique={self.technique!r}, placed={self.placed!r}, "
            f"ruled_out={self.ruled_out!r})"
        )

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
