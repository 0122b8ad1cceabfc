"""Wheel templates: the shipped ones by name, or a template file, checked before use.

A template file is user input, like a scenario: it is read as strict JSON,
checked against ``schemas/wheel-template.schema.json`` (shape and ranges:
every size positive and small enough for the page), and then its geometry is
proved (:meth:`~pachaprint.render.wheel.Wheel.problems`, the shutters in
:mod:`pachaprint.render.shutters`, and the pieces' fit on A4 and Letter). Any
failure is a :class:`~pachaprint.render.wheel.WheelTemplateError`
whose message names the file and, for a shape problem, the JSON pointer.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pachaprint.model.text import pointer, printable, quote
from pachaprint.resources import load_template, schemas_dir, shipped_wheels

from . import sheets
from .shutters import shutter_problems
from .wheel import Wheel, WheelTemplateError
from .wheel_sectors import SectorWheel
from .wheel_sheet_layout import MARK_REACH_MM, cover_sheet_places
from .wheel_slots import SlotWheel

if TYPE_CHECKING:
    import jsonschema

KINDS: dict[str, type[SectorWheel] | type[SlotWheel]] = {"sectors": SectorWheel, "slots": SlotWheel}
"""The template ``kind`` of each wheel class: a template of a kind named here is a file in
``templates/wheel/``, nothing more."""

MAX_BYTES = 1_000_000
"""A template file is a few kilobytes; anything larger is refused unread."""


@cache
def schema() -> dict[str, Any]:
    """The wheel template's JSON Schema."""
    found: dict[str, Any] = json.loads(
        (schemas_dir() / "wheel-template.schema.json").read_text(encoding="utf-8")
    )
    return found


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for key, value in pairs:
        if key in data:
            raise ValueError(f"the key {quote(key)} appears twice in one object")
        data[key] = value
    return data


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not allowed in JSON (write a number)")


def _whole(literal: str) -> int:
    if len(literal) > 100:
        raise ValueError(f"a number with {len(literal):,} digits is too long for a template")
    return int(literal)


def _finite(literal: str) -> float:
    value = float(literal)
    if value in (float("inf"), float("-inf")):
        shown = literal if len(literal) <= 40 else literal[:37] + "..."
        raise ValueError(f"the number {shown} is too large to read (beyond 1.8e308)")
    return value


def parse(raw: bytes) -> Any:
    """Strict JSON: UTF-8 (a byte-order mark allowed), no NaN, no duplicate keys."""
    if len(raw) > MAX_BYTES:
        raise ValueError(f"the file is {len(raw):,} bytes; a template is at most {MAX_BYTES:,}")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ValueError(f"not UTF-8 text (byte {exc.start} is invalid)") from None
    try:
        return json.loads(
            text,
            object_pairs_hook=_no_duplicates,
            parse_constant=_no_constant,
            parse_int=_whole,
            parse_float=_finite,
        )
    except json.JSONDecodeError as exc:
        raise ValueError(f"line {exc.lineno} column {exc.colno}: {exc.msg}") from None
    except RecursionError:
        raise ValueError("the JSON is nested too deeply to be a template") from None


_WORDS = {
    "object": "an object",
    "array": "an array",
    "string": "a string",
    "number": "a number",
    "integer": "a whole number",
}


def _said(key: str, arg: Any, value: Any) -> str | None:
    """A schema keyword's complaint about ``value`` in our words (``None``: no wording)."""
    if key == "type":
        return f"must be {_WORDS.get(str(arg), str(arg))}, not {quote(value)}"
    bounds = {
        "minimum": "too small (at least",
        "exclusiveMinimum": "too small (more than",
        "maximum": "too large (at most",
        "exclusiveMaximum": "too large (less than",
    }
    if key in bounds:
        return f"{quote(value)} is {bounds[key]} {arg:g})"
    if key in ("const", "enum"):
        allowed = [arg] if key == "const" else arg
        return f"must be {' or '.join(json.dumps(a) for a in allowed)}, not {quote(value)}"
    if key == "pattern":
        return f"{quote(value)} does not match {arg}"
    if key in ("minItems", "maxItems"):
        return f"must list {arg} items, not {len(value)}"
    if key == "maxLength":
        return f"is longer than {arg} characters"
    if key == "not":
        return "has a section that belongs to the other kind of wheel"
    return None


