"""Texts of every printed component, per language (``templates/reference/<lang>.json``)."""

from __future__ import annotations

from functools import cache
from typing import Any

from ..resources import LANGUAGES, load_template, templates_dir

__all__ = ["LANGUAGES", "core_geometry", "pawn_letter", "template", "texts", "wheel_texts"]


def template(relative: str) -> dict[str, Any]:
    """A JSON template that holds an object (typed for the callers)."""
    found: dict[str, Any] = load_template(relative)
    return found


def texts(lang: str = "en") -> dict[str, Any]:
    """All printed words in ``lang`` (en, de, it, fr, es)."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r} (choose {', '.join(LANGUAGES)})")
    path = templates_dir() / "reference" / f"{lang}.json"
    if not path.exists():
        raise ValueError(f"no texts for {lang!r}: {path} is missing")
    return template(f"reference/{lang}.json")


@cache
def wheel_texts(lang: str = "en") -> dict[str, Any]:
    """The wheel sheet's texts in one language (``templates/wheel/texts.json``)."""
    data = load_template("wheel/texts.json")
    if lang not in data or lang == "about":
        raise ValueError(f"unknown language {lang!r} (choose {', '.join(LANGUAGES)})")
    found: dict[str, Any] = data[lang]
    return found


def core_geometry() -> dict[str, Any]:
    """The parsed ``templates/core.json`` (sizes of the core components)."""
    return template("core.json")


def pawn_letter(colour: str, lang: str = "en") -> str:
    """The letter printed with a pawn colour, in ``lang`` (``templates/reference/<lang>.json``)."""
    return str(texts(lang)["pawn_letters"][colour])
