"""The JSON types of a scenario mapping the studio is sent or opens, checked before anything else.

The studio reads a scenario's fields itself (the size picks the board, the
grids are painted, the start cells are marked), so a field of the wrong JSON
type (``"size": ["tiny"]``) is not a rule problem to list but a malformed
request: the API answers 400 naming the field (:func:`shape_error`). Values
of the right type but wrong content (``"size": "huge"``, a short row) are the
checker's business and show as problems in the verdict.
"""

from __future__ import annotations

from typing import Any

_TEXT_KEYS = ("$schema", "format", "id", "name", "author", "notes")
_OPTIONAL = ("$schema", "author", "notes", "solo")
"""Keys for which ``null`` means "not given" (the page sends it for an emptied field)."""


def json_type(value: object) -> str:
    """``a list``, ``an object``, ``a number``... : how a message names a JSON value's type."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    return "an object"


def _list_of_text(data: dict[str, Any], key: str, what: str) -> tuple[str, str] | None:
    value = data[key]
    if not isinstance(value, list):
        return f"/{key}", f"{key} must be a list of {what}"
    for index, item in enumerate(value):
        if not isinstance(item, str):
            return f"/{key}/{index}", f"{key}/{index} must be text, not {json_type(item)}"
    return None


def shape_error(data: object) -> tuple[str, str] | None:
    """``(JSON pointer, message)`` for the first field of ``data`` whose JSON type is wrong.

    ``None`` when every field the studio reads has its type (missing keys are fine:
    the checker lists them). ``data`` itself must be an object (pointer ``""``).
    """
    if not isinstance(data, dict):
        return "", "must be a JSON object (a scenario mapping)"
    present = {
        key: value for key, value in data.items() if not (value is None and key in _OPTIONAL)
    }
    for key in _TEXT_KEYS:
        if key in present and not isinstance(present[key], str):
            return f"/{key}", f"{key} must be text, not {json_type(present[key])}"
    if "size" in present and not isinstance(present["size"], str):
        return "/size", f"size must be text (tiny or long), not {json_type(present['size'])}"
    for key, what in (
        ("terrain", "row strings"),
        ("crops", "row strings"),
        ("start", "cell names"),
    ):
        if key in present and (found := _list_of_text(present, key, what)) is not None:
            return found
    if "solo" in present:
        solo = present["solo"]
        if not isinstance(solo, dict):
            return "/solo", 'solo must be an object {"otoma": [cell names]}'
        if "otoma" in solo and (found := _list_of_text(solo, "otoma", "cell names")) is not None:
            return f"/solo{found[0]}", f"solo/{found[1]}"
    return None
