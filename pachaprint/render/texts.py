"""Texts of every printed component, per language (``templates/reference/<lang>.json``)."""

from __future__ import annotations

from ..resources import load_template, templates_dir

LANGUAGES = ("en", "de", "it", "fr")


def texts(lang: str = "en") -> dict:
    """All printed words in ``lang`` (en, de, it, fr)."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r} (choose {', '.join(LANGUAGES)})")
    path = templates_dir() / "reference" / f"{lang}.json"
    if not path.exists():
        raise ValueError(f"no texts for {lang!r}: {path} is missing")
    return load_template(f"reference/{lang}.json")


def core_geometry() -> dict:
    """The parsed ``templates/core.json`` (sizes of the core components)."""
    return load_template("core.json")