def _message(error: jsonschema.ValidationError) -> list[str]:
    """``/pointer: message`` lines for one jsonschema error, in our words."""
    path = list(error.absolute_path)
    where = pointer(path)
    key, arg, value = str(error.validator), error.validator_value, error.instance
    arg = arg if isinstance(arg, (list, str, int, float, bool, dict)) else None
    if key == "required":
        return [
            f"{pointer([*path, k])}: the required key {k!r} is missing"
            for k in (arg if isinstance(arg, list) else [])
            if isinstance(value, dict) and k not in value
        ]
    if key == "additionalProperties":
        known = error.schema.get("properties", {}) if isinstance(error.schema, dict) else {}
        return [
            f"{pointer([*path, k])}: unknown key (allowed here: {', '.join(sorted(known))})"
            for k in (value if isinstance(value, dict) else {})
            if k not in known
        ]
    text = _said(key, arg, value) or printable(str(error.message))[:200]
    return [f"{where or '(top level)'}: {text}"]


def schema_problems(data: Any) -> list[str]:
    """Every JSON Schema violation of template ``data``, each with its JSON pointer."""
    import jsonschema

    validator = jsonschema.Draft202012Validator(schema())
    found = {line for error in validator.iter_errors(data) for line in _message(error)}
    return sorted(found)


def _paper_problems(wheel: Wheel) -> list[str]:
    """Pieces that would not fit a page of A4 or Letter."""
    found = []
    disc = 2 * (wheel.disc_radius + wheel.disc_bleed)
    for key in sheets.geometry()["papers"]:
        area = sheets.marked_area(sheets.paper(key), MARK_REACH_MM)
        if disc > min(area.w, area.h):
            found.append(f"the disc ({disc:.0f} mm with its bleed) does not fit a {key} page")
        try:
            cover_sheet_places(wheel, key)
        except WheelTemplateError as exc:
            found.append(str(exc))
    return found


def wheel_from_data(raw: Any, source: str = "wheel template") -> Wheel:
    """Build a wheel from template data; :class:`WheelTemplateError` if it cannot work."""
    problems = schema_problems(raw)
    if problems:
        raise WheelTemplateError(f"{source}: " + "; ".join(problems))
    try:
        wheel = KINDS[raw["kind"]](raw)
        problems = wheel.problems() + shutter_problems(wheel)
        if not problems:
            problems = _paper_problems(wheel)
    except (KeyError, TypeError, ValueError, ArithmeticError) as exc:
        if isinstance(exc, WheelTemplateError):
            raise WheelTemplateError(f"{source}: {exc}") from None
        raise WheelTemplateError(f"{source}: the geometry does not work ({exc})") from None
    if problems:
        raise WheelTemplateError(f"{source}: " + "; ".join(problems))
    return wheel


def read_wheel(path: str | Path) -> Wheel:
    """A template file read, checked and built (not cached: see :func:`load_wheel`)."""
    source = printable(str(path))
    try:
        raw = parse(Path(path).read_bytes())
    except OSError as exc:
        raise WheelTemplateError(f"{source}: cannot read ({exc.strerror or exc})") from None
    except ValueError as exc:
        raise WheelTemplateError(f"{source}: not a JSON wheel template: {exc}") from None
    return wheel_from_data(raw, source)


@cache
def load_wheel(name: str) -> Wheel:
    """A shipped template by name (:func:`~pachaprint.resources.shipped_wheels`) or a
    template file path."""
    if name in shipped_wheels():
        return wheel_from_data(load_template(f"wheel/{name}.json"), f"templates/wheel/{name}.json")
    return read_wheel(name)


def resolve(wheel: Wheel | str) -> Wheel:
    """A loaded wheel as it is, or a template name or path loaded."""
    return load_wheel(wheel) if isinstance(wheel, str) else wheel


def wheel_names(choice: str | Sequence[str]) -> list[str]:
    """``"both"`` -> every shipped template; a name or path -> ``[it]``; a sequence -> its
    items, in order."""
    if isinstance(choice, str):
        return list(shipped_wheels()) if choice == "both" else [choice]
    names: list[str] = []
    for item in choice:
        for name in wheel_names(item):
            if name not in names:
                names.append(name)
    if not names:
        raise ValueError("no wheel template chosen")
    return names
