"""Text safety: which characters a scenario's free text may hold, and how any text is shown.

A scenario's name, author, notes and ``$schema`` are free text, checked once
at load through the JSON Schema's pattern (:data:`TEXT_PATTERN`). They may
hold any character except those that are not text or that drive a terminal
or break XML: control characters other than tab and newline (C0, DEL and
C1, so no terminal escapes), lone surrogates (half of a UTF-16 pair; they
cannot be written as UTF-8) and the non-characters U+FFFE and U+FFFF (not
allowed in XML). Whatever passes prints, renders and writes safely.

Text that was never checked (a problem message quoting a rejected value, a
file name) goes through :func:`printable` or :func:`display_path` before it
reaches a terminal, a report or a page.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Sequence

_REFUSED = "\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\ud800-\\udfff\\ufffe\\uffff"
"""The characters free text may not hold, as a regular-expression class (tab and newline
are the gaps in the controls)."""

TEXT_PATTERN = f"^[^{_REFUSED}]*$"
"""The schema pattern for free text (ECMA-262 and Python ``re`` read it alike)."""

_MAX_QUOTED_BITS = 10_000
"""Larger integers are not spelled out (Python refuses to print over 4,300 digits)."""


def forbidden_characters(text: str) -> list[tuple[int, str]]:
    """``(index, character)`` for every character free text may not hold, in order.

    The class is compiled on first use (``re`` keeps it), not at import: a valid
    file never asks, and compiling it costs ``validate`` half a millisecond."""
    found = re.finditer(f"[{_REFUSED}]", text)
    return [(match.start(), match.group()) for match in found]


def describe_character(character: str) -> str:
    """``U+001B, a control character`` and the like, for messages."""
    code = f"U+{ord(character):04X}"
    if "\ud800" <= character <= "\udfff":
        return f"{code}, a lone surrogate (half of a UTF-16 pair, not a character)"
    if character in "\ufffe\uffff":
        return f"{code}, a non-character"
    return f"{code}, a control character"


def text_problem(text: str) -> str | None:
    """Why ``text`` is not allowed as free text, in words, or ``None`` when it is fine."""
    found = forbidden_characters(text)
    if not found:
        return None
    index, character = found[0]
    more = f" (and {len(found) - 1} more)" if len(found) > 1 else ""
    return (
        f"character {index + 1} is {describe_character(character)}{more}; "
        "text may hold tab and newline but no other control characters, "
        "lone surrogates, U+FFFE or U+FFFF"
    )


def _escape(character: str) -> str:
    code = ord(character)
    if code <= 0xFF:
        return f"\\x{code:02x}"
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def printable(text: str) -> str:
    """``text`` with every character that is not printable (Python's ``str.isprintable``,
    space excepted) written as a backslash escape: safe for a terminal, UTF-8 and XML."""
    if text.isprintable():
        return text
    return "".join(ch if ch == " " or ch.isprintable() else _escape(ch) for ch in text)


def pointer(path: Sequence[str | int]) -> str:
    """A JSON pointer (RFC 6901) for a path of keys and indexes.

    Keys are shown escaped (:func:`printable`), so a pointer prints safely whatever
    the key holds.
    """
    parts = [printable(str(p)).replace("~", "~0").replace("/", "~1") for p in path]
    return "/" + "/".join(parts) if parts else ""


def display_path(path: str | os.PathLike[str]) -> str:
    """A file name as it can be shown: undecodable bytes as ``\\xNN``, controls escaped."""
    name = os.fspath(path)
    try:
        raw = os.fsencode(name)
    except UnicodeEncodeError:  # a surrogate that no file system name decodes to
        return printable(name)
    return printable(raw.decode("utf-8", "backslashreplace"))


def choice_words(items: Sequence[str], last: str = "or") -> str:
    """``["a", "b", "c"]`` -> ``"a, b or c"`` (``last``: the word before the last item)."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


def plural(number: int, word: str, words: str | None = None) -> str:
    """A count and its noun, which agree: ``1 cell``, ``2 cells``, ``1,200 games``
    (``words`` for a plural not made with ``s``: ``difficulty``, ``difficulties``)."""
    return f"{number:,} {word if number == 1 else (words or word + 's')}"


def quote(value: object, limit: int = 40) -> str:
    """A JSON value as a message quotes it: JSON text, every non-printable character
    escaped, cut to ``limit`` characters."""
    if isinstance(value, int) and abs(value).bit_length() > _MAX_QUOTED_BITS:
        return "a whole number with thousands of digits"
    text = printable(json.dumps(value, ensure_ascii=False))
    return text if len(text) <= limit else text[: limit - 3] + "..."


__all__ = [
    "TEXT_PATTERN",
    "describe_character",
    "display_path",
    "forbidden_characters",
    "plural",
    "printable",
    "quote",
    "text_problem",
]
