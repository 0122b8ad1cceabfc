"""Option value sets shared by the commands (one definition each)."""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from typing import Any

from pachaprint.model.printing import INKS, papers
from pachaprint.resources import LANGUAGES, shipped_wheels


class OutputFormat(str, Enum):
    text = "text"
    json = "json"


class BoxLimit(str, Enum):
    retail = "retail"
    unlimited = "unlimited"


def choices(name: str, values: Sequence[str]) -> Any:
    """A ``str`` enum whose members are ``values``, each named as it is spelt: the choices of
    an option whose values a list elsewhere holds (Typer offers an enum's values)."""
    return Enum(name, [(value, value) for value in values], type=str)


Paper = choices("Paper", papers())
"""``--paper`` of one file: the papers of :func:`pachaprint.model.printing.papers`."""
PaperChoice = choices("PaperChoice", (*papers(), "both"))
"""``build --paper``: a paper, or ``both``: every one."""
Ink = choices("Ink", INKS)
"""``--ink``: the palettes of :data:`pachaprint.model.printing.INKS`."""
Lang = choices("Lang", LANGUAGES)
"""``--lang``: the languages of :data:`pachaprint.resources.LANGUAGES`."""
WheelChoice = choices("WheelChoice", (*shipped_wheels(), "both"))
"""``build --wheel``: a shipped template (:func:`pachaprint.resources.shipped_wheels`), or
``both``: every one."""


def parse_back_offset(text: str | None) -> tuple[float, float]:
    """``--back-offset X,Y`` (mm, right and down as seen on the back) -> ``(x, y)``.

    Raises ``ValueError`` with a message for anything else.
    """
    if not text:
        return (0.0, 0.0)
    parts = text.replace(" ", "").split(",")
    try:
        x, y = (float(p) for p in parts)
    except ValueError:
        raise ValueError(
            f"--back-offset {text}: give two numbers in millimetres, X,Y (e.g. 0.5,-1)"
        ) from None
    if not all(abs(v) <= 10.0 for v in (x, y)) or any(v != v for v in (x, y)):
        raise ValueError(f"--back-offset {text}: each part must lie between -10 and 10 mm")
    return (x, y)


def check_share_url(text: str) -> str:
    """``--share-url BASE``: an http(s) address without a ``#`` part, or ``ValueError`` in words."""
    from urllib.parse import urlsplit

    base = text.strip()
    parts = urlsplit(base)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ValueError(
            f"--share-url {text!r}: give the http(s) address of the digital wheel page, "
            "e.g. https://example.org/wheel.html"
        )
    if "#" in base or any(ch.isspace() for ch in base):
        raise ValueError(f"--share-url {text!r}: the address may hold no '#' and no spaces")
    return base


def fresh_seed() -> int:
    """A random seed for a command run without ``--seed`` (the command prints it)."""
    import random

    return random.SystemRandom().randrange(1 << 31)
