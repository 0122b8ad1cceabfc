"""Reading JSON text safely: bytes -> text -> a parsed value, or one ``json`` problem in words.

Whatever the input (empty, binary, huge, deeply nested, UTF-16, NUL bytes,
raw control characters, numbers of thousands of digits), these functions
return a problem naming what is wrong and where; they never raise for bad
content. Scenario files and game logs share them.
"""

from __future__ import annotations

import json
from typing import Any

from pachaprint.check.files import MAX_BYTES
from pachaprint.check.problems import Problem, Rule


class _JsonProblem(Exception):
    pass


class _Numbers:
    """``parse_int`` and ``parse_float`` for :func:`json.loads`: a number too long for
    Python's ``int`` (over 4,300 digits by default), or too large for a ``float``
    (``1e400``, which would read as infinity), is a ``json`` problem with its line and
    column."""

    def __init__(self, text: str):
        self.text = text
        self.search_from = 0

    def _where(self, literal: str) -> str:
        at = self.text.find(literal, self.search_from)
        if at >= 0:
            self.search_from = at + len(literal)
        return _position(self.text, at) if at >= 0 else ""

    def __call__(self, literal: str) -> int:
        try:
            value = int(literal)
        except ValueError:
            digits = len(literal.lstrip("-"))
            raise _JsonProblem(
                f"{self._where(literal)}a number with {digits:,} digits is too long to read"
            ) from None
        self._where(literal)
        return value

    def real(self, literal: str) -> float:
        value = float(literal)
        where = self._where(literal)
        if value in (float("inf"), float("-inf")):
            shown = literal if len(literal) <= 40 else literal[:37] + "..."
            raise _JsonProblem(f"{where}the number {shown} is too large to read (beyond 1.8e308)")
        return value


def _position(text: str, offset: int) -> str:
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return f"line {line} column {column}: "


def _reject_constant(name: str) -> Any:
    raise _JsonProblem(f"{name} is not allowed in JSON (write a number or a string)")


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for key, value in pairs:
        if key in data:
            raise _JsonProblem(f"the key {key!r} appears twice in one object")
        data[key] = value
    return data


_BYTE_ORDER_MARKS = (
    (b"\xff\xfe\x00\x00", "UTF-32 text (little-endian, with a byte-order mark)"),
    (b"\x00\x00\xfe\xff", "UTF-32 text (big-endian, with a byte-order mark)"),
    (b"\xff\xfe", "UTF-16 text (little-endian, with a byte-order mark)"),
    (b"\xfe\xff", "UTF-16 text (big-endian, with a byte-order mark)"),
)


def _wide_encoding(raw: bytes) -> str | None:
    """``UTF-16 text (little-endian)`` and the like for a file in a wide encoding, else ``None``.

    Without a byte-order mark, text whose first characters are ASCII has a zero
    in every other byte in UTF-16; UTF-8 text never starts that way.
    """
    for mark, words in _BYTE_ORDER_MARKS:
        if raw.startswith(mark):
            return words
    head = raw[: min(len(raw), 64) & ~1]
    if len(head) < 4:
        return None
    if not any(head[1::2]) and all(head[0::2]):
        return "UTF-16 text (little-endian)"
    if not any(head[0::2]) and all(head[1::2]):
        return "UTF-16 text (big-endian)"
    return None


def parse_bytes(raw: bytes) -> tuple[Any, list[Problem]]:
    """Decode and parse a scenario file's bytes. Returns ``(data, [])`` or ``(None, [json problem])``."""
    if len(raw) > MAX_BYTES:
        return None, [
            Problem(
                Rule.JSON,
                f"the file is {len(raw):,} bytes; a scenario file is at most {MAX_BYTES:,} bytes",
            )
        ]
    wide = _wide_encoding(raw)
    if wide is not None:
        return None, [
            Problem(Rule.JSON, f"the file is {wide}; pachaprint reads UTF-8: save it as UTF-8")
        ]
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        return None, [
            Problem(
                Rule.JSON,
                f"not UTF-8 text: byte 0x{raw[exc.start]:02x} at line {line} (offset {exc.start}) is invalid",
            )
        ]
    return parse_text(text)


def _decode_error(text: str, exc: json.JSONDecodeError) -> str:
    """The message for a JSON syntax error, with its line and column."""
    where = f"line {exc.lineno} column {exc.colno}: "
    if exc.msg == "Invalid control character at" and 0 <= exc.pos < len(text):
        code = f"U+{ord(text[exc.pos]):04X}"
        return (
            f"{where}a raw control character ({code}) inside a string; JSON needs it written"
            f" as an escape such as \\u{ord(text[exc.pos]):04x}"
        )
    return where + exc.msg


def parse_text(text: str) -> tuple[Any, list[Problem]]:
    """Parse JSON text (no BOM). NaN/Infinity and duplicate keys are ``json`` problems."""
    if not text.strip():
        return None, [Problem(Rule.JSON, "the file is empty; expected a JSON object")]
    nul = text.find("\x00")
    if nul >= 0:
        return None, [
            Problem(
                Rule.JSON,
                f"{_position(text, nul)}a NUL byte (U+0000); a JSON file is text and holds none",
            )
        ]
    numbers = _Numbers(text)
    try:
        data = json.loads(
            text,
            parse_constant=_reject_constant,
            object_pairs_hook=_no_duplicates,
            parse_int=numbers,
            parse_float=numbers.real,
        )
    except json.JSONDecodeError as exc:
        return None, [Problem(Rule.JSON, _decode_error(text, exc))]
    except _JsonProblem as exc:
        return None, [Problem(Rule.JSON, str(exc))]
    except RecursionError:
        return None, [
            Problem(
                Rule.JSON,
                "the JSON is nested too deeply to read (a scenario, a game log or a board is a few levels deep)",
            )
        ]
    return data, []
