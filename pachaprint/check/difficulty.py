"""Difficulty grades: the tier of the hardest technique a scenario needs.

Its own small module so that reading a grade (the checker, the reports) does
not import the technique engine of :mod:`pachaprint.check.techniques`.
"""

from __future__ import annotations

from enum import Enum


class Difficulty(str, Enum):
    """How hard a scenario is: the tier of the hardest technique it needs."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
    EXPERT = "expert"
    NEEDS_GUESSING = "needs-guessing"

    @property
    def rank(self) -> int:
        """0 for easy up to 4 for needs-guessing."""
        return _RANK[self.value]

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Difficulty):
            return NotImplemented
        return self.rank < other.rank

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Difficulty):
            return NotImplemented
        return self.rank <= other.rank

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Difficulty):
            return NotImplemented
        return self.rank > other.rank

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Difficulty):
            return NotImplemented
        return self.rank >= other.rank

    def __str__(self) -> str:
        return self.value


_RANK = {"easy": 0, "medium": 1, "hard": 2, "expert": 3, "needs-guessing": 4}
TECHNIQUE_TIERS = (Difficulty.EASY, Difficulty.MEDIUM, Difficulty.HARD, Difficulty.EXPERT)
"""The tiers that have techniques, easiest first."""
