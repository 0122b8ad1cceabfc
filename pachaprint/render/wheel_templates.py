"""Wheel templates: the shipped ones by name, or a template file, checked before use.

A template is refused (:class:`~pachaprint.render.wheel_shapes.WheelTemplateError`)
when its geometry could show a neighbouring cell, miss its own, or leave a
window uncovered by its shutter (:mod:`pachaprint.render.shutters`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

from pachaprint.resources import load_template

from .shutters import shutter_problems
from .wheel import AnyWheel, SectorWheel, SlotWheel
from .wheel_shapes import WheelTemplateError

TEMPLATES = ("retail", "volvelle45")
"""The wheel templates that ship with pachaprint."""


def wheel_from_data(raw: dict[str, Any]) -> AnyWheel:
    """Build a wheel from template data; :class:`WheelTemplateError` if it cannot work."""
    try:
        kind = raw["kind"]
        if kind == "sectors":
            wheel: AnyWheel = SectorWheel(raw)
        elif kind == "slots":
            wheel = SlotWheel(raw)
        else:
            raise WheelTemplateError(f"kind must be 'sectors' or 'slots', not {kind!r}")
    except (KeyError, TypeError) as exc:
        raise WheelTemplateError(f"wheel template is missing or mistypes {exc}") from None
    problems = wheel.problems() + shutter_problems(wheel)
    if problems:
        raise WheelTemplateError("; ".join(problems))
    return wheel


@cache
def load_wheel(name: str) -> AnyWheel:
    """A shipped template by name (``retail``, ``volvelle45``) or a template file path."""
    if name in TEMPLATES:
        return wheel_from_data(load_template(f"wheel/{name}.json"))
    path = Path(name)
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise WheelTemplateError(f"{name}: cannot read wheel template ({exc})") from None
    return wheel_from_data(raw)


def wheel_names(choice: str | Sequence[str]) -> list[str]:
    """``"both"`` -> both shipped templates; a name or path -> ``[it]``; a sequence -> its items, in order."""
    if isinstance(choice, str):
        return list(TEMPLATES) if choice == "both" else [choice]
    names: list[str] = []
    for item in choice:
        for name in wheel_names(item):
            if name not in names:
                names.append(name)
    if not names:
        raise ValueError("no wheel template chosen")
    return names
