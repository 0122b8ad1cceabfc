"""Rewrite a scenario file's values, keeping the file readable.

``solve --write`` fills the crop layer with :func:`filled_text`; the studio
saves its edits with :func:`updated_text`. Both keep the key order and every
value they were not asked to change, and write one grid row per line.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pachaprint.check.load import parse_bytes
from pachaprint.model.board import Board
from pachaprint.model.scenario import crops_to_rows, dumps_scenario

KEY_ORDER = (
    "$schema",
    "format",
    "id",
    "name",
    "author",
    "size",
    "terrain",
    "crops",
    "start",
    "solo",
    "notes",
)
"""Where a key the file does not have yet goes (the order docs/formats/scenario.md gives)."""


def updated_text(raw: bytes | None, changes: Mapping[str, Any]) -> str:
    """The file's text with ``changes`` applied (``None`` removes a key).

    Keys already in the file keep their place; a new key goes after the last
    key that precedes it in :data:`KEY_ORDER`. ``raw`` ``None`` starts from an
    empty object. Raises ``ValueError`` when ``raw`` is not a JSON object.
    The output has one grid row per line (two-space indent) and a final newline.
    """
    data: dict[str, Any] = {}
    if raw is not None:
        parsed, problems = parse_bytes(raw)
        if problems:
            raise ValueError(problems[0].message)
        if not isinstance(parsed, dict):
            raise ValueError("the file does not hold a JSON object")
        data = parsed
    for key, value in changes.items():
        if value is None:
            data.pop(key, None)
        elif key in data:
            data[key] = value
        else:
            data = _inserted(data, key, value)
    return dumps_scenario(data)


def _inserted(data: dict[str, Any], key: str, value: Any) -> dict[str, Any]:
    rank = KEY_ORDER.index(key) if key in KEY_ORDER else len(KEY_ORDER)
    before = [k for k in data if k in KEY_ORDER and KEY_ORDER.index(k) < rank]
    if not before:
        return {key: value, **data} if rank < len(KEY_ORDER) else {**data, key: value}
    out: dict[str, Any] = {}
    for existing, old in data.items():
        out[existing] = old
        if existing == before[-1]:
            out[key] = value
    return out


def filled_text(raw: bytes, board: Board, solution: tuple[int, ...]) -> str:
    """The file's text with ``crops`` replaced by ``solution``.

    Key order and every other value are kept; the output has one grid row per
    line (two-space indent) and ends with a newline.
    """
    return updated_text(raw, {"crops": crops_to_rows(board, solution)})
