"""Locate the data shipped with the package: the JSON Schema and the templates.

In a source checkout they are the repository's ``schemas/`` and ``templates/``
folders; an installed package carries them as ``pachaprint.schemas`` and
``pachaprint.templates`` (see ``pyproject.toml``).
"""

from __future__ import annotations

import importlib
import json
from functools import cache
from pathlib import Path
from typing import Any

_REPO = Path(__file__).resolve().parent.parent

LANGUAGES = ("en", "de", "it", "fr", "es")
"""Every language of the printed words and the digital wheel: the one list (``--lang``
offers these). A language needs its texts in ``templates/reference/<lang>.json`` and
a section of its own in every template that holds words per language
(``templates/wheel/texts.json``, ``templates/webwheel/text.json``); a test finds
those templates and checks each has every key English has. CONTRIBUTING.md says how
to add one."""


def _folder(name: str) -> Path:
    local = _REPO / name
    if local.is_dir() and (local / ".pachaprint-data").exists():
        return local
    # The data folders are packages (they hold an __init__.py), so their
    # __path__ is a real folder in an ordinary and in an editable install alike;
    # importlib.resources would cost a few milliseconds of start-up.
    return Path(importlib.import_module(f"pachaprint.{name}").__path__[0])


def templates_dir() -> Path:
    """The folder of template data (geometry, colours, texts, symbols)."""
    return _folder("templates")


def schemas_dir() -> Path:
    return _folder("schemas")


def schema_reference(folder: str | Path) -> str | None:
    """The ``$schema`` of a scenario file kept in ``folder``: the path from there to this
    install's ``scenario.schema.json``, with forward slashes (an editor resolves it
    against the file's folder); ``None`` where no relative path leads there (another
    drive)."""
    import os

    target = (schemas_dir() / "scenario.schema.json").resolve()
    try:
        return Path(os.path.relpath(target, Path(folder).resolve())).as_posix()
    except ValueError:
        return None


def with_schema_reference(data: dict[str, Any], folder: str | Path | None) -> dict[str, Any]:
    """``data`` with ``$schema`` first, pointing at the schema from ``folder`` (see
    :func:`schema_reference`), or without ``$schema`` where the folder is unknown
    (``None``: the text goes to standard output) or no path leads there."""
    rest = {key: value for key, value in data.items() if key != "$schema"}
    reference = schema_reference(folder) if folder is not None else None
    return {"$schema": reference, **rest} if reference else rest


@cache
def load_template(relative: str) -> Any:
    """Parse a JSON template such as ``"wheel/retail.json"``."""
    return json.loads((templates_dir() / relative).read_text(encoding="utf-8"))


@cache
def shipped_wheels() -> tuple[str, ...]:
    """The wheel templates that ship with pachaprint, by name: every file of
    ``templates/wheel/`` that describes a wheel (it has a ``kind``), named by its file.

    Adding a template of a kind that exists is adding its file; the other files there
    (layout, texts) are no templates.
    """
    return tuple(
        sorted(
            path.stem
            for path in (templates_dir() / "wheel").glob("*.json")
            if "kind" in load_template(f"wheel/{path.name}")
        )
    )
