"""A bot's divinations by kind, in a report: proven crops, guesses it chose, guesses the
rules forced on it (in solo a Divine turn divines with every pawn), and the wrong ones.

A run of a simulation against the Otoma counts them under :data:`DIVINATION_KEYS`
(:mod:`~pachaprint.engine.analysis.report`); the words here say them in the
simulation's text and the build's ``report.md``.
"""

from __future__ import annotations

from typing import Any

DIVINATION_KEYS = (
    "wrong_divinations",
    "proven",
    "proven_wrong",
    "chosen_guesses",
    "chosen_guesses_wrong",
    "forced_guesses",
    "forced_guesses_wrong",
)
"""A run's divinations by kind: proven crops, guesses the bot chose, guesses the rules
forced on it (solo: a Divine turn divines with every pawn), and how many of each were wrong."""


def wrong_guesses(run: dict[str, Any]) -> str:
    """``"13 of 28, 2 of 3"``: the wrong ones of the chosen and of the forced guesses."""
    return ", ".join(
        f"{run[key + '_wrong']} of {run[key]}" for key in ("chosen_guesses", "forced_guesses")
    )


def divination_words(run: dict[str, Any]) -> str:
    """``"divinations: 45 proven (0 wrong), 30 chosen guesses (24 wrong), 7 forced guesses
    (6 wrong)"``: a bot's divinations by kind, the guesses the rules forced on it apart."""
    parts = [
        f"{run[key]} {words} ({run[key + '_wrong']} wrong)"
        for key, words in (
            ("proven", "proven"),
            ("chosen_guesses", "chosen guesses"),
            ("forced_guesses", "forced guesses"),
        )
        if run[key]
    ]
    return f"divinations: {', '.join(parts) or 'none'}"
